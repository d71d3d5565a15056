//! Fuzz target `metrics_verify`: see `sokoengine_fuzz_support::metrics_verify` for the input layout and the
//! properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sokoengine_fuzz_support::metrics_verify(data));
