//! A game driven step by step by a solver that answers later: the same cards as the journal driven by
//! the solver at hand, advice on every learner card, claims checked, undo and redo by learner moves,
//! and bidding practice.

use bridge::testing::SplitMix64;
use bridge::{Call, Card, Seat};
use training::{
    Advance, BoardId, EventKind, Game, Journal, JournalError, PlayStart, SolverPort, SolverPosition, SolverQuestion,
};

use crate::journal::{ending, journal, DdSolver};

/// Advances `game` until it needs nothing, answering each question with `solver`; returns the
/// questions asked, in order.
pub fn drive(game: &mut Game, solver: &mut impl SolverPort) -> Vec<SolverQuestion> {
    let mut asked = Vec::new();
    loop {
        let Advance { ask, .. } = game.advance().expect("usable answers");
        let Some(question) = ask else { return asked };
        assert!(!asked.contains(&question), "asked twice: {question:?}");
        match &question {
            SolverQuestion::Analyse(position) => game.answer(position.clone(), solver.analyse(position)),
            SolverQuestion::BestCards(position) => {
                game.answer_best_cards(position.clone(), solver.best_cards(position))
            }
        }
        asked.push(question);
    }
}

/// The best card at the cursor, as the advice attached there says.
pub fn best_here(game: &Game) -> Card {
    let advice = game.journal().advice(game.journal().current()).expect("advice at the decision");
    advice.best_cards()[0]
}

#[test]
fn a_game_driven_by_later_answers_plays_the_journals_cards() {
    let mut solver = DdSolver::default();
    for seed in [5, 6] {
        let deal = ending(seed, 5);
        // The journal with the solver at hand.
        let mut direct = journal(deal, "3NT", Seat::South, seed);
        // The game, asking one position at a time.
        let mut game = Game::new(journal(deal, "3NT", Seat::South, seed));
        loop {
            direct.play_robots(&mut solver).expect("the robots");
            if direct.state().is_finished() {
                direct.end_play().expect("a finished play");
            }
            drive(&mut game, &mut solver);
            assert_eq!(game.journal().state(), direct.state(), "seed {seed}");
            if direct.state().is_finished() {
                break;
            }
            let card = best_here(&game);
            direct.play_card(card).expect("a legal card");
            game.play_card(card).expect("a legal card");
        }
        // The game also ended the play and costed every learner card.
        let state = game.journal().state();
        assert!(state.has_ended(), "seed {seed}");
        let review = game.journal().review(game.journal().current()).expect("the cursor");
        let costs: Vec<Option<u8>> = review.learner_cards().map(|card| card.cost).collect();
        assert_eq!(costs.len(), 10, "declarer and dummy play ten cards");
        assert!(costs.iter().all(|cost| *cost == Some(0)), "best cards cost nothing: {costs:?}");
    }
}

#[test]
fn the_advice_on_the_card_just_played_is_asked_first() {
    let mut solver = DdSolver::default();
    let mut game = Game::new(journal(SplitMix64(77).deal(), "4S", Seat::South, 1));
    let asked = drive(&mut game, &mut solver);
    let decision = game.journal().current();
    let state = game.journal().state_at(decision).expect("the decision");
    let expected = SolverQuestion::BestCards(SolverPosition::of_play(state.play().expect("in play")));
    // The robots' lead, then the advice at the learner's decision (its best cards), fetched ahead.
    let lead = game.journal().state_at(game.journal().root()).expect("the root");
    let lead = SolverQuestion::BestCards(SolverPosition::of_play(lead.play().expect("in play")));
    assert_eq!(asked, [lead, expected.clone()]);
    let card = best_here(&game);

    // The same journal without advice (answers lost, as at a reload): once the learner plays, the
    // decision's advice comes before the robots' next card.
    let mut without_advice = Journal::start(game.journal().play_start().clone()).expect("a start");
    without_advice.play_robots(&mut solver).expect("the lead");
    let mut game = Game::new(without_advice);
    game.play_card(card).expect("a legal card");
    assert_eq!(game.advance().expect("no answer is wrong").ask, Some(expected.clone()));

    // A card outside the best: its cost comes from the position it reaches, the question the
    // robots' next card asks anyway, before that card is played.
    let mut game = Game::new(game.journal().clone());
    let (before, here, worse) = loop {
        drive(&mut game, &mut solver);
        let before = game.journal().current();
        let here = SolverPosition::of_play(game.journal().state().play().expect("in play"));
        let best = game.journal().advice(before).expect("advice at the decision").best_cards();
        match here.legal_cards().iter().find(|card| !best.contains(card)) {
            Some(worse) => break (before, here, worse),
            None => {
                game.play_card(best[0]).expect("a legal card");
            }
        }
    };
    game.play_card(worse).expect("a legal card");
    let after = here.after(worse).expect("a legal card");
    let asked = drive(&mut game, &mut solver);
    assert_eq!(asked.first(), Some(&SolverQuestion::BestCards(after.clone())));
    let cost = game.journal().advice(before).and_then(|advice| advice.cost(worse));
    let value = solver.analyse(&here).iter().find(|value| value.card == worse).expect("a legal card").tricks;
    assert_eq!(cost, Some(solver.solve(&here) - value));
    assert!(cost > Some(0));
}

#[test]
fn a_claim_waits_for_the_solver_then_finishes_or_goes_on() {
    let mut solver = DdSolver::default();
    let mut game = Game::new(journal(ending(31, 5), "3NT", Seat::South, 8));
    drive(&mut game, &mut solver);
    let can_take = game.journal().advice(game.journal().current()).expect("advice").best();
    assert_eq!(game.claim(6), Err(JournalError::ClaimTooLarge { claimed: 6, left: 5 }));

    // Too many: refused by the solver, the play goes on.
    if can_take < 5 {
        game.claim(can_take + 1).expect("a claim to check");
        assert_eq!(game.pending_claim(), Some(can_take + 1));
        drive(&mut game, &mut solver);
        assert_eq!(game.pending_claim(), None);
        let last = game.journal().event(game.journal().current()).expect("the claim");
        assert_eq!(last.kind, EventKind::Claimed { tricks: can_take + 1, accepted: false });
        assert!(!game.journal().state().is_finished());
    }
    // What the side can take: accepted, and the play ends with it.
    game.claim(can_take).expect("a claim to check");
    drive(&mut game, &mut solver);
    let state = game.journal().state();
    assert_eq!(state.accepted_claim(), Some(can_take));
    assert!(state.has_ended());
    assert_eq!(game.play_card(crate::journal::card("SA")).map(|_| ()), Err(JournalError::Ended));

    // Undo takes the claim back, not the card before it.
    let before = game.journal().state_at(game.journal().root()).expect("root");
    game.undo().expect("the claim to undo");
    assert!(!game.journal().state().is_finished());
    assert_eq!(game.journal().state().tricks_left(), 5);
    assert_ne!(game.journal().state(), before, "the robots' lead stays");
}

#[test]
fn undo_and_redo_move_by_learner_decisions_and_keep_branches() {
    let mut solver = DdSolver::default();
    let mut game = Game::new(journal(ending(21, 4), "3NT", Seat::South, 3));
    drive(&mut game, &mut solver);
    let first_decision = game.journal().current();
    assert!(game.journal().state().is_learners_turn());
    assert_eq!(game.undo(), None, "no learner move yet");

    let legal: Vec<Card> = game.journal().state().play().expect("in play").legal_cards().iter().collect();
    game.play_card(legal[0]).expect("a legal card");
    drive(&mut game, &mut solver);
    let second_decision = game.journal().current();
    assert!(game.journal().state().is_learners_turn() || game.journal().state().is_finished());

    // Undo returns to the learner's decision, over the robots' cards.
    assert_eq!(game.undo(), Some(first_decision));
    assert_eq!(game.journal().current(), first_decision);
    // Redo goes forward to the next decision, over the robots' cards again.
    assert_eq!(game.redo(), Some(second_decision));

    // Another card at the first decision: a branch beside the first.
    game.go_to(first_decision).expect("an event");
    if legal.len() > 1 {
        game.play_card(legal[1]).expect("a legal card");
        drive(&mut game, &mut solver);
        assert_eq!(game.journal().children(first_decision).len(), 2);
        assert_eq!(game.journal().branches().len(), 2);
    }
}

#[test]
fn each_branch_is_summed_up_with_its_cards_its_result_and_whether_the_cursor_is_on_it() {
    let mut solver = DdSolver::default();
    let mut game = Game::new(journal(ending(21, 4), "3NT", Seat::South, 3));
    drive(&mut game, &mut solver);
    let decision = game.journal().current();
    let cards_before = game.journal().state().play().expect("in play").cards().count();
    let legal: Vec<Card> = game.journal().state().play().expect("in play").legal_cards().iter().collect();
    assert!(legal.len() > 1, "the fixture gives the learner a choice");
    let [summary] = game.journal().branch_summaries()[..] else { panic!("one branch") };
    assert!(summary.current && summary.declarer_tricks.is_none());
    assert_eq!(summary.cards, cards_before);

    // The first branch played to its end, then a second card at the same decision.
    game.play_card(legal[0]).expect("a legal card");
    while !game.journal().state().has_ended() {
        drive(&mut game, &mut solver);
        if game.journal().state().is_learners_turn() {
            let card = best_here(&game);
            game.play_card(card).expect("a legal card");
        }
    }
    let first_result = game.journal().state().declarer_tricks();
    game.go_to(decision).expect("an event");
    game.play_card(legal[1]).expect("a legal card");
    drive(&mut game, &mut solver);
    let summaries = game.journal().branch_summaries();
    assert_eq!(summaries.len(), 2);
    assert_eq!((summaries[0].declarer_tricks, summaries[0].current), (first_result, false), "the ended branch");
    assert_eq!(summaries[0].cards, 16, "four tricks of four cards");
    assert!(summaries[1].current, "the cursor is on the new branch");
    assert_eq!(summaries[1].cards, game.journal().state().play().expect("in play").cards().count());

    // At the fork, both branches go on from the cursor.
    game.go_to(decision).expect("an event");
    assert!(game.journal().branch_summaries().iter().all(|summary| summary.current));
}

/// Bidding practice from North, the learner South, against the board's 1NT Pass 3NT Pass Pass Pass.
pub fn bidding_game(deal: bridge::Deal) -> Game {
    let start = training::PlayStart {
        board: BoardId("board-1".to_owned()),
        deal,
        opening: training::Opening::Auction { dealer: Seat::North },
        learner: Seat::South,
        seed: 3,
        goal: None,
        robots: training::RobotChoice::Conventional,
    };
    let script: Vec<Call> = ["1NT", "Pass", "3NT", "Pass", "Pass", "Pass"].map(call).to_vec();
    Game::new(Journal::start(start).expect("four hands")).following(&script)
}

pub fn call(text: &str) -> Call {
    text.parse().expect("a call")
}

#[test]
fn in_bidding_practice_the_robots_call_as_the_board_and_the_learners_calls_are_judged() {
    let mut solver = DdSolver::default();
    let mut game = bidding_game(ending(7, 4));
    drive(&mut game, &mut solver);
    // North opened as the board does; East passed; South is to call.
    let state = game.journal().state();
    assert_eq!(state.auction().map(|auction| auction.calls().to_vec()), Some(vec![call("1NT"), call("Pass")]));
    assert!(state.is_learners_call());
    assert_eq!(game.make_call(call("Pass")).err(), None, "the learner may call anything legal");
    drive(&mut game, &mut solver);
    // The learner left the board's auction: West's board Pass ends it at 1NT Pass Pass Pass.
    let verdicts = game.call_verdicts();
    assert_eq!(verdicts.len(), 1);
    assert_eq!((verdicts[0].index, verdicts[0].made, verdicts[0].expected), (2, call("Pass"), Some(call("3NT"))));
    assert!(!verdicts[0].matches());
    let state = game.journal().state();
    assert_eq!(state.contract().map(|contract| contract.to_string()), Some("1NT".to_owned()));
    assert_eq!(state.declarer(), Some(Seat::North), "the learner's side declares: South plays North's cards");

    // Undo takes back the learner's call (and the robots' after it); the board's call matches.
    let undone = game.undo().expect("a learner call to undo");
    assert!(game.journal().state().is_learners_call(), "back at {undone:?}");
    game.make_call(call("3NT")).expect("a legal call");
    drive(&mut game, &mut solver);
    // West, North (the learner's partner, a robot in the auction) and East pass as the board does.
    let verdicts = game.call_verdicts();
    assert_eq!(verdicts.iter().map(|verdict| (verdict.index, verdict.matches())).collect::<Vec<_>>(), [(2, true)]);
    let state = game.journal().state();
    assert_eq!(state.contract().map(|contract| contract.to_string()), Some("3NT".to_owned()));
    assert_eq!(state.declarer(), Some(Seat::North), "North named notrump first");
    assert!(state.is_learners_turn() || state.is_finished(), "the play follows the auction");
    // A robot's turn is not the learner's.
    assert!(matches!(game.make_call(call("Pass")), Err(JournalError::NotInAuction)));
}

#[test]
fn a_robot_whose_board_call_no_longer_fits_passes() {
    let mut solver = DdSolver::default();
    let mut game = bidding_game(ending(8, 4));
    drive(&mut game, &mut solver);
    // South jumps to 4NT; the robots' board calls after it (passes) still fit.
    game.make_call(call("4NT")).expect("a legal call");
    drive(&mut game, &mut solver);
    let state = game.journal().state();
    let calls: Vec<String> =
        state.auction().map_or_else(Vec::new, |auction| auction.calls().iter().map(ToString::to_string).collect());
    assert_eq!(calls, ["1NT", "Pass", "4NT", "Pass", "Pass", "Pass"]);
    // Had the board's West bid 2S over 3NT, that call would not fit over the learner's 4NT: West passes.
    let start = game.journal().play_start().clone();
    let script: Vec<Call> = ["1NT", "Pass", "3NT", "2S", "Pass", "Pass", "Pass"].map(call).to_vec();
    let mut game = Game::new(Journal::start(start).expect("four hands")).following(&script);
    drive(&mut game, &mut solver);
    game.make_call(call("4NT")).expect("a legal call");
    drive(&mut game, &mut solver);
    let calls: Vec<String> = game
        .journal()
        .state()
        .auction()
        .map_or_else(Vec::new, |auction| auction.calls().iter().map(ToString::to_string).collect());
    assert_eq!(calls, ["1NT", "Pass", "4NT", "Pass", "Pass", "Pass"], "West's 2S does not fit: West passes");
}

#[test]
fn a_game_driven_by_later_answers_replays_a_stored_journal() {
    let json = serde_json::from_str(crate::journal::ROBOTS_FIXTURE).expect("the fixture is JSON");
    let stored = training::read_journal_record(&json).expect("the fixture reads");
    // The main line: the branch made first.
    let leaf = stored.branches()[0].id;
    let expected = crate::journal::cards_to(&stored, leaf);
    let review = stored.review(leaf).expect("the leaf");
    let mut learner_cards = review.learner_cards().map(|card| card.card);
    let mut solver = DdSolver::default();
    let mut game = Game::new(Journal::start(stored.play_start().clone()).expect("the stored start"));
    let mut asked = Vec::new();
    loop {
        asked.extend(drive(&mut game, &mut solver));
        if game.journal().state().is_finished() {
            break;
        }
        game.play_card(learner_cards.next().expect("as many decisions")).expect("a legal card");
    }
    assert_eq!(crate::journal::cards_to(game.journal(), game.journal().current()), expected);
    // Every question a position's best cards, once each: the robots' 39 cards and the learner's 13
    // decisions; a learner's card outside the best is costed by the robots' next question.
    assert!(asked.iter().all(|question| matches!(question, SolverQuestion::BestCards(_))));
    assert_eq!(asked.len(), 39 + 13, "three robots and the learner's 13 decisions");
    let review = game.journal().review(game.journal().current()).expect("the path");
    assert!(review.learner_cards().all(|card| card.cost.is_some()), "every learner card costed");
}

/// The opening lead's value read from the deal's table is the best card's value there, and a
/// board without an opening lead, or a table entry above 13, gives none.
#[test]
fn the_opening_leads_value_is_read_from_the_deals_table() {
    let json = serde_json::from_str(include_str!("../data/board-record-v1.json")).expect("JSON");
    let board = training::read_board_record(&json).expect("the board fixture reads");
    let mut solver = crate::journal::DdSolver::default();
    let table = solver.0.table(board.game().deal()).expect("a full deal");
    let lead = board.opening_lead().expect("an opening lead");
    let value = board.opening_lead_value(&lead, |strain, seat| table.tricks(strain, seat)).expect("3NT by South");
    assert_eq!(value, solver.solve(&lead), "the leading side's tricks");
    let mut asked = Vec::new();
    let none_taken = board.opening_lead_value(&lead, |strain, seat| {
        asked.push((strain, seat));
        0
    });
    assert_eq!(none_taken, Some(13), "declarer taking nothing leaves the defence every trick");
    assert_eq!(asked, [(bridge::Strain::NoTrump, Seat::South)], "the contract's strain and declarer");
    assert_eq!(board.opening_lead_value(&lead, |_, _| 14), None, "not a trick count");
    let card = lead.hands[lead.leader].iter().next().expect("a card to lead");
    let later = lead.after(card).expect("a legal lead");
    assert_eq!(board.opening_lead_value(&later, |strain, seat| table.tricks(strain, seat)), None, "another position");

    let mut record = board.to_record();
    record.metadata.teaching_mode = training::TeachingModeRecord::BiddingPractice;
    let json = serde_json::to_value(record).expect("a record serializes");
    let bidding = training::read_board_record(&json).expect("the board reads");
    assert_eq!(bidding.opening_lead_value(&lead, |strain, seat| table.tricks(strain, seat)), None, "no opening lead");
}

/// The opening lead a board names is the first position its games ask about: the robot's lead when
/// the learner declares, the advice on the learner's lead when the learner leads; a board whose
/// contract the learner makes names none.
#[test]
fn a_boards_opening_lead_is_the_first_position_its_games_ask_about() {
    let json = serde_json::from_str(include_str!("../data/board-record-v1.json")).expect("JSON");
    let board = training::read_board_record(&json).expect("the board fixture reads");
    let lead = board.opening_lead().expect("3NT by South, a full deal");
    assert_eq!((lead.leader, lead.trump, lead.trick.len()), (Seat::West, bridge::Strain::NoTrump, 0));
    assert_eq!(&lead.hands, board.game().deal().hands());

    let declaring = PlayStart::from_board(&board, Seat::South, &mut crate::journal::Always(3)).expect("a contract");
    let mut game = Game::new(Journal::start(declaring).expect("a full deal"));
    assert_eq!(game.advance().expect("nothing to check yet").ask, Some(SolverQuestion::BestCards(lead.clone())));

    let leading = PlayStart::from_board(&board, Seat::West, &mut crate::journal::Always(3)).expect("a contract");
    let mut game = Game::new(Journal::start(leading).expect("a full deal"));
    // The advice on the learner's decision, fetched ahead.
    assert_eq!(game.advance().expect("nothing to check yet").ask, Some(SolverQuestion::BestCards(lead)));

    let mut record = board.to_record();
    record.metadata.teaching_mode = training::TeachingModeRecord::BiddingPractice;
    let json = serde_json::to_value(record).expect("a record serializes");
    let bidding = training::read_board_record(&json).expect("the board reads");
    assert_eq!(bidding.opening_lead(), None, "the learner's auction makes the contract");
}

#[test]
fn the_learners_last_card_is_found_with_the_decision_it_was_played_at() {
    let mut solver = DdSolver::default();
    let mut game = Game::new(journal(ending(12, 4), "3NT", Seat::South, 3));
    drive(&mut game, &mut solver);
    assert_eq!(game.last_learner_card(), None, "no learner card yet");
    let first_decision = game.journal().current();
    let first = best_here(&game);
    game.play_card(first).expect("a legal card");
    drive(&mut game, &mut solver);
    assert_eq!(game.last_learner_card(), Some((first, first_decision)));

    let second_decision = game.journal().current();
    let second = best_here(&game);
    game.play_card(second).expect("a legal card");
    drive(&mut game, &mut solver);
    assert_eq!(game.last_learner_card(), Some((second, second_decision)), "the robots' cards since do not count");
    game.undo().expect("a learner card to undo");
    assert_eq!(game.last_learner_card(), Some((first, first_decision)), "back on the path to the cursor");
}
