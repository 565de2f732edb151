//! A crosswalk pair side by side: each item's code, statement (sanitized Markdown) and framework.

import type { CrosswalkPair } from "../../bindings/CrosswalkPair";
import type { FrameworkKey } from "../../bindings/FrameworkKey";
import type { ItemSummary } from "../../bindings/ItemSummary";
import { Markdown } from "../../ui/Markdown";

function Side({ heading, item, framework }: { heading: string; item: ItemSummary; framework: string }) {
  return (
    <div className="pair-side">
      <h4>
        {heading} <span className="muted">{framework}</span>
      </h4>
      {item.code && <div className="code">{item.code}</div>}
      {item.statement ? <Markdown text={item.statement} /> : <p className="muted">No statement.</p>}
      <div className="ident muted">{item.identifier}</div>
    </div>
  );
}

/** Both items of `pair`; `onOpen` opens one in the explorer. */
export function PairDetail({
  pair,
  from,
  to,
  onOpen,
}: {
  pair: CrosswalkPair;
  from: { key: FrameworkKey; title: string };
  to: { key: FrameworkKey; title: string };
  onOpen: (key: FrameworkKey, identifier: string) => void;
}) {
  return (
    <section role="region" aria-label="Selected pair" className="pair-detail">
      <p>
        <strong>{pair.associationType}</strong>{" "}
        <span className="muted">
          {pair.fromTo ? "from → to" : "to → from"}
          {pair.byUri ? " · matched by URI" : ""}
        </span>
      </p>
      <div className="pair-sides">
        <Side heading="From" item={pair.from} framework={from.title} />
        <Side heading="To" item={pair.to} framework={to.title} />
      </div>
      <div className="toolbar">
        <button type="button" onClick={() => onOpen(from.key, pair.from.identifier)}>
          Open the From item
        </button>
        <button type="button" onClick={() => onOpen(to.key, pair.to.identifier)}>
          Open the To item
        </button>
      </div>
    </section>
  );
}
