//! The record's JSON exactly as the server sent it, folded by default.

/** The raw record. */
export function RawRecord({ raw }: { raw: string }) {
  return (
    <details className="raw-record">
      <summary>Raw record (JSON as the server sent it)</summary>
      <pre aria-label="Raw record">{raw}</pre>
    </details>
  );
}
