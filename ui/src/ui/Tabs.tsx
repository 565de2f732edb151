//! Tabs as the WAI-ARIA Authoring Practices describe them: a `tablist` of `tab`s, one in the Tab
//! order (the selected one), ←/→ (and Home/End) moving to the previous/next tab and selecting it
//! (disabled tabs skipped), each tab controlling its `tabpanel` (`tabPanelProps`).

import { useRef, type KeyboardEvent, type ReactNode } from "react";

/** One tab: its id among its siblings, its visible label. */
export interface TabSpec<T extends string> {
  id: T;
  label: ReactNode;
  disabled?: boolean;
  title?: string;
}

/** The id of a tab's element and of its panel's, under the tab list's `base`. */
export const tabId = (base: string, id: string) => `${base}-tab-${id}`;
export const panelId = (base: string, id: string) => `${base}-panel-${id}`;

/** The props of the panel of tab `id` (role, id, the tab that names it). */
export function tabPanelProps(base: string, id: string) {
  return { role: "tabpanel" as const, id: panelId(base, id), "aria-labelledby": tabId(base, id) };
}

/** The next enabled tab from `from` in direction `step` (wrapping), or `from` itself. */
export function nextTab<T extends string>(tabs: Array<TabSpec<T>>, from: number, step: 1 | -1): number {
  for (let i = 1; i <= tabs.length; i += 1) {
    const at = (from + step * i + tabs.length * tabs.length) % tabs.length;
    if (!tabs[at]?.disabled) return at;
  }
  return from;
}

export function TabList<T extends string>({
  label,
  base,
  tabs,
  selected,
  onSelect,
  className = "tabs",
}: {
  label: string;
  /** Prefix of the tabs' and panels' ids (unique in the page). */
  base: string;
  tabs: Array<TabSpec<T>>;
  /** The selected tab, or null when none is (a collapsed panel). */
  selected: T | null;
  onSelect: (id: T) => void;
  className?: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const at = tabs.findIndex((t) => t.id === selected);
  const focusable =
    at >= 0
      ? at
      : Math.max(
          0,
          tabs.findIndex((t) => !t.disabled),
        );
  const go = (index: number) => {
    const tab = tabs[index];
    if (!tab || tab.disabled) return;
    onSelect(tab.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(base, tab.id))}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = tabs.findIndex((t) => tabId(base, t.id) === (event.target as HTMLElement).id);
    if (from < 0) return;
    const moves: Record<string, () => number> = {
      ArrowRight: () => nextTab(tabs, from, 1),
      ArrowLeft: () => nextTab(tabs, from, -1),
      Home: () => nextTab(tabs, tabs.length - 1, 1),
      End: () => nextTab(tabs, 0, -1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    go(move());
  };
  return (
    <div role="tablist" aria-label={label} className={className} ref={list} onKeyDown={onKeyDown}>
      {tabs.map((t, i) => (
        <button
          key={t.id}
          id={tabId(base, t.id)}
          type="button"
          role="tab"
          aria-selected={t.id === selected}
          aria-controls={t.id === selected ? panelId(base, t.id) : undefined}
          tabIndex={i === focusable ? 0 : -1}
          disabled={t.disabled}
          title={t.title}
          onClick={() => onSelect(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
