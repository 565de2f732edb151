//! One side's coverage: the number and a bar (a meter, named for assistive technology).

import type { CrosswalkSide } from "../../bindings/CrosswalkSide";
import { percent } from "./crosswalkModel";

/** The coverage of `side`. */
export function CoverageBar({ side, role }: { side: CrosswalkSide; role: "From" | "To" }) {
  return (
    <div className="coverage">
      <div>
        <strong>{role}</strong> {side.title}
      </div>
      <div className="coverage-line">
        <meter aria-label={`${role} coverage`} min={0} max={1} value={side.share} />
        <span className="num" data-covered={side.covered} data-items={side.items}>
          {side.covered} of {side.items} items covered ({percent(side.share)})
        </span>
      </div>
      {side.byType.length > 0 && (
        <ul className="muted by-type">
          {side.byType.map((t) => (
            <li key={t.associationType}>
              {t.associationType}: <span className="num">{t.covered}</span> ({percent(t.share)})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
