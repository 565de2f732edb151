//! Tabs as the Authoring Practices describe them: one tab in the Tab order, arrows and Home/End
//! move and select (skipping disabled tabs, wrapping), each selected tab controls its panel.

import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { expect, test } from "vitest";

import { TabList, tabPanelProps, type TabSpec } from "./Tabs";

type Id = "a" | "b" | "c" | "d";
const TABS: Array<TabSpec<Id>> = [
  { id: "a", label: "Alpha" },
  { id: "b", label: "Beta" },
  { id: "c", label: "Gamma", disabled: true },
  { id: "d", label: "Delta" },
];

function Harness() {
  const [tab, setTab] = useState<Id>("a");
  return (
    <>
      <button type="button">before</button>
      <TabList label="Views" base="t" tabs={TABS} selected={tab} onSelect={setTab} />
      <div {...tabPanelProps("t", tab)}>Panel {tab}</div>
    </>
  );
}

test("arrows, Home and End move the selection and the focus; one tab stop; panels named by their tab", async () => {
  const user = userEvent.setup();
  render(<Harness />);
  const tab = (name: string) => screen.getByRole("tab", { name });
  expect(screen.getByRole("tablist", { name: "Views" })).toBeInTheDocument();
  expect(tab("Alpha")).toHaveAttribute("aria-selected", "true");
  expect(screen.getByRole("tabpanel", { name: "Alpha" })).toHaveTextContent("Panel a");
  expect(tab("Alpha")).toHaveAttribute("aria-controls", "t-panel-a");

  await user.click(screen.getByRole("button", { name: "before" }));
  await user.tab();
  expect(tab("Alpha")).toHaveFocus();
  await user.keyboard("{ArrowRight}");
  expect(tab("Beta")).toHaveFocus();
  expect(tab("Beta")).toHaveAttribute("aria-selected", "true");
  expect(screen.getByRole("tabpanel", { name: "Beta" })).toHaveTextContent("Panel b");
  // The disabled tab is skipped.
  await user.keyboard("{ArrowRight}");
  expect(tab("Delta")).toHaveFocus();
  // Wrapping, and Home/End.
  await user.keyboard("{ArrowRight}");
  expect(tab("Alpha")).toHaveFocus();
  await user.keyboard("{ArrowLeft}");
  expect(tab("Delta")).toHaveFocus();
  await user.keyboard("{Home}");
  expect(tab("Alpha")).toHaveFocus();
  await user.keyboard("{End}");
  expect(tab("Delta")).toHaveAttribute("aria-selected", "true");
  // Only the selected tab is in the Tab order: Tab leaves the list.
  expect(screen.getAllByRole("tab").filter((t) => t.tabIndex === 0)).toEqual([tab("Delta")]);
});
