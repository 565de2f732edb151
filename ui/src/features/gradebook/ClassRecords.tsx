//! The class's categories, score scales, assessment line items and assessment results as the
//! server holds them, each deletable after a confirmation that names it and what is left
//! pointing at nothing.

import { useState } from "react";

import type { ClassGradebook } from "../../bindings/ClassGradebook";
import { Confirmation, KEEP } from "../../ui/Confirmation";
import { dependentLineItems } from "./gradebookModel";

type Kind = "categories" | "scoreScales" | "assessmentLineItems" | "assessmentResults";

interface Row {
  kind: Kind;
  id: string;
  title: string;
  detail: string;
}

/** The categories and scales of `book`, with Delete… when `canDelete`. */
export function ClassRecords({
  book,
  canDelete,
  onDelete,
}: {
  book: ClassGradebook;
  canDelete: boolean;
  onDelete: (kind: Kind, id: string, label: string) => void;
}) {
  const [confirming, setConfirming] = useState<Row | null>(null);
  const rows: Row[] = [
    ...book.categories.map((c) => ({
      kind: "categories" as const,
      id: c.id,
      title: c.title,
      detail: c.weight !== null ? `weight ${c.weight}` : "no weight",
    })),
    ...book.scales.map((s) => ({ kind: "scoreScales" as const, id: s.id, title: s.title, detail: s.values.join(" ") })),
    ...book.assessmentLineItems.map((a) => ({
      kind: "assessmentLineItems" as const,
      id: a.id,
      title: a.title,
      detail: "",
    })),
    ...book.assessmentResults.map((a) => ({
      kind: "assessmentResults" as const,
      id: a.id,
      title: a.title,
      detail: "",
    })),
  ];
  if (rows.length === 0) return null;
  const noun = (kind: Kind) =>
    ({
      categories: "category",
      scoreScales: "score scale",
      assessmentLineItems: "assessment line item",
      assessmentResults: "assessment result",
    })[kind];
  return (
    <section className="gb-class-records" aria-label="The class's records">
      <h3>The class's categories, score scales and assessments</h3>
      <ul>
        {rows.map((row) => (
          <li key={`${row.kind}/${row.id}`}>
            <span className="badge">{noun(row.kind)}</span> {row.title} <span className="muted">{row.detail}</span>{" "}
            <button
              type="button"
              disabled={!canDelete}
              title={canDelete ? undefined : "The server did not grant gradebook.delete"}
              onClick={() => setConfirming(row)}
            >
              Delete…
            </button>
          </li>
        ))}
      </ul>
      {confirming && (
        <Confirmation
          label={`Delete the ${noun(confirming.kind)}?`}
          className="gb-question"
          initial={KEEP}
          onCancel={() => setConfirming(null)}
        >
          <p>
            Delete the {noun(confirming.kind)} “{confirming.title}”?{" "}
            {(() => {
              if (confirming.kind === "assessmentLineItems")
                return "Its assessment results, and any assessment line item it is the parent of, stay on the server without it.";
              if (confirming.kind === "assessmentResults") return "Nothing depends on it.";
              if (confirming.kind !== "categories" && confirming.kind !== "scoreScales") return null;
              const users = dependentLineItems(book, confirming.kind, confirming.id);
              return users.length > 0
                ? `${users.length} line ${users.length === 1 ? "item names" : "items name"} it and will point at nothing: ${users.join(", ")}.`
                : "No line item of this class names it.";
            })()}
          </p>
          <button
            type="button"
            className="danger"
            onClick={() => {
              const row = confirming;
              setConfirming(null);
              onDelete(row.kind, row.id, `${noun(row.kind)[0]!.toUpperCase()}${noun(row.kind).slice(1)}: ${row.title}`);
            }}
          >
            Delete “{confirming.title}”
          </button>
          <button type="button" onClick={() => setConfirming(null)}>
            Keep it
          </button>
        </Confirmation>
      )}
    </section>
  );
}
