//! The detail pane: the selected node's breadcrumbs, statements and notes (Markdown with LaTeX,
//! sanitized), every field of its record (extensions included) and its associations. The title,
//! breadcrumbs and field values carry the record's language (or its framework's) when it is not
//! the window's (WCAG 3.1.2).

import { FieldName } from "../../ui/FieldName";
import type { JsonValue } from "../../bindings/serde_json/JsonValue";
import { contentLang } from "../../ui/contentLang";
import { ErrorView } from "../../ui/ErrorView";
import { ItemRubrics } from "../rubrics/ItemRubrics";
import { useOpenInGraph } from "../relations/useExploration";
import { Markdown } from "../../ui/Markdown";
import { Associations } from "./Associations";
import { Breadcrumbs } from "./Breadcrumbs";
import { useExplorer } from "./ExplorerContext";
import { JsonValueView } from "./JsonValueView";
import { MARKDOWN_FIELDS, recordFields } from "./recordFields";
import { useItemDetail } from "./useItemDetail";

function FieldValue({ name, value }: { name: string; value: JsonValue }) {
  if (MARKDOWN_FIELDS.has(name) && typeof value === "string") return <Markdown text={value} />;
  return <JsonValueView value={value} />;
}

/** The item panel. */
export function ItemPanel() {
  const { framework, selected, outline } = useExplorer();
  const openInGraph = useOpenInGraph();
  const detail = useItemDetail(framework, selected?.identifier ?? null);
  const record = detail.data?.record;
  const own = record && typeof record === "object" && !Array.isArray(record) ? record.language : undefined;
  const lang = contentLang(own ?? outline?.language);
  return (
    <section role="region" aria-label="Item details" className="item-panel">
      {!selected && <p className="empty">Select an item in the tree to see its fields and associations.</p>}
      {selected && detail.isPending && (
        <p className="empty" role="status">
          Loading…
        </p>
      )}
      {selected && detail.error && <ErrorView error={detail.error} onRetry={() => void detail.refetch()} />}
      {selected && detail.data && (
        <>
          <h2 className="item-title" lang={lang}>
            {detail.data.title}
          </h2>
          <p className="muted">
            {detail.data.kind === "document"
              ? "Framework document"
              : detail.data.kind === "item"
                ? "Item"
                : detail.data.kind}
            {" · "}
            <span className="ident">{detail.data.identifier}</span>{" "}
            <button
              type="button"
              className="link"
              title="Explore this node's associations in the full-size graph"
              onClick={() => openInGraph(detail.data.identifier)}
            >
              Open in graph
            </button>
          </p>
          <Breadcrumbs paths={detail.data.breadcrumbs} lang={contentLang(outline?.language)} />
          <h3>Fields</h3>
          {detail.data.record === null ? (
            <p className="muted">This node has no record in the cache.</p>
          ) : (
            <dl className="fields">
              {recordFields(detail.data.record).map(([name, value]) => (
                <div key={name} className="field">
                  <dt>
                    <FieldName name={name} />
                  </dt>
                  <dd lang={lang}>
                    <FieldValue name={name} value={value} />
                  </dd>
                </div>
              ))}
            </dl>
          )}
          <Associations groups={detail.data.associations} />
          {framework && <ItemRubrics framework={framework} identifier={detail.data.identifier} />}
        </>
      )}
    </section>
  );
}
