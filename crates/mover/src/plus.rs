//! Sokoban+ (docs/rules.md#sokoban): plus IDs ("colours") of boxes and goals.

use std::fmt;

/// The plus ID of a box or goal without a colour.
pub const DEFAULT_PLUS_ID: u64 = 0;
/// The legacy "no colour" plus ID, read as [`DEFAULT_PLUS_ID`] on boards with fewer
/// than 99 boxes.
pub const LEGACY_DEFAULT_PLUS_ID: u64 = 99;

/// Which of the two Sokoban+ strings an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlusOrder {
    /// `boxorder`.
    Box,
    /// `goalorder`.
    Goal,
}

impl PlusOrder {
    /// `boxorder` or `goalorder`.
    pub const fn name(self) -> &'static str {
        match self {
            PlusOrder::Box => "boxorder",
            PlusOrder::Goal => "goalorder",
        }
    }
}

/// One problem of Sokoban+ data. [`SokobanPlusErrors`] collects all of them.
///
/// # Examples
///
/// ```
/// use sokoengine_mover::{PlusOrder, SokobanPlus, SokobanPlusError};
///
/// let plus = SokobanPlus::new(2, "1 2 3", "2 1");
/// assert_eq!(
///     plus.errors(),
///     [
///         SokobanPlusError::TooManyIds { order: PlusOrder::Box, pieces_count: 2 },
///         SokobanPlusError::UnequalSets,
///     ]
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SokobanPlusError {
    /// A token that is not an integer (reported once per string, with the first
    /// such token).
    #[error(
        "Can't parse Sokoban+ string! Illegal characters found. Only digits and spaces allowed."
    )]
    IllegalCharacters {
        /// The string with the token.
        order: PlusOrder,
        /// The first rejected token.
        token: String,
    },
    /// A negative integer, or one too large for a plus ID (above `u64::MAX`).
    #[error("Invalid Sokoban+ ID: {id}")]
    InvalidId {
        /// The string with the ID.
        order: PlusOrder,
        /// The rejected ID as written.
        id: String,
    },
    /// More IDs than pieces once trailing default IDs are removed.
    #[error("Sokoban+ {} data doesn't contain same amount of IDs as there are pieces on board! (pieces_count: {pieces_count})", order.name())]
    TooManyIds {
        /// The string with too many IDs.
        order: PlusOrder,
        /// The number of boxes.
        pieces_count: usize,
    },
    /// Box and goal plus IDs are not equal multisets (each plus ID, the default
    /// included, must occur as often among boxes as among goals). Checked whenever
    /// both strings are lists of integers, also when they have other problems.
    #[error("Sokoban+ data doesn't define equal sets of IDs for boxes and goals")]
    UnequalSets,
}

/// Every problem found when validating Sokoban+ data, in the order found (boxorder
/// first). `Display` writes the messages one per line.
///
/// # Examples
///
/// ```
/// use sokoengine_mover::SokobanPlus;
///
/// let errors = SokobanPlus::new(2, "1 x", "-1").enable().unwrap_err();
/// assert_eq!(
///     errors.to_string(),
///     "Can't parse Sokoban+ string! Illegal characters found. Only digits and spaces allowed.\n\
///      Invalid Sokoban+ ID: -1"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub struct SokobanPlusErrors {
    /// The problems (never empty).
    pub errors: Vec<SokobanPlusError>,
}

impl fmt::Display for SokobanPlusErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, error) in self.errors.iter().enumerate() {
            if index > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{error}")?;
        }
        Ok(())
    }
}

/// An unknown box or goal ID asked for while Sokoban+ is enabled.
///
/// # Examples
///
/// ```
/// use sokoengine_mover::{PlusIdError, SokobanPlus};
///
/// let mut plus = SokobanPlus::new(2, "1 2", "2 1");
/// assert_eq!(plus.box_plus_id(7), Ok(0)); // disabled: the default for any ID
/// plus.enable()?;
/// assert_eq!(plus.box_plus_id(7), Err(PlusIdError::NoBox { id: 7 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlusIdError {
    /// No box with this ID.
    #[error("No box with ID: {id}")]
    NoBox {
        /// The rejected ID.
        id: usize,
    },
    /// No goal with this ID.
    #[error("No goal with ID: {id}")]
    NoGoal {
        /// The rejected ID.
        id: usize,
    },
}

/// Sokoban+ data of one board: the `boxorder` and `goalorder` strings, their
/// validation and the plus IDs they give.
///
/// The k-th integer of `boxorder` (`goalorder`) is the plus ID of the box (goal) with
/// ID k; missing trailing entries are [`DEFAULT_PLUS_ID`]; `99` is the legacy default
/// on boards with fewer than 99 boxes. A new object is disabled; [`SokobanPlus::enable`]
/// validates. Changing a string to a different value disables it again.
///
/// # Examples
///
/// ```
/// use sokoengine_mover::SokobanPlus;
///
/// let mut plus = SokobanPlus::new(3, "99 1 99", "1 99 99");
/// assert_eq!(plus.box_plus_id(2), Ok(0)); // disabled: every piece has the default
/// plus.enable()?;
/// assert_eq!(plus.box_plus_id(2), Ok(1));
/// assert_eq!((plus.boxorder(), plus.goalorder()), ("0 1".into(), "1".into()));
///
/// let mut bad = SokobanPlus::new(2, "1 x", "-1 2 3 4");
/// let errors = bad.enable().unwrap_err();
/// assert_eq!(errors.errors.len(), 3); // every problem of both strings
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SokobanPlus {
    pieces_count: usize,
    boxorder: String,
    goalorder: String,
    enabled: bool,
    /// `Ok((box plus IDs, goal plus IDs))` or every problem; computed whenever a
    /// string changes.
    validation: Result<(Vec<u64>, Vec<u64>), SokobanPlusErrors>,
}

impl SokobanPlus {
    /// Sokoban+ data for a board with `pieces_count` boxes (and as many goals);
    /// disabled.
    pub fn new(pieces_count: usize, boxorder: &str, goalorder: &str) -> SokobanPlus {
        let mut plus = SokobanPlus {
            pieces_count,
            boxorder: boxorder.to_owned(),
            goalorder: goalorder.to_owned(),
            enabled: false,
            validation: Ok((Vec::new(), Vec::new())),
        };
        plus.validate();
        plus
    }

    /// The number of boxes (and goals) the data is for.
    pub const fn piece_count(&self) -> usize {
        self.pieces_count
    }

    /// Whether the plus IDs are in use.
    pub const fn is_enabled(&self) -> bool {
        self.enabled
    }

    /// Whether the data is valid.
    pub const fn is_valid(&self) -> bool {
        self.validation.is_ok()
    }

    /// Every problem of the data (empty when valid).
    pub fn errors(&self) -> &[SokobanPlusError] {
        match &self.validation {
            Ok(_) => &[],
            Err(errors) => &errors.errors,
        }
    }

    /// Enables the plus IDs.
    ///
    /// # Errors
    ///
    /// [`SokobanPlusErrors`] with every problem of both strings when the data is
    /// invalid; the object stays disabled.
    pub fn enable(&mut self) -> Result<(), SokobanPlusErrors> {
        match &self.validation {
            Ok(_) => {
                self.enabled = true;
                Ok(())
            }
            Err(errors) => Err(errors.clone()),
        }
    }

    /// Disables the plus IDs (every piece gets the default).
    pub fn disable(&mut self) {
        self.enabled = false;
    }

    /// The box order: while enabled, the normalised list (plus IDs joined by single
    /// spaces, trailing default IDs removed); otherwise the string as set.
    pub fn boxorder(&self) -> String {
        match (&self.validation, self.enabled) {
            (Ok((boxes, _)), true) => normalised(boxes),
            _ => self.boxorder.clone(),
        }
    }

    /// The goal order, like [`SokobanPlus::boxorder`].
    pub fn goalorder(&self) -> String {
        match (&self.validation, self.enabled) {
            (Ok((_, goals)), true) => normalised(goals),
            _ => self.goalorder.clone(),
        }
    }

    /// The box order exactly as set.
    pub fn raw_boxorder(&self) -> &str {
        &self.boxorder
    }
    /// The goal order exactly as set.
    pub fn raw_goalorder(&self) -> &str {
        &self.goalorder
    }

    /// Sets the box order; a different string disables the object. Returns whether
    /// the string changed.
    pub fn set_boxorder(&mut self, boxorder: &str) -> bool {
        if boxorder == self.boxorder {
            return false;
        }
        boxorder.clone_into(&mut self.boxorder);
        self.enabled = false;
        self.validate();
        true
    }

    /// Sets the goal order; a different string disables the object. Returns whether
    /// the string changed.
    pub fn set_goalorder(&mut self, goalorder: &str) -> bool {
        if goalorder == self.goalorder {
            return false;
        }
        goalorder.clone_into(&mut self.goalorder);
        self.enabled = false;
        self.validate();
        true
    }

    /// The plus ID of box `box_id`: [`DEFAULT_PLUS_ID`] for any ID while disabled.
    ///
    /// # Errors
    ///
    /// [`PlusIdError::NoBox`] for an unknown ID while enabled.
    pub fn box_plus_id(&self, box_id: usize) -> Result<u64, PlusIdError> {
        self.plus_id(box_id, true)
            .ok_or(PlusIdError::NoBox { id: box_id })
    }

    /// The plus ID of goal `goal_id`: [`DEFAULT_PLUS_ID`] for any ID while disabled.
    ///
    /// # Errors
    ///
    /// [`PlusIdError::NoGoal`] for an unknown ID while enabled.
    pub fn goal_plus_id(&self, goal_id: usize) -> Result<u64, PlusIdError> {
        self.plus_id(goal_id, false)
            .ok_or(PlusIdError::NoGoal { id: goal_id })
    }

    fn plus_id(&self, id: usize, of_box: bool) -> Option<u64> {
        match (&self.validation, self.enabled) {
            (Ok((boxes, goals)), true) => {
                let ids = if of_box { boxes } else { goals };
                id.checked_sub(1).and_then(|index| ids.get(index)).copied()
            }
            _ => Some(DEFAULT_PLUS_ID),
        }
    }

    /// Box plus IDs in box-ID order while enabled, `None` while disabled.
    pub(crate) fn enabled_ids(&self) -> Option<(&[u64], &[u64])> {
        match (&self.validation, self.enabled) {
            (Ok((boxes, goals)), true) => Some((boxes, goals)),
            _ => None,
        }
    }

    fn validate(&mut self) {
        let mut errors = Vec::new();
        let boxes = parse_order(
            &self.boxorder,
            PlusOrder::Box,
            self.pieces_count,
            &mut errors,
        );
        let goals = parse_order(
            &self.goalorder,
            PlusOrder::Goal,
            self.pieces_count,
            &mut errors,
        );
        // Every problem is collected (reference bug 5): the sets are compared whenever
        // both strings are lists of integers, whatever else is wrong with them.
        if let (Some(boxes), Some(goals)) = (&boxes, &goals) {
            let (mut sorted_boxes, mut sorted_goals) = (boxes.clone(), goals.clone());
            sorted_boxes.sort_unstable();
            sorted_goals.sort_unstable();
            if sorted_boxes != sorted_goals {
                errors.push(SokobanPlusError::UnequalSets);
            }
        }
        if !errors.is_empty() {
            self.validation = Err(SokobanPlusErrors { errors });
            return;
        }
        let valid = |ids: Option<Vec<PlusToken>>| -> Vec<u64> {
            ids.unwrap_or_default()
                .into_iter()
                .filter_map(|token| match token {
                    PlusToken::Id(id) => Some(id),
                    PlusToken::Invalid(_) => None,
                })
                .collect()
        };
        self.validation = Ok((valid(boxes), valid(goals)));
    }
}

/// One integer of an order string: a plus ID, or an integer that is not one (negative,
/// or beyond `u64`), kept in a normal form (`-1`) so the sets can still be compared.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum PlusToken {
    Id(u64),
    Invalid(String),
}

/// Parses one order string into its integers, padded with the default to
/// `pieces_count` (more when it has too many), pushing its problems to `errors`;
/// `None` when a token is not an integer at all.
fn parse_order(
    text: &str,
    order: PlusOrder,
    pieces_count: usize,
    errors: &mut Vec<SokobanPlusError>,
) -> Option<Vec<PlusToken>> {
    let first_error = errors.len();
    let legacy = pieces_count < LEGACY_DEFAULT_PLUS_ID as usize;
    let mut ids = Vec::new();
    let mut illegal = None;
    for token in text.split_whitespace() {
        let digits = token.strip_prefix(['+', '-']).unwrap_or(token);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            illegal.get_or_insert_with(|| token.to_owned());
            continue;
        }
        let negative = token.starts_with('-') && digits.bytes().any(|b| b != b'0');
        match digits.parse::<u64>() {
            Ok(id) if !negative => {
                let id = if legacy && id == LEGACY_DEFAULT_PLUS_ID {
                    DEFAULT_PLUS_ID
                } else {
                    id
                };
                ids.push(PlusToken::Id(id));
            }
            _ => {
                errors.push(SokobanPlusError::InvalidId {
                    order,
                    id: token.to_owned(),
                });
                let magnitude = digits.trim_start_matches('0');
                let sign = if negative { "-" } else { "" };
                ids.push(PlusToken::Invalid(format!("{sign}{magnitude}")));
            }
        }
    }
    let has_illegal = illegal.is_some();
    if let Some(token) = illegal {
        errors.insert(
            first_error,
            SokobanPlusError::IllegalCharacters { order, token },
        );
    }
    // Trailing defaults are removed as whole tokens (reference bug 4).
    while ids.last() == Some(&PlusToken::Id(DEFAULT_PLUS_ID)) {
        ids.pop();
    }
    if ids.len() > pieces_count {
        errors.push(SokobanPlusError::TooManyIds {
            order,
            pieces_count,
        });
    }
    if has_illegal {
        return None;
    }
    if ids.len() < pieces_count {
        ids.resize(pieces_count, PlusToken::Id(DEFAULT_PLUS_ID));
    }
    Some(ids)
}

fn normalised(ids: &[u64]) -> String {
    let end = ids
        .iter()
        .rposition(|&id| id != DEFAULT_PLUS_ID)
        .map_or(0, |last| last + 1);
    let mut text = String::new();
    for (index, id) in ids[..end].iter().enumerate() {
        if index > 0 {
            text.push(' ');
        }
        text.push_str(&id.to_string());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enabled(count: usize, boxorder: &str, goalorder: &str) -> SokobanPlus {
        let mut plus = SokobanPlus::new(count, boxorder, goalorder);
        plus.enable().unwrap();
        plus
    }

    #[test]
    fn getters_strip_whole_trailing_defaults() {
        let plus = enabled(5, "1 2 0 3 0", "3 1 0 2 0 0 0");
        assert_eq!(plus.boxorder(), "1 2 0 3");
        assert_eq!(plus.goalorder(), "3 1 0 2");
        let plus = enabled(5, "3 5 4 6 10", "10 6 4 5 3");
        assert_eq!(plus.boxorder(), "3 5 4 6 10");
        assert_eq!(plus.goalorder(), "10 6 4 5 3");
        let plus = enabled(3, "99 1 99", "1 99 99");
        assert_eq!(
            (plus.boxorder(), plus.goalorder()),
            ("0 1".into(), "1".into())
        );
        assert_eq!(
            (1..=3)
                .map(|id| plus.box_plus_id(id).unwrap())
                .collect::<Vec<_>>(),
            [0, 1, 0]
        );
        assert_eq!(
            (1..=3)
                .map(|id| plus.goal_plus_id(id).unwrap())
                .collect::<Vec<_>>(),
            [1, 0, 0]
        );
    }

    #[test]
    fn legacy_99_is_an_id_on_large_boards() {
        let mut ids = vec!["1"; 99];
        ids[0] = "99";
        let text = ids.join(" ");
        let plus = enabled(99, &text, &text);
        assert_eq!(plus.box_plus_id(1), Ok(99));
    }

    #[test]
    fn errors_of_both_strings_are_collected() {
        let plus = SokobanPlus::new(2, "1 x y", "-3 1 2 5");
        assert_eq!(
            plus.errors(),
            [
                SokobanPlusError::IllegalCharacters {
                    order: PlusOrder::Box,
                    token: "x".into()
                },
                SokobanPlusError::InvalidId {
                    order: PlusOrder::Goal,
                    id: "-3".into()
                },
                SokobanPlusError::TooManyIds {
                    order: PlusOrder::Goal,
                    pieces_count: 2
                },
            ]
        );
        // Sets are compared as multisets (reference bug 5).
        let plus = SokobanPlus::new(3, "1 1 2", "1 2 2");
        assert_eq!(plus.errors(), [SokobanPlusError::UnequalSets]);
    }

    #[test]
    fn validation_does_not_stop_at_the_first_problem() {
        // As sokoenginepy 1.0.3: a negative ID still counts as an ID and takes part
        // in the set comparison.
        let plus = SokobanPlus::new(4, "-1", "");
        assert_eq!(
            plus.errors(),
            [
                SokobanPlusError::InvalidId {
                    order: PlusOrder::Box,
                    id: "-1".into()
                },
                SokobanPlusError::UnequalSets,
            ]
        );
        let plus = SokobanPlus::new(2, "2 -1 3", "");
        assert_eq!(
            plus.errors(),
            [
                SokobanPlusError::InvalidId {
                    order: PlusOrder::Box,
                    id: "-1".into()
                },
                SokobanPlusError::TooManyIds {
                    order: PlusOrder::Box,
                    pieces_count: 2
                },
                SokobanPlusError::UnequalSets,
            ]
        );
        let messages = SokobanPlus::new(2, "2 -1 3", "")
            .enable()
            .unwrap_err()
            .to_string();
        assert_eq!(
            messages,
            "Invalid Sokoban+ ID: -1\n\
             Sokoban+ boxorder data doesn't contain same amount of IDs as there are pieces on board! (pieces_count: 2)\n\
             Sokoban+ data doesn't define equal sets of IDs for boxes and goals"
        );
        // Equal written integers, even invalid ones, are equal sets.
        let plus = SokobanPlus::new(2, "-1 2", "2 -01");
        assert_eq!(plus.errors().len(), 2);
        assert!(!plus.errors().contains(&SokobanPlusError::UnequalSets));
    }

    #[test]
    fn changing_a_string_disables() {
        let mut plus = enabled(2, "1 2", "2 1");
        assert!(!plus.set_boxorder("1 2"));
        assert!(plus.is_enabled());
        assert!(plus.set_boxorder("2 1"));
        assert!(!plus.is_enabled());
        assert_eq!(plus.boxorder(), "2 1");
        assert_eq!(plus.box_plus_id(9), Ok(0));
        plus.enable().unwrap();
        assert_eq!(plus.box_plus_id(9), Err(PlusIdError::NoBox { id: 9 }));
        assert_eq!(plus.goal_plus_id(0), Err(PlusIdError::NoGoal { id: 0 }));
    }

    #[test]
    fn huge_strings_stay_bounded() {
        let text = "0 ".repeat(100_000) + "1";
        let plus = SokobanPlus::new(3, &text, "1");
        assert_eq!(
            plus.errors(),
            [
                SokobanPlusError::TooManyIds {
                    order: PlusOrder::Box,
                    pieces_count: 3
                },
                SokobanPlusError::UnequalSets
            ]
        );
        let plus = SokobanPlus::new(3, &"0 ".repeat(100_000), "");
        assert!(plus.is_valid());
        let big = SokobanPlus::new(1, "99999999999999999999999", "1");
        assert!(matches!(
            big.errors()[0],
            SokobanPlusError::InvalidId { .. }
        ));
    }
}
