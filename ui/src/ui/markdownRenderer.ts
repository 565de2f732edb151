//! The Markdown renderer (markdown-it, KaTeX and DOMPurify: 40% of the UI's script) loaded
//! beside the window's start instead of in its path: the import begins as soon as this module is
//! evaluated, and the window's first item panel, a few IPC round trips later, finds it ready. Until
//! then (or if it never loads) text shows as plain text.

type Renderer = typeof import("./markdown");

let renderer: Renderer | null = null;
const listeners = new Set<() => void>();

/** Resolves once the renderer is loaded (or failed to load: text stays plain). */
export const markdownReady: Promise<void> = import("./markdown").then(
  (module) => {
    renderer = module;
    for (const listener of listeners) listener();
  },
  () => undefined,
);

/** The renderer, once loaded. */
export function markdownRenderer(): Renderer | null {
  return renderer;
}

/** Calls `listener` when the renderer arrives; answers the unsubscribe. */
export function onMarkdownReady(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
