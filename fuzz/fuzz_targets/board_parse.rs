//! Fuzz target `board_parse`: see `sokoengine_fuzz_support::board_parse` for the input layout and the
//! properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sokoengine_fuzz_support::board_parse(data));
