//! Fuzz target `sok_collection`: see `sokoengine_fuzz_support::sok_collection` for the input layout and the
//! properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sokoengine_fuzz_support::sok_collection(data));
