//! A small seeded random number generator (SplitMix64): the same numbers on every platform,
//! with independent streams derived from a seed and a label.

/// A deterministic generator. Not for secrets.
#[derive(Debug, Clone)]
pub(crate) struct Rng {
    state: u64,
}

impl Rng {
    /// A stream for `seed` and `label`: different labels give unrelated streams, so that one
    /// part of the data does not shift when another part changes size.
    pub(crate) fn derive(seed: u64, label: &str) -> Rng {
        // FNV-1a over the label, then mixed with the seed.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in label.bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        let mut rng = Rng { state: seed ^ hash.rotate_left(17) };
        rng.next_u64();
        rng
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A number in `lo..=hi`.
    pub(crate) fn range(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo {
            return lo;
        }
        lo + self.below((hi - lo + 1) as usize) as i64
    }

    /// A float in `[0, 1)` built from 53 random bits (exact on every platform).
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// True with probability `p`.
    pub(crate) fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// A roughly normal value around 0 with standard deviation about 1 (Irwin–Hall of four
    /// uniforms: only additions, so identical everywhere).
    pub(crate) fn normalish(&mut self) -> f64 {
        let sum: f64 = (0..4).map(|_| self.unit()).sum();
        (sum - 2.0) * 1.732_050_807_568_877_2
    }

    /// One element (the slice must not be empty).
    pub(crate) fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// An index chosen with the given weights (0 when they are all zero).
    pub(crate) fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u64 = weights.iter().map(|w| u64::from(*w)).sum();
        if total == 0 {
            return 0;
        }
        let mut at = self.below(total as usize) as u64;
        for (index, weight) in weights.iter().enumerate() {
            if at < u64::from(*weight) {
                return index;
            }
            at -= u64::from(*weight);
        }
        weights.len() - 1
    }

    /// Shuffles in place (Fisher–Yates).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_fixed_and_independent() {
        let mut a = Rng::derive(7, "x");
        let mut b = Rng::derive(7, "x");
        let mut c = Rng::derive(7, "y");
        let (x, y, z) = (a.next_u64(), b.next_u64(), c.next_u64());
        assert_eq!(x, y);
        assert_ne!(x, z);
        assert!((0..1000).all(|_| a.below(10) < 10));
        assert_eq!(a.weighted(&[0, 5, 0]), 1);
    }
}
