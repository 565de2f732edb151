//! Case-insensitive, accent-sensitive string comparison by the Unicode Collation Algorithm.
//!
//! The specification says filter values "are handled case-insensitively" and that sorting and
//! comparison follow the Unicode Collation Algorithm. The root collation at *secondary* strength
//! gives exactly that: `"Éva"` equals `"éva"` (tertiary, case, differences are ignored) but not
//! `"eva"` (secondary, accent, differences count), and `"a" < "B" < "c"`, `"e" < "é" < "f"`.

use std::cmp::Ordering;
use std::sync::LazyLock;

use icu_collator::options::{CollatorOptions, Strength};
use icu_collator::{Collator, CollatorBorrowed};

/// The collator, built once from the compiled root collation data.
///
/// Construction from compiled data does not fail in practice; should it ever, comparison falls
/// back to code-point order of the lowercased strings instead of panicking.
static COLLATOR: LazyLock<Option<CollatorBorrowed<'static>>> = LazyLock::new(|| {
    let mut options = CollatorOptions::default();
    options.strength = Some(Strength::Secondary);
    Collator::try_new(Default::default(), options).ok()
});

/// A cheap, copyable handle on the shared root collator at secondary strength.
///
/// ```
/// use cairn_query::Collation;
/// let c = Collation::get();
/// assert!(c.eq("Éva", "éva"));
/// assert!(!c.eq("eva", "éva"));
/// assert!(c.contains("Jean-Émile", "ÉMI"));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Collation(());

impl Collation {
    /// The shared collation (the collator itself is built on first use).
    pub fn get() -> Collation {
        Collation(())
    }

    /// Compares two strings by the Unicode Collation Algorithm, ignoring case.
    pub fn compare(self, a: &str, b: &str) -> Ordering {
        match COLLATOR.as_ref() {
            Some(collator) => collator.compare(a, b),
            None => a.to_lowercase().cmp(&b.to_lowercase()),
        }
    }

    /// The two strings are equal by the collation (same letters and accents, any case).
    pub fn eq(self, a: &str, b: &str) -> bool {
        // Printable ASCII has no ignorable characters and no accents: at secondary strength two
        // such strings are equal exactly when they are equal ignoring case.
        let printable = |s: &str| s.bytes().all(|b| (0x20..0x7f).contains(&b));
        if printable(a) && printable(b) {
            return a.eq_ignore_ascii_case(b);
        }
        self.compare(a, b) == Ordering::Equal
    }

    /// A byte string whose order is the collation order: `sort_key(a).cmp(&sort_key(b))` agrees
    /// with [`Collation::compare`]. Sorting by keys is faster for large inputs and is a total
    /// order by construction.
    pub fn sort_key(self, text: &str) -> Vec<u8> {
        let mut key = Vec::new();
        match COLLATOR.as_ref() {
            Some(collator) => match collator.write_sort_key_to(text, &mut key) {
                Ok(()) => {}
                Err(never) => match never {},
            },
            None => key.extend_from_slice(text.to_lowercase().as_bytes()),
        }
        key
    }

    /// `needle` occurs in `haystack`, ignoring case.
    ///
    /// The collator offers no substring search, so both sides are folded with Unicode
    /// lowercasing and searched as plain text. That matches secondary strength for the
    /// common cases (case-insensitive, accent-sensitive) but, unlike [`Collation::eq`], treats
    /// canonically equivalent spellings (precomposed `é` and `e` + combining acute) as
    /// different. The empty needle is contained in every string.
    pub fn contains(self, haystack: &str, needle: &str) -> bool {
        if needle.is_empty() {
            return true;
        }
        haystack.to_lowercase().contains(&needle.to_lowercase())
    }
}
