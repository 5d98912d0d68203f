//! What the browser test binaries share.
// Each binary uses some of it.
#![allow(dead_code)]

use training::Board;

/// A fixed generator for the robots' seed.
struct Fixed(u64);

impl training::RandomSource for Fixed {
    fn next_u64(&mut self) -> u64 {
        self.0
    }
}

/// A game of `board` (which has a contract) with the learner on lead, the
/// robots seeded with `seed`, after `cards` of the learner's cards.
pub fn game_of(board: &Board, seed: u64, cards: usize) -> training::Journal {
    let leader = board.game().auction().declarer().expect("the fixture has a contract").next();
    let start = training::PlayStart::from_board(board, leader, &mut Fixed(seed)).expect("a contract to play");
    let mut journal = training::Journal::start(start).expect("four hands");
    for _ in 0..cards {
        let card = journal.state().play().expect("in play").legal_cards().iter().next().expect("a legal card");
        journal.play_card(card).expect("the learner's turn");
    }
    journal
}

/// A game of `board` played to its end with the learner on lead, as
/// [`play_to_the_end`] plays it.
pub fn finished_game_of(board: &Board, seed: u64) -> training::Journal {
    let mut journal = game_of(board, seed, 0);
    play_to_the_end(&mut journal);
    journal
}

/// Plays `journal` to its end as the player stores a game whose review is
/// shown: the learner's cards the first legal ones, each with its advice,
/// the robots' cards from a stand-in solver (instant; the record's size
/// and shape are a real game's), and the play ended.
pub fn play_to_the_end(journal: &mut training::Journal) {
    let mut solver = training::testing::FakeSolver::default();
    loop {
        journal.play_robots(&mut solver).expect("the robots play");
        let state = journal.state();
        if state.is_finished() {
            break;
        }
        // The advice at the learner's decision, before its card (a forced
        // card's too, as the player asks it).
        let decision = journal.current();
        journal.advise(&mut solver, decision).expect("the learner's turn is a decision");
        let card = state.play().expect("in play").legal_cards().iter().next().expect("a legal card");
        journal.play_card(card).expect("the learner's turn");
    }
    journal.end_play().expect("the play ends");
}
