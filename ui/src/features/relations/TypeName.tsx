//! An association type's name with what it means: a button that shows the meaning beside the
//! name (a disclosure: Enter, Space or a click; Escape or leaving it hides it), the same words
//! its accessible description and its tooltip. The meaning sits in an element of its own, hidden
//! until shown. A plain focusable name was a Tab stop that Orca 43 left silent (a focused element
//! without a role) and whose meaning the eye saw only as the pointer's tooltip.

import { useId, useState } from "react";

import { type TypeExplanations, explain } from "./associationTypes";

/** `type`, explained by `known`. */
export function TypeName({ type, known }: { type: string; known: TypeExplanations }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const words = explain(known, type);
  return (
    <span className="type-name-box">
      <button
        type="button"
        className="type-name"
        title={words}
        aria-describedby={id}
        aria-expanded={shown}
        data-type={type}
        onClick={() => setShown((s) => !s)}
        onBlur={() => setShown(false)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && shown) {
            event.stopPropagation();
            setShown(false);
          }
        }}
      >
        {type}
      </button>
      <span id={id} className="type-meaning-tip" hidden={!shown}>
        {words}
      </span>
    </span>
  );
}
