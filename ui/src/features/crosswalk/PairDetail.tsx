//! A crosswalk pair side by side: each item's code, statement (sanitized Markdown) and framework.

import type { CrosswalkPair } from "../../bindings/CrosswalkPair";
import type { FrameworkKey } from "../../bindings/FrameworkKey";
import type { ItemSummary } from "../../bindings/ItemSummary";
import { contentLang } from "../../ui/contentLang";
import { Markdown } from "../../ui/Markdown";

function Side({
  heading,
  item,
  framework,
  language,
}: {
  heading: string;
  item: ItemSummary;
  framework: string;
  language: string | null;
}) {
  // The statement in its framework's language where it is not the window's (WCAG 3.1.2).
  return (
    <div className="pair-side">
      <h4>
        {heading} <span className="muted">{framework}</span>
      </h4>
      {item.code && <div className="code">{item.code}</div>}
      {item.statement ? (
        <div lang={contentLang(language)}>
          <Markdown text={item.statement} />
        </div>
      ) : (
        <p className="muted">No statement.</p>
      )}
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
  from: { key: FrameworkKey; title: string; language: string | null };
  to: { key: FrameworkKey; title: string; language: string | null };
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
        <Side heading="From" item={pair.from} framework={from.title} language={from.language} />
        <Side heading="To" item={pair.to} framework={to.title} language={to.language} />
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
