//! Seeded games, tournaments with seat rotation, and Elo ratings.

use crate::board::Board;
use crate::engine::Engine;
use crate::moves::Move;
use crate::rng::Rng;
use crate::types::Color;

/// Probability that a player rated `rating` beats one rated `opponent`:
/// `1 / (1 + 10^(-(rating - opponent) / 400))`.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::elo_win_probability;
///
/// assert!((elo_win_probability(1500.0, 1400.0) - 0.6401).abs() < 1e-4);
/// ```
#[must_use]
pub fn elo_win_probability(rating: f64, opponent: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-(rating - opponent) / 400.0))
}

/// Two-player rating change `k * (outcome - p(win))`; `outcome` is 1 for a win, 0.5 for
/// a draw, 0 for a loss.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::elo_adjustment;
///
/// assert!((elo_adjustment(1500.0, 1600.0, 1.0, 32.0) - 20.4821).abs() < 1e-4);
/// ```
#[must_use]
pub fn elo_adjustment(rating: f64, opponent: f64, outcome: f64, k: f64) -> f64 {
    k * (outcome - elo_win_probability(rating, opponent))
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Engine index (into the tournament's list) for each seat in colour order.
    pub seats: Vec<usize>,
    /// The moves in order.
    pub moves: Vec<Move>,
    /// Final scores per seat.
    pub scores: Vec<u32>,
    /// The seats with the top score.
    pub winners: Vec<Color>,
}

/// Plays one game with `engines[i]` in seat `i` (colour `i`); the number of players is
/// the number of engines (1 to 4). Seat `i` draws its randomness from
/// `Rng::new(Rng::derive(seed, i))`.
///
/// # Panics
///
/// If `engines` does not hold 1 to 4 engines, or an engine returns an illegal move.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{play_game, Engine, MostTiles, RandomEngine};
///
/// let (mut a, mut b) = (RandomEngine, MostTiles);
/// let mut seats: Vec<&mut dyn Engine> = vec![&mut a, &mut b];
/// let board = play_game(&mut seats, 1);
/// assert!(board.is_finished());
/// ```
pub fn play_game(engines: &mut [&mut dyn Engine], seed: u64) -> Board {
    let mut board = Board::new(engines.len()).expect("1 to 4 engines");
    let mut rngs: Vec<Rng> = (0..engines.len())
        .map(|seat| Rng::new(Rng::derive(seed, seat as u64)))
        .collect();
    while !board.is_finished() {
        let seat = board.current_player().index();
        let Some(mv) = engines[seat].choose(&board, &mut rngs[seat]) else {
            break;
        };
        if let Err(e) = board.push(mv) {
            panic!(
                "engine {} played an illegal move: {e}",
                engines[seat].name()
            );
        }
    }
    board
}

/// One engine's results in a tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineStanding {
    /// The engine's name.
    pub name: String,
    /// Seats played: games, counting a game twice when an engine held two seats (fewer
    /// engines than players).
    pub games: u32,
    /// Wins, a shared first place counting `1 / number of winners`.
    pub wins: f64,
    /// Sum of final scores.
    pub total_score: u64,
    /// Elo rating (everyone starts at 1500).
    pub elo: f64,
}

impl EngineStanding {
    /// Mean final score.
    #[must_use]
    pub fn mean_score(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.total_score as f64 / f64::from(self.games)
        }
    }
}

/// The outcome of [`Tournament::run`].
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{MostTiles, RandomEngine, Tournament};
///
/// let mut tournament = Tournament::new(2, 42);
/// tournament.add(Box::new(MostTiles));
/// tournament.add(Box::new(RandomEngine));
/// let report = tournament.run(4);
/// assert_eq!(report.games.len(), 4);
/// assert_eq!(report.standings.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["most-tiles", "random"]);
/// assert_eq!(report.games[0].seats.len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentReport {
    /// One entry per engine, in the order they were given.
    pub standings: Vec<EngineStanding>,
    /// Every game in order.
    pub games: Vec<GameRecord>,
}

/// A seeded series of games between engines with seat rotation and Elo ratings.
///
/// Game `g` seats engine `(g + s) mod E` at seat `s` (E engines), so every engine plays
/// every seat equally often over `E` games. After each game every pair of seats held by
/// different engines is scored as a two-player result (higher score wins, equal scores
/// draw) and ratings move by `k / (players - 1)` times the Elo adjustment, all computed
/// from the ratings before the game. Game `g` is played with seed `Rng::derive(seed, g)`,
/// so a tournament is reproducible on every platform.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{MostTiles, RandomEngine, Tournament};
///
/// let mut tournament = Tournament::new(2, 11);
/// tournament.add(Box::new(RandomEngine));
/// tournament.add(Box::new(MostTiles));
/// let report = tournament.run(4);
/// assert_eq!(report.games.len(), 4);
/// assert_eq!(report.standings[0].games, 4);
/// ```
pub struct Tournament {
    engines: Vec<Box<dyn Engine>>,
    n_players: usize,
    seed: u64,
    k: f64,
}

impl std::fmt::Debug for Tournament {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<String> = self.engines.iter().map(|e| e.name()).collect();
        f.debug_struct("Tournament")
            .field("engines", &names)
            .field("n_players", &self.n_players)
            .field("seed", &self.seed)
            .field("k", &self.k)
            .finish()
    }
}

impl Tournament {
    /// A tournament of `n_players`-player games (clamped to 1..=4), seeded by `seed`, with
    /// K = 32.
    #[must_use]
    pub fn new(n_players: usize, seed: u64) -> Tournament {
        Tournament {
            engines: Vec::new(),
            n_players: n_players.clamp(1, 4),
            seed,
            k: 32.0,
        }
    }

    /// Sets the Elo K factor.
    #[must_use]
    pub fn with_k(mut self, k: f64) -> Tournament {
        self.k = k;
        self
    }

    /// Adds an engine.
    pub fn add(&mut self, engine: Box<dyn Engine>) {
        self.engines.push(engine);
    }

    /// Plays `games` games and reports standings and records. With no engines, nothing is
    /// played.
    pub fn run(&mut self, games: usize) -> TournamentReport {
        let e = self.engines.len();
        let mut standings: Vec<EngineStanding> = self
            .engines
            .iter()
            .map(|engine| EngineStanding {
                name: engine.name(),
                games: 0,
                wins: 0.0,
                total_score: 0,
                elo: 1500.0,
            })
            .collect();
        let mut records = Vec::new();
        if e == 0 {
            return TournamentReport {
                standings,
                games: records,
            };
        }
        for g in 0..games {
            let seats: Vec<usize> = (0..self.n_players).map(|s| (g + s) % e).collect();
            let board = self.play_seats(&seats, Rng::derive(self.seed, g as u64));
            let scores = board.scores();
            let winners = board.winners();
            for (s, &engine) in seats.iter().enumerate() {
                standings[engine].games += 1;
                standings[engine].total_score += u64::from(scores[s]);
            }
            for w in &winners {
                standings[seats[w.index()]].wins += 1.0 / winners.len() as f64;
            }
            let before: Vec<f64> = standings.iter().map(|s| s.elo).collect();
            let k = self.k / (self.n_players.max(2) - 1) as f64;
            for a in 0..seats.len() {
                for b in 0..seats.len() {
                    if a == b || seats[a] == seats[b] {
                        continue;
                    }
                    let outcome = match scores[a].cmp(&scores[b]) {
                        std::cmp::Ordering::Greater => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Less => 0.0,
                    };
                    standings[seats[a]].elo +=
                        elo_adjustment(before[seats[a]], before[seats[b]], outcome, k);
                }
            }
            records.push(GameRecord {
                seats,
                moves: board.moves().to_vec(),
                scores,
                winners,
            });
        }
        TournamentReport {
            standings,
            games: records,
        }
    }

    fn play_seats(&mut self, seats: &[usize], seed: u64) -> Board {
        let mut board = Board::new(seats.len()).expect("1 to 4 seats");
        let mut rngs: Vec<Rng> = (0..seats.len())
            .map(|seat| Rng::new(Rng::derive(seed, seat as u64)))
            .collect();
        while !board.is_finished() {
            let seat = board.current_player().index();
            let engine = &mut self.engines[seats[seat]];
            let Some(mv) = engine.choose(&board, &mut rngs[seat]) else {
                break;
            };
            if board.push(mv).is_err() {
                // An engine that plays an illegal move forfeits the rest of the game.
                break;
            }
        }
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-4
    }

    #[test]
    fn fewer_engines_than_seats() {
        use crate::engine::{MostTiles, RandomEngine};
        let mut tournament = Tournament::new(4, 3);
        tournament.add(Box::new(RandomEngine));
        tournament.add(Box::new(MostTiles));
        let report = tournament.run(2);
        assert_eq!(report.games[0].seats, [0, 1, 0, 1]);
        assert_eq!(report.games[1].seats, [1, 0, 1, 0]);
        assert_eq!(report.standings[0].games, 4);
        let wins: f64 = report.standings.iter().map(|s| s.wins).sum();
        assert!((wins - 2.0).abs() < 1e-9);
        // Elo moves only between different engines, and sums to zero.
        let elo: f64 = report.standings.iter().map(|s| s.elo - 1500.0).sum();
        assert!(elo.abs() < 1e-9);
        assert!(Tournament::new(2, 0).run(3).games.is_empty());
    }

    #[test]
    fn elo_reference_values() {
        assert!(close(elo_win_probability(1500.0, 1400.0), 0.6401));
        assert!(close(elo_win_probability(2000.0, 1500.0), 0.9468));
        assert!(close(elo_win_probability(2300.0, 1500.0), 0.9901));
        assert!(close(elo_adjustment(1500.0, 1600.0, 0.0, 32.0), -11.5179));
        assert!(close(elo_adjustment(1500.0, 1600.0, 1.0, 32.0), 20.4821));
        assert!(close(elo_adjustment(1500.0, 1600.0, 0.5, 32.0), 4.4821));
        assert!(close(elo_adjustment(1500.0, 2500.0, 0.0, 32.0), -0.1009));
        assert!(close(elo_adjustment(1500.0, 2500.0, 1.0, 32.0), 31.8991));
        assert!(close(elo_adjustment(1500.0, 2500.0, 0.5, 32.0), 15.8991));
    }
}
