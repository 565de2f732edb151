//! The rostering service (OneRoster 1.2): academic sessions, orgs, courses, classes, users,
//! enrollments and demographics, with their wrappers and vocabularies.

mod academic_session;
mod class;
mod course;
mod demographics;
mod enrollment;
mod org;
mod user;
mod vocab;
mod wrappers;

pub use academic_session::AcademicSession;
pub use class::Class;
pub use course::Course;
pub use demographics::{Demographics, check_demographics_owners};
pub use enrollment::Enrollment;
pub use org::Org;
pub use user::{Credential, Role, User, UserId, UserProfile};
pub use vocab::{ClassType, EnrolRole, Gender, OrgType, RoleName, RoleType, SessionType};
pub use wrappers::*;
