//! The binaries' memory allocators: mimalloc for Rust's allocations ([`Allocator`]), and a cap
//! on glibc's arenas for what still goes through `malloc` (SQLite's page caches).
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

/// Caps glibc's arenas at [`ARENAS`] unless the user chose through [`ARENA_VARIABLE`]. Call it
/// first thing in `main`. Without glibc it does nothing.
pub fn limit_arenas() {
    if std::env::var_os(ARENA_VARIABLE).is_none() {
        set_arena_max(ARENAS);
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
