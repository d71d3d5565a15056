//! Fuzz target `hanoi_position`: see `sokoengine_fuzz_support::hanoi_position` for the input layout and the
//! properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sokoengine_fuzz_support::hanoi_position(data));
