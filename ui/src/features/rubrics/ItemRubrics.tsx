//! The item panel's rubrics: those with a criterion naming the selected item, each opening its
//! table in the Rubrics view.

import { useShowMainView } from "../../app/mainView";
import type { FrameworkKey } from "../../bindings/FrameworkKey";
import { useItemRubrics } from "./useRubrics";

/** The rubrics region of the item panel (nothing while there are none). */
export function ItemRubrics({ framework, identifier }: { framework: FrameworkKey; identifier: string }) {
  const rubrics = useItemRubrics(framework, identifier);
  const show = useShowMainView();
  if (!rubrics.data || rubrics.data.length === 0) return null;
  return (
    <section role="region" aria-label="Rubrics of this item" className="item-rubrics">
      <h3>Rubrics</h3>
      <ul>
        {rubrics.data.map((rubric, i) => (
          <li key={rubric.identifier ?? i}>
            <button type="button" className="link" onClick={() => show("rubrics", { rubric: rubric.identifier })}>
              {rubric.title ?? rubric.identifier ?? "Rubric"}
            </button>{" "}
            <span className="muted">
              (
              {rubric.criteria
                .filter((c) => c.item?.identifier === identifier)
                .map((c) => c.category ?? "criterion")
                .join(", ")}
              )
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
