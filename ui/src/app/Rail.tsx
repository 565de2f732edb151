//! The narrow rail that switches areas.

import { AREAS, type Area } from "./areas";

/** The rail. */
export function Rail({ current, onChange }: { current: Area["id"]; onChange: (id: Area["id"]) => void }) {
  return (
    <nav className="rail" aria-label="Areas">
      {AREAS.map((area) => (
        <button
          key={area.id}
          type="button"
          className={area.id === current ? "current" : undefined}
          aria-current={area.id === current ? "page" : undefined}
          aria-label={area.label}
          title={area.label}
          onClick={() => onChange(area.id)}
        >
          <span aria-hidden="true">{area.icon}</span>
          <span className="rail-label" aria-hidden="true">
            {area.label}
          </span>
        </button>
      ))}
    </nav>
  );
}
