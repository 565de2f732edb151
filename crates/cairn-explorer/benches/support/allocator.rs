//! The binaries' global allocator, so that a benchmark measures what they run (see
//! `cairn_malloc`).

#[global_allocator]
static ALLOCATOR: cairn_malloc::Allocator = cairn_malloc::Allocator;
