//! The tree by association grouping: choose the groupings whose `isChildOf` links build the
//! tree (none chosen: every link), and see which grouping placed each row. A row opens in the
//! explorer's tree.

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { useMainView } from "../../app/mainView";
import { queryKeys } from "../../app/queryKeys";
import { useBackend } from "../../backend";
import type { AppError } from "../../bindings/AppError";
import type { FrameworkKey } from "../../bindings/FrameworkKey";
import type { GroupingTree } from "../../bindings/GroupingTree";
import { ErrorView } from "../../ui/ErrorView";
import { useExplorer, useExplorerStore } from "../frameworks/ExplorerContext";

/** The tree of `key` from `groupings`. */
function useGroupingTree(key: FrameworkKey | null, groupings: string[]) {
  const backend = useBackend();
  return useQuery<GroupingTree, AppError>({
    queryKey: key ? queryKeys.groupingTree(key, groupings) : ["none"],
    queryFn: () => backend.groupingTree(key as FrameworkKey, groupings),
    enabled: Boolean(key),
    placeholderData: (previous) => previous,
  });
}

/** The tree-by-grouping view. */
export function GroupingTreeView() {
  const { framework } = useExplorer();
  const store = useExplorerStore();
  const main = useMainView();
  const [chosen, setChosen] = useState<string[]>([]);
  const tree = useGroupingTree(framework, chosen);
  if (!framework) return <p className="empty">Open a framework to build its tree by grouping.</p>;
  const titles = new Map((tree.data?.groupings ?? []).map((g) => [g.identifier, g.title ?? g.identifier]));
  const toggle = (id: string) =>
    setChosen((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id].sort()));
  return (
    <section className="grouping-view scroll" aria-label="Tree by grouping">
      {tree.error && <ErrorView error={tree.error} onRetry={() => void tree.refetch()} />}
      {tree.data && (
        <>
          <fieldset className="graph-groupings">
            <legend>Build the tree from the groupings</legend>
            {tree.data.groupings.length === 0 && (
              <p className="muted">No isChildOf link of this framework names a grouping.</p>
            )}
            {tree.data.groupings.map((g) => (
              <label key={g.identifier}>
                <input type="checkbox" checked={chosen.includes(g.identifier)} onChange={() => toggle(g.identifier)} />{" "}
                {g.title ?? g.identifier}
              </label>
            ))}
            <p className="muted">
              {chosen.length === 0 ? "None chosen: every isChildOf link." : `${tree.data.rows.length} rows.`}
            </p>
          </fieldset>
          <ul role="tree" aria-label="Tree by grouping" className="grouping-tree">
            {tree.data.rows.map((row, i) => (
              <li
                key={`${row.identifier}-${i}`}
                role="treeitem"
                aria-level={row.depth}
                aria-selected={false}
                style={{ paddingInlineStart: `${(row.depth - 1) * 16 + 4}px` }}
              >
                <button
                  type="button"
                  className="link"
                  onClick={() => {
                    main.show("tree");
                    void store.navigate({ key: framework, identifier: row.identifier });
                  }}
                >
                  {row.label}
                </button>{" "}
                {row.grouping && <span className="badge">{titles.get(row.grouping) ?? row.grouping}</span>}
              </li>
            ))}
          </ul>
          {tree.data.truncated && <p className="muted">The tree is cut here.</p>}
        </>
      )}
    </section>
  );
}
