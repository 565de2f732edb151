//! The virtual tree's pool of row elements: scrolling reuses them for the rows that come into
//! view, a focused element reused for another row leaves the focus with the tree, and the row
//! that takes the focus is in an element made for it (a screen reader keeps an element's name).

import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { expect, test, vi } from "vitest";
import { VirtualTree, type VirtualTreeRow } from "./VirtualTree";

const rows: VirtualTreeRow[] = Array.from({ length: 2000 }, (_, i) => ({
  key: `r${i}`,
  level: 1,
  hasChildren: false,
  expanded: false,
  setSize: 2000,
  posInSet: i + 1,
  label: `Row ${i}`,
}));

function Tree({
  active,
  onActiveChange = () => undefined,
}: {
  active: string | null;
  onActiveChange?: (key: string) => void;
}) {
  return (
    <VirtualTree
      label="Rows"
      rows={rows}
      selectedKey={null}
      activeKey={active}
      onActiveChange={onActiveChange}
      onSelect={() => undefined}
      onToggle={() => undefined}
      renderRow={(row) => <span className="label">{row.label}</span>}
    />
  );
}

function scrollTo(top: number) {
  const tree = screen.getByRole("tree", { name: "Rows" });
  act(() => {
    tree.scrollTop = top;
    fireEvent.scroll(tree);
  });
}

test("rows scrolled into view reuse the elements of the rows that left", () => {
  render(<Tree active="r0" />);
  expect(screen.getByText("Row 0")).toBeInTheDocument();
  scrollTo(28 * 1000);
  const before = new Set(screen.getAllByRole("treeitem"));
  scrollTo(28 * 1500);
  expect(screen.queryByText("Row 1000")).not.toBeInTheDocument();
  expect(screen.getByText("Row 1500")).toBeInTheDocument();
  const created = screen.getAllByRole("treeitem").filter((el) => !before.has(el));
  expect(created.length).toBeLessThanOrEqual(1);
});

test("a focused row scrolled away leaves the focus with the tree, not on the row reusing its element", () => {
  const onActiveChange = vi.fn();
  render(<Tree active="r0" onActiveChange={onActiveChange} />);
  const row0 = screen.getByText("Row 0").closest<HTMLElement>("[role=treeitem]");
  row0?.focus();
  expect(document.activeElement).toBe(row0);
  scrollTo(28 * 1000);
  const tree = screen.getByRole("tree", { name: "Rows" });
  expect(document.activeElement).toBe(tree);
  // The tree's keys still work from there.
  fireEvent.keyDown(tree, { key: "ArrowDown" });
  expect(onActiveChange).toHaveBeenCalledWith("r1");
});

function StatefulTree({ shown }: { shown: VirtualTreeRow[] }) {
  const [active, setActive] = useState("r3");
  return (
    <VirtualTree
      label="Rows"
      rows={shown}
      selectedKey={null}
      activeKey={active}
      onActiveChange={setActive}
      onSelect={() => undefined}
      onToggle={() => undefined}
      renderRow={(row) => <span className="label">{row.label}</span>}
    />
  );
}

test("the row the arrows move to after an expand is in an element made for it, not one that showed another row", () => {
  const children: VirtualTreeRow[] = [0, 1, 2].map((i) => ({
    key: `c${i}`,
    level: 2,
    hasChildren: false,
    expanded: false,
    setSize: 3,
    posInSet: i + 1,
    label: `Child ${i}`,
  }));
  const { rerender } = render(<StatefulTree shown={rows} />);
  const row3 = screen.getByText("Row 3").closest<HTMLElement>("[role=treeitem]");
  row3?.focus();
  const row4 = screen.getByText("Row 4").closest<HTMLElement>("[role=treeitem]");
  // Row 3 expands: its children take the places (and pooled elements) of the rows below.
  rerender(<StatefulTree shown={[...rows.slice(0, 4), ...children, ...rows.slice(4)]} />);
  expect(row4?.textContent).toContain("Child 0");
  fireEvent.keyDown(screen.getByRole("tree", { name: "Rows" }), { key: "ArrowDown" });
  const focused = document.activeElement as HTMLElement;
  expect(focused.textContent).toContain("Child 0");
  expect(focused).not.toBe(row4);
  expect(focused.dataset.born).toBe("c0");
  // Down again: the next one too; Up: back on row 3, whose element was made for it.
  fireEvent.keyDown(focused, { key: "ArrowDown" });
  expect((document.activeElement as HTMLElement).dataset.born).toBe("c1");
  fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowUp" });
  fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowUp" });
  expect(document.activeElement).toBe(row3);
});
