//! Solver answers fetched ahead, for a solver that answers later (the app's
//! Web Worker) while the model asks synchronously through [`SolverPort`].
//!
//! [`SolverAnswers`] answers from what it holds and remembers the first
//! question it could not answer, with its kind (every card's value, or the
//! best cards only); the caller fetches that answer, adds it, and calls the
//! model again. Every model operation that asks the solver can be retried
//! this way: the journal keeps what it appended before the miss.
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

use crate::{BestCards, CardValue, SolverPort, SolverPosition, SolverQuestion};

/// The most answers kept: a game asks about far fewer (52 cards, a few
/// branches), so older answers are dropped only in very long sessions.
const CAPACITY: usize = 4096;

/// Answers held by position, and the first question asked and not answered.
#[derive(Clone, Debug, Default)]
pub struct SolverAnswers {
    values: HashMap<SolverPosition, Vec<CardValue>>,
    best_cards: HashMap<SolverPosition, BestCards>,
    missing: Option<SolverQuestion>,
}

impl SolverAnswers {
    /// Keeps the values of every legal card of `position` (the answer to
    /// [`SolverQuestion::Analyse`]; it answers [`SolverQuestion::BestCards`]
    /// too).
    pub fn insert(&mut self, position: SolverPosition, values: Vec<CardValue>) {
        self.make_room();
        self.values.insert(position, values);
    }

    /// Keeps the best cards of `position` (the answer to
    /// [`SolverQuestion::BestCards`]).
    pub fn insert_best_cards(&mut self, position: SolverPosition, best: BestCards) {
        self.make_room();
        self.best_cards.insert(position, best);
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

    fn make_room(&mut self) {
        if CAPACITY <= self.len() {
            self.values.clear();
            self.best_cards.clear();
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
