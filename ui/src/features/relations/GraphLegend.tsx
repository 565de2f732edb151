//! The graph's legend: each association type drawn, with its colour, line style and count and
//! what it means (a tooltip and the accessible description), and the node kinds told apart by
//! shape.

import type { NodeKind } from "../../bindings/NodeKind";
import type { TypeExplanations } from "./associationTypes";
import { KIND_STYLE, typeStyle } from "./graphStyle";
import { TypeName } from "./TypeName";

function Swatch({ type }: { type: string }) {
  const style = typeStyle(type);
  return (
    <svg width="28" height="10" aria-hidden="true" className="swatch">
      <line
        x1="1"
        y1="5"
        x2="27"
        y2="5"
        stroke={style.colour}
        strokeWidth="2"
        strokeDasharray={style.line === "dashed" ? "6 3" : style.line === "dotted" ? "2 3" : undefined}
      />
    </svg>
  );
}

/** The legend of the drawn types (`counts`: edges drawn per type, `known`: what they mean) and kinds. */
export function GraphLegend({
  counts,
  kinds,
  known,
}: {
  counts: Map<string, number>;
  kinds: NodeKind[];
  known: TypeExplanations;
}) {
  return (
    <div className="graph-legend">
      <ul aria-label="Legend">
        {[...counts].map(([type, count]) => (
          <li key={type} data-type={type}>
            <Swatch type={type} />
            <TypeName type={type} known={known} /> <span className="muted num">{count}</span>
          </li>
        ))}
      </ul>
      <ul aria-label="Node kinds" className="muted">
        {kinds.map((kind) => (
          <li key={kind}>{`${KIND_STYLE[kind].shape.replace("round-", "rounded ")}: ${KIND_STYLE[kind].label}`}</li>
        ))}
      </ul>
    </div>
  );
}
