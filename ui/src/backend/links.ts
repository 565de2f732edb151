//! Which links may leave the app: http, https and mailto only.

const EXTERNAL = /^(https?:|mailto:)/i;

/** Whether `url` is an absolute http(s) or mailto URL. */
export function isExternalUrl(url: string): boolean {
  const trimmed = url.trim();
  if (!EXTERNAL.test(trimmed)) return false;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === "http:" || parsed.protocol === "https:" || parsed.protocol === "mailto:";
  } catch {
    return false;
  }
}
