//! The forms of the PUT kinds other than the line item (which has its own): per kind its fields
//! with the required ones marked, and the record a filled form makes (a new UUID, status,
//! references as `{sourcedId, type}`, which the backend gives their `href`).

import type { ClassGradebook } from "../../bindings/ClassGradebook";

/** The scoreStatus vocabulary (an `ext:` term may be typed too). */
export const SCORE_STATUSES = [
  "fully graded",
  "partially graded",
  "submitted",
  "not submitted",
  "exempt",
  "late",
  "incomplete",
  "missing",
  "withdrawal",
  "in progress",
];

/** A field of a form. */
export interface FormField {
  /** The record's property. */
  name: string;
  label: string;
  kind: "text" | "number" | "date" | "status" | "ref";
  required?: boolean;
  /** For references: the GUIDRef type, and the choices a gradebook offers. */
  refType?: string;
  choices?: (book: ClassGradebook) => Array<[string, string]>;
}

/** A kind of record with a form. */
export interface FormKind {
  collection: string;
  noun: string;
  fields: FormField[];
  /** What the class fills in (a reference to the class, a type). */
  fixed?: (book: ClassGradebook) => Record<string, unknown>;
  /** Learning objective scores picked from the cached frameworks. */
  objectives?: boolean;
}

const students = (book: ClassGradebook): Array<[string, string]> => book.students.map((s) => [s.id, s.name]);
const assessmentLineItems = (book: ClassGradebook): Array<[string, string]> =>
  book.assessmentLineItems.map((a) => [a.id, a.title]);
const lineItems = (book: ClassGradebook): Array<[string, string]> => book.lineItems.map((l) => [l.id, l.title]);

export const FORM_KINDS: FormKind[] = [
  {
    collection: "results",
    noun: "Result",
    fields: [
      { name: "lineItem", label: "Line item", kind: "ref", refType: "lineItem", required: true, choices: lineItems },
      { name: "student", label: "Student", kind: "ref", refType: "user", required: true, choices: students },
      { name: "scoreStatus", label: "Score status", kind: "status", required: true },
      { name: "scoreDate", label: "Score date", kind: "date", required: true },
      { name: "score", label: "Score", kind: "number" },
      { name: "textScore", label: "Text score", kind: "text" },
      { name: "comment", label: "Comment", kind: "text" },
    ],
    fixed: (book) => ({ class: { sourcedId: book.classId, type: "class" } }),
  },
  {
    collection: "categories",
    noun: "Category",
    fields: [
      { name: "title", label: "Title", kind: "text", required: true },
      { name: "weight", label: "Weight (0–1)", kind: "number" },
    ],
  },
  {
    collection: "scoreScales",
    noun: "Score scale",
    fields: [
      { name: "title", label: "Title", kind: "text", required: true },
      { name: "type", label: "Type", kind: "text", required: true },
      { name: "scoreScaleValue", label: "Values (A=90–100; B=80–89; …)", kind: "text", required: true },
    ],
    fixed: (book) => ({ class: { sourcedId: book.classId, type: "class" } }),
  },
  {
    collection: "assessmentLineItems",
    noun: "Assessment line item",
    fields: [
      { name: "title", label: "Title", kind: "text", required: true },
      { name: "description", label: "Description", kind: "text" },
      {
        name: "parentAssessmentLineItem",
        label: "Parent assessment line item",
        kind: "ref",
        refType: "assessmentLineItem",
        choices: assessmentLineItems,
      },
      { name: "resultValueMin", label: "Minimum", kind: "number" },
      { name: "resultValueMax", label: "Maximum", kind: "number" },
    ],
    fixed: (book) => ({ class: { sourcedId: book.classId, type: "class" } }),
  },
  {
    collection: "assessmentResults",
    noun: "Assessment result",
    fields: [
      {
        name: "assessmentLineItem",
        label: "Assessment line item",
        kind: "ref",
        refType: "assessmentLineItem",
        required: true,
        choices: assessmentLineItems,
      },
      { name: "student", label: "Student", kind: "ref", refType: "user", required: true, choices: students },
      { name: "scoreStatus", label: "Score status", kind: "status", required: true },
      { name: "scoreDate", label: "Score date", kind: "date", required: true },
      { name: "score", label: "Score", kind: "number" },
      { name: "comment", label: "Comment", kind: "text" },
    ],
    objectives: true,
  },
];

/** A learning objective's score in a form: the CASE item and the score typed. */
export interface ObjectiveScore {
  identifier: string;
  label: string;
  score: string;
}

/** The required fields left empty, by label. */
export function missingFields(kind: FormKind, values: Record<string, string>): string[] {
  return kind.fields.filter((f) => f.required && !(values[f.name] ?? "").trim()).map((f) => f.label);
}

/** `A=90–100; B=80–89` as score scale values. */
export function scaleValues(text: string): Array<{ itemValueLHS: string; itemValueRHS: string }> {
  return text
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [lhs, ...rhs] = part.split("=");
      return { itemValueLHS: (lhs ?? "").trim(), itemValueRHS: rhs.join("=").trim() || (lhs ?? "").trim() };
    });
}

/** The record a filled form makes. */
export function recordOf(
  kind: FormKind,
  book: ClassGradebook,
  id: string,
  now: string,
  values: Record<string, string>,
  objectives: ObjectiveScore[] = [],
): Record<string, unknown> {
  const record: Record<string, unknown> = {
    sourcedId: id,
    status: "active",
    dateLastModified: now,
    ...(kind.fixed?.(book) ?? {}),
  };
  for (const field of kind.fields) {
    const value = (values[field.name] ?? "").trim();
    if (!value) continue;
    if (field.kind === "number") record[field.name] = Number(value.replace(",", "."));
    else if (field.kind === "ref") record[field.name] = { sourcedId: value, type: field.refType };
    else if (field.name === "scoreScaleValue") record[field.name] = scaleValues(value);
    else record[field.name] = value;
  }
  if (kind.objectives && objectives.length > 0) {
    record.learningObjectiveSet = [
      {
        source: "case",
        learningObjectiveResults: objectives.map((o) => {
          const score = o.score.trim() ? Number(o.score.replace(",", ".")) : undefined;
          return score === undefined
            ? { learningObjectiveId: o.identifier }
            : { learningObjectiveId: o.identifier, score };
        }),
      },
    ];
  }
  return record;
}
