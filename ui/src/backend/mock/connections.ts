//! The fake backend's connections, sync and settings: saved connections in memory (the secret
//! kept only to judge a test, never answered back), a test that refuses a wrong secret with
//! the server's `invalid_client`, a sync that reports progress per collection, and settings.

import type { AppError } from "../../bindings/AppError";
import type { About } from "../../bindings/About";
import type { AppSettings } from "../../bindings/AppSettings";
import type { CollectionState } from "../../bindings/CollectionState";
import type { ConnectionTest } from "../../bindings/ConnectionTest";
import type { ConnectionView } from "../../bindings/ConnectionView";
import type { OutboxItem } from "../../bindings/OutboxItem";
import type { ServiceName } from "../../bindings/ServiceName";
import type { SyncSummary } from "../../bindings/SyncSummary";
import type { Backend } from "../Backend";

type ConnectionMethods = Pick<
  Backend,
  | "connectionsList"
  | "connectionSave"
  | "connectionDuplicate"
  | "connectionRemove"
  | "connectionTest"
  | "connectionTestForm"
  | "syncConnection"
  | "syncStatus"
  | "settingsLoad"
  | "settingsSave"
  | "resetCache"
  | "about"
>;

type Answer = <T>(command: string, args: Record<string, unknown>, run: () => T | Promise<T>) => Promise<T>;

/** The secret the fake's server accepts. */
export const MOCK_SECRET = "right-secret";

export const DEFAULT_SETTINGS: AppSettings = {
  pageSize: 1000,
  concurrentPages: 4,
  timeoutSeconds: 30,
  retryAttempts: 6,
  retryMaxDelaySeconds: 20,
  sandboxScale: "small",
  theme: "system",
  zoom: 100,
  activeConnection: null,
  slashFocusesSearch: true,
};

const COLLECTIONS: Array<[string, number]> = [
  ["orgs", 4],
  ["academicSessions", 6],
  ["users", 512],
  ["enrollments", 1480],
  ["CFDocuments", 2],
];

function invalid(message: string): AppError {
  return { code: "invalid", message, detail: null };
}

/** Options of the fake's connections. */
export interface ConnectionOptions {
  /** Milliseconds between a sync's progress messages (0 in tests). */
  progressDelay?: number;
  /** Whether the server is unreachable (the sync and test answer `offline`). */
  offline?: () => boolean;
  /** The gradebook's outbox, whose unsent writes a removal or a reset refuses to lose. */
  outbox?: OutboxItem[];
}

/** The backend's refusal to lose unsent gradebook changes unasked. */
function unsentRefusal(counts: Map<string, number>): AppError {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const each = [...counts].map(([name, n]) => `${n} to "${name}"`).join(", ");
  return {
    code: "unsent",
    message: `${total} unsent gradebook ${total === 1 ? "change" : "changes"} would be lost (${each}): send them, or discard them in the gradebook's outbox, first — or confirm that they may be discarded`,
    detail: null,
  };
}

/** The methods, over `cancelled`: the tasks the fake's `cancel` was asked to stop. */
export function connectionMethods(
  answer: Answer,
  cancelled: Set<string>,
  options: ConnectionOptions = {},
): ConnectionMethods {
  const outbox = options.outbox ?? [];
  /** Refuses (unless `discard`) to lose unsent writes to `only` (every connection when null), else drops them. */
  const loseUnsent = (only: string | null, discard: boolean) => {
    const counts = new Map<string, number>();
    for (const i of outbox) {
      if ((only === null || i.connection === only) && ["pending", "sending", "failed"].includes(i.state))
        counts.set(i.connection, (counts.get(i.connection) ?? 0) + 1);
    }
    if (counts.size > 0 && !discard) throw unsentRefusal(counts);
    for (let at = outbox.length - 1; at >= 0; at--)
      if (only === null || outbox[at]?.connection === only) outbox.splice(at, 1);
  };
  const builtin: ConnectionView = {
    name: "Built-in sandbox",
    baseUrl: "https://127.0.0.1:4433",
    kind: "builtIn",
    saved: true,
    tokenUrl: null,
    clientId: "cairn-app",
    scopes: [],
    dialect: "spec",
    basePaths: { competency: null, rostering: null, gradebook: null, resources: null },
    caCert: null,
    anonymous: false,
    secretStored: null,
  };
  const connections = new Map<string, ConnectionView>([[builtin.name, builtin]]);
  const secrets = new Map<string, string>();
  const journal = new Map<string, CollectionState[]>();
  let settings: AppSettings = { ...DEFAULT_SETTINGS };
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  const offlineError = (): AppError => ({
    code: "offline",
    message: "token: refused: nothing listens at that address",
    detail: { httpStatus: null, status: null, transport: "refused", text: null },
  });

  /** What testing `name` with `secret` answers: invalid_client unless it is the mock's secret. */
  const testWith = (name: string, secret: string | undefined): ConnectionTest => {
    if (options.offline?.()) return { connection: name, tokenError: offlineError(), grantedScopes: [], services: [] };
    if (secret !== MOCK_SECRET) {
      return {
        connection: name,
        tokenError: {
          code: "server",
          message: "the token endpoint answered HTTP 401 invalid_client: the client id or secret is wrong",
          detail: { httpStatus: 401, status: null, transport: null, text: null },
        },
        grantedScopes: [],
        services: [],
      };
    }
    const service = (
      name: ServiceName,
      operation: string,
      total: number | null,
      refused = false,
    ): ConnectionTest["services"][number] => ({
      service: name,
      operation,
      url: `https://127.0.0.1:4433/${name}`,
      ok: !refused,
      total,
      error: refused
        ? {
            code: "server",
            message: `${operation}: HTTP 403: failure error unauthorisedrequest: the token does not allow ${operation}`,
            detail: {
              httpStatus: 403,
              status: {
                codeMajor: "failure",
                severity: "error",
                codeMinor: "unauthorisedrequest",
                description: `the token does not allow ${operation}`,
              },
              transport: null,
              text: null,
            },
          }
        : null,
    });
    return {
      connection: name,
      tokenError: null,
      grantedScopes: ["case.readonly", "roster-core.readonly", "roster.readonly"],
      services: [
        service("competency", "getAllCFDocuments", 2),
        service("rostering", "getAllOrgs", 4),
        service("gradebook", "getAllCategories", null, true),
        service("resources", "getAllResources", 12),
      ],
    };
  };

  return {
    connectionsList: () =>
      answer("connections_list", {}, () => ({
        connections: [...connections.values()].sort((a, b) => a.name.localeCompare(b.name)),
        keyringProblem: null,
      })),
    connectionSave: (form, original) =>
      answer(
        "connection_save",
        { form: { ...form, clientSecret: form.clientSecret ? "<secret>" : "" }, original },
        () => {
          if (!form.name.trim()) throw invalid("invalid connection settings: the name is empty");
          if (!form.anonymous && !form.clientId.trim())
            throw invalid("invalid connection settings: the client id is empty");
          if (original === null && connections.has(form.name)) {
            throw invalid(`a connection called "${form.name}" already exists; remove it first`);
          }
          if (original === null && !form.anonymous && !form.clientSecret) {
            throw invalid("invalid connection settings: the client secret is empty");
          }
          const secret = form.clientSecret || secrets.get(original ?? "") || "";
          if (original !== null) {
            connections.delete(original);
            secrets.delete(original);
          }
          connections.set(form.name, {
            name: form.name,
            baseUrl: form.baseUrl,
            kind: "connection",
            saved: true,
            tokenUrl: form.tokenUrl || null,
            clientId: form.clientId,
            scopes: form.scopes,
            dialect: form.dialect,
            basePaths: form.basePaths,
            caCert: form.caCert || null,
            anonymous: form.anonymous,
            secretStored: !form.anonymous,
          });
          secrets.set(form.name, secret);
        },
      ),
    connectionDuplicate: (name, copy) =>
      answer("connection_duplicate", { name, copy }, () => {
        const found = connections.get(name);
        if (!found) throw invalid(`no connection called "${name}"`);
        if (connections.has(copy)) throw invalid(`a connection called "${copy}" already exists; remove it first`);
        connections.set(copy, { ...found, name: copy });
        secrets.set(copy, secrets.get(name) ?? "");
      }),
    connectionRemove: (name, discardUnsent = false) =>
      answer("connection_remove", { name, discardUnsent }, () => {
        loseUnsent(name, discardUnsent);
        connections.delete(name);
        secrets.delete(name);
        journal.delete(name);
      }),
    connectionTest: (name) =>
      answer("connection_test", { name }, () =>
        testWith(name, name === builtin.name ? MOCK_SECRET : secrets.get(name)),
      ),
    connectionTestForm: (form, original) =>
      answer(
        "connection_test_form",
        { form: { ...form, clientSecret: form.clientSecret ? "<secret>" : "" }, original },
        () => testWith(form.name, form.clientSecret || (original ? secrets.get(original) : undefined)),
      ),
    syncConnection: (name, full, onProgress) =>
      answer("sync_connection", { name, full }, async () => {
        if (options.offline?.())
          throw { ...offlineError(), message: `cannot authenticate with the server: ${offlineError().message}` };
        cancelled.delete(`sync:${name}`);
        const summary: SyncSummary = { connection: name, collections: [] };
        const states: CollectionState[] = [];
        let stop = false;
        for (const [collection, total] of COLLECTIONS) {
          const steps = 4;
          let done = 0;
          for (let i = 1; i <= steps && !stop; i++) {
            if (options.progressDelay) await sleep(options.progressDelay);
            else await Promise.resolve();
            if (cancelled.has(`sync:${name}`)) stop = true;
            done = Math.round((total * i) / steps);
            if (!stop) onProgress?.({ task: "sync", stage: collection, done, total });
          }
          const outcome = stop ? "cancelled" : "complete";
          summary.collections.push({
            collection,
            outcome,
            records: stop ? 0 : total,
            total,
            message: stop ? "cancelled" : null,
            failure: stop ? { code: "cancelled", httpStatus: null, status: null, transport: null } : null,
          });
          const now = new Date().toISOString();
          const before = journal.get(name)?.find((c) => c.collection === collection);
          states.push({
            collection,
            outcome,
            mode: full ? "full" : "incremental",
            startedAt: now,
            finishedAt: now,
            records: stop ? 0 : total,
            message: stop ? "cancelled" : null,
            lastComplete: stop ? (before?.lastComplete ?? null) : now,
          });
        }
        journal.set(name, states);
        return summary;
      }),
    syncStatus: (name) =>
      answer("sync_status", { name }, () => ({ connection: name, collections: journal.get(name) ?? [] })),
    settingsLoad: () => answer("settings_load", {}, () => ({ ...settings })),
    settingsSave: (next) =>
      answer("settings_save", { settings: next }, () => {
        if (next.pageSize < 1 || next.pageSize > 10000)
          throw invalid(`the page size must be between 1 and 10000 (it is ${next.pageSize})`);
        settings = { ...next };
      }),
    resetCache: (discardUnsent = false) =>
      answer("reset_cache", { discardUnsent }, () => {
        loseUnsent(null, discardUnsent);
        journal.clear();
      }),
    about: () =>
      answer("about", {}, (): About => ({
        version: "0.2.0",
        commit: "0123456789ab",
        dataFolder: "/home/teacher/.local/share/org.cairn.explorer",
      })),
  };
}
