//! Players: anything that picks a movement in a position.

use std::io::{BufRead, Read, Write};
use std::sync::atomic::{AtomicU64, Ordering};

use rand_core::SeedableRng;

use crate::rng::{SplitMix64, below};
use crate::{PlayerIndex, Rules};

/// A player of the games played by `R` (IArena's `IPlayer`).
///
/// Only [`play`](Self::play) is required. The arena calls
/// [`starting_game`](Self::starting_game) at the start of every game; the player keeps the
/// index it is given for the whole game.
///
/// Positions do not carry their rules here, so `play` receives them.
///
/// # Examples
///
/// ```
/// use sokoengine_rules::{Player, Rules};
///
/// /// Always plays the second legal movement, or the first when there is only one.
/// #[derive(Debug)]
/// struct Second;
///
/// impl<R: Rules> Player<R> for Second {
///     fn play(&mut self, rules: &R, position: &R::Position) -> Option<R::Movement> {
///         let mut movements = rules.possible_movements(position);
///         if movements.len() > 1 { Some(movements.swap_remove(1)) } else { movements.pop() }
///     }
/// }
/// ```
pub trait Player<R: Rules> {
    /// The display name. The default is the short type name; the provided players add a
    /// unique suffix (`FirstMovementPlayer_3`).
    fn name(&self) -> String {
        short_type_name(std::any::type_name::<Self>())
    }

    /// The movement this player makes in `position`, or `None` when it has none to offer
    /// (no legal movement, or a human player whose input ended). The arena reports `None`
    /// as [`GameError::NoMovement`](crate::GameError::NoMovement).
    fn play(&mut self, rules: &R, position: &R::Position) -> Option<R::Movement>;

    /// Called by the arena at the start of every game, with the index this player has in
    /// it. Players reset their per-game state here. The default does nothing.
    fn starting_game(&mut self, rules: &R, player: PlayerIndex) {
        let _ = (rules, player);
    }
}

fn short_type_name(full: &str) -> String {
    // `a::b::Name<c::D>` -> `Name`: enough to tell players apart in messages.
    let base = full.split('<').next().unwrap_or(full);
    base.rsplit("::").next().unwrap_or(base).to_owned()
}

/// A name made of `prefix`, `_` and a number unique within the process.
pub(crate) fn unique_name(prefix: &str) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    format!("{prefix}_{}", NEXT.fetch_add(1, Ordering::Relaxed))
}

/// Plays the first legal movement.
///
/// # Examples
///
/// ```
/// use sokoengine_rules::{FirstMovementPlayer, Player};
/// # use sokoengine_rules::{PlayerIndex, Rules, ScoreBoard};
/// # #[derive(Debug)] struct Count;
/// # #[derive(Debug, thiserror::Error)] #[error("no")] struct No;
/// # impl Rules for Count {
/// #   type Position = u32; type Movement = u32; type Error = No;
/// #   fn player_count(&self) -> usize { 1 }
/// #   fn first_position(&self) -> u32 { 0 }
/// #   fn next_player(&self, _: &u32) -> PlayerIndex { PlayerIndex::FIRST }
/// #   fn possible_movements(&self, p: &u32) -> Vec<u32> { if *p < 5 { vec![1, 2] } else { vec![] } }
/// #   fn next_position(&self, m: &u32, p: &u32) -> Result<u32, No> { Ok(p + m) }
/// #   fn finished(&self, p: &u32) -> bool { *p >= 5 }
/// #   fn score(&self, p: &u32) -> ScoreBoard { ScoreBoard::from_scores([i64::from(*p)]) }
/// # }
/// // `Count` (hidden): one player adds 1 or 2 to a counter until it reaches 5.
/// let mut player = FirstMovementPlayer::new();
/// assert_eq!(player.play(&Count, &0), Some(1));
/// assert_eq!(player.play(&Count, &5), None); // no movement left
/// ```
#[derive(Clone, Debug)]
pub struct FirstMovementPlayer {
    name: String,
}

impl FirstMovementPlayer {
    /// A new player with a unique name.
    pub fn new() -> Self {
        Self {
            name: unique_name("FirstMovementPlayer"),
        }
    }
}

impl Default for FirstMovementPlayer {
    fn default() -> Self {
        Self::new()
    }
}

impl<R: Rules> Player<R> for FirstMovementPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn play(&mut self, rules: &R, position: &R::Position) -> Option<R::Movement> {
        rules.possible_movements(position).into_iter().next()
    }
}

/// Plays the last legal movement.
///
/// # Examples
///
/// ```
/// use sokoengine_rules::{LastMovementPlayer, Player};
/// # use sokoengine_rules::{PlayerIndex, Rules, ScoreBoard};
/// # #[derive(Debug)] struct Count;
/// # #[derive(Debug, thiserror::Error)] #[error("no")] struct No;
/// # impl Rules for Count {
/// #   type Position = u32; type Movement = u32; type Error = No;
/// #   fn player_count(&self) -> usize { 1 }
/// #   fn first_position(&self) -> u32 { 0 }
/// #   fn next_player(&self, _: &u32) -> PlayerIndex { PlayerIndex::FIRST }
/// #   fn possible_movements(&self, p: &u32) -> Vec<u32> { if *p < 5 { vec![1, 2] } else { vec![] } }
/// #   fn next_position(&self, m: &u32, p: &u32) -> Result<u32, No> { Ok(p + m) }
/// #   fn finished(&self, p: &u32) -> bool { *p >= 5 }
/// #   fn score(&self, p: &u32) -> ScoreBoard { ScoreBoard::from_scores([i64::from(*p)]) }
/// # }
/// // `Count` (hidden): one player adds 1 or 2 to a counter until it reaches 5.
/// assert_eq!(LastMovementPlayer::new().play(&Count, &0), Some(2));
/// ```
#[derive(Clone, Debug)]
pub struct LastMovementPlayer {
    name: String,
}

impl LastMovementPlayer {
    /// A new player with a unique name.
    pub fn new() -> Self {
        Self {
            name: unique_name("LastMovementPlayer"),
        }
    }
}

impl Default for LastMovementPlayer {
    fn default() -> Self {
        Self::new()
    }
}

impl<R: Rules> Player<R> for LastMovementPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn play(&mut self, rules: &R, position: &R::Position) -> Option<R::Movement> {
        rules.possible_movements(position).pop()
    }
}

/// Plays a uniformly random legal movement from a seeded generator, so its games are
/// reproducible.
///
/// With [`reset_each_game`](Self::reset_each_game) the generator restarts from the seed at
/// every game (IArena's per-match seeding); otherwise it runs on across games.
///
/// # Examples
///
/// ```
/// use sokoengine_rules::{Player, RandomPlayer};
/// # use sokoengine_rules::{PlayerIndex, Rules, ScoreBoard};
/// # #[derive(Debug)] struct Count;
/// # #[derive(Debug, thiserror::Error)] #[error("no")] struct No;
/// # impl Rules for Count {
/// #   type Position = u32; type Movement = u32; type Error = No;
/// #   fn player_count(&self) -> usize { 1 }
/// #   fn first_position(&self) -> u32 { 0 }
/// #   fn next_player(&self, _: &u32) -> PlayerIndex { PlayerIndex::FIRST }
/// #   fn possible_movements(&self, _: &u32) -> Vec<u32> { (1..=9).collect() }
/// #   fn next_position(&self, m: &u32, p: &u32) -> Result<u32, No> { Ok(p + m) }
/// #   fn finished(&self, p: &u32) -> bool { *p > 20 }
/// #   fn score(&self, p: &u32) -> ScoreBoard { ScoreBoard::from_scores([i64::from(*p)]) }
/// # }
/// let mut a = RandomPlayer::with_seed(7);
/// let mut b = RandomPlayer::with_seed(7);
/// for _ in 0..10 {
///     assert_eq!(a.play(&Count, &0), b.play(&Count, &0));
/// }
/// ```
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    name: String,
    seed: u64,
    reset_each_game: bool,
    rng: SplitMix64,
}

impl RandomPlayer {
    /// A player drawing from a generator seeded with `seed`.
    pub fn with_seed(seed: u64) -> Self {
        Self {
            name: unique_name("RandomPlayer"),
            seed,
            reset_each_game: false,
            rng: SplitMix64::seed_from_u64(seed),
        }
    }

    /// A player seeded from the process's random hasher keys: different on every run.
    pub fn unseeded() -> Self {
        use std::hash::{BuildHasher, RandomState};
        Self::with_seed(RandomState::new().hash_one(0u8))
    }

    /// Restart the generator from the seed at every game (`true`), or let it run on.
    #[must_use]
    pub fn reset_each_game(mut self, reset: bool) -> Self {
        self.reset_each_game = reset;
        self
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }
}

impl<R: Rules> Player<R> for RandomPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn play(&mut self, rules: &R, position: &R::Position) -> Option<R::Movement> {
        let mut movements = rules.possible_movements(position);
        if movements.is_empty() {
            return None;
        }
        let pick = below(&mut self.rng, movements.len() as u64) as usize;
        Some(movements.swap_remove(pick))
    }

    fn starting_game(&mut self, _rules: &R, _player: PlayerIndex) {
        if self.reset_each_game {
            self.rng = SplitMix64::seed_from_u64(self.seed);
        }
    }
}

/// A person at a terminal: prints the position and a numbered list of the legal movements,
/// then reads the chosen number (IArena's human player), or the movement itself as it is
/// printed, spaces and punctuation aside (a Hanoi movement printed `0 -> 2` is also
/// `0 2`).
///
/// Unreadable or out-of-range answers are asked again (at most 100 times in a row); end of
/// input or an I/O error makes [`play`](Player::play) return `None`.
///
/// # Examples
///
/// ```
/// use std::io::Cursor;
/// use sokoengine_rules::{HumanPlayer, Player};
/// # use sokoengine_rules::{PlayerIndex, Rules, ScoreBoard};
/// # #[derive(Debug)] struct Count;
/// # #[derive(Debug, thiserror::Error)] #[error("no")] struct No;
/// # impl Rules for Count {
/// #   type Position = u32; type Movement = u32; type Error = No;
/// #   fn player_count(&self) -> usize { 1 }
/// #   fn first_position(&self) -> u32 { 0 }
/// #   fn next_player(&self, _: &u32) -> PlayerIndex { PlayerIndex::FIRST }
/// #   fn possible_movements(&self, p: &u32) -> Vec<u32> { if *p < 5 { vec![1, 2] } else { vec![] } }
/// #   fn next_position(&self, m: &u32, p: &u32) -> Result<u32, No> { Ok(p + m) }
/// #   fn finished(&self, p: &u32) -> bool { *p >= 5 }
/// #   fn score(&self, p: &u32) -> ScoreBoard { ScoreBoard::from_scores([i64::from(*p)]) }
/// # }
/// // `Count` (hidden): one player adds 1 or 2 to a counter until it reaches 5.
/// // Answers come from any reader: "7" is out of range and asked again, then "1".
/// let mut human = HumanPlayer::new("you", Cursor::new("7\n1\n"), Vec::new());
/// assert_eq!(human.play(&Count, &0), Some(2));
/// let (_, output) = human.into_inner();
/// assert!(String::from_utf8(output)?.contains("Please answer a number from 0 to 1, or a movement as printed."));
/// // The end of the input gives no movement.
/// let mut silent = HumanPlayer::new("you", Cursor::new(""), Vec::new());
/// assert_eq!(silent.play(&Count, &0), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct HumanPlayer<I, O> {
    name: String,
    input: I,
    output: O,
}

impl HumanPlayer<std::io::StdinLock<'static>, std::io::Stdout> {
    /// A human player on standard input and output.
    pub fn stdio(name: impl Into<String>) -> Self {
        Self::new(name, std::io::stdin().lock(), std::io::stdout())
    }
}

/// The longest answer line a [`HumanPlayer`] reads, in bytes.
pub const MAX_ANSWER_LEN: usize = 4096;

impl<I: BufRead, O: Write> HumanPlayer<I, O> {
    /// A human player named `name` reading answers from `input` and writing to `output`.
    pub fn new(name: impl Into<String>, input: I, output: O) -> Self {
        Self {
            name: name.into(),
            input,
            output,
        }
    }

    /// Gives back the input and output.
    pub fn into_inner(self) -> (I, O) {
        (self.input, self.output)
    }

    fn ask<R: Rules>(
        &mut self,
        position: &R::Position,
        movements: &[R::Movement],
    ) -> Option<usize> {
        const MAX_ATTEMPTS: usize = 100;
        writeln!(self.output, "{position}").ok()?;
        for (i, movement) in movements.iter().enumerate() {
            writeln!(self.output, "{i}: {movement}").ok()?;
        }
        let mut line = String::new();
        for _ in 0..MAX_ATTEMPTS {
            write!(self.output, "{} > ", self.name).ok()?;
            self.output.flush().ok()?;
            line.clear();
            // Bound the line so endless input without a newline cannot exhaust memory;
            // a longer line ends the answers (it is no number, and reading on could
            // take forever).
            let read = self
                .input
                .by_ref()
                .take(MAX_ANSWER_LEN as u64)
                .read_line(&mut line)
                .ok()?;
            if read == 0 {
                return None;
            }
            if read == MAX_ANSWER_LEN && !line.ends_with('\n') {
                writeln!(
                    self.output,
                    "An answer longer than {MAX_ANSWER_LEN} bytes: giving up."
                )
                .ok()?;
                return None;
            }
            match line.trim().parse::<usize>() {
                Ok(choice) if choice < movements.len() => return Some(choice),
                Err(_) if movement_named(line.trim(), movements).is_some() => {
                    return movement_named(line.trim(), movements);
                }
                _ => writeln!(
                    self.output,
                    "Please answer a number from 0 to {}, or a movement as printed.",
                    movements.len() - 1
                )
                .ok()?,
            }
        }
        None
    }
}

/// The one movement of `movements` whose printed text is `answer`, comparing letters and
/// digits only (`0 2` names `0 -> 2`); `None` when none or several match.
fn movement_named<M: std::fmt::Display>(answer: &str, movements: &[M]) -> Option<usize> {
    let key = |text: &str| -> String {
        text.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    let wanted = key(answer);
    if wanted.is_empty() {
        return None;
    }
    let mut named = movements
        .iter()
        .enumerate()
        .filter(|(_, movement)| key(&movement.to_string()) == wanted)
        .map(|(index, _)| index);
    match (named.next(), named.next()) {
        (Some(index), None) => Some(index),
        _ => None,
    }
}

impl<R: Rules, I: BufRead, O: Write> Player<R> for HumanPlayer<I, O> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn play(&mut self, rules: &R, position: &R::Position) -> Option<R::Movement> {
        let mut movements = rules.possible_movements(position);
        if movements.is_empty() {
            return None;
        }
        let choice = self.ask::<R>(position, &movements)?;
        Some(movements.swap_remove(choice))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names_drop_paths_and_generics() {
        assert_eq!(short_type_name("a::b::Name<c::D>"), "Name");
        assert_eq!(short_type_name("Plain"), "Plain");
    }

    #[test]
    fn unique_names_differ() {
        assert_ne!(
            FirstMovementPlayer::new().name,
            FirstMovementPlayer::new().name
        );
    }
}
