//! The question when the window is closed with gradebook changes not sent: send them and close,
//! close anyway (they stay in the outbox for the next start), or keep the window open.

import { useEffect, useState } from "react";

import { useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import { Confirmation } from "../../ui/Confirmation";
import { formatCount } from "../../ui/formatCount";

/** Asks before the window closes with unsent changes. */
export function CloseQuestion() {
  const backend = useBackend();
  const [unsent, setUnsent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => backend.onCloseRequested(setUnsent), [backend]);
  if (unsent === null) return null;
  const sendAndClose = async () => {
    setProblem(null);
    try {
      let left = 0;
      for (const { connection } of await backend.gradebookUnsent()) {
        const report = await backend.gradebookSend(connection);
        left += report.pending + report.failed;
      }
      if (left > 0) {
        setProblem(
          `${formatCount(left)} could not be sent: close anyway to keep them in the outbox, or stay to look at them.`,
        );
        return;
      }
      await backend.closeWindow();
    } catch (error) {
      setProblem((error as AppError).message ?? String(error));
    }
  };
  return (
    <div className="modal-backdrop">
      <Confirmation modal label="Unsent changes" className="gb-question modal" onCancel={() => setUnsent(null)}>
        <p>
          {formatCount(unsent)} gradebook {unsent === 1 ? "change has" : "changes have"} not been sent. Closing keeps{" "}
          {unsent === 1 ? "it" : "them"} in the outbox for the next start.
        </p>
        {problem && <p className="gb-refusal">{problem}</p>}
        <button type="button" className="primary" onClick={() => void sendAndClose()}>
          Send and close
        </button>
        <button type="button" onClick={() => void backend.closeWindow()}>
          Close without sending
        </button>
        <button type="button" onClick={() => setUnsent(null)}>
          Keep the window open
        </button>
      </Confirmation>
    </div>
  );
}
