//! The theme setting: `system` follows the system's light or dark (the CSS's media query);
//! `light` and `dark` set `data-theme` on the document, which the CSS variables follow.

import { useEffect } from "react";

import { useSettings } from "../features/connections/queries";

export function useTheme(): void {
  const theme = useSettings().data?.theme ?? "system";
  useEffect(() => {
    const root = document.documentElement;
    if (theme === "light" || theme === "dark") root.dataset.theme = theme;
    else delete root.dataset.theme;
  }, [theme]);
}
