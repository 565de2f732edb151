//! The typed layer: one async method per operation of the four services, named after it in
//! snake case, generated from a table that mirrors `cairn_spec::operations::OPERATIONS` (a test
//! holds the table to the catalogue: every operation exactly once, with its method, path,
//! parameters and body classes).
//!
//! Collection reads take a [`Query`] and answer one page as the query asks (use
//! [`Client::collect_pages`] for every page); single reads answer the single wrapper (or the
//! bare CASE record); PUT and DELETE answer `()`; POST answers the `GUIDPairSet`.

use cairn_query::Query;
use cairn_spec::{case, gradebook, resources, roster};

use crate::client::Client;
use crate::error::ClientError;
use crate::typed::decode;

/// One method of the table, for the test that holds it to the catalogue.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) struct TypedOperation {
    /// The method's name.
    pub(crate) method: &'static str,
    /// The operationId.
    pub(crate) name: &'static str,
    /// `list`, `get`, `put`, `post` or `delete`.
    pub(crate) kind: &'static str,
    /// The path below the base path.
    pub(crate) path: &'static str,
    /// The path parameters' argument names.
    pub(crate) params: &'static [&'static str],
    /// The request body's class.
    pub(crate) request: Option<&'static str>,
    /// The answer's class.
    pub(crate) response: Option<&'static str>,
}

macro_rules! method {
    (list $method:ident $name:literal $path:literal ($($param:ident),*) => $ret:ty) => {
        #[doc = concat!("`GET ", $path, "` (", $name, "): one page of the collection as `query` asks; [`Client::collect_pages`] reads every page.")]
        pub async fn $method(&self, $($param: &str,)* query: &Query) -> Result<$ret, ClientError> {
            self.read_typed($name, &[$($param),*], Some(query)).await
        }
    };
    (get $method:ident $name:literal $path:literal ($($param:ident),*) => $ret:ty) => {
        #[doc = concat!("`GET ", $path, "` (", $name, "): one record.")]
        pub async fn $method(&self, $($param: &str),*) -> Result<$ret, ClientError> {
            self.read_typed($name, &[$($param),*], None).await
        }
    };
    (put $method:ident $name:literal $path:literal ($($param:ident),*) body $body:ty) => {
        #[doc = concat!("`PUT ", $path, "` (", $name, "): creates or replaces the record (201).")]
        pub async fn $method(&self, $($param: &str,)* body: &$body) -> Result<(), ClientError> {
            self.write_typed($name, &[$($param),*], body).await.map(|_| ())
        }
    };
    (post $method:ident $name:literal $path:literal ($($param:ident),*) body $body:ty => $ret:ty) => {
        #[doc = concat!("`POST ", $path, "` (", $name, "): creates the records; the provider allocates their identifiers and answers the pairs (201). Never retried after the server may have acted on it.")]
        pub async fn $method(&self, $($param: &str,)* body: &$body) -> Result<$ret, ClientError> {
            let (op, answer) = self.write_typed($name, &[$($param),*], body).await?;
            decode(op, answer)
        }
    };
    (delete $method:ident $name:literal $path:literal ($($param:ident),*)) => {
        #[doc = concat!("`DELETE ", $path, "` (", $name, "): removes the record (204).")]
        pub async fn $method(&self, $($param: &str),*) -> Result<(), ClientError> {
            self.delete_typed($name, &[$($param),*]).await
        }
    };
}

macro_rules! operations {
    ($($kind:ident $method:ident = $name:literal $path:literal ($($param:ident),*) $(body $body:ty)? $(=> $ret:ty)?;)*) => {
        impl Client {
            $(method!($kind $method $name $path ($($param),*) $(body $body)? $(=> $ret)?);)*
        }

        /// The table, for the test that holds it to the catalogue.
        #[cfg_attr(not(test), allow(dead_code))]
        pub(crate) fn typed_operations() -> Vec<TypedOperation> {
            vec![$(TypedOperation {
                method: stringify!($method),
                name: $name,
                kind: stringify!($kind),
                path: $path,
                params: &[$(stringify!($param)),*],
                request: None::<&'static str> $(.or(Some(<$body as cairn_spec::Record>::shape().name)))?,
                response: None::<&'static str> $(.or(Some(<$ret as cairn_spec::Record>::shape().name)))?,
            }),*]
        }
    };
}

operations! {
    // resources
    list get_all_resources = "getAllResources" "/resources" () => resources::ResourceSet;
    get get_resource = "getResource" "/resources/{sourcedId}" (sourced_id) => resources::SingleResource;
    list get_resources_for_class = "getResourcesForClass" "/classes/{classSourcedId}/resources" (class_sourced_id) => resources::ResourceSet;
    list get_resources_for_course = "getResourcesForCourse" "/courses/{courseSourcedId}/resources" (course_sourced_id) => resources::ResourceSet;
    list get_resources_for_user = "getResourcesForUser" "/users/{userSourcedId}/resources" (user_sourced_id) => resources::ResourceSet;
    // gradebook
    delete delete_assessment_line_item = "deleteAssessmentLineItem" "/assessmentLineItems/{sourcedId}" (sourced_id);
    delete delete_assessment_result = "deleteAssessmentResult" "/assessmentResults/{sourcedId}" (sourced_id);
    delete delete_category = "deleteCategory" "/categories/{sourcedId}" (sourced_id);
    delete delete_line_item = "deleteLineItem" "/lineItems/{sourcedId}" (sourced_id);
    delete delete_result = "deleteResult" "/results/{sourcedId}" (sourced_id);
    delete delete_score_scale = "deleteScoreScale" "/scoreScales/{sourcedId}" (sourced_id);
    list get_all_assessment_line_items = "getAllAssessmentLineItems" "/assessmentLineItems" () => gradebook::AssessmentLineItemSet;
    list get_all_assessment_results = "getAllAssessmentResults" "/assessmentResults" () => gradebook::AssessmentResultSet;
    list get_all_categories = "getAllCategories" "/categories" () => gradebook::CategoriesSet;
    list get_all_line_items = "getAllLineItems" "/lineItems" () => gradebook::LineItemSet;
    list get_all_results = "getAllResults" "/results" () => gradebook::ResultSet;
    list get_all_score_scales = "getAllScoreScales" "/scoreScales" () => gradebook::ScoreScaleSet;
    get get_assessment_line_item = "getAssessmentLineItem" "/assessmentLineItems/{sourcedId}" (sourced_id) => gradebook::SingleAssessmentLineItem;
    get get_assessment_result = "getAssessmentResult" "/assessmentResults/{sourcedId}" (sourced_id) => gradebook::SingleAssessmentResult;
    list get_categories_for_class = "getCategoriesForClass" "/classes/{classSourcedId}/categories" (class_sourced_id) => gradebook::CategoriesSet;
    get get_category = "getCategory" "/categories/{sourcedId}" (sourced_id) => gradebook::SingleCategory;
    get get_line_item = "getLineItem" "/lineItems/{sourcedId}" (sourced_id) => gradebook::SingleLineItem;
    list get_line_items_for_class = "getLineItemsForClass" "/classes/{classSourcedId}/lineItems" (class_sourced_id) => gradebook::LineItemSet;
    get get_result = "getResult" "/results/{sourcedId}" (sourced_id) => gradebook::SingleResult;
    list get_results_for_class = "getResultsForClass" "/classes/{classSourcedId}/results" (class_sourced_id) => gradebook::ResultSet;
    list get_results_for_line_item_for_class = "getResultsForLineItemForClass" "/classes/{classSourcedId}/lineItems/{lineItemSourcedId}/results" (class_sourced_id, line_item_sourced_id) => gradebook::ResultSet;
    list get_results_for_student_for_class = "getResultsForStudentForClass" "/classes/{classSourcedId}/students/{studentSourcedId}/results" (class_sourced_id, student_sourced_id) => gradebook::ResultSet;
    get get_score_scale = "getScoreScale" "/scoreScales/{sourcedId}" (sourced_id) => gradebook::SingleScoreScale;
    list get_score_scales_for_class = "getScoreScalesForClass" "/classes/{classSourcedId}/scoreScales" (class_sourced_id) => gradebook::ScoreScaleSet;
    list get_score_scales_for_school = "getScoreScalesForSchool" "/schools/{schoolSourcedId}/scoreScales" (school_sourced_id) => gradebook::ScoreScaleSet;
    post post_line_items_for_class = "postLineItemsForClass" "/classes/{classSourcedId}/lineItems" (class_sourced_id) body gradebook::LineItemSet => gradebook::GuidPairSet;
    post post_line_items_for_school = "postLineItemsForSchool" "/schools/{schoolSourcedId}/lineItems" (school_sourced_id) body gradebook::LineItemSet => gradebook::GuidPairSet;
    post post_results_for_academic_session_for_class = "postResultsForAcademicSessionForClass" "/classes/{classSourcedId}/academicSessions/{academicSessionSourcedId}/results" (class_sourced_id, academic_session_sourced_id) body gradebook::ResultSet => gradebook::GuidPairSet;
    post post_results_for_line_item = "postResultsForLineItem" "/lineItems/{lineItemSourcedId}/results" (line_item_sourced_id) body gradebook::ResultSet => gradebook::GuidPairSet;
    put put_assessment_line_item = "putAssessmentLineItem" "/assessmentLineItems/{sourcedId}" (sourced_id) body gradebook::SingleAssessmentLineItem;
    put put_assessment_result = "putAssessmentResult" "/assessmentResults/{sourcedId}" (sourced_id) body gradebook::SingleAssessmentResult;
    put put_category = "putCategory" "/categories/{sourcedId}" (sourced_id) body gradebook::SingleCategory;
    put put_line_item = "putLineItem" "/lineItems/{sourcedId}" (sourced_id) body gradebook::SingleLineItem;
    put put_result = "putResult" "/results/{sourcedId}" (sourced_id) body gradebook::SingleResult;
    put put_score_scale = "putScoreScale" "/scoreScales/{sourcedId}" (sourced_id) body gradebook::SingleScoreScale;
    // rostering
    get get_academic_session = "getAcademicSession" "/academicSessions/{sourcedId}" (sourced_id) => roster::SingleAcademicSession;
    list get_all_academic_sessions = "getAllAcademicSessions" "/academicSessions" () => roster::AcademicSessionSet;
    list get_all_classes = "getAllClasses" "/classes" () => roster::ClassSet;
    list get_all_courses = "getAllCourses" "/courses" () => roster::CourseSet;
    list get_all_demographics = "getAllDemographics" "/demographics" () => roster::DemographicsSet;
    list get_all_enrollments = "getAllEnrollments" "/enrollments" () => roster::EnrollmentSet;
    list get_all_grading_periods = "getAllGradingPeriods" "/gradingPeriods" () => roster::AcademicSessionSet;
    list get_all_orgs = "getAllOrgs" "/orgs" () => roster::OrgSet;
    list get_all_schools = "getAllSchools" "/schools" () => roster::OrgSet;
    list get_all_students = "getAllStudents" "/students" () => roster::UserSet;
    list get_all_teachers = "getAllTeachers" "/teachers" () => roster::UserSet;
    list get_all_terms = "getAllTerms" "/terms" () => roster::AcademicSessionSet;
    list get_all_users = "getAllUsers" "/users" () => roster::UserSet;
    get get_class = "getClass" "/classes/{sourcedId}" (sourced_id) => roster::SingleClass;
    list get_classes_for_course = "getClassesForCourse" "/courses/{courseSourcedId}/classes" (course_sourced_id) => roster::ClassSet;
    list get_classes_for_school = "getClassesForSchool" "/schools/{schoolSourcedId}/classes" (school_sourced_id) => roster::ClassSet;
    list get_classes_for_student = "getClassesForStudent" "/students/{studentSourcedId}/classes" (student_sourced_id) => roster::ClassSet;
    list get_classes_for_teacher = "getClassesForTeacher" "/teachers/{teacherSourcedId}/classes" (teacher_sourced_id) => roster::ClassSet;
    list get_classes_for_term = "getClassesForTerm" "/terms/{termSourcedId}/classes" (term_sourced_id) => roster::ClassSet;
    list get_classes_for_user = "getClassesForUser" "/users/{userSourcedId}/classes" (user_sourced_id) => roster::ClassSet;
    get get_course = "getCourse" "/courses/{sourcedId}" (sourced_id) => roster::SingleCourse;
    list get_courses_for_school = "getCoursesForSchool" "/schools/{schoolSourcedId}/courses" (school_sourced_id) => roster::CourseSet;
    get get_demographics = "getDemographics" "/demographics/{sourcedId}" (sourced_id) => roster::SingleDemographics;
    get get_enrollment = "getEnrollment" "/enrollments/{sourcedId}" (sourced_id) => roster::SingleEnrollment;
    list get_enrollments_for_class_in_school = "getEnrollmentsForClassInSchool" "/schools/{schoolSourcedId}/classes/{classSourcedId}/enrollments" (school_sourced_id, class_sourced_id) => roster::EnrollmentSet;
    list get_enrollments_for_school = "getEnrollmentsForSchool" "/schools/{schoolSourcedId}/enrollments" (school_sourced_id) => roster::EnrollmentSet;
    get get_grading_period = "getGradingPeriod" "/gradingPeriods/{sourcedId}" (sourced_id) => roster::SingleAcademicSession;
    list get_grading_periods_for_term = "getGradingPeriodsForTerm" "/terms/{termSourcedId}/gradingPeriods" (term_sourced_id) => roster::AcademicSessionSet;
    get get_org = "getOrg" "/orgs/{sourcedId}" (sourced_id) => roster::SingleOrg;
    get get_school = "getSchool" "/schools/{sourcedId}" (sourced_id) => roster::SingleOrg;
    get get_student = "getStudent" "/students/{sourcedId}" (sourced_id) => roster::SingleUser;
    list get_students_for_class = "getStudentsForClass" "/classes/{classSourcedId}/students" (class_sourced_id) => roster::UserSet;
    list get_students_for_class_in_school = "getStudentsForClassInSchool" "/schools/{schoolSourcedId}/classes/{classSourcedId}/students" (school_sourced_id, class_sourced_id) => roster::UserSet;
    list get_students_for_school = "getStudentsForSchool" "/schools/{schoolSourcedId}/students" (school_sourced_id) => roster::UserSet;
    get get_teacher = "getTeacher" "/teachers/{sourcedId}" (sourced_id) => roster::SingleUser;
    list get_teachers_for_class = "getTeachersForClass" "/classes/{classSourcedId}/teachers" (class_sourced_id) => roster::UserSet;
    list get_teachers_for_class_in_school = "getTeachersForClassInSchool" "/schools/{schoolSourcedId}/classes/{classSourcedId}/teachers" (school_sourced_id, class_sourced_id) => roster::UserSet;
    list get_teachers_for_school = "getTeachersForSchool" "/schools/{schoolSourcedId}/teachers" (school_sourced_id) => roster::UserSet;
    get get_term = "getTerm" "/terms/{sourcedId}" (sourced_id) => roster::SingleAcademicSession;
    list get_terms_for_school = "getTermsForSchool" "/schools/{schoolSourcedId}/terms" (school_sourced_id) => roster::AcademicSessionSet;
    get get_user = "getUser" "/users/{sourcedId}" (sourced_id) => roster::SingleUser;
    // competency
    list get_all_cf_documents = "getAllCFDocuments" "/CFDocuments" () => case::CfDocumentSet;
    get get_cf_association = "getCFAssociation" "/CFAssociations/{sourcedId}" (sourced_id) => case::CfAssociation;
    get get_cf_association_grouping = "getCFAssociationGrouping" "/CFAssociationGroupings/{sourcedId}" (sourced_id) => case::CfAssociationGrouping;
    get get_cf_concept = "getCFConcept" "/CFConcepts/{sourcedId}" (sourced_id) => case::CfConceptSet;
    get get_cf_document = "getCFDocument" "/CFDocuments/{sourcedId}" (sourced_id) => case::CfDocument;
    get get_cf_item = "getCFItem" "/CFItems/{sourcedId}" (sourced_id) => case::CfItem;
    get get_cf_item_associations = "getCFItemAssociations" "/CFItemAssociations/{sourcedId}" (sourced_id) => case::CfAssociationSet;
    get get_cf_item_type = "getCFItemType" "/CFItemTypes/{sourcedId}" (sourced_id) => case::CfItemTypeSet;
    get get_cf_license = "getCFLicense" "/CFLicenses/{sourcedId}" (sourced_id) => case::CfLicense;
    get get_cf_package = "getCFPackage" "/CFPackages/{sourcedId}" (sourced_id) => case::CfPackage;
    get get_cf_rubric = "getCFRubric" "/CFRubrics/{sourcedId}" (sourced_id) => case::CfRubric;
    get get_cf_subject = "getCFSubject" "/CFSubjects/{sourcedId}" (sourced_id) => case::CfSubjectSet;
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use cairn_spec::operations::{Method, OPERATIONS, Query as QueryKind};

    use super::*;

    fn snake(camel: &str) -> String {
        let mut out = String::new();
        for (i, c) in camel.replace("CF", "Cf").chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    }

    #[test]
    fn the_table_names_every_operation_exactly_once() {
        let table = typed_operations();
        let names: BTreeSet<&str> = table.iter().map(|t| t.name).collect();
        assert_eq!(names.len(), table.len(), "an operation appears twice");
        let catalogue: BTreeSet<&str> = OPERATIONS.iter().map(|o| o.name).collect();
        assert_eq!(names, catalogue);
        assert_eq!(table.len(), 93);
    }

    #[test]
    fn each_method_matches_its_operation() {
        for t in typed_operations() {
            let Some(op) = OPERATIONS.iter().find(|o| o.name == t.name) else { panic!("{}", t.name) };
            assert_eq!(t.method, snake(op.name), "{}", op.name);
            assert_eq!(t.path, op.path, "{}", op.name);
            let params: Vec<String> = op.path_params().map(snake).collect();
            assert_eq!(t.params, params, "{}", op.name);
            let kind = match (op.method, op.query) {
                (Method::Get, QueryKind::Collection) => "list",
                (Method::Get, _) => "get",
                (Method::Put, _) => "put",
                (Method::Post, _) => "post",
                (Method::Delete, _) => "delete",
            };
            assert_eq!(t.kind, kind, "{}", op.name);
            assert_eq!((t.request, t.response), (op.request, op.response), "{}", op.name);
        }
    }
}
