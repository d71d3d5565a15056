//! Fuzz target `rle_decode`: see `sokoengine_fuzz_support::rle_decode` for the input layout and the
//! properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sokoengine_fuzz_support::rle_decode(data));
