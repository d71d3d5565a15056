//! Helpers shared by the test modules.

use sokoengine_board::BoardGraph;
use sokoengine_geometry::Tessellation;
use sokoengine_mover::Mover;

/// A xorshift64 generator seeded with `seed` (made odd, so never the stuck zero state):
/// the test modules' cheap, reproducible randomness.
pub fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut rng = seed | 1;
    move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    }
}

/// A Sokoban board from text with rows separated by '/' (or newlines).
pub fn graph(text: &str) -> BoardGraph {
    BoardGraph::parse(Tessellation::Sokoban, &text.replace('/', "\n")).expect("valid board")
}

/// The board of a mover with visible floor, rows separated by '/'.
pub fn board_text(mover: &Mover) -> String {
    mover.board().to_board_str(true, false).replace('\n', "/")
}

/// Everything a failed operation must leave unchanged.
#[derive(Debug, PartialEq, Eq)]
pub struct Observable {
    pub board: String,
    pub hash: u64,
    pub selected: usize,
    pub pull_count: usize,
    pub last_move: Vec<sokoengine_mover::PusherStep>,
    pub pushers: Vec<usize>,
    pub boxes: Vec<usize>,
}

pub fn observe(mover: &Mover) -> Observable {
    let manager = mover.board_manager();
    Observable {
        board: board_text(mover),
        hash: mover.state_hash(),
        selected: mover.selected_pusher(),
        pull_count: mover.pull_count(),
        last_move: mover.last_move().to_vec(),
        pushers: manager
            .pushers_positions()
            .into_values()
            .map(usize::from)
            .collect(),
        boxes: manager
            .boxes_positions()
            .into_values()
            .map(usize::from)
            .collect(),
    }
}
