//! Integration tests of the player: its HTTP interface and WebSocket through a real
//! socket. The browser tests are in `crates/play/e2e` (docs/play.md).

mod api;
