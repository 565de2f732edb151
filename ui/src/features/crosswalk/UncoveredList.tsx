//! One side's items without a counterpart, folded: the list is put in the page only once opened
//! (a side can have thousands), and then its first thousand.

import { useState } from "react";

import type { ItemSummary } from "../../bindings/ItemSummary";
import { contentLang } from "../../ui/contentLang";
import { formatCount, noun } from "../../ui/formatCount";
import { itemText } from "./crosswalkModel";

/** Most items listed (the rest are counted). */
const SHOWN = 1000;

/** The uncovered items of the side `role`. */
export function UncoveredList({
  role,
  items,
  language,
}: {
  role: "From" | "To";
  items: ItemSummary[];
  /** The side's framework's language, given to the items' text where it is not the window's. */
  language: string | null;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {role}: {formatCount(items.length)} {noun(items.length, "item")} without a counterpart
      </summary>
      {open && (
        <>
          <ul aria-label={`${role} uncovered items`} lang={contentLang(language)}>
            {items.slice(0, SHOWN).map((item) => (
              <li key={item.identifier}>{itemText(item) || item.identifier}</li>
            ))}
          </ul>
          {items.length > SHOWN && (
            <p className="muted">
              The first {formatCount(SHOWN)} of {formatCount(items.length)}.
            </p>
          )}
        </>
      )}
    </details>
  );
}
