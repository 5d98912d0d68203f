//! What the player waits for from the solver's worker: the game's question
//! asked and not answered, or the board's table once a game has ended, each
//! numbered, so that the reminder sent when the worker's patience has run
//! out (`Msg::Late`) is told apart from a reminder of an earlier one.

use training::SolverQuestion;

#[derive(Debug, Default)]
pub(super) struct Waiting {
    /// The question asked and not yet answered.
    question: Option<SolverQuestion>,
    /// The board's table was asked and has not come (nor been given up).
    table: bool,
    /// How many questions and tables were asked: the last one's number.
    asked: u64,
    /// The number whose patience ran out last.
    late: Option<u64>,
}

impl Waiting {
    /// Waits for `question`; its number, to be reminded of, or `None` when
    /// it is the question waited for already (asked once only).
    pub(super) fn ask(&mut self, question: SolverQuestion) -> Option<u64> {
        if self.question.as_ref() == Some(&question) {
            return None;
        }
        self.question = Some(question);
        Some(self.number())
    }

    /// Waits for the board's table; its number, to be reminded of.
    pub(super) fn ask_table(&mut self) -> u64 {
        self.table = true;
        self.number()
    }

    fn number(&mut self) -> u64 {
        self.asked += 1;
        self.asked
    }

    /// The question waited for, if any.
    pub(super) fn question(&self) -> Option<&SolverQuestion> {
        self.question.as_ref()
    }

    /// Whether the board's table was asked and has not come.
    pub(super) fn waits_for_table(&self) -> bool {
        self.table
    }

    /// `question`'s answer came: it is no longer waited for (another
    /// question asked since still is).
    pub(super) fn answered(&mut self, question: &SolverQuestion) {
        if self.question.as_ref() == Some(question) {
            self.question = None;
        }
    }

    /// No question is waited for any more: it failed, or the game needs none.
    pub(super) fn stop_asking(&mut self) {
        self.question = None;
    }

    /// The board's table came.
    pub(super) fn table_came(&mut self) {
        self.table = false;
    }

    /// Nothing is waited for: the worker is restarted, and whatever is
    /// still needed will be asked again of the new one.
    pub(super) fn forget(&mut self) {
        self.question = None;
        self.table = false;
    }

    /// The reminder of `number`, sent when the worker's patience ran out:
    /// whether it is late now (see [`Waiting::is_late`]).
    pub(super) fn remind(&mut self, number: u64) -> bool {
        self.late = Some(number);
        self.is_late()
    }

    /// Whether something is waited for and the last thing asked is the one
    /// whose patience ran out.
    pub(super) fn is_late(&self) -> bool {
        (self.question.is_some() || self.table) && self.late == Some(self.asked)
    }
}

#[cfg(test)]
mod tests;
