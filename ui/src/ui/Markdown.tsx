//! Shows a framework's Markdown text, sanitized; a click on a link opens it in the system
//! browser and never navigates the window.

import { useMemo, type MouseEvent } from "react";

import { isExternalUrl, useBackend } from "../backend";
import { renderMarkdown } from "./markdown";

/** Rendered Markdown with LaTeX. */
export function Markdown({ text, className }: { text: string; className?: string }) {
  const backend = useBackend();
  const html = useMemo(() => renderMarkdown(text), [text]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target instanceof Element ? event.target.closest("a") : null;
    if (!target) return;
    event.preventDefault();
    const href = target.getAttribute("href");
    if (href && isExternalUrl(href)) void backend.openExternal(href).catch(() => undefined);
  };
  return (
    <div
      className={["markdown", className].filter(Boolean).join(" ")}
      onClick={onClick}
      onAuxClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
