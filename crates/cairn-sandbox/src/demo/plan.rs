//! The organizations a scale has: a district (or, at state scale, a state agency with several
//! districts) and its elementary, middle and high schools, with names and sizes.

use cairn_spec::Collection;
use serde_json::json;

use super::Scale;
use super::ids::Ids;
use super::out::Out;
use super::rng::Rng;

/// A school's level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    /// Kindergarten to grade 5.
    Elementary,
    /// Grades 6 to 8.
    Middle,
    /// Grades 9 to 12.
    High,
}

impl Level {
    /// CEDS grade codes.
    pub(crate) fn grades(self) -> &'static [&'static str] {
        match self {
            Level::Elementary => &["KG", "01", "02", "03", "04", "05"],
            Level::Middle => &["06", "07", "08"],
            Level::High => &["09", "10", "11", "12"],
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Level::Elementary => "Elementary School",
            Level::Middle => "Middle School",
            Level::High => "High School",
        }
    }
}

/// A school.
#[derive(Debug, Clone)]
pub(crate) struct School {
    /// sourcedId.
    pub(crate) id: String,
    /// Name.
    pub(crate) name: String,
    /// Level.
    pub(crate) level: Level,
    /// How many students.
    pub(crate) students: usize,
    /// NCES-style identifier.
    pub(crate) identifier: String,
    /// Position among all schools.
    pub(crate) index: usize,
}

/// A district.
#[derive(Debug, Clone)]
pub(crate) struct District {
    /// sourcedId.
    pub(crate) id: String,
    /// Name.
    pub(crate) name: &'static str,
    /// E-mail domain.
    pub(crate) domain: String,
    /// NCES-style identifier.
    pub(crate) identifier: String,
    /// Its schools.
    pub(crate) schools: Vec<School>,
    /// Position among the districts.
    pub(crate) index: usize,
}

/// The organizations of one generation.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    /// The state agency (state scale only): sourcedId and name.
    pub(crate) state: Option<(String, &'static str)>,
    /// The districts.
    pub(crate) districts: Vec<District>,
}

const DISTRICTS: &[(&str, &str)] = &[
    ("Maple Grove Unified School District", "mgusd"),
    ("Cedar Valley School District", "cvsd"),
    ("Riverbend Unified School District", "rbusd"),
    ("Harbor Point Public Schools", "hpps"),
    ("Juniper Hills School District", "jhsd"),
];

const ELEMENTARY: &[&str] = &[
    "Willow Creek",
    "Birchwood",
    "Sunnyside",
    "Oak Park",
    "Meadowbrook",
    "Riverside",
    "Hillcrest",
    "Lakeview",
    "César Chávez",
    "Rosa Parks",
    "Harriet Tubman",
    "Sequoia",
    "Pinecrest",
    "Fairview",
    "Valley View",
    "Mountain View",
    "Brookside",
    "Cherry Hill",
    "Greenfield",
    "Highland",
    "Sally Ride",
    "Mae Jemison",
    "Grace Hopper",
    "Dolores Huerta",
    "Fred Korematsu",
    "Maya Angelou",
    "Ruby Bridges",
    "John Muir",
    "Redwood",
    "Manzanita",
    "Laurel Heights",
    "Cottonwood",
    "Evergreen",
    "Foothill",
    "Quail Run",
    "Blue Heron",
    "Fox Hollow",
    "Deer Creek",
    "Silver Lake",
    "Summit",
    "Prairie Wind",
    "Bayside",
    "Wildflower",
    "Cascade",
    "Sandpiper",
    "Orchard",
    "Heritage Oaks",
    "Clearwater",
    "Stonebridge",
    "Eagle Rock",
    "Copper Canyon",
    "Desert Sage",
    "Morning Star",
    "Ponderosa",
    "Tamarack",
    "Larkspur",
    "Goldenrod",
    "Kingfisher",
    "Hummingbird",
    "Bear Creek",
];

const MIDDLE: &[&str] = &[
    "Aspen",
    "Thurgood Marshall",
    "Sierra Vista",
    "Riverview",
    "Ridgeline",
    "Columbia",
    "Pacific Crest",
    "Hawthorne",
    "Sacajawea",
    "Ellen Ochoa",
    "Wilma Mankiller",
    "Jackie Robinson",
    "Amelia Earhart",
    "Lincoln",
    "Roosevelt",
    "Franklin",
    "Madison",
    "Kennedy",
    "Cesar E. Chavez",
    "Daniel Inouye",
];

const HIGH: &[&str] = &[
    "Cedar Ridge",
    "Maple Grove",
    "Westlake",
    "Eastside",
    "North Valley",
    "South Hills",
    "Summit Ridge",
    "Bay Harbor",
    "Timberline",
    "Mission Heights",
    "Canyon View",
    "Lakeside",
    "Granite Bay",
    "Skyline",
];

/// Counts of (elementary, middle, high) schools, or their students per school.
type Layout = (usize, usize, usize);

/// Lays out the organizations of `scale`.
pub(crate) fn plan(scale: Scale, ids: &Ids, seed: u64) -> Plan {
    let mut rng = Rng::derive(seed, "plan");
    // (elementary, middle, high) schools and students per school of each level.
    let (layouts, sizes): (&[Layout], Layout) = match scale {
        Scale::Small => (&[(1, 1, 1)], (90, 90, 90)),
        Scale::District => (&[(12, 4, 3)], (600, 900, 1590)),
        Scale::State => (&[(11, 4, 3), (13, 4, 3), (11, 3, 3), (12, 4, 3)], (600, 900, 1590)),
    };
    let jitter = |rng: &mut Rng, n: usize| {
        if scale == Scale::Small { n } else { (n as i64 + rng.range(-(n as i64) / 10, n as i64 / 10)) as usize }
    };
    let mut used = (0, 0, 0);
    let mut index = 0;
    let mut districts = Vec::new();
    for (d, &(e, m, h)) in layouts.iter().enumerate() {
        let (name, short) = DISTRICTS[d % DISTRICTS.len()];
        let identifier = format!("61{:05}", 12_345 + d * 1_111);
        let mut schools = Vec::new();
        for (level, count) in [(Level::Elementary, e), (Level::Middle, m), (Level::High, h)] {
            for _ in 0..count {
                let (pool, slot, students) = match level {
                    Level::Elementary => (ELEMENTARY, &mut used.0, sizes.0),
                    Level::Middle => (MIDDLE, &mut used.1, sizes.1),
                    Level::High => (HIGH, &mut used.2, sizes.2),
                };
                let base = pool[*slot % pool.len()];
                let name = match *slot / pool.len() {
                    0 => format!("{base} {}", level.suffix()),
                    n => format!("{} {base} {}", ["North", "South", "East", "West"][(n - 1) % 4], level.suffix()),
                };
                *slot += 1;
                schools.push(School {
                    id: ids.id("org", format!("school/{index}")),
                    name,
                    level,
                    students: jitter(&mut rng, students),
                    identifier: format!("{identifier}{:05}", 100 + index * 7),
                    index,
                });
                index += 1;
            }
        }
        districts.push(District {
            id: ids.id("org", format!("district/{d}")),
            name,
            domain: format!("{short}.example.org"),
            identifier,
            schools,
            index: d,
        });
    }
    let state = (scale == Scale::State).then(|| (ids.id("org", "state"), "Cascadia Department of Education"));
    Plan { state, districts }
}

/// Emits the orgs with parent and children links both ways.
pub(crate) fn emit(plan: &Plan, ids: &Ids, now: &str, out: &mut Out<'_>) {
    let org = |id: &str| ids.guid_ref(Collection::Orgs, id);
    if let Some((id, name)) = &plan.state {
        out.emit(
            Collection::Orgs,
            json!({
                "sourcedId": id, "status": "active", "dateLastModified": now, "name": name, "type": "state",
                "identifier": "CS",
                "children": plan.districts.iter().map(|d| org(&d.id)).collect::<Vec<_>>(),
            }),
        );
    }
    for district in &plan.districts {
        let mut v = json!({
            "sourcedId": district.id, "status": "active", "dateLastModified": now, "name": district.name,
            "type": "district", "identifier": district.identifier,
        });
        if let Some((id, _)) = &plan.state {
            v["parent"] = org(id);
        }
        v["children"] = district.schools.iter().map(|s| org(&s.id)).collect();
        out.emit(Collection::Orgs, v);
        for school in &district.schools {
            out.emit(
                Collection::Orgs,
                json!({
                    "sourcedId": school.id, "status": "active", "dateLastModified": now, "name": school.name,
                    "type": "school", "identifier": school.identifier, "parent": org(&district.id),
                }),
            );
        }
    }
}
