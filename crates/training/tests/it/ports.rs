//! The solver's positions one card further: the position a card reaches, and its value derived from
//! the card's, checked by hand and against the real solver, alone and through the answers a game holds.

use bridge::testing::SplitMix64;
use bridge::{BySeat, Hand, Seat, Strain};
use training::{BestCards, Game, SolverAnswers, SolverPort, SolverPosition, SolverQuestion};

use crate::game::{best_here, drive};
use crate::journal::{card, ending, journal, DdSolver};

/// The position with the PBN `hands` (North, East, South, West) still held, `leader` having led the
/// `trick` so far.
fn position(hands: [&str; 4], trump: Strain, leader: Seat, trick: &[&str]) -> SolverPosition {
    SolverPosition {
        hands: BySeat(hands.map(|hand| hand.parse::<Hand>().expect("a PBN hand"))),
        trump,
        leader,
        trick: trick.iter().map(|text| card(text)).collect(),
    }
}

/// Two tricks left: North holds the spade ace, East the king, South the three, West none.
const HANDS: [&str; 4] = ["A.2..", "K.A..", "3.3..", ".K.2."];

#[test]
fn a_card_mid_trick_leaves_its_hand_and_joins_the_trick() {
    let here = position(HANDS, Strain::NoTrump, Seat::North, &[]);
    let next = here.after(card("SA")).expect("North holds the ace");
    assert_eq!(next, position([".2..", "K.A..", "3.3..", ".K.2."], Strain::NoTrump, Seat::North, &["SA"]));
    assert_eq!((next.to_play(), next.tricks_left()), (Seat::East, 2));
    // North's side takes both tricks: East's side none.
    assert_eq!(here.value_after(card("SA"), 2), Some((next.clone(), 0)));
    assert_eq!(here.value_after(card("SA"), 0), Some((next, 2)));
}

#[test]
fn the_fourth_card_ends_the_trick_and_its_winner_leads() {
    // West discards: North's ace wins, for the other side.
    let here = position([".2..", ".A..", ".3..", ".K.2."], Strain::NoTrump, Seat::North, &["SA", "SK", "S3"]);
    let next = here.after(card("D2")).expect("West has no spade");
    assert_eq!(next, position([".2..", ".A..", ".3..", ".K.."], Strain::NoTrump, Seat::North, &[]));
    assert_eq!(next.tricks_left(), 1);
    assert_eq!(here.value_after(card("D2"), 0), Some((next.clone(), 1)));
    assert_eq!(here.value_after(card("D2"), 1), Some((next, 0)));

    // West plays low to its partner's ace: East, of West's side, wins and leads.
    let here = position(["A...", "K...", "3...", ".K.2."], Strain::NoTrump, Seat::North, &["H2", "HA", "H3"]);
    let next = here.after(card("HK")).expect("West follows");
    assert_eq!(next, position(["A...", "K...", "3...", "..2."], Strain::NoTrump, Seat::East, &[]));
    assert_eq!(here.value_after(card("HK"), 1), Some((next.clone(), 0)));
    assert_eq!(here.value_after(card("HK"), 2), Some((next, 1)));

    // East wins with its own card.
    let here = position(["A...", "K.A..", "...", "..2."], Strain::NoTrump, Seat::South, &["H3", "HK", "H2"]);
    let next = here.after(card("HA")).expect("East follows");
    assert_eq!((next.leader, next.trick.len(), next.tricks_left()), (Seat::East, 0, 1));
    assert_eq!(here.value_after(card("HA"), 2).map(|(_, value)| value), Some(1));
}

#[test]
fn a_ruff_wins_the_trick_in_a_trump_contract() {
    let trick = ["SA", "SK", "S3"];
    let hands = [".2..", ".A..", ".3..", ".K.2."];
    let no_trump = position(hands, Strain::NoTrump, Seat::North, &trick);
    assert_eq!(no_trump.after(card("HK")).map(|next| next.leader), Some(Seat::North));
    let hearts = position(hands, Strain::Hearts, Seat::North, &trick);
    let next = hearts.after(card("HK")).expect("West ruffs");
    assert_eq!(next, position([".2..", ".A..", ".3..", "..2."], Strain::Hearts, Seat::West, &[]));
    // West's side takes the ruff and then its tricks - 1 more.
    assert_eq!(hearts.value_after(card("HK"), 1), Some((next.clone(), 0)));
    assert_eq!(hearts.value_after(card("HK"), 2), Some((next, 1)));
    // In no trump the same numbers are North's.
    assert_eq!(no_trump.value_after(card("HK"), 1).map(|(_, value)| value), Some(0));
}

#[test]
fn a_card_the_player_cannot_play_reaches_no_position() {
    let here = position(HANDS, Strain::NoTrump, Seat::North, &[]);
    assert_eq!(here.after(card("HK")), None, "West's card");
    assert_eq!(here.after(card("CA")), None, "nobody's card");
    assert_eq!(here.value_after(card("HK"), 1), None);
    // West must follow to the heart led.
    let here = position(["A...", "K...", "3...", ".K.2."], Strain::NoTrump, Seat::North, &["H2", "HA", "H3"]);
    assert_eq!(here.after(card("D2")), None, "a revoke");
    // A trick of four cards is no position to play in.
    let here = position([".2..", ".A..", ".3..", ".K.."], Strain::NoTrump, Seat::North, &["SA", "SK", "S3", "D2"]);
    assert_eq!(here.after(card("H2")), None);
}

#[test]
fn values_that_cannot_be_give_no_value_after() {
    let here = position(HANDS, Strain::NoTrump, Seat::North, &[]);
    assert_eq!(here.value_after(card("SA"), 3), None, "more than the tricks left");
    assert_eq!(here.value_after(card("SA"), u8::MAX), None);
    // The trick won by the side of the card, which takes no trick.
    let ruff = position([".2..", ".A..", ".3..", ".K.2."], Strain::Hearts, Seat::North, &["SA", "SK", "S3"]);
    assert_eq!(ruff.value_after(card("HK"), 0), None);
    // The trick won by the other side, while the card's side takes them all.
    assert_eq!(ruff.value_after(card("D2"), 2), None);
    assert_eq!(ruff.value_after(card("D2"), 1).map(|(_, value)| value), Some(0));
}

#[test]
fn values_that_cannot_be_give_no_value_before() {
    let here = position(HANDS, Strain::NoTrump, Seat::North, &[]);
    assert_eq!(here.value_before(card("SA"), 3), None, "more than the tricks left after it");
    assert_eq!(here.value_before(card("SA"), u8::MAX), None);
    assert_eq!(here.value_before(card("HA"), 0), None, "a card North does not hold");
    // The trick won by the side of the card, which then takes every trick left: one more here.
    let ruff = position([".2..", ".A..", ".3..", ".K.2."], Strain::Hearts, Seat::North, &["SA", "SK", "S3"]);
    assert_eq!(ruff.value_before(card("HK"), 1), Some(2));
    assert_eq!(ruff.value_before(card("HK"), 2), None, "more than the trick left after it");
    // The trick won by the other side.
    assert_eq!(ruff.value_before(card("D2"), 1), Some(0));
    assert_eq!(ruff.value_before(card("D2"), 0), Some(1));
}

/// The positions along random plays of endings of `n_cards` cards a hand, each in a strain and led by
/// a seat the seed draws.
fn positions(n_cards: usize) -> Vec<SolverPosition> {
    let mut res = Vec::new();
    for seed in 0..4_u64 {
        let mut rng = SplitMix64(seed);
        let deal = ending(seed + 100, n_cards);
        let mut here = SolverPosition {
            hands: *deal.hands(),
            trump: Strain::ALL[rng.below(5)],
            leader: Seat::ALL[rng.below(4)],
            trick: Vec::new(),
        };
        while here.tricks_left() > 0 {
            res.push(here.clone());
            let legal = bridge::legal_cards(here.hands[here.to_play()], here.trick.first().map(|led| led.suit));
            let chosen = legal.iter().nth(rng.below(legal.len())).expect("a legal card");
            here = here.after(chosen).expect("a legal card reaches a position");
        }
    }
    res
}

#[test]
fn the_value_after_each_card_is_what_the_solver_finds_there() {
    let mut solver = DdSolver::default();
    let mut checked = [0; 2];
    for here in positions(5) {
        let values = solver.analyse(&here);
        assert!(!values.is_empty(), "{here:?}");
        for value in &values {
            let (next, derived) = here.value_after(value.card, value.tricks).expect("the solver's numbers fit");
            assert_eq!(Some(&next), here.after(value.card).as_ref());
            if next.tricks_left() == 0 {
                assert_eq!(derived, 0);
                continue;
            }
            assert_eq!(derived, solver.solve(&next), "{here:?} then {}", value.card);
            let best = solver.analyse(&next).iter().map(|value| value.tricks).max();
            assert_eq!(Some(derived), best, "{here:?} then {}", value.card);
            // And back: the card's value from the value of the position it reaches.
            assert_eq!(here.value_before(value.card, derived), Some(value.tricks), "{here:?} then {}", value.card);
            checked[usize::from(next.trick.is_empty())] += 1;
        }
    }
    assert!(checked.iter().all(|n| *n > 10), "mid-trick and trick-ending cards both checked: {checked:?}");
}

#[test]
fn the_answers_give_the_value_of_each_position_one_card_further() {
    let mut solver = DdSolver::default();
    for here in positions(5) {
        let values = solver.analyse(&here);
        let best = solver.best_cards(&here);
        let mut analysed = SolverAnswers::default();
        let mut robots = SolverAnswers::default();
        assert_eq!(analysed.value(&here), None, "nothing held");
        analysed.insert(here.clone(), values.clone());
        robots.insert_best_cards(here.clone(), best.clone());
        assert_eq!((analysed.len(), robots.len()), (1, 1), "derived values are not answers");
        assert_eq!(analysed.value(&here), Some(best.tricks), "its own answer");
        assert_eq!(robots.value(&here), Some(best.tricks), "its own answer");
        for value in &values {
            let next = here.after(value.card).expect("a legal card");
            let expected = if next.tricks_left() == 0 { 0 } else { solver.solve(&next) };
            assert_eq!(analysed.value(&next), Some(expected), "{here:?} then {}", value.card);
            let robots_know = best.cards.contains(&value.card).then_some(expected);
            assert_eq!(robots.value(&next), robots_know, "{here:?} then {}", value.card);
        }
    }
}

#[test]
fn answers_that_cannot_be_give_no_value() {
    let here = position(HANDS, Strain::NoTrump, Seat::North, &[]);
    let mut answers = SolverAnswers::default();
    answers.insert_best_cards(here.clone(), BestCards { tricks: 3, cards: vec![card("SA"), card("HK")] });
    let next = here.after(card("SA")).expect("North holds the ace");
    assert_eq!(answers.value(&next), None, "three of two tricks");
}

#[test]
fn a_game_knows_the_value_of_most_positions_it_asks_about() {
    let mut solver = DdSolver::default();
    for (seed, contract_text) in [(7, "3NT"), (8, "4H")] {
        let mut game = Game::new(journal(ending(seed, 5), contract_text, Seat::South, seed));
        let (mut known, mut asked) = (0, 0);
        loop {
            for question in drive_checking(&mut game, &mut solver) {
                asked += 1;
                known += usize::from(question);
            }
            if game.journal().state().is_finished() {
                break;
            }
            let card = best_here(&game);
            game.play_card(card).expect("a legal card");
        }
        // Only the opening lead comes with nothing before it.
        assert!(asked > 10, "seed {seed}: {asked} questions");
        assert_eq!(known + 1, asked, "seed {seed}: {known} of {asked} values known");
    }
}

/// [`drive`], checking that each value the game knows of a position it asks about is the solver's;
/// whether each question came with one.
fn drive_checking(game: &mut Game, solver: &mut DdSolver) -> Vec<bool> {
    let mut res = Vec::new();
    loop {
        let Some(question) = game.advance().expect("usable answers").ask else { return res };
        let position = question.position().clone();
        let known = game.known_value(&position);
        if let Some(value) = known {
            assert_eq!(value, solver.solve(&position), "{position:?}");
        }
        res.push(known.is_some());
        match question {
            SolverQuestion::Analyse(_) => game.answer(position.clone(), solver.analyse(&position)),
            SolverQuestion::BestCards(_) => game.answer_best_cards(position.clone(), solver.best_cards(&position)),
        }
    }
}

/// A game at the learner's decision knows the value of each position one of the learner's best cards
/// reaches (the advice there is the best cards only; another card's position is valued when asked).
#[test]
fn a_driven_game_knows_the_values_past_its_cursor() {
    let mut solver = DdSolver::default();
    let mut game = Game::new(journal(ending(9, 4), "2S", Seat::South, 9));
    drive(&mut game, &mut solver);
    let state = game.journal().state();
    let here = SolverPosition::of_play(state.play().expect("in play"));
    let best = game.journal().advice(game.journal().current()).expect("advice at the decision").best_cards();
    let legal = state.play().expect("in play").legal_cards();
    assert!(best.len() < legal.len(), "some card is not among the best");
    for card in legal.iter() {
        let next = here.after(card).expect("a legal card");
        let known = best.contains(&card).then(|| solver.solve(&next));
        assert_eq!(game.known_value(&next), known, "after {card}");
    }
}
