//! Test setup: jest-dom matchers, and a layout for jsdom (which has none) so that the virtual
//! tree renders the rows a 600 px viewport would.

import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

import { markdownReady } from "../ui/markdownRenderer";

afterEach(() => cleanup());

// Components render Markdown as the window does once its renderer has loaded.
await markdownReady;

const rect = { x: 0, y: 0, top: 0, left: 0, width: 1000, height: 600, right: 1000, bottom: 600, toJSON: () => ({}) };
Element.prototype.getBoundingClientRect = function () {
  return rect as DOMRect;
};
Object.defineProperty(HTMLElement.prototype, "offsetHeight", { configurable: true, get: () => 600 });
Object.defineProperty(HTMLElement.prototype, "offsetWidth", { configurable: true, get: () => 1000 });
Element.prototype.scrollTo = function () {};
Element.prototype.scrollIntoView = function () {};
Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 600 });
Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 1000 });

// jsdom has no canvas: the relationship graph is drawn by a fake that records what it shows.
vi.mock("../features/relations/graphCanvas");
vi.mock("../features/relations/explorerCanvas");
