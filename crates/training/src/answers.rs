//! Solver answers fetched ahead, for a solver that answers later (the app's
//! Web Worker) while the model asks synchronously through [`SolverPort`].
//!
//! [`SolverAnswers`] answers from what it holds and remembers the first
//! position it could not answer; the caller fetches that one, adds it, and
//! calls the model again. Every model operation that asks the solver can be
//! retried this way: the journal keeps what it appended before the miss.
//!
//! ```
//! use training::{SolverAnswers, SolverPort};
//! # fn run(journal: &mut training::Journal, worker: &mut impl SolverPort) -> Result<(), training::JournalError> {
//! let mut answers = SolverAnswers::default();
//! loop {
//!     match journal.play_robots(&mut answers) {
//!         Ok(_) => break,
//!         Err(error) => match answers.take_missing() {
//!             // In the browser: `worker.analyse(position).await`.
//!             Some(position) => { let values = worker.analyse(&position); answers.insert(position, values); }
//!             None => return Err(error),
//!         },
//!     }
//! }
//! # Ok(()) }
//! ```

use std::collections::HashMap;

use crate::{CardValue, SolverPort, SolverPosition};

/// The most positions kept: a game asks about far fewer (52 cards, a few
/// branches), so older answers are dropped only in very long sessions.
const CAPACITY: usize = 4096;

/// Answers held by position, and the first position asked for and not held.
#[derive(Clone, Debug, Default)]
pub struct SolverAnswers {
    answers: HashMap<SolverPosition, Vec<CardValue>>,
    missing: Option<SolverPosition>,
}

impl SolverAnswers {
    /// Keeps the values of `position`.
    pub fn insert(&mut self, position: SolverPosition, values: Vec<CardValue>) {
        if self.answers.len() >= CAPACITY {
            self.answers.clear();
        }
        self.answers.insert(position, values);
    }

    /// The first position asked for and not held since the last call, if any.
    pub fn take_missing(&mut self) -> Option<SolverPosition> {
        self.missing.take()
    }

    /// The number of positions held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.answers.len()
    }

    /// No position is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.answers.is_empty()
    }
}

impl SolverPort for SolverAnswers {
    /// The values held for `position`; none when it is not held (the model then refuses the
    /// answer as unusable), remembered for [`SolverAnswers::take_missing`].
    fn analyse(&mut self, position: &SolverPosition) -> Vec<CardValue> {
        match self.answers.get(position) {
            Some(values) => values.clone(),
            None => {
                self.missing.get_or_insert_with(|| position.clone());
                Vec::new()
            }
        }
    }
}
