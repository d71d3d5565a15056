//! Snapshots of every error message of the crate.

use sokoengine_geometry::{Direction, Tessellation};

#[test]
fn error_messages() {
    let mut lines = Vec::new();
    for tessellation in Tessellation::ALL {
        for direction in Direction::ALL {
            if let Err(error) = tessellation.try_neighbor(0, direction, 1, 1) {
                lines.push(error.to_string());
            }
        }
        lines.push(tessellation.parse_step_char('x').unwrap_err().to_string());
    }
    lines.push(
        Tessellation::Sokoban
            .try_neighbor(4, Direction::Left, 2, 2)
            .unwrap_err()
            .to_string(),
    );
    lines.push("Tetroban".parse::<Tessellation>().unwrap_err().to_string());
    lines.push("NORTH".parse::<Direction>().unwrap_err().to_string());
    insta::assert_snapshot!(lines.join("\n"));
}
