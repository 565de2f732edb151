//! What the app's views receive: serialisable answers in the shapes the web UI uses (camelCase),
//! with their TypeScript declarations generated into `ui/src/bindings/` by ts-rs.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use cairn_sync::SyncOutcome;

/// A cached framework: the connection (or import) that holds it and its CFDocument identifier.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct FrameworkKey {
    /// The connection's name.
    pub connection: String,
    /// The CFDocument identifier.
    pub identifier: String,
}

/// Where a connection's data comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum SourceKind {
    /// The sandbox that ships inside the app.
    BuiltIn,
    /// A provider synced over the network.
    Connection,
    /// Files imported by hand.
    Import,
}

/// One framework in the sidebar.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FrameworkSummary {
    /// Which framework.
    pub key: FrameworkKey,
    /// Its title (the identifier when it has none).
    pub title: String,
    /// `creator` or `publisher`.
    pub publisher: Option<String>,
    /// `version`.
    pub version: Option<String>,
    /// `adoptionStatus`.
    pub adoption_status: Option<String>,
    /// `subject`.
    pub subjects: Vec<String>,
    /// `lastChangeDateTime`.
    pub last_change_date_time: Option<String>,
    /// How many items the cache holds for it.
    pub item_count: u32,
}

/// The frameworks of one connection or import.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FrameworkGroup {
    /// The connection's name.
    pub connection: String,
    /// Where its data comes from.
    pub kind: SourceKind,
    /// Its frameworks, by title.
    pub frameworks: Vec<FrameworkSummary>,
}

/// What a tree node is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum NodeKind {
    /// The framework's document.
    Document,
    /// An item of the framework.
    Item,
    /// A node outside the framework that a link names with a URI or title.
    External,
    /// An identifier nothing else is known of.
    Unknown,
}

/// One row of the framework tree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TreeRow {
    /// The node's identifier.
    pub identifier: String,
    /// `humanCodingScheme`.
    pub human_coding_scheme: Option<String>,
    /// `abbreviatedStatement` when set, else `fullStatement` (else the title or identifier); a
    /// row shows one line, so at most 240 characters, cut with `…` (the item panel has it all).
    pub statement: String,
    /// What the node is.
    pub kind: NodeKind,
    /// Direct children.
    pub child_count: u32,
    /// Every node below.
    pub subtree_count: u32,
    /// Whether the item sits under several parents.
    pub multi_parent: bool,
    /// Whether a child link of this node was cut to stop a cycle.
    pub cyclic: bool,
}

/// An open framework's first level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FrameworkOutline {
    /// Which framework.
    pub key: FrameworkKey,
    /// Its title.
    pub title: String,
    /// The CFDocument's `language` as given (ISO 639-2 in CASE, such as `spa`): the window marks
    /// the framework's content with it (`lang`, WCAG 3.1.2) where it differs from its own.
    pub language: Option<String>,
    /// How many items it has.
    pub item_count: u32,
    /// The document's children, in order.
    pub roots: Vec<TreeRow>,
    /// The roots of sub-forests with no path to the document.
    pub orphans: Vec<TreeRow>,
    /// Each cycle of `isChildOf` links once, as identifiers.
    pub cycles: Vec<Vec<String>>,
}

/// The children of one node.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Children {
    /// The parent's identifier.
    pub parent: String,
    /// Its children, in order.
    pub children: Vec<TreeRow>,
}

/// One step of a breadcrumb.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Crumb {
    /// The node's identifier.
    pub identifier: String,
    /// What to show: code and statement, or the document's title.
    pub label: String,
}

/// The other end of an association.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LinkEnd {
    /// Its identifier.
    pub identifier: String,
    /// The URI the link or the record gives.
    pub uri: Option<String>,
    /// Its title: code and statement of a cached item, or the link's title.
    pub title: Option<String>,
    /// The framework where it can be opened, when the cache holds it.
    pub cached: Option<FrameworkKey>,
    /// The language of its title, for an end inside the framework: the CFDocument's `language`,
    /// as given (the window marks the end with it where it is not its own).
    pub language: Option<String>,
    /// Not cached, but its URI lies on this saved connection's server: it can be fetched.
    pub fetch_from: Option<String>,
}

/// An external end fetched and cached: where to open it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FetchedEnd {
    /// The framework it was cached in.
    pub key: FrameworkKey,
    /// Its identifier.
    pub identifier: String,
}

/// The cached framework that publishes an association the open framework's package does not
/// hold (a crosswalk, an alignment, another edition naming one of its items).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Publisher {
    /// The connection's (or import's) name.
    pub connection: String,
    /// The CFDocument the association is filed under, when it names one.
    pub document: Option<String>,
    /// What to show: the document's title (its identifier when the cache lacks it, the
    /// connection's name when it names none), followed by the connection's name in
    /// parentheses when that is not the open framework's connection.
    pub label: String,
}

/// One association of the selected node.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AssociationLink {
    /// The CFAssociation's identifier.
    pub association_identifier: String,
    /// The other end.
    pub other: LinkEnd,
    /// `sequenceNumber`.
    #[ts(type = "number | null")]
    pub sequence_number: Option<i64>,
    /// The association grouping's identifier.
    pub grouping: Option<String>,
    /// Who publishes it: `null` for the open framework's own package, else the other cached
    /// framework whose package holds it.
    pub published_by: Option<Publisher>,
}

/// Which way an association points from the selected node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum AssociationDirection {
    /// The node is the origin.
    Outgoing,
    /// The node is the destination.
    Incoming,
}

/// The associations of one type and direction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AssociationGroup {
    /// The association type as given.
    pub association_type: String,
    /// Which way.
    pub direction: AssociationDirection,
    /// The associations, in order.
    pub links: Vec<AssociationLink>,
}

/// Everything the item panel shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ItemDetail {
    /// The framework.
    pub key: FrameworkKey,
    /// The node's identifier.
    pub identifier: String,
    /// What it is.
    pub kind: NodeKind,
    /// Code and statement, or the document's title.
    pub title: String,
    /// The CFItem (or CFDocument) as cached, extensions included; `null` for other nodes.
    pub record: Value,
    /// Every path from the document down to the node (the node last).
    pub breadcrumbs: Vec<Vec<Crumb>>,
    /// Its associations by type and direction.
    pub associations: Vec<AssociationGroup>,
}

/// A piece of a search hit's statement: matched word or not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Segment {
    /// The text.
    pub text: String,
    /// Whether it matched a searched word.
    pub hit: bool,
}

/// One search result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SearchHit {
    /// The framework holding the item.
    pub key: FrameworkKey,
    /// That framework's title.
    pub framework_title: String,
    /// The language its text is in: the item's `language`, else its CFDocument's, as given (the
    /// window marks the result with it where it is not its own).
    pub language: Option<String>,
    /// The item's identifier.
    pub identifier: String,
    /// Its `humanCodingScheme`.
    pub human_coding_scheme: Option<String>,
    /// Its statement, split around the matched words.
    pub segments: Vec<Segment>,
    /// When the words matched another field rather than the statement: that field.
    pub matched_in: Option<FieldMatch>,
}

/// Another field of an item that a search matched.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FieldMatch {
    /// The CASE field's name (`notes`, `conceptKeywords`, ...).
    pub field: String,
    /// Its text, split around the matched words.
    pub segments: Vec<Segment>,
}

/// A visited item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    /// The framework.
    pub key: FrameworkKey,
    /// The item.
    pub identifier: String,
}

/// What the window restores at start.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Session {
    /// The open framework.
    pub framework: Option<FrameworkKey>,
    /// The selected node.
    pub selected: Option<String>,
    /// Each expanded tree position as its path of identifiers from a root row.
    pub expanded: Vec<Vec<String>>,
    /// Visited items, oldest first.
    pub history: Vec<Location>,
    /// The current place in `history`.
    pub history_index: u32,
    /// The full-size graph's explorations, one per framework explored; restored by replaying
    /// them (a session saved before they were kept has none).
    #[serde(default)]
    pub explorations: Vec<SavedExploration>,
    /// The Frameworks area's main view (`graph`, `map`, ...) when it was not the tree.
    #[serde(default)]
    pub view: Option<String>,
}

/// A graph exploration as the session keeps it: what to replay, not what it drew (the cache
/// may have changed by the next start).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SavedExploration {
    /// The framework it explores.
    pub framework: FrameworkKey,
    /// The node it started from.
    pub root: String,
    /// The nodes grown, in the order they were.
    pub grown: Vec<String>,
    /// The nodes it showed (what growing added but the user removed or collapsed is not here).
    pub nodes: Vec<String>,
}

/// What starting the app did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct StartReport {
    /// Whether this was the first launch (the built-in sandbox was started and synced).
    pub first_launch: bool,
    /// The session saved last time.
    pub session: Option<Session>,
}

/// How one collection (or framework package) of a sync ended, as the window shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CollectionSummary {
    /// The collection (`users`, `CFDocuments`) or `CFPackages/<identifier>`.
    pub collection: String,
    /// How it ended.
    pub outcome: SyncOutcome,
    /// Records written (or fetched before it stopped).
    pub records: u64,
    /// Records the server said it would send.
    pub total: Option<u64>,
    /// Why it failed, was skipped or fell back to a full read.
    pub message: Option<String>,
    /// Why it did not complete, typed: the HTTP status and the server's status object as sent.
    pub failure: Option<cairn_sync::failure::Failure>,
}

/// What a sync did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SyncSummary {
    /// The connection synced.
    pub connection: String,
    /// Every collection considered, in the order they ran.
    pub collections: Vec<CollectionSummary>,
}

impl SyncSummary {
    /// The summary of `report` for `connection`.
    pub fn of(connection: &str, report: &cairn_sync::SyncReport) -> SyncSummary {
        let collections = report
            .collections
            .iter()
            .map(|c| CollectionSummary {
                collection: c.collection.clone(),
                outcome: c.outcome,
                records: c.records,
                total: c.total,
                message: c.message.clone(),
                failure: c.failure.clone(),
            })
            .collect();
        SyncSummary { connection: connection.to_owned(), collections }
    }
}

/// A framework's whole tree for the framework map: every row the tree shows, in tree order,
/// each with its parent's place, its size and the facts the map is coloured by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FrameworkMap {
    /// Which framework.
    pub key: FrameworkKey,
    /// Its title.
    pub title: String,
    /// The document first (no parent), then every row below it depth first, an item under
    /// several parents once under each (as in the tree).
    pub rows: Vec<MapRow>,
    /// Items outside the document's tree (the tree's orphans and what lies below them): not in
    /// the map.
    pub left_out: u32,
    /// Whether rows were cut at the map's limit (a framework whose items sit under many parents).
    pub truncated: bool,
}

/// One segment of the framework map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct MapRow {
    /// The node's identifier.
    pub identifier: String,
    /// The place in `rows` of its parent (`None` for the document).
    pub parent: Option<u32>,
    /// `humanCodingScheme`.
    pub code: Option<String>,
    /// The statement (abbreviated when set) or title, cut to one short line.
    pub label: String,
    /// What the node is.
    pub kind: NodeKind,
    /// Every node below it (as the tree counts them).
    pub descendants: u32,
    /// `CFItemType`.
    pub item_type: Option<String>,
    /// `educationLevel`.
    pub education_levels: Vec<String>,
}
