//! Soundness of pruning: every solution of the corpus is replayed, and no deadlock
//! layer may fire on the start or on any position after a push (a position from
//! which a solution goes on is never a deadlock); nor may the relaxed pull proof
//! refute the start or the position halfway through.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use sokoengine_board::{CompactBoard, Puzzle};
use sokoengine_io::{Collection, VariantHint};
use sokoengine_metrics::SolutionVerifier;
use sokoengine_solver::audit::Audit;

/// Solutions of the corpus files: 4,408 in the large test suite, 193 in
/// Original & Extra.
const SOLUTIONS: usize = 4_408 + 193;

#[sokoengine_testkit_macros::corpus_test]
fn no_layer_fires_on_a_corpus_solution() {
    let corpus = sokoengine_testkit::corpus();
    let folder = corpus.join("levels/large-test-suite/with-solutions");
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "sok"))
        .collect();
    files.sort();
    files.push(corpus.join("levels/sok-with-solutions/Original_and_Extra.sok"));
    assert_eq!(files.len(), 21, "20 packs and Original & Extra");
    let collections: Vec<(String, Collection)> = files
        .iter()
        .map(|path| {
            let name = path
                .file_stem()
                .expect("file name")
                .to_string_lossy()
                .into_owned();
            (
                name,
                Collection::load(path, VariantHint::None).expect("corpus file"),
            )
        })
        .collect();
    // (collection, level) pairs with solutions, shared out to the cores.
    let jobs: Vec<(usize, usize)> = collections
        .iter()
        .enumerate()
        .flat_map(|(c, (_, collection))| {
            (0..collection.puzzles.len())
                .filter(move |&l| !collection.puzzles[l].snapshots().is_empty())
                .map(move |l| (c, l))
        })
        .collect();
    let next = AtomicUsize::new(0);
    let checked = AtomicUsize::new(0);
    let positions = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(&(c, l)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let (name, collection) = &collections[c];
                    let entry = &collection.puzzles[l];
                    let puzzle = entry.puzzle().expect("corpus board");
                    let where_ = format!("{name} level {} ({:?})", l + 1, entry.title);
                    for snapshot in entry.snapshots() {
                        let Ok(moves) = snapshot.moves() else {
                            continue;
                        };
                        if moves.is_reverse() {
                            continue;
                        }
                        let outcome = audit_solution(&puzzle, moves.as_str());
                        match outcome {
                            Audited::NotASolution => {}
                            Audited::Clean(count) => {
                                checked.fetch_add(1, Ordering::Relaxed);
                                positions.fetch_add(count, Ordering::Relaxed);
                            }
                            Audited::Fired(message) => {
                                checked.fetch_add(1, Ordering::Relaxed);
                                failures.lock().expect("lock").push(format!(
                                    "{where_}, snapshot {:?}: {message}",
                                    snapshot.title
                                ));
                            }
                        }
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().expect("lock");
    assert!(
        failures.is_empty(),
        "{} solutions run through a pruned position; the first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
    assert_eq!(checked.into_inner(), SOLUTIONS);
    println!(
        "{SOLUTIONS} solutions, {} positions: no layer fires",
        positions.into_inner()
    );
}

/// The outcome of replaying one snapshot.
enum Audited {
    /// The snapshot does not solve the level (a save game): not audited.
    NotASolution,
    /// No layer fired on any of this many positions.
    Clean(usize),
    /// A layer fired; what, where.
    Fired(String),
}

/// Replays the solution `lurd` on the compact core and checks the start and the
/// position after every push with every pruning layer.
fn audit_solution(puzzle: &Puzzle, lurd: &str) -> Audited {
    let Ok(mut verifier) = SolutionVerifier::new(puzzle) else {
        return Audited::NotASolution;
    };
    if verifier.verify(lurd).is_err() {
        return Audited::NotASolution;
    }
    let audit = match Audit::new(puzzle) {
        Ok(audit) => audit,
        Err(error) => return Audited::Fired(format!("the solver refuses the level: {error}")),
    };
    let mut session = audit.session();
    let board = CompactBoard::new(puzzle).expect("one pusher");
    let tessellation = puzzle.tessellation();
    let mut position = board.start();
    let mut boxes: Vec<usize> = board
        .start_boxes()
        .map(|c| board.board_position(c).index())
        .collect();
    let mut checked = 0;
    let mut check = |boxes: &[usize], pusher: usize, pushes: usize| {
        checked += 1;
        match session.check(boxes, pusher) {
            Ok(None) => None,
            Ok(Some(layer)) => Some(format!("after {pushes} pushes: {layer:?}")),
            Err(error) => Some(format!("after {pushes} pushes: {error}")),
        }
    };
    if let Some(message) = check(&boxes, board.board_position(position.pusher()).index(), 0) {
        return Audited::Fired(message);
    }
    let start = (
        boxes.clone(),
        board.board_position(position.pusher()).index(),
    );
    let mut positions = Vec::new();
    let mut pushes = 0;
    for letter in lurd.chars() {
        if position.is_solved() {
            break; // steps after the solving push do not count
        }
        let (direction, _) = tessellation
            .parse_step_char(letter)
            .expect("verified letters");
        let moved = position.step(direction).expect("verified steps");
        let Some((from, to)) = moved.pushed else {
            continue;
        };
        pushes += 1;
        let (from, to) = (
            board.board_position(from).index(),
            board.board_position(to).index(),
        );
        let index = boxes.iter().position(|&b| b == from).expect("a box moved");
        boxes[index] = to;
        let pusher = board.board_position(position.pusher()).index();
        if let Some(message) = check(&boxes, pusher, pushes) {
            return Audited::Fired(message);
        }
        positions.push((boxes.clone(), pusher));
    }
    // The relaxed pull proof takes a whole position as its start: the level's
    // start, and the position halfway through the solution.
    let middle = positions.len() / 2;
    for (at, (boxes, pusher)) in [(0, &start)]
        .into_iter()
        .chain(positions.get(middle).map(|p| (middle + 1, p)))
    {
        match session.relaxed_proof(boxes, *pusher, RELAXED_EXPANSIONS) {
            Ok(Some(true)) => {
                return Audited::Fired(format!("after {at} pushes: the relaxed pull proof"));
            }
            Ok(_) => {}
            Err(error) => return Audited::Fired(format!("after {at} pushes: {error}")),
        }
    }
    Audited::Clean(checked)
}

/// The expansions each relaxed pull proof of the audit may make (its verdict on a
/// solvable position is to give up, which takes the whole budget on many levels).
const RELAXED_EXPANSIONS: usize = 1_000;

/// "Honey Pot" (`morehex.hsb` #5), a Hexoban level of the corpus with no solution:
/// at most one box can come into its pot by the left entrance, and the pot needs
/// more (docs/solver.md). The relaxed pull proof refutes its start, and `solve`
/// in `Any` mode reports it unsolvable within the time B9 gives it.
#[sokoengine_testkit_macros::corpus_test]
fn the_relaxed_pull_proof_refutes_honey_pot() {
    let collection = crate::corpus_collection("levels/variants/hexoban/morehex.hsb");
    let entry = &collection.puzzles[4];
    assert_eq!(entry.title, "Honey Pot");
    let puzzle = entry.puzzle().expect("corpus board");
    let board = CompactBoard::new(&puzzle).expect("one pusher");
    let boxes: Vec<usize> = board
        .start_boxes()
        .map(|c| board.board_position(c).index())
        .collect();
    let pusher = board.board_position(board.start_pusher()).index();
    let audit = Audit::new(&puzzle).expect("a level the solver takes");
    let mut session = audit.session();
    // Without the proof, no layer refutes the start.
    assert_eq!(session.check(&boxes, pusher), Ok(None));
    assert_eq!(
        session.relaxed_proof(&boxes, pusher, 1_000_000),
        Ok(Some(true))
    );
    let mut config = sokoengine_solver::SolverConfig::new(sokoengine_solver::Objective::Any);
    config.limits.time = Some(std::time::Duration::from_secs(60));
    let outcome = sokoengine_solver::solve(
        &puzzle,
        &config,
        &sokoengine_solver::Cancel::new(),
        &mut sokoengine_solver::Silent,
    )
    .expect("a level the solver takes");
    assert!(
        matches!(
            outcome,
            sokoengine_solver::SolveOutcome::Unsolvable(
                sokoengine_solver::UnsolvableReason::DeadStart,
                _
            )
        ),
        "{outcome:?}"
    );
}
