//! Fuzz target `gtp_lines`: see `sokoengine_fuzz_support::gtp_lines` for the input layout and the
//! properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sokoengine_fuzz_support::gtp_lines(data));
