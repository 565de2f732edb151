//! Dialects: the service base paths and status-object names a server uses. Data, not code paths.

use serde::{Deserialize, Serialize};

use crate::status::StatusNames;

/// The four services.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Service {
    /// Learning resources.
    Resources,
    /// Gradebook and assessment results.
    Gradebook,
    /// Rostering.
    Rostering,
    /// Competency frameworks (CASE).
    Competency,
}

impl Service {
    /// All four, in a fixed order.
    pub const ALL: [Service; 4] = [Service::Resources, Service::Gradebook, Service::Rostering, Service::Competency];

    /// The service's name.
    pub fn as_str(self) -> &'static str {
        match self {
            Service::Resources => "resources",
            Service::Gradebook => "gradebook",
            Service::Rostering => "rostering",
            Service::Competency => "competency",
        }
    }
}

/// How a server lays out the services: base paths and the status-object prefix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dialect {
    /// Preset name (`spec`, `1edtech`) or `custom`.
    pub name: String,
    /// Base path of the resources service.
    pub resources: String,
    /// Base path of the gradebook service.
    pub gradebook: String,
    /// Base path of the rostering service.
    pub rostering: String,
    /// Base path of the competency service.
    pub competency: String,
    /// `svc_` or `imsx_`.
    pub status_prefix: String,
}

impl Dialect {
    /// The specification's names.
    pub fn spec() -> Dialect {
        Dialect {
            name: "spec".into(),
            resources: "/api/roster/resources/v1p2".into(),
            gradebook: "/api/roster/gradebook/v1p2".into(),
            rostering: "/api/roster/rostering/v1p2".into(),
            competency: "/api/competency/v1p1".into(),
            status_prefix: "svc_".into(),
        }
    }

    /// The names deployed servers use (the official references').
    pub fn one_edtech() -> Dialect {
        Dialect {
            name: "1edtech".into(),
            resources: "/ims/oneroster/resources/v1p2".into(),
            gradebook: "/ims/oneroster/gradebook/v1p2".into(),
            rostering: "/ims/oneroster/rostering/v1p2".into(),
            competency: "/ims/case/v1p1".into(),
            status_prefix: "imsx_".into(),
        }
    }

    /// A preset by name: `spec` or `1edtech`.
    pub fn preset(name: &str) -> Option<Dialect> {
        match name {
            "spec" => Some(Dialect::spec()),
            "1edtech" => Some(Dialect::one_edtech()),
            _ => None,
        }
    }

    /// The base path of `service`.
    pub fn base_path(&self, service: Service) -> &str {
        match service {
            Service::Resources => &self.resources,
            Service::Gradebook => &self.gradebook,
            Service::Rostering => &self.rostering,
            Service::Competency => &self.competency,
        }
    }

    /// The same dialect with `service` at another base path.
    pub fn with_base_path(mut self, service: Service, path: impl Into<String>) -> Dialect {
        let path = path.into();
        let slot = match service {
            Service::Resources => &mut self.resources,
            Service::Gradebook => &mut self.gradebook,
            Service::Rostering => &mut self.rostering,
            Service::Competency => &mut self.competency,
        };
        *slot = path.trim_end_matches('/').to_owned();
        self.name = "custom".into();
        self
    }

    /// The names this dialect writes a status object of `service` with.
    pub fn status_names(&self, service: Service) -> StatusNames {
        match (self.status_prefix.as_str(), service) {
            ("imsx_", Service::Competency) => StatusNames::IMSX_CASE,
            ("imsx_", _) => StatusNames::IMSX_ONEROSTER,
            _ => StatusNames::SPEC,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets() {
        assert_eq!(Dialect::preset("spec").unwrap().base_path(Service::Competency), "/api/competency/v1p1");
        assert_eq!(Dialect::preset("1edtech").unwrap().base_path(Service::Rostering), "/ims/oneroster/rostering/v1p2");
        assert_eq!(Dialect::preset("other"), None);
        let custom = Dialect::spec().with_base_path(Service::Gradebook, "/x/gb/");
        assert_eq!((custom.base_path(Service::Gradebook), custom.name.as_str()), ("/x/gb", "custom"));
    }
}
