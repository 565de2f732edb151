//! The theme setting: `light`, `dark` and `high-contrast` set `data-theme` on the document, which
//! the CSS variables follow; `system` follows the system — its light or dark through the CSS's
//! media query, and high contrast whenever it asks for more contrast (`prefers-contrast: more`)
//! or forces its colours (`forced-colors: active`), watched as it changes.

import { useEffect, useState } from "react";

import type { Theme } from "../bindings/Theme";
import { useSettings } from "../features/connections/queries";

/** The system's wishes that make "Follow the system" high contrast. */
export const SYSTEM_HIGH_CONTRAST = ["(prefers-contrast: more)", "(forced-colors: active)"];

/** The system's media queries for those wishes (none where the page cannot ask). */
function queries(): MediaQueryList[] {
  return typeof window.matchMedia === "function" ? SYSTEM_HIGH_CONTRAST.map((q) => window.matchMedia(q)) : [];
}

/** Whether the system asks for more contrast now, kept current as it changes. */
function useSystemHighContrast(): boolean {
  const [more, setMore] = useState(() => queries().some((q) => q.matches));
  useEffect(() => {
    const watched = queries();
    const update = () => setMore(watched.some((q) => q.matches));
    update();
    for (const q of watched) q.addEventListener("change", update);
    return () => {
      for (const q of watched) q.removeEventListener("change", update);
    };
  }, []);
  return more;
}

/** The `data-theme` the document takes for `theme` (none: the system's light or dark). */
export function documentTheme(theme: Theme, systemHighContrast: boolean): string | null {
  if (theme === "system") return systemHighContrast ? "high-contrast" : null;
  return theme;
}

export function useTheme(): void {
  const theme = useSettings().data?.theme ?? "system";
  const systemHighContrast = useSystemHighContrast();
  useEffect(() => {
    const root = document.documentElement;
    const shown = documentTheme(theme, systemHighContrast);
    if (shown) root.dataset.theme = shown;
    else delete root.dataset.theme;
  }, [theme, systemHighContrast]);
}
