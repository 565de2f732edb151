//! Parses a filter string: `field<pred>'value'` clauses joined by one kind of connective.
//!
//! Grammar (whitespace is allowed around predicates and required around connectives):
//!
//! ```text
//! filter     = clause *( connective clause )      ; all connectives the same
//! clause     = field predicate value
//! field      = 1*( any char but whitespace, ', =, !, <, >, ~ )
//! predicate  = "=" / "!=" / ">" / ">=" / "<" / "<=" / "~"
//! value      = "'" *( any char but ' / "''" ) "'"
//! connective = "AND" / "OR"                         ; any case
//! ```

use super::error::{FilterError, FilterErrorKind, snippet};
use super::lexer::{Lexer, Spanned, Token};
use super::{Clause, Connective, Filter, Pred};

/// Parses a whole filter string.
pub(super) fn parse(input: &str) -> Result<Filter, FilterError> {
    let mut lexer = Lexer::new(input);
    lexer.skip_space();
    let Some(first) = lexer.next_token()? else {
        return Err(FilterError::new(FilterErrorKind::Empty, lexer.pos()));
    };
    let mut clauses = vec![clause(&mut lexer, first)?];
    let mut connective: Option<Connective> = None;
    loop {
        let spaced = lexer.skip_space();
        let Some(next) = lexer.next_token()? else {
            break;
        };
        let joiner = match &next.token {
            _ if !spaced => {
                let found = input.get(next.start..).unwrap_or_default();
                let found = snippet(found.split_whitespace().next().unwrap_or_default());
                return Err(FilterError::new(FilterErrorKind::TrailingText { found }, next.start));
            }
            Token::Word(word) if word.eq_ignore_ascii_case("AND") => Connective::And,
            Token::Word(word) if word.eq_ignore_ascii_case("OR") => Connective::Or,
            _ => {
                let found = describe(&next.token);
                return Err(FilterError::new(FilterErrorKind::ExpectedConnective { found }, next.start));
            }
        };
        if connective.is_some_and(|c| c != joiner) {
            return Err(FilterError::new(FilterErrorKind::MixedConnectives, next.start));
        }
        connective = Some(joiner);
        lexer.skip_space();
        let Some(start) = lexer.next_token()? else {
            let kind = FilterErrorKind::MissingClause { connective: joiner.as_str() };
            return Err(FilterError::new(kind, lexer.pos()));
        };
        clauses.push(clause(&mut lexer, start)?);
    }
    Ok(Filter { clauses, connective: connective.unwrap_or(Connective::And) })
}

/// Parses one clause whose first token has been read.
fn clause<'a>(lexer: &mut Lexer<'a>, first: Spanned<'a>) -> Result<Clause, FilterError> {
    let field = match first.token {
        Token::Word(word) => word,
        Token::Op(_) => return Err(FilterError::new(FilterErrorKind::EmptyField, first.start)),
        other => {
            let found = describe(&other);
            return Err(FilterError::new(FilterErrorKind::ExpectedField { found }, first.start));
        }
    };
    lexer.skip_space();
    let missing_predicate = || FilterErrorKind::MissingPredicate { field: snippet(field) };
    let pred = match lexer.next_token()? {
        None => return Err(FilterError::new(missing_predicate(), lexer.pos())),
        Some(Spanned { token: Token::Quoted(_), start }) => {
            return Err(FilterError::new(missing_predicate(), start));
        }
        Some(Spanned { token: Token::Op(op) | Token::Word(op), start }) => match Pred::parse(op) {
            Some(pred) => pred,
            None => {
                let found = snippet(op);
                return Err(FilterError::new(FilterErrorKind::UnknownPredicate { found }, start));
            }
        },
    };
    lexer.skip_space();
    let value = match lexer.next_token()? {
        None => return Err(FilterError::new(FilterErrorKind::MissingValue, lexer.pos())),
        Some(Spanned { token: Token::Quoted(value), .. }) => value,
        Some(Spanned { token: Token::Op(found) | Token::Word(found), start }) => {
            let found = snippet(found);
            return Err(FilterError::new(FilterErrorKind::UnquotedValue { found }, start));
        }
    };
    Ok(Clause { field: field.to_owned(), pred, value })
}

/// Names a token for an error message.
fn describe(token: &Token<'_>) -> String {
    match token {
        Token::Word(word) | Token::Op(word) => format!("`{}`", snippet(word)),
        Token::Quoted(_) => "a quoted value".to_owned(),
    }
}
