//! The connection form: add or edit. The client secret is a password field whose value goes to
//! the backend once, on save, into the OS keyring; the window never receives it back (editing
//! shows an empty field: leave it empty to keep the stored secret). "Test" tries the form as
//! typed before anything is saved.

import { useState, type FormEvent } from "react";

import { toAppError, useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { ConnectionForm } from "../../bindings/ConnectionForm";
import type { ConnectionTest } from "../../bindings/ConnectionTest";
import type { ConnectionView } from "../../bindings/ConnectionView";
import type { DialectName } from "../../bindings/DialectName";
import type { ServicePaths } from "../../bindings/ServicePaths";
import { ErrorView } from "../../ui/ErrorView";
import { TestResultView } from "./TestResultView";

const SERVICES: Array<[keyof ServicePaths, string]> = [
  ["competency", "CASE (competency)"],
  ["rostering", "Rostering"],
  ["gradebook", "Gradebook"],
  ["resources", "Resources"],
];

/** The form's fields, from a saved connection or empty. */
function initial(from: ConnectionView | null, copy: boolean): ConnectionForm {
  return {
    name: from ? (copy ? `${from.name} (copy)` : from.name) : "",
    baseUrl: from?.baseUrl ?? "https://",
    tokenUrl: from?.tokenUrl ?? "",
    clientId: from?.clientId ?? "",
    clientSecret: "",
    scopes: from?.scopes ?? [],
    dialect: from?.dialect ?? "spec",
    basePaths: from?.basePaths ?? { competency: null, rostering: null, gradebook: null, resources: null },
    caCert: from?.caCert ?? "",
    anonymous: from?.anonymous ?? false,
  };
}

/** Add (`editing` null) or edit a connection; `onSaved` gets the saved name. */
export function ConnectionFormView({
  editing,
  onSaved,
  onCancel,
}: {
  editing: ConnectionView | null;
  onSaved: (name: string) => void;
  onCancel: () => void;
}) {
  const backend = useBackend();
  const [form, setForm] = useState<ConnectionForm>(() => initial(editing, false));
  const [scopesText, setScopesText] = useState(() => (editing?.scopes ?? []).join(" "));
  const [error, setError] = useState<AppError | null>(null);
  const [saving, setSaving] = useState(false);
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const [testing, setTesting] = useState(false);
  const [showPaths, setShowPaths] = useState(() => SERVICES.some(([key]) => Boolean(editing?.basePaths[key])));
  const set = <K extends keyof ConnectionForm>(key: K, value: ConnectionForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  // The certificate's file as shown; the form sends the grant of a newly chosen one, or the
  // saved path (kept as it is), never a typed path.
  const [certificate, setCertificate] = useState(() => editing?.caCert ?? "");

  const typed = (): ConnectionForm => ({ ...form, scopes: scopesText.split(/[\s,]+/).filter(Boolean) });

  const runTest = async () => {
    setTesting(true);
    setTest(null);
    setError(null);
    try {
      setTest(await backend.connectionTestForm(typed(), editing?.name ?? null));
    } catch (e) {
      setError(toAppError(e));
    } finally {
      setTesting(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    const sent = typed();
    try {
      await backend.connectionSave(sent, editing?.name ?? null);
      // The secret leaves the window's memory as soon as it was handed over.
      setForm((f) => ({ ...f, clientSecret: "" }));
      onSaved(sent.name.trim());
    } catch (e) {
      setForm((f) => ({ ...f, clientSecret: "" }));
      setError(toAppError(e));
    } finally {
      setSaving(false);
    }
  };

  const chooseCertificate = async () => {
    try {
      const chosen = (await backend.chooseOpen("certificate"))?.[0];
      if (chosen) {
        set("caCert", chosen.grant);
        setCertificate(chosen.path);
      }
    } catch (e) {
      setError(toAppError(e));
    }
  };

  const field = (id: keyof ConnectionForm, label: string, input: React.ReactNode, hint?: string) => (
    <div className="form-row">
      <label htmlFor={`connection-${id}`}>{label}</label>
      <div className="form-input">
        {input}
        {hint && <p className="form-hint">{hint}</p>}
      </div>
    </div>
  );

  return (
    <form
      className="connection-form"
      aria-label={editing ? `Edit ${editing.name}` : "Add a connection"}
      onSubmit={(e) => void submit(e)}
    >
      <h2>{editing ? `Edit ${editing.name}` : "Add a connection"}</h2>
      {field(
        "name",
        "Name",
        <input id="connection-name" required value={form.name} onChange={(e) => set("name", e.target.value)} />,
      )}
      {field(
        "baseUrl",
        "Base URL",
        <input
          id="connection-baseUrl"
          required
          value={form.baseUrl}
          onChange={(e) => set("baseUrl", e.target.value)}
        />,
        "https://host[:port][/prefix] — plain http only to this machine.",
      )}
      <div className="form-row">
        <span />
        <label className="check">
          <input type="checkbox" checked={form.anonymous} onChange={(e) => set("anonymous", e.target.checked)} /> No
          authentication (public frameworks)
        </label>
      </div>
      {!form.anonymous && (
        <>
          {field(
            "tokenUrl",
            "Token URL",
            <input
              id="connection-tokenUrl"
              value={form.tokenUrl ?? ""}
              placeholder={`${form.baseUrl.replace(/\/$/, "")}/token`}
              onChange={(e) => set("tokenUrl", e.target.value)}
            />,
          )}
          {field(
            "clientId",
            "Client id",
            <input
              id="connection-clientId"
              value={form.clientId}
              autoComplete="off"
              onChange={(e) => set("clientId", e.target.value)}
            />,
          )}
          {field(
            "clientSecret",
            "Client secret",
            <input
              id="connection-clientSecret"
              type="password"
              autoComplete="new-password"
              value={form.clientSecret}
              placeholder={editing?.secretStored ? "Stored in the OS keyring — leave empty to keep it" : ""}
              onChange={(e) => set("clientSecret", e.target.value)}
            />,
            "Goes to the OS keyring only; Cairn never shows it again.",
          )}
          {field(
            "scopes",
            "Scopes",
            <input
              id="connection-scopes"
              value={scopesText}
              placeholder="The read-only scopes of a sync"
              onChange={(e) => setScopesText(e.target.value)}
            />,
            "Suffixes (roster-core.readonly) or full URLs, separated by spaces.",
          )}
        </>
      )}
      {field(
        "dialect",
        "Dialect",
        <select
          id="connection-dialect"
          value={form.dialect}
          onChange={(e) => set("dialect", e.target.value as DialectName)}
        >
          <option value="spec">Specification paths (/api/roster/…, svc_ status)</option>
          <option value="1edtech">1EdTech paths (/ims/oneroster/…, imsx_ status)</option>
        </select>,
      )}
      <div className="form-row">
        <span />
        <label className="check">
          <input type="checkbox" checked={showPaths} onChange={(e) => setShowPaths(e.target.checked)} /> Base path per
          service
        </label>
      </div>
      {showPaths &&
        SERVICES.map(([key, label]) => (
          <div className="form-row" key={key}>
            <label htmlFor={`connection-path-${key}`}>{label}</label>
            <div className="form-input">
              <input
                id={`connection-path-${key}`}
                value={form.basePaths[key] ?? ""}
                placeholder="The dialect's"
                onChange={(e) => set("basePaths", { ...form.basePaths, [key]: e.target.value || null })}
              />
            </div>
          </div>
        ))}
      {field(
        "caCert",
        "CA certificate",
        <span className="field-row">
          <input id="connection-caCert" value={certificate} placeholder="None (optional)" readOnly />
          <button type="button" onClick={() => void chooseCertificate()}>
            Choose…
          </button>
          {certificate && (
            <button
              type="button"
              onClick={() => {
                set("caCert", "");
                setCertificate("");
              }}
            >
              Remove
            </button>
          )}
        </span>,
        "A PEM file to trust besides the system's roots (a test server's own certificate), read when you save.",
      )}
      {error && <ErrorView error={error} />}
      {test && <TestResultView test={test} />}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? "Saving…" : "Save"}
        </button>
        <button type="button" onClick={() => void runTest()} disabled={saving || testing}>
          {testing ? "Testing…" : "Test"}
        </button>
        <button type="button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
