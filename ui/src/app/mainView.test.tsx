//! The main pane's view: what only opens a view does not render again as the view changes (the
//! item panel, whose "Open in graph" opens the Graph tab, holds a framework's largest lists).

import { QueryClient } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { createMemoryBackend } from "../backend/mock";
import { ExplorerProvider } from "../features/frameworks/ExplorerContext";
import { ExplorerStore } from "../features/frameworks/explorerStore";
import { data } from "../test/fixtures";
import { MainViewProvider, useMainView, useShowMainView } from "./mainView";

describe("the main view", () => {
  it("changes the view without rendering again what only opens one", () => {
    const store = new ExplorerStore(createMemoryBackend(data()), new QueryClient());
    let opener = 0;
    let follower = 0;
    let show: ReturnType<typeof useShowMainView> = () => undefined;
    function Opener() {
      opener++;
      show = useShowMainView();
      return null;
    }
    function Follower() {
      follower++;
      return <p>{useMainView().view}</p>;
    }
    render(
      <ExplorerProvider store={store}>
        <MainViewProvider>
          <Opener />
          <Follower />
        </MainViewProvider>
      </ExplorerProvider>,
    );
    expect(screen.getByText("tree")).toBeInTheDocument();
    const [opened, followed] = [opener, follower];
    const first = show;
    act(() => show("graph", { graphFrom: "node" }));
    expect(screen.getByText("graph")).toBeInTheDocument();
    act(() => show("map"));
    expect(screen.getByText("map")).toBeInTheDocument();
    expect(follower).toBeGreaterThan(followed);
    expect(opener).toBe(opened);
    expect(show).toBe(first);
  });
});
