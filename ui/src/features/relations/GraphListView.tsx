//! The full-size graph as a list, for screen readers and the keyboard: every node drawn with its
//! framework where it is not the start node's, its "+N more" and each of its associations drawn (type and other end, a button that goes there),
//! and the node's grow, collapse and remove. Escape goes back to the drawing.

import { useEffect, useMemo, useRef } from "react";

import { describeStep, hiddenCounts, stepsByNode, type DrawnGraph, type Exploration } from "./explorationModel";

interface Props {
  exploration: Exploration;
  graph: DrawnGraph;
  /** The framework a node belongs to, in words, where it is not the start node's. */
  elsewhere(identifier: string): string | null;
  focus: string | null;
  onFocus(identifier: string): void;
  onGrow(identifier: string): void;
  onCollapse(identifier: string): void;
  onRemove(identifier: string): void;
  onClose(): void;
}

/** The graph's nodes and associations as nested lists. */
export function GraphListView({
  exploration,
  graph,
  elsewhere,
  focus,
  onFocus,
  onGrow,
  onCollapse,
  onRemove,
  onClose,
}: Props) {
  const list = useRef<HTMLUListElement>(null);
  const steps = useMemo(() => stepsByNode(graph), [graph]);
  const hiddenOf = useMemo(() => hiddenCounts(exploration), [exploration]);
  useEffect(() => {
    // Opened from the drawing: the focused node's entry takes the keyboard's focus.
    list.current?.querySelector<HTMLElement>("[aria-current='true']")?.focus();
  }, []);
  return (
    <ul
      ref={list}
      className="graph-list"
      aria-label="Graph as a list"
      onKeyDown={(e) => {
        if (e.key === "Escape") onClose();
      }}
    >
      {graph.nodes.map((node) => {
        const hidden = hiddenOf.get(node.identifier) ?? 0;
        const grown = exploration.grown.has(node.identifier);
        const where = elsewhere(node.identifier);
        return (
          <li key={node.identifier} id={`graph-list-${node.identifier}`}>
            <button
              type="button"
              className="link graph-list-node"
              aria-current={node.identifier === focus ? "true" : undefined}
              onClick={() => onFocus(node.identifier)}
            >
              {node.label}
            </button>
            {where && <span className="muted"> · in {where}</span>}
            {hidden > 0 && <span className="muted num"> +{hidden} more</span>}{" "}
            <span className="button-group">
              <button type="button" onClick={() => onGrow(node.identifier)} disabled={grown}>
                Grow
              </button>
              <button type="button" onClick={() => onCollapse(node.identifier)} disabled={!grown}>
                Collapse
              </button>
              <button
                type="button"
                onClick={() => onRemove(node.identifier)}
                disabled={node.identifier === exploration.root}
              >
                Remove
              </button>
            </span>
            <ul aria-label={`Associations of ${node.code ?? node.label}`}>
              {(steps.get(node.identifier) ?? []).map((step) => (
                <li key={`${step.edge.id}:${step.outgoing}`}>
                  <button
                    type="button"
                    className="link"
                    onClick={() => {
                      onFocus(step.other);
                      document.getElementById(`graph-list-${step.other}`)?.querySelector("button")?.focus();
                    }}
                  >
                    {describeStep(exploration, step)}
                  </button>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
