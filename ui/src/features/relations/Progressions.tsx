//! The `precedes` chains through the selected node: each an ordered list of steps, the selected
//! one marked, every step a link that selects it (in its own framework's tree when another
//! cached framework holds it); a chain another framework publishes is labelled with it.

import type { ProgressionStep } from "../../bindings/ProgressionStep";
import { ErrorView } from "../../ui/ErrorView";
import { useExplorer, useExplorerStore } from "../frameworks/ExplorerContext";
import { useProgressions } from "./useRelations";

/** The progressions panel. */
export function Progressions() {
  const { framework, selected } = useExplorer();
  const store = useExplorerStore();
  const chains = useProgressions(framework, selected?.identifier ?? null);
  if (!selected) return <p className="empty">Select an item to see what comes before and after it.</p>;
  const open = (step: ProgressionStep) => {
    if (framework && (step.kind === "item" || step.kind === "document"))
      void store.navigate({ key: step.elsewhere ?? framework, identifier: step.identifier });
  };
  return (
    <section className="progressions" aria-label="Progressions">
      {chains.isPending && (
        <p className="empty" role="status">
          Loading…
        </p>
      )}
      {chains.error && <ErrorView error={chains.error} onRetry={() => void chains.refetch()} />}
      {chains.data?.length === 0 && <p className="empty">No progression (precedes) passes through this item.</p>}
      {chains.data?.map((chain, i) => (
        <div key={i} className="progression">
          <h4>
            Progression {i + 1}{" "}
            <span className="muted">
              ({chain.steps.length} steps{chain.cyclic ? ", stops at a cycle" : ""}
              {chain.publishedBy ? `, from ${chain.publishedBy.label}` : ""})
            </span>
          </h4>
          <ol aria-label={`Progression ${i + 1}`}>
            {chain.steps.map((step) => (
              <li key={step.identifier} aria-current={step.identifier === selected.identifier ? "step" : undefined}>
                <button
                  type="button"
                  className="link"
                  disabled={step.kind === "external" || step.kind === "unknown"}
                  onClick={() => open(step)}
                >
                  {step.label}
                </button>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}
