//! Placement statistics of the whole game: every colour's all-moves-as-first results
//! per placement, over every simulation of the searches so far, the older decisions'
//! counting less. A node grown late in a search (or in a later decision) starts its
//! edges' AMAF values from them instead of from nothing: a placement that did well for
//! a colour anywhere in the game's simulations is likely still good for it nearby. The
//! playouts read them too, as one small value per placement, in their pick.

/// Number of placement keys ([`Move::placement_key`](crate::Move::placement_key)): 91
/// orientations x 24 x 24.
pub(super) const N_KEYS: usize = 91 * 24 * 24;

/// Per colour and placement key, the weighted AMAF visits and wins of the game's
/// simulations.
///
/// Decay is lazy: instead of scaling every entry down at each decision, the weight
/// of new results grows by `1 / decay` (a power of two by default, so every scaling
/// is exact), and reads divide by the current weight.
#[derive(Clone, Debug)]
pub(super) struct PlacementStats {
    /// `(visits, wins)` weighted, colour-major.
    entries: Vec<(f32, f32)>,
    /// Weight of a result recorded now.
    weight: f32,
    /// Growth of the weight per decision: `1 / decay`; 0 forgets every decision's
    /// results at the next one.
    growth: f32,
    /// Per colour, `(visits, wins)` weighted over all its placements: its mean result,
    /// the baseline the playouts compare a placement's mean with.
    totals: [(f32, f32); 4],
    /// For the playouts (when `min_count` is set), colour-major: each placement's mean
    /// result as a [`quantized`] value, once it has had `min_count` visits' worth in a
    /// decision (from then on it follows the mean); [`UNKNOWN`] before.
    values: Vec<u16>,
    /// Weighted visits (at weight 1) a placement needs before its mean reaches the
    /// playouts; `None`: no playout values.
    min_count: Option<f32>,
}

/// A playout value not known yet.
pub(crate) const UNKNOWN: u16 = 0;

/// A mean result (0 to 1) as a playout value: 1 to 65535.
#[inline(always)]
fn quantized(mean: f32) -> u16 {
    1 + (mean.clamp(0.0, 1.0) * 65534.0 + 0.5) as u16
}

/// Beyond this weight every entry is scaled down at once (never within a game of
/// Blokus at the standard decay of a quarter: 4^42 = 2^84 at most; f32 reaches 3.4e38).
const RESCALE_AT: f32 = 1.0e30;

impl PlacementStats {
    /// Empty statistics, older decisions' results counting `decay` (0 to 1) as much at
    /// each new decision.
    pub(super) fn new(decay: f32) -> PlacementStats {
        PlacementStats {
            entries: Vec::new(),
            weight: 1.0,
            growth: if decay > 0.0 { 1.0 / decay } else { 0.0 },
            totals: [(0.0, 0.0); 4],
            values: Vec::new(),
            min_count: None,
        }
    }

    /// The same statistics keeping values for the playouts: a placement's mean counts
    /// once it has had `min_count` visits' worth.
    pub(super) fn with_playout_values(mut self, min_count: f32) -> PlacementStats {
        self.min_count = Some(min_count.max(f32::MIN_POSITIVE));
        self
    }

    /// Forgets everything (a new game).
    pub(super) fn clear(&mut self) {
        self.entries.clear();
        self.values.clear();
        self.weight = 1.0;
        self.totals = [(0.0, 0.0); 4];
    }

    /// Starts a decision: earlier results now count less.
    pub(super) fn next_decision(&mut self) {
        if self.entries.is_empty() {
            return;
        }
        if self.growth == 0.0 {
            self.clear();
            return;
        }
        self.weight *= self.growth;
        if self.weight > RESCALE_AT {
            let scale = 1.0 / self.weight;
            for (visits, wins) in &mut self.entries {
                *visits *= scale;
                *wins *= scale;
            }
            for (visits, wins) in &mut self.totals {
                *visits *= scale;
                *wins *= scale;
            }
            self.weight = 1.0;
        }
    }

    /// Records a simulation's result `reward` for `color`, which made placement `key`.
    #[inline(always)]
    pub(super) fn record(&mut self, color: u8, key: u32, reward: f32) {
        if self.entries.is_empty() {
            self.entries = vec![(0.0, 0.0); 4 * N_KEYS];
        }
        let at = usize::from(color) * N_KEYS + key as usize;
        let entry = &mut self.entries[at];
        entry.0 += self.weight;
        entry.1 += self.weight * reward;
        let (visits, wins) = *entry;
        let total = &mut self.totals[usize::from(color) & 3];
        total.0 += self.weight;
        total.1 += self.weight * reward;
        if let Some(min_count) = self.min_count {
            if self.values.is_empty() {
                self.values = vec![UNKNOWN; 4 * N_KEYS];
            }
            let value = &mut self.values[at];
            if *value != UNKNOWN || visits >= min_count * self.weight {
                *value = quantized(wins / visits);
            }
        }
    }

    /// What the playouts of `color` read (with [`Self::with_playout_values`]): its
    /// placements' values and its mean result; `None` before anything is recorded for it.
    #[inline]
    pub(super) fn playout_view(&self, color: u8) -> Option<PlayoutView<'_>> {
        let (visits, wins) = self.totals[usize::from(color) & 3];
        if visits <= 0.0 {
            return None;
        }
        let start = usize::from(color) * N_KEYS;
        Some(PlayoutView {
            values: self.values.get(start..start + N_KEYS)?,
            baseline: quantized(wins / visits),
        })
    }

    /// The AMAF statistics a new edge of `color` with placement `key` starts from: at
    /// most `cap` visits (the decayed count, rounded) and as many wins as the mean
    /// result gives them.
    #[inline]
    pub(super) fn inherited(&self, color: u8, key: u32, cap: f32) -> (u32, f32) {
        let Some(&(visits, wins)) = self.entries.get(usize::from(color) * N_KEYS + key as usize)
        else {
            return (0, 0.0);
        };
        // Less than one visit's worth is too little to count.
        let count = visits / self.weight;
        if count < 1.0 {
            return (0, 0.0);
        }
        let count = count.min(cap).round();
        (count as u32, wins / visits * count)
    }
}

/// One colour's placement statistics as its playouts read them
/// ([`PlacementStats::playout_view`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlayoutView<'a> {
    /// Values by placement key.
    values: &'a [u16],
    /// The colour's mean result over all its placements, as a value.
    pub(crate) baseline: u16,
}

impl PlayoutView<'_> {
    /// The value of placement `key` ([`UNKNOWN`] with too few visits).
    #[inline(always)]
    pub(crate) fn value(&self, key: u32) -> u16 {
        self.values.get(key as usize).copied().unwrap_or(UNKNOWN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_capped_and_keep_their_mean() {
        let mut stats = PlacementStats::new(0.5);
        assert_eq!(stats.inherited(1, 7, 8.0), (0, 0.0));
        for i in 0..20 {
            stats.record(1, 7, if i % 4 == 0 { 1.0 } else { 0.0 });
        }
        assert_eq!(stats.inherited(1, 7, 8.0), (8, 2.0));
        assert_eq!(stats.inherited(1, 7, 100.0), (20, 5.0));
        // Another colour, another key: nothing.
        assert_eq!(stats.inherited(2, 7, 8.0), (0, 0.0));
        assert_eq!(stats.inherited(1, 8, 8.0), (0, 0.0));
    }

    #[test]
    fn older_decisions_count_less() {
        let mut stats = PlacementStats::new(0.5);
        for _ in 0..8 {
            stats.record(0, 3, 1.0);
        }
        stats.next_decision();
        assert_eq!(stats.inherited(0, 3, 100.0), (4, 4.0));
        for _ in 0..4 {
            stats.record(0, 3, 0.0);
        }
        // 8 / 2 old wins over 4 + 4 visits.
        assert_eq!(stats.inherited(0, 3, 100.0), (8, 4.0));
        stats.next_decision();
        stats.next_decision();
        assert_eq!(stats.inherited(0, 3, 100.0), (2, 1.0));
        stats.next_decision();
        stats.next_decision();
        // Half a visit left: too little to count.
        assert_eq!(stats.inherited(0, 3, 100.0), (0, 0.0));
    }

    #[test]
    fn no_decay_forgets_at_the_next_decision_and_clear_forgets_all() {
        let mut stats = PlacementStats::new(0.0);
        stats.record(3, 5, 1.0);
        assert_eq!(stats.inherited(3, 5, 8.0), (1, 1.0));
        stats.next_decision();
        assert_eq!(stats.inherited(3, 5, 8.0), (0, 0.0));
        let mut stats = PlacementStats::new(1.0);
        stats.record(3, 5, 1.0);
        stats.next_decision();
        assert_eq!(stats.inherited(3, 5, 8.0), (1, 1.0));
        stats.clear();
        assert_eq!(stats.inherited(3, 5, 8.0), (0, 0.0));
    }

    #[test]
    fn playout_values_count_from_the_minimum_visits_on() {
        // Without playout values, no view.
        let mut plain = PlacementStats::new(0.25);
        plain.record(2, 9, 1.0);
        assert!(plain.playout_view(2).is_none());
        let mut stats = PlacementStats::new(0.25).with_playout_values(4.0);
        assert!(stats.playout_view(2).is_none());
        for _ in 0..3 {
            stats.record(2, 9, 1.0);
        }
        stats.record(2, 5, 0.0);
        let view = stats.playout_view(2).expect("recorded");
        // Three visits: not known yet; the colour's mean is 3/4.
        assert_eq!(view.value(9), UNKNOWN);
        assert_eq!(view.baseline, quantized(0.75));
        assert!(stats.playout_view(1).is_none());
        stats.record(2, 9, 0.0);
        let view = stats.playout_view(2).expect("recorded");
        assert_eq!(view.value(9), quantized(0.75));
        assert_eq!(view.value(5), UNKNOWN);
        assert!(quantized(0.0) > UNKNOWN && quantized(1.0) == u16::MAX);
        // A later decision: the decayed count is 1, but the mean stays known and
        // follows the new results.
        stats.next_decision();
        stats.record(2, 9, 1.0);
        let view = stats.playout_view(2).expect("recorded");
        assert_eq!(view.value(9), quantized((3.0 / 4.0 + 1.0) / 2.0));
        stats.clear();
        assert!(stats.playout_view(2).is_none());
        stats.record(2, 9, 1.0);
        assert_eq!(stats.playout_view(2).expect("recorded").value(9), UNKNOWN);
    }

    #[test]
    fn a_long_game_rescales_without_changing_the_means() {
        let mut stats = PlacementStats::new(0.5);
        stats.record(0, 1, 1.0);
        for _ in 0..150 {
            stats.record(0, 1, 0.0);
            stats.next_decision();
        }
        assert!(stats.weight <= RESCALE_AT);
        // Halves of halves of the zeros add up to a visit; the early win is gone.
        let (visits, wins) = stats.inherited(0, 1, 100.0);
        assert_eq!(visits, 1);
        assert!(wins < 1e-6, "{wins}");
    }
}
