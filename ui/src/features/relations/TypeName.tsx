//! An association type's name with what it means: a tooltip, and the same words as its
//! accessible description (focusable, so a keyboard or screen reader reaches it; the words sit
//! in a hidden element beside it, read only as the description).

import { useId } from "react";

import { type TypeExplanations, explain } from "./associationTypes";

/** `type`, explained by `known`. */
export function TypeName({ type, known }: { type: string; known: TypeExplanations }) {
  const id = useId();
  const words = explain(known, type);
  return (
    <>
      <span className="type-name" tabIndex={0} title={words} aria-describedby={id} data-type={type}>
        {type}
      </span>
      <span id={id} hidden>
        {words}
      </span>
    </>
  );
}
