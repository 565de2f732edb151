import { describe, expect, it } from "vitest";

import { contentLang } from "./contentLang";

describe("the language of framework content", () => {
  it("turns CASE's ISO 639-2 codes into BCP 47 tags, given where they differ from the window's", () => {
    expect(contentLang("spa", "en")).toBe("es");
    expect(contentLang("fre", "en")).toBe("fr");
    expect(contentLang("es-MX", "en")).toBe("es-MX");
    expect(contentLang(" deu ", "en")).toBe("de");
  });

  it("gives nothing where the content is in the window's language", () => {
    expect(contentLang("eng", "en")).toBeUndefined();
    expect(contentLang("en-US", "en")).toBeUndefined();
    expect(contentLang("spa", "es")).toBeUndefined();
  });

  it("gives nothing for a missing or malformed language", () => {
    expect(contentLang(null, "en")).toBeUndefined();
    expect(contentLang(undefined, "en")).toBeUndefined();
    expect(contentLang("", "en")).toBeUndefined();
    expect(contentLang("not a language!", "en")).toBeUndefined();
    expect(contentLang(42, "en")).toBeUndefined();
    expect(contentLang("und", "en")).toBeUndefined();
  });
});
