//! The crosswalk view: two cached frameworks chosen (of one connection or two), each side's
//! coverage, the pairs by association type filtered by type (each type with what it means) and
//! by FROM subtree, a pair's two items side by side, the uncovered items of each side, and the
//! pairs as CSV or as a workbook, or printed (as filtered); as tables, or as the two trees side by
//! side with the pairs drawn between them (`VisualCrosswalk`).

import { useId, useMemo, useState } from "react";

import { useMainView } from "../../app/mainView";
import { choiceKey, choiceValue, useFrameworkChoices } from "../../app/frameworkChoices";
import { toAppError, useBackend } from "../../backend";
import type { CrosswalkPair } from "../../bindings/CrosswalkPair";
import { useFiles } from "../files/FilesContext";
import { saveAs, saveWorkbookAs } from "../files/saveAs";
import { ErrorView } from "../../ui/ErrorView";
import { TabList, tabPanelProps } from "../../ui/Tabs";
import { useExplorer, useExplorerStore } from "../frameworks/ExplorerContext";
import { CoverageBar } from "./CoverageBar";
import { explain } from "../relations/associationTypes";
import { useTypeExplanations } from "../relations/useAssociationTypes";
import { filteredPairs, pairsCsv, pairsSheet, uncoveredIn, type CrosswalkFilter } from "./crosswalkModel";
import { PairDetail } from "./PairDetail";
import { PairsTable } from "./PairsTable";
import { VisualCrosswalk } from "./VisualCrosswalk";
import { UncoveredList } from "./UncoveredList";
import { formatCount, noun } from "../../ui/formatCount";
import { useCrosswalk } from "./useCrosswalk";

/** The crosswalk view. */
/** How the pairs are shown: as tables, or as the two trees side by side with links. */
type Shape = "tables" | "visual";
const SHAPES: Array<{ id: Shape; label: string }> = [
  { id: "tables", label: "Tables" },
  { id: "visual", label: "Side by side" },
];

export function CrosswalkView() {
  const { framework } = useExplorer();
  const store = useExplorerStore();
  const main = useMainView();
  const backend = useBackend();
  const files = useFiles();
  const { choices } = useFrameworkChoices();
  const [fromValue, setFrom] = useState<string>(framework ? choiceValue(framework) : "");
  const [toValue, setTo] = useState<string>("");
  const [filter, setFilter] = useState<CrosswalkFilter>({ type: null, subtree: null });
  const [picked, setPicked] = useState<CrosswalkPair | null>(null);
  const [shape, setShape] = useState<Shape>("tables");
  const [message, setMessage] = useState<string | null>(null);
  const walk = useCrosswalk(choiceKey(fromValue), choiceKey(toValue));
  const known = useTypeExplanations(choiceKey(fromValue), choiceKey(toValue));
  const meaningId = useId();
  const report = walk.data;
  const pairs = useMemo(() => (report ? filteredPairs(report, filter) : []), [report, filter]);

  const picker = (label: string, value: string, set: (v: string) => void) => (
    <label>
      {label}{" "}
      <select
        aria-label={label}
        value={value}
        onChange={(e) => {
          set(e.target.value);
          setFilter({ type: null, subtree: null });
          setPicked(null);
        }}
      >
        <option value="">Choose a framework…</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
  const exportPairs = async (as: "csv" | "xlsx") => {
    if (!report) return;
    try {
      const name = `Crosswalk ${report.from.title} to ${report.to.title}`.replace(/[^\p{L}\p{N} ._-]+/gu, " ").trim();
      const path =
        as === "csv"
          ? await saveAs(backend, `${name}.csv`, new TextEncoder().encode(pairsCsv(pairs)))
          : await saveWorkbookAs(backend, `${name}.xlsx`, [pairsSheet(pairs)]);
      if (path) setMessage(`Saved to ${path}`);
    } catch (error) {
      setMessage(`Not saved: ${toAppError(error).message}`);
    }
  };
  return (
    <section className="crosswalk-view scroll" aria-label="Crosswalk">
      <div className="toolbar wrap">
        {picker("From framework", fromValue, setFrom)}
        {picker("To framework", toValue, setTo)}
      </div>
      {(!fromValue || !toValue) && <p className="empty">Choose two frameworks to see how their items line up.</p>}
      {walk.isFetching && (
        <p className="empty" role="status">
          Computing the crosswalk…
        </p>
      )}
      {walk.error && <ErrorView error={walk.error} onRetry={() => void walk.refetch()} />}
      {report && (
        <>
          <div className="coverages">
            <CoverageBar side={report.from} role="From" />
            <CoverageBar side={report.to} role="To" />
          </div>
          <div className="toolbar wrap">
            <label>
              Type{" "}
              <select
                aria-label="Association type"
                aria-describedby={filter.type ? meaningId : undefined}
                title={filter.type ? explain(known, filter.type) : undefined}
                value={filter.type ?? ""}
                onChange={(e) => setFilter({ ...filter, type: e.target.value || null })}
              >
                <option value="">All types ({report.pairs})</option>
                {report.groups.map((g) => (
                  <option key={g.associationType} value={g.associationType} title={explain(known, g.associationType)}>
                    {g.associationType} ({g.pairs.length})
                  </option>
                ))}
              </select>
            </label>
            <label>
              Subtree{" "}
              <select
                aria-label="From subtree"
                value={filter.subtree ?? ""}
                onChange={(e) => setFilter({ ...filter, subtree: e.target.value || null })}
              >
                <option value="">The whole framework</option>
                {report.from.subtrees.map((s) => (
                  <option key={s.identifier} value={s.identifier}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" onClick={() => void exportPairs("csv")} disabled={pairs.length === 0}>
              Export CSV
            </button>
            <button type="button" onClick={() => void exportPairs("xlsx")} disabled={pairs.length === 0}>
              Export .xlsx
            </button>
            <button
              type="button"
              title="Print the crosswalk as filtered here (its pairs by type, then each side's unmatched items), or save it as a PDF"
              onClick={() =>
                files.openPrint({
                  source: {
                    kind: "crosswalk",
                    from: report.from.key,
                    to: report.to.key,
                    associationType: filter.type,
                    subtree: filter.subtree,
                  },
                  title: `Crosswalk of ${report.from.title} to ${report.to.title}`,
                  subtree: null,
                })
              }
            >
              Print…
            </button>
            <span className="muted num" role="status" aria-label="Pairs shown">
              {formatCount(pairs.length)} {noun(pairs.length, "pair")}
            </span>
          </div>
          {filter.type && (
            <p id={meaningId} className="muted type-meaning" aria-label="What the type means">
              {explain(known, filter.type)}
            </p>
          )}
          {message && <p className="muted export-message">{message}</p>}
          {picked && (
            <PairDetail
              pair={picked}
              from={report.from}
              to={report.to}
              onOpen={(key, identifier) => {
                main.show("tree");
                void store.navigate({ key, identifier });
              }}
            />
          )}
          <TabList
            label="Crosswalk views"
            base="crosswalk-views"
            className="tabs"
            tabs={SHAPES}
            selected={shape}
            onSelect={setShape}
          />
          <div {...tabPanelProps("crosswalk-views", shape)}>
            {shape === "tables" ? (
              <>
                <PairsTable
                  pairs={pairs}
                  picked={picked}
                  onPick={setPicked}
                  languages={{ from: report.from.language, to: report.to.language }}
                />
                <div className="uncovered">
                  <UncoveredList
                    role="From"
                    items={uncoveredIn(report.from.uncovered, filter.subtree)}
                    language={report.from.language}
                  />
                  <UncoveredList role="To" items={report.to.uncovered} language={report.to.language} />
                </div>
              </>
            ) : (
              <VisualCrosswalk report={report} pairs={pairs} onPick={setPicked} />
            )}
          </div>
        </>
      )}
    </section>
  );
}
