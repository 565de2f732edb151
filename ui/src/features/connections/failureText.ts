//! A collection's or a service's failure in plain words: the HTTP status with the server's
//! status object, a scope the token lacks, or which way the network failed.

import type { CollectionSummary } from "../../bindings/CollectionSummary";
import type { Failure } from "../../bindings/Failure";
import type { Transport } from "../../bindings/Transport";

const TRANSPORT: Record<Transport, string> = {
  timeout: "the server did not answer in time",
  refused: "nothing answers at the server's address (offline?)",
  unreachable: "the server cannot be reached (offline?)",
  tls: "the secure connection failed: the server's certificate is not trusted (set its CA certificate)",
  cut_off: "the answer was cut off",
  other: "the request did not complete",
};

/** Why `failure` happened, in a sentence. */
export function failureWords(failure: Failure | null, message: string | null): string {
  if (!failure) return message ?? "";
  if (failure.code === "cancelled") return "Cancelled: the data cached before stays.";
  if (failure.transport) return `Not reached: ${TRANSPORT[failure.transport] ?? String(failure.transport)}.`;
  const status = failure.status;
  const said = status
    ? ` — ${status.codeMinor ?? status.codeMajor}${status.description ? `: ${status.description}` : ""}`
    : "";
  if (failure.httpStatus === 403) return `Refused (HTTP 403): the token lacks the scope this needs${said}.`;
  if (failure.httpStatus === 401) return `Not authorised (HTTP 401): check the client id and secret${said}.`;
  if (failure.httpStatus) return `The server answered HTTP ${failure.httpStatus}${said}.`;
  if (failure.code === "store") return "The cache failed to store it; try again.";
  return message ?? failure.code;
}

/** A collection's outcome in a sentence. */
export function outcomeWords(c: Pick<CollectionSummary, "outcome" | "message" | "failure">): string {
  switch (c.outcome) {
    case "complete":
      return "Synced";
    case "unchanged":
      return "Unchanged";
    case "skipped":
      return `Skipped: ${c.message ?? "the granted scopes do not allow it"}`;
    default:
      return failureWords(c.failure, c.message);
  }
}
