//! The part of a drawing that has the keyboard's focus (the Graph tab's node, the map's segment)
//! as an element of its own, which the drawing names as its `aria-activedescendant`.
//!
//! A drawing is one element to assistive technology; its focused part used to be told by the
//! drawing's name, changed in place, and Orca (43) read none of the changes. WebKitGTK reports an
//! active descendant as the focus moving to it — but only in the roles it supports one in (list
//! box, tree, grid, combo box, list) — and a screen reader reads an element it has read before as
//! it was. So the drawing is a list box (the Graph tab: its nodes) or a tree (the map: its
//! segments), its focused part an option or tree item drawn as a new element, with a new id,
//! whenever its words change — as the results grid's cells (`ResultsGrid.tsx`) and the tree's
//! rows (`VirtualTree.tsx`) are. Both roles are widgets a screen reader with browse and focus
//! modes passes keys to; Orca 43's WebKitGTK script has no such modes and keeps its one-letter
//! keys (P, A, L, I) until Orca+Z.

import { useCallback, useEffect, useId, useState } from "react";

import { wordsVersion } from "./wordsVersion";

/** Where a part stands among the parts it is listed with. */
export interface Place {
  /** 0-based. */
  index: number;
  count: number;
  /** Its level, in a tree. */
  level?: number;
}

/**
 * A drawing's focused part and what the last key did: `tell(text, about)` says `text` of the
 * part `about` (numbered, so the same words said again are read again); `partOf` makes the
 * focused part, which carries the words while it is the part they are about. `active` is the
 * part that has the focus now: once it is another, the words are forgotten, so that coming back
 * to their part later (by a click, the search, a filter's fallback) reads it without them.
 */
export function useActivePart(active: string | null) {
  const base = useId();
  const [note, setNote] = useState({ text: "", about: "", seq: 0 });
  const tell = useCallback((text: string, about: string) => setNote((n) => ({ text, about, seq: n.seq + 1 })), []);
  useEffect(() => {
    setNote((n) => (n.about !== "" && n.about !== active ? { text: "", about: "", seq: n.seq } : n));
  }, [active]);
  const partOf = (about: string, name: string, place: Place): Part => {
    const own = note.about === about ? note : { text: "", seq: 0 };
    const words = [about, name, own.text, own.seq].join("\u0000");
    return { id: `${base}-part-${wordsVersion(words)}`, name, description: own.text, ...place };
  };
  return { tell, partOf };
}

/** The focused part: its id, what it is, and where it is among its kind. */
export interface Part extends Place {
  id: string;
  /** What the part is, read as its name. */
  name: string;
  /** How the focus came to it, or what the last key did (read after the name). */
  description: string;
}

/**
 * The focused part, unseen: an option of the drawing's list box, or a tree item of its tree.
 * Render it inside the drawing's focusable element with its id as its React key, and name that
 * id as the drawing's `aria-activedescendant`.
 */
export function ActivePart({ part, role }: { part: Part; role: "option" | "treeitem" }) {
  const how = part.description ? `${part.id}-how` : undefined;
  return (
    <div
      id={part.id}
      className="sr-only"
      role={role}
      aria-selected="true"
      aria-label={part.name}
      aria-describedby={how}
      aria-posinset={part.index + 1}
      aria-setsize={part.count}
      aria-level={part.level}
    >
      {how && (
        <span id={how} hidden>
          {part.description}
        </span>
      )}
    </div>
  );
}
