//! The `lang` to mark content with (WCAG 3.1.2, language of parts): a CASE record's `language`
//! (ISO 639-2 such as `spa`, or a BCP 47 tag such as `es-MX`) made a BCP 47 tag by the platform's
//! own `Intl.getCanonicalLocales` (`spa` → `es`), and given only where its language differs from
//! the window's; nothing for a missing or malformed one.

/** The window's own language: the document's `lang` (English when it has none). */
function pageLanguage(): string {
  return document.documentElement.lang || "en";
}

/** The primary language subtag of a BCP 47 tag, lower case. */
function primary(tag: string): string {
  return tag.split("-")[0]!.toLowerCase();
}

/** The `lang` for content in `language`, or undefined where the window's own language holds. */
export function contentLang(language: unknown, page: string = pageLanguage()): string | undefined {
  if (typeof language !== "string" || language.trim() === "") return undefined;
  let tag: string | undefined;
  try {
    tag = Intl.getCanonicalLocales(language.trim())[0];
  } catch {
    return undefined;
  }
  if (!tag || tag === "und") return undefined;
  let own = page;
  try {
    own = Intl.getCanonicalLocales(page)[0] ?? page;
  } catch {
    // A malformed page language compares as written.
  }
  return primary(tag) === primary(own) ? undefined : tag;
}
