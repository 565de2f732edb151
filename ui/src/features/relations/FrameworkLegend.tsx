//! The Graph tab's frameworks: each framework with nodes in the exploration, its colour band as
//! the drawing rings its nodes (once there are two), its name and node count, and a checkbox that
//! leaves its nodes out.
//! The band is never the only sign: the list view and the spoken node name the framework too.

import { bandVar } from "./canvasTheme";
import type { ExploredFramework } from "./explorationModel";

interface Props {
  frameworks: ExploredFramework[];
  /** A framework's name by its id (title, version and connection). */
  names: ReadonlyMap<string, string>;
  /** Left out (the start node stays whatever its framework). */
  hidden: ReadonlySet<string>;
  onToggle(id: string): void;
}

export function FrameworkLegend({ frameworks, names, hidden, onToggle }: Props) {
  return (
    <fieldset className="graph-frameworks">
      <legend>Frameworks</legend>
      {frameworks.map((f, i) => (
        <label key={f.id}>
          <input type="checkbox" checked={!hidden.has(f.id)} onChange={() => onToggle(f.id)} />{" "}
          {frameworks.length > 1 && (
            <span className="framework-band" style={{ borderColor: `var(${bandVar(i)})` }} aria-hidden="true" />
          )}
          {f.key === null ? "Not cached" : (names.get(f.id) ?? f.key.identifier)}{" "}
          <span className="muted num">({f.nodes})</span>
        </label>
      ))}
    </fieldset>
  );
}
