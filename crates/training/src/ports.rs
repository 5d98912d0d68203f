//! The ports through which the world reaches the model: randomness (and, later, storage and the solver).

/// A source of random numbers, injected so the model stays pure and tests reproducible.
pub trait RandomSource {
    /// The next 64 random bits.
    fn next_u64(&mut self) -> u64;
}

impl<R: RandomSource + ?Sized> RandomSource for &mut R {
    fn next_u64(&mut self) -> u64 {
        (**self).next_u64()
    }
}
