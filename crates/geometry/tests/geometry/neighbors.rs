//! Every row of the four neighbour edge-case CSVs and every entry of
//! `derived/neighbor_tables.json`.

use sokoengine_geometry::{Direction, GeometryError, Tessellation, index_1d};

/// Splits one CSV line, honouring double quotes (the corpus has no escaped quotes).
fn split_csv(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(String::new()),
            _ => fields.last_mut().expect("never empty").push(c),
        }
    }
    fields
}

fn pair(text: &str) -> (usize, usize) {
    let (a, b) = text.split_once(',').expect("\"a, b\" pair");
    (
        a.trim().parse().expect("number"),
        b.trim().parse().expect("number"),
    )
}

#[sokoengine_testkit_macros::corpus_test]
fn neighbour_test_case_csvs() {
    use Direction::*;
    let columns = [
        Left, Right, Up, Down, NorthWest, NorthEast, SouthWest, SouthEast,
    ];
    let files = [
        (Tessellation::Sokoban, "sokoban", 13),
        (Tessellation::Hexoban, "hexoban", 32),
        (Tessellation::Trioban, "trioban", 32),
        (Tessellation::Octoban, "octoban", 32),
    ];
    for (tessellation, name, expected_rows) in files {
        let path = format!("sokoenginepy/test_cases/{name}_test_cases.csv");
        let text = sokoengine_testkit::read_corpus(&path);
        let mut rows = 0;
        for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
            let fields = split_csv(line);
            assert_eq!(fields.len(), 12, "{path}: {line}");
            let (width, height) = pair(&fields[1]);
            let (x, y) = pair(&fields[2]);
            let position = index_1d(x, y, width);
            for (direction, expected) in columns.iter().zip(&fields[4..]) {
                let got = tessellation.try_neighbor(position, *direction, width, height);
                let context = format!("{path} {} {direction}", fields[0]);
                match expected.as_str() {
                    "IllegalDirection" => assert!(
                        matches!(got, Err(GeometryError::IllegalDirection { .. })),
                        "{context}: {got:?}"
                    ),
                    "OfBoardPosition" => assert_eq!(got, Ok(None), "{context}"),
                    cell => {
                        let (nx, ny) = pair(cell);
                        assert_eq!(got, Ok(Some(index_1d(nx, ny, width))), "{context}");
                    }
                }
                // The unchecked rule agrees, mapping both failures to "none".
                assert_eq!(
                    tessellation.neighbor(position, *direction, width, height),
                    got.ok().flatten()
                );
            }
            rows += 1;
        }
        assert_eq!(rows, expected_rows, "{path}");
    }
}

#[sokoengine_testkit_macros::corpus_test]
fn derived_neighbour_tables() {
    let text = sokoengine_testkit::read_corpus("sokoenginepy/derived/neighbor_tables.json");
    let json: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let data = json["data"].as_object().expect("data object");
    let mut entries = 0;
    for (tessellation_name, boards) in data {
        let tessellation: Tessellation = tessellation_name.parse().expect("tessellation name");
        for (size, board) in boards.as_object().expect("boards") {
            let (width, height) = size.split_once('x').expect("WxH");
            let (width, height): (usize, usize) = (
                width.parse().expect("width"),
                height.parse().expect("height"),
            );
            let mut edges = 0;
            for position in 0..width * height {
                for &direction in tessellation.legal_directions() {
                    edges += usize::from(
                        tessellation
                            .neighbor(position, direction, width, height)
                            .is_some(),
                    );
                }
            }
            assert_eq!(
                board["edges_count"].as_u64(),
                Some(edges as u64),
                "{tessellation} {size}"
            );
            let cells = board["cells"].as_object().expect("cells");
            assert_eq!(cells.len(), width * height);
            for (position, cell) in cells {
                let position: usize = position.parse().expect("position");
                let context = format!("{tessellation} {size} {position}");
                assert_eq!(
                    cell["tile_shape"].as_str(),
                    Some(tessellation.tile_shape(position, width).name()),
                    "{context}"
                );
                for direction in Direction::ALL {
                    let expected = cell[direction.name()].as_i64().expect("neighbour");
                    let got = tessellation
                        .neighbor(position, direction, width, height)
                        .map_or(-1, |n| n as i64);
                    assert_eq!(got, expected, "{context} {direction}");
                    entries += 1;
                }
            }
        }
    }
    assert_eq!(entries, 4 * 8 * (25 + 12 + 1 + 4));
}
