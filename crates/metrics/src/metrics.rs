//! The six counters of a solution.

use std::fmt;
use std::str::FromStr;

/// One of the six metrics, in the order of the (M) tuple.
///
/// # Examples
///
/// ```
/// use sokoengine_metrics::{Metric, SolutionMetrics};
///
/// let metrics = SolutionMetrics::new(43, 15, 8, 5, 7, 25);
/// assert_eq!(metrics.get(Metric::BoxChanges), 5);
/// assert_eq!(Metric::PlayerLines.abbreviation(), "pl");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[repr(u8)]
pub enum Metric {
    /// Every step, pushing or not.
    Moves = 0,
    /// Steps that move a box.
    Pushes = 1,
    /// Maximal series of pushes of one box in one direction with no other step between.
    BoxLines = 2,
    /// Pushes of a different box than the previous push (the first push counts).
    BoxChanges = 3,
    /// Maximal series of pushes with no move between.
    PushingSessions = 4,
    /// Maximal series of steps in one direction, pushing or not.
    PlayerLines = 5,
}

impl Metric {
    /// Number of metrics.
    pub const COUNT: usize = 6;

    /// All metrics in (M) order.
    pub const ALL: [Metric; 6] = [
        Metric::Moves,
        Metric::Pushes,
        Metric::BoxLines,
        Metric::BoxChanges,
        Metric::PushingSessions,
        Metric::PlayerLines,
    ];

    /// The position in the (M) tuple, handy for per-metric tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// JSoko's two-letter abbreviation: `mo`, `pu`, `bl`, `bc`, `ps`, `pl`.
    pub const fn abbreviation(self) -> &'static str {
        match self {
            Metric::Moves => "mo",
            Metric::Pushes => "pu",
            Metric::BoxLines => "bl",
            Metric::BoxChanges => "bc",
            Metric::PushingSessions => "ps",
            Metric::PlayerLines => "pl",
        }
    }

    /// The snake-case name: `moves`, `pushes`, `box_lines`, ...
    pub const fn name(self) -> &'static str {
        match self {
            Metric::Moves => "moves",
            Metric::Pushes => "pushes",
            Metric::BoxLines => "box_lines",
            Metric::BoxChanges => "box_changes",
            Metric::PushingSessions => "pushing_sessions",
            Metric::PlayerLines => "player_lines",
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// JSoko's six solution metrics; every one is "shorter is better".
///
/// `Display` writes the YASC tuple `moves/pushes/box lines/box changes/pushing
/// sessions/player lines`; `FromStr` reads it back. The derived `Ord` is the (M)
/// ordering (field order); see [`MetricOrder`](crate::MetricOrder) for the others.
///
/// Counters are `u32`: the counting functions refuse inputs of more than
/// [`MAX_STEPS`](crate::MAX_STEPS) steps, so they cannot overflow.
///
/// # Examples
///
/// ```
/// use sokoengine_metrics::SolutionMetrics;
///
/// let metrics = SolutionMetrics::from_lurd("ruuLLLLrrrrddlUruLLLulDrddllluuRRDrdLuuurDD")?;
/// assert_eq!(metrics.to_string(), "43/15/8/5/7/25");
/// assert_eq!("43/15/8/5/7/25".parse::<SolutionMetrics>()?, metrics);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SolutionMetrics {
    /// Every step, pushing or not.
    pub moves: u32,
    /// Steps that move a box.
    pub pushes: u32,
    /// Maximal series of pushes of one box in one direction with no other step between.
    pub box_lines: u32,
    /// Pushes of a different box than the previous push (the first push counts).
    pub box_changes: u32,
    /// Maximal series of pushes with no move between.
    pub pushing_sessions: u32,
    /// Maximal series of steps in one direction, pushing or not.
    pub player_lines: u32,
}

impl SolutionMetrics {
    /// All counters zero: the metrics of the empty path.
    pub const ZERO: SolutionMetrics = SolutionMetrics::new(0, 0, 0, 0, 0, 0);

    /// The metrics from the six values in (M) order.
    #[inline]
    pub const fn new(
        moves: u32,
        pushes: u32,
        box_lines: u32,
        box_changes: u32,
        pushing_sessions: u32,
        player_lines: u32,
    ) -> SolutionMetrics {
        SolutionMetrics {
            moves,
            pushes,
            box_lines,
            box_changes,
            pushing_sessions,
            player_lines,
        }
    }

    /// The six values in (M) order.
    #[inline]
    pub const fn to_array(self) -> [u32; 6] {
        [
            self.moves,
            self.pushes,
            self.box_lines,
            self.box_changes,
            self.pushing_sessions,
            self.player_lines,
        ]
    }

    /// The metrics from six values in (M) order.
    #[inline]
    pub const fn from_array(values: [u32; 6]) -> SolutionMetrics {
        SolutionMetrics::new(
            values[0], values[1], values[2], values[3], values[4], values[5],
        )
    }

    /// One metric.
    #[inline]
    pub const fn get(self, metric: Metric) -> u32 {
        self.to_array()[metric as usize]
    }

    /// Moves that do not push: `moves - pushes`.
    #[inline]
    pub const fn non_pushing_moves(self) -> u32 {
        self.moves.saturating_sub(self.pushes)
    }

    /// Whether the values can come from one path: every counter is at most `moves`,
    /// the push-based ones at most `pushes`, and there is at least one box line, box
    /// change and pushing session as soon as there is a push (and a player line as
    /// soon as there is a move).
    pub const fn is_consistent(self) -> bool {
        let pushed = self.pushes > 0;
        self.pushes <= self.moves
            && self.player_lines <= self.moves
            && self.box_lines <= self.pushes
            && self.box_changes <= self.pushes
            && self.pushing_sessions <= self.box_lines
            && (self.moves == 0) == (self.player_lines == 0)
            && pushed == (self.box_lines > 0)
            && pushed == (self.box_changes > 0)
            && pushed == (self.pushing_sessions > 0)
    }
}

impl fmt::Display for SolutionMetrics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}/{}/{}/{}/{}/{}",
            self.moves,
            self.pushes,
            self.box_lines,
            self.box_changes,
            self.pushing_sessions,
            self.player_lines
        )
    }
}

/// The text given to [`SolutionMetrics::from_str`] is not a six-number tuple.
///
/// # Examples
///
/// ```
/// use sokoengine_metrics::SolutionMetrics;
///
/// let metrics: SolutionMetrics = "43/15/8/5/7/25".parse()?;
/// assert_eq!((metrics.moves, metrics.player_lines), (43, 25));
/// let error = "230/97".parse::<SolutionMetrics>().unwrap_err();
/// assert_eq!(error.to_string(), "Expected 6 metrics separated by '/', found 2 in '230/97'!");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMetricsError {
    /// The text does not have exactly six `/`-separated fields.
    #[error("Expected 6 metrics separated by '/', found {found} in '{text}'!")]
    FieldCount {
        /// How many fields the text has.
        found: usize,
        /// The rejected text.
        text: String,
    },
    /// A field is not a number in `0..=u32::MAX`.
    #[error("Metric {} is not a number: '{field}'!", metric.name())]
    NotANumber {
        /// Which metric the field stands for.
        metric: Metric,
        /// The rejected field.
        field: String,
    },
}

impl FromStr for SolutionMetrics {
    type Err = ParseMetricsError;

    /// Reads `moves/pushes/box lines/box changes/pushing sessions/player lines`;
    /// spaces around the numbers are allowed.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let found = text.split('/').count();
        if found != Metric::COUNT {
            return Err(ParseMetricsError::FieldCount {
                found,
                text: text.to_owned(),
            });
        }
        let mut values = [0_u32; 6];
        for ((value, field), metric) in values.iter_mut().zip(text.split('/')).zip(Metric::ALL) {
            *value = field
                .trim()
                .parse()
                .map_err(|_| ParseMetricsError::NotANumber {
                    metric,
                    field: field.to_owned(),
                })?;
        }
        Ok(SolutionMetrics::from_array(values))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tuple_text_round_trips() {
        let metrics = SolutionMetrics::new(230, 97, 24, 16, 22, 76);
        assert_eq!(metrics.to_string(), "230/97/24/16/22/76");
        assert_eq!(" 230 / 97/24/16/22/76".parse(), Ok(metrics));
        assert_eq!(metrics.to_array(), [230, 97, 24, 16, 22, 76]);
        assert_eq!(SolutionMetrics::from_array(metrics.to_array()), metrics);
        for metric in Metric::ALL {
            assert_eq!(metrics.get(metric), metrics.to_array()[metric.index()]);
        }
        assert_eq!(metrics.non_pushing_moves(), 133);
    }

    #[test]
    fn bad_tuples_are_typed_errors() {
        assert_eq!(
            "1/2/3".parse::<SolutionMetrics>(),
            Err(ParseMetricsError::FieldCount {
                found: 3,
                text: "1/2/3".into()
            })
        );
        let error = "1/2/x/4/5/6".parse::<SolutionMetrics>().unwrap_err();
        assert_eq!(error.to_string(), "Metric box_lines is not a number: 'x'!");
        assert!("1/2/3/4/5/-6".parse::<SolutionMetrics>().is_err());
    }

    #[test]
    fn consistency_check() {
        assert!(SolutionMetrics::ZERO.is_consistent());
        assert!(SolutionMetrics::new(1, 1, 1, 1, 1, 1).is_consistent());
        assert!(SolutionMetrics::new(23, 0, 0, 0, 0, 9).is_consistent());
        assert!(!SolutionMetrics::new(1, 2, 1, 1, 1, 1).is_consistent());
        assert!(!SolutionMetrics::new(3, 1, 0, 1, 1, 1).is_consistent());
    }
}

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use super::*;

    #[test]
    fn metrics_round_trip_through_json() {
        let metrics = SolutionMetrics::new(43, 15, 8, 5, 7, 25);
        let json = serde_json::to_string(&metrics).unwrap();
        assert_eq!(
            json,
            r#"{"moves":43,"pushes":15,"box_lines":8,"box_changes":5,"pushing_sessions":7,"player_lines":25}"#
        );
        assert_eq!(
            serde_json::from_str::<SolutionMetrics>(&json).unwrap(),
            metrics
        );
        assert_eq!(
            serde_json::to_string(&Metric::BoxLines).unwrap(),
            r#""box_lines""#
        );
    }
}
