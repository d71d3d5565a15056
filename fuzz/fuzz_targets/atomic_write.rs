//! Fuzz target `atomic_write`: see `sokoengine_fuzz_support::atomic_write` for the input layout and the
//! properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sokoengine_fuzz_support::atomic_write(data));
