//! Deterministic demo data that looks real, for `--demo --scale small|district|state`: a
//! district (or a state of districts) with schools, sessions, courses, classes, people,
//! enrollments, demographics, resources, a full gradebook, and a generated CASE framework that
//! the gradebook aligns to; and real CASE packages made servable ([`import_package`]).
//!
//! Records are JSON in the form the services return them, handed one at a time to a sink by
//! collection, so that even the state scale never sits in one vector. The same
//! [`DemoOptions`] give byte-identical output on every platform: identifiers are UUID v5
//! names in a fixed namespace, and randomness comes from a seeded SplitMix64.

mod assessments;
mod bundled;
mod calendar;
mod case;
mod catalog;
mod definitions;
mod framework;
mod gradebook;
mod households;
mod ids;
mod import;
mod import_fix;
mod import_uri;
mod links;
mod load;
mod math_text;
mod names;
mod out;
mod people;
mod plan;
mod resources;
mod rng;
mod rubrics;
mod school;
mod staffing;

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use cairn_spec::{Collection, Dialect};
use serde_json::Value;

pub use bundled::bundled_packages;
pub use ids::IMPORT_NAMESPACE;
pub use import::{
    DANGLING, ImportError, ImportOptions, ImportReport, ORIGINAL_IDENTIFIER, import_package, import_package_with,
};
pub use import_fix::MOVED;
pub use import_uri::{ORIGINAL_URI, ServedAt};
pub use load::{LoadError, load_demo, load_package};

use calendar::Calendar;
use framework::Alignment;
use gradebook::{Categories, Statuses};
use ids::Ids;
pub(crate) use ids::ref_type;
use out::Out;
use resources::Resources;

/// How much data to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scale {
    /// One district of three schools, about 500 users and a 150-item framework.
    Small,
    /// One district of 19 schools: about 25,000 users, 1,000 classes and 100,000
    /// enrollments; a 1,500-item framework.
    District,
    /// A state agency with four districts: about 100,000 users, 4,000 classes and 400,000
    /// enrollments; a 20,000-item framework.
    State,
}

impl Scale {
    /// `small`, `district` or `state`.
    pub fn as_str(self) -> &'static str {
        match self {
            Scale::Small => "small",
            Scale::District => "district",
            Scale::State => "state",
        }
    }
}

impl fmt::Display for Scale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A scale name that is none of `small`, `district`, `state`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown scale {0:?}: expected small, district or state")]
pub struct UnknownScale(pub String);

impl FromStr for Scale {
    type Err = UnknownScale;

    fn from_str(s: &str) -> Result<Scale, UnknownScale> {
        match s {
            "small" => Ok(Scale::Small),
            "district" => Ok(Scale::District),
            "state" => Ok(Scale::State),
            other => Err(UnknownScale(other.to_owned())),
        }
    }
}

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoOptions {
    /// How much.
    pub scale: Scale,
    /// The seed: the same seed gives the same data.
    pub seed: u64,
    /// Where the sandbox serves, without a trailing slash (`https://127.0.0.1:8443`): the start
    /// of every GUIDRef `href` and CASE `uri`.
    pub href_base: String,
    /// RFC 3339 UTC timestamp used for every `dateLastModified` and `lastChangeDateTime`.
    pub now: String,
    /// The base paths the sandbox serves under (the path part of every `href` and `uri`).
    pub dialect: Dialect,
}

impl DemoOptions {
    /// Options for `scale` served at `href_base` in the specification's dialect, with seed 2026
    /// and `2025-08-01T12:00:00.000Z` as the time of every change.
    pub fn new(scale: Scale, href_base: impl Into<String>) -> DemoOptions {
        DemoOptions {
            scale,
            seed: 2026,
            href_base: href_base.into(),
            now: "2025-08-01T12:00:00.000Z".into(),
            dialect: Dialect::spec(),
        }
    }
}

/// How many records of each collection were generated.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DemoSummary {
    /// Records per collection (collections without records are absent).
    pub counts: BTreeMap<Collection, usize>,
}

impl DemoSummary {
    /// Records of `collection`.
    pub fn count(&self, collection: Collection) -> usize {
        self.counts.get(&collection).copied().unwrap_or(0)
    }

    /// Records in all.
    pub fn total(&self) -> usize {
        self.counts.values().sum()
    }
}

impl fmt::Display for DemoSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.counts.iter().map(|(c, n)| format!("{} {n}", c.name())).collect();
        write!(f, "{} records: {}", self.total(), parts.join(", "))
    }
}

/// What the generators share.
pub(crate) struct World<'a> {
    ids: &'a Ids,
    now: &'a str,
    seed: u64,
    calendar: &'a Calendar,
    alignment: &'a Alignment,
    categories: &'a Categories,
    statuses: Statuses,
    line_items: usize,
    compact: bool,
}

/// Generates the demo data of `options`, handing each record to `sink` with its collection,
/// and says how many records of each collection there were.
pub fn generate(options: &DemoOptions, sink: &mut dyn FnMut(Collection, Value)) -> DemoSummary {
    let ids = Ids::new(options.seed, &options.href_base, &options.dialect);
    let now = options.now.as_str();
    let mut out = Out::new(sink);
    let calendar = Calendar::new(&ids);
    let plan = plan::plan(options.scale, &ids, options.seed);
    plan::emit(&plan, &ids, now, &mut out);
    calendar.emit(&ids, now, &mut out);
    let alignment = framework::generate(&ids, now, options.seed, options.scale, &mut out);
    let categories = Categories::emit(&ids, now, &mut out);
    let mut resources = Resources::default();
    let mut world = World {
        ids: &ids,
        now,
        seed: options.seed,
        calendar: &calendar,
        alignment: &alignment,
        categories: &categories,
        statuses: Statuses::default(),
        line_items: if options.scale == Scale::Small { 8 } else { 4 },
        compact: options.scale == Scale::Small,
    };
    for district in &plan.districts {
        let mut state = school::DistrictState::default();
        school::district_staff(&world, district, &mut state, &mut out);
        for school in &district.schools {
            school::generate(&mut world, district, school, &mut state, &mut resources, &mut out);
        }
    }
    DemoSummary { counts: out.into_counts() }
}
