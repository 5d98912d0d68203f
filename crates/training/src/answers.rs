//! Solver answers fetched ahead, for a solver that answers later (the app's
//! Web Worker) while the model asks synchronously through [`SolverPort`].
//!
//! [`SolverAnswers`] answers from what it holds and remembers the first
//! question it could not answer, with its kind (every card's value, or the
//! best cards only); the caller fetches that answer, adds it, and calls the
//! model again. Every model operation that asks the solver can be retried
//! this way: the journal keeps what it appended before the miss.
//!
//! An answer about a position also gives the value of each position one of
//! its cards reaches ([`SolverPosition::value_after`]); [`SolverAnswers::value`]
//! hands it out, for the solver to be told with the next question.
//!
//! ```
//! use training::{SolverAnswers, SolverPort, SolverQuestion};
//! # fn run(journal: &mut training::Journal, worker: &mut impl SolverPort) -> Result<(), training::JournalError> {
//! let mut answers = SolverAnswers::default();
//! loop {
//!     match journal.play_robots(&mut answers) {
//!         Ok(_) => break,
//!         // In the browser: `worker.best_cards(position).await`, and so on.
//!         Err(error) => match answers.take_missing() {
//!             Some(SolverQuestion::BestCards(position)) => {
//!                 let best = worker.best_cards(&position);
//!                 answers.insert_best_cards(position, best);
//!             }
//!             Some(SolverQuestion::Analyse(position)) => {
//!                 let values = worker.analyse(&position);
//!                 answers.insert(position, values);
//!             }
//!             None => return Err(error),
//!         },
//!     }
//! }
//! # Ok(()) }
//! ```

use std::collections::HashMap;

use bridge::Card;

use crate::{BestCards, CardValue, SolverPort, SolverPosition, SolverQuestion};

/// The most answers kept: a game asks about far fewer (52 cards, a few
/// branches), so older answers are dropped only in very long sessions. The
/// values derived from them, at most 13 an answer, go with them.
const CAPACITY: usize = 4096;

/// Answers held by position, the values they give of the positions one card
/// further, and the first question asked and not answered.
#[derive(Clone, Debug, Default)]
pub struct SolverAnswers {
    values: HashMap<SolverPosition, Vec<CardValue>>,
    best_cards: HashMap<SolverPosition, BestCards>,
    /// The value of each position reached by a card of a position answered.
    values_after: HashMap<SolverPosition, u8>,
    missing: Option<SolverQuestion>,
}

impl SolverAnswers {
    /// Keeps the values of every legal card of `position` (the answer to
    /// [`SolverQuestion::Analyse`]; it answers [`SolverQuestion::BestCards`]
    /// too).
    pub fn insert(&mut self, position: SolverPosition, values: Vec<CardValue>) {
        self.make_room();
        for value in &values {
            self.derive(&position, value.card, value.tricks);
        }
        self.values.insert(position, values);
    }

    /// Keeps the best cards of `position` (the answer to
    /// [`SolverQuestion::BestCards`]).
    pub fn insert_best_cards(&mut self, position: SolverPosition, best: BestCards) {
        self.make_room();
        for card in &best.cards {
            self.derive(&position, *card, best.tricks);
        }
        self.best_cards.insert(position, best);
    }

    /// The value of `position` (the tricks the side of its player to play takes from the current
    /// trick on with best play), when an answer held gives it: one about `position` itself, or one
    /// about the position before it, through the card that reaches it. What the solver may be told
    /// with a question about `position`.
    #[must_use]
    pub fn value(&self, position: &SolverPosition) -> Option<u8> {
        if let Some(best) = self.best_cards.get(position) {
            return Some(best.tricks);
        }
        if let Some(values) = self.values.get(position) {
            return values.iter().map(|value| value.tricks).max();
        }
        self.values_after.get(position).copied()
    }

    /// The first question asked and not answered since the last call, if any.
    pub fn take_missing(&mut self) -> Option<SolverQuestion> {
        self.missing.take()
    }

    /// The number of answers held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len() + self.best_cards.len()
    }

    /// No answer is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty() && self.best_cards.is_empty()
    }

    /// Keeps the value of the position `card` reaches from `position`, where it is worth `tricks`;
    /// nothing when those numbers cannot be (an answer the model will refuse).
    fn derive(&mut self, position: &SolverPosition, card: Card, tricks: u8) {
        if let Some((next, value)) = position.value_after(card, tricks) {
            self.values_after.insert(next, value);
        }
    }

    fn make_room(&mut self) {
        if CAPACITY <= self.len() {
            self.values.clear();
            self.best_cards.clear();
            self.values_after.clear();
        }
    }
}

impl SolverPort for SolverAnswers {
    /// The values held for `position`; none when they are not held (the model then refuses the
    /// answer as unusable), remembered for [`SolverAnswers::take_missing`].
    fn analyse(&mut self, position: &SolverPosition) -> Vec<CardValue> {
        match self.values.get(position) {
            Some(values) => values.clone(),
            None => {
                self.missing.get_or_insert_with(|| SolverQuestion::Analyse(position.clone()));
                Vec::new()
            }
        }
    }

    /// The best cards held for `position`, or derived from its values when those are held; no card
    /// when neither is (the model then refuses the answer as unusable), remembered for
    /// [`SolverAnswers::take_missing`].
    fn best_cards(&mut self, position: &SolverPosition) -> BestCards {
        if let Some(best) = self.best_cards.get(position) {
            return best.clone();
        }
        if let Some(values) = self.values.get(position) {
            return BestCards::of_values(values);
        }
        self.missing.get_or_insert_with(|| SolverQuestion::BestCards(position.clone()));
        BestCards { tricks: 0, cards: Vec::new() }
    }
}
