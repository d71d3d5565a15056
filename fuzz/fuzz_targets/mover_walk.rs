//! Fuzz target `mover_walk`: see `sokoengine_fuzz_support::mover_walk` for the input layout and the
//! properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sokoengine_fuzz_support::mover_walk(data));
