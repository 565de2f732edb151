//! The Connections area: the connections in the sidebar (with "Add connection"), and the
//! chosen one's page — its settings, Edit, Duplicate, Test, Remove, and its sync.

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import { toAppError, useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { ConnectionTest } from "../../bindings/ConnectionTest";
import type { ConnectionView } from "../../bindings/ConnectionView";
import { ErrorView } from "../../ui/ErrorView";
import { Confirmation, KEEP } from "../../ui/Confirmation";
import { ConnectionFormView } from "./ConnectionFormView";
import { useActiveConnection, useConnections, useSettings } from "./queries";
import { SyncPanel } from "./SyncPanel";
import { useSyncRun, useSyncRuns } from "./SyncRunsContext";
import { connectionKeys } from "./syncRuns";
import { TestResultView } from "./TestResultView";
import "./connections.css";

type Mode = { kind: "view" } | { kind: "add" } | { kind: "edit"; connection: ConnectionView };

const KIND: Record<string, string> = { builtIn: "Built-in", connection: "Server", import: "Imported files" };

export function ConnectionsArea() {
  const connections = useConnections();
  const active = useActiveConnection();
  const [chosen, setChosen] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>({ kind: "view" });
  const list = connections.data?.connections ?? [];
  const current = list.find((c) => c.name === (chosen ?? active)) ?? list[0] ?? null;
  const queryClient = useQueryClient();
  const saved = (name: string) => {
    void queryClient.invalidateQueries({ queryKey: connectionKeys.list() });
    setChosen(name);
    setMode({ kind: "view" });
  };
  return (
    <>
      <aside className="pane sidebar-pane connections-sidebar" aria-label="Connection list">
        <div className="sidebar-head">
          <h2>Connections</h2>
          <button
            type="button"
            aria-label="Add connection"
            title="Add connection"
            onClick={() => setMode({ kind: "add" })}
          >
            + Add
          </button>
        </div>
        {connections.data?.keyringProblem && (
          <div className="keyring-problem">
            <ErrorView error={connections.data.keyringProblem} />
          </div>
        )}
        <ul className="connection-list" role="listbox" aria-label="Connections">
          {list.map((c) => (
            <li
              key={c.name}
              role="option"
              tabIndex={0}
              aria-selected={current?.name === c.name}
              onClick={() => {
                setChosen(c.name);
                setMode({ kind: "view" });
              }}
              onKeyDown={(e) => {
                if (e.key === "Enter" || e.key === " ") {
                  e.preventDefault();
                  setChosen(c.name);
                  setMode({ kind: "view" });
                }
              }}
            >
              <span className="connection-name">{c.name}</span>
              <span className="muted connection-meta">
                {KIND[c.kind] ?? c.kind}
                {c.name === active ? " · active" : ""}
              </span>
            </li>
          ))}
        </ul>
        {list.length === 0 && !connections.isPending && (
          <p className="empty">
            No connection yet. “Add connection” points Cairn at your provider; the built-in sandbox is set up at first
            launch.
          </p>
        )}
      </aside>
      <main className="pane main-pane connection-page" aria-label="Connection">
        {mode.kind === "add" && (
          <ConnectionFormView editing={null} onSaved={saved} onCancel={() => setMode({ kind: "view" })} />
        )}
        {mode.kind === "edit" && (
          <ConnectionFormView
            key={mode.connection.name}
            editing={mode.connection}
            onSaved={saved}
            onCancel={() => setMode({ kind: "view" })}
          />
        )}
        {mode.kind === "view" && current && (
          <ConnectionPage
            key={current.name}
            connection={current}
            active={current.name === active}
            onEdit={() => setMode({ kind: "edit", connection: current })}
            onGone={() => setChosen(null)}
            onCopied={saved}
          />
        )}
        {mode.kind === "view" && !current && !connections.isPending && (
          <div className="empty-state">
            <h2>No connection yet</h2>
            <p>Add your provider's base URL and client credentials to sync its frameworks and rosters.</p>
            <button type="button" className="primary" onClick={() => setMode({ kind: "add" })}>
              Add connection
            </button>
          </div>
        )}
      </main>
    </>
  );
}

function ConnectionPage({
  connection,
  active,
  onEdit,
  onGone,
  onCopied,
}: {
  connection: ConnectionView;
  active: boolean;
  onEdit: () => void;
  onGone: () => void;
  onCopied: (name: string) => void;
}) {
  const backend = useBackend();
  const runs = useSyncRuns();
  const run = useSyncRun(connection.name);
  const queryClient = useQueryClient();
  const settings = useSettings().data;
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const [testing, setTesting] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const builtIn = connection.kind === "builtIn";
  const canSync = connection.saved;

  const act = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(toAppError(e));
    }
  };
  const runTest = () =>
    act(async () => {
      setTesting(true);
      setTest(null);
      try {
        const result = await backend.connectionTest(connection.name);
        setTest(result);
        runs.noteReached(connection.name, result.tokenError?.code !== "offline");
      } finally {
        setTesting(false);
      }
    });
  const duplicate = () =>
    act(async () => {
      const copy = `${connection.name} (copy)`;
      await backend.connectionDuplicate(connection.name, copy);
      onCopied(copy);
    });
  const remove = (discardUnsent = false) =>
    act(async () => {
      await backend.connectionRemove(connection.name, discardUnsent);
      runs.forget(connection.name);
      await queryClient.invalidateQueries({ queryKey: connectionKeys.list() });
      onGone();
    });
  const makeActive = () =>
    act(async () => {
      if (!settings) return;
      await backend.settingsSave({ ...settings, activeConnection: connection.name });
      await queryClient.invalidateQueries({ queryKey: connectionKeys.settings() });
    });

  return (
    <div className="connection-detail">
      <header className="connection-header">
        <div>
          <h2>{connection.name}</h2>
          <p className="muted">
            {connection.baseUrl}
            {run?.offline && <span className="badge offline"> Offline</span>}
          </p>
        </div>
        <div className="connection-actions">
          {!active && canSync && (
            <button type="button" onClick={() => void makeActive()}>
              Make active
            </button>
          )}
          {canSync && (
            <button type="button" onClick={() => void runTest()} disabled={testing}>
              {testing ? "Testing…" : "Test"}
            </button>
          )}
          {!builtIn && (
            <button type="button" onClick={onEdit}>
              {connection.saved ? "Edit" : "Save settings"}
            </button>
          )}
          {!builtIn && connection.saved && (
            <button type="button" onClick={() => void duplicate()}>
              Duplicate
            </button>
          )}
          <button type="button" onClick={() => setConfirmRemove(true)}>
            Remove
          </button>
        </div>
      </header>
      {confirmRemove && (
        <Confirmation
          className="confirm"
          label="Remove the connection"
          initial={KEEP}
          onCancel={() => {
            setConfirmRemove(false);
            setError(null);
          }}
        >
          <p>
            Remove “{connection.name}”, every record cached for it
            {connection.saved && !builtIn ? " and its secret in the OS keyring" : ""}?
          </p>
          {error?.code === "unsent" ? (
            // Refused: the error below says how many unsent changes would go; only now may they.
            <button type="button" className="danger" onClick={() => void remove(true)}>
              Discard the unsent changes and remove
            </button>
          ) : (
            <button type="button" className="danger" onClick={() => void remove()}>
              Remove
            </button>
          )}
          <button
            type="button"
            onClick={() => {
              setConfirmRemove(false);
              setError(null);
            }}
          >
            Keep it
          </button>
        </Confirmation>
      )}
      {error && <ErrorView error={error} />}
      <dl className="connection-settings">
        {connection.saved ? (
          <>
            <dt>Authentication</dt>
            <dd>
              {builtIn
                ? "Credentials the app makes itself and keeps in memory"
                : connection.anonymous
                  ? "None (public)"
                  : `Client ${connection.clientId}; secret ${connection.secretStored === true ? "in the OS keyring" : connection.secretStored === false ? "missing from the OS keyring — edit to enter it again" : "in the OS keyring (not reachable now)"}`}
            </dd>
            {!connection.anonymous && !builtIn && (
              <>
                <dt>Token URL</dt>
                <dd>{connection.tokenUrl ?? `${connection.baseUrl}/token`}</dd>
                <dt>Scopes</dt>
                <dd>{connection.scopes.length > 0 ? connection.scopes.join(" ") : "The read-only scopes of a sync"}</dd>
              </>
            )}
            <dt>Dialect</dt>
            <dd>
              {connection.dialect}
              {Object.entries(connection.basePaths)
                .filter(([, path]) => path)
                .map(([service, path]) => (
                  <span key={service} className="muted">
                    {" "}
                    · {service} at {path}
                  </span>
                ))}
            </dd>
            {connection.caCert && (
              <>
                <dt>CA certificate</dt>
                <dd>{connection.caCert}</dd>
              </>
            )}
          </>
        ) : (
          <>
            <dt>Source</dt>
            <dd>
              {connection.kind === "import"
                ? "Files imported by hand"
                : "Synced from the command line without saved settings"}
            </dd>
          </>
        )}
      </dl>
      {testing && <p role="status">Asking for a token and one record of each service…</p>}
      {test && <TestResultView test={test} />}
      {canSync ? <SyncPanel name={connection.name} /> : null}
    </div>
  );
}
