//! `hanoi solve`, `hanoi play` and (in `render`) `hanoi render`.

use std::collections::VecDeque;
use std::io::Write;

use clap::{Args, Subcommand};
use sokoengine::hanoi::{Move, Position, Towers, frame_stewart, frame_stewart_moves, optimal_path};

use sokoengine::render::{hanoi_animation, hanoi_svg};

use crate::failure::Failure;
use crate::input::{quoted, read_line};
use crate::output::Output;
use crate::render::{
    MAX_ANIMATED_FRAMES, Picture, PictureArgs, SequenceArgs, emit, render_failure,
};

/// The most movements listed (24 disks on 3 pegs); `--count-only` has no limit.
const MAX_LISTED: u64 = (1 << 24) - 1;
/// The most disks for an optimal four-peg solution from an arbitrary position
/// (breadth-first search over `4^n` arrangements).
const MAX_SEARCH_DISKS: u8 = 10;

/// Tower of Hanoi subcommands.
#[derive(Debug, Subcommand)]
pub enum HanoiCommand {
    /// Optimal solution moving every disk to the last peg.
    Solve(SolveArgs),
    /// Interactive play in the terminal: move disks until the tower stands on the last
    /// peg.
    Play(PlayArgs),
    /// A picture of the position, or an animation of its optimal solution.
    Render(RenderArgs),
}

/// The start position: disks, pegs and an arrangement.
#[derive(Debug, Args)]
pub struct PositionArgs {
    /// Number of disks, 1 to 63 (default: the disks of --from).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=63), required_unless_present = "from")]
    disks: Option<u8>,
    /// Number of pegs, 3 or 4 (default: the pegs of --from, else 3).
    #[arg(long, value_parser = clap::value_parser!(u8).range(3..=4))]
    pegs: Option<u8>,
    /// Start position: pegs left to right separated by `|`, each peg's disks bottom to top
    /// as comma-separated numbers (`0` = largest), e.g. `0,1,2||3`.
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    from: Option<String>,
}

/// Arguments of `sokoengine hanoi solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Print only the number of movements.
    #[arg(long)]
    count_only: bool,
}

/// Arguments of `sokoengine hanoi play`.
#[derive(Debug, Args)]
#[command(after_help = "\
Type a movement as two pegs, FROM TO (e.g. 0 2; pegs are numbered from 0 on the left, as in \
every Hanoi text here), or the number of a movement in the list; u undoes one, h shows the \
next movement of an optimal solution, q quits. The game also ends at the end of the input, \
so a script can be piped in. With --json, the pictures and prompts go to standard error and \
the movements played to standard output as one JSON document: {\"solved\", \
\"moves_count\", \"optimum\", \"moves\": [[from, to], ...]}.")]
pub struct PlayArgs {
    #[command(flatten)]
    position: PositionArgs,
}

/// Runs a Hanoi subcommand.
pub fn run(command: HanoiCommand, out: &mut Output) -> Result<(), Failure> {
    match command {
        HanoiCommand::Solve(args) => solve(&args, out),
        HanoiCommand::Play(args) => play(&args, out),
        HanoiCommand::Render(args) => render(&args, out),
    }
}

/// Parses `0,1,2||3`.
fn parse_position(text: &str) -> Result<Vec<Vec<u8>>, Failure> {
    Towers::parse_pegs(text)
        .map_err(|e| Failure::domain(format!("invalid position {}: {e}", quoted(text))))
}

/// The movements of a solution, produced lazily.
pub enum Plan {
    /// Movements computed one at a time.
    Iter(Box<dyn Iterator<Item = Move>>),
    /// Movements listed in advance (none when they would only be counted).
    List(Vec<Move>),
}

impl Plan {
    /// The movements.
    pub fn into_moves(self) -> Box<dyn Iterator<Item = Move>> {
        match self {
            Plan::Iter(iter) => iter,
            Plan::List(list) => Box::new(list.into_iter()),
        }
    }
}

fn solve(args: &SolveArgs, out: &mut Output) -> Result<(), Failure> {
    let (towers, from_standard) = start(&args.position)?;
    let (count, plan) = plan(towers, from_standard, args.count_only)?;
    if !args.count_only && count > MAX_LISTED {
        return Err(Failure::domain(format!(
            "{count} movements are too many to list (at most {MAX_LISTED}); use --count-only"
        )));
    }
    let moves = plan.into_moves();
    write_solution(
        out,
        towers.disks(),
        towers.pegs(),
        count,
        (!args.count_only).then_some(moves),
    )
}

/// The start position, and whether it is the standard start.
pub fn start(args: &PositionArgs) -> Result<(Towers, bool), Failure> {
    Ok(match &args.from {
        Some(text) => {
            let pegs = parse_position(text)?;
            if let Some(wanted) = args.pegs {
                if pegs.len() != usize::from(wanted) {
                    return Err(Failure::domain(format!(
                        "invalid position {}: {} pegs, --pegs says {wanted}",
                        quoted(text),
                        pegs.len()
                    )));
                }
            }
            let towers = Towers::from_towers(&pegs)
                .map_err(|e| Failure::domain(format!("invalid position {}: {e}", quoted(text))))?;
            if let Some(disks) = args.disks {
                if disks != towers.disks() {
                    return Err(Failure::domain(format!(
                        "invalid position {}: {} disks, --disks says {disks}",
                        quoted(text),
                        towers.disks()
                    )));
                }
            }
            let standard = Towers::new(towers.disks(), towers.pegs()).ok() == Some(towers);
            (towers, standard)
        }
        None => {
            let disks = args.disks.unwrap_or(3);
            let towers = Towers::new(disks, args.pegs.unwrap_or(3))
                .map_err(|e| Failure::usage(e.to_string()))?;
            (towers, true)
        }
    })
}

/// The optimal movements to the last peg from `towers`, and how many they are (with
/// `count_only`, a four-peg list that would only be counted is not built).
pub fn plan(towers: Towers, from_standard: bool, count_only: bool) -> Result<(u64, Plan), Failure> {
    let disks = towers.disks();
    let pegs = towers.pegs();
    let goal = pegs - 1;
    Ok(if pegs == 3 {
        let path = optimal_path(towers, goal).map_err(|e| Failure::domain(e.to_string()))?;
        (path.remaining(), Plan::Iter(Box::new(path)))
    } else if from_standard {
        let count = frame_stewart(disks, 4).ok_or_else(|| Failure::domain("too many moves"))?;
        if count_only || count > MAX_LISTED {
            (count, Plan::List(Vec::new()))
        } else {
            let moves = frame_stewart_moves(disks).map_err(|e| Failure::domain(e.to_string()))?;
            (count, Plan::List(moves))
        }
    } else {
        if disks > MAX_SEARCH_DISKS {
            return Err(Failure::domain(format!(
                "an optimal four-peg solution from a given position is searched for at most \
                 {MAX_SEARCH_DISKS} disks, not {disks}"
            )));
        }
        let moves = four_peg_search(towers);
        (moves.len() as u64, Plan::List(moves))
    })
}

/// The most disks `hanoi play` draws (wider drawings do not fit a terminal) and
/// gives hints for on four pegs (see [`MAX_SEARCH_DISKS`]).
const MAX_PLAYED_DISKS: u8 = 10;

/// What a line of `hanoi play` input asks for.
#[derive(Debug, PartialEq, Eq)]
enum PlayCommand {
    Quit,
    Undo,
    Hint,
    /// A movement given by its pegs.
    Movement(Move),
    /// The movement with this number (from 1) in the list shown.
    Listed(usize),
}

fn parse_play_command(line: &str) -> Result<PlayCommand, String> {
    let line = line.trim();
    match line {
        "q" | "quit" => return Ok(PlayCommand::Quit),
        "u" | "undo" => return Ok(PlayCommand::Undo),
        "h" | "hint" => return Ok(PlayCommand::Hint),
        _ => {}
    }
    if let Ok(number) = line.parse::<usize>() {
        return Ok(PlayCommand::Listed(number));
    }
    line.parse::<Move>()
        .map(PlayCommand::Movement)
        .map_err(|_| {
            format!("{line:?}: type two pegs FROM TO (e.g. 0 2), a movement's number, u, h or q")
        })
}

/// The result of `hanoi play --json`.
#[derive(serde::Serialize)]
struct PlayDocument {
    solved: bool,
    moves_count: usize,
    optimum: u64,
    moves: Vec<[u8; 2]>,
}

/// `sokoengine hanoi play`: the drawings and prompts go to standard output, or with
/// `--json` to standard error (the movements played then go to standard output as one
/// JSON document).
fn play(args: &PlayArgs, out: &mut Output) -> Result<(), Failure> {
    let (start, standard) = start(&args.position)?;
    if start.disks() > MAX_PLAYED_DISKS {
        return Err(Failure::domain(format!(
            "hanoi play draws at most {MAX_PLAYED_DISKS} disks, not {}",
            start.disks()
        )));
    }
    let goal = start.pegs() - 1;
    let (optimum, _) = plan(start, standard, true)?;
    let mut towers = start;
    let mut played: Vec<Move> = Vec::new();
    let mut message = String::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut line = String::new();
    let json = out.json;
    let show = |out: &mut Output, text: &str| -> Result<(), Failure> {
        if json {
            use std::io::Write;
            let mut stderr = std::io::stderr().lock();
            stderr
                .write_all(text.as_bytes())
                .and_then(|()| stderr.flush())
                .map_err(|e| Failure::domain(format!("can't write to standard error: {e}")))
        } else {
            out.write_text(text)?;
            out.flush()
        }
    };
    show(
        out,
        &format!(
            "{} disks on {} pegs: move the tower to peg {goal} (the optimum is {optimum} movements).\n",
            start.disks(),
            start.pegs()
        ),
    )?;
    loop {
        let position = Position::new(towers, played.len() as u64);
        show(out, &format!("\n{position}"))?;
        if towers.is_all_on(goal) {
            show(
                out,
                &format!(
                    "Solved in {} movements (the optimum is {optimum}).\n",
                    played.len()
                ),
            )?;
            break;
        }
        let possible = towers.possible_moves();
        let listed: Vec<String> = possible
            .iter()
            .enumerate()
            .map(|(index, movement)| format!("{}: {movement}", index + 1))
            .collect();
        if !message.is_empty() {
            show(out, &format!("{message}\n"))?;
            message.clear();
        }
        show(
            out,
            &format!(
                "Movements: {}\nFROM TO (or a movement's number), u undo, h hint, q quit\n> ",
                listed.join(", ")
            ),
        )?;
        if !read_line(&mut input, &mut line)? {
            show(out, "\n")?;
            break;
        }
        let movement = match parse_play_command(&line) {
            Err(error) => {
                message = error;
                continue;
            }
            Ok(PlayCommand::Quit) => break,
            Ok(PlayCommand::Undo) => {
                match played.pop() {
                    Some(last) => {
                        towers = towers.try_move(last.reversed()).map_err(|e| {
                            Failure::domain(format!("internal error: undo {last}: {e}"))
                        })?;
                    }
                    None => message = "Nothing to undo".to_owned(),
                }
                continue;
            }
            Ok(PlayCommand::Hint) => {
                message = match plan(towers, false, false) {
                    Ok((count, plan)) => match plan.into_moves().next() {
                        Some(movement) => {
                            format!("Hint: {movement} ({count} movements to go)")
                        }
                        None => "Already solved".to_owned(),
                    },
                    Err(error) => format!("No hint: {}", error.message),
                };
                continue;
            }
            Ok(PlayCommand::Listed(number)) => match possible.get(number.wrapping_sub(1)) {
                Some(&movement) => movement,
                None => {
                    message = format!(
                        "There is no movement {number}: choose 1 to {}",
                        possible.len()
                    );
                    continue;
                }
            },
            Ok(PlayCommand::Movement(movement)) => movement,
        };
        match towers.try_move(movement) {
            Ok(next) => {
                towers = next;
                played.push(movement);
            }
            Err(error) => message = format!("{movement}: {error}"),
        }
    }
    if json {
        out.write_json(&PlayDocument {
            solved: towers.is_all_on(goal),
            moves_count: played.len(),
            optimum,
            moves: played.iter().map(|m| [m.from(), m.to()]).collect(),
        })?;
    }
    Ok(())
}

/// Streams the solution: the list can hold millions of movements.
fn write_solution(
    out: &mut Output,
    disks: u8,
    pegs: u8,
    count: u64,
    moves: Option<Box<dyn Iterator<Item = Move>>>,
) -> Result<(), Failure> {
    let json = out.json;
    let writer = out.writer();
    let result = (|| -> std::io::Result<()> {
        if json {
            write!(
                writer,
                "{{\n  \"disks\": {disks},\n  \"pegs\": {pegs},\n  \"moves_count\": {count}"
            )?;
            if let Some(moves) = moves {
                write!(writer, ",\n  \"moves\": [")?;
                for (index, mv) in moves.enumerate() {
                    let sep = if index == 0 { "" } else { "," };
                    write!(writer, "{sep}\n    [{}, {}]", mv.from(), mv.to())?;
                }
                write!(writer, "\n  ]")?;
            }
            writeln!(writer, "\n}}")
        } else {
            writeln!(
                writer,
                "{disks} disks on {pegs} pegs: {count} movements to peg {}",
                pegs - 1
            )?;
            if let Some(moves) = moves {
                for (index, mv) in moves.enumerate() {
                    writeln!(writer, "{:>4}. {} -> {}", index + 1, mv.from(), mv.to())?;
                }
            }
            Ok(())
        }
    })();
    result.map_err(crate::output::write_failure)
}

/// An optimal solution on four pegs from any arrangement: breadth-first search over the
/// `4^disks` arrangements. A key holds disk `d`'s peg in base-4 digit `disks - 1 - d`
/// (disk 0, the largest, most significant).
fn four_peg_search(start: Towers) -> Vec<Move> {
    let disks = usize::from(start.disks());
    let key_of = |towers: Towers| -> u32 {
        (0..start.disks()).fold(0, |key, disk| {
            key * 4 + u32::from(towers.peg_of(disk).unwrap_or_default())
        })
    };
    let goal_key = (0..disks).fold(0u32, |key, _| key * 4 + 3);
    let start_key = key_of(start);
    let mut parent = vec![u32::MAX; 1 << (2 * disks)];
    parent[start_key as usize] = start_key;
    let mut queue = VecDeque::from([start_key]);
    while let Some(key) = queue.pop_front() {
        if key == goal_key {
            break;
        }
        // The top (smallest, so highest-numbered) disk of each peg: scan from the smallest.
        let mut tops = [usize::MAX; 4];
        for disk in (0..disks).rev() {
            let peg = (key >> (2 * (disks - 1 - disk))) as usize & 3;
            if tops[peg] == usize::MAX {
                tops[peg] = disk;
            }
        }
        for (from, &disk) in tops.iter().enumerate() {
            if disk == usize::MAX {
                continue;
            }
            let shift = 2 * (disks - 1 - disk);
            for (to, &top) in (0u32..).zip(&tops) {
                // Only onto an empty peg or a larger (lower-numbered) disk.
                if to as usize == from || (top != usize::MAX && top > disk) {
                    continue;
                }
                let next = (key & !(3 << shift)) | (to << shift);
                if parent[next as usize] == u32::MAX {
                    parent[next as usize] = key;
                    queue.push_back(next);
                }
            }
        }
    }
    if parent[goal_key as usize] == u32::MAX {
        return Vec::new();
    }
    let mut moves = Vec::new();
    let mut key = goal_key;
    while key != start_key {
        let previous = parent[key as usize];
        // The one disk whose digit changed moved from its old peg to its new one.
        let changed = previous ^ key;
        let shift = changed.trailing_zeros() & !1;
        let from = (previous >> shift) & 3;
        let to = (key >> shift) & 3;
        moves.push(Move::new(from as u8, to as u8));
        key = previous;
    }
    moves.reverse();
    moves
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn positions() {
        assert_eq!(
            parse_position("0,1,2||3").ok(),
            Some(vec![vec![0, 1, 2], vec![], vec![3]])
        );
        assert_eq!(
            parse_position(" 0 , 1 | 2 ||").ok(),
            Some(vec![vec![0, 1], vec![2], vec![], vec![]])
        );
        assert!(parse_position("0,,1||").is_err());
        assert!(parse_position("256||").is_err());
    }

    #[test]
    fn four_peg_search_is_optimal_from_the_start() {
        for disks in 1..=6 {
            let moves = four_peg_search(Towers::new(disks, 4).expect("towers"));
            assert_eq!(Some(moves.len() as u64), frame_stewart(disks, 4));
        }
    }

    proptest! {
        #[test]
        fn any_position_text_is_parsed_or_rejected(text in ".{0,40}") {
            let _ = parse_position(&text);
        }

        #[test]
        fn any_arrangement_is_solved_optimally(pegs in proptest::collection::vec(0u8..4, 1..=6)) {
            let towers = Towers::from_disk_pegs(&pegs, 4).expect("towers");
            let moves = four_peg_search(towers);
            let mut position = towers;
            for mv in &moves {
                position = position.try_move(*mv).expect("legal");
            }
            prop_assert!(position.is_all_on(3));
            // Never longer than going through the standard start's optimum from scratch.
            prop_assert!(moves.len() as u64 <= 2 * frame_stewart(towers.disks(), 4).unwrap_or(0) + 1);
        }
    }
}

/// The most Hanoi movements `--step` plays.
const MAX_HANOI_STEP: u64 = (1 << 24) - 1;

/// Arguments of `sokoengine hanoi render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    sequence: SequenceArgs,
    #[command(flatten)]
    picture: PictureArgs,
}

/// `sokoengine hanoi render`.
pub fn render(args: &RenderArgs, out: &mut Output) -> Result<(), Failure> {
    let options = args.picture.options();
    let (towers, standard) = start(&args.position)?;
    let title = format!(
        "Tower of Hanoi: {} disks on {} pegs",
        towers.disks(),
        towers.pegs()
    );
    let sequence = &args.sequence;
    if !sequence.animate && sequence.step.is_none() {
        let svg = hanoi_svg(towers, &options).map_err(|e| render_failure(&e))?;
        return emit(out, &args.picture, Picture::Still(svg), &title, None);
    }
    // The optimal movements are counted before they are listed: 63 disks make 2^63 - 1.
    let limit = match sequence.step {
        None => MAX_ANIMATED_FRAMES - 1,
        Some(_) => MAX_HANOI_STEP,
    };
    let (count, plan) = plan(towers, standard, false)?;
    match sequence.step {
        None if count > limit => {
            return Err(Failure::domain(format!(
                "{count} movements are too many to animate (at most {limit}); draw one position with --step"
            )));
        }
        Some(step) if step > count => {
            return Err(Failure::domain(format!(
                "--step {step}: the solution has {count} movements"
            )));
        }
        Some(step) if step > limit => {
            return Err(Failure::domain(format!(
                "--step {step}: at most {limit} movements are played"
            )));
        }
        _ => {}
    }
    if matches!(&plan, Plan::List(list) if list.is_empty()) && count > 0 {
        return Err(Failure::domain(format!(
            "the optimal solution has {count} movements, too many to play (at most {limit})"
        )));
    }
    let moves = plan.into_moves();
    let picture = match sequence.step {
        None => Picture::Animated(
            hanoi_animation(towers, moves, &options).map_err(|e| render_failure(&e))?,
        ),
        Some(step) => {
            let mut position = towers;
            for movement in moves.take(step as usize) {
                position = position
                    .try_move(movement)
                    .map_err(|e| Failure::domain(e.to_string()))?;
            }
            Picture::Still(hanoi_svg(position, &options).map_err(|e| render_failure(&e))?)
        }
    };
    emit(out, &args.picture, picture, &title, None)
}
