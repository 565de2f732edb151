//! The generated CASE framework "Cairn Demo Mathematics" (grades K–8 and high-school
//! categories → domains → clusters → standards → components, with examples, achievement
//! levels and retired standards) and its Spanish edition; what gradebook line items align to.

use cairn_spec::Collection;
use serde_json::{Map, Value, json};

use super::Scale;
use super::case::{CaseWriter, Doc, End, link_title};
use super::definitions::{self, Defs};
use super::ids::Ids;
use super::math_text::{
    CLUSTER_PATTERNS, COMPONENT_PATTERNS, EXAMPLE_PATTERNS, LEVELS, STANDARD_PATTERNS, SUBJECTS, TOPS, capitalized,
    domain, fill, subject_of_concept,
};
use super::out::Out;
use super::rng::Rng;
use super::{links, rubrics};

/// How big the framework is.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FrameworkSize {
    domains: usize,
    clusters: usize,
    standards: usize,
    components: (i64, i64),
    example_every: usize,
    levels_every: usize,
    retired_every: usize,
    spanish_domains: bool,
    pub(crate) rubrics: usize,
}

impl FrameworkSize {
    /// The size for a scale: about 150, 1,500 and 20,000 items.
    pub(crate) fn of(scale: Scale) -> FrameworkSize {
        match scale {
            Scale::Small => FrameworkSize {
                domains: 2,
                clusters: 1,
                standards: 2,
                components: (0, 0),
                example_every: 6,
                levels_every: 24,
                retired_every: 20,
                spanish_domains: false,
                rubrics: 2,
            },
            Scale::District => FrameworkSize {
                domains: 6,
                clusters: 2,
                standards: 4,
                components: (0, 2),
                example_every: 6,
                levels_every: 12,
                retired_every: 20,
                spanish_domains: true,
                rubrics: 6,
            },
            Scale::State => FrameworkSize {
                domains: 6,
                clusters: 5,
                standards: 8,
                components: (4, 8),
                example_every: 6,
                levels_every: 12,
                retired_every: 20,
                spanish_domains: true,
                rubrics: 24,
            },
        }
    }
}

/// A standard of the generated framework.
#[derive(Debug, Clone)]
pub(crate) struct Standard {
    /// The node.
    pub(crate) end: End,
    /// Index into [`TOPS`].
    pub(crate) top: usize,
    /// Domain code.
    pub(crate) domain: &'static str,
    /// Position within its domain (1-based).
    pub(crate) number: usize,
    /// Global cluster index.
    pub(crate) cluster: usize,
    /// Its components.
    pub(crate) components: Vec<End>,
    /// Its example item, if any.
    pub(crate) example: Option<End>,
    /// Its achievement levels, if any.
    pub(crate) levels: Vec<End>,
    /// The retired standard it replaced, if any.
    pub(crate) retired: Option<End>,
    /// Whether it is a modeling standard.
    pub(crate) modeling: bool,
}

/// The framework as the other generators need it.
#[derive(Debug, Default)]
pub(crate) struct Alignment {
    /// Clusters per top-level code (`3`, `HSA`), in order.
    pub(crate) tops: Vec<(&'static str, Vec<ClusterAlignment>)>,
    /// How many standards there are.
    pub(crate) standards: usize,
}

/// One cluster: a topic and its standards' identifiers.
#[derive(Debug, Clone)]
pub(crate) struct ClusterAlignment {
    /// What it is about (for line item titles).
    pub(crate) topic: String,
    /// Its standards.
    pub(crate) standards: Vec<String>,
}

impl Alignment {
    /// The clusters of the top-level items with these codes.
    pub(crate) fn clusters(&self, codes: &[&str]) -> Vec<&ClusterAlignment> {
        self.tops.iter().filter(|(code, _)| codes.contains(code)).flat_map(|(_, c)| c.iter()).collect()
    }
}

struct ItemSpec<'s> {
    key: String,
    statement: String,
    kind: &'static str,
    code: Option<String>,
    list: Option<usize>,
    abbreviated: Option<String>,
    alternative: Option<String>,
    keywords: Option<&'s str>,
    concept: Option<usize>,
    levels: &'s [&'s str],
    notes: Option<String>,
    language: &'static str,
    retired: bool,
}

impl ItemSpec<'_> {
    fn new(key: String, statement: String, kind: &'static str) -> ItemSpec<'static> {
        ItemSpec {
            key,
            statement,
            kind,
            code: None,
            list: None,
            abbreviated: None,
            alternative: None,
            keywords: None,
            concept: None,
            levels: &[],
            notes: None,
            language: "eng",
            retired: false,
        }
    }
}

struct Gen<'a, 'o> {
    w: CaseWriter<'a>,
    out: &'a mut Out<'o>,
    defs: Defs,
}

impl Gen<'_, '_> {
    fn item(&mut self, doc: &Doc, spec: ItemSpec<'_>) -> End {
        let ids = self.w.ids;
        let id = ids.id("CFItem", &spec.key);
        let mut v = Map::new();
        v.insert("identifier".into(), json!(id));
        v.insert("fullStatement".into(), json!(spec.statement));
        if let Some(alt) = &spec.alternative {
            v.insert("alternativeLabel".into(), json!(alt));
        }
        v.insert("CFItemType".into(), json!(spec.kind));
        v.insert("uri".into(), json!(ids.href(Collection::CfItems, &id)));
        if let Some(code) = &spec.code {
            v.insert("humanCodingScheme".into(), json!(code));
        }
        if let Some(n) = spec.list {
            v.insert("listEnumeration".into(), json!(n.to_string()));
        }
        if let Some(a) = &spec.abbreviated {
            v.insert("abbreviatedStatement".into(), json!(a));
        }
        if let Some(k) = spec.keywords {
            v.insert("conceptKeywords".into(), json!([k]));
        }
        if let Some(c) = spec.concept {
            v.insert("conceptKeywordsURI".into(), self.defs.concepts[c].clone());
        }
        if let Some(n) = &spec.notes {
            v.insert("notes".into(), json!(n));
        }
        let sub = spec.concept.map(subject_of_concept);
        let mut subjects = vec![json!(SUBJECTS[0].1)];
        let mut subject_links = vec![self.defs.subjects[0].clone()];
        if let Some(s) = sub {
            subjects.push(json!(SUBJECTS[s].1));
            subject_links.push(self.defs.subjects[s].clone());
        }
        v.insert("subject".into(), Value::Array(subjects));
        v.insert("subjectURI".into(), Value::Array(subject_links));
        v.insert("language".into(), json!(spec.language));
        if !spec.levels.is_empty() {
            v.insert("educationLevel".into(), json!(spec.levels));
        }
        v.insert("CFItemTypeURI".into(), self.defs.item_type(spec.kind));
        v.insert("licenseURI".into(), self.defs.license.clone());
        if spec.retired {
            v.insert("statusStartDate".into(), json!("2015-07-01"));
            v.insert("statusEndDate".into(), json!("2024-06-30"));
        } else {
            v.insert("statusStartDate".into(), json!("2024-07-01"));
        }
        v.insert("lastChangeDateTime".into(), json!(self.w.now));
        v.insert("CFDocumentURI".into(), self.w.doc_link(doc));
        self.out.emit(Collection::CfItems, Value::Object(v));
        End { id, title: link_title(spec.code.as_deref(), &spec.statement), collection: Collection::CfItems }
    }

    fn child(&mut self, doc: &Doc, child: &End, parent: &End, sequence: usize) {
        self.w.associate(self.out, doc, "isChildOf", child, parent, Some(sequence), None, None);
    }

    fn document(&mut self, doc: &Doc, description: &str, language: &str, notes: &str) {
        let ids = self.w.ids;
        let v = json!({
            "identifier": doc.id,
            "uri": ids.href(Collection::CfDocuments, &doc.id),
            "caseVersion": "1.1",
            "creator": "Cairn Demo Standards Office",
            "title": doc.title,
            "lastChangeDateTime": self.w.now,
            "officialSourceURL": "https://cairn.example.org/frameworks/mathematics",
            "publisher": "Cairn Project",
            "description": description,
            "subject": [SUBJECTS[0].1],
            "subjectURI": [self.defs.subjects[0].clone()],
            "language": language,
            "version": "2024.1",
            "adoptionStatus": "Adopted",
            "statusStartDate": "2024-07-01",
            "licenseURI": self.defs.license.clone(),
            "notes": notes,
            "CFPackageURI": {"title": doc.title, "identifier": doc.id, "uri": ids.package_uri(&doc.id)},
        });
        self.out.emit(Collection::CfDocuments, v);
    }
}

/// Emits the framework and returns what line items can align to.
pub(crate) fn generate(ids: &Ids, now: &str, seed: u64, scale: Scale, out: &mut Out<'_>) -> Alignment {
    let size = FrameworkSize::of(scale);
    let mut rng = Rng::derive(seed, "framework");
    let w = CaseWriter::new(ids, now);
    let defs = definitions::emit(&w, out);
    let mut g = Gen { w, out, defs };
    let main = Doc { id: ids.id("CFDocument", "mathematics"), title: "Cairn Demo Mathematics".into() };
    let spanish =
        Doc { id: ids.id("CFDocument", "mathematics/spa"), title: "Cairn Demo Mathematics — Spanish Edition".into() };
    g.document(
        &main,
        "A generated mathematics framework for kindergarten to grade 12, made for the Cairn sandbox. \
         Its statements are written from patterns and are not the standards of any jurisdiction.",
        "eng",
        "Generated demo data; identifiers are stable for a given seed.",
    );
    g.document(
        &spanish,
        "Edición en español de los niveles y dominios de Cairn Demo Mathematics.",
        "spa",
        "Generated demo data: translations of the grade levels and domains.",
    );
    let main_end = End { id: main.id.clone(), title: main.title.clone(), collection: Collection::CfDocuments };
    let spanish_end = End { id: spanish.id.clone(), title: spanish.title.clone(), collection: Collection::CfDocuments };

    let mut alignment = Alignment::default();
    let mut standards: Vec<Standard> = Vec::new();
    let mut translations: Vec<(End, String, &'static str, Option<usize>)> = Vec::new(); // (english, spanish, kind, parent top)
    let mut modeling = None;
    let mut cluster_count = 0;
    for (t, top) in TOPS.iter().enumerate() {
        let high_school = top.code.starts_with("HS");
        let top_end = g.item(
            &main,
            ItemSpec {
                code: Some(top.code.to_owned()),
                list: Some(t + 1),
                alternative: Some(format!("{} Mathematics", top.title)),
                levels: top.levels,
                ..ItemSpec::new(format!("top/{}", top.code), top.title.to_owned(), kind_of_top(top.code))
            },
        );
        g.child(&main, &top_end, &main_end, t + 1);
        translations.push((top_end.clone(), top.spanish.to_owned(), kind_of_top(top.code), None));
        let top_index = translations.len() - 1;
        if top.domains.is_empty() {
            modeling = Some(top_end);
            continue;
        }
        let mut clusters = Vec::new();
        for (d, code) in top.domains.iter().take(size.domains).enumerate() {
            let Some(dom) = domain(top, code) else { continue };
            let dom_code = format!("{}.{}", top.code, dom.code);
            let dom_end = g.item(
                &main,
                ItemSpec {
                    code: Some(dom_code.clone()),
                    list: Some(d + 1),
                    abbreviated: Some(dom.title.to_owned()),
                    concept: Some(dom.concept),
                    levels: top.levels,
                    ..ItemSpec::new(format!("domain/{dom_code}"), dom.title.to_owned(), "Domain")
                },
            );
            g.child(&main, &dom_end, &top_end, d + 1);
            if size.spanish_domains {
                translations.push((dom_end.clone(), dom.spanish.to_owned(), "Domain", Some(top_index)));
            }
            let mut number = 0;
            for c in 0..size.clusters {
                let letter = char::from(b'A' + c as u8);
                let topic = dom.topics[c % dom.topics.len()];
                let cluster_code = format!("{dom_code}.{letter}");
                let heading = fill(CLUSTER_PATTERNS[rng.below(CLUSTER_PATTERNS.len())], topic, "", "");
                let cluster_end = g.item(
                    &main,
                    ItemSpec {
                        code: Some(cluster_code.clone()),
                        list: Some(c + 1),
                        abbreviated: Some(capitalized(topic)),
                        keywords: Some(topic),
                        concept: Some(dom.concept),
                        levels: top.levels,
                        ..ItemSpec::new(format!("cluster/{cluster_code}"), heading, "Cluster")
                    },
                );
                g.child(&main, &cluster_end, &dom_end, c + 1);
                let mut aligned = ClusterAlignment { topic: capitalized(topic), standards: Vec::new() };
                let mut position = 0;
                for s in 0..size.standards {
                    number += 1;
                    position += 1;
                    let topic = dom.topics[(c + s) % dom.topics.len()];
                    let context = *rng.pick(top.context);
                    let model = *rng.pick(top.models);
                    let global = standards.len();
                    let modeling_standard = high_school && global % 6 == 1;
                    let mut statement =
                        fill(STANDARD_PATTERNS[rng.below(STANDARD_PATTERNS.len())], topic, context, model);
                    if modeling_standard {
                        statement.push_str(" ★");
                    }
                    let code = format!("{cluster_code}.{number}");
                    let end = g.item(
                        &main,
                        ItemSpec {
                            code: Some(code.clone()),
                            list: Some(position),
                            keywords: Some(topic),
                            concept: Some(dom.concept),
                            levels: top.levels,
                            notes: modeling_standard.then(|| "Modeling standard (★).".to_owned()),
                            ..ItemSpec::new(format!("standard/{code}"), statement.clone(), "Standard")
                        },
                    );
                    g.child(&main, &end, &cluster_end, position);
                    aligned.standards.push(end.id.clone());
                    let mut standard = Standard {
                        end: end.clone(),
                        top: t,
                        domain: dom.code,
                        number,
                        cluster: cluster_count,
                        components: Vec::new(),
                        example: None,
                        levels: Vec::new(),
                        retired: None,
                        modeling: modeling_standard,
                    };
                    let mut child_position = 0;
                    for k in 0..rng.range(size.components.0, size.components.1) {
                        child_position += 1;
                        let letter = char::from(b'a' + k as u8);
                        let pattern = COMPONENT_PATTERNS[(k as usize + global) % COMPONENT_PATTERNS.len()];
                        let component_model = *rng.pick(top.models);
                        let statement = format!("{letter}. {}", fill(pattern, topic, context, component_model));
                        let comp_code = format!("{code}.{letter}");
                        let comp = g.item(
                            &main,
                            ItemSpec {
                                code: Some(comp_code.clone()),
                                list: Some(child_position),
                                keywords: Some(topic),
                                concept: Some(dom.concept),
                                levels: top.levels,
                                ..ItemSpec::new(format!("component/{comp_code}"), statement, "Component")
                            },
                        );
                        g.child(&main, &comp, &end, child_position);
                        standard.components.push(comp);
                    }
                    if global % size.example_every == 2 {
                        child_position += 1;
                        let pattern = EXAMPLE_PATTERNS[global % EXAMPLE_PATTERNS.len()];
                        let example = g.item(
                            &main,
                            ItemSpec {
                                list: Some(child_position),
                                keywords: Some(topic),
                                concept: Some(dom.concept),
                                levels: top.levels,
                                ..ItemSpec::new(
                                    format!("example/{code}"),
                                    fill(pattern, topic, context, model),
                                    "Example",
                                )
                            },
                        );
                        g.child(&main, &example, &end, child_position);
                        standard.example = Some(example);
                    }
                    if global % size.levels_every == 5 {
                        for (l, (title, quality, pattern)) in LEVELS.iter().enumerate() {
                            child_position += 1;
                            let level = g.item(
                                &main,
                                ItemSpec {
                                    code: Some(format!("{code}.L{}", l + 1)),
                                    list: Some(child_position),
                                    abbreviated: Some(format!("{title}: {quality}")),
                                    concept: Some(dom.concept),
                                    levels: top.levels,
                                    ..ItemSpec::new(
                                        format!("level/{code}/{}", l + 1),
                                        format!("{title} ({quality}): {}", fill(pattern, topic, context, model)),
                                        "Achievement Level",
                                    )
                                },
                            );
                            g.child(&main, &level, &end, child_position);
                            standard.levels.push(level);
                        }
                    }
                    if global % size.retired_every == 7 {
                        position += 1;
                        let old = g.item(
                            &main,
                            ItemSpec {
                                code: Some(format!("{code}-2015")),
                                list: Some(position),
                                keywords: Some(topic),
                                concept: Some(dom.concept),
                                levels: top.levels,
                                notes: Some(format!("Retired by the 2024 revision; replaced by {code}.")),
                                retired: true,
                                ..ItemSpec::new(
                                    format!("retired/{code}"),
                                    fill(
                                        STANDARD_PATTERNS[(global + 3) % STANDARD_PATTERNS.len()],
                                        topic,
                                        context,
                                        model,
                                    ),
                                    "Standard",
                                )
                            },
                        );
                        g.child(&main, &old, &cluster_end, position);
                        standard.retired = Some(old);
                    }
                    standards.push(standard);
                }
                cluster_count += 1;
                clusters.push(aligned);
            }
        }
        alignment.tops.push((top.code, clusters));
    }

    // The Spanish edition: grade levels and domains, each a translation of its English item.
    let mut spanish_ends: Vec<End> = Vec::new();
    let mut list_positions: Vec<usize> = vec![0; translations.len()];
    let mut top_count = 0;
    for (index, (english, title, kind, parent)) in translations.iter().enumerate() {
        let position = match parent {
            Some(p) => {
                list_positions[*p] += 1;
                list_positions[*p]
            }
            None => {
                top_count += 1;
                top_count
            }
        };
        let end = g.item(
            &spanish,
            ItemSpec {
                code: Some(english.title.clone()),
                list: Some(position),
                language: "spa",
                ..ItemSpec::new(format!("spa/{index}"), title.clone(), kind)
            },
        );
        let parent_end = parent.map_or(&spanish_end, |p| &spanish_ends[p]).clone();
        g.child(&spanish, &end, &parent_end, position);
        let grouping = g.defs.grouping("translation").clone();
        g.w.associate(g.out, &spanish, "isTranslationOf", english, &end, None, Some(&grouping), None);
        spanish_ends.push(end);
    }

    alignment.standards = standards.len();
    let modeling = modeling.unwrap_or(main_end);
    links::emit(&mut g.w, g.out, &g.defs, &main, &standards, &modeling, &mut rng);
    rubrics::emit(g.w.ids, now, g.out, &standards, size.rubrics, &mut rng);
    alignment
}

fn kind_of_top(code: &str) -> &'static str {
    if code.starts_with("HS") { "Conceptual Category" } else { "Grade Level" }
}
