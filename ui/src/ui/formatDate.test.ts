import { describe, expect, it } from "vitest";
import { formatLocalDate } from "./formatDate";

describe("formatLocalDate", () => {
  it("shows a date alone as its calendar day, in the user's locale", () => {
    const text = formatLocalDate("2025-09-08");
    expect(text).toMatch(/2025/);
    expect(text).toMatch(/8/);
    expect(text).not.toMatch(/T|:/);
  });

  it("shows a date-time's time of day only when asked", () => {
    expect(formatLocalDate("2025-09-08T14:30:00Z", true)).toMatch(/:/);
    expect(formatLocalDate("2025-09-08T14:30:00Z")).not.toMatch(/:|T/);
  });

  it("gives null for what it cannot read", () => {
    expect(formatLocalDate("next Tuesday")).toBeNull();
  });
});
