//! Back and forward between visited items.

import { useExplorer, useExplorerStore } from "../features/frameworks/ExplorerContext";

/** The two buttons. */
export function HistoryButtons() {
  const store = useExplorerStore();
  const { history } = useExplorer();
  return (
    <div className="history-buttons" role="group" aria-label="History">
      <button
        type="button"
        aria-label="Back"
        title="Back (Alt+Left)"
        disabled={history.index <= 0}
        onClick={() => void store.go(-1)}
      >
        ←
      </button>
      <button
        type="button"
        aria-label="Forward"
        title="Forward (Alt+Right)"
        disabled={history.index >= history.entries.length - 1}
        onClick={() => void store.go(1)}
      >
        →
      </button>
    </div>
  );
}
