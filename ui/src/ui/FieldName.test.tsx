import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { FieldName, nameParts } from "./FieldName";

describe("FieldName", () => {
  it("cuts at camelCase humps and after colons", () => {
    expect(nameParts("abbreviatedStatement")).toEqual(["abbreviated", "Statement"]);
    expect(nameParts("lastChangeDateTime")).toEqual(["last", "Change", "Date", "Time"]);
    expect(nameParts("CFItemType")).toEqual(["CFItem", "Type"]);
    expect(nameParts("cairn:originalURI")).toEqual(["cairn:", "original", "URI"]);
    expect(nameParts("uri")).toEqual(["uri"]);
  });

  it("reads as the whole name", () => {
    const { container } = render(<FieldName name="humanCodingScheme" />);
    expect(container.textContent).toBe("humanCodingScheme");
    expect(container.querySelectorAll("wbr")).toHaveLength(2);
  });
});
