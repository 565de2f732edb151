//! The graph's legend: each association type drawn, with its colour, line style and count and
//! what it means (a tooltip and the accessible description), and the node kinds told apart by
//! shape.

import type { NodeKind } from "../../bindings/NodeKind";
import type { TypeExplanations } from "./associationTypes";
import { type ArrowShape, KIND_STYLE, typeStyle } from "./graphStyle";
import { TypeName } from "./TypeName";

/** The mark at the end of a legend's line, drawn as the canvas draws it (tip at x = 31, y = 5). */
function Mark({ arrow, colour }: { arrow: ArrowShape; colour: string }) {
  const filled = { fill: colour, stroke: colour, strokeWidth: 1 };
  switch (arrow) {
    case "triangle":
      return <path d="M25,1 L31,5 L25,9 Z" {...filled} />;
    case "vee":
      return <path d="M25,1 L31,5 L25,9 L27,5 Z" {...filled} />;
    case "diamond":
      return <path d="M23,5 L27,1 L31,5 L27,9 Z" {...filled} />;
    case "tee":
      return <rect x="29" y="0" width="2" height="10" {...filled} />;
    case "circle":
      return <circle cx="28" cy="5" r="3" {...filled} />;
    case "square":
      return <rect x="25" y="2" width="6" height="6" {...filled} />;
    case "triangle-tee":
      return (
        <>
          <path d="M25,1 L31,5 L25,9 Z" {...filled} />
          <rect x="22" y="1" width="1.5" height="8" {...filled} />
        </>
      );
    case "circle-triangle":
      return (
        <>
          <path d="M25,1 L31,5 L25,9 Z" {...filled} />
          <circle cx="22" cy="5" r="2.5" {...filled} />
        </>
      );
    case "chevron":
      return <path d="M25,1 L31,5 L25,9" fill="none" stroke={colour} strokeWidth="2" />;
    case "none":
      return null;
  }
}

/** A type's line and mark, as the graph draws it. */
function Swatch({ type }: { type: string }) {
  const style = typeStyle(type);
  return (
    <svg width="34" height="10" aria-hidden="true" className="swatch">
      <line
        x1="1"
        y1="5"
        x2={style.arrow === "none" ? 31 : 25}
        y2="5"
        stroke={style.colour}
        strokeWidth="2"
        strokeDasharray={style.line === "dashed" ? "6 3" : style.line === "dotted" ? "2 3" : undefined}
      />
      <Mark arrow={style.arrow} colour={style.colour} />
    </svg>
  );
}

/**
 * The legend of the drawn types (`counts`: edges drawn per type, `known`: what they mean) and
 * kinds; with `onToggle`, each type has a checkbox that shows or hides its edges (`hidden`).
 */
export function GraphLegend({
  counts,
  kinds,
  known,
  hidden,
  onToggle,
}: {
  counts: Map<string, number>;
  kinds: NodeKind[];
  known: TypeExplanations;
  hidden?: ReadonlySet<string>;
  onToggle?: (type: string) => void;
}) {
  return (
    <div className="graph-legend">
      <ul aria-label="Legend">
        {[...counts].map(([type, count]) => (
          <li key={type} data-type={type}>
            {onToggle && (
              <input
                type="checkbox"
                aria-label={`Show ${type}`}
                checked={!hidden?.has(type)}
                onChange={() => onToggle(type)}
              />
            )}
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
