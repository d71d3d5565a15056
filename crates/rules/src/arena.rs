//! The game runner: IArena's `GenericGame` and its broadcasting and clocked variants.

use std::error::Error;
use std::io::Write;
use std::time::{Duration, Instant};

use crate::{Player, PlayerIndex, Rules, ScoreBoard};

/// Why a game could not be played to its end.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// The number of players differs from the rules' `player_count()`.
    #[error("The game needs {expected} players, {given} were given")]
    PlayerCount {
        /// `player_count()` of the rules.
        expected: usize,
        /// The number of players handed to the arena.
        given: usize,
    },
    /// The rules named a player to move that does not exist.
    #[error("The rules ask player {player} to move, but there are only {players} players")]
    NoSuchPlayer {
        /// The index the rules returned.
        player: PlayerIndex,
        /// The number of players.
        players: usize,
    },
    /// With movement checking on, a player made a movement that is not possible (the
    /// reference's exact text).
    #[error("Player {player} has made an invalid movement: {movement} in position: {position}")]
    InvalidMovement {
        /// The player's name.
        player: String,
        /// The movement, as text.
        movement: String,
        /// The position, as text.
        position: String,
    },
    /// With movement checking off, the rules' `next_position` rejected a movement.
    #[error("Player {player} has made a movement the rules reject: {source}")]
    Rejected {
        /// The player's name.
        player: String,
        /// The rules' error.
        source: Box<dyn Error + Send + Sync>,
    },
    /// A player offered no movement (see [`Player::play`]).
    #[error("Player {player} has not made a movement")]
    NoMovement {
        /// The player's name.
        player: String,
    },
    /// The game was still unfinished after the allowed number of movements.
    #[error("The game is unfinished after the limit of {max_moves} movements")]
    MaxMovesExceeded {
        /// The limit.
        max_moves: u64,
    },
    /// A player took longer than the per-movement time limit.
    #[error("Player {player} took {elapsed:?} for a movement, over the limit of {limit:?}")]
    TimeLimitExceeded {
        /// The player's name.
        player: String,
        /// How long the player took.
        elapsed: Duration,
        /// The limit.
        limit: Duration,
    },
}

/// The end of a game played by an [`Arena`].
///
/// # Examples
///
/// ```
/// use sokoengine_rules::{Arena, LastMovementPlayer};
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
/// let report = Arena::new(&Count).play(&mut [&mut LastMovementPlayer::new()])?;
/// assert_eq!((report.final_position, report.movements), (6, 3)); // 2 + 2 + 2
/// assert_eq!(report.score.score(PlayerIndex::FIRST), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct GameReport<P> {
    /// The score board of the final position.
    pub score: ScoreBoard,
    /// The final (finished) position.
    pub final_position: P,
    /// How many movements were made.
    pub movements: u64,
}

/// Plays games between players under some rules (IArena's `GenericGame`).
///
/// Options: a movement limit ([`max_moves`](Self::max_moves); a game that finishes on the
/// last allowed movement is fine), movement checking against `possible_movements`
/// ([`check_movements`](Self::check_movements)), and a per-movement time limit
/// ([`move_time_limit`](Self::move_time_limit), IArena's clocked arena; measured after the
/// player answers, as a player cannot be interrupted). The broadcasting arena is
/// [`play_broadcast`](Self::play_broadcast).
///
/// # Examples
///
/// ```
/// use sokoengine_rules::{Arena, FirstMovementPlayer, Player, PlayerIndex, Rules, ScoreBoard};
/// # #[derive(Debug)] struct Count;
/// # #[derive(Debug, thiserror::Error)] #[error("no")] struct No;
/// # impl Rules for Count {
/// #   type Position = u32; type Movement = u32; type Error = No;
/// #   fn player_count(&self) -> usize { 1 }
/// #   fn first_position(&self) -> u32 { 0 }
/// #   fn next_player(&self, _: &u32) -> PlayerIndex { PlayerIndex::FIRST }
/// #   fn possible_movements(&self, _: &u32) -> Vec<u32> { vec![1, 2] }
/// #   fn next_position(&self, m: &u32, p: &u32) -> Result<u32, No> { Ok(p + m) }
/// #   fn finished(&self, p: &u32) -> bool { *p >= 3 }
/// #   fn score(&self, p: &u32) -> ScoreBoard { ScoreBoard::from_scores([i64::from(*p)]) }
/// # }
/// // `Count` (hidden): one player adds 1 or 2 to a counter until it reaches 3.
/// let mut player = FirstMovementPlayer::new();
/// let report = Arena::new(&Count)
///     .max_moves(Some(3))
///     .check_movements(true)
///     .play(&mut [&mut player])?;
/// assert_eq!(report.movements, 3);
/// assert_eq!(report.score.score(PlayerIndex::FIRST), 3);
/// # Ok::<(), sokoengine_rules::GameError>(())
/// ```
#[derive(Debug)]
pub struct Arena<'r, R> {
    rules: &'r R,
    max_moves: Option<u64>,
    check_movements: bool,
    move_time_limit: Option<Duration>,
}

impl<R> Clone for Arena<'_, R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R> Copy for Arena<'_, R> {}

impl<'r, R: Rules> Arena<'r, R> {
    /// An arena for `rules`: no movement limit, no movement checking, no time limit.
    pub const fn new(rules: &'r R) -> Self {
        Self {
            rules,
            max_moves: None,
            check_movements: false,
            move_time_limit: None,
        }
    }

    /// Fail a game that is still unfinished after `max_moves` movements (`None`: no limit).
    #[must_use]
    pub const fn max_moves(mut self, max_moves: Option<u64>) -> Self {
        self.max_moves = max_moves;
        self
    }

    /// Check every movement against `possible_movements` before applying it.
    #[must_use]
    pub const fn check_movements(mut self, check: bool) -> Self {
        self.check_movements = check;
        self
    }

    /// Fail a game when a player takes longer than `limit` for one movement.
    #[must_use]
    pub const fn move_time_limit(mut self, limit: Option<Duration>) -> Self {
        self.move_time_limit = limit;
        self
    }

    /// The rules.
    pub const fn rules(&self) -> &'r R {
        self.rules
    }

    /// Plays one game from the rules' first position and reports its end.
    ///
    /// # Errors
    ///
    /// A [`GameError`] when the player count is wrong, a movement is invalid or missing, or
    /// a limit is exceeded.
    pub fn play(
        &self,
        players: &mut [&mut dyn Player<R>],
    ) -> Result<GameReport<R::Position>, GameError> {
        self.play_observed(players, |_, _, _| {})
    }

    /// Like [`play`](Self::play), printing every movement (`Player <name> plays: <movement>`)
    /// and the resulting position to `out` (IArena's broadcasting arena). Write errors are
    /// ignored: the game matters more than its printout.
    ///
    /// # Errors
    ///
    /// As [`play`](Self::play).
    pub fn play_broadcast(
        &self,
        players: &mut [&mut dyn Player<R>],
        mut out: impl Write,
    ) -> Result<GameReport<R::Position>, GameError> {
        let names: Vec<String> = players.iter().map(|p| p.name()).collect();
        let _ = writeln!(out, "{}", self.rules.first_position());
        self.play_observed(players, |player, movement, position| {
            let _ = writeln!(
                out,
                "Player {} plays: {movement}\n{position}",
                names[player.index()]
            );
        })
    }

    /// Like [`play`](Self::play), calling `observer(player, movement, new_position)` after
    /// every applied movement.
    ///
    /// # Errors
    ///
    /// As [`play`](Self::play).
    pub fn play_observed(
        &self,
        players: &mut [&mut dyn Player<R>],
        mut observer: impl FnMut(PlayerIndex, &R::Movement, &R::Position),
    ) -> Result<GameReport<R::Position>, GameError> {
        let rules = self.rules;
        let expected = rules.player_count();
        if players.len() != expected || players.len() > PlayerIndex::COUNT {
            return Err(GameError::PlayerCount {
                expected,
                given: players.len(),
            });
        }
        for (i, player) in players.iter_mut().enumerate() {
            // Checked above: fewer than PlayerIndex::COUNT players.
            player.starting_game(rules, PlayerIndex::new(i as u8));
        }
        let mut position = rules.first_position();
        let mut movements = 0u64;
        // Check `finished` before the limit: ending on the last allowed movement is fine.
        while !rules.finished(&position) {
            if self.max_moves.is_some_and(|max| movements >= max) {
                return Err(GameError::MaxMovesExceeded {
                    max_moves: movements,
                });
            }
            let index = rules.next_player(&position);
            let player = players
                .get_mut(index.index())
                .ok_or(GameError::NoSuchPlayer {
                    player: index,
                    players: expected,
                })?;
            let started = Instant::now();
            let movement = player.play(rules, &position);
            let elapsed = started.elapsed();
            let movement = movement.ok_or_else(|| GameError::NoMovement {
                player: player.name(),
            })?;
            if let Some(limit) = self.move_time_limit.filter(|&limit| elapsed > limit) {
                return Err(GameError::TimeLimitExceeded {
                    player: player.name(),
                    elapsed,
                    limit,
                });
            }
            if self.check_movements && !rules.is_movement_possible(&movement, &position) {
                return Err(GameError::InvalidMovement {
                    player: player.name(),
                    movement: movement.to_string(),
                    position: position.to_string(),
                });
            }
            position = rules
                .next_position(&movement, &position)
                .map_err(|source| GameError::Rejected {
                    player: player.name(),
                    source: Box::new(source),
                })?;
            movements += 1;
            observer(index, &movement, &position);
        }
        Ok(GameReport {
            score: rules.score(&position),
            final_position: position,
            movements,
        })
    }
}
