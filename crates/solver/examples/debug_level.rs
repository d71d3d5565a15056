use sokoengine_board::Puzzle;
use sokoengine_geometry::Tessellation;
use sokoengine_solver::{Cancel, Objective, Silent, SolverConfig, solve};
fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let puzzle = Puzzle::parse(Tessellation::Sokoban, &text).unwrap();
    let mode: Objective = std::env::args()
        .nth(2)
        .unwrap_or("pushes".into())
        .parse()
        .unwrap();
    let outcome = solve(
        &puzzle,
        &SolverConfig::new(mode),
        &Cancel::new(),
        &mut Silent,
    );
    println!("{outcome:?}");
}
