//! A finished play's outcome read from the journal's state.

use bridge::testing::SplitMix64;
use bridge::{Seat, Side, Vulnerability};
use training::{ContractResult, PlayOutcome};

use crate::journal::{best, journal, play_out, DdSolver};

#[test]
fn a_finished_play_is_scored_from_the_side_the_learner_played() {
    let mut solver = DdSolver::default();
    for (seed, learner) in [(3, Seat::South), (4, Seat::West), (5, Seat::North)] {
        let deal = SplitMix64(seed).deal();
        let mut game = journal(deal, "3NT", learner, seed);
        assert_eq!(PlayOutcome::of(&game.state(), Vulnerability::Both), None, "no outcome before the end");
        play_out(&mut game, &mut solver, best).expect("the play goes to its end");
        let state = game.state();
        let tricks = state.declarer_tricks().expect("the play is over");

        let outcome = PlayOutcome::of(&state, Vulnerability::NorthSouth).expect("an outcome at the end");
        assert_eq!((outcome.declarer, outcome.declarer_tricks), (Seat::South, tricks));
        assert!(outcome.vulnerable, "South's side is vulnerable");
        assert_eq!(outcome.learner_side, learner.side());
        let made = matches!(outcome.result(), ContractResult::Made { .. });
        assert_eq!(made, tricks >= 9, "{tricks} tricks in 3NT: {:?}", outcome.result());
        let declarer_score = bridge::score(outcome.contract, true, tricks);
        let expected = if learner.side() == Side::NorthSouth { declarer_score } else { -declarer_score };
        assert_eq!(outcome.learner_score(), expected, "seed {seed}, learner {learner:?}");

        let not_vulnerable = PlayOutcome::of(&state, Vulnerability::EastWest).expect("an outcome at the end");
        assert!(!not_vulnerable.vulnerable, "East-West's vulnerability is not declarer's");
    }
}
