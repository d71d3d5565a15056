//! A small seeded random generator with a fixed, platform-independent output.

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::{SplitMix64, Xoshiro256StarStar};

/// xoshiro256** seeded through SplitMix64 (`rand_xoshiro`'s generators).
///
/// Only integer arithmetic with defined wrapping is used, so a seed yields the same
/// sequence on every platform, compiler and build profile; engines and matches that draw
/// from it are reproducible.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::Rng;
///
/// let mut a = Rng::new(42);
/// let mut b = Rng::new(42);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(Xoshiro256StarStar);

impl Rng {
    /// A generator for `seed`: xoshiro256** whose state is the first four outputs of
    /// SplitMix64 from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(Xoshiro256StarStar::seed_from_u64(seed))
    }

    /// A seed derived from `seed` and a stream number (e.g. a game index), so related
    /// streams do not overlap in practice.
    #[must_use]
    pub fn derive(seed: u64, stream: u64) -> u64 {
        SplitMix64::seed_from_u64(seed ^ stream.wrapping_mul(0xD605_BBB5_8C8A_BBF5)).next_u64()
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n` (0 when `n` is 0), by the multiply-shift method.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequence_is_fixed() {
        // Pinned outputs (computed independently from the algorithms' definitions):
        // changing them changes every seeded game and the shipped opening book.
        let mut rng = Rng::new(0);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(
            first,
            [
                0x99EC_5F36_CB75_F2B4,
                0xBF6E_1F78_4956_452A,
                0x1A5F_849D_4933_E6E0
            ]
        );
        let mut rng42 = Rng::new(42);
        assert_eq!(rng42.next_u64(), 0x1578_0B2E_0C2E_C716);
        assert_eq!(Rng::derive(1, 0), 0x910A_2DEC_8902_5CC1);
        assert_eq!(Rng::derive(7, 3), 0x6208_F567_F4A9_A219);
        assert_eq!(Rng::new(0).below(0), 0);
        let mut counts = [0; 4];
        for _ in 0..4000 {
            counts[rng.below(4)] += 1;
        }
        assert!(counts.iter().all(|&c| c > 900));
    }
}
