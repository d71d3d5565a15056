//! Uniform draws for the random players, from `rand_xoshiro`'s SplitMix64: fast, and every
//! seed gives a full-period stream.

use rand_core::RngCore;

pub(crate) use rand_xoshiro::SplitMix64;

/// A uniform number in `0..bound` (`bound > 0`), without modulo bias (Lemire's method).
pub(crate) fn below(rng: &mut impl RngCore, bound: u64) -> u64 {
    debug_assert!(bound > 0);
    loop {
        let product = u128::from(rng.next_u64()) * u128::from(bound);
        let low = product as u64;
        // Reject the few low values that would make some results more likely.
        if low >= bound.wrapping_neg() % bound {
            return (product >> 64) as u64;
        }
    }
}

#[cfg(test)]
mod tests {
    use rand_core::SeedableRng;

    use super::*;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = SplitMix64::seed_from_u64(1);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let x = below(&mut rng, 7);
            seen[x as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    /// The players' games with a seed are reproducible across versions: the stream of
    /// a seed is SplitMix64's, pinned here (the first outputs of seed 42 and 0).
    #[test]
    fn a_seed_gives_the_splitmix64_stream() {
        let mut rng = SplitMix64::seed_from_u64(42);
        assert_eq!(rng.next_u64(), 0xBDD7_3226_2FEB_6E95);
        let mut rng = SplitMix64::seed_from_u64(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(below(&mut SplitMix64::seed_from_u64(42), 10), 7);
    }
}
