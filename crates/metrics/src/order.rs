//! Orderings of solutions: (M), (P), JSoko's five-key form and the optimizer's extra
//! orderings, plus a best-first list with JSoko's tie rules.

use std::cmp::Ordering;
use std::fmt;

use crate::{Metric, SolutionMetrics};

/// Something that ranks metric tuples ("less" = better).
///
/// # Examples
///
/// ```
/// use std::cmp::Ordering;
/// use sokoengine_metrics::{CompareMetrics, MetricOrder, SolutionMetrics};
///
/// /// Fewest box changes first, then the (M) ordering.
/// struct FewestBoxChanges;
///
/// impl CompareMetrics for FewestBoxChanges {
///     fn compare(&self, a: &SolutionMetrics, b: &SolutionMetrics) -> Ordering {
///         a.box_changes.cmp(&b.box_changes).then_with(|| MetricOrder::Moves.compare(a, b))
///     }
/// }
///
/// let a = SolutionMetrics::new(230, 97, 24, 16, 22, 76);
/// let b = SolutionMetrics::new(228, 97, 24, 17, 22, 76);
/// assert!(FewestBoxChanges.is_better(&a, &b));
/// assert!(MetricOrder::Moves.is_better(&b, &a));
/// ```
pub trait CompareMetrics {
    /// How `a` ranks against `b`: `Less` when `a` is better.
    fn compare(&self, a: &SolutionMetrics, b: &SolutionMetrics) -> Ordering;

    /// Whether `candidate` is strictly better than `best`. Equal metrics never
    /// replace a stored best solution.
    fn is_better(&self, candidate: &SolutionMetrics, best: &SolutionMetrics) -> bool {
        self.compare(candidate, best) == Ordering::Less
    }
}

/// A lexicographic ordering over all six metrics, ascending (docs/rules.md#orderings).
///
/// Every ordering names its leading keys and continues with the remaining metrics
/// in (M) or (P) order, so ties on the leading keys are still decided by the
/// minor metrics.
///
/// # Examples
///
/// ```
/// use std::cmp::Ordering;
/// use sokoengine_metrics::{CompareMetrics, MetricOrder, SolutionMetrics};
///
/// let yass_286 = SolutionMetrics::new(230, 97, 24, 16, 22, 76);
/// let yass_236 = SolutionMetrics::new(230, 97, 24, 17, 22, 76);
/// assert_eq!(MetricOrder::Moves.compare(&yass_286, &yass_236), Ordering::Less);
/// assert!(MetricOrder::Pushes.is_better(&yass_286, &yass_236));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum MetricOrder {
    /// (M): moves, pushes, box lines, box changes, pushing sessions, player lines.
    #[default]
    Moves,
    /// (P): pushes, moves, box lines, box changes, pushing sessions, player lines.
    Pushes,
    /// Box lines, pushes, then moves, box changes, pushing sessions, player lines.
    BoxLinesPushes,
    /// Box lines, moves, then pushes, box changes, pushing sessions, player lines.
    BoxLinesMoves,
    /// Box changes, pushes, then moves, box lines, pushing sessions, player lines.
    BoxChangesPushes,
    /// Pushing sessions, moves, then pushes, box lines, box changes, player lines.
    PushingSessionsMoves,
    /// Box changes, moves, then pushes, box lines, pushing sessions, player lines.
    BoxChangesMoves,
    /// Player lines, moves, then pushes, box lines, box changes, pushing sessions.
    PlayerLinesMoves,
}

impl MetricOrder {
    /// All orderings: (M), (P), JSoko's optimizer extras, then the two that lead
    /// with box changes or player lines and continue in (M) order.
    pub const ALL: [MetricOrder; 8] = [
        MetricOrder::Moves,
        MetricOrder::Pushes,
        MetricOrder::BoxLinesPushes,
        MetricOrder::BoxLinesMoves,
        MetricOrder::BoxChangesPushes,
        MetricOrder::PushingSessionsMoves,
        MetricOrder::BoxChangesMoves,
        MetricOrder::PlayerLinesMoves,
    ];

    /// The ordering that ranks `metric` first and the other metrics after it in
    /// (M) order (moves, pushes, box lines, box changes, pushing sessions, player
    /// lines): what an optimizer's "optimize for this metric" means.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_metrics::{Metric, MetricOrder};
    ///
    /// assert_eq!(MetricOrder::leading(Metric::Moves), MetricOrder::Moves);
    /// assert_eq!(MetricOrder::leading(Metric::Pushes), MetricOrder::Pushes);
    /// assert_eq!(MetricOrder::leading(Metric::BoxLines), MetricOrder::BoxLinesMoves);
    /// for metric in Metric::ALL {
    ///     assert_eq!(MetricOrder::leading(metric).keys()[0], metric);
    /// }
    /// ```
    pub const fn leading(metric: Metric) -> MetricOrder {
        match metric {
            Metric::Moves => MetricOrder::Moves,
            Metric::Pushes => MetricOrder::Pushes,
            Metric::BoxLines => MetricOrder::BoxLinesMoves,
            Metric::BoxChanges => MetricOrder::BoxChangesMoves,
            Metric::PushingSessions => MetricOrder::PushingSessionsMoves,
            Metric::PlayerLines => MetricOrder::PlayerLinesMoves,
        }
    }

    /// The metrics in comparison order.
    pub const fn keys(self) -> [Metric; 6] {
        use Metric::{BoxChanges, BoxLines, Moves, PlayerLines, Pushes, PushingSessions};
        match self {
            MetricOrder::Moves => [
                Moves,
                Pushes,
                BoxLines,
                BoxChanges,
                PushingSessions,
                PlayerLines,
            ],
            MetricOrder::Pushes => [
                Pushes,
                Moves,
                BoxLines,
                BoxChanges,
                PushingSessions,
                PlayerLines,
            ],
            MetricOrder::BoxLinesPushes => [
                BoxLines,
                Pushes,
                Moves,
                BoxChanges,
                PushingSessions,
                PlayerLines,
            ],
            MetricOrder::BoxLinesMoves => [
                BoxLines,
                Moves,
                Pushes,
                BoxChanges,
                PushingSessions,
                PlayerLines,
            ],
            MetricOrder::BoxChangesPushes => [
                BoxChanges,
                Pushes,
                Moves,
                BoxLines,
                PushingSessions,
                PlayerLines,
            ],
            MetricOrder::PushingSessionsMoves => [
                PushingSessions,
                Moves,
                Pushes,
                BoxLines,
                BoxChanges,
                PlayerLines,
            ],
            MetricOrder::BoxChangesMoves => [
                BoxChanges,
                Moves,
                Pushes,
                BoxLines,
                PushingSessions,
                PlayerLines,
            ],
            MetricOrder::PlayerLinesMoves => [
                PlayerLines,
                Moves,
                Pushes,
                BoxLines,
                BoxChanges,
                PushingSessions,
            ],
        }
    }

    /// The tuple whose plain lexicographic order is this ordering (handy as a
    /// `sort_by_key` key or a priority-queue key).
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_metrics::{MetricOrder, SolutionMetrics};
    ///
    /// let metrics = SolutionMetrics::new(54, 23, 10, 5, 8, 29);
    /// assert_eq!(MetricOrder::Pushes.sort_key(&metrics), [23, 54, 10, 5, 8, 29]);
    /// ```
    #[inline]
    pub const fn sort_key(self, metrics: &SolutionMetrics) -> [u32; 6] {
        let keys = self.keys();
        let values = metrics.to_array();
        let mut key = [0; 6];
        let mut index = 0;
        while index < 6 {
            key[index] = values[keys[index] as usize];
            index += 1;
        }
        key
    }

    /// A short name: `moves`, `pushes`, `box_lines_pushes`, ...
    pub const fn name(self) -> &'static str {
        match self {
            MetricOrder::Moves => "moves",
            MetricOrder::Pushes => "pushes",
            MetricOrder::BoxLinesPushes => "box_lines_pushes",
            MetricOrder::BoxLinesMoves => "box_lines_moves",
            MetricOrder::BoxChangesPushes => "box_changes_pushes",
            MetricOrder::PushingSessionsMoves => "pushing_sessions_moves",
            MetricOrder::BoxChangesMoves => "box_changes_moves",
            MetricOrder::PlayerLinesMoves => "player_lines_moves",
        }
    }
}

impl fmt::Display for MetricOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl CompareMetrics for MetricOrder {
    #[inline]
    fn compare(&self, a: &SolutionMetrics, b: &SolutionMetrics) -> Ordering {
        match self {
            // The field order of `SolutionMetrics` is (M).
            MetricOrder::Moves => a.cmp(b),
            _ => self.sort_key(a).cmp(&self.sort_key(b)),
        }
    }
}

/// JSoko's own comparison, for compatibility: moves then pushes (or pushes then
/// moves), then box lines, box changes and pushing sessions only when "check all
/// minor metrics" is on (JSoko's default). Player lines are never compared.
///
/// # Examples
///
/// ```
/// use std::cmp::Ordering;
/// use sokoengine_metrics::{CompareMetrics, JsokoOrder, SolutionMetrics};
///
/// let a = SolutionMetrics::new(54, 23, 10, 5, 8, 29);
/// let b = SolutionMetrics::new(54, 23, 10, 5, 8, 30);
/// assert_eq!(JsokoOrder::MOVES.compare(&a, &b), Ordering::Equal);
/// let c = SolutionMetrics::new(54, 23, 11, 5, 9, 30);
/// assert!(JsokoOrder::MOVES.is_better(&a, &c));
/// assert!(!JsokoOrder::MOVES.majors_only().is_better(&a, &c));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct JsokoOrder {
    /// Pushes before moves (JSoko's "pushes" solution list) instead of moves first.
    pub pushes_first: bool,
    /// Compare box lines, box changes and pushing sessions on equal majors.
    pub check_all_minor_metrics: bool,
}

impl JsokoOrder {
    /// Moves, pushes, box lines, box changes, pushing sessions.
    pub const MOVES: JsokoOrder = JsokoOrder {
        pushes_first: false,
        check_all_minor_metrics: true,
    };
    /// Pushes, moves, box lines, box changes, pushing sessions.
    pub const PUSHES: JsokoOrder = JsokoOrder {
        pushes_first: true,
        check_all_minor_metrics: true,
    };

    /// The same ordering with "check all minor metrics" off: moves and pushes only.
    #[inline]
    #[must_use]
    pub const fn majors_only(self) -> JsokoOrder {
        JsokoOrder {
            pushes_first: self.pushes_first,
            check_all_minor_metrics: false,
        }
    }
}

impl Default for JsokoOrder {
    fn default() -> Self {
        JsokoOrder::MOVES
    }
}

impl CompareMetrics for JsokoOrder {
    fn compare(&self, a: &SolutionMetrics, b: &SolutionMetrics) -> Ordering {
        let majors = if self.pushes_first {
            (a.pushes, a.moves).cmp(&(b.pushes, b.moves))
        } else {
            (a.moves, a.pushes).cmp(&(b.moves, b.pushes))
        };
        if !self.check_all_minor_metrics {
            return majors;
        }
        majors.then_with(|| {
            (a.box_lines, a.box_changes, a.pushing_sessions).cmp(&(
                b.box_lines,
                b.box_changes,
                b.pushing_sessions,
            ))
        })
    }
}

/// Sorts `items` best first by their metrics, keeping the input order among ties
/// (a stable sort): pass the solutions oldest first and the older one wins a tie,
/// as in JSoko.
///
/// # Examples
///
/// ```
/// use sokoengine_metrics::{MetricOrder, SolutionMetrics, sort_by_metrics};
///
/// let mut solutions = vec![
///     ("older", SolutionMetrics::new(54, 23, 11, 5, 9, 30)),
///     ("newer", SolutionMetrics::new(54, 23, 10, 5, 8, 29)),
///     ("newest", SolutionMetrics::new(54, 23, 10, 5, 8, 29)),
/// ];
/// sort_by_metrics(&mut solutions, &MetricOrder::Moves, |s| s.1);
/// let names: Vec<_> = solutions.iter().map(|s| s.0).collect();
/// assert_eq!(names, ["newer", "newest", "older"]);
/// ```
pub fn sort_by_metrics<T>(
    items: &mut [T],
    order: &impl CompareMetrics,
    metrics_of: impl Fn(&T) -> SolutionMetrics,
) {
    items.sort_by(|a, b| order.compare(&metrics_of(a), &metrics_of(b)));
}

/// The index of the best item, the first one among equals (the oldest, when the
/// items are oldest first); `None` for no items.
///
/// # Examples
///
/// ```
/// use sokoengine_metrics::{MetricOrder, SolutionMetrics, best_by_metrics};
///
/// let solutions = [SolutionMetrics::new(9, 3, 2, 1, 2, 5), SolutionMetrics::new(11, 2, 2, 1, 2, 6)];
/// assert_eq!(best_by_metrics(&solutions, &MetricOrder::Moves, |m| *m), Some(0));
/// assert_eq!(best_by_metrics(&solutions, &MetricOrder::Pushes, |m| *m), Some(1));
/// ```
pub fn best_by_metrics<T>(
    items: &[T],
    order: &impl CompareMetrics,
    metrics_of: impl Fn(&T) -> SolutionMetrics,
) -> Option<usize> {
    let mut best: Option<(usize, SolutionMetrics)> = None;
    for (index, item) in items.iter().enumerate() {
        let metrics = metrics_of(item);
        match best {
            Some((_, stored)) if !order.is_better(&metrics, &stored) => {}
            _ => best = Some((index, metrics)),
        }
    }
    best.map(|(index, _)| index)
}

/// One entry of a [`SolutionList`].
///
/// # Examples
///
/// ```
/// use sokoengine_metrics::{MetricOrder, SolutionList, SolutionMetrics};
///
/// let mut list = SolutionList::new(MetricOrder::Pushes);
/// list.insert("RRlldRR", SolutionMetrics::new(7, 4, 2, 2, 2, 4));
/// list.insert("rRR", SolutionMetrics::new(3, 2, 1, 1, 1, 1));
/// let best = list.best().expect("two solutions");
/// assert_eq!((best.steps.as_str(), best.age_rank), ("rRR", 1));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RankedSolution {
    /// The normalised step string (upper case = push), the solution's identity.
    pub steps: String,
    /// Its metrics.
    pub metrics: SolutionMetrics,
    /// Insertion number: 0 for the first solution added (the oldest).
    pub age_rank: u64,
}

/// What [`SolutionList::insert`] did.
///
/// # Examples
///
/// ```
/// use sokoengine_metrics::{Insertion, MetricOrder, SolutionList, SolutionMetrics};
///
/// let mut list = SolutionList::new(MetricOrder::Moves);
/// let metrics = SolutionMetrics::new(3, 2, 1, 1, 1, 1);
/// assert_eq!(list.insert("rRR", metrics), Insertion::NewBest);
/// assert_eq!(list.insert("rRR", metrics), Insertion::Duplicate);
/// assert_eq!(list.insert("RrR", metrics), Insertion::Added); // equal metrics: the older stays best
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Insertion {
    /// The normalised string is already stored; nothing changed.
    Duplicate,
    /// Stored, but not better than the best solution.
    Added,
    /// Stored and strictly better than every stored solution.
    NewBest,
}

/// The solutions of one level, unique by normalised string, kept best first under
/// one ordering with JSoko's tie rules: among equal metrics the older solution ranks
/// first, so an equal newcomer never replaces the best.
///
/// # Examples
///
/// ```
/// use sokoengine_metrics::{Insertion, MetricOrder, SolutionList, SolutionMetrics};
///
/// let mut list = SolutionList::new(MetricOrder::Moves);
/// let worse = SolutionMetrics::new(230, 97, 24, 17, 22, 76);
/// let better = SolutionMetrics::new(230, 97, 24, 16, 22, 76);
/// assert_eq!(list.insert("yass-2.36", worse), Insertion::NewBest);
/// assert_eq!(list.insert("yass-2.86", better), Insertion::NewBest);
/// assert_eq!(list.insert("yass-2.86", better), Insertion::Duplicate);
/// assert_eq!(list.insert("copy", better), Insertion::Added);
/// assert_eq!(list.best().map(|s| s.steps.as_str()), Some("yass-2.86"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolutionList<O = MetricOrder> {
    order: O,
    entries: Vec<RankedSolution>,
    inserted: u64,
}

impl<O: CompareMetrics> SolutionList<O> {
    /// An empty list ranked by `order`.
    pub const fn new(order: O) -> SolutionList<O> {
        SolutionList {
            order,
            entries: Vec::new(),
            inserted: 0,
        }
    }

    /// The ordering in use.
    pub const fn order(&self) -> &O {
        &self.order
    }

    /// Adds a solution (its normalised string and metrics) unless the same string is
    /// stored already.
    pub fn insert(&mut self, steps: impl Into<String>, metrics: SolutionMetrics) -> Insertion {
        let steps = steps.into();
        if self.entries.iter().any(|entry| entry.steps == steps) {
            return Insertion::Duplicate;
        }
        // After every entry that is not worse: older entries win ties.
        let at = self.entries.partition_point(|entry| {
            self.order.compare(&entry.metrics, &metrics) != Ordering::Greater
        });
        let age_rank = self.inserted;
        self.inserted += 1;
        self.entries.insert(
            at,
            RankedSolution {
                steps,
                metrics,
                age_rank,
            },
        );
        if at == 0 {
            Insertion::NewBest
        } else {
            Insertion::Added
        }
    }

    /// The best solution, if any.
    pub fn best(&self) -> Option<&RankedSolution> {
        self.entries.first()
    }

    /// All solutions, best first.
    pub fn as_slice(&self) -> &[RankedSolution] {
        &self.entries
    }

    /// The number of stored solutions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no solution is stored.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_order_has_each_metric_once() {
        for order in MetricOrder::ALL {
            let mut keys = order.keys();
            keys.sort();
            assert_eq!(keys, Metric::ALL, "{order}");
        }
    }

    #[test]
    fn spec_examples() {
        let a = SolutionMetrics::new(54, 23, 10, 5, 8, 29);
        let b = SolutionMetrics::new(54, 23, 11, 5, 9, 30);
        for order in MetricOrder::ALL {
            assert!(order.is_better(&a, &b), "{order}");
        }
        assert!(JsokoOrder::PUSHES.is_better(&a, &b));
        assert_eq!(
            JsokoOrder::PUSHES.majors_only().compare(&a, &b),
            Ordering::Equal
        );
        let fewer_moves = SolutionMetrics::new(36, 4, 2, 2, 2, 8);
        let fewer_pushes = SolutionMetrics::new(40, 3, 3, 3, 3, 9);
        assert!(MetricOrder::Moves.is_better(&fewer_moves, &fewer_pushes));
        assert!(MetricOrder::Pushes.is_better(&fewer_pushes, &fewer_moves));
        assert!(JsokoOrder::MOVES.is_better(&fewer_moves, &fewer_pushes));
        assert!(JsokoOrder::PUSHES.is_better(&fewer_pushes, &fewer_moves));
    }

    #[test]
    fn extra_orders_lead_with_their_keys() {
        let few_lines = SolutionMetrics::new(100, 30, 5, 9, 5, 40);
        let few_moves = SolutionMetrics::new(50, 20, 6, 2, 4, 20);
        assert!(MetricOrder::BoxLinesPushes.is_better(&few_lines, &few_moves));
        assert!(MetricOrder::BoxLinesMoves.is_better(&few_lines, &few_moves));
        assert!(MetricOrder::BoxChangesPushes.is_better(&few_moves, &few_lines));
        assert!(MetricOrder::PushingSessionsMoves.is_better(&few_moves, &few_lines));
        let same_lines = SolutionMetrics::new(90, 31, 5, 1, 5, 40);
        assert!(MetricOrder::BoxLinesPushes.is_better(&few_lines, &same_lines));
        assert!(MetricOrder::BoxLinesMoves.is_better(&same_lines, &few_lines));
        // The two orders that continue in (M) order after their leading key.
        let few_changes = SolutionMetrics::new(60, 25, 8, 1, 6, 30);
        assert!(MetricOrder::BoxChangesMoves.is_better(&few_changes, &few_moves));
        assert!(MetricOrder::PlayerLinesMoves.is_better(&few_moves, &few_changes));
        let same_changes = SolutionMetrics::new(59, 26, 9, 1, 6, 31);
        assert!(MetricOrder::BoxChangesMoves.is_better(&same_changes, &few_changes));
        assert!(!MetricOrder::BoxChangesPushes.is_better(&same_changes, &few_changes));
        let straight = SolutionMetrics::new(70, 25, 8, 4, 6, 20);
        assert!(MetricOrder::PlayerLinesMoves.is_better(&few_moves, &straight));
        assert!(MetricOrder::PlayerLinesMoves.is_better(&straight, &few_lines));
    }

    #[test]
    fn list_keeps_older_first_on_ties() {
        let mut list = SolutionList::new(JsokoOrder::MOVES);
        let m = SolutionMetrics::new(10, 2, 2, 1, 2, 5);
        assert!(list.is_empty());
        assert_eq!(list.insert("a", m), Insertion::NewBest);
        assert_eq!(list.insert("b", m), Insertion::Added);
        assert_eq!(
            list.insert("c", SolutionMetrics::new(10, 2, 2, 1, 2, 4)),
            Insertion::Added
        );
        assert_eq!(
            list.insert("d", SolutionMetrics::new(12, 2, 2, 1, 2, 4)),
            Insertion::Added
        );
        assert_eq!(
            list.insert("e", SolutionMetrics::new(9, 2, 2, 1, 2, 4)),
            Insertion::NewBest
        );
        let order: Vec<_> = list.as_slice().iter().map(|s| s.steps.as_str()).collect();
        assert_eq!(order, ["e", "a", "b", "c", "d"]);
        assert_eq!(list.len(), 5);
        assert_eq!(list.best().map(|s| s.age_rank), Some(4));
        assert_eq!(list.order(), &JsokoOrder::MOVES);
    }
}
