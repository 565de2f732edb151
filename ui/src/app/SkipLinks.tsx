//! Skip links, the first stops of the Tab order: out of sight until focused, each moves the
//! focus to a main region of the area shown — its main pane, its sidebar, or the areas' rail.

/** The regions, by selector inside the shown area (or the whole window for the rail). */
const TARGETS: Array<[string, string]> = [
  ["Skip to the main pane", ".area:not([hidden]) main"],
  ["Skip to the sidebar", ".area:not([hidden]) aside.sidebar-pane"],
  ["Skip to the areas", "nav.rail"],
];

/** Focuses the region `selector` names (made focusable by script only, never a Tab stop). */
export function focusRegion(selector: string): boolean {
  const region = document.querySelector<HTMLElement>(selector);
  if (!region) return false;
  if (!region.hasAttribute("tabindex")) region.setAttribute("tabindex", "-1");
  region.focus();
  return document.activeElement === region;
}

export function SkipLinks() {
  return (
    <nav className="skip-links" aria-label="Skip links">
      {TARGETS.map(([label, selector]) => (
        <a
          key={selector}
          href={`#${encodeURIComponent(label)}`}
          onClick={(e) => {
            e.preventDefault();
            focusRegion(selector);
          }}
        >
          {label}
        </a>
      ))}
    </nav>
  );
}
