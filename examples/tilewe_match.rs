//! A seeded Tilewe tournament: random, most-tiles, most-corners, flat Monte Carlo and
//! tree-search (mcts) engines in 4-player games with seat rotation and Elo ratings.
//!
//! ```sh
//! cargo run --release --example tilewe_match -- [games] [seed] [playouts]
//! ```
//!
//! Defaults: 8 games, seed 2026, 200 playouts per decision for both Monte Carlo engines.
//! The same arguments give the same games on every platform.

use sokoengine::tilewe::{
    Budget, Mcts, MonteCarlo, MostCorners, MostTiles, RandomEngine, Tournament,
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| -> u64 {
        args.get(i)
            .map(|a| {
                a.parse()
                    .unwrap_or_else(|_| panic!("argument {a:?} is not a number"))
            })
            .unwrap_or(default)
    };
    let games = number(0, 8) as usize;
    let seed = number(1, 2026);
    let playouts = number(2, 200) as usize;

    let mut tournament = Tournament::new(4, seed);
    tournament.add(Box::new(RandomEngine));
    tournament.add(Box::new(MostTiles));
    tournament.add(Box::new(MostCorners));
    tournament.add(Box::new(MonteCarlo::new(playouts)));
    tournament.add(Box::new(Mcts::new(Budget::Playouts(playouts as u32))));
    let report = tournament.run(games);

    println!("{games} games, seed {seed}, 4 players, seats rotate every game\n");
    for (g, game) in report.games.iter().enumerate() {
        let seats: Vec<&str> = game
            .seats
            .iter()
            .map(|&e| report.standings[e].name.as_str())
            .collect();
        let winners: Vec<&str> = game.winners.iter().map(|c| c.name()).collect();
        println!(
            "game {g:>2}: {} -> scores {:?}, winners {}",
            seats.join(" / "),
            game.scores,
            winners.join(", ")
        );
    }
    println!(
        "\n{:<16} {:>6} {:>7} {:>11} {:>8}",
        "engine", "games", "wins", "mean score", "elo"
    );
    let mut standings = report.standings.clone();
    standings.sort_by(|a, b| b.elo.total_cmp(&a.elo));
    for s in &standings {
        println!(
            "{:<16} {:>6} {:>7.2} {:>11.1} {:>8.1}",
            s.name,
            s.games,
            s.wins,
            s.mean_score(),
            s.elo
        );
    }
}
