//! How many arenas glibc's `malloc` keeps. glibc gives a thread that meets contention an arena
//! of its own, up to eight per core, and memory freed in an arena stays with it. A sync
//! allocates on many threads at once (the runtime's workers decode pages, a stager per
//! collection reads them, the writer writes them), so its freed pages scatter over a dozen
//! arenas and the process keeps them all: measured on the district demo over loopback, a first
//! sync added 308 MB at its peak with glibc's default, 189–229 MB with two arenas, at the same
//! speed (per-thread caches still serve most allocations without a lock). So the binaries cap
//! the arenas at two, unless the user set `MALLOC_ARENA_MAX` (which glibc then already applied).

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
