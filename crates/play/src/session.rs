//! What the player holds between requests: the level file, a game per level visited,
//! the level on screen, and the views the page draws.
//!
//! Every answer to the page is a [`View`]: after a level switch, a restart of the
//! picture or any request that asks for it, the whole board (the render crate's SVG)
//! and the list of its pieces; after a move, only the pieces that changed, each as the
//! SVG element the render crate draws it with. The page keeps the picture and swaps
//! those elements.

use std::collections::HashMap;

use serde::Serialize;
use sokoengine_board::{BoardCell, BoardGraph, BoardPosition};
use sokoengine_geometry::Tessellation;
use sokoengine_io::{Moves, Snapshot};
use sokoengine_metrics::SolutionMetrics;
use sokoengine_mover::SolvingMode;
use sokoengine_render::{BoardPicture, Options, Playback, Point, RenderError};

use crate::error::SaveError;
use crate::file::LevelFile;
use crate::game::Game;
use crate::keys::{LegendLine, legend};

/// A level being played (or the reason it can't be).
#[derive(Debug)]
pub struct Level {
    game: Game,
    picture: BoardPicture,
    /// The box the player clicked, waiting for the cell to take it to.
    selected_box: Option<usize>,
}

/// The player's state.
#[derive(Debug)]
pub struct Session {
    file: LevelFile,
    /// The level on screen (0-based).
    current: usize,
    levels: HashMap<usize, Level>,
    /// Counts every change of what the page shows.
    version: u64,
}

/// The six metrics, named.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Metrics {
    /// Every step.
    pub moves: u32,
    /// Steps that moved a box.
    pub pushes: u32,
    /// Series of pushes of one box in one direction.
    pub box_lines: u32,
    /// Pushes of another box than the one before.
    pub box_changes: u32,
    /// Series of pushes with no walk between.
    pub pushing_sessions: u32,
    /// Series of steps in one direction.
    pub player_lines: u32,
}

impl From<SolutionMetrics> for Metrics {
    fn from(m: SolutionMetrics) -> Metrics {
        Metrics {
            moves: m.moves,
            pushes: m.pushes,
            box_lines: m.box_lines,
            box_changes: m.box_changes,
            pushing_sessions: m.pushing_sessions,
            player_lines: m.player_lines,
        }
    }
}

/// A mark on the picture: the selected box.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Mark {
    /// Centre, in the picture's coordinates.
    pub x: f64,
    /// Centre, in the picture's coordinates.
    pub y: f64,
    /// Radius of the tile's inner circle.
    pub r: f64,
}

/// A snapshot of the level, as the page lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SnapshotLine {
    /// Its number in the level, from 1.
    pub number: usize,
    /// Its title.
    pub title: String,
    /// Steps (pushes included).
    pub moves: usize,
    /// Pushes or pulls.
    pub pushes: usize,
    /// Whether it is a reverse-mode game.
    pub reverse: bool,
    /// Whether it solves the level.
    pub solution: bool,
}

/// The whole board: sent when the page must draw the picture anew.
#[derive(Debug, Clone, Serialize)]
pub struct Board {
    /// The render crate's SVG of the position.
    pub svg: String,
    /// The positions of the pieces, in the order the SVG draws them (its last
    /// elements).
    pub pieces: Vec<usize>,
    /// The level's title.
    pub title: String,
    /// `sokoban`, `hexoban`, `trioban` or `octoban`.
    pub tessellation: &'static str,
    /// The keys of this tessellation.
    pub legend: Vec<LegendLine>,
    /// The level's snapshots.
    pub snapshots: Vec<SnapshotLine>,
}

/// What the page shows after a request.
#[derive(Debug, Clone, Serialize)]
pub struct View {
    /// The version this view brings the page to.
    pub version: u64,
    /// The version `changes` apply to.
    pub base: u64,
    /// The level on screen (1-based).
    pub level: usize,
    /// The whole board, when the page must draw it anew.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Board>,
    /// Pieces that changed since `base`: the position and the SVG element now on it
    /// (empty when no piece stands there any more).
    pub changes: Vec<(usize, String)>,
    /// Moves played.
    pub moves: usize,
    /// Pushes (or pulls) played.
    pub pushes: usize,
    /// Whether the position is solved.
    pub solved: bool,
    /// `solved` once solved (and only then), `playing`, or `unplayable`.
    pub status: &'static str,
    /// Whether the game is in reverse mode.
    pub reverse: bool,
    /// Whether undo has something to take back.
    pub can_undo: bool,
    /// Whether redo has something to play.
    pub can_redo: bool,
    /// The six metrics, once solved.
    pub metrics: Option<Metrics>,
    /// The selected box.
    pub selected: Option<Mark>,
    /// Whether a box moved (the page then asks whether the position is dead).
    pub boxes_moved: bool,
    /// What happened, for the player.
    pub message: String,
}

/// A level's line in the level list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LevelLine {
    /// 1-based.
    pub number: usize,
    /// Title.
    pub title: String,
    /// Whether some snapshot solves it.
    pub solved: bool,
    /// The best solution's moves and pushes.
    pub best: Option<(u32, u32)>,
}

/// The level list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Levels {
    /// The collection's title.
    pub title: String,
    /// FILE.
    pub file: String,
    /// Where saves go.
    pub save_file: String,
    /// The levels.
    pub levels: Vec<LevelLine>,
}

/// The picture options of the player.
fn options() -> Options {
    Options::new()
}

impl Level {
    fn open(file: &LevelFile, index: usize) -> Result<Level, String> {
        let entry = file
            .collection()
            .puzzles
            .get(index)
            .ok_or_else(|| format!("no level {}", index + 1))?;
        let puzzle = entry.puzzle().map_err(|e| e.to_string())?;
        let board = BoardGraph::new(&puzzle).map_err(|e| e.to_string())?;
        Level::with_game(Game::new(board, SolvingMode::Forward).map_err(|e| e.to_string())?)
    }

    fn with_game(game: Game) -> Result<Level, String> {
        let picture = BoardPicture::for_board(game.start_board(), &options())
            .map_err(|e: RenderError| e.to_string())?;
        Ok(Level {
            game,
            picture,
            selected_box: None,
        })
    }

    fn mark(&self) -> Option<Mark> {
        let position = self.selected_box?;
        let center = self.picture.center(position)?;
        let tiling = self.picture.tiling();
        let width = tiling.width().max(1);
        let shape = tiling.tile_shape(position % width, position / width);
        Some(Mark {
            x: center.x,
            y: center.y,
            r: tiling.inner_radius(shape),
        })
    }
}

impl Session {
    /// A session on `file`, showing level `current` (0-based).
    pub fn new(file: LevelFile, current: usize) -> Session {
        Session {
            file,
            current,
            levels: HashMap::new(),
            version: 0,
        }
    }

    /// The level file.
    pub const fn file(&self) -> &LevelFile {
        &self.file
    }

    /// The current version.
    pub const fn version(&self) -> u64 {
        self.version
    }

    /// The level on screen (0-based).
    pub const fn current(&self) -> usize {
        self.current
    }

    /// The level list.
    pub fn levels(&self) -> Levels {
        let collection = self.file.collection();
        Levels {
            title: collection.title.clone(),
            file: self.file.path().display().to_string(),
            save_file: self.file.save_path().display().to_string(),
            levels: self
                .file
                .summaries()
                .iter()
                .enumerate()
                .map(|(index, summary)| LevelLine {
                    number: index + 1,
                    title: summary.title.clone(),
                    solved: summary.best.is_some(),
                    best: summary.best.map(|m| (m.moves, m.pushes)),
                })
                .collect(),
        }
    }

    /// The level on screen, opened when first visited.
    fn level(&mut self) -> Result<&mut Level, String> {
        if !self.levels.contains_key(&self.current) {
            let level = Level::open(&self.file, self.current)?;
            self.levels.insert(self.current, level);
        }
        self.levels
            .get_mut(&self.current)
            .ok_or_else(|| "no level".to_owned())
    }

    /// The game on screen, if its level can be played.
    pub fn game(&mut self) -> Option<&Game> {
        self.level().ok().map(|level| &level.game)
    }

    /// Switches to level `index` (0-based); the games of other levels are kept.
    ///
    /// # Errors
    ///
    /// A message for a level the file does not have.
    pub fn switch(&mut self, index: usize) -> Result<View, String> {
        if index >= self.file.collection().puzzles.len() {
            return Err(format!("no level {}", index + 1));
        }
        self.current = index;
        Ok(self.full_view(String::new()))
    }

    /// The whole view of the level on screen.
    pub fn full_view(&mut self, message: String) -> View {
        let base = self.version;
        self.version += 1;
        let version = self.version;
        let current = self.current;
        let entry_title = self
            .file
            .summaries()
            .get(current)
            .map(|s| s.title.clone())
            .unwrap_or_default();
        let snapshots = self.snapshot_lines();
        let level = match self.level() {
            Ok(level) => level,
            Err(error) => {
                return View {
                    version,
                    base,
                    level: current + 1,
                    board: Some(Board {
                        svg: String::new(),
                        pieces: Vec::new(),
                        title: entry_title,
                        tessellation: Tessellation::Sokoban.lowercase_name(),
                        legend: Vec::new(),
                        snapshots,
                    }),
                    changes: Vec::new(),
                    moves: 0,
                    pushes: 0,
                    solved: false,
                    status: "unplayable",
                    reverse: false,
                    can_undo: false,
                    can_redo: false,
                    metrics: None,
                    selected: None,
                    boxes_moved: false,
                    message: format!("this level can't be played: {error}"),
                };
            }
        };
        let svg = level
            .picture
            .board_svg(level.game.mover().board())
            .unwrap_or_default();
        let pieces = level
            .game
            .pieces()
            .into_iter()
            .map(|(p, _)| p.index())
            .collect();
        let tessellation = level.game.tessellation();
        let board = Board {
            svg,
            pieces,
            title: entry_title,
            tessellation: tessellation.lowercase_name(),
            legend: legend(tessellation),
            snapshots,
        };
        let mut view = view_of(level, version, base, current, Vec::new(), false, message);
        view.board = Some(board);
        view
    }

    /// Runs `action` on the level on screen and answers with the pieces that changed.
    pub fn act(&mut self, action: impl FnOnce(&mut Level) -> Result<String, String>) -> View {
        let current = self.current;
        let Ok(level) = self.level() else {
            return self.full_view(String::new());
        };
        let before = level.game.pieces();
        let result = action(level);
        let after = level.game.pieces();
        let changes = changed(&before, &after, level);
        let boxes_moved = before
            .iter()
            .filter(|(_, c)| c.has_box())
            .map(|(p, _)| p)
            .ne(after.iter().filter(|(_, c)| c.has_box()).map(|(p, _)| p));
        let message = result.unwrap_or_else(|error| error);
        let base = self.version;
        self.version += 1;
        let version = self.version;
        let Ok(level) = self.level() else {
            return self.full_view(message);
        };
        view_of(level, version, base, current, changes, boxes_moved, message)
    }

    /// The lines of the level's snapshots.
    fn snapshot_lines(&self) -> Vec<SnapshotLine> {
        let Some(entry) = self.file.collection().puzzles.get(self.current) else {
            return Vec::new();
        };
        let solutions: Vec<usize> = entry
            .puzzle()
            .ok()
            .and_then(|puzzle| sokoengine_metrics::SolutionVerifier::new(&puzzle).ok())
            .map(|mut verifier| {
                entry
                    .solutions(&mut verifier)
                    .filter_map(Result::ok)
                    .map(|s| s.snapshot)
                    .collect()
            })
            .unwrap_or_default();
        entry
            .snapshots()
            .iter()
            .enumerate()
            .map(|(index, snapshot)| {
                let moves = snapshot.moves().ok();
                SnapshotLine {
                    number: index + 1,
                    title: snapshot.title.clone(),
                    moves: moves
                        .as_ref()
                        .map_or(0, |m| m.move_count() + m.push_count()),
                    pushes: moves.as_ref().map_or(0, Moves::push_count),
                    reverse: moves.as_ref().is_some_and(Moves::is_reverse),
                    solution: solutions.contains(&(index + 1)),
                }
            })
            .collect()
    }

    /// A click on the picture at `point`: selects a box, takes the selected box to the
    /// clicked cell, selects a pusher, or walks (or jumps) there.
    pub fn click(&mut self, point: Point) -> View {
        self.act(|level| {
            let Some(position) = level.picture.position_at(point).map(BoardPosition::index) else {
                level.selected_box = None;
                return Ok(String::new());
            };
            let board = level.game.mover().board();
            let cell = board.get(position).copied().unwrap_or(BoardCell::WALL);
            if let Some(selected) = level.selected_box {
                level.selected_box = None;
                if position == selected {
                    return Ok(String::new());
                }
                if cell.has_box() {
                    level.selected_box = Some(position);
                    return Ok(String::new());
                }
                return level
                    .game
                    .move_box(selected, position)
                    .map(|()| String::new())
                    .map_err(|e| e.to_string());
            }
            if cell.has_box() {
                level.selected_box = Some(position);
                Ok("box selected: click the cell to take it to".to_owned())
            } else if cell.has_pusher() {
                level
                    .game
                    .select_pusher(position)
                    .map(|()| String::new())
                    .map_err(|e| e.to_string())
            } else if cell.is_wall() {
                Ok(String::new())
            } else {
                level
                    .game
                    .walk_to(position)
                    .map(|()| String::new())
                    .map_err(|e| e.to_string())
            }
        })
    }

    /// Restarts the level on screen in `mode` (a new game: the steps are dropped).
    pub fn set_mode(&mut self, mode: SolvingMode) -> View {
        let message = match self.level() {
            Ok(level) => match Game::new(level.game.start_board().clone(), mode) {
                Ok(game) => {
                    level.game = game;
                    level.selected_box = None;
                    match mode {
                        SolvingMode::Forward => "forward mode: push the boxes onto the goals",
                        SolvingMode::Reverse => {
                            "reverse mode: the boxes start on the goals; pull them to where \
                             they start (jump anywhere before the first pull)"
                        }
                    }
                    .to_owned()
                }
                Err(error) => error.to_string(),
            },
            Err(error) => error,
        };
        self.full_view(message)
    }

    /// Continues snapshot `number` (1-based) of the level on screen.
    pub fn load(&mut self, number: usize) -> View {
        let snapshot = self
            .file
            .collection()
            .puzzles
            .get(self.current)
            .and_then(|entry| entry.snapshots().get(number.wrapping_sub(1)))
            .cloned();
        let message = match (snapshot, self.level()) {
            (Some(snapshot), Ok(level)) => {
                let board = level.game.start_board().clone();
                match snapshot
                    .moves()
                    .map_err(|e| e.to_string())
                    .and_then(|moves| Game::from_moves(board, &moves))
                {
                    Ok(game) => {
                        level.game = game;
                        level.selected_box = None;
                        format!("snapshot {number} loaded")
                    }
                    Err(error) => format!("snapshot {number} can't be played: {error}"),
                }
            }
            (None, _) => format!("no snapshot {number}"),
            (_, Err(error)) => error,
        };
        self.full_view(message)
    }

    /// The HTML player of snapshot `number` (1-based) of level `index` (0-based).
    ///
    /// # Errors
    ///
    /// A message when there is no such snapshot or it can't be drawn.
    pub fn playback(&self, index: usize, number: usize) -> Result<String, String> {
        let entry = self
            .file
            .collection()
            .puzzles
            .get(index)
            .ok_or_else(|| format!("no level {}", index + 1))?;
        let snapshot = entry
            .snapshots()
            .get(number.wrapping_sub(1))
            .ok_or_else(|| format!("no snapshot {number}"))?;
        let puzzle = entry.puzzle().map_err(|e| e.to_string())?;
        let moves = snapshot.moves().map_err(|e| e.to_string())?;
        let playback = Playback::new(&puzzle, &moves, sokoengine_io::ReplayOptions::new())
            .map_err(|e| e.to_string())?;
        let animation = playback.animation(&options()).map_err(|e| e.to_string())?;
        let title = if snapshot.title.trim().is_empty() {
            format!("Snapshot {number}")
        } else {
            snapshot.title.clone()
        };
        Ok(animation.to_html(&title))
    }

    /// Saves the game on screen into the save file as a snapshot: a solution when
    /// solved, else a saved game that keeps its undone steps after a `*`.
    ///
    /// # Errors
    ///
    /// [`SaveError`] when nothing was played or the file can't be written.
    pub fn save(&mut self) -> Result<String, SaveError> {
        let current = self.current;
        let level = self.level().map_err(SaveError::Refused)?;
        let game = &level.game;
        let counts = game.counts();
        if counts.moves == 0 {
            return Err(SaveError::Refused("nothing played to save".to_owned()));
        }
        let solved = game.is_solved();
        let reverse = game.mode() == SolvingMode::Reverse;
        let (title, text) = match (solved, reverse) {
            (true, false) => ("Solution", game.played_text()),
            (true, true) => ("Reverse solution", game.played_text()),
            (false, false) => ("Saved game", game.text_with_redo()),
            (false, true) => ("Saved reverse game", game.text_with_redo()),
        };
        let mut snapshot = Snapshot::new(game.tessellation(), text);
        snapshot.title = format!("{title} {}/{}", counts.moves, counts.pushes);
        snapshot.solver = format!("sokoengine play {}", env!("CARGO_PKG_VERSION"));
        self.file.save(current, snapshot)?;
        Ok(format!(
            "saved into {} as \u{201c}{title} {}/{}\u{201d}",
            self.file.save_path().display(),
            counts.moves,
            counts.pushes
        ))
    }

    /// Runs `action` on the level on screen, if it can be played.
    pub fn with_level<T>(&mut self, action: impl FnOnce(&mut Level) -> T) -> Option<T> {
        self.level().ok().map(action)
    }
}

impl Level {
    /// The game, to change.
    pub fn game_mut(&mut self) -> &mut Game {
        self.selected_box = None;
        &mut self.game
    }

    /// Replaces the game (an optimized solution, played to its end).
    pub fn set_game(&mut self, game: Game) {
        self.selected_box = None;
        self.game = game;
    }
}

/// The pieces that differ between `before` and `after`, with the SVG element now on
/// each position.
fn changed(
    before: &[(BoardPosition, BoardCell)],
    after: &[(BoardPosition, BoardCell)],
    level: &Level,
) -> Vec<(usize, String)> {
    let board = level.game.mover().board();
    let old: HashMap<BoardPosition, BoardCell> = before.iter().copied().collect();
    let new: HashMap<BoardPosition, BoardCell> = after.iter().copied().collect();
    let mut positions: Vec<BoardPosition> = old
        .keys()
        .chain(new.keys())
        .copied()
        .filter(|p| old.get(p) != new.get(p))
        .collect();
    positions.sort_unstable();
    positions.dedup();
    positions
        .into_iter()
        .map(|p| {
            (
                p.index(),
                level.picture.piece_svg(board, p).unwrap_or_default(),
            )
        })
        .collect()
}

fn view_of(
    level: &Level,
    version: u64,
    base: u64,
    current: usize,
    changes: Vec<(usize, String)>,
    boxes_moved: bool,
    message: String,
) -> View {
    let game = &level.game;
    let counts = game.counts();
    let solved = game.is_solved();
    View {
        version,
        base,
        level: current + 1,
        board: None,
        changes,
        moves: counts.moves,
        pushes: counts.pushes,
        solved,
        status: if solved { "solved" } else { "playing" },
        reverse: game.mode() == SolvingMode::Reverse,
        can_undo: game.can_undo(),
        can_redo: game.can_redo(),
        metrics: game.metrics().map(Metrics::from),
        selected: level.mark(),
        boxes_moved,
        message,
    }
}
