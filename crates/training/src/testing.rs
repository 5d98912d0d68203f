//! Fakes of the storage ports and of the solver, for tests of the model and of its users.

pub use crate::memory::{InMemoryBoards, InMemoryCollections};
use crate::{CardValue, SolverPort, SolverPosition};

/// A stand-in for the double-dummy solver: instant and deterministic, but not bridge. A legal card is
/// worth `(3 * rank + suit) % (tricks_left + 1)` tricks, so some positions have one best card and
/// others several, which is what the journal's tie-breaking needs exercising on. It counts its calls.
#[derive(Clone, Debug, Default)]
pub struct FakeSolver {
    pub calls: usize,
}

impl SolverPort for FakeSolver {
    fn analyse(&mut self, position: &SolverPosition) -> Vec<CardValue> {
        self.calls += 1;
        let hand = position.hands[position.to_play()];
        let legal = bridge::legal_cards(hand, position.trick.first().map(|card| card.suit));
        let modulus = position.tricks_left() + 1;
        legal
            .iter()
            .map(|card| {
                let value = (3 * card.rank as usize + card.suit as usize) % modulus;
                CardValue { card, tricks: u8::try_from(value).unwrap_or(u8::MAX) }
            })
            .collect()
    }
}
