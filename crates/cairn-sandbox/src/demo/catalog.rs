//! The course catalog: which courses a student of each grade takes (with choices such as
//! Algebra I or Geometry), and what each course is (code, subjects, term span, capacity).

use super::plan::Level;
use super::rng::Rng;

/// A subject area: department, SCED subject-area code and line-item topics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Area {
    /// An elementary self-contained homeroom.
    Core,
    /// English language arts.
    Ela,
    /// Mathematics.
    Math,
    /// Science.
    Science,
    /// Social studies.
    Social,
    /// World languages.
    World,
    /// Physical education.
    Pe,
    /// Health.
    Health,
    /// Visual arts.
    Art,
    /// Music.
    Music,
    /// Computer science.
    Cs,
    /// Advisory.
    Advisory,
}

impl Area {
    /// The department that teaches it.
    pub(crate) fn department(self) -> &'static str {
        match self {
            Area::Core => "Classroom",
            Area::Ela => "English",
            Area::Math => "Mathematics",
            Area::Science => "Science",
            Area::Social => "Social Studies",
            Area::World => "World Languages",
            Area::Pe | Area::Health => "Physical Education and Health",
            Area::Art | Area::Music => "Visual and Performing Arts",
            Area::Cs => "Computer Science",
            Area::Advisory => "Advisory",
        }
    }

    /// Topics for line item titles (mathematics uses the framework instead).
    pub(crate) fn topics(self) -> &'static [&'static str] {
        match self {
            Area::Core => &[
                "Reading fluency",
                "Phonics",
                "Writing workshop",
                "Science investigation",
                "Community helpers",
                "Weather and seasons",
                "Plants and animals",
                "Opinion writing",
            ],
            Area::Ela => &[
                "Narrative writing",
                "Main idea and details",
                "Poetry analysis",
                "Argument essay",
                "Vocabulary in context",
                "Research project",
                "Literature circles",
                "Informational text structure",
            ],
            Area::Math => &["Problem solving", "Fluency practice", "Mixed review"],
            Area::Science => &[
                "Scientific method",
                "Cells and organisms",
                "Ecosystems",
                "Forces and motion",
                "Chemical reactions",
                "Energy transfer",
                "Earth's systems",
                "Genetics",
            ],
            Area::Social => &[
                "Primary sources",
                "Ancient Egypt",
                "The Constitution",
                "Civil rights movement",
                "Geography skills",
                "Economic systems",
                "World War I",
                "Civic participation",
            ],
            Area::World => &[
                "Greetings and introductions",
                "Family and home",
                "Food and restaurants",
                "Travel",
                "Past tense narration",
                "Cultural project",
            ],
            Area::Pe => {
                &["Fitness assessment", "Team sports", "Cooperative games", "Dance unit", "Personal fitness plan"]
            }
            Area::Health => &["Nutrition", "Mental health", "Substance use prevention", "First aid"],
            Area::Art => {
                &["Color theory", "Observational drawing", "Clay hand-building", "Printmaking", "Portfolio review"]
            }
            Area::Music => {
                &["Rhythm and meter", "Sight-reading", "Ensemble performance", "Music history", "Composition"]
            }
            Area::Cs => &["Algorithms", "Variables and loops", "Data and the internet", "App design", "Cybersecurity"],
            Area::Advisory => &["Goal setting", "Study skills", "College and career exploration", "Community circle"],
        }
    }
}

/// Which terms a course runs in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Span {
    /// Both semesters.
    Year,
    /// Fall semester.
    Fall,
    /// Spring semester.
    Spring,
}

impl Span {
    /// Term indexes.
    pub(crate) fn terms(self) -> &'static [usize] {
        match self {
            Span::Year => &[0, 1],
            Span::Fall => &[0],
            Span::Spring => &[1],
        }
    }
}

/// A course of the catalog.
#[derive(Debug, Clone)]
pub(crate) struct CourseDef {
    /// Unique within a school.
    pub(crate) key: String,
    /// Title.
    pub(crate) title: String,
    /// Course code.
    pub(crate) code: String,
    /// Grades.
    pub(crate) grades: Vec<&'static str>,
    /// Subjects and their SCED codes.
    pub(crate) subjects: &'static [(&'static str, &'static str)],
    /// Subject area.
    pub(crate) area: Area,
    /// Terms.
    pub(crate) span: Span,
    /// Whether its classes are homerooms.
    pub(crate) homeroom: bool,
    /// Framework top-level codes its math line items align to.
    pub(crate) tops: Vec<&'static str>,
    /// Students per section.
    pub(crate) cap: usize,
}

const CORE: &[(&str, &str)] =
    &[("English Language Arts", "01"), ("Mathematics", "02"), ("Science", "03"), ("Social Studies", "04")];

fn def(key: &str, title: &str, code: &str, grades: &[&'static str], area: Area) -> CourseDef {
    let subjects: &'static [(&str, &str)] = match area {
        Area::Core => CORE,
        Area::Ela => &[("English Language Arts", "01")],
        Area::Math => &[("Mathematics", "02")],
        Area::Science => &[("Science", "03")],
        Area::Social => &[("Social Studies", "04")],
        Area::World => &[("World Languages", "06")],
        Area::Pe => &[("Physical Education", "08")],
        Area::Health => &[("Health Education", "08")],
        Area::Art => &[("Visual Arts", "05")],
        Area::Music => &[("Music", "05")],
        Area::Cs => &[("Computer Science", "10")],
        Area::Advisory => &[("Advisory", "22")],
    };
    let cap = match area {
        Area::Core => 26,
        Area::Advisory => 25,
        Area::Pe | Area::Art | Area::Music | Area::Cs => 30,
        _ => 28,
    };
    CourseDef {
        key: key.to_owned(),
        title: title.to_owned(),
        code: code.to_owned(),
        grades: grades.to_vec(),
        subjects,
        area,
        span: Span::Year,
        homeroom: matches!(area, Area::Core | Area::Advisory),
        tops: Vec::new(),
        cap,
    }
}

fn math(key: &str, title: &str, code: &str, grades: &[&'static str], tops: &[&'static str]) -> CourseDef {
    CourseDef { tops: tops.to_vec(), ..def(key, title, code, grades, Area::Math) }
}

fn span(mut course: CourseDef, span: Span) -> CourseDef {
    course.span = span;
    course
}

/// Weighted course options.
type Choices = Vec<(u32, CourseDef)>;

fn choose(rng: &mut Rng, options: Choices) -> CourseDef {
    let weights: Vec<u32> = options.iter().map(|(w, _)| *w).collect();
    let at = rng.weighted(&weights);
    options
        .into_iter()
        .nth(at)
        .map(|(_, c)| c)
        .unwrap_or_else(|| def("study", "Study Hall", "STDY", &[], Area::Advisory))
}

fn grade_label(grade: &str) -> String {
    match grade {
        "KG" => "Kindergarten".to_owned(),
        g => format!("Grade {}", g.trim_start_matches('0')),
    }
}

/// The courses a student of `grade` at a `level` school takes. A `compact` catalog (small
/// scale) keeps the core of it: homerooms, language arts and mathematics, and a semester pair.
pub(crate) fn courses(level: Level, grade: &'static str, rng: &mut Rng, compact: bool) -> Vec<CourseDef> {
    let mut list = full(level, grade, rng);
    if compact {
        list.retain(|c| match level {
            Level::Elementary => c.area == Area::Core,
            _ => matches!(c.area, Area::Ela | Area::Math) || (grade == "12" && c.area == Area::Social),
        });
        for course in &mut list {
            if matches!(course.key.as_str(), "aplit" | "apcalc" | "stats") || (course.key == "alg1" && grade == "08") {
                *course = match course.area {
                    Area::Math if grade == "08" => math("math/8", "Mathematics 8", "MATH-08", &["08"], &["8"]),
                    Area::Math => math("precalc", "Precalculus", "PREC", &["11", "12"], &["HSF", "HSN"]),
                    _ => def("eng12", "English 12", "ENG12", &["12"], Area::Ela),
                };
            }
        }
    }
    list
}

fn full(level: Level, grade: &'static str, rng: &mut Rng) -> Vec<CourseDef> {
    let g = grade.trim_start_matches('0');
    let short = if grade == "KG" { "K" } else { g };
    // Elementary specials (PE, STEM, art, music) are courses of a grade band, each specialist
    // teaching the band's homerooms in turn.
    let (band, band_label, band_code, band_grades): (&str, &str, &str, &[&'static str]) = match grade {
        "KG" | "01" | "02" => ("k2", "Grades K–2", "K2", &["KG", "01", "02"]),
        _ => ("35", "Grades 3–5", "35", &["03", "04", "05"]),
    };
    match level {
        Level::Elementary => vec![
            CourseDef {
                tops: vec![short],
                ..def(&format!("core/{grade}"), &grade_label(grade), &format!("ELEM-{grade}"), &[grade], Area::Core)
            },
            def(
                &format!("pe/{band}"),
                &format!("Physical Education — {band_label}"),
                &format!("PE-{band_code}"),
                band_grades,
                Area::Pe,
            ),
            def(
                &format!("stem/{band}"),
                &format!("STEM Lab — {band_label}"),
                &format!("STEM-{band_code}"),
                band_grades,
                Area::Science,
            ),
            span(
                def(
                    &format!("art/{band}"),
                    &format!("Art — {band_label}"),
                    &format!("ART-{band_code}"),
                    band_grades,
                    Area::Art,
                ),
                Span::Fall,
            ),
            span(
                def(
                    &format!("music/{band}"),
                    &format!("Music — {band_label}"),
                    &format!("MUS-{band_code}"),
                    band_grades,
                    Area::Music,
                ),
                Span::Spring,
            ),
        ],
        Level::Middle => {
            let next = match g {
                "6" => "7",
                _ => "8",
            };
            let maths = match g {
                "8" => vec![
                    (75, math("math/8", "Mathematics 8", "MATH-08", &["08"], &["8"])),
                    (25, math("alg1", "Algebra I", "ALG1", &["08"], &["HSA", "HSF", "HSN"])),
                ],
                _ => vec![
                    (
                        85,
                        math(&format!("math/{g}"), &format!("Mathematics {g}"), &format!("MATH-0{g}"), &[grade], &[g]),
                    ),
                    (
                        15,
                        math(
                            &format!("amath/{g}"),
                            &format!("Accelerated Mathematics {g}"),
                            &format!("AMATH-0{g}"),
                            &[grade],
                            &[g, next],
                        ),
                    ),
                ],
            };
            let (science, social) = match g {
                "6" => ("Earth Science", "Ancient Civilizations"),
                "7" => ("Life Science", "Medieval World History"),
                _ => ("Physical Science", "U.S. History"),
            };
            let electives = ["06", "07", "08"];
            vec![
                def(
                    &format!("ela/{g}"),
                    &format!("English Language Arts {g}"),
                    &format!("ELA-0{g}"),
                    &[grade],
                    Area::Ela,
                ),
                choose(rng, maths),
                def(&format!("sci/{g}"), science, &format!("SCI-0{g}"), &[grade], Area::Science),
                def(&format!("soc/{g}"), social, &format!("SOC-0{g}"), &[grade], Area::Social),
                def(&format!("pe/{g}"), &format!("Physical Education {g}"), &format!("PE-0{g}"), &[grade], Area::Pe),
                choose(
                    rng,
                    vec![
                        (3, def("band", "Concert Band", "BAND", &electives, Area::Music)),
                        (2, def("choir", "Choir", "CHOR", &electives, Area::Music)),
                        (3, def("art", "Art Exploration", "ARTX", &electives, Area::Art)),
                        (3, def("span1", "Spanish I", "SPAN1", &electives, Area::World)),
                        (3, def("csd", "Computer Science Discoveries", "CSD", &electives, Area::Cs)),
                    ],
                ),
                def(&format!("adv/{g}"), &format!("Advisory {g}"), &format!("ADV-0{g}"), &[grade], Area::Advisory),
            ]
        }
        Level::High => high(g, rng),
    }
}

fn high(g: &str, rng: &mut Rng) -> Vec<CourseDef> {
    let all = ["09", "10", "11", "12"];
    let alg1 = || math("alg1", "Algebra I", "ALG1", &["09", "10"], &["HSA", "HSF", "HSN"]);
    let geo = || math("geo", "Geometry", "GEOM", &["09", "10"], &["HSG"]);
    let alg2 = || math("alg2", "Algebra II", "ALG2", &["10", "11"], &["HSA", "HSF", "HSN"]);
    let pre = || math("precalc", "Precalculus", "PREC", &["11", "12"], &["HSF", "HSN"]);
    let (english, maths, science, languages): (CourseDef, Choices, Choices, usize) = match g {
        "9" => (
            def("eng9", "English 9", "ENG9", &["09"], Area::Ela),
            vec![(70, alg1()), (30, geo())],
            vec![(1, def("bio", "Biology", "BIO", &["09"], Area::Science))],
            1,
        ),
        "10" => (
            def("eng10", "English 10", "ENG10", &["10"], Area::Ela),
            vec![(65, geo()), (35, alg2())],
            vec![(1, def("chem", "Chemistry", "CHEM", &["10"], Area::Science))],
            2,
        ),
        "11" => (
            choose(
                rng,
                vec![
                    (80, def("eng11", "English 11", "ENG11", &["11"], Area::Ela)),
                    (20, def("apeng", "AP English Language and Composition", "APLANG", &["11"], Area::Ela)),
                ],
            ),
            vec![(60, alg2()), (40, pre())],
            vec![
                (60, def("phys", "Physics", "PHYS", &["11", "12"], Area::Science)),
                (20, def("apbio", "AP Biology", "APBIO", &["11", "12"], Area::Science)),
                (20, def("envsci", "Environmental Science", "ENVS", &["11", "12"], Area::Science)),
            ],
            3,
        ),
        _ => (
            choose(
                rng,
                vec![
                    (85, def("eng12", "English 12", "ENG12", &["12"], Area::Ela)),
                    (15, def("aplit", "AP English Literature and Composition", "APLIT", &["12"], Area::Ela)),
                ],
            ),
            vec![
                (40, pre()),
                (25, math("apcalc", "AP Calculus AB", "APCALC", &["12"], &["HSF"])),
                (35, math("stats", "Statistics", "STAT", &["12"], &["HSS"])),
            ],
            vec![
                (50, def("anat", "Anatomy and Physiology", "ANAT", &["12"], Area::Science)),
                (25, def("apchem", "AP Chemistry", "APCHEM", &["11", "12"], Area::Science)),
                (25, def("envsci", "Environmental Science", "ENVS", &["11", "12"], Area::Science)),
            ],
            4,
        ),
    };
    let roman = ["I", "II", "III", "IV"][languages - 1];
    let language = choose(
        rng,
        vec![
            (
                60,
                def(
                    &format!("span/{languages}"),
                    &format!("Spanish {roman}"),
                    &format!("SPAN{languages}"),
                    &all,
                    Area::World,
                ),
            ),
            (
                25,
                def(
                    &format!("fren/{languages}"),
                    &format!("French {roman}"),
                    &format!("FREN{languages}"),
                    &all,
                    Area::World,
                ),
            ),
            (
                15,
                def(
                    &format!("mand/{languages}"),
                    &format!("Mandarin {roman}"),
                    &format!("MAND{languages}"),
                    &all,
                    Area::World,
                ),
            ),
        ],
    );
    let mut list = vec![english, choose(rng, maths), choose(rng, science), language];
    match g {
        "9" => {
            list.push(def("whist", "World History", "WHIST", &["09"], Area::Social));
            list.push(def("pe9", "Physical Education", "PE9", &["09"], Area::Pe));
        }
        "10" => {
            list.push(def("mwhist", "Modern World History", "MWHIST", &["10"], Area::Social));
            list.push(span(def("health", "Health", "HLTH", &["10"], Area::Health), Span::Fall));
            list.push(span(def("pe10", "Physical Education II", "PE10", &["10"], Area::Pe), Span::Spring));
        }
        "11" => list.push(choose(
            rng,
            vec![
                (75, def("ushist", "U.S. History", "USHIST", &["11"], Area::Social)),
                (25, def("apush", "AP U.S. History", "APUSH", &["11"], Area::Social)),
            ],
        )),
        _ => {
            list.push(span(def("gov", "American Government", "GOV", &["12"], Area::Social), Span::Fall));
            list.push(span(def("econ", "Economics", "ECON", &["12"], Area::Social), Span::Spring));
        }
    }
    let electives = || {
        vec![
            (3, def("ceram", "Ceramics", "CERA", &all, Area::Art)),
            (2, def("photo", "Digital Photography", "PHOT", &all, Area::Art)),
            (3, def("apcsp", "AP Computer Science Principles", "APCSP", &all, Area::Cs)),
            (3, def("hsband", "Concert Band", "BAND", &all, Area::Music)),
            (2, def("robot", "Robotics Engineering", "ROBO", &all, Area::Cs)),
            (2, def("psych", "Psychology", "PSYC", &all, Area::Social)),
            (2, def("drama", "Drama", "DRAM", &all, Area::Art)),
            (2, def("fit", "Lifetime Fitness", "FIT", &all, Area::Pe)),
        ]
    };
    let first = choose(rng, electives());
    let mut second = choose(rng, electives());
    if second.key == first.key {
        second = def("study", "Study Skills", "STSK", &all, Area::Advisory);
        second.homeroom = false;
    }
    list.push(first);
    if g != "9" {
        list.push(second);
    }
    list
}
