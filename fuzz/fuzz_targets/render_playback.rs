//! Fuzz target `render_playback`: see `sokoengine_fuzz_support::render_playback` for the input layout and the
//! properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sokoengine_fuzz_support::render_playback(data));
