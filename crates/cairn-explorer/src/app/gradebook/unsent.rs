//! How many gradebook writes are not sent yet, kept in memory, so that a close of the window
//! reads no database on the window's thread. Counted from the cache when the app opens, then
//! again with every change to the outbox: inside the transaction that stores, retries or
//! discards a write, and in one right after a send or a connection's removal. Those counts run
//! in the one writer's transactions, one at a time, so each is numbered in commit order and a
//! count that arrives late never replaces a newer one.

use std::sync::Mutex;
use std::sync::PoisonError;

use cairn_store::StoreError;
use cairn_store::cache::outbox;
use rusqlite::Connection;

/// A count taken inside a transaction, numbered in the writer's order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Counted {
    order: u64,
    total: u64,
}

/// The count of unsent writes, every connection together.
#[derive(Debug, Default)]
pub(crate) struct UnsentTally {
    /// The numbers given out so far, and the newest count kept.
    state: Mutex<(u64, Counted)>,
}

impl UnsentTally {
    /// The count read from `conn` when the app opens.
    pub(crate) fn read(conn: &Connection) -> Result<UnsentTally, StoreError> {
        let total = total(conn)?;
        Ok(UnsentTally { state: Mutex::new((0, Counted { order: 0, total })) })
    }

    /// Counts the unsent writes inside the caller's write transaction (the writer's lock held,
    /// so numbers follow the commits).
    pub(crate) fn count(&self, conn: &Connection) -> Result<Counted, StoreError> {
        let total = total(conn)?;
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.0 += 1;
        Ok(Counted { order: state.0, total })
    }

    /// Keeps a count once its transaction committed, unless a newer one is kept already.
    pub(crate) fn keep(&self, counted: Counted) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if counted.order > state.1.order {
            state.1 = counted;
        }
    }

    /// The newest count kept.
    pub(crate) fn total(&self) -> u64 {
        self.state.lock().unwrap_or_else(PoisonError::into_inner).1.total
    }
}

fn total(conn: &Connection) -> Result<u64, StoreError> {
    Ok(outbox::unsent_counts(conn)?.iter().map(|(_, n)| n).sum())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_that_arrives_late_never_replaces_a_newer_one() {
        let tally = UnsentTally::default();
        let (older, newer) = (Counted { order: 1, total: 3 }, Counted { order: 2, total: 2 });
        tally.keep(newer);
        tally.keep(older);
        assert_eq!(tally.total(), 2);
        tally.keep(Counted { order: 3, total: 0 });
        assert_eq!(tally.total(), 0);
    }
}
