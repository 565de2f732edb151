//! The catalogue of every operation of the four services: method, path, query parameters,
//! bodies, success status and the scopes that allow it. The sandbox routes and authorises
//! with it; the client builds requests with it; a test holds it to the official references.

use crate::dialect::Service;

/// An HTTP method the services use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// Read.
    Get,
    /// Create or replace with a requester-supplied sourcedId.
    Put,
    /// Create with provider-allocated sourcedIds.
    Post,
    /// Remove.
    Delete,
}

impl Method {
    /// The method as HTTP spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Put => "PUT",
            Method::Post => "POST",
            Method::Delete => "DELETE",
        }
    }
}

/// Which query parameters an operation accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Query {
    /// limit, offset, sort, orderBy, filter, fields.
    Collection,
    /// fields only (single-record reads of the OneRoster services).
    Fields,
    /// none.
    None,
}

/// One operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Operation {
    /// The service.
    pub service: Service,
    /// The operationId (`getStudentsForClass`).
    pub name: &'static str,
    /// The method.
    pub method: Method,
    /// The path below the service's base path, with `{parameters}`.
    pub path: &'static str,
    /// Accepted query parameters.
    pub query: Query,
    /// The request body's wrapper class (`SingleLineItem`, `ResultSet`).
    pub request: Option<&'static str>,
    /// The success body's wrapper class (`UserSet`); `None` for 201/204 without a body.
    pub response: Option<&'static str>,
    /// The success status.
    pub success: u16,
    /// Scope suffixes any one of which allows the operation (`roster.readonly`).
    pub scopes: &'static [&'static str],
}

#[allow(clippy::too_many_arguments)]
const fn op(
    service: Service,
    name: &'static str,
    method: Method,
    path: &'static str,
    query: Query,
    request: Option<&'static str>,
    response: Option<&'static str>,
    success: u16,
    scopes: &'static [&'static str],
) -> Operation {
    Operation { service, name, method, path, query, request, response, success, scopes }
}

/// Every operation: resources (5), gradebook (35), rostering (41), competency (12).
pub static OPERATIONS: &[Operation] = &[
    // resources service (5 operations)
    op(
        Service::Resources,
        "getAllResources",
        Method::Get,
        "/resources",
        Query::Collection,
        None,
        Some("ResourceSet"),
        200,
        &["resource-core.readonly", "resource.readonly"],
    ),
    op(
        Service::Resources,
        "getResource",
        Method::Get,
        "/resources/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleResource"),
        200,
        &["resource-core.readonly", "resource.readonly"],
    ),
    op(
        Service::Resources,
        "getResourcesForClass",
        Method::Get,
        "/classes/{classSourcedId}/resources",
        Query::Collection,
        None,
        Some("ResourceSet"),
        200,
        &["resource.readonly"],
    ),
    op(
        Service::Resources,
        "getResourcesForCourse",
        Method::Get,
        "/courses/{courseSourcedId}/resources",
        Query::Collection,
        None,
        Some("ResourceSet"),
        200,
        &["resource.readonly"],
    ),
    op(
        Service::Resources,
        "getResourcesForUser",
        Method::Get,
        "/users/{userSourcedId}/resources",
        Query::Collection,
        None,
        Some("ResourceSet"),
        200,
        &["resource.readonly"],
    ),
    // gradebook service (35 operations)
    op(
        Service::Gradebook,
        "deleteAssessmentLineItem",
        Method::Delete,
        "/assessmentLineItems/{sourcedId}",
        Query::None,
        None,
        None,
        204,
        &["assessment.delete"],
    ),
    op(
        Service::Gradebook,
        "deleteAssessmentResult",
        Method::Delete,
        "/assessmentResults/{sourcedId}",
        Query::None,
        None,
        None,
        204,
        &["assessment.delete"],
    ),
    op(
        Service::Gradebook,
        "deleteCategory",
        Method::Delete,
        "/categories/{sourcedId}",
        Query::None,
        None,
        None,
        204,
        &["gradebook.delete"],
    ),
    op(
        Service::Gradebook,
        "deleteLineItem",
        Method::Delete,
        "/lineItems/{sourcedId}",
        Query::None,
        None,
        None,
        204,
        &["gradebook.delete"],
    ),
    op(
        Service::Gradebook,
        "deleteResult",
        Method::Delete,
        "/results/{sourcedId}",
        Query::None,
        None,
        None,
        204,
        &["gradebook.delete"],
    ),
    op(
        Service::Gradebook,
        "deleteScoreScale",
        Method::Delete,
        "/scoreScales/{sourcedId}",
        Query::None,
        None,
        None,
        204,
        &["gradebook.delete"],
    ),
    op(
        Service::Gradebook,
        "getAllAssessmentLineItems",
        Method::Get,
        "/assessmentLineItems",
        Query::Collection,
        None,
        Some("AssessmentLineItemSet"),
        200,
        &["assessment.readonly"],
    ),
    op(
        Service::Gradebook,
        "getAllAssessmentResults",
        Method::Get,
        "/assessmentResults",
        Query::Collection,
        None,
        Some("AssessmentResultSet"),
        200,
        &["assessment.readonly"],
    ),
    op(
        Service::Gradebook,
        "getAllCategories",
        Method::Get,
        "/categories",
        Query::Collection,
        None,
        Some("CategoriesSet"),
        200,
        &["gradebook-core.readonly", "gradebook.readonly"],
    ),
    op(
        Service::Gradebook,
        "getAllLineItems",
        Method::Get,
        "/lineItems",
        Query::Collection,
        None,
        Some("LineItemSet"),
        200,
        &["gradebook-core.readonly", "gradebook.readonly"],
    ),
    op(
        Service::Gradebook,
        "getAllResults",
        Method::Get,
        "/results",
        Query::Collection,
        None,
        Some("ResultSet"),
        200,
        &["gradebook-core.readonly", "gradebook.readonly"],
    ),
    op(
        Service::Gradebook,
        "getAllScoreScales",
        Method::Get,
        "/scoreScales",
        Query::Collection,
        None,
        Some("ScoreScaleSet"),
        200,
        &["gradebook-core.readonly", "gradebook.readonly"],
    ),
    op(
        Service::Gradebook,
        "getAssessmentLineItem",
        Method::Get,
        "/assessmentLineItems/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleAssessmentLineItem"),
        200,
        &["assessment.readonly"],
    ),
    op(
        Service::Gradebook,
        "getAssessmentResult",
        Method::Get,
        "/assessmentResults/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleAssessmentResult"),
        200,
        &["assessment.readonly"],
    ),
    op(
        Service::Gradebook,
        "getCategoriesForClass",
        Method::Get,
        "/classes/{classSourcedId}/categories",
        Query::Collection,
        None,
        Some("CategoriesSet"),
        200,
        &["gradebook.readonly"],
    ),
    op(
        Service::Gradebook,
        "getCategory",
        Method::Get,
        "/categories/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleCategory"),
        200,
        &["gradebook-core.readonly", "gradebook.readonly"],
    ),
    op(
        Service::Gradebook,
        "getLineItem",
        Method::Get,
        "/lineItems/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleLineItem"),
        200,
        &["gradebook-core.readonly", "gradebook.readonly"],
    ),
    op(
        Service::Gradebook,
        "getLineItemsForClass",
        Method::Get,
        "/classes/{classSourcedId}/lineItems",
        Query::Collection,
        None,
        Some("LineItemSet"),
        200,
        &["gradebook.readonly"],
    ),
    op(
        Service::Gradebook,
        "getResult",
        Method::Get,
        "/results/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleResult"),
        200,
        &["gradebook-core.readonly", "gradebook.readonly"],
    ),
    op(
        Service::Gradebook,
        "getResultsForClass",
        Method::Get,
        "/classes/{classSourcedId}/results",
        Query::Collection,
        None,
        Some("ResultSet"),
        200,
        &["gradebook.readonly"],
    ),
    op(
        Service::Gradebook,
        "getResultsForLineItemForClass",
        Method::Get,
        "/classes/{classSourcedId}/lineItems/{lineItemSourcedId}/results",
        Query::Collection,
        None,
        Some("ResultSet"),
        200,
        &["gradebook.readonly"],
    ),
    op(
        Service::Gradebook,
        "getResultsForStudentForClass",
        Method::Get,
        "/classes/{classSourcedId}/students/{studentSourcedId}/results",
        Query::Collection,
        None,
        Some("ResultSet"),
        200,
        &["gradebook.readonly"],
    ),
    op(
        Service::Gradebook,
        "getScoreScale",
        Method::Get,
        "/scoreScales/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleScoreScale"),
        200,
        &["gradebook-core.readonly", "gradebook.readonly"],
    ),
    op(
        Service::Gradebook,
        "getScoreScalesForClass",
        Method::Get,
        "/classes/{classSourcedId}/scoreScales",
        Query::Collection,
        None,
        Some("ScoreScaleSet"),
        200,
        &["gradebook.readonly"],
    ),
    op(
        Service::Gradebook,
        "getScoreScalesForSchool",
        Method::Get,
        "/schools/{schoolSourcedId}/scoreScales",
        Query::Collection,
        None,
        Some("ScoreScaleSet"),
        200,
        &["gradebook.readonly"],
    ),
    op(
        Service::Gradebook,
        "postLineItemsForClass",
        Method::Post,
        "/classes/{classSourcedId}/lineItems",
        Query::None,
        Some("LineItemSet"),
        Some("GUIDPairSet"),
        201,
        &["gradebook.createpost"],
    ),
    op(
        Service::Gradebook,
        "postLineItemsForSchool",
        Method::Post,
        "/schools/{schoolSourcedId}/lineItems",
        Query::None,
        Some("LineItemSet"),
        Some("GUIDPairSet"),
        201,
        &["gradebook.createpost"],
    ),
    op(
        Service::Gradebook,
        "postResultsForAcademicSessionForClass",
        Method::Post,
        "/classes/{classSourcedId}/academicSessions/{academicSessionSourcedId}/results",
        Query::None,
        Some("ResultSet"),
        Some("GUIDPairSet"),
        201,
        &["gradebook.createpost"],
    ),
    op(
        Service::Gradebook,
        "postResultsForLineItem",
        Method::Post,
        "/lineItems/{lineItemSourcedId}/results",
        Query::None,
        Some("ResultSet"),
        Some("GUIDPairSet"),
        201,
        &["gradebook.createpost"],
    ),
    op(
        Service::Gradebook,
        "putAssessmentLineItem",
        Method::Put,
        "/assessmentLineItems/{sourcedId}",
        Query::None,
        Some("SingleAssessmentLineItem"),
        None,
        201,
        &["assessment.createput"],
    ),
    op(
        Service::Gradebook,
        "putAssessmentResult",
        Method::Put,
        "/assessmentResults/{sourcedId}",
        Query::None,
        Some("SingleAssessmentResult"),
        None,
        201,
        &["assessment.createput"],
    ),
    op(
        Service::Gradebook,
        "putCategory",
        Method::Put,
        "/categories/{sourcedId}",
        Query::None,
        Some("SingleCategory"),
        None,
        201,
        &["gradebook.createput"],
    ),
    op(
        Service::Gradebook,
        "putLineItem",
        Method::Put,
        "/lineItems/{sourcedId}",
        Query::None,
        Some("SingleLineItem"),
        None,
        201,
        &["gradebook.createput"],
    ),
    op(
        Service::Gradebook,
        "putResult",
        Method::Put,
        "/results/{sourcedId}",
        Query::None,
        Some("SingleResult"),
        None,
        201,
        &["gradebook.createput"],
    ),
    op(
        Service::Gradebook,
        "putScoreScale",
        Method::Put,
        "/scoreScales/{sourcedId}",
        Query::None,
        Some("SingleScoreScale"),
        None,
        201,
        &["gradebook.createput"],
    ),
    // rostering service (41 operations)
    op(
        Service::Rostering,
        "getAcademicSession",
        Method::Get,
        "/academicSessions/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleAcademicSession"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getAllAcademicSessions",
        Method::Get,
        "/academicSessions",
        Query::Collection,
        None,
        Some("AcademicSessionSet"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getAllClasses",
        Method::Get,
        "/classes",
        Query::Collection,
        None,
        Some("ClassSet"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getAllCourses",
        Method::Get,
        "/courses",
        Query::Collection,
        None,
        Some("CourseSet"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getAllDemographics",
        Method::Get,
        "/demographics",
        Query::Collection,
        None,
        Some("DemographicsSet"),
        200,
        &["roster-demographics.readonly"],
    ),
    op(
        Service::Rostering,
        "getAllEnrollments",
        Method::Get,
        "/enrollments",
        Query::Collection,
        None,
        Some("EnrollmentSet"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getAllGradingPeriods",
        Method::Get,
        "/gradingPeriods",
        Query::Collection,
        None,
        Some("AcademicSessionSet"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getAllOrgs",
        Method::Get,
        "/orgs",
        Query::Collection,
        None,
        Some("OrgSet"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getAllSchools",
        Method::Get,
        "/schools",
        Query::Collection,
        None,
        Some("OrgSet"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getAllStudents",
        Method::Get,
        "/students",
        Query::Collection,
        None,
        Some("UserSet"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getAllTeachers",
        Method::Get,
        "/teachers",
        Query::Collection,
        None,
        Some("UserSet"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getAllTerms",
        Method::Get,
        "/terms",
        Query::Collection,
        None,
        Some("AcademicSessionSet"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getAllUsers",
        Method::Get,
        "/users",
        Query::Collection,
        None,
        Some("UserSet"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getClass",
        Method::Get,
        "/classes/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleClass"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getClassesForCourse",
        Method::Get,
        "/courses/{courseSourcedId}/classes",
        Query::Collection,
        None,
        Some("ClassSet"),
        200,
        &["roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getClassesForSchool",
        Method::Get,
        "/schools/{schoolSourcedId}/classes",
        Query::Collection,
        None,
        Some("ClassSet"),
        200,
        &["roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getClassesForStudent",
        Method::Get,
        "/students/{studentSourcedId}/classes",
        Query::Collection,
        None,
        Some("ClassSet"),
        200,
        &["roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getClassesForTeacher",
        Method::Get,
        "/teachers/{teacherSourcedId}/classes",
        Query::Collection,
        None,
        Some("ClassSet"),
        200,
        &["roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getClassesForTerm",
        Method::Get,
        "/terms/{termSourcedId}/classes",
        Query::Collection,
        None,
        Some("ClassSet"),
        200,
        &["roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getClassesForUser",
        Method::Get,
        "/users/{userSourcedId}/classes",
        Query::Collection,
        None,
        Some("ClassSet"),
        200,
        &["roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getCourse",
        Method::Get,
        "/courses/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleCourse"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getCoursesForSchool",
        Method::Get,
        "/schools/{schoolSourcedId}/courses",
        Query::Collection,
        None,
        Some("CourseSet"),
        200,
        &["roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getDemographics",
        Method::Get,
        "/demographics/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleDemographics"),
        200,
        &["roster-demographics.readonly"],
    ),
    op(
        Service::Rostering,
        "getEnrollment",
        Method::Get,
        "/enrollments/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleEnrollment"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getEnrollmentsForClassInSchool",
        Method::Get,
        "/schools/{schoolSourcedId}/classes/{classSourcedId}/enrollments",
        Query::Collection,
        None,
        Some("EnrollmentSet"),
        200,
        &["roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getEnrollmentsForSchool",
        Method::Get,
        "/schools/{schoolSourcedId}/enrollments",
        Query::Collection,
        None,
        Some("EnrollmentSet"),
        200,
        &["roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getGradingPeriod",
        Method::Get,
        "/gradingPeriods/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleAcademicSession"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getGradingPeriodsForTerm",
        Method::Get,
        "/terms/{termSourcedId}/gradingPeriods",
        Query::Collection,
        None,
        Some("AcademicSessionSet"),
        200,
        &["roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getOrg",
        Method::Get,
        "/orgs/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleOrg"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getSchool",
        Method::Get,
        "/schools/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleOrg"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getStudent",
        Method::Get,
        "/students/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleUser"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getStudentsForClass",
        Method::Get,
        "/classes/{classSourcedId}/students",
        Query::Collection,
        None,
        Some("UserSet"),
        200,
        &["roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getStudentsForClassInSchool",
        Method::Get,
        "/schools/{schoolSourcedId}/classes/{classSourcedId}/students",
        Query::Collection,
        None,
        Some("UserSet"),
        200,
        &["roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getStudentsForSchool",
        Method::Get,
        "/schools/{schoolSourcedId}/students",
        Query::Collection,
        None,
        Some("UserSet"),
        200,
        &["roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getTeacher",
        Method::Get,
        "/teachers/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleUser"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getTeachersForClass",
        Method::Get,
        "/classes/{classSourcedId}/teachers",
        Query::Collection,
        None,
        Some("UserSet"),
        200,
        &["roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getTeachersForClassInSchool",
        Method::Get,
        "/schools/{schoolSourcedId}/classes/{classSourcedId}/teachers",
        Query::Collection,
        None,
        Some("UserSet"),
        200,
        &["roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getTeachersForSchool",
        Method::Get,
        "/schools/{schoolSourcedId}/teachers",
        Query::Collection,
        None,
        Some("UserSet"),
        200,
        &["roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getTerm",
        Method::Get,
        "/terms/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleAcademicSession"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getTermsForSchool",
        Method::Get,
        "/schools/{schoolSourcedId}/terms",
        Query::Collection,
        None,
        Some("AcademicSessionSet"),
        200,
        &["roster.readonly"],
    ),
    op(
        Service::Rostering,
        "getUser",
        Method::Get,
        "/users/{sourcedId}",
        Query::Fields,
        None,
        Some("SingleUser"),
        200,
        &["roster-core.readonly", "roster.readonly"],
    ),
    // competency service (12 operations)
    op(
        Service::Competency,
        "getAllCFDocuments",
        Method::Get,
        "/CFDocuments",
        Query::Collection,
        None,
        Some("CFDocumentSet"),
        200,
        &["case.readonly"],
    ),
    op(
        Service::Competency,
        "getCFAssociation",
        Method::Get,
        "/CFAssociations/{sourcedId}",
        Query::None,
        None,
        Some("CFAssociation"),
        200,
        &["case.readonly"],
    ),
    op(
        Service::Competency,
        "getCFAssociationGrouping",
        Method::Get,
        "/CFAssociationGroupings/{sourcedId}",
        Query::None,
        None,
        Some("CFAssociationGrouping"),
        200,
        &["case.readonly"],
    ),
    op(
        Service::Competency,
        "getCFConcept",
        Method::Get,
        "/CFConcepts/{sourcedId}",
        Query::None,
        None,
        Some("CFConceptSet"),
        200,
        &["case.readonly"],
    ),
    op(
        Service::Competency,
        "getCFDocument",
        Method::Get,
        "/CFDocuments/{sourcedId}",
        Query::None,
        None,
        Some("CFDocument"),
        200,
        &["case.readonly"],
    ),
    op(
        Service::Competency,
        "getCFItem",
        Method::Get,
        "/CFItems/{sourcedId}",
        Query::None,
        None,
        Some("CFItem"),
        200,
        &["case.readonly"],
    ),
    op(
        Service::Competency,
        "getCFItemAssociations",
        Method::Get,
        "/CFItemAssociations/{sourcedId}",
        Query::None,
        None,
        Some("CFAssociationSet"),
        200,
        &["case.readonly"],
    ),
    op(
        Service::Competency,
        "getCFItemType",
        Method::Get,
        "/CFItemTypes/{sourcedId}",
        Query::None,
        None,
        Some("CFItemTypeSet"),
        200,
        &["case.readonly"],
    ),
    op(
        Service::Competency,
        "getCFLicense",
        Method::Get,
        "/CFLicenses/{sourcedId}",
        Query::None,
        None,
        Some("CFLicense"),
        200,
        &["case.readonly"],
    ),
    op(
        Service::Competency,
        "getCFPackage",
        Method::Get,
        "/CFPackages/{sourcedId}",
        Query::None,
        None,
        Some("CFPackage"),
        200,
        &["case.readonly"],
    ),
    op(
        Service::Competency,
        "getCFRubric",
        Method::Get,
        "/CFRubrics/{sourcedId}",
        Query::None,
        None,
        Some("CFRubric"),
        200,
        &["case.readonly"],
    ),
    op(
        Service::Competency,
        "getCFSubject",
        Method::Get,
        "/CFSubjects/{sourcedId}",
        Query::None,
        None,
        Some("CFSubjectSet"),
        200,
        &["case.readonly"],
    ),
];

/// The operation called `name`.
pub fn operation(name: &str) -> Option<&'static Operation> {
    OPERATIONS.iter().find(|o| o.name == name)
}

impl Operation {
    /// The names of the path's parameters, in order.
    pub fn path_params(&self) -> impl Iterator<Item = &'static str> {
        let path: &'static str = self.path;
        path.split('/').filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
    }

    /// The path with its parameters replaced by `values` (percent-encoded), in order.
    pub fn render(&self, values: &[&str]) -> String {
        let mut values = values.iter();
        self.path
            .split('/')
            .map(|segment| match segment.starts_with('{') {
                true => values.next().map(|v| encode_segment(v)).unwrap_or_default(),
                false => segment.to_owned(),
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// The parameter values if `path` (below the base path, undecoded) is this operation's.
    pub fn match_path<'p>(&self, path: &'p str) -> Option<Vec<&'p str>> {
        let mut pattern = self.path.split('/');
        let mut given = path.split('/');
        let mut values = Vec::new();
        loop {
            match (pattern.next(), given.next()) {
                (None, None) => return Some(values),
                (Some(p), Some(g)) if p.starts_with('{') && !g.is_empty() => values.push(g),
                (Some(p), Some(g)) if p == g => {}
                _ => return None,
            }
        }
    }

    /// Whether a token holding `granted` scope suffixes may call this operation.
    pub fn allowed_by<'a>(&self, granted: impl IntoIterator<Item = &'a str>) -> bool {
        granted.into_iter().any(|g| self.scopes.contains(&g))
    }
}

/// Percent-encodes a path segment (RFC 3986 unreserved characters stay as they are).
pub fn encode_segment(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// Every scope suffix any operation of `service` accepts.
pub fn scopes_of(service: Service) -> Vec<&'static str> {
    let mut scopes: Vec<_> =
        OPERATIONS.iter().filter(|o| o.service == service).flat_map(|o| o.scopes.iter().copied()).collect();
    scopes.sort_unstable();
    scopes.dedup();
    scopes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_per_service() {
        let count = |s| OPERATIONS.iter().filter(|o| o.service == s).count();
        assert_eq!(
            [
                count(Service::Resources),
                count(Service::Competency),
                count(Service::Gradebook),
                count(Service::Rostering)
            ],
            [5, 12, 35, 41]
        );
    }

    #[test]
    fn paths_render_and_match() {
        let op = operation("getResultsForLineItemForClass").unwrap();
        assert_eq!(op.path_params().collect::<Vec<_>>(), ["classSourcedId", "lineItemSourcedId"]);
        let path = op.render(&["c 1", "l/2"]);
        assert_eq!(path, "/classes/c%201/lineItems/l%2F2/results");
        assert_eq!(op.match_path(&path), Some(vec!["c%201", "l%2F2"]));
        assert_eq!(op.match_path("/classes/c1/lineItems/l2"), None);
        assert_eq!(op.match_path("/classes//lineItems/l2/results"), None);
    }

    #[test]
    fn scopes_follow_the_specification() {
        let core = OPERATIONS.iter().filter(|o| o.scopes.contains(&"roster-core.readonly")).count();
        let all = OPERATIONS.iter().filter(|o| o.scopes.contains(&"roster.readonly")).count();
        assert_eq!((core, all), (22, 39));
        let demographics: Vec<_> =
            OPERATIONS.iter().filter(|o| o.scopes.contains(&"roster-demographics.readonly")).map(|o| o.name).collect();
        assert_eq!(demographics, ["getAllDemographics", "getDemographics"]);
        assert!(operation("getCFPackage").unwrap().allowed_by(["case.readonly"]));
        assert!(!operation("putResult").unwrap().allowed_by(["gradebook.readonly", "gradebook.createpost"]));
        assert_eq!(scopes_of(Service::Resources), ["resource-core.readonly", "resource.readonly"]);
    }
}
