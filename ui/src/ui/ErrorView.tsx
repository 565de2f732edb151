//! An error as the window shows it: what happened, what to do, and the server's status object
//! (and other detail) one click away. Never a bare code, never a stack trace.

import type { AppError } from "../bindings/AppError";
import { explain } from "./errorText";

/** Shows `error`, with an optional retry. */
export function ErrorView({ error, onRetry }: { error: AppError; onRetry?: () => void }) {
  const { heading, advice } = explain(error);
  const detail = error.detail;
  const status = detail?.status ?? null;
  const hasDetail = Boolean(detail && (detail.httpStatus !== null || status || detail.text));
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
            {detail?.text && (
              <>
                <dt>More</dt>
                <dd className="error-text">{detail.text}</dd>
              </>
            )}
          </dl>
        </details>
      )}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
