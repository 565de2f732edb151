//! The Rubrics view of the main pane: every rubric of the open framework as a table, the one
//! asked for (from an item's panel) brought into view.

import { useEffect, useRef } from "react";

import { useMainView } from "../../app/mainView";
import { ErrorView } from "../../ui/ErrorView";
import { useExplorer, useExplorerStore } from "../frameworks/ExplorerContext";
import { RubricTable } from "./RubricTable";
import { useRubrics } from "./useRubrics";

/** The rubrics of the open framework. */
export function RubricsView() {
  const { framework, selected } = useExplorer();
  const store = useExplorerStore();
  const main = useMainView();
  const rubrics = useRubrics(framework);
  const wanted = useRef<HTMLDivElement>(null);
  useEffect(() => {
    wanted.current?.scrollIntoView({ block: "start" });
  }, [rubrics.data, main.rubric]);
  if (!framework) return <p className="empty">Open a framework to see its rubrics.</p>;
  return (
    <section className="rubrics-view scroll" aria-label="Rubrics">
      {rubrics.isPending && (
        <p className="empty" role="status">
          Loading…
        </p>
      )}
      {rubrics.error && <ErrorView error={rubrics.error} onRetry={() => void rubrics.refetch()} />}
      {rubrics.data?.length === 0 && <p className="empty">This framework has no rubrics.</p>}
      {rubrics.data?.map((rubric, i) => (
        <div
          key={rubric.identifier ?? i}
          ref={rubric.identifier === main.rubric ? wanted : undefined}
          className="rubric"
        >
          <RubricTable
            rubric={rubric}
            highlight={selected?.identifier ?? null}
            onOpenItem={(item) => {
              main.show("tree");
              void store.navigate({ key: framework, identifier: item.identifier });
            }}
          />
        </div>
      ))}
    </section>
  );
}
