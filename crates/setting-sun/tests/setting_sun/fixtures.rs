//! The repository's own layout fixtures (`fixtures/setting-sun/`).
