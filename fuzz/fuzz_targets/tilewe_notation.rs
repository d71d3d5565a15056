//! Fuzz target `tilewe_notation`: see `sokoengine_fuzz_support::tilewe_notation` for the input layout and the
//! properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sokoengine_fuzz_support::tilewe_notation(data));
