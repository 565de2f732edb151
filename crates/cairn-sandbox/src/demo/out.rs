//! The sink records go to, counting them per collection.

use std::collections::BTreeMap;

use cairn_spec::Collection;
use serde_json::Value;

/// Passes records to the caller's sink and counts them.
pub(crate) struct Out<'s> {
    sink: &'s mut dyn FnMut(Collection, Value),
    counts: BTreeMap<Collection, usize>,
}

impl<'s> Out<'s> {
    /// Around `sink`.
    pub(crate) fn new(sink: &'s mut dyn FnMut(Collection, Value)) -> Out<'s> {
        Out { sink, counts: BTreeMap::new() }
    }

    /// Hands one record of `collection` to the sink.
    pub(crate) fn emit(&mut self, collection: Collection, record: Value) {
        *self.counts.entry(collection).or_default() += 1;
        (self.sink)(collection, record);
    }

    /// The counts so far.
    pub(crate) fn into_counts(self) -> BTreeMap<Collection, usize> {
        self.counts
    }
}
