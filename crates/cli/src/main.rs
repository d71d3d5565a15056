//! The `sokoengine` command-line tool (see `shared/spec/cli.md`).

fn main() {
    println!("sokoengine {}", env!("CARGO_PKG_VERSION"));
}
