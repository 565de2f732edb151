//! The main pane of the Frameworks area: the open framework's tree, and apart from it the
//! orphans (sub-forests with no path to the document) and the cycles.

import { useCallback, useMemo } from "react";

import { contentLang } from "../../ui/contentLang";
import { ErrorView } from "../../ui/ErrorView";
import { useFiles } from "../files/FilesContext";
import { useOpenInGraph } from "../relations/useExploration";
import { VirtualTree, type RowMenuItem } from "../../ui/VirtualTree";
import { useExplorer, useExplorerStore } from "./ExplorerContext";
import { flatten, posKey, type FlatRow } from "./treeModel";
import { TreeRowView } from "./TreeRowView";
import { formatCount, noun } from "../../ui/formatCount";

/** The open framework's tree. */
export function FrameworkTree() {
  const store = useExplorerStore();
  const state = useExplorer();
  const files = useFiles();
  const openInGraph = useOpenInGraph();
  const { outline, children, expanded, selected, active, reveal } = state;
  const rows = useMemo(
    () => (outline ? flatten(outline.roots, children, expanded) : []),
    [outline, children, expanded],
  );
  const orphanRows = useMemo(
    () => (outline ? flatten(outline.orphans, children, expanded) : []),
    [outline, children, expanded],
  );
  const selectedKey = selected?.position ? posKey(selected.position) : null;
  const onSelect = useCallback((row: FlatRow) => store.select(row.position), [store]);
  const onToggle = useCallback((row: FlatRow, expand: boolean) => void store.toggle(row.position, expand), [store]);
  const onSiblings = useCallback((row: FlatRow) => void store.expandSiblings(row.position), [store]);
  const onActive = useCallback((key: string) => store.setActive(key), [store]);
  const { framework } = state;
  const title = outline?.title;
  const menu = useCallback(
    (row: FlatRow): RowMenuItem[] => [
      ...(row.hasChildren
        ? [
            { label: "Expand all below", run: () => void store.expandAllBelow(row.position) },
            { label: "Collapse all below", run: () => store.collapseAllBelow(row.position) },
            {
              label: "Print this subtree…",
              run: () =>
                framework &&
                files.openPrint({
                  source: { kind: "framework", key: framework, subtree: null },
                  title: title ?? "",
                  subtree: {
                    identifier: row.row.identifier,
                    label: row.row.humanCodingScheme || row.row.statement.slice(0, 40),
                  },
                }),
            },
          ]
        : []),
      {
        label: "Open in graph",
        run: () => {
          store.select(row.position);
          openInGraph(row.row.identifier);
        },
      },
    ],
    [store, files, framework, title, openInGraph],
  );
  // The framework's own language on its content, where it is not the window's (WCAG 3.1.2).
  const lang = contentLang(outline?.language);
  const renderRow = useCallback((row: FlatRow) => <TreeRowView row={row} lang={lang} />, [lang]);

  if (!state.framework) {
    return <p className="empty">Pick a framework in the list to see its tree.</p>;
  }
  if (state.outlineError) {
    return (
      <ErrorView
        error={state.outlineError}
        onRetry={() => state.framework && void store.openFramework(state.framework)}
      />
    );
  }
  if (!outline)
    return (
      <p className="empty" role="status">
        Opening the framework…
      </p>
    );
  const activeInOrphans = orphanRows.some((r) => r.key === active);
  // What the main tree and the orphans' tree share: selection, actions, menu and row rendering.
  const treeProps = {
    selectedKey,
    onActiveChange: onActive,
    onSelect,
    onToggle,
    onExpandSiblings: onSiblings,
    menu,
    renderRow,
  };
  // Keyed by framework: each framework gets its own tree element, scroll and focus.
  return (
    <div className="tree-pane" key={`${outline.key.connection}\u001e${outline.key.identifier}`}>
      <h2 className="pane-title">
        <span lang={lang}>{outline.title}</span>{" "}
        <span className="num muted">
          {formatCount(outline.itemCount)} {noun(outline.itemCount, "item")}
        </span>
      </h2>
      {state.error && <ErrorView error={state.error} />}
      {rows.length === 0 ? (
        <p className="empty">This framework has no items under its document.</p>
      ) : (
        <VirtualTree
          {...treeProps}
          label="Framework tree"
          className="main-tree"
          rows={rows}
          activeKey={activeInOrphans ? null : active}
          reveal={reveal && !activeInOrphans ? reveal : null}
        />
      )}
      {(outline.orphans.length > 0 || outline.cycles.length > 0) && (
        <section className="apart" aria-label="Orphans and cycles">
          <h3>Apart from the tree</h3>
          {outline.orphans.length > 0 && (
            <>
              <p className="muted">Orphans: items with no path to the document ({outline.orphans.length}).</p>
              <VirtualTree
                {...treeProps}
                label="Orphans"
                className="orphan-tree"
                rows={orphanRows}
                activeKey={activeInOrphans ? active : null}
                reveal={reveal && activeInOrphans ? reveal : null}
              />
            </>
          )}
          {outline.cycles.length > 0 && (
            <>
              <p className="muted">Cycles of isChildOf links (cut in the tree):</p>
              <ul className="cycles" aria-label="Cycles">
                {outline.cycles.map((cycle) => (
                  <li key={cycle.join(" ")}>
                    {cycle.map((id, i) => (
                      <span key={`${id}-${i}`}>
                        {i > 0 && " → "}
                        <button
                          type="button"
                          className="link"
                          onClick={() =>
                            state.framework && void store.navigate({ key: state.framework, identifier: id })
                          }
                        >
                          {id}
                        </button>
                      </span>
                    ))}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </div>
  );
}
