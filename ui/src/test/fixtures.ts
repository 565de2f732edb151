//! Small frameworks for the tests, served by the in-memory fake of `ui/src/backend/`, and a
//! helper that renders the whole app over them.

import { render, screen, waitFor, within } from "@testing-library/react";
import { createElement } from "react";

import { App } from "../app/App";
import {
  createMemoryBackend,
  type MemoryBackend,
  type MockData,
  type MockFramework,
  type MockNode,
} from "../backend/mock";
import type { Session } from "../bindings/Session";

export const BUILTIN = "Built-in sandbox";
export const DEMO = { connection: BUILTIN, identifier: "doc" };
export const OTHER = { connection: "District", identifier: "other-doc" };

function node(
  identifier: string,
  code: string | null,
  statement: string,
  extra: Record<string, unknown> = {},
): MockNode {
  return {
    identifier,
    kind: "item",
    code,
    statement,
    record: { identifier, humanCodingScheme: code, fullStatement: statement, ...(extra as Record<string, string>) },
  };
}

/** The demo: A (A1, A2 → A2a), B (B1, and A1 again), C; an orphan O → O1. */
export function demoFramework(): MockFramework {
  return {
    key: DEMO,
    title: "Test Demo Framework",
    publisher: "Cairn Sandbox",
    version: "1.0",
    adoptionStatus: "Adopted",
    subjects: ["Mathematics"],
    lastChangeDateTime: null,
    kind: "builtIn",
    document: {
      identifier: "doc",
      kind: "document",
      code: null,
      statement: "Test Demo Framework",
      record: { identifier: "doc", title: "Test Demo Framework", description: "The **demo** framework." },
    },
    items: [
      node("A", "1", "Numbers and counting"),
      node("A1", "1.1", "Add fractions with unlike denominators", {
        notes: "See $\\frac{a}{b}$ and [the guide](https://example.org/guide).",
        extensions: { "ext:level": { grade: "5", band: "upper" } } as unknown as string,
      }),
      node("A2", "1.2", "Compare numbers"),
      node("A2a", "1.2.a", "Compare two-digit numbers"),
      node("B", "2", "Geometry"),
      node("B1", "2.1", "Identify shapes"),
      node("C", "3", "Measurement"),
      node("O", "R", "Retired standard"),
      node("O1", "R.1", "Retired component"),
    ],
    edges: [
      ["doc", "A"],
      ["doc", "B"],
      ["doc", "C"],
      ["A", "A1"],
      ["A", "A2"],
      ["A2", "A2a"],
      ["B", "B1"],
      ["B", "A1"],
      ["O", "O1"],
    ],
    associations: [
      { identifier: "as-1", type: "isRelatedTo", from: "A1", to: "B1" },
      { identifier: "as-2", type: "exactMatchOf", from: "A1", to: "X1", toKey: OTHER },
      {
        identifier: "as-3",
        type: "isPeerOf",
        from: "A1",
        to: "ext-1",
        toKey: null,
        uri: "https://case.example.org/uri/ext-1",
        title: "An outside standard",
        fetchFrom: "District",
        fetched: { key: OTHER, identifier: "X1" },
      },
    ],
  };
}

/** A second framework on another connection. */
export function otherFramework(): MockFramework {
  return {
    key: OTHER,
    title: "Other Framework",
    publisher: null,
    version: null,
    adoptionStatus: "Draft",
    subjects: ["Science"],
    lastChangeDateTime: null,
    kind: "connection",
    document: {
      identifier: "other-doc",
      kind: "document",
      code: null,
      statement: "Other Framework",
      record: { identifier: "other-doc" },
    },
    items: [node("X", "X", "Science strand"), node("X1", "X.1", "Fractions in science")],
    edges: [
      ["other-doc", "X"],
      ["X", "X1"],
    ],
  };
}

/** A returning launch over both frameworks. */
export function data(session: Session | null = null, firstLaunch = false): MockData {
  return { frameworks: [demoFramework(), otherFramework()], firstLaunch, session };
}

/** Renders the app over `backend` and waits for the tree. */
export async function renderApp(backend: MemoryBackend = createMemoryBackend(data())) {
  const view = render(createElement(App, { backend, sessionDelayMs: 20 }));
  await waitFor(() => expect(screen.getByRole("tree", { name: "Framework tree" })).toBeInTheDocument());
  return { backend, ...view };
}

/** The tree item whose code is `code`. */
export function row(code: string, tree = "Framework tree"): HTMLElement {
  const items = screen.getAllByRole("treeitem").filter((el) => el.closest(`[aria-label="${tree}"]`));
  const found = items.find((el) => el.querySelector(".code")?.textContent === code);
  if (!found) throw new Error(`no row ${code} in ${items.map((i) => i.textContent).join(" | ")}`);
  return found;
}

/** The codes of the visible rows of `tree`, in order. */
export function codes(tree = "Framework tree"): string[] {
  return screen
    .getAllByRole("treeitem")
    .filter((el) => el.closest(`[aria-label="${tree}"]`))
    .map((el) => el.querySelector(".code")?.textContent ?? "");
}

/** The sidebar's button of the framework titled `title`. */
export function frameworkButton(title: string): HTMLElement {
  return within(screen.getByRole("list", { name: "Frameworks" })).getByRole("button", {
    name: new RegExp(`^${title}`),
  });
}
