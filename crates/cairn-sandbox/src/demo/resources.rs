//! Learning resources: a student and a teacher edition per course code and a few digital
//! tools, emitted the first time something links to them.

use std::collections::HashSet;

use cairn_spec::Collection;
use serde_json::json;

use super::catalog::Area;
use super::ids::Ids;
use super::out::Out;

/// Digital tools: (key, title, vendor, application, roles).
const TOOLS: &[(&str, &str, &str, &str, &[&str])] = &[
    ("graphwise", "Graphwise Online Graphing Calculator", "graphwise", "graphwise-web", &["student", "teacher"]),
    ("lexiread", "LexiRead Leveled Library", "lexiread", "lexiread-app", &["student", "teacher"]),
    ("labsim", "LabSim Virtual Science Labs", "northwind-education", "labsim", &["student", "teacher"]),
    ("atlas", "Atlas Primary Source Collection", "atlas-archives", "atlas-reader", &["student", "teacher"]),
    ("parla", "Parla Language Practice", "parla", "parla-mobile", &["student", "teacher"]),
    ("codetrail", "CodeTrail Programming Studio", "codetrail", "codetrail-ide", &["student", "teacher"]),
    ("readaloud", "ReadAloud Accessibility Toolbar", "readaloud", "readaloud-ext", &["student", "aide"]),
    ("familylink", "FamilyLink Guide for Families", "familylink", "familylink-portal", &["parent", "guardian"]),
    ("handbook", "Staff Handbook 2025–26", "district", "intranet", &["administrator", "aide", "teacher"]),
];

/// The resources linked so far, by key.
#[derive(Debug, Default)]
pub(crate) struct Resources {
    emitted: HashSet<String>,
}

impl Resources {
    /// The student edition of the course with `code` and `title`.
    pub(crate) fn student_edition(
        &mut self,
        ids: &Ids,
        now: &str,
        out: &mut Out<'_>,
        code: &str,
        title: &str,
    ) -> String {
        let key = format!("{code}/student");
        let title = format!("{title} — Student Edition");
        let vendor_id = format!("SLP-{code}-2024-SE");
        self.resource(
            ids,
            now,
            out,
            &key,
            &title,
            &vendor_id,
            &["student", "teacher"],
            "primary",
            "summit-learning",
            "summit-reader",
        )
    }

    /// The teacher edition of the course with `code` and `title`.
    pub(crate) fn teacher_edition(
        &mut self,
        ids: &Ids,
        now: &str,
        out: &mut Out<'_>,
        code: &str,
        title: &str,
    ) -> String {
        let key = format!("{code}/teacher");
        let title = format!("{title} — Teacher Edition");
        let vendor_id = format!("SLP-{code}-2024-TE");
        self.resource(
            ids,
            now,
            out,
            &key,
            &title,
            &vendor_id,
            &["teacher"],
            "secondary",
            "summit-learning",
            "summit-reader",
        )
    }

    /// The digital tool of a subject area, if it has one.
    pub(crate) fn tool_for(&mut self, ids: &Ids, now: &str, out: &mut Out<'_>, area: Area) -> Option<String> {
        let key = match area {
            Area::Math => "graphwise",
            Area::Ela | Area::Core => "lexiread",
            Area::Science => "labsim",
            Area::Social => "atlas",
            Area::World => "parla",
            Area::Cs => "codetrail",
            _ => return None,
        };
        Some(self.tool(ids, now, out, key))
    }

    /// The tool `key` (one of the built-in tools).
    pub(crate) fn tool(&mut self, ids: &Ids, now: &str, out: &mut Out<'_>, key: &str) -> String {
        let (key, title, vendor, application, roles) =
            TOOLS.iter().find(|t| t.0 == key).copied().unwrap_or(TOOLS[TOOLS.len() - 1]);
        let vendor_id = format!("{}-{}", vendor.to_uppercase(), key.to_uppercase());
        self.resource(ids, now, out, key, title, &vendor_id, roles, "secondary", vendor, application)
    }

    #[allow(clippy::too_many_arguments)]
    fn resource(
        &mut self,
        ids: &Ids,
        now: &str,
        out: &mut Out<'_>,
        key: &str,
        title: &str,
        vendor_resource_id: &str,
        roles: &[&str],
        importance: &str,
        vendor: &str,
        application: &str,
    ) -> String {
        let id = ids.id("resource", key);
        if self.emitted.insert(key.to_owned()) {
            out.emit(
                Collection::Resources,
                json!({
                    "sourcedId": id, "status": "active", "dateLastModified": now,
                    "title": title, "roles": roles, "importance": importance,
                    "vendorResourceId": vendor_resource_id, "vendorId": vendor, "applicationId": application,
                }),
            );
        }
        id
    }
}
