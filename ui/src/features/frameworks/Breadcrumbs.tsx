//! Every path from the document to the selected node; each crumb selects its node. The crumbs
//! carry the framework's language (`lang`) when it is not the window's.

import type { Crumb } from "../../bindings/Crumb";
import { useExplorer, useExplorerStore } from "./ExplorerContext";

/** The breadcrumbs of the selected node. */
export function Breadcrumbs({ paths, lang }: { paths: Crumb[][]; lang?: string | undefined }) {
  const store = useExplorerStore();
  const { framework } = useExplorer();
  if (paths.length === 0) return null;
  const open = (crumb: Crumb) => {
    if (!framework) return;
    if (crumb.identifier === framework.identifier) store.selectNode(crumb.identifier);
    else void store.navigate({ key: framework, identifier: crumb.identifier });
  };
  return (
    <nav className="crumbs" aria-label="Breadcrumbs">
      {paths.map((path, p) => (
        <ol key={p} aria-label={paths.length > 1 ? `Path ${p + 1} of ${paths.length}` : "Path"}>
          {path.map((crumb, i) => (
            <li key={`${crumb.identifier}-${i}`}>
              <button
                type="button"
                className="link"
                lang={lang}
                aria-current={i === path.length - 1 ? "location" : undefined}
                onClick={() => open(crumb)}
              >
                {crumb.label}
              </button>
            </li>
          ))}
        </ol>
      ))}
    </nav>
  );
}
