//! A record's field name (`abbreviatedStatement`, `cairn:originalURI`) that wraps between its
//! words — at a camelCase hump, after a colon — rather than in the middle of one.

import { Fragment } from "react";

/** The name cut where a line may break: before each capital that follows a lower-case letter, and after `:`. */
export function nameParts(name: string): string[] {
  return name.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=:)/u);
}

/** The name, with a break opportunity between its words. */
export function FieldName({ name }: { name: string }) {
  const parts = nameParts(name);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
