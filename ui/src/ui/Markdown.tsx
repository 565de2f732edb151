//! Shows a framework's Markdown text, sanitized; a click on a link opens it in the system
//! browser and never navigates the window.

import { useMemo, useSyncExternalStore, type MouseEvent } from "react";

import { isExternalUrl, useBackend } from "../backend";
import { markdownRenderer, onMarkdownReady } from "./markdownRenderer";

/** Rendered Markdown with LaTeX (plain text for the moment the renderer is still loading). */
export function Markdown({ text, className }: { text: string; className?: string }) {
  const backend = useBackend();
  const renderer = useSyncExternalStore(onMarkdownReady, markdownRenderer);
  const html = useMemo(() => renderer?.renderMarkdown(text) ?? null, [renderer, text]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target instanceof Element ? event.target.closest("a") : null;
    if (!target) return;
    event.preventDefault();
    const href = target.getAttribute("href");
    if (href && isExternalUrl(href)) void backend.openExternal(href).catch(() => undefined);
  };
  const classes = ["markdown", className].filter(Boolean).join(" ");
  if (html === null) {
    return (
      <div className={`${classes} markdown-plain`}>
        <p>{text}</p>
      </div>
    );
  }
  return <div className={classes} onClick={onClick} onAuxClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
