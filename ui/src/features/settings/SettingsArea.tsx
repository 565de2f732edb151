//! The Settings area: pages and timeouts of syncs, retries, the built-in sandbox's scale, the
//! theme and zoom, whether / searches, resetting the cache, and the keyboard shortcuts. Saved in the cache's database.

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";

import { toAppError, useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { AppSettings } from "../../bindings/AppSettings";
import type { SandboxScale } from "../../bindings/SandboxScale";
import type { Theme } from "../../bindings/Theme";
import { Confirmation, KEEP } from "../../ui/Confirmation";
import { ErrorView } from "../../ui/ErrorView";
import { SHORTCUTS } from "../../app/shortcuts";
import { ZOOM_STEPS } from "../../app/zoom";
import { useSettings } from "../connections/queries";
import { AboutSection } from "./AboutSection";
import { connectionKeys } from "../connections/syncRuns";
import "../connections/connections.css";

type NumberKey = "pageSize" | "concurrentPages" | "timeoutSeconds" | "retryAttempts" | "retryMaxDelaySeconds";

const NUMBERS: Array<[NumberKey, string, number, number, string]> = [
  ["pageSize", "Records per page", 1, 10000, "How many records each request of a sync asks for."],
  ["concurrentPages", "Pages at once", 1, 32, "Pages fetched together when the server says how many there are."],
  ["timeoutSeconds", "Request timeout (s)", 1, 3600, "How long one request may take, answer included."],
  ["retryAttempts", "Attempts per request", 1, 20, "1 never retries; retries wait longer each time."],
  [
    "retryMaxDelaySeconds",
    "Longest wait between attempts (s)",
    0,
    600,
    "A server asking for a longer wait ends the retries.",
  ],
];

export function SettingsArea() {
  const settings = useSettings();
  return (
    <main className="pane main-pane settings-page" aria-label="Settings">
      <h2>Settings</h2>
      {settings.error && <ErrorView error={toAppError(settings.error)} />}
      {settings.data && <SettingsForm saved={settings.data} />}
      <ResetCache />
      <section aria-label="Keyboard shortcuts">
        <h3>Keyboard shortcuts</h3>
        <ShortcutTable />
      </section>
      <AboutSection />
    </main>
  );
}

/** Every shortcut, as F1 shows them too. */
export function ShortcutTable() {
  return (
    <table className="shortcuts">
      <tbody>
        {SHORTCUTS.map(([keys, what]) => (
          <tr key={keys}>
            <th scope="row">
              <kbd>{keys}</kbd>
            </th>
            <td>{what}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SettingsForm({ saved }: { saved: AppSettings }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(saved);
  const [error, setError] = useState<AppError | null>(null);
  const [done, setDone] = useState(false);
  useEffect(() => setDraft(saved), [saved]);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(false);
    try {
      await backend.settingsSave(draft);
      await queryClient.invalidateQueries({ queryKey: connectionKeys.settings() });
      setDone(true);
    } catch (e) {
      setError(toAppError(e));
    }
  };
  return (
    <form className="settings-form" aria-label="App settings" onSubmit={(e) => void save(e)}>
      <h3>Sync</h3>
      {NUMBERS.map(([key, label, min, max, hint]) => (
        <div className="form-row" key={key}>
          <label htmlFor={`setting-${key}`}>{label}</label>
          <div className="form-input">
            <input
              id={`setting-${key}`}
              type="number"
              min={min}
              max={max}
              value={draft[key]}
              onChange={(e) => setDraft({ ...draft, [key]: Number(e.target.value) })}
            />
            <p className="form-hint">{hint}</p>
          </div>
        </div>
      ))}
      <h3>Built-in sandbox</h3>
      <div className="form-row">
        <label htmlFor="setting-sandboxScale">Demo data</label>
        <div className="form-input">
          <select
            id="setting-sandboxScale"
            value={draft.sandboxScale}
            onChange={(e) => setDraft({ ...draft, sandboxScale: e.target.value as SandboxScale })}
          >
            <option value="small">Small: one district of 3 schools</option>
            <option value="district">District: 19 schools, 25,000 users</option>
            <option value="state">State: 4 districts, 100,000 users</option>
          </select>
          <p className="form-hint">Made anew when the built-in sandbox next syncs (Ctrl+R on it).</p>
        </div>
      </div>
      <h3>Appearance</h3>
      <div className="form-row">
        <label htmlFor="setting-theme">Theme</label>
        <div className="form-input">
          <select
            id="setting-theme"
            aria-describedby="setting-theme-hint"
            value={draft.theme}
            onChange={(e) => setDraft({ ...draft, theme: e.target.value as Theme })}
          >
            <option value="system">Follow the system</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
            <option value="high-contrast">High contrast</option>
          </select>
          <p className="form-hint" id="setting-theme-hint">
            Following the system, the window is high contrast when the system asks for more contrast or forces its
            colours.
          </p>
        </div>
      </div>
      <div className="form-row">
        <label htmlFor="setting-zoom">Zoom</label>
        <div className="form-input">
          <select
            id="setting-zoom"
            value={draft.zoom}
            onChange={(e) => setDraft({ ...draft, zoom: Number(e.target.value) })}
          >
            {ZOOM_STEPS.map((step) => (
              <option key={step} value={step}>
                {step}%
              </option>
            ))}
          </select>
          <p className="form-hint">Ctrl+= and Ctrl+- step it from anywhere, Ctrl+0 goes back to 100%.</p>
        </div>
      </div>
      <h3>Keyboard</h3>
      <div className="form-row">
        <span />
        <div className="form-input">
          <label className="check">
            <input
              id="setting-slashFocusesSearch"
              type="checkbox"
              aria-describedby="setting-slashFocusesSearch-hint"
              checked={draft.slashFocusesSearch}
              onChange={(e) => setDraft({ ...draft, slashFocusesSearch: e.target.checked })}
            />
            / searches
          </label>
          <p className="form-hint" id="setting-slashFocusesSearch-hint">
            Outside a text field, / moves to the search box. Turn it off if you type or dictate / by accident; Ctrl+K
            still searches.
          </p>
        </div>
      </div>
      {error && <ErrorView error={error} />}
      <div className="form-actions">
        <button type="submit" className="primary">
          Save settings
        </button>
        <button type="button" onClick={() => setDraft(saved)}>
          Undo changes
        </button>
        <span role="status">{done ? "Saved." : ""}</span>
      </div>
    </form>
  );
}

function ResetCache() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [done, setDone] = useState(false);
  const reset = async (discardUnsent = false) => {
    setError(null);
    try {
      await backend.resetCache(discardUnsent);
      setAsking(false);
      setDone(true);
      await queryClient.invalidateQueries();
    } catch (e) {
      setError(toAppError(e));
    }
  };
  return (
    <section aria-label="Reset the cache" className="reset-cache">
      <h3>Cache</h3>
      <p>
        Resetting empties every cached record and sync history. Saved connections, their secrets and these settings
        stay; imported files go.
      </p>
      {asking ? (
        <Confirmation
          label="Reset the cache?"
          className="confirm"
          initial={KEEP}
          onCancel={() => {
            setAsking(false);
            setError(null);
          }}
        >
          <p>Empty the cache now? Syncing brings the data back.</p>
          {error?.code === "unsent" ? (
            // Refused: the error below says how many unsent changes would go; only now may they.
            <button type="button" className="danger" onClick={() => void reset(true)}>
              Discard the unsent changes and empty the cache
            </button>
          ) : (
            <button type="button" className="danger" onClick={() => void reset()}>
              Empty the cache
            </button>
          )}
          <button
            type="button"
            onClick={() => {
              setAsking(false);
              setError(null);
            }}
          >
            Keep it
          </button>
        </Confirmation>
      ) : (
        <button type="button" onClick={() => setAsking(true)}>
          Reset the cache…
        </button>
      )}
      <span role="status">{done ? "The cache is empty. Sync a connection to fill it again." : ""}</span>
      {error && <ErrorView error={error} />}
    </section>
  );
}
