//! The crosswalk's pairs as a table in a box of its own, virtualized: only the rows in view are
//! in the page, so ten thousand pairs show as fast as ten. A row selects its pair.

import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";

import type { CrosswalkPair } from "../../bindings/CrosswalkPair";
import { contentLang } from "../../ui/contentLang";
import { itemText } from "./crosswalkModel";

const ROW = 28;

interface Props {
  pairs: CrosswalkPair[];
  picked: CrosswalkPair | null;
  onPick: (pair: CrosswalkPair) => void;
  /** The two frameworks' languages, given to their items' text where not the window's. */
  languages: { from: string | null; to: string | null };
}

/** The pairs table. */
export function PairsTable({ pairs, picked, onPick, languages }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: pairs.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 10,
  });
  const rows = virtual.getVirtualItems();
  const before = rows[0]?.start ?? 0;
  const after = rows.length > 0 ? virtual.getTotalSize() - (rows[rows.length - 1]?.end ?? 0) : 0;
  return (
    <div ref={scroller} className="pairs-scroll">
      <table className="pairs" aria-label="Crosswalk pairs" aria-rowcount={pairs.length + 1}>
        <thead>
          <tr>
            <th scope="col">From item</th>
            <th scope="col">Type</th>
            <th scope="col">To item</th>
          </tr>
        </thead>
        <tbody>
          {before > 0 && <tr aria-hidden="true" style={{ height: before }} />}
          {rows.map((row) => {
            const p = pairs[row.index] as CrosswalkPair;
            return (
              <tr
                key={`${p.associationIdentifier ?? row.index}-${p.from.identifier}-${p.to.identifier}`}
                aria-rowindex={row.index + 2}
                aria-selected={picked === p}
                tabIndex={0}
                style={{ height: ROW }}
                onClick={() => onPick(p)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" || e.key === " ") onPick(p);
                }}
              >
                <td title={itemText(p.from)} lang={contentLang(languages.from)}>
                  {itemText(p.from)}
                </td>
                <td>
                  {p.associationType} <span className="muted">{p.fromTo ? "→" : "←"}</span>
                </td>
                <td title={itemText(p.to)} lang={contentLang(languages.to)}>
                  {itemText(p.to)}
                </td>
              </tr>
            );
          })}
          {after > 0 && <tr aria-hidden="true" style={{ height: after }} />}
        </tbody>
      </table>
    </div>
  );
}
