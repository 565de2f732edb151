//! A virtualized tree (TanStack Virtual) with the roles, states and keys of a desktop tree:
//! `role=tree`/`treeitem`, aria-level/-expanded/-selected/-setsize/-posinset, a roving tabindex,
//! arrows, Home/End, Enter, `*`, type-ahead, and a per-row menu (Shift+F10, the context key or
//! right click).

import { useVirtualizer } from "@tanstack/react-virtual";
import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from "react";

import { TYPE_AHEAD_PAUSE_MS, isTypeAheadKey, treeKeyAction, typeAheadIndex, type TreeNav } from "./treeKeys";

/** A visible row. */
export interface VirtualTreeRow extends TreeNav {
  setSize: number;
  posInSet: number;
  /** What the row's menu button is called after ("Actions for …"). */
  label: string;
  /** The texts type-ahead matches a typed string against (the start of each); else `label`. */
  typeAhead?: readonly string[];
}

/** One entry of a row's menu. */
export interface RowMenuItem {
  label: string;
  run: () => void;
}

/** Asks the tree to scroll a row into view and focus it. */
export interface Reveal {
  key: string;
  nonce: number;
}

interface Props<R extends VirtualTreeRow> {
  label: string;
  rows: readonly R[];
  selectedKey: string | null;
  activeKey: string | null;
  onActiveChange: (key: string) => void;
  onSelect: (row: R) => void;
  onToggle: (row: R, expand: boolean) => void;
  onExpandSiblings?: (row: R) => void;
  menu?: (row: R) => RowMenuItem[];
  renderRow: (row: R) => ReactNode;
  reveal?: Reveal | null;
  rowHeight?: number;
  className?: string;
}

/** Rows drawn beyond each edge of the view. */
const OVERSCAN = 12;

/** The tree. */
export function VirtualTree<R extends VirtualTreeRow>(props: Props<R>) {
  const { rows, activeKey, selectedKey, rowHeight = 28 } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowRefs = useRef(new Map<string, HTMLDivElement>());
  const pendingFocus = useRef<string | null>(null);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  // Stable callbacks: the virtualizer recomputes every row's offset when they change.
  const getItemKey = useCallback((i: number) => rows[i]?.key ?? i, [rows]);
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement,
    estimateSize,
    overscan: OVERSCAN,
    getItemKey,
  });
  // Rows are drawn into a pool of elements reused as the window moves: a row scrolled into view
  // takes over the element of one that left (keyed by its index modulo the pool's size, at least
  // the rows drawn at once, so a window's keys are distinct), and React updates that element's
  // text instead of creating new ones. WebKit holds on to removed elements until a full
  // collection, so a tree that created fresh rows on every frame of a long scroll grew by
  // hundreds of MB and paused for its collections.
  const slotCount = useRef(0);
  const virtualItems = virtualizer.getVirtualItems();
  // Room from the start for a full window (at the top or the bottom it lacks one side's overscan).
  const visible = virtualizer.range ? virtualizer.range.endIndex - virtualizer.range.startIndex + 1 : 0;
  slotCount.current = Math.max(slotCount.current, virtualItems.length, visible + 2 * OVERSCAN + 1);
  const activeIndex = useMemo(
    () =>
      Math.max(
        0,
        rows.findIndex((r) => r.key === activeKey),
      ),
    [rows, activeKey],
  );
  const tabKey = rows[activeIndex]?.key ?? null;

  const { onActiveChange } = props;
  const focusRow = useCallback(
    (index: number) => {
      const row = rows[index];
      if (!row) return;
      pendingFocus.current = row.key;
      onActiveChange(row.key);
      virtualizer.scrollToIndex(index, { align: "auto" });
    },
    [rows, onActiveChange, virtualizer],
  );

  // The element showing the active row (and a row about to take the focus) is always one made
  // for that row. A screen reader keeps the name a row element had when it met the element, and
  // WebKitGTK tells it of no name change when a pooled element takes another row's content (Orca
  // spoke the row that had been there before an expand). Such an element is made anew (its
  // slot's generation bumped) before it takes the focus: one element per keyboard move at most;
  // scrolling still reuses the pool.
  const [generations, setGenerations] = useState<ReadonlyMap<number, number>>(() => new Map());
  useLayoutEffect(() => {
    const stale = [pendingFocus.current, tabKey]
      .map((key) => (key === null ? undefined : rowRefs.current.get(key)))
      .filter((el): el is HTMLDivElement => el !== undefined && el.dataset.born !== el.dataset.row);
    if (stale.length === 0) return;
    for (const el of stale) {
      // A focus on the element goes to the element made for its row.
      if (document.activeElement === el && el.dataset.row) pendingFocus.current = el.dataset.row;
    }
    setGenerations((now) => {
      const next = new Map(now);
      for (const el of stale) next.set(Number(el.dataset.slot), (now.get(Number(el.dataset.slot)) ?? 0) + 1);
      return next;
    });
    // Rows shift (an expand above) and the window moves (a scroll): either may put another row's
    // element under the active row.
  }, [tabKey, rows, virtualItems, generations]);

  // A row asked to be focused gets the focus once it is rendered (in an element made for it).
  useLayoutEffect(() => {
    const key = pendingFocus.current;
    if (key === null) return;
    const el = rowRefs.current.get(key);
    if (el && el.dataset.born === key) {
      pendingFocus.current = null;
      el.focus({ preventScroll: true });
    }
  });

  // A reveal request is served once, as soon as its row is among the rows.
  const reveal = props.reveal ?? null;
  const served = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (!reveal || served.current === reveal.nonce) return;
    const index = rows.findIndex((r) => r.key === reveal.key);
    if (index < 0) return;
    served.current = reveal.nonce;
    virtualizer.scrollToIndex(index, { align: "center" });
    const el = rowRefs.current.get(reveal.key);
    if (el && el.dataset.born === reveal.key) el.focus({ preventScroll: true });
    else pendingFocus.current = reveal.key;
  }, [reveal, rows, virtualizer]);

  // Type-ahead: what was typed since the last pause.
  const typed = useRef({ text: "", at: -Infinity });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLElement && event.target.closest("[role=menu]")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (isTypeAheadKey(event.key)) {
      const now = event.timeStamp;
      typed.current = {
        text: now - typed.current.at > TYPE_AHEAD_PAUSE_MS ? event.key : typed.current.text + event.key,
        at: now,
      };
      const index = typeAheadIndex(
        rows.map((r) => r.typeAhead ?? [r.label]),
        activeIndex,
        typed.current.text,
      );
      event.preventDefault();
      event.stopPropagation();
      if (index !== null) focusRow(index);
      return;
    }
    const action = treeKeyAction(rows, activeIndex, event.key, event.shiftKey);
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    const row = rows[action.index];
    if (!row) return;
    switch (action.type) {
      case "focus":
        focusRow(action.index);
        break;
      case "expand":
        props.onToggle(row, true);
        break;
      case "collapse":
        props.onToggle(row, false);
        break;
      case "select":
        props.onSelect(row);
        break;
      case "expandSiblings":
        props.onExpandSiblings?.(row);
        break;
      case "menu":
        actions.openMenu(row, false);
        break;
    }
  };

  // One stable set of handlers for every row (reading the latest props), so rows memoize.
  const latest = useRef({ props, menuFor });
  latest.current = { props, menuFor };
  const actions = useMemo<RowActions<R>>(
    () => ({
      register: (key, el) => {
        if (el) rowRefs.current.set(key, el);
        else rowRefs.current.delete(key);
      },
      click: (row) => {
        latest.current.props.onActiveChange(row.key);
        latest.current.props.onSelect(row);
      },
      twisty: (row) => {
        latest.current.props.onActiveChange(row.key);
        latest.current.props.onToggle(row, !row.expanded);
      },
      openMenu: (row, toggle) => {
        const menu = latest.current.props.menu;
        if (!menu || menu(row).length === 0) return false;
        latest.current.props.onActiveChange(row.key);
        setMenuFor(toggle && latest.current.menuFor === row.key ? null : row.key);
        return true;
      },
      closeMenu: (row, refocus) => {
        setMenuFor(null);
        if (refocus) rowRefs.current.get(row.key)?.focus();
      },
    }),
    [],
  );

  return (
    <div
      ref={scrollRef}
      className={["vtree", props.className].filter(Boolean).join(" ")}
      role="tree"
      aria-label={props.label}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div role="presentation" className="vtree-space" style={{ height: virtualizer.getTotalSize() }}>
        {virtualItems.map((v) => {
          const row = rows[v.index];
          if (!row) return null;
          const slot = v.index % slotCount.current;
          return (
            <TreeItem
              key={`slot:${slot}:${generations.get(slot) ?? 0}`}
              slot={slot}
              row={row}
              start={v.start}
              height={rowHeight}
              selected={row.key === selectedKey}
              tabbable={row.key === tabKey}
              hasMenu={Boolean(props.menu)}
              menuItems={menuFor === row.key && props.menu ? props.menu(row) : null}
              renderRow={props.renderRow}
              actions={actions}
            />
          );
        })}
      </div>
    </div>
  );
}

interface RowActions<R extends VirtualTreeRow> {
  register: (key: string, el: HTMLDivElement | null) => void;
  click: (row: R) => void;
  twisty: (row: R) => void;
  /** Opens (or with `toggle`, toggles) the row's menu; false when it has none. */
  openMenu: (row: R, toggle: boolean) => boolean;
  /** Closes the row's menu; `refocus` gives the focus back to the row (not when it left by Tab or a click). */
  closeMenu: (row: R, refocus: boolean) => void;
}

interface TreeItemProps<R extends VirtualTreeRow> {
  /** The pool's element it is drawn in. */
  slot: number;
  row: R;
  start: number;
  height: number;
  selected: boolean;
  tabbable: boolean;
  hasMenu: boolean;
  menuItems: RowMenuItem[] | null;
  renderRow: (row: R) => ReactNode;
  actions: RowActions<R>;
}

function TreeItemView<R extends VirtualTreeRow>({
  slot,
  row,
  start,
  height,
  selected,
  tabbable,
  hasMenu,
  menuItems,
  renderRow,
  actions,
}: TreeItemProps<R>) {
  const element = useRef<HTMLDivElement | null>(null);
  const shownKey = useRef(row.key);
  // The row this element was made for (see `generations` in the tree).
  const born = useRef(row.key);
  // An element reused for another row, or removed, does not take the focus along: the tree
  // keeps it (its keys still work) until a row takes it again.
  useLayoutEffect(() => {
    if (shownKey.current === row.key) return;
    shownKey.current = row.key;
    focusTreeInstead(element.current);
  }, [row.key]);
  useLayoutEffect(() => () => focusTreeInstead(element.current), []);
  return (
    <div
      ref={(el) => {
        element.current = el;
        actions.register(row.key, el);
      }}
      role="treeitem"
      data-slot={slot}
      data-row={row.key}
      data-born={born.current}
      aria-level={row.level}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      aria-selected={selected}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-haspopup={hasMenu && row.hasChildren ? "menu" : undefined}
      tabIndex={tabbable ? 0 : -1}
      className={selected ? "vtree-row selected" : "vtree-row"}
      style={{ transform: `translateY(${start}px)`, height, paddingInlineStart: (row.level - 1) * 18 + 4 }}
      onClick={() => actions.click(row)}
      onContextMenu={(event) => {
        if (actions.openMenu(row, false)) event.preventDefault();
      }}
    >
      <span
        className="vtree-twisty"
        aria-hidden="true"
        onClick={(event) => {
          if (!row.hasChildren) return;
          event.stopPropagation();
          actions.twisty(row);
        }}
      >
        {row.hasChildren ? (row.expanded ? "▾" : "▸") : ""}
      </span>
      {renderRow(row)}
      {hasMenu && row.hasChildren && (
        // For the pointer: hidden from assistive technology, whose users reach the menu from the
        // row itself (Shift+F10, the context-menu key; the row says it has one), so that the
        // row's spoken name is its code and statement, not also "Actions for" them.
        <button
          type="button"
          className="vtree-more"
          tabIndex={-1}
          aria-hidden="true"
          aria-haspopup="menu"
          aria-label={`Actions for ${row.label}`}
          onClick={(event) => {
            event.stopPropagation();
            actions.openMenu(row, true);
          }}
        >
          ⋯
        </button>
      )}
      {menuItems && menuItems.length > 0 && (
        <RowMenu
          label={`Actions for ${row.label}`}
          items={menuItems}
          onClose={(refocus) => actions.closeMenu(row, refocus)}
        />
      )}
    </div>
  );
}

/** Moves the focus from `row`, when it has it, to its tree. */
function focusTreeInstead(row: HTMLElement | null) {
  if (row && row === document.activeElement) row.closest<HTMLElement>("[role=tree]")?.focus({ preventScroll: true });
}

// Rows re-render only when what they show changes, not on every scroll step.
const TreeItem = memo(TreeItemView) as typeof TreeItemView;

/** A row's menu (WAI-ARIA menu pattern): the first item focused on opening, ↑ ↓ wrap, Home and
 * End, a letter moves to the next item starting with it, Enter or a click runs one and Escape
 * closes, both giving the focus back to the row; Tab or a click elsewhere closes it and the focus
 * goes where it was sent. */
function RowMenu({
  label,
  items,
  onClose,
}: {
  label: string;
  items: RowMenuItem[];
  onClose: (refocus: boolean) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  useLayoutEffect(() => {
    ref.current?.querySelectorAll<HTMLElement>("[role=menuitem]")[index]?.focus();
  }, [index]);
  return (
    <div
      ref={ref}
      role="menu"
      aria-label={label}
      className="row-menu"
      onClick={(event) => event.stopPropagation()}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onClose(false);
      }}
      onKeyDown={(event) => {
        event.stopPropagation();
        const letter =
          event.key.length === 1 && !event.ctrlKey && !event.altKey && !event.metaKey ? event.key.toLowerCase() : null;
        if (event.key === "Escape") {
          event.preventDefault();
          onClose(true);
        } else if (event.key === "ArrowDown") {
          event.preventDefault();
          setIndex((i) => (i + 1) % items.length);
        } else if (event.key === "ArrowUp") {
          event.preventDefault();
          setIndex((i) => (i - 1 + items.length) % items.length);
        } else if (event.key === "Home" || event.key === "End") {
          event.preventDefault();
          setIndex(event.key === "Home" ? 0 : items.length - 1);
        } else if (letter && letter.trim()) {
          const order = items.map((_, k) => (index + 1 + k) % items.length);
          const next = order.find((k) => items[k]?.label.toLowerCase().startsWith(letter));
          if (next !== undefined) setIndex(next);
        }
      }}
    >
      {items.map((item, i) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          tabIndex={i === index ? 0 : -1}
          onClick={() => {
            item.run();
            onClose(true);
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
