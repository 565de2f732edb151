//! The roster inspector's commands on [`App`]: connections with roster data, the navigation
//! with counts, the academic calendar, the classes table, the class and user pages, user
//! search, demographics revealed on request, the data checks, any record's page, and a class
//! roster exported as CSV. Each runs on the cache's readers; what every view shares (class rows,
//! orgs, sessions) is read once per connection and kept until its data changes ([`RosterMemo`]).
//! Today comes from the app's clock, never the system's.

mod calendar;
mod checks;
mod class_csv;
mod class_page;
mod classes;
mod dates;
mod demographics;
mod error;
mod json;
mod memo;
mod names;
mod navigation;
mod record;
mod search;
mod source;
mod types;
mod user_page;

use std::sync::Arc;

pub(crate) use classes::fold;
pub use error::RosterError;
pub use memo::RosterMemo;
pub use types::{
    AcademicCalendar, AgentEntry, CalendarSession, CheckRecord, CheckResult, ClassColumn, ClassMember, ClassPage,
    ClassQuery, ClassSort, ClassTable, ClassTableRow, ColumnFilter, DataChecks, DemographicsAccess, DemographicsRecord,
    FieldLine, FieldLink, LineItemEntry, NavCrumb, NavEntry, NavKind, RecordLink, RecordPage, RosterLevel, RosterScope,
    RosterSource, ScopeCounts, SessionEntry, UserEnrollment, UserHit, UserNames, UserPage, UserRoleEntry,
};

use super::{App, AppError};

/// Records each data check lists at most.
pub const CHECK_ROWS: u32 = 500;

impl App {
    /// Today, as the app's clock says.
    pub(super) fn today(&self) -> String {
        dates::day_of(self.clock.now())
    }

    fn memo(&self) -> Arc<RosterMemo> {
        self.roster.clone()
    }

    /// Every connection with roster data.
    pub async fn roster_sources(&self) -> Result<Vec<RosterSource>, AppError> {
        self.cache.read(source::roster_sources).await.map_err(AppError::from)
    }

    /// One level of the navigation, with counts.
    pub async fn roster_level(&self, connection: String, scope: RosterScope) -> Result<RosterLevel, AppError> {
        let (memo, today) = (self.memo(), self.today());
        let level = self
            .cache
            .read(move |conn| {
                let source = source::source(conn, &connection)?;
                let loaded = memo.get(conn, &source)?;
                navigation::level(conn, &source, &loaded, &scope, &today)
            })
            .await?;
        Ok(level)
    }

    /// The academic calendar, with the sessions that include today marked.
    pub async fn roster_calendar(&self, connection: String) -> Result<AcademicCalendar, AppError> {
        let (memo, today) = (self.memo(), self.today());
        let calendar = self
            .cache
            .read(move |conn| {
                let source = source::source(conn, &connection)?;
                let loaded = memo.get(conn, &source)?;
                calendar::calendar(conn, &source, &loaded, &today)
            })
            .await?;
        Ok(calendar)
    }

    /// The classes table of a scope, filtered and sorted.
    pub async fn roster_classes(&self, connection: String, query: ClassQuery) -> Result<ClassTable, AppError> {
        let memo = self.memo();
        let table = self
            .cache
            .read(move |conn| {
                let source = source::source(conn, &connection)?;
                let loaded = memo.get(conn, &source)?;
                Ok::<_, RosterError>(classes::class_table(&loaded, &query))
            })
            .await?;
        Ok(table)
    }

    /// The class page.
    pub async fn roster_class(&self, connection: String, id: String) -> Result<ClassPage, AppError> {
        let (memo, today) = (self.memo(), self.today());
        let page = self
            .cache
            .read(move |conn| {
                let source = source::source(conn, &connection)?;
                let loaded = memo.get(conn, &source)?;
                class_page::class_page(conn, &source, &loaded, &id, &today)
            })
            .await?;
        Ok(page)
    }

    /// The user page.
    pub async fn roster_user(&self, connection: String, id: String) -> Result<UserPage, AppError> {
        let today = self.today();
        let page = self
            .cache
            .read(move |conn| {
                let source = source::source(conn, &connection)?;
                user_page::user_page(conn, &source, &id, &today)
            })
            .await?;
        Ok(page)
    }

    /// Users matching what was typed, at most `limit` (1–200).
    pub async fn roster_search_users(
        &self,
        connection: String,
        query: String,
        limit: u32,
    ) -> Result<Vec<UserHit>, AppError> {
        let limit = limit.clamp(1, 200);
        let hits = self
            .cache
            .read(move |conn| {
                let source = source::source(conn, &connection)?;
                search::search_users(conn, &source, &query, limit)
            })
            .await?;
        Ok(hits)
    }

    /// A user's demographics, where the connection may show them.
    pub async fn roster_demographics(&self, connection: String, user: String) -> Result<DemographicsRecord, AppError> {
        let record = self
            .cache
            .read(move |conn| {
                let source = source::source(conn, &connection)?;
                demographics::demographics(conn, &source, &user)
            })
            .await?;
        Ok(record)
    }

    /// The data checks, each with at most [`CHECK_ROWS`] records.
    pub async fn roster_checks(&self, connection: String) -> Result<DataChecks, AppError> {
        let checks = self
            .cache
            .read(move |conn| {
                let source = source::source(conn, &connection)?;
                checks::data_checks(conn, &source, CHECK_ROWS)
            })
            .await?;
        Ok(checks)
    }

    /// Any roster record's page.
    pub async fn roster_record(
        &self,
        connection: String,
        collection: String,
        id: String,
    ) -> Result<RecordPage, AppError> {
        let page = self
            .cache
            .read(move |conn| {
                let source = source::source(conn, &connection)?;
                record::record_page(conn, &source, &collection, &id)
            })
            .await?;
        Ok(page)
    }

    /// Writes a class's roster as CSV into the data folder's `exports/` (demographics only when
    /// asked for and allowed) and answers the file's path.
    pub async fn roster_export_class(
        &self,
        connection: String,
        class: String,
        with_demographics: bool,
    ) -> Result<String, AppError> {
        let (memo, today, data_dir) = (self.memo(), self.today(), self.data_dir.clone());
        let path = self
            .cache
            .read(move |conn| {
                let source = source::source(conn, &connection)?;
                let loaded = memo.get(conn, &source)?;
                let page = class_page::class_page(conn, &source, &loaded, &class, &today)?;
                let text = class_csv::roster_csv(conn, &source, &page, with_demographics)?;
                super::exports_folder::save(&data_dir, &class_csv::file_name(&page, with_demographics), text.as_bytes())
                    .map_err(|e| RosterError::Export(e.message))
            })
            .await?;
        Ok(path.display().to_string())
    }
}
