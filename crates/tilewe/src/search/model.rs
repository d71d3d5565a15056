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

/// Integer weights in score points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Model {
    pub(crate) weights: [i32; N_WEIGHTS],
}

impl Model {
    /// The model of weights in nats.
    fn from_nats(nats: &[f64]) -> Model {
        let mut weights = [0; N_WEIGHTS];
        for (w, &n) in weights.iter_mut().zip(nats) {
            *w = (n * UNIT).round() as i32;
        }
        Model { weights }
    }

    /// The built-in model.
    pub(crate) fn standard() -> Model {
        Model::from_nats(&STANDARD)
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
/// colour's first five moves head for the centre. Set by hand and checked in matches.
const STANDARD: [f64; N_WEIGHTS] = standard_nats();

/// Nats per half-tile closer to the centre in the opening.
const CENTRE_PULL: f64 = 0.6;

const fn standard_nats() -> [f64; N_WEIGHTS] {
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
