//! `sokoengine._sokoengine`, the native half of the `sokoengine` Python package
//! (`crates/python/python/sokoengine`): sokoenginepy's API on the engine's types
//! (modules `game`, `io`, `geometry`), plus the solver, metrics and pictures
//! (`extras`), the other games (`games`) and batches on all cores (`batch`).
//!
//! The Python side of the package defines the enumerations and the text-model classes
//! and calls `_register` (module `convert`) once at import. What the package promises is
//! written in `docs/python.md`.

#![deny(missing_docs)]

use pyo3::prelude::*;

mod batch;
mod convert;
mod errors;
mod extras;
mod game;
mod games;
mod geometry;
mod io;
mod pusher_step;

#[pymodule]
fn _sokoengine(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add_function(wrap_pyfunction!(convert::_register, module)?)?;
    game::register(module)?;
    io::register(module)?;
    geometry::register(module)?;
    extras::register(module)?;
    games::register(module)?;
    batch::register(module)?;
    Ok(())
}
