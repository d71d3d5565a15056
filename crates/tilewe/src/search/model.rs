//! The move model of the tree's priors: a log-linear score over bucketed [`Features`],
//! one weight per bucket and game phase, so a move is `exp(score / UNIT)` times as
//! likely as one scored 0.

use std::sync::OnceLock;

use super::features::Features;

/// Score points per nat: a move `UNIT` points below another is `e` times less likely.
pub(crate) const UNIT: f64 = 16.0;

/// Game phases by pieces the mover has placed: 0-1, 2-4, 5-9, 10 and more.
pub(crate) const PHASES: usize = 4;

/// The phase of a player who has placed `placed` pieces.
#[inline(always)]
pub(crate) const fn phase(placed: u32) -> usize {
    match placed {
        0..=1 => 0,
        2..=4 => 1,
        5..=9 => 2,
        _ => 3,
    }
}

/// Buckets per feature (counts at or above the last bucket share it).
pub(crate) const GAINED: usize = 5;
pub(crate) const BLOCKED: usize = 3;
pub(crate) const PARTNER: usize = 2;
pub(crate) const LOST: usize = 3;
pub(crate) const ANSWERS: usize = 2;
pub(crate) const CONTACT: usize = 4;
pub(crate) const CENTRE: usize = 19;
/// Phases with a centre feature (the opening).
pub(crate) const CENTRE_PHASES: usize = 2;

/// Offsets of the weight groups in the flat weight vector.
pub(crate) const PIECE_AT: usize = 0;
pub(crate) const GAINED_AT: usize = PIECE_AT + PHASES * 21;
pub(crate) const BLOCKED_AT: usize = GAINED_AT + PHASES * GAINED;
pub(crate) const PARTNER_AT: usize = BLOCKED_AT + PHASES * BLOCKED;
pub(crate) const LOST_AT: usize = PARTNER_AT + PARTNER;
pub(crate) const ANSWERS_AT: usize = LOST_AT + PHASES * LOST;
pub(crate) const CONTACT_AT: usize = ANSWERS_AT + ANSWERS;
pub(crate) const CENTRE_AT: usize = CONTACT_AT + PHASES * CONTACT;
/// Number of weights.
pub(crate) const N_WEIGHTS: usize = CENTRE_AT + CENTRE_PHASES * CENTRE;
/// Active weights per move (the centre group only in the opening).
pub(crate) const N_ACTIVE: usize = 8;

/// Bucket of the centre closeness 0..=18.
#[inline(always)]
pub(crate) const fn centre_bucket(closeness: u8) -> usize {
    let b = closeness as usize;
    if b < CENTRE { b } else { CENTRE - 1 }
}

/// The weight indices a move with features `f` activates in `phase`; the last is
/// `usize::MAX` outside the opening.
#[inline(always)]
pub(crate) fn indices(f: &Features, phase: usize) -> [usize; N_ACTIVE] {
    let cap = |v: u8, n: usize| usize::from(v).min(n - 1);
    [
        PIECE_AT + phase * 21 + usize::from(f.piece),
        GAINED_AT + phase * GAINED + cap(f.gained, GAINED),
        BLOCKED_AT + phase * BLOCKED + cap(f.blocked, BLOCKED),
        PARTNER_AT + cap(f.blocked_partner, PARTNER),
        LOST_AT + phase * LOST + cap(f.lost, LOST),
        ANSWERS_AT + cap(f.answers, ANSWERS),
        CONTACT_AT + phase * CONTACT + cap(f.contact, CONTACT),
        if phase < CENTRE_PHASES {
            CENTRE_AT + phase * CENTRE + centre_bucket(f.centre)
        } else {
            usize::MAX
        },
    ]
}

/// `exp(-points / UNIT)`: how much less likely the model finds a move `points` below
/// the best, from a table built by repeated products (the same bits everywhere).
pub(crate) fn relative_probability(points: i32) -> f32 {
    const LEN: usize = 512;
    static TABLE: OnceLock<[f32; LEN]> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        const STEP: f64 = 0.939_413_062_813_475_8; // exp(-1/16)
        let mut t = [0.0; LEN];
        let mut value = 1.0f64;
        for slot in &mut t {
            *slot = value as f32;
            value *= STEP;
        }
        t
    });
    usize::try_from(points).map_or(1.0, |k| table.get(k).copied().unwrap_or(0.0))
}

/// The move model of [`Mcts`](super::Mcts)'s priors: integer weights in score points
/// (16 a nat) per feature bucket and game phase.
///
/// [`MoveModel::standard`] is the shipped model, read from `move_model.txt` beside this
/// module: [`MoveModel::hand_set`] (the weights set by judgement) fitted to the moves the
/// engine chose at about a second a move in recorded games. The `tilewe_distill` example
/// fits a model to the engine's own deep searches or to the moves of a player in game
/// records (see [`Distiller`](super::Distiller)) and writes the same text form, so a
/// better model replaces the file without a code change; [`Mcts::with_model`](super::Mcts::with_model)
/// plays with any model. The text form ([`Display`](std::fmt::Display) and
/// [`FromStr`](std::str::FromStr)) is one labelled line per feature and phase, in score
/// points (16 a nat).
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::MoveModel;
///
/// let model = MoveModel::standard();
/// let text = model.to_string();
/// assert_eq!(text.parse::<MoveModel>()?, *model);
/// assert!("piece 0: 1 2 3".parse::<MoveModel>().is_err());
/// # Ok::<(), sokoengine_tilewe::MoveModelError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveModel {
    pub(crate) weights: [i32; N_WEIGHTS],
}

/// Why a text is not a [`MoveModel`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveModelError {
    /// A line does not start with the label expected there.
    #[error("line {line}: expected `{expected}:`")]
    Label {
        /// 1-based line number.
        line: usize,
        /// The label expected.
        expected: String,
    },
    /// A word is not an integer weight.
    #[error("line {line}: `{word}` is not a weight")]
    Weight {
        /// 1-based line number.
        line: usize,
        /// The offending word.
        word: String,
    },
    /// A line has the wrong number of weights, or lines are missing.
    #[error("line {line}: {found} weights for `{label}`, expected {expected}")]
    Count {
        /// 1-based line number (one past the end for missing lines).
        line: usize,
        /// The label of the line.
        label: String,
        /// Weights found.
        found: usize,
        /// Weights expected.
        expected: usize,
    },
    /// More lines than the model has.
    #[error("line {line}: the model has ended")]
    Trailing {
        /// 1-based line number.
        line: usize,
    },
}

/// The labelled groups of the text form: (label, first weight, length).
fn groups() -> Vec<(String, usize, usize)> {
    let mut out = Vec::new();
    for phase in 0..PHASES {
        out.push((format!("piece {phase}"), PIECE_AT + phase * 21, 21));
    }
    for phase in 0..PHASES {
        out.push((
            format!("gained {phase}"),
            GAINED_AT + phase * GAINED,
            GAINED,
        ));
    }
    for phase in 0..PHASES {
        out.push((
            format!("blocked {phase}"),
            BLOCKED_AT + phase * BLOCKED,
            BLOCKED,
        ));
    }
    out.push(("partner".to_owned(), PARTNER_AT, PARTNER));
    for phase in 0..PHASES {
        out.push((format!("lost {phase}"), LOST_AT + phase * LOST, LOST));
    }
    out.push(("answers".to_owned(), ANSWERS_AT, ANSWERS));
    for phase in 0..PHASES {
        out.push((
            format!("contact {phase}"),
            CONTACT_AT + phase * CONTACT,
            CONTACT,
        ));
    }
    for phase in 0..CENTRE_PHASES {
        out.push((
            format!("centre {phase}"),
            CENTRE_AT + phase * CENTRE,
            CENTRE,
        ));
    }
    out
}

impl std::fmt::Display for MoveModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (label, at, len) in groups() {
            write!(f, "{label}:")?;
            for w in &self.weights[at..at + len] {
                write!(f, " {w}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl std::str::FromStr for MoveModel {
    type Err = MoveModelError;

    /// Reads the text form; blank lines and lines starting with `#` are skipped.
    fn from_str(text: &str) -> Result<MoveModel, MoveModelError> {
        let mut weights = [0; N_WEIGHTS];
        let groups = groups();
        let mut next = groups.iter();
        let mut last_line = 0;
        for (i, line) in text.lines().enumerate() {
            let line_no = i + 1;
            last_line = line_no;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((label, at, len)) = next.next() else {
                return Err(MoveModelError::Trailing { line: line_no });
            };
            let rest = line
                .strip_prefix(label.as_str())
                .and_then(|r| r.strip_prefix(':'))
                .ok_or_else(|| MoveModelError::Label {
                    line: line_no,
                    expected: label.clone(),
                })?;
            let mut found = 0;
            for word in rest.split_whitespace() {
                let w: i32 = word
                    .parse()
                    .ok()
                    .filter(|w: &i32| w.abs() <= MAX_WEIGHT)
                    .ok_or_else(|| MoveModelError::Weight {
                        line: line_no,
                        word: word.to_owned(),
                    })?;
                if found < *len {
                    weights[at + found] = w;
                }
                found += 1;
            }
            if found != *len {
                return Err(MoveModelError::Count {
                    line: line_no,
                    label: label.clone(),
                    found,
                    expected: *len,
                });
            }
        }
        if let Some((label, _, len)) = next.next() {
            return Err(MoveModelError::Count {
                line: last_line + 1,
                label: label.clone(),
                found: 0,
                expected: *len,
            });
        }
        Ok(MoveModel { weights })
    }
}

/// Largest weight magnitude the text form accepts (a score stays far from overflow).
const MAX_WEIGHT: i32 = 100_000;

impl MoveModel {
    /// The model of weights in nats.
    pub(crate) fn from_nats(nats: &[f64]) -> MoveModel {
        let mut weights = [0; N_WEIGHTS];
        for (w, &n) in weights.iter_mut().zip(nats) {
            *w = ((n * UNIT).round() as i32).clamp(-MAX_WEIGHT, MAX_WEIGHT);
        }
        MoveModel { weights }
    }

    /// The weights in nats.
    pub(crate) fn nats(&self) -> Vec<f64> {
        self.weights.iter().map(|&w| f64::from(w) / UNIT).collect()
    }

    /// The shipped model (`move_model.txt`: the hand-set weights fitted to the engine's
    /// own choices in recorded games).
    #[must_use]
    pub fn standard() -> &'static MoveModel {
        static STANDARD: OnceLock<MoveModel> = OnceLock::new();
        STANDARD.get_or_init(|| {
            include_str!("move_model.txt")
                .parse()
                .expect("the shipped move model is well-formed (tested)")
        })
    }

    /// The hand-set model: piece size, corners and centre pull by judgement, checked in
    /// matches; the starting point of distillation.
    #[must_use]
    pub fn hand_set() -> MoveModel {
        MoveModel::from_nats(&HAND_SET)
    }

    /// Score of a move with features `f` in `phase`.
    #[inline(always)]
    pub(crate) fn score(&self, f: &Features, phase: usize) -> i32 {
        indices(f, phase)
            .iter()
            .filter(|&&i| i != usize::MAX)
            .map(|&i| self.weights[i])
            .sum()
    }
}

/// The weights in nats: bigger pieces first (most of all in the opening), gain corners,
/// take the opponents' corners but not the partner's, do not waste one's own, and in a
/// colour's first five moves head for the centre.
const HAND_SET: [f64; N_WEIGHTS] = hand_set_nats();

/// Nats per half-tile closer to the centre in the opening.
const CENTRE_PULL: f64 = 0.6;

const fn hand_set_nats() -> [f64; N_WEIGHTS] {
    let mut w = [0.0; N_WEIGHTS];
    let sizes: [f64; 21] = [
        1.0, 2.0, 3.0, 3.0, 4.0, 4.0, 4.0, 4.0, 4.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0,
        5.0, 5.0, 5.0,
    ];
    let mut phase = 0;
    while phase < PHASES {
        let mut piece = 0;
        while piece < 21 {
            w[PIECE_AT + phase * 21 + piece] = sizes[piece] * (1.5 - 0.25 * phase as f64);
            piece += 1;
        }
        let mut g = 0;
        while g < GAINED {
            w[GAINED_AT + phase * GAINED + g] = 0.5 * g as f64;
            g += 1;
        }
        let mut b = 0;
        while b < BLOCKED {
            w[BLOCKED_AT + phase * BLOCKED + b] = 0.75 * b as f64;
            b += 1;
        }
        let mut l = 0;
        while l < LOST {
            w[LOST_AT + phase * LOST + l] = -0.5 * l as f64;
            l += 1;
        }
        phase += 1;
    }
    w[PARTNER_AT + 1] = -0.75;
    let mut phase = 0;
    while phase < CENTRE_PHASES {
        let mut c = 0;
        while c < CENTRE {
            w[CENTRE_AT + phase * CENTRE + c] = CENTRE_PULL * c as f64;
            c += 1;
        }
        phase += 1;
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_model_loads_and_round_trips() {
        let model = MoveModel::standard();
        assert_eq!(model.to_string().parse::<MoveModel>().as_ref(), Ok(model));
        let hand = MoveModel::hand_set();
        assert_eq!(hand.to_string().parse::<MoveModel>().as_ref(), Ok(&hand));
        // The shipped file holds a fit, not the hand-set start it was fitted from.
        assert_ne!(*model, hand);
    }

    #[test]
    fn bad_model_texts_are_errors() {
        let text = MoveModel::hand_set().to_string();
        let lines: Vec<&str> = text.lines().collect();
        let cut = lines[..3].join("\n");
        assert!(matches!(
            cut.parse::<MoveModel>(),
            Err(MoveModelError::Count { line: 4, .. })
        ));
        let relabelled = text.replacen("piece 1:", "piece 9:", 1);
        assert_eq!(
            relabelled.parse::<MoveModel>(),
            Err(MoveModelError::Label {
                line: 2,
                expected: "piece 1".to_owned()
            })
        );
        let bad = text.replacen("piece 0: ", "piece 0: x", 1);
        assert!(matches!(
            bad.parse::<MoveModel>(),
            Err(MoveModelError::Weight { line: 1, .. })
        ));
        let long = format!("{text}piece 0: 1\n");
        assert!(matches!(
            long.parse::<MoveModel>(),
            Err(MoveModelError::Trailing { .. })
        ));
        let commented = format!("# a comment\n\n{text}");
        assert_eq!(commented.parse::<MoveModel>(), Ok(MoveModel::hand_set()));
    }

    proptest::proptest! {
        /// Garbage, and the shipped text with bytes overwritten at random places, is
        /// read or refused with an error; never a panic. A text that reads prints
        /// back to one that reads the same.
        #[test]
        fn any_text_reads_or_is_an_error(
            garbage in ".{0,200}",
            edits in proptest::collection::vec((0usize..4000, proptest::char::any()), 0..6),
        ) {
            let _ = garbage.parse::<MoveModel>();
            let mut text: Vec<char> = MoveModel::hand_set().to_string().chars().collect();
            for (at, c) in edits {
                let at = at % text.len();
                text[at] = c;
            }
            let text: String = text.into_iter().collect();
            if let Ok(model) = text.parse::<MoveModel>() {
                proptest::prop_assert_eq!(model.to_string().parse::<MoveModel>(), Ok(model));
            }
        }
    }
}
