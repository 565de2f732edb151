//! The version diff view: two snapshots of one framework (cached frameworks of any connections,
//! or package files), the counts at the top, the document, items and associations added, removed
//! and changed field by field, and the newer version's tree with each changed node marked.

import { useState } from "react";

import { choiceValue, useFrameworkChoices } from "../../app/frameworkChoices";
import { ErrorView } from "../../ui/ErrorView";
import { useExplorer } from "../frameworks/ExplorerContext";
import { DiffSectionView } from "./DiffSectionView";
import { FILE_CHOICE, snapshotOf, summary, unchanged, valueText } from "./diffModel";
import { useVersionDiff } from "./useVersionDiff";

const MARK_TEXT = { added: "added", changed: "changed", moved: "moved" } as const;

/** The version diff view. */
export function VersionsView() {
  const { framework } = useExplorer();
  const { choices } = useFrameworkChoices();
  const [old, setOld] = useState({ choice: "", path: "" });
  const [next, setNext] = useState({ choice: framework ? choiceValue(framework) : "", path: "" });
  const diff = useVersionDiff(snapshotOf(old.choice, old.path), snapshotOf(next.choice, next.path));
  const side = (label: string, value: typeof old, set: (v: typeof old) => void) => (
    <div className="snapshot-picker">
      <label>
        {label}{" "}
        <select aria-label={label} value={value.choice} onChange={(e) => set({ ...value, choice: e.target.value })}>
          <option value="">Choose a version…</option>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
          <option value={FILE_CHOICE}>A package file…</option>
        </select>
      </label>
      {value.choice === FILE_CHOICE && (
        <input
          type="text"
          aria-label={`${label}: package file path`}
          placeholder="/path/to/package.json"
          value={value.path}
          onChange={(e) => set({ ...value, path: e.target.value })}
        />
      )}
    </div>
  );
  const data = diff.data;
  return (
    <section className="versions-view scroll" aria-label="Version diff">
      <div className="toolbar wrap">
        {side("Older version", old, setOld)}
        {side("Newer version", next, setNext)}
      </div>
      {!data && !diff.isFetching && !diff.error && (
        <p className="empty">Choose two versions of a framework to see what changed.</p>
      )}
      {diff.isFetching && (
        <p className="empty" role="status">
          Comparing…
        </p>
      )}
      {diff.error && <ErrorView error={diff.error} onRetry={() => void diff.refetch()} />}
      {data && (
        <>
          <h2>{data.title ?? "Framework"}</h2>
          <p className="muted">
            {data.oldSource} → {data.newSource}
          </p>
          {!data.sameDocument && (
            <p className="warning">
              These are two different frameworks (their documents differ): the diff says little.
            </p>
          )}
          <table className="diff-counts" aria-label="Counts">
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col">Added</th>
                <th scope="col">Removed</th>
                <th scope="col">Changed</th>
                <th scope="col">Only lastChangeDateTime</th>
              </tr>
            </thead>
            <tbody>
              {summary(data).map((c) => (
                <tr key={c.name}>
                  <th scope="row">{c.name}</th>
                  <td className="num">{c.added}</td>
                  <td className="num">{c.removed}</td>
                  <td className="num">{c.changed}</td>
                  <td className="num">{c.touched}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {unchanged(data) && <p className="empty">No change besides lastChangeDateTime.</p>}
          <div className="diff-columns">
            <div>
              <DiffSectionView name="Document" section={data.document} />
              <DiffSectionView name="Items" section={data.items} />
              <DiffSectionView name="Associations" section={data.associations} />
              {data.package.length > 0 && (
                <section role="region" aria-label="Other package properties" className="diff-section">
                  <h3>Other package properties</h3>
                  <ul>
                    {data.package.map((f) => (
                      <li key={f.field}>
                        {f.field}{" "}
                        <span className="muted">
                          {valueText(f.old) === "—" ? "added" : valueText(f.new) === "—" ? "removed" : "changed"}
                        </span>
                      </li>
                    ))}
                  </ul>
                </section>
              )}
            </div>
            <section role="region" aria-label="Newer version's tree" className="diff-tree">
              <h3>The newer version's tree</h3>
              <ul role="tree" aria-label="Newer version's tree">
                {data.tree.map((row, i) => (
                  <li
                    key={`${row.identifier}-${i}`}
                    role="treeitem"
                    aria-level={row.depth}
                    aria-selected={false}
                    data-mark={row.mark ?? ""}
                    style={{ paddingInlineStart: `${(row.depth - 1) * 16 + 4}px` }}
                  >
                    {row.mark && <span className={`badge mark-${row.mark}`}>{MARK_TEXT[row.mark]}</span>} {row.label}
                  </li>
                ))}
              </ul>
              {data.treeTruncated && <p className="muted">The tree is cut here.</p>}
            </section>
          </div>
        </>
      )}
    </section>
  );
}
