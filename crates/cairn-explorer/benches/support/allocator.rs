//! The binaries' global allocator, so that a benchmark measures what they run (see
//! `cairn_explorer::malloc`).

#[global_allocator]
static ALLOCATOR: cairn_explorer::malloc::Allocator = cairn_explorer::malloc::Allocator;
