//! Fuzz target `setting_sun_layout`: see `sokoengine_fuzz_support::setting_sun_layout` for the input layout and the
//! properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sokoengine_fuzz_support::setting_sun_layout(data));
