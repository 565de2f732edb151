//! What a fake backend serves: frameworks as plain tables (nodes, child links, associations),
//! from which `memoryBackend.ts` answers every command as the Rust side would.

import type { FrameworkKey } from "../../bindings/FrameworkKey";
import type { NodeKind } from "../../bindings/NodeKind";
import type { Progress } from "../../bindings/Progress";
import type { Rubric } from "../../bindings/Rubric";
import type { Session } from "../../bindings/Session";
import type { SourceKind } from "../../bindings/SourceKind";
import type { TypeDefinition } from "../../bindings/TypeDefinition";
import type { JsonValue } from "../../bindings/serde_json/JsonValue";

/** One node of a framework: the document, an item or an external end. */
export interface MockNode {
  identifier: string;
  kind: NodeKind;
  code: string | null;
  /** abbreviatedStatement when set, else fullStatement (else the title). */
  statement: string;
  record: JsonValue;
}

/** One association from `from` (a node of this framework) to `to`. */
export interface MockAssociation {
  identifier: string;
  type: string;
  from: string;
  to: string;
  /** Where `to` can be opened, when cached (defaults to this framework when `to` is a node of it). */
  toKey?: FrameworkKey | null;
  uri?: string | null;
  title?: string | null;
  sequenceNumber?: number | null;
  grouping?: string | null;
  /** Not cached, but served by this saved connection: fetching it lands on `fetched`. */
  fetchFrom?: string;
  fetched?: { key: FrameworkKey; identifier: string };
}

/** One framework. */
export interface MockFramework {
  key: FrameworkKey;
  title: string;
  publisher: string | null;
  version: string | null;
  adoptionStatus: string | null;
  subjects: string[];
  lastChangeDateTime: string | null;
  kind: SourceKind;
  /** The document node first. */
  document: MockNode;
  items: MockNode[];
  /** `[parent, child]` isChildOf links in sibling order. */
  edges: Array<[string, string]>;
  /** The association grouping of each of `edges` (none when absent). */
  edgeGroupings?: Array<string | null>;
  cycles?: string[][];
  associations?: MockAssociation[];
  /** The framework's own definitions of association types CASE does not define, by type. */
  typeDefinitions?: Record<string, TypeDefinition>;
  rubrics?: Rubric[];
}

/** Everything a fake backend holds. */
export interface MockData {
  frameworks: MockFramework[];
  /** What `app_start` reports; progress is sent first when `firstLaunch`. */
  firstLaunch: boolean;
  progress?: Progress[];
  session?: Session | null;
}
