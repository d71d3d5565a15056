//! Fuzz target `solver_tiny`: see `sokoengine_fuzz_support::solver_tiny` for the input layout and the
//! properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sokoengine_fuzz_support::solver_tiny(data));
