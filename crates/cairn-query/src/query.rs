//! A whole collection request: reading it from query parameters, writing it back, and running
//! it over records in memory.

use cairn_spec::shape::Shape;
use serde_json::Value;

use crate::error::{QueryError, Warning};
use crate::fields::Selection;
use crate::filter::Filter;
use crate::paging::Paging;
use crate::sort::Sort;
use crate::url::{decode_component, query_string};

/// The query parameters of a collection request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Query {
    /// `limit` and `offset`.
    pub paging: Paging,
    /// `filter`.
    pub filter: Option<Filter>,
    /// `sort` and `orderBy`.
    pub sort: Option<Sort>,
    /// `fields`.
    pub fields: Option<Selection>,
}

/// One page of results from [`Query::run`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Page {
    /// The records of the page, cut down to the selected fields.
    pub records: Vec<Value>,
    /// How many records matched the filter (the `X-Total-Count`).
    pub total: usize,
    /// Problems that did not fail the request (an unknown sort field).
    pub warnings: Vec<Warning>,
}

impl Query {
    /// Reads the query parameters of a request, already percent-decoded. Parameter names are
    /// case-sensitive; unknown parameters are ignored; a repeated parameter's last value wins.
    /// The first problem found is reported, checking `limit`, `offset`, `filter`, `orderBy`,
    /// `fields` in that order.
    pub fn from_params<I, K, V>(params: I) -> Result<Query, QueryError>
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut raw = Raw::default();
        for (key, value) in params {
            let slot = match key.as_ref() {
                "limit" => &mut raw.limit,
                "offset" => &mut raw.offset,
                "filter" => &mut raw.filter,
                "sort" => &mut raw.sort,
                "orderBy" => &mut raw.order_by,
                "fields" => &mut raw.fields,
                _ => continue,
            };
            *slot = Some(value.as_ref().to_owned());
        }
        let paging = Paging::parse(raw.limit.as_deref(), raw.offset.as_deref())?;
        let filter = raw.filter.as_deref().map(Filter::parse).transpose()?;
        let sort = Sort::parse(raw.sort.as_deref(), raw.order_by.as_deref())?;
        let fields = raw.fields.as_deref().map(Selection::parse).transpose()?;
        Ok(Query { paging, filter, sort, fields })
    }

    /// Reads a raw, percent-encoded query string (with or without the leading `?`); `+` is read
    /// as a space. See [`Query::from_params`].
    pub fn from_query_string(query: &str) -> Result<Query, QueryError> {
        let query = query.strip_prefix('?').unwrap_or(query);
        Query::from_params(query.split('&').filter(|p| !p.is_empty()).map(|param| {
            let (key, value) = param.split_once('=').unwrap_or((param, ""));
            (decode_component(key), decode_component(value))
        }))
    }

    /// The query parameters to send, unencoded: `filter`, `sort`, `orderBy`, `fields` when
    /// set, then always `limit` and `offset`.
    pub fn to_params(&self) -> Vec<(&'static str, String)> {
        let mut params = Vec::new();
        if let Some(filter) = &self.filter {
            params.push(("filter", filter.to_string()));
        }
        if let Some(sort) = &self.sort {
            params.push(("sort", sort.field.clone()));
            params.push(("orderBy", sort.order.as_str().to_owned()));
        }
        if let Some(fields) = &self.fields {
            params.push(("fields", fields.to_string()));
        }
        params.push(("limit", self.paging.limit().to_string()));
        params.push(("offset", self.paging.offset().to_string()));
        params
    }

    /// [`Query::to_params`] as a percent-encoded query string (without the leading `?`).
    pub fn to_query_string(&self) -> String {
        query_string(self.to_params())
    }

    /// Checks the query against a class: an unknown filter field is an error, an unknown sort
    /// field a warning. (An unknown selected field is neither: the whole record is returned.)
    pub fn check(&self, shape: &Shape) -> Result<Vec<Warning>, QueryError> {
        if let Some(filter) = &self.filter {
            filter.check(shape)?;
        }
        Ok(self.sort.iter().filter_map(|sort| sort.check(shape)).collect())
    }

    /// Runs the query over records in their default order: filter, sort, take the page,
    /// select fields.
    pub fn run(&self, records: impl IntoIterator<Item = Value>, shape: &Shape) -> Result<Page, QueryError> {
        let warnings = self.check(shape)?;
        let mut matched: Vec<Value> = match &self.filter {
            Some(filter) => {
                let filter = filter.prepare(shape);
                records.into_iter().filter(|r| filter.matches(r)).collect()
            }
            None => records.into_iter().collect(),
        };
        if let Some(sort) = &self.sort
            && warnings.is_empty()
        {
            sort.apply(&mut matched, shape);
        }
        let total = matched.len();
        let page = matched.drain(self.paging.window(total));
        let records = match &self.fields {
            Some(selection) => page.map(|record| selection.apply(&record, shape)).collect(),
            None => page.collect(),
        };
        Ok(Page { records, total, warnings })
    }
}

/// The raw values of the parameters the query language reads.
#[derive(Default)]
struct Raw {
    limit: Option<String>,
    offset: Option<String>,
    filter: Option<String>,
    sort: Option<String>,
    order_by: Option<String>,
    fields: Option<String>,
}
