//! One rule, one home: the Mover's fast path and the board crate's compact core
//! (`CompactBoard`/`Position`, which the metrics verifier and the solver play on)
//! share the rule of a step, so they must agree step for step. Random walks, forward
//! and reverse, with undos, over the fixture boards and over random boards.

use crate::support::xorshift;
use proptest::prelude::*;
use sokoengine_board::{
    Blocked, BoardCell, BoardGraph, CompactBoard, CompactCell, Position, Puzzle,
};
use sokoengine_geometry::{Direction, Tessellation};
use sokoengine_mover::{Mover, SolvingMode};

/// What a step did: `None` when it was refused, else whether it moved a box.
type Outcome = Option<bool>;

/// A Mover (on its fast path: no Sokoban+) and the compact position of the same
/// board, played side by side.
struct Pair {
    mover: Mover,
    board: CompactBoard,
    position: Position,
    /// The compact position before the mover's last move, which an undo restores.
    previous: Option<Position>,
}

impl Pair {
    /// `None` for boards the compact core does not model (several pushers).
    fn new(graph: &BoardGraph, mode: SolvingMode) -> Option<Pair> {
        let mut mover = Mover::new(graph.clone(), mode).ok()?;
        mover.set_pulls_boxes(true);
        // In reverse mode the mover plays on the board with boxes and goals switched.
        let board = CompactBoard::from_graph(mover.board()).ok()?;
        let position = board.start();
        Some(Pair {
            mover,
            board,
            position,
            previous: None,
        })
    }

    /// A step of the compact core: forward, [`Position::step`]; in reverse, a pull,
    /// or a walk when there is no box behind the pusher.
    fn compact_step(&mut self, direction: Direction) -> Outcome {
        if self.mover.solving_mode() == SolvingMode::Forward {
            return self
                .position
                .step(direction)
                .ok()
                .map(|moved| moved.pushed.is_some());
        }
        match self.position.pull(direction) {
            Ok(_) => Some(true),
            Err(Blocked::Push { .. }) => {
                let target = self.position.neighbor(self.position.pusher(), direction)?;
                self.position.set_pusher(target).ok().map(|()| false)
            }
            Err(_) => None,
        }
    }

    fn step(&mut self, direction: Direction) -> (Outcome, Outcome) {
        let before = self.position.clone();
        let compact = self.compact_step(direction);
        let mover = self
            .mover
            .try_move(direction)
            .ok()
            .map(|()| self.mover.last_move()[0].is_push_or_pull());
        if mover.is_some() {
            self.previous = Some(before);
        }
        (mover, compact)
    }

    fn undo(&mut self) {
        if let Some(previous) = self.previous.take() {
            self.mover
                .undo_last_move()
                .expect("the last move can be undone");
            // The undo is the last move now, and the mover undoes only moves made by
            // `try_move`.
            self.position = previous;
        }
    }

    /// The pusher's board position and the boxes on the active cells, as each side
    /// sees them.
    fn states(&self) -> [(usize, Vec<usize>); 2] {
        let manager = self.mover.board_manager();
        let active: Vec<(usize, CompactCell)> = self
            .board
            .active()
            .map(|cell| (self.board.board_position(cell).index(), cell))
            .collect();
        let mover_boxes = active
            .iter()
            .filter(|&&(position, _)| manager.has_box_on(position))
            .map(|&(position, _)| position)
            .collect();
        let compact_boxes = active
            .iter()
            .filter(|&&(_, cell)| self.position.has_box(cell))
            .map(|&(position, _)| position)
            .collect();
        let pusher = manager.pusher_position(1).expect("one pusher").index();
        [
            (pusher, mover_boxes),
            (
                self.board.board_position(self.position.pusher()).index(),
                compact_boxes,
            ),
        ]
    }
}

/// Plays `steps` random steps (about one in six an undo of the last move) on both sides of `graph`
/// in `mode`, checking after each that both agree; returns how many steps both
/// made and how many of those moved a box, or `None` when the compact core does not
/// model the board (several pushers).
fn walk_agrees(
    graph: &BoardGraph,
    mode: SolvingMode,
    seed: u64,
    steps: usize,
) -> Option<(usize, usize)> {
    let mut pair = Pair::new(graph, mode)?;
    let mut next = xorshift(seed);
    // The compact core drops what the pusher cannot reach; the mover's solved test
    // counts every box and goal.
    let every_piece_active = graph
        .cells()
        .iter()
        .enumerate()
        .filter(|(_, cell)| cell.has_box() || cell.has_goal())
        .all(|(position, _)| {
            pair.board
                .cell_of(position)
                .is_some_and(|cell| pair.board.is_active(cell))
        });
    let (mut made, mut boxes_moved) = (0, 0);
    for index in 0..steps {
        let roll = next();
        if roll % 6 == 0 {
            pair.undo();
        } else {
            // Every direction, those that lead nowhere on the tessellation too.
            let direction = Direction::ALL[(roll >> 8) as usize % 8];
            let (mover, compact) = pair.step(direction);
            assert_eq!(
                mover, compact,
                "{mode:?} step {index} ({direction:?}) on\n{graph}"
            );
            made += usize::from(mover.is_some());
            boxes_moved += usize::from(mover == Some(true));
        }
        let [mover, compact] = pair.states();
        assert_eq!(mover, compact, "{mode:?} after step {index} on\n{graph}");
        if every_piece_active {
            assert_eq!(pair.mover.is_solved(), pair.position.is_solved());
        }
    }
    Some((made, boxes_moved))
}

#[test]
fn mover_and_compact_core_agree_on_the_fixture_boards() {
    let folder = sokoengine_testkit::fixture("board");
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .expect("fixture folder")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            !name.starts_with("err_") && name.ends_with(".txt")
        })
        .collect();
    files.sort();
    let mut tessellations = Vec::new();
    for path in &files {
        let name = path.file_name().and_then(|n| n.to_str()).expect("name");
        let tessellation = match name.rsplit('.').nth(1) {
            Some("sokoban") => Tessellation::Sokoban,
            Some("hexoban") => Tessellation::Hexoban,
            Some("trioban") => Tessellation::Trioban,
            Some("octoban") => Tessellation::Octoban,
            other => panic!("{name}: unknown tessellation {other:?}"),
        };
        let text = std::fs::read_to_string(path).expect("readable fixture");
        let puzzle = Puzzle::parse(tessellation, &text).expect("valid fixture");
        let graph = BoardGraph::new(&puzzle).expect("fixture within limits");
        if puzzle.pusher_count() != 1 {
            // The compact core models one pusher.
            assert!(walk_agrees(&graph, SolvingMode::Forward, 1, 1).is_none());
            continue;
        }
        for mode in [SolvingMode::Forward, SolvingMode::Reverse] {
            let (mut made, mut boxes_moved) = (0, 0);
            for seed in 1..=4 {
                let walk = walk_agrees(&graph, mode, seed * 7919, 3000).expect("one pusher");
                made += walk.0;
                boxes_moved += walk.1;
            }
            assert!(
                made > 0 && boxes_moved > 0,
                "{name} {mode:?}: {made} steps, {boxes_moved} with a box"
            );
        }
        tessellations.push(tessellation);
    }
    for tessellation in Tessellation::ALL {
        assert!(
            tessellations.contains(&tessellation),
            "no {tessellation:?} fixture"
        );
    }
}

/// A random board with one pusher: a wall border around random walls, boxes and
/// goals.
fn one_pusher_board() -> impl Strategy<Value = BoardGraph> {
    (0usize..4, 4usize..10, 4usize..9, any::<u64>()).prop_map(|(t, width, height, seed)| {
        let mut next = xorshift(seed);
        let pusher = width + 1;
        let mut cells: Vec<BoardCell> = (0..width * height)
            .map(|position| {
                let (x, y) = (position % width, position / width);
                if x == 0 || y == 0 || x + 1 == width || y + 1 == height {
                    return BoardCell::WALL;
                }
                if position == pusher {
                    return BoardCell::PUSHER;
                }
                let mut cell = BoardCell::FLOOR;
                match next() % 10 {
                    0 => cell = BoardCell::WALL,
                    1 | 2 => cell.put_box(),
                    3 => cell.put_goal(),
                    4 => {
                        cell.put_box();
                        cell.put_goal();
                    }
                    _ => {}
                }
                cell
            })
            .collect();
        // Playable: at least one box, as many goals as boxes.
        let count = |cells: &[BoardCell], f: fn(BoardCell) -> bool| {
            cells.iter().filter(|&&cell| f(cell)).count()
        };
        if count(&cells, BoardCell::has_box) == 0 {
            let first = pusher + 1;
            cells[first] = BoardCell::FLOOR;
            cells[first].put_box();
        }
        let boxes = count(&cells, BoardCell::has_box);
        let goals = count(&cells, BoardCell::has_goal);
        // Cells with only the more numerous piece get the other one too.
        let alone: fn(BoardCell) -> bool = if boxes > goals {
            |cell| cell.has_box() && !cell.has_goal()
        } else {
            |cell| cell.has_goal() && !cell.has_box()
        };
        for cell in cells
            .iter_mut()
            .filter(|cell| alone(**cell))
            .take(boxes.abs_diff(goals))
        {
            cell.put_box();
            cell.put_goal();
        }
        BoardGraph::from_cells(Tessellation::ALL[t], width, height, cells).expect("sizes agree")
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn mover_and_compact_core_agree_on_random_boards(
        board in one_pusher_board(),
        reverse in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let mode = if reverse { SolvingMode::Reverse } else { SolvingMode::Forward };
        prop_assert!(walk_agrees(&board, mode, seed, 300).is_some());
    }
}
