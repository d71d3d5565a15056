//! Hanoi as a game of the rules interface.

use sokoengine_rules::{Player, PlayerIndex, Rules, ScoreBoard};

use crate::towers::check_size;
use crate::{DEFAULT_DISKS, Move, MoveError, Position, SetupError, Towers};

/// The rules of the Tower of Hanoi (IArena's `HanoiRules`, corrected): one player moves
/// `disks` disks from peg 0 to the last peg of 3 (or 4) pegs.
///
/// * [`possible_movements`](Rules::possible_movements): every legal `(source, target)`,
///   ordered by source, then target;
/// * [`next_position`](Rules::next_position): validates the movement ([`MoveError`]) and
///   returns a new position with cost + 1;
/// * [`finished`](Rules::finished): every disk on the last peg;
/// * [`score`](Rules::score): player 0's score is the cost (lower is better).
///
/// # Examples
///
/// ```
/// use sokoengine_hanoi::{Hanoi, Move};
/// use sokoengine_rules::{Rules, Search};
///
/// let hanoi = Hanoi::default(); // 4 disks, 3 pegs
/// let start = hanoi.first_position();
/// assert_eq!(hanoi.possible_movements(&start), [Move::new(0, 1), Move::new(0, 2)]);
/// let after = hanoi.next_position(&Move::new(0, 2), &start)?;
/// assert_eq!(
///     hanoi.possible_movements(&after),
///     [Move::new(0, 1), Move::new(2, 0), Move::new(2, 1)]
/// );
/// let best = Search::by_key(&hanoi, |p: &sokoengine_hanoi::Position| p.towers()).bfs(&start)?;
/// assert_eq!(best.len(), 15);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hanoi {
    disks: u8,
    pegs: u8,
}

impl Hanoi {
    /// `disks` disks on three pegs.
    ///
    /// # Errors
    ///
    /// [`SetupError::DiskCount`] unless `1 <= disks <= 63`.
    pub const fn new(disks: u8) -> Result<Self, SetupError> {
        Self::with_pegs(disks, 3)
    }

    /// `disks` disks on `pegs` pegs (3 or 4).
    ///
    /// # Errors
    ///
    /// [`SetupError::DiskCount`] unless `1 <= disks <= 63`, [`SetupError::PegCount`] unless
    /// `pegs` is 3 or 4.
    pub const fn with_pegs(disks: u8, pegs: u8) -> Result<Self, SetupError> {
        match check_size(disks as u32, pegs as u32) {
            Ok((disks, pegs)) => Ok(Self { disks, pegs }),
            Err(e) => Err(e),
        }
    }

    /// The number of disks.
    pub const fn disks(self) -> u8 {
        self.disks
    }

    /// The number of pegs.
    pub const fn pegs(self) -> u8 {
        self.pegs
    }

    /// The goal peg: the last one.
    pub const fn goal_peg(self) -> u8 {
        self.pegs - 1
    }

    /// The fewest movements from the start to the goal: `2^n - 1` on three pegs, the
    /// Frame–Stewart number on four.
    pub fn optimal_length(self) -> u64 {
        crate::frame_stewart(self.disks, self.pegs).expect("63 disks on 3 or 4 pegs fit in a u64")
    }
}

impl Default for Hanoi {
    /// IArena's default: 4 disks on 3 pegs.
    fn default() -> Self {
        Self {
            disks: DEFAULT_DISKS,
            pegs: 3,
        }
    }
}

impl Rules for Hanoi {
    type Position = Position;
    type Movement = Move;
    type Error = MoveError;

    fn player_count(&self) -> usize {
        1
    }

    fn first_position(&self) -> Position {
        // `self` was checked on construction.
        match Towers::new(self.disks, self.pegs) {
            Ok(towers) => Position::new(towers, 0),
            Err(_) => unreachable!("Hanoi sizes are checked on construction"),
        }
    }

    fn next_player(&self, _: &Position) -> PlayerIndex {
        PlayerIndex::FIRST
    }

    fn possible_movements(&self, position: &Position) -> Vec<Move> {
        position.towers().possible_moves()
    }

    fn next_position(&self, movement: &Move, position: &Position) -> Result<Position, MoveError> {
        position.try_move(*movement)
    }

    fn finished(&self, position: &Position) -> bool {
        let towers = position.towers();
        towers.is_all_on(towers.pegs() - 1)
    }

    fn score(&self, position: &Position) -> ScoreBoard {
        ScoreBoard::from_scores([i64::try_from(position.cost()).unwrap_or(i64::MAX)])
    }

    fn is_movement_possible(&self, movement: &Move, position: &Position) -> bool {
        position.towers().is_possible(*movement)
    }

    fn successors(&self, position: &Position) -> Vec<(Move, Position)> {
        position
            .towers()
            .possible_moves_iter()
            .map(|movement| (movement, position.moved_unchecked(movement)))
            .collect()
    }
}

/// A player that always makes an optimal movement towards the last peg, from any position:
/// by the closed form on three pegs, by a bounded breadth-first search on four (it gives up,
/// returning `None`, beyond about a million explored arrangements).
///
/// # Examples
///
/// ```
/// use sokoengine_hanoi::{Hanoi, OptimalPlayer};
/// use sokoengine_rules::Arena;
///
/// let hanoi = Hanoi::with_pegs(5, 4)?;
/// let report = Arena::new(&hanoi).play(&mut [&mut OptimalPlayer::new()])?;
/// assert_eq!(report.movements, 13);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct OptimalPlayer;

impl OptimalPlayer {
    /// The most arrangements the four-peg search explores before giving up.
    pub const SEARCH_LIMIT: usize = 1 << 20;

    /// A new optimal player.
    pub const fn new() -> Self {
        Self
    }

    /// The next optimal movement from `position` towards the last peg, `None` when the
    /// position is finished (or the four-peg search gives up).
    pub fn hint(self, position: &Position) -> Option<Move> {
        let towers = position.towers();
        let goal = towers.pegs() - 1;
        if towers.pegs() == 3 {
            return crate::optimal_path(towers, goal).ok()?.next();
        }
        let rules = Hanoi::with_pegs(towers.disks(), towers.pegs()).ok()?;
        let path = sokoengine_rules::Search::by_key(&rules, |p: &Position| p.towers())
            .max_expansions(Some(Self::SEARCH_LIMIT))
            .bfs(position)
            .ok()?;
        path.movements.first().copied()
    }
}

impl Player<Hanoi> for OptimalPlayer {
    fn play(&mut self, _rules: &Hanoi, position: &Position) -> Option<Move> {
        self.hint(position)
    }
}
