//! What a finished play comes to, as its review shows it: declarer's tricks
//! against the contract, and scores from the side whose cards the learner
//! played.

use bridge::{Contract, Seat, Side, Vulnerability};

use crate::TableState;

/// Declarer's tricks against the contract's target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContractResult {
    /// Made, with `over` tricks more than the target (0: just made).
    Made { over: u8 },
    /// Down by `under` tricks.
    Down { under: u8 },
}

/// The outcome of a finished play of a contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayOutcome {
    pub contract: Contract,
    pub declarer: Seat,
    /// The tricks declarer's side took.
    pub declarer_tricks: u8,
    /// Whether declarer's side was vulnerable.
    pub vulnerable: bool,
    /// The side whose cards the learner played: every score is given from it.
    pub learner_side: Side,
}

impl PlayOutcome {
    /// The outcome of the play finished at `state`, on a board dealt at
    /// `vulnerability`; `None` before the play is finished, or without a
    /// contract.
    #[must_use]
    pub fn of(state: &TableState, vulnerability: Vulnerability) -> Option<PlayOutcome> {
        if !state.is_finished() {
            return None;
        }
        let (contract, declarer) = (state.contract()?, state.declarer()?);
        Some(PlayOutcome {
            contract,
            declarer,
            declarer_tricks: state.declarer_tricks()?,
            vulnerable: vulnerability.is_vulnerable(declarer.side()),
            learner_side: state.learner().side(),
        })
    }

    /// Declarer's tricks against the contract's target.
    #[must_use]
    pub fn result(&self) -> ContractResult {
        let target = self.contract.target();
        match self.declarer_tricks.checked_sub(target) {
            Some(over) => ContractResult::Made { over },
            None => ContractResult::Down { under: target - self.declarer_tricks },
        }
    }

    /// The duplicate score of the contract as played, from the learner's side.
    #[must_use]
    pub fn learner_score(&self) -> i32 {
        let declarer_score = bridge::score(self.contract, self.vulnerable, self.declarer_tricks);
        self.for_learner(self.declarer.side(), declarer_score)
    }

    /// `score`, a score of `side` (North-South's for par, declarer's side's
    /// for a contract), from the learner's side.
    #[must_use]
    pub fn for_learner(&self, side: Side, score: i32) -> i32 {
        if side == self.learner_side {
            score
        } else {
            -score
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(contract: &str, declarer_tricks: u8, vulnerable: bool, learner_side: Side) -> PlayOutcome {
        let contract = contract.parse().expect("a contract");
        PlayOutcome { contract, declarer: Seat::South, declarer_tricks, vulnerable, learner_side }
    }

    #[test]
    fn tricks_are_told_against_the_target() {
        assert_eq!(outcome("4S", 10, false, Side::NorthSouth).result(), ContractResult::Made { over: 0 });
        assert_eq!(outcome("4S", 12, false, Side::NorthSouth).result(), ContractResult::Made { over: 2 });
        assert_eq!(outcome("4S", 7, false, Side::NorthSouth).result(), ContractResult::Down { under: 3 });
        assert_eq!(outcome("7NT", 0, false, Side::NorthSouth).result(), ContractResult::Down { under: 13 });
    }

    #[test]
    fn scores_are_given_from_the_learners_side() {
        // 4♠ by South made with an overtrick, vulnerable: 650 for North-South.
        assert_eq!(outcome("4S", 11, true, Side::NorthSouth).learner_score(), 650);
        assert_eq!(outcome("4S", 11, true, Side::EastWest).learner_score(), -650);
        // Down two vulnerable, undoubled: 200 for the defence.
        assert_eq!(outcome("4S", 8, true, Side::EastWest).learner_score(), 200);
        assert_eq!(outcome("4S", 8, false, Side::EastWest).learner_score(), 100);
        // Par, a North-South score, and a score of East-West's.
        let defending = outcome("3NT", 9, false, Side::EastWest);
        assert_eq!(defending.for_learner(Side::NorthSouth, 400), -400);
        assert_eq!(defending.for_learner(Side::EastWest, 50), 50);
    }
}
