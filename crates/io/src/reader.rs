//! The `.sok` reader (`sok-format.md` section 4): line classes, puzzle chunks, title
//! lines, tags and notes. Boards and moves stay text.

use sokoengine_board::{is_board_line, rle};
use sokoengine_geometry::Tessellation;

use crate::collection::{Board, Collection, PuzzleEntry};
use crate::moves::{Moves, is_moves_line};
use crate::snapshot::Snapshot;
use crate::text::{clean_notes, is_blank, split_lines};

/// One line of the source and its 1-based number.
#[derive(Clone, Copy)]
struct Line<'a> {
    number: usize,
    text: &'a str,
}

/// Removes and returns the title line of `block` (4.4): the last non-blank line, if it
/// is the block's first line or follows a blank line. Titles are taken before `::`
/// comment lines are dropped (step 5), so a `::` line can be the first puzzle's title.
fn take_title(block: &mut Vec<Line<'_>>) -> Option<String> {
    let last = block.iter().rposition(|l| !is_blank(l.text))?;
    if last > 0 && !is_blank(block[last - 1].text) {
        return None;
    }
    let text = block[last].text.trim();
    block.remove(last);
    Some(match text.strip_prefix(';') {
        Some(rest) => rest.trim_start().to_owned(),
        None => text.to_owned(),
    })
}

/// Splits a `Key: value` / `Key = value` line at the first `:` or `=`.
fn split_tag(line: &str) -> Option<(&str, &str)> {
    let at = line.find([':', '='])?;
    Some((line[..at].trim(), line[at + 1..].trim()))
}

/// Which block the tags are read for, and what they set.
enum Owner<'e> {
    File(&'e mut Collection, &'e mut Option<Tessellation>),
    Puzzle(&'e mut PuzzleEntry, &'e mut Option<Tessellation>),
    Snapshot(&'e mut Snapshot),
}

/// Applies the known tags of `block` to `owner` and returns the notes (4.5, 4.6).
fn tags_and_notes(block: &[Line<'_>], mut owner: Owner<'_>) -> String {
    let mut notes = Vec::with_capacity(block.len());
    for line in block {
        let text = line.text;
        if matches!(owner, Owner::File(..)) && text.trim_start().starts_with("::") {
            continue;
        }
        let is_tag = split_tag(text).is_some_and(|(key, value)| {
            let value = value.to_owned();
            let is = |name: &str| key.eq_ignore_ascii_case(name);
            match &mut owner {
                Owner::File(collection, game) => {
                    if is("Collection") || is("Title") {
                        collection.title = value;
                    } else if is("Author") {
                        collection.author = value;
                    } else if is("Date Created") {
                        collection.created_at = value;
                    } else if is("Date of Last Change") {
                        collection.updated_at = value;
                    } else if is("Game") {
                        match value.parse() {
                            Ok(tessellation) => **game = Some(tessellation),
                            Err(_) => return false,
                        }
                    } else {
                        return false;
                    }
                }
                Owner::Puzzle(entry, game) => {
                    if is("Title") {
                        entry.title = value;
                    } else if is("Author") {
                        entry.author = value;
                    } else if is("boxorder") {
                        entry.boxorder = value;
                    } else if is("goalorder") {
                        entry.goalorder = value;
                    } else if is("Game") {
                        match value.parse() {
                            Ok(tessellation) => **game = Some(tessellation),
                            Err(_) => return false,
                        }
                    } else {
                        return false;
                    }
                }
                Owner::Snapshot(snapshot) => {
                    if is("Title") {
                        snapshot.title = value;
                    } else if is("Author") || is("Solver") {
                        snapshot.solver = value;
                    } else {
                        return false;
                    }
                }
            }
            true
        });
        if !is_tag {
            notes.push(text);
        }
    }
    clean_notes(notes)
}

/// Longest decoded text the reader expands while classifying a lone line; longer
/// (valid) RLE keeps its line class without being expanded.
const MAX_LONE_LINE_EXPANSION: usize = 1 << 16;

/// Most bytes of decoded text per byte of a lone line that the reader expands while
/// classifying it, so that reading a file costs at most this multiple of its size
/// (a file of puzzles each followed by `65535r` once took minutes to read).
const LONE_LINE_EXPANSION_PER_BYTE: usize = 16;

/// Whether `text` is valid RLE, without expanding it (a limit of 0 makes the decoder
/// stop after its syntax and length pass).
fn is_valid_rle(text: &str) -> bool {
    match rle::decode_with_limit(text, 0) {
        Ok(_) => true,
        Err(error) => matches!(error.problem, rle::RleProblem::TooLong { .. }),
    }
}

/// Whether a lone moves line parses, expanding at most [`MAX_LONE_LINE_EXPANSION`]
/// bytes of RLE, and at most [`LONE_LINE_EXPANSION_PER_BYTE`] times the line's length
/// (longer valid RLE counts as valid here; its grammar is checked when the snapshot
/// is used).
fn is_valid_lone_moves(text: &str) -> bool {
    if !text.contains(|c: char| c.is_ascii_digit() || matches!(c, '(' | ')' | '|')) {
        return Moves::parse(text).is_ok();
    }
    let stripped: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let limit = MAX_LONE_LINE_EXPANSION.min(stripped.len() * LONE_LINE_EXPANSION_PER_BYTE);
    match rle::decode_with_limit(&stripped, limit) {
        Ok(decoded) => Moves::parse(&decoded).is_ok(),
        Err(error) => matches!(error.problem, rle::RleProblem::TooLong { .. }),
    }
}

/// Clears the flag of every run of exactly one flagged line that stands where a
/// title line of the next puzzle would (`followed_by_board`: the next non-blank line
/// is a board line) and fails `is_valid`.
///
/// Recovery for invalid input only: a one-line "board" that is not valid RLE, or a
/// one-line "moves" run that does not parse, just above a board is read as an ordinary
/// text line, i.e. the next puzzle's title (in the corpus: `#50 (3)`, `dws001`). Valid
/// lines, and invalid ones anywhere else, keep the classification of `sok-format.md`
/// section 3 (and their errors are reported).
fn demote_lone_lines(
    lines: &[Line<'_>],
    flags: &mut [bool],
    followed_by_board: impl Fn(usize) -> bool,
    is_valid: impl Fn(&str) -> bool,
) {
    for index in 0..flags.len() {
        let lone = flags[index]
            && (index == 0 || !flags[index - 1])
            && flags.get(index + 1).is_none_or(|&next| !next);
        if lone && followed_by_board(index) && !is_valid(lines[index].text) {
            flags[index] = false;
        }
    }
}

/// Reads a collection one puzzle at a time: the file header first (available at
/// once from [`PuzzleReader::header`]), then each [`PuzzleEntry`] as the iterator
/// reaches it. Splitting the text into puzzles only classifies lines; boards and
/// moves stay text until used.
///
/// # Examples
///
/// ```
/// use sokoengine_io::PuzzleReader;
///
/// let text = "Collection: Two\n\nOne\n\n#####\n#@$.#\n#####\n\nTwo\n\n#####\n#.$@#\n#####\n";
/// let mut reader = PuzzleReader::new(text, None);
/// assert_eq!(reader.header().title, "Two");
/// let titles: Vec<String> = reader.map(|entry| entry.title).collect();
/// assert_eq!(titles, ["One", "Two"]);
/// ```
#[derive(Debug)]
pub struct PuzzleReader<'a> {
    lines: Vec<Line<'a>>,
    board: Vec<bool>,
    header: Collection,
    default: Tessellation,
    title: Option<String>,
    at: usize,
}

impl std::fmt::Debug for Line<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {:?}", self.number, self.text)
    }
}

impl<'a> PuzzleReader<'a> {
    /// Reads the file header of `text` and prepares to read its puzzles. `hint` is the
    /// tessellation of puzzles that no `Game:` tag names.
    pub fn new(text: &'a str, hint: Option<Tessellation>) -> PuzzleReader<'a> {
        let lines: Vec<Line<'a>> = split_lines(text)
            .into_iter()
            .enumerate()
            .map(|(index, text)| Line {
                number: index + 1,
                text,
            })
            .collect();
        let mut board: Vec<bool> = lines.iter().map(|l| is_board_line(l.text)).collect();
        let next_non_blank_is_board = {
            let flags = board.clone();
            let lines = &lines;
            move |index: usize| {
                lines[index + 1..]
                    .iter()
                    .position(|l| !is_blank(l.text))
                    .is_some_and(|n| flags[index + 1 + n])
            }
        };
        demote_lone_lines(&lines, &mut board, next_non_blank_is_board, |text| {
            // Not valid RLE (`#50 (3)`, a JSoko title): no tessellation reads it as a board.
            !text.contains(['(', ')', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])
                || is_valid_rle(text)
        });
        let first_board = board.iter().position(|&b| b).unwrap_or(lines.len());

        let mut header = Collection::default();
        let mut header_game = None;
        let mut file_notes = lines[..first_board].to_vec();
        let title = if first_board < lines.len() {
            take_title(&mut file_notes)
        } else {
            None
        };
        let notes = tags_and_notes(&file_notes, Owner::File(&mut header, &mut header_game));
        header.notes = notes;
        PuzzleReader {
            default: header_game.or(hint).unwrap_or_default(),
            lines,
            board,
            header,
            title,
            at: first_board,
        }
    }

    /// The collection's metadata (title, author, dates, notes) with no puzzles.
    pub fn header(&self) -> &Collection {
        &self.header
    }

    /// Reads the remaining puzzles into the header's collection.
    pub fn into_collection(mut self) -> Collection {
        let mut puzzles = Vec::new();
        for entry in self.by_ref() {
            puzzles.push(entry);
        }
        let mut collection = std::mem::take(&mut self.header);
        collection.puzzles = puzzles;
        collection
    }
}

impl Iterator for PuzzleReader<'_> {
    type Item = PuzzleEntry;

    fn next(&mut self) -> Option<PuzzleEntry> {
        let (lines, board, at) = (&self.lines, &self.board, self.at);
        if at >= lines.len() {
            return None;
        }
        let board_end = board[at..]
            .iter()
            .position(|&b| !b)
            .map_or(lines.len(), |n| at + n);
        let tail_end = board[board_end..]
            .iter()
            .position(|&b| b)
            .map_or(lines.len(), |n| board_end + n);
        let is_last = tail_end == lines.len();
        let (entry, next_title) = read_puzzle(
            &lines[at..board_end],
            &lines[board_end..tail_end],
            self.title.take(),
            self.default,
            is_last,
        );
        self.title = next_title;
        self.at = tail_end;
        Some(entry)
    }
}

/// Reads a whole collection.
pub(crate) fn read(text: &str, hint: Option<Tessellation>) -> Collection {
    PuzzleReader::new(text, hint).into_collection()
}

/// Builds one puzzle from its board lines and tail; returns it with the title line
/// found for the next puzzle.
fn read_puzzle(
    board: &[Line<'_>],
    tail: &[Line<'_>],
    title: Option<String>,
    default: Tessellation,
    is_last: bool,
) -> (PuzzleEntry, Option<String>) {
    let mut board_text = String::with_capacity(board.iter().map(|l| l.text.len() + 1).sum());
    for (index, line) in board.iter().enumerate() {
        if index > 0 {
            board_text.push('\n');
        }
        board_text.push_str(line.text);
    }
    let mut entry = PuzzleEntry::from_board_text(default, String::new());
    entry.board = Board::Text(board_text);
    entry.source_line = board.first().map_or(0, |l| l.number);
    if let Some(title) = title {
        entry.title = title;
    }

    // Blocks: the puzzle notes, then per snapshot its moves and notes.
    let mut moves: Vec<bool> = tail.iter().map(|l| is_moves_line(l.text)).collect();
    // A lone line such as `dws001` (a title) that is no valid move text is a note.
    demote_lone_lines(
        tail,
        &mut moves,
        |index| !is_last && tail[index + 1..].iter().all(|l| is_blank(l.text)),
        is_valid_lone_moves,
    );
    let first_moves = moves.iter().position(|&m| m).unwrap_or(tail.len());
    let mut puzzle_notes = tail[..first_moves].to_vec();
    let has_snapshots = first_moves < tail.len();
    let mut carried = if has_snapshots || !is_last {
        take_title(&mut puzzle_notes)
    } else {
        None
    };
    let mut game = None;
    entry.notes = tags_and_notes(&puzzle_notes, Owner::Puzzle(&mut entry, &mut game));
    let tessellation = game.unwrap_or(default);
    entry.set_tessellation(tessellation);

    let mut at = first_moves;
    while at < tail.len() {
        let moves_end = moves[at..]
            .iter()
            .position(|&m| !m)
            .map_or(tail.len(), |n| at + n);
        let notes_end = moves[moves_end..]
            .iter()
            .position(|&m| m)
            .map_or(tail.len(), |n| moves_end + n);
        let block = &tail[at..moves_end];
        let mut data = String::with_capacity(block.iter().map(|l| l.text.len()).sum());
        let mut continuation_lines = Vec::with_capacity(block.len().saturating_sub(1));
        for (index, line) in block.iter().enumerate() {
            let text = line.text.trim();
            if index > 0 {
                continuation_lines.push(u32::try_from(text.chars().count()).unwrap_or(u32::MAX));
            }
            data.push_str(text);
        }
        let mut snapshot = Snapshot::new(tessellation, data);
        snapshot.source_line = tail[at].number;
        snapshot.continuation_lines = continuation_lines;
        if let Some(title) = carried.take() {
            snapshot.title = title;
        }
        let mut notes = tail[moves_end..notes_end].to_vec();
        let is_final_block = notes_end == tail.len();
        if !is_final_block || !is_last {
            carried = take_title(&mut notes);
        }
        snapshot.notes = tags_and_notes(&notes, Owner::Snapshot(&mut snapshot));
        entry.snapshots.push(snapshot);
        at = notes_end;
    }
    (entry, carried)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_rule_needs_a_blank_line_before() {
        // sok-format.md 4.1 item 11: `snote` follows a non-blank line, no title.
        let text = "#####\n#@$.#\n#####\n\nR\nSolver: bob\nsnote\n\n#####\n#@$.#\n#####\n";
        let collection = Collection::parse(text, None);
        assert_eq!(collection.puzzles.len(), 2);
        assert_eq!(collection.puzzles[1].title, "");
        let snapshot = &collection.puzzles[0].snapshots()[0];
        assert_eq!(
            (snapshot.solver.as_str(), snapshot.notes.as_str()),
            ("bob", "snote")
        );
    }

    #[test]
    fn semicolon_titles_and_tags() {
        let text = ";screen.01\n\n#####\n#@$.#\n#####\nTitle: real\nAuthor: me\n\n; 2\n#####\n#@$.#\n#####\n";
        let collection = Collection::parse(text, None);
        assert_eq!(collection.puzzles[0].title, "real");
        assert_eq!(collection.puzzles[0].author, "me");
        assert_eq!(collection.puzzles[1].title, "2");
    }

    #[test]
    fn unknown_game_stays_a_note() {
        let text = "Intro\nGame: Chess\n\n#####\n#@$.#\n#####\nGame: hexoban\n";
        let collection = Collection::parse(text, Some(Tessellation::Trioban));
        assert_eq!(collection.notes, "Intro\nGame: Chess");
        assert_eq!(collection.puzzles[0].tessellation(), Tessellation::Hexoban);
    }

    #[test]
    fn a_comment_line_ending_the_file_notes_is_the_first_title() {
        // sok-format.md 4: titles (step 4) are taken before `::` lines are dropped
        // (step 5), as sokoenginepy 1.0.3 does.
        let text = "Intro\n\n:: comment\n\n#####\n#@$.#\n#####\n";
        let collection = Collection::parse(text, None);
        assert_eq!(collection.notes, "Intro");
        assert_eq!(collection.puzzles[0].title, ":: comment");
        let collection = Collection::parse(":: comment\n#####\n#@$.#\n#####\n", None);
        assert_eq!(collection.puzzles[0].title, ":: comment");
        // Elsewhere in the file notes, `::` lines are comments and dropped.
        let text = ":::::\nCollection: C\n::\nNote\n\nLevel 1\n\n#####\n#@$.#\n#####\n";
        let collection = Collection::parse(text, None);
        assert_eq!(
            (collection.title.as_str(), collection.notes.as_str()),
            ("C", "Note")
        );
        assert_eq!(collection.puzzles[0].title, "Level 1");
    }

    #[test]
    fn invalid_lone_lines_above_a_board_are_titles() {
        // A deliberate difference from the spec and the reference (see the crate
        // docs): `#12`, `#50 (3)` (JSoko's title_test.sok) and `dws001`
        // (SokoSave_hexoban.sok) are no valid board or moves text; standing alone just
        // above a board, each is read as that puzzle's title, not as a puzzle of its
        // own or a snapshot.
        let board = "#####\n#@$.#\n#####\n";
        let text = format!("{board}\ndws001\n\n{board}\n#50 (3)\n\n{board}\n#12\n\n{board}");
        let collection = Collection::parse(&text, None);
        let titles: Vec<&str> = collection
            .puzzles
            .iter()
            .map(|p| p.title.as_str())
            .collect();
        assert_eq!(titles, ["", "dws001", "#50 (3)", "#12"]);
        assert!(collection.check().is_empty());
        // A valid one-line board there stays a puzzle of its own.
        let collection = Collection::parse(&format!("{board}\n#3$\n\n{board}"), None);
        assert_eq!(collection.puzzles.len(), 3);
    }

    #[test]
    fn invalid_lone_lines_elsewhere_stay_errors() {
        // A broken one-line solution followed by notes is still a snapshot.
        let text = "#####\n#@$.#\n#####\n\nlurd{LURD}\nSolver: me\n\n#####\n#@$.#\n#####\n";
        let collection = Collection::parse(text, None);
        assert_eq!(collection.puzzles[0].snapshots().len(), 1);
        assert_eq!(collection.check().len(), 1);
        // So is a broken one-line RLE board followed by its notes.
        let collection = Collection::parse("Title\n\n--3#|3#-#|#pb.(#|5#\nnotes\n", None);
        assert_eq!(collection.puzzles.len(), 1);
        assert_eq!(collection.check().len(), 1);
    }

    #[test]
    fn huge_rle_lines_are_not_expanded_while_reading() {
        let text = "#####\n#@$.#\n#####\n\n99999999(lr)\n\n999999999(#)\n\n#####\n#@$.#\n#####\n";
        let start = std::time::Instant::now();
        let collection = Collection::parse(text, None);
        let errors = collection.check();
        assert!(start.elapsed() < std::time::Duration::from_secs(2));
        // Both lines are valid RLE, so they keep their classes; using them fails.
        assert_eq!(collection.puzzles.len(), 3);
        assert_eq!(errors.len(), 2, "{errors:?}");
    }

    #[test]
    fn classifying_lone_lines_costs_a_small_multiple_of_the_text() {
        // Issue 14: each `65535r` below a puzzle was expanded to 64 KiB to decide whether
        // it is a title; 16 MiB of them took minutes.
        let text = "#\n\n65535r\n\n".repeat(20_000);
        let start = std::time::Instant::now();
        let collection = Collection::parse(&text, None);
        assert!(start.elapsed() < std::time::Duration::from_secs(10));
        assert_eq!(collection.puzzles.len(), 20_000);
        assert_eq!(collection.snapshots_count(), 20_000);
    }
}
