//! One rubric as a criteria × levels table: each criterion with its category, description, weight
//! and the item it names (a link that opens it), each level with its quality, score and
//! description. Text from the framework is shown as text.

import type { Rubric } from "../../bindings/Rubric";
import type { ProgressionStep } from "../../bindings/ProgressionStep";
import { columnHeading, formatNumber, levelAt, levelColumns } from "./rubricModel";

/** The table of `rubric`; `onOpenItem` opens a criterion's item; `highlight` marks its criteria. */
export function RubricTable({
  rubric,
  onOpenItem,
  highlight,
}: {
  rubric: Rubric;
  onOpenItem: (item: ProgressionStep) => void;
  highlight?: string | null;
}) {
  const columns = Array.from({ length: levelColumns(rubric) }, (_, i) => i);
  const title = rubric.title ?? rubric.identifier ?? "Rubric";
  return (
    <table className="rubric-table" aria-label={title}>
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">Criterion</th>
          <th scope="col" className="num">
            Weight
          </th>
          {columns.map((c) => (
            <th key={c} scope="col">
              {columnHeading(rubric, c)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rubric.criteria.map((criterion, row) => (
          <tr
            key={criterion.identifier ?? row}
            className={criterion.item?.identifier === highlight ? "marked" : undefined}
          >
            <th scope="row">
              <div className="criterion-category">{criterion.category ?? `Criterion ${row + 1}`}</div>
              {criterion.description && <div className="muted">{criterion.description}</div>}
              {criterion.item && (
                <button
                  type="button"
                  className="link"
                  disabled={criterion.item.kind !== "item"}
                  onClick={() => criterion.item && onOpenItem(criterion.item)}
                >
                  {criterion.item.label}
                </button>
              )}
            </th>
            <td className="num">{formatNumber(criterion.weight)}</td>
            {columns.map((c) => {
              const level = levelAt(criterion.levels, c);
              return (
                <td key={c}>
                  {level && (
                    <>
                      <div>
                        <span className="level-quality">{level.quality ?? `Level ${c + 1}`}</span>
                        {level.score !== null && <span className="badge num">{formatNumber(level.score)} pts</span>}
                      </div>
                      {level.description && <div>{level.description}</div>}
                      {level.feedback && <div className="muted">{level.feedback}</div>}
                    </>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
