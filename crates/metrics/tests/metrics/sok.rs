//! A minimal `.sok` extraction for the tests (the real reader lives in the io crate):
//! levels are blocks of board lines, snapshots are blocks of step lines, and a title
//! is the last non-empty text line before either.

use sokoengine_board::{is_board_line, rle};

/// One level of a `.sok` file.
#[derive(Debug, Clone)]
pub struct SokLevel {
    /// 1-based number of the board in the file.
    pub number: usize,
    pub title: String,
    pub board: String,
    pub snapshots: Vec<Snapshot>,
}

/// One saved game or solution.
#[derive(Debug, Clone)]
pub struct Snapshot {
    pub title: String,
    /// The step lines joined and RLE-decoded.
    pub steps: String,
}

fn is_step_line(line: &str) -> bool {
    let line = line.trim();
    line.bytes().any(|b| b"lurdLURD".contains(&b))
        && line
            .bytes()
            .all(|b| b"lurdLURD0123456789()* \t".contains(&b))
}

/// Splits `text` into levels with their snapshots.
pub fn parse_sok(text: &str) -> Vec<SokLevel> {
    let mut levels: Vec<SokLevel> = Vec::new();
    let mut last_text = String::new();
    let (mut in_board, mut in_steps) = (false, false);
    let mut raw_steps: Vec<String> = Vec::new();
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
        let board_line = is_board_line(line) && (in_board || line.contains('#'));
        if board_line && !in_steps {
            if !in_board {
                levels.push(SokLevel {
                    number: levels.len() + 1,
                    title: std::mem::take(&mut last_text),
                    board: String::new(),
                    snapshots: Vec::new(),
                });
                raw_steps.push(String::new());
            }
            let level = levels.last_mut().expect("pushed above");
            level.board.push_str(line);
            level.board.push('\n');
            in_board = true;
            continue;
        }
        in_board = false;
        if is_step_line(line) && !levels.is_empty() {
            let level = levels.last_mut().expect("checked");
            if !in_steps {
                level.snapshots.push(Snapshot {
                    title: std::mem::take(&mut last_text),
                    steps: String::new(),
                });
            }
            let snapshot = level.snapshots.last_mut().expect("pushed above");
            snapshot.steps.push_str(line.trim());
            in_steps = true;
            continue;
        }
        in_steps = false;
        if !line.trim().is_empty() {
            last_text = line.trim().to_owned();
        }
    }
    for level in &mut levels {
        for snapshot in &mut level.snapshots {
            let compact: String = snapshot.steps.split_whitespace().collect();
            snapshot.steps = rle::decode(&compact).expect("snapshot steps decode");
        }
    }
    levels
}

/// Reads a corpus file as text, Latin-1 bytes replaced.
pub fn read_lossy(relative: &str) -> String {
    let bytes = sokoengine_testkit::read_corpus_bytes(relative);
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Splits one CSV line (double-quoted fields may hold commas and `""`).
pub fn split_csv(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(std::mem::take(&mut field)),
            _ => field.push(c),
        }
    }
    fields.push(field);
    fields
}

#[test]
fn extraction_finds_levels_titles_and_multi_line_rle_snapshots() {
    let text = "Collection\n\nFirst\n\n#####\n#@$.#\n#####\n\nSolution 1/1\nR\n\nsavegame\n2(l\nr)\n\n\n  ###\n\t#@$.#\n###\n";
    let levels = parse_sok(text);
    assert_eq!(levels.len(), 2);
    assert_eq!((levels[0].number, levels[0].title.as_str()), (1, "First"));
    assert_eq!(levels[0].board, "#####\n#@$.#\n#####\n");
    let titles: Vec<_> = levels[0]
        .snapshots
        .iter()
        .map(|s| (s.title.as_str(), s.steps.as_str()))
        .collect();
    assert_eq!(titles, [("Solution 1/1", "R"), ("savegame", "lrlr")]);
    assert_eq!(levels[1].title, "");
    assert_eq!(split_csv(r#"a,"b, ""c""",3"#), ["a", "b, \"c\"", "3"]);
}
