import { describe, expect, it } from "vitest";

import type { ClassGradebook } from "../../bindings/ClassGradebook";
import { FORM_KINDS, missingFields, recordOf, scaleValues } from "./formKinds";

const book = { classId: "c1", students: [{ id: "s1", name: "A" }], lineItems: [] } as unknown as ClassGradebook;
const kind = (collection: string) => FORM_KINDS.find((k) => k.collection === collection)!;

describe("the record forms", () => {
  it("name the required fields left empty", () => {
    expect(missingFields(kind("results"), { student: "s1" })).toEqual(["Line item", "Score status", "Score date"]);
    expect(missingFields(kind("categories"), { title: "Labs" })).toEqual([]);
  });

  it("make records with references, numbers, scale values and learning objective scores", () => {
    expect(recordOf(kind("categories"), book, "id1", "now", { title: "Labs", weight: "0,25" })).toEqual({
      sourcedId: "id1",
      status: "active",
      dateLastModified: "now",
      title: "Labs",
      weight: 0.25,
    });
    const scale = recordOf(kind("scoreScales"), book, "id2", "now", {
      title: "Letters",
      type: "letter",
      scoreScaleValue: "A=90–100; B",
    });
    expect(scale).toMatchObject({
      class: { sourcedId: "c1", type: "class" },
      scoreScaleValue: [
        { itemValueLHS: "A", itemValueRHS: "90–100" },
        { itemValueLHS: "B", itemValueRHS: "B" },
      ],
    });
    const child = recordOf(kind("assessmentLineItems"), book, "id3", "now", {
      title: "Part 2",
      parentAssessmentLineItem: "p1",
    });
    expect(child.parentAssessmentLineItem).toEqual({ sourcedId: "p1", type: "assessmentLineItem" });
    const result = recordOf(
      kind("assessmentResults"),
      book,
      "id4",
      "now",
      { assessmentLineItem: "a1", student: "s1", scoreStatus: "fully graded", scoreDate: "2026-01-05" },
      [
        { identifier: "9f0c", label: "A.1", score: "3" },
        { identifier: "9f0d", label: "A.2", score: "" },
      ],
    );
    expect(result.learningObjectiveSet).toEqual([
      {
        source: "case",
        learningObjectiveResults: [{ learningObjectiveId: "9f0c", score: 3 }, { learningObjectiveId: "9f0d" }],
      },
    ]);
    expect(scaleValues(" ; ")).toEqual([]);
  });
});
