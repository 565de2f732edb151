//! Every error code the backend sends has its own plain words, and none but a bug asks the
//! user to report one.

import { describe, expect, it } from "vitest";

import type { ErrorCode } from "../bindings/ErrorCode";
import { ERROR_CODES, toAppError } from "../backend/errors";
import { errorText, explain } from "./errorText";

const BUG = /report/i;

describe("errorText", () => {
  it("has its own heading and advice for every code", () => {
    expect(ERROR_CODES).toHaveLength(14);
    const headings = new Set<string>();
    for (const code of ERROR_CODES) {
      const { heading, advice } = errorText(code);
      expect(heading, code).not.toBe("");
      expect(advice, code).not.toBe("");
      headings.add(heading);
    }
    expect(headings.size).toBe(ERROR_CODES.length);
  });

  it("asks for a bug report only for an internal error", () => {
    for (const code of ERROR_CODES.filter((c) => c !== "internal")) {
      expect(errorText(code).advice, code).not.toMatch(BUG);
    }
    expect(errorText("internal").advice).toMatch(BUG);
  });

  it("tells a full disk to free space or choose another folder", () => {
    const { heading, advice } = errorText("io");
    expect(heading).toMatch(/file could not be written/);
    expect(advice).toMatch(/disk may be full/);
    expect(advice).toMatch(/another folder/);
  });

  it("says in plain words that the system keyring is unavailable and nothing was saved", () => {
    const { heading, advice } = errorText("keyring");
    expect(heading).toBe("The system keyring is unavailable");
    expect(advice).toMatch(/nothing was saved/);
    expect(advice).toMatch(/GNOME Keyring/);
  });

  it.each<[ErrorCode, RegExp]>([
    ["sandbox", /built-in sandbox could not start/],
    ["sync", /sync did not complete/],
    ["unsent", /gradebook changes not sent/],
    ["forbidden", /Not allowed/],
  ])("gives %s its own heading", (code, heading) => {
    expect(errorText(code).heading).toMatch(heading);
  });

  it("reads an AppError by its code", () => {
    expect(explain({ code: "io", message: "cannot write /x: No space left on device", detail: null })).toEqual(
      errorText("io"),
    );
  });

  it("gives a code the UI does not know (an older window) the words for a bug", () => {
    expect(errorText("brand_new" as ErrorCode)).toEqual(errorText("internal"));
  });

  it("treats a rejection with an unknown code as internal, keeping its message", () => {
    const error = toAppError({ code: "brand_new", message: "odd", detail: null });
    expect(error).toEqual({ code: "internal", message: "odd", detail: null });
  });
});
