//! Splits a filter string into words, operators, quoted values and whitespace.

use super::error::{FilterError, FilterErrorKind};

/// One token of a filter string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Token<'a> {
    /// A run of characters that are not whitespace, quotes or operator characters: a field
    /// name or a connective.
    Word(&'a str),
    /// A run of operator characters (`=`, `!`, `<`, `>`, `~`).
    Op(&'a str),
    /// A single-quoted value, with `''` already turned into `'`.
    Quoted(String),
}

/// A token and the byte offset where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Spanned<'a> {
    pub(super) token: Token<'a>,
    pub(super) start: usize,
}

/// The characters predicates are made of.
pub(super) fn is_op_char(c: char) -> bool {
    matches!(c, '=' | '!' | '<' | '>' | '~')
}

/// Characters that can be part of a word (a field name or connective).
pub(super) fn is_word_char(c: char) -> bool {
    !c.is_whitespace() && c != '\'' && !is_op_char(c)
}

/// A cursor over the filter string producing tokens on demand, so errors come in reading order.
pub(super) struct Lexer<'a> {
    input: &'a str,
    pos: usize,
}

impl<'a> Lexer<'a> {
    pub(super) fn new(input: &'a str) -> Lexer<'a> {
        Lexer { input, pos: 0 }
    }

    /// The byte offset of the next unread character.
    pub(super) fn pos(&self) -> usize {
        self.pos
    }

    fn rest(&self) -> &'a str {
        self.input.get(self.pos..).unwrap_or_default()
    }

    /// Skips whitespace; returns whether there was any.
    pub(super) fn skip_space(&mut self) -> bool {
        let rest = self.rest();
        let skipped = rest.len() - rest.trim_start().len();
        self.pos += skipped;
        skipped > 0
    }

    /// Reads a run of characters satisfying `accept`.
    fn run(&mut self, accept: fn(char) -> bool) -> &'a str {
        let rest = self.rest();
        let len = rest.find(|c: char| !accept(c)).unwrap_or(rest.len());
        self.pos += len;
        rest.get(..len).unwrap_or_default()
    }

    /// The next token, or `None` at the end. Whitespace is not skipped.
    pub(super) fn next_token(&mut self) -> Result<Option<Spanned<'a>>, FilterError> {
        let start = self.pos;
        let Some(first) = self.rest().chars().next() else {
            return Ok(None);
        };
        let token = if first == '\'' {
            Token::Quoted(self.quoted()?)
        } else if is_op_char(first) {
            Token::Op(self.run(is_op_char))
        } else if first.is_whitespace() {
            self.skip_space();
            return self.next_token();
        } else {
            Token::Word(self.run(is_word_char))
        };
        Ok(Some(Spanned { token, start }))
    }

    /// Reads a quoted value starting at the opening quote.
    fn quoted(&mut self) -> Result<String, FilterError> {
        let open = self.pos;
        self.pos += 1;
        let mut value = String::new();
        loop {
            let rest = self.rest();
            let Some(quote) = rest.find('\'') else {
                return Err(FilterError::new(FilterErrorKind::UnterminatedValue, open));
            };
            value.push_str(rest.get(..quote).unwrap_or_default());
            self.pos += quote + 1;
            if self.rest().starts_with('\'') {
                value.push('\'');
                self.pos += 1;
            } else {
                return Ok(value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(input: &str) -> Result<Vec<(Token<'_>, usize)>, FilterError> {
        let mut lexer = Lexer::new(input);
        let mut out = Vec::new();
        loop {
            lexer.skip_space();
            match lexer.next_token()? {
                Some(s) => out.push((s.token, s.start)),
                None => return Ok(out),
            }
        }
    }

    #[test]
    fn splits_clause() {
        assert_eq!(
            tokens("a.b>='it''s' AND c~''").ok(),
            Some(vec![
                (Token::Word("a.b"), 0),
                (Token::Op(">="), 3),
                (Token::Quoted("it's".into()), 5),
                (Token::Word("AND"), 13),
                (Token::Word("c"), 17),
                (Token::Op("~"), 18),
                (Token::Quoted(String::new()), 19),
            ])
        );
    }

    #[test]
    fn unterminated() {
        let err = tokens("a='x''").err();
        assert_eq!(err, Some(FilterError::new(FilterErrorKind::UnterminatedValue, 2)));
    }
}
