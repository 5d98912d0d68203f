//! What a page waits for from the solver's worker: the player's question
//! asked and not answered, or a board's table (the deal page's, or the
//! review's once a game has ended), each numbered, so that an answer or the
//! reminder sent when the worker's patience has run out is told apart from
//! one about an earlier request; and the player's table asked ahead of its
//! review, which the review waits for rather than asking again.

use training::SolverQuestion;

#[derive(Debug, Default)]
pub(crate) struct Waiting {
    /// The question asked and not yet answered.
    question: Option<SolverQuestion>,
    /// The board's table was asked and has not come (nor been given up).
    table: bool,
    /// How many questions and tables were asked: the last one's number.
    asked: u64,
    /// The number whose patience ran out last.
    late: Option<u64>,
    /// Where the table asked ahead of the review stands.
    ahead: Ahead,
}

/// The player's table asked ahead of its review ([`Waiting::ask_ahead`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Ahead {
    #[default]
    NotAsked,
    /// Its request is in flight.
    Pending,
    /// Answered, failed, or gone with a restarted worker.
    Ended,
}

impl Waiting {
    /// Waits for `question`; its number, to be reminded of, or `None` when
    /// it is the question waited for already (asked once only).
    pub(crate) fn ask(&mut self, question: SolverQuestion) -> Option<u64> {
        if self.question.as_ref() == Some(&question) {
            return None;
        }
        self.question = Some(question);
        Some(self.number())
    }

    /// Waits for the board's table; its number, to be reminded of.
    pub(crate) fn ask_table(&mut self) -> u64 {
        self.table = true;
        self.number()
    }

    /// Whether to ask for the board's table ahead of the review, once a
    /// page: true the first time only, when it is then taken as asked.
    /// Nobody waits for it until the review does ([`Waiting::ask_table`]).
    pub(crate) fn ask_ahead(&mut self) -> bool {
        let first = self.ahead == Ahead::NotAsked;
        if first {
            self.ahead = Ahead::Pending;
        }
        first
    }

    /// Whether the table asked ahead is still in flight: a table waited
    /// for now ([`Waiting::ask_table`]) comes with its answer, not a new request.
    pub(crate) fn ahead_pending(&self) -> bool {
        self.ahead == Ahead::Pending
    }

    /// The table asked ahead failed: whether to ask for it again now (the
    /// review waits for it, and shows this new request's failure). A
    /// failure that comes after a restart (see [`Waiting::forget`]) asks nothing.
    pub(crate) fn ahead_failed(&mut self) -> bool {
        if self.ahead != Ahead::Pending {
            return false;
        }
        self.ahead = Ahead::Ended;
        self.table
    }

    fn number(&mut self) -> u64 {
        self.asked += 1;
        self.asked
    }

    /// The question waited for, if any.
    pub(crate) fn question(&self) -> Option<&SolverQuestion> {
        self.question.as_ref()
    }

    /// Whether the board's table was asked and has not come.
    pub(crate) fn waits_for_table(&self) -> bool {
        self.table
    }

    /// `question`'s answer came: it is no longer waited for (another
    /// question asked since still is).
    pub(crate) fn answered(&mut self, question: &SolverQuestion) {
        if self.question.as_ref() == Some(question) {
            self.question = None;
        }
    }

    /// No question is waited for any more: it failed, or the game needs none.
    pub(crate) fn stop_asking(&mut self) {
        self.question = None;
    }

    /// The board's table came (the one asked ahead, too), or its request
    /// ended otherwise.
    pub(crate) fn table_came(&mut self) {
        self.table = false;
        if self.ahead == Ahead::Pending {
            self.ahead = Ahead::Ended;
        }
    }

    /// Whether `number` is the last thing asked: an older request's end
    /// (one a restart asked again) is not shown.
    pub(crate) fn is_last(&self, number: u64) -> bool {
        number == self.asked
    }

    /// Nothing is waited for: the worker is restarted, and whatever is
    /// still needed will be asked again of the new one (the table asked
    /// ahead went with the old one).
    pub(crate) fn forget(&mut self) {
        self.question = None;
        self.table = false;
        if self.ahead == Ahead::Pending {
            self.ahead = Ahead::Ended;
        }
    }

    /// The reminder of `number`, sent when the worker's patience ran out
    /// (see [`Waiting::is_late`]).
    pub(crate) fn remind(&mut self, number: u64) {
        self.late = Some(number);
    }

    /// Whether something is waited for and the last thing asked is the one
    /// whose patience ran out.
    pub(crate) fn is_late(&self) -> bool {
        (self.question.is_some() || self.table) && self.late == Some(self.asked)
    }
}

#[cfg(test)]
mod tests;
