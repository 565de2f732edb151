//! The fake backend: in-memory frameworks answering every command, for tests and `?mock=1`.

export type { MockAssociation, MockData, MockFramework, MockNode } from "./dataset";
export { createMemoryBackend, highlight, type MemoryBackend, type MemoryOptions } from "./memoryBackend";
export { demoData, largeFramework, FIRST_SYNC, type DemoChoice } from "./demo";
