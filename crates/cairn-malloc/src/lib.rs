//! The binaries' memory allocators: mimalloc for Rust's allocations ([`Allocator`]), kept from
//! giving freed memory back to the system for a few seconds, and a cap on glibc's arenas for what
//! still goes through `malloc` (SQLite's page caches). Binaries call [`configure`] first thing.
//!
//! mimalloc: a sync allocates and frees a few small values per record on one thread and hands
//! pages of text to another, where glibc's `malloc` and `free` took ~15% of its CPU (frees
//! crossing threads take the other arena's lock). Measured on the district demo, the same build
//! with mimalloc as the global allocator: over loopback 72,992 records/s against 64,263, memory
//! the first sync added 232 MB against 236 MB; through the 40 ms / 50 Mbit/s link a sync took
//! 7.7-8.0 s against 8.4-12.0 s. Each binary (and each benchmark, to measure what they run)
//! declares it:
//!
//! ```ignore
//! #[global_allocator]
//! static ALLOCATOR: cairn_malloc::Allocator = cairn_malloc::Allocator;
//! ```
//!
//! The arenas: glibc gives a thread that meets contention an arena of its own, up to eight per
//! core, and memory freed in an arena stays with it. SQLite allocates on many threads at once
//! (the writer, a staging database per collection read, the checkpointer, the readers), so its
//! freed pages would scatter over a dozen arenas that the process keeps. Measured when every
//! allocation still went to glibc, a first sync of the district demo added 308 MB at its peak
//! with glibc's default and 189–229 MB with two arenas, at the same speed. So the binaries cap
//! the arenas at two, unless the user set `MALLOC_ARENA_MAX` (which glibc then already applied).

/// The binaries' global allocator (see the module's documentation).
pub use mimalloc::MiMalloc as Allocator;

/// The arenas a process keeps at most.
pub const ARENAS: i32 = 2;

/// glibc's own switch for the cap, read when the process starts.
pub const ARENA_VARIABLE: &str = "MALLOC_ARENA_MAX";

/// How long mimalloc keeps memory freed before giving it back to the system, in milliseconds
/// (mimalloc's own default: 1,000). A sync frees and takes again pages of text, parsed records
/// and buffers all along: given back after a second, each came back as a page fault that zeroes
/// it again (a 2 MiB huge page at a time where the system has them). Measured on the district
/// demo through the 40 ms / 50 Mbit/s link, a sync's page faults fell by two fifths and its CPU
/// by several percent (docs/performance.md). A process that stays idle gives the memory back
/// ten seconds after its work.
pub const PURGE_DELAY_MS: i64 = 10_000;

/// mimalloc's own switch for the delay, read when the process starts.
pub const PURGE_DELAY_VARIABLE: &str = "MIMALLOC_PURGE_DELAY";

/// Sets up the allocators: glibc's arenas capped at [`ARENAS`] unless the user chose through
/// [`ARENA_VARIABLE`]; mimalloc's purge delay set to [`PURGE_DELAY_MS`] unless the user chose
/// through [`PURGE_DELAY_VARIABLE`]. Call it first thing in `main`.
pub fn configure() {
    if std::env::var_os(ARENA_VARIABLE).is_none() {
        set_arena_max(ARENAS);
    }
    if std::env::var_os(PURGE_DELAY_VARIABLE).is_none() {
        mimalloc_option::set(mimalloc_option::PURGE_DELAY, PURGE_DELAY_MS);
    }
}

/// mimalloc's options, through its C interface (the `mimalloc` crate exposes them only with a
/// feature that brings a dependency for two declarations).
#[allow(unsafe_code)]
mod mimalloc_option {
    use std::ffi::{c_int, c_long};

    /// `mi_option_purge_delay` in mimalloc 3's `mi_option_t` (`mimalloc.h`); the test below
    /// holds it to its default.
    pub(crate) const PURGE_DELAY: c_int = 15;

    unsafe extern "C" {
        fn mi_option_set(option: c_int, value: c_long);
        #[cfg(test)]
        fn mi_option_get(option: c_int) -> c_long;
    }

    /// Sets `option` to `value`.
    pub(crate) fn set(option: c_int, value: i64) {
        let value = c_long::try_from(value).unwrap_or(c_long::MAX);
        // SAFETY: mimalloc's option setter takes plain integers and checks the option's range;
        // it may be called at any time, from any thread.
        unsafe { mi_option_set(option, value) }
    }

    /// The value of `option`.
    #[cfg(test)]
    #[allow(clippy::useless_conversion)] // c_long is 32 bits on some systems
    pub(crate) fn get(option: c_int) -> i64 {
        // SAFETY: as `set`: plain integers, any time, any thread.
        i64::from(unsafe { mi_option_get(option) })
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn the_purge_delay_is_the_option_it_is_said_to_be() {
            // Its default (1,000 ms in mimalloc 3, no other option's) unless set from outside.
            if std::env::var_os(super::super::PURGE_DELAY_VARIABLE).is_none() {
                assert_eq!(get(PURGE_DELAY), 1_000, "mimalloc's option {PURGE_DELAY} is not its purge delay");
            }
            set(PURGE_DELAY, super::super::PURGE_DELAY_MS);
            assert_eq!(get(PURGE_DELAY), super::super::PURGE_DELAY_MS);
        }
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn set_arena_max(arenas: i32) {
    // SAFETY: `mallopt` only sets a parameter of the allocator: it takes no pointers, and glibc
    // takes its own lock, so it is safe while other threads allocate.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, arenas);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn set_arena_max(_arenas: i32) {}
