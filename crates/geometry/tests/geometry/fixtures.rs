//! Hand-checked neighbours from `fixtures/geometry/neighbors.txt` (no corpus needed).

use sokoengine_geometry::{Direction, GeometryError, Tessellation, index_1d};

#[test]
fn hand_checked_neighbours() {
    let path = sokoengine_testkit::fixture("geometry/neighbors.txt");
    let text = std::fs::read_to_string(&path).expect("fixture exists");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [tessellation, width, height, x, y, direction, expected] = fields[..] else {
            panic!("malformed fixture line {line:?}");
        };
        let tessellation: Tessellation = tessellation.parse().expect("tessellation");
        let direction: Direction = direction.parse().expect("direction");
        let number = |s: &str| s.parse::<usize>().expect("number");
        let (width, height) = (number(width), number(height));
        let position = index_1d(number(x), number(y), width);
        let got = tessellation.try_neighbor(position, direction, width, height);
        match expected {
            "illegal" => assert!(
                matches!(got, Err(GeometryError::IllegalDirection { .. })),
                "{line}"
            ),
            "none" => assert_eq!(got, Ok(None), "{line}"),
            cell => {
                let (nx, ny) = cell.split_once(',').expect("x,y");
                assert_eq!(
                    got,
                    Ok(Some(index_1d(number(nx), number(ny), width))),
                    "{line}"
                );
            }
        }
        checked += 1;
    }
    assert!(checked >= 30);
}
