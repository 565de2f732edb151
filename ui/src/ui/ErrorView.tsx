//! An error as the window shows it: what happened, what to do, and the server's status object
//! (and other detail) one click away. Never a bare code, never a stack trace.

import type { ReactNode } from "react";

import type { AppError } from "../bindings/AppError";
import type { Transport } from "../bindings/Transport";
import { explain } from "./errorText";

/** How a request that did not complete failed, in plain words. */
const TRANSPORT: Record<Transport, string> = {
  timeout: "timed out: no answer in time",
  refused: "refused: nothing listens at that address",
  unreachable: "unreachable: the name does not resolve or the network is down",
  tls: "TLS failed: the certificate is not trusted or the handshake failed",
  cut_off: "cut off before the whole answer arrived",
  other: "the request did not complete",
};

/** Shows `error`, with an optional retry and other ways out (`children`, beside it). */
export function ErrorView({
  error,
  onRetry,
  children,
}: {
  error: AppError;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  const { heading, advice } = explain(error);
  const detail = error.detail;
  const status = detail?.status ?? null;
  const transport = detail?.transport ? (TRANSPORT[detail.transport] ?? String(detail.transport)) : null;
  const hasDetail = Boolean(detail && (detail.httpStatus !== null || status || transport || detail.text));
  return (
    <div className="error-view" role="alert">
      <h2 className="error-heading">{heading}</h2>
      <p className="error-message">{error.message}</p>
      <p className="error-advice">{advice}</p>
      {hasDetail && (
        <details className="error-detail">
          <summary>Details from the server</summary>
          <dl>
            {detail?.httpStatus !== null && detail?.httpStatus !== undefined && (
              <>
                <dt>HTTP status</dt>
                <dd>{detail.httpStatus}</dd>
              </>
            )}
            {status && (
              <>
                <dt>codeMajor</dt>
                <dd>{status.codeMajor}</dd>
                <dt>severity</dt>
                <dd>{status.severity}</dd>
                <dt>codeMinor</dt>
                <dd>{status.codeMinor ?? "—"}</dd>
                <dt>description</dt>
                <dd>{status.description ?? "—"}</dd>
              </>
            )}
            {transport && (
              <>
                <dt>Connection</dt>
                <dd>{transport}</dd>
              </>
            )}
            {detail?.text && (
              <>
                <dt>More</dt>
                <dd className="error-text">{detail.text}</dd>
              </>
            )}
          </dl>
        </details>
      )}
      {(onRetry || children) && (
        <div className="error-actions">
          {onRetry && (
            <button type="button" onClick={onRetry}>
              Try again
            </button>
          )}
          {children}
        </div>
      )}
    </div>
  );
}
