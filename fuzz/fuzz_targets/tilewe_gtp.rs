//! Fuzz target `tilewe_gtp`: see `sokoengine_fuzz_support::tilewe_gtp` for the input layout and the
//! properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sokoengine_fuzz_support::tilewe_gtp(data));
