//! The virtual tree's pool of row elements: scrolling reuses them for the rows that come into
//! view, and a focused element reused for another row leaves the focus with the tree.

import { act, fireEvent, render, screen } from "@testing-library/react";
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
