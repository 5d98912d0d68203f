//! The play journal: solver against solver on small endings, reproducible robots, undo, redo and
//! branches, claims, advice and the review, refusals of illegal events; properties over the fake solver.

use bridge::testing::SplitMix64;
use bridge::{BySeat, Call, Card, Contract, Deal, Hand, Play, Seat, Strain};
use double_dummy::{Position, Solver};
use expect_test::expect;
use proptest::prelude::*;
use proptest::sample::Index;
use training::testing::FakeSolver;
use training::{
    read_board_record, read_journal_record, robot_draw, BestCards, BoardId, CardValue, EventId, EventKind, Journal,
    JournalError, Opening, PlayStart, RandomSource, RobotChoice, SolverAnswers, SolverPort, SolverPosition,
    SolverQuestion,
};

/// The real solver behind the port, as the app's worker adapter does it.
pub struct DdSolver(pub Solver);

impl Default for DdSolver {
    fn default() -> DdSolver {
        DdSolver(Solver::with_memory(4 << 20))
    }
}

impl DdSolver {
    /// The tricks the side to play takes from `position` with best play.
    pub fn solve(&mut self, position: &SolverPosition) -> u8 {
        match Position::new(position.hands, position.trump, position.leader, &position.trick) {
            Ok(position) => self.0.solve(&position),
            Err(err) => panic!("the journal built an illegal position: {err}"),
        }
    }
}

impl SolverPort for DdSolver {
    fn analyse(&mut self, position: &SolverPosition) -> Vec<CardValue> {
        // An illegal position gets no values, which the journal reports as an unusable answer.
        match Position::new(position.hands, position.trump, position.leader, &position.trick) {
            Ok(position) => self
                .0
                .analyse(&position)
                .into_iter()
                .map(|value| CardValue { card: value.card, tricks: value.tricks })
                .collect(),
            Err(_) => Vec::new(),
        }
    }

    fn best_cards(&mut self, position: &SolverPosition) -> BestCards {
        match Position::new(position.hands, position.trump, position.leader, &position.trick) {
            Ok(position) => {
                let (tricks, cards) = self.0.best_cards(&position);
                BestCards { tricks, cards }
            }
            Err(_) => BestCards { tricks: 0, cards: Vec::new() },
        }
    }
}

/// An ending of `n_cards` cards a hand, cut from the deal the seed shuffles.
pub fn ending(seed: u64, n_cards: usize) -> Deal {
    let deal = SplitMix64(seed).deal();
    let hands: BySeat<Hand> = deal.hands().map(|hand| hand.iter().take(n_cards).collect());
    Deal::from_hands(hands).expect("equal cuts of a deal form a deal")
}

pub fn contract(text: &str) -> Contract {
    text.parse().expect("a contract")
}

pub fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

/// The play of `deal` in `contract` by South, the learner at `learner`.
pub fn start(deal: Deal, contract_text: &str, learner: Seat, seed: u64) -> PlayStart {
    PlayStart {
        board: BoardId("board-1".to_owned()),
        deal,
        opening: Opening::Contract { contract: contract(contract_text), declarer: Seat::South },
        learner,
        seed,
        goal: None,
        robots: RobotChoice::Conventional,
    }
}

pub fn journal(deal: Deal, contract_text: &str, learner: Seat, seed: u64) -> Journal {
    Journal::start(start(deal, contract_text, learner, seed)).expect("four known hands")
}

/// The solver's values at the cursor, which must be a learner's decision.
fn values_here(journal: &Journal, solver: &mut impl SolverPort) -> Vec<CardValue> {
    let state = journal.state();
    let play = state.play().expect("in play");
    solver.analyse(&SolverPosition::of_play(play))
}

/// Plays the learner's cards with `choose` and the robots' with the solver to the end of the play.
pub fn play_out(
    journal: &mut Journal,
    solver: &mut impl SolverPort,
    mut choose: impl FnMut(&[CardValue]) -> Card,
) -> Result<(), JournalError> {
    loop {
        journal.play_robots(solver)?;
        if journal.state().is_finished() {
            return Ok(());
        }
        let values = values_here(journal, solver);
        journal.play_card(choose(&values))?;
    }
}

pub fn best(values: &[CardValue]) -> Card {
    let top = values.iter().map(|value| value.tricks).max().expect("a legal card");
    values.iter().find(|value| value.tricks == top).expect("a best card").card
}

fn worst(values: &[CardValue]) -> Card {
    let low = values.iter().map(|value| value.tricks).min().expect("a legal card");
    values.iter().find(|value| value.tricks == low).expect("a worst card").card
}

/// Declarer's tricks with best play from the start of `journal`'s play.
fn double_dummy_result(journal: &Journal, solver: &mut DdSolver) -> u8 {
    let state = journal.state_at(journal.root()).expect("the root");
    let play = state.play().expect("a contract");
    let position = SolverPosition::of_play(play);
    let n_tricks = u8::try_from(position.tricks_left()).expect("at most 13");
    // The defender on lead is the side to play.
    n_tricks - solver.solve(&position)
}

#[test]
fn solver_against_solver_makes_the_double_dummy_result() {
    let mut solver = DdSolver::default();
    for (seed, contract_text, learner) in
        [(1, "3NT", Seat::South), (2, "4S", Seat::North), (3, "2H", Seat::West), (4, "1D", Seat::East)]
    {
        let mut journal = journal(ending(seed, 5), contract_text, learner, seed);
        let expected = double_dummy_result(&journal, &mut solver);
        play_out(&mut journal, &mut solver, best).expect("a legal play");
        let state = journal.state();
        assert!(state.play().is_some_and(Play::is_over), "deal {seed}: every card played");
        assert_eq!(state.declarer_tricks(), Some(expected), "deal {seed}");
        let end = journal.end_play().expect("a finished play ends");
        assert_eq!(
            journal.event(end).map(|event| &event.kind),
            Some(&EventKind::PlayEnded { declarer_tricks: expected })
        );
        journal.advise_path(&mut solver, end).expect("advice at every decision");
        let review = journal.review(end).expect("the path exists");
        assert_eq!(review.declarer_tricks, Some(expected));
        assert_eq!(review.tricks.len(), 5);
        assert!(review.tricks.iter().all(|trick| trick.cards.len() == 4 && trick.winner.is_some()));
        assert!(review.learner_cards().all(|card| card.cost == Some(0)), "deal {seed}: best cards cost nothing");
        let n_learner_cards = if learner.side() == Seat::South.side() { 10 } else { 5 };
        assert_eq!(review.learner_cards().count(), n_learner_cards, "deal {seed}");
    }
}

#[test]
fn every_trick_a_learner_card_costs_shows_in_the_result() {
    // Robots never give a trick back, so declarer's result is the double-dummy result less the costs.
    let mut solver = DdSolver::default();
    for seed in [5, 6, 7] {
        let mut journal = journal(ending(seed, 5), "3NT", Seat::South, seed);
        let expected = double_dummy_result(&journal, &mut solver);
        play_out(&mut journal, &mut solver, worst).expect("a legal play");
        let end = journal.end_play().expect("a finished play ends");
        journal.advise_path(&mut solver, end).expect("advice at every decision");
        let review = journal.review(end).expect("the path exists");
        let cost = u8::try_from(review.total_cost()).expect("a few tricks");
        assert_eq!(review.declarer_tricks, Some(expected - cost), "deal {seed}");
        assert!(review.learner_cards().all(|card| card.cost.is_some()));
    }
}

#[test]
fn the_review_costs_each_learner_card_trick_by_trick() {
    let mut solver = DdSolver::default();
    let mut journal = journal(ending(8, 4), "2S", Seat::South, 4);
    play_out(&mut journal, &mut solver, worst).expect("a legal play");
    let end = journal.end_play().expect("a finished play ends");
    journal.advise_path(&mut solver, end).expect("advice at every decision");
    let review = journal.review(end).expect("the path exists");
    let mut lines = vec![format!("{} 2S by S, declarer takes {:?}", journal.play_start().deal, review.declarer_tricks)];
    for trick in &review.tricks {
        let cards: Vec<String> = trick
            .cards
            .iter()
            .map(|card| match card.cost {
                Some(cost) => format!("{} {} (cost {cost})", card.seat, card.card),
                None => format!("{} {}", card.seat, card.card),
            })
            .collect();
        lines.push(format!("{}, won by {:?}", cards.join(", "), trick.winner));
    }
    lines.push(format!("total cost {}", review.total_cost()));
    expect![[r#"
        N:KJ2.J.. Q8.AK.. AT63... 9754... 2S by S, declarer takes Some(1)
        W S7, N SJ (cost 1), E SQ, S ST (cost 1), won by Some(East)
        E S8, S SA (cost 0), W S4, N SK (cost 1), won by Some(South)
        S S6 (cost 0), W S9, N S2 (cost 0), E HK, won by Some(West)
        W S5, N HJ (cost 0), E HA, S S3 (cost 0), won by Some(West)
        total cost 3"#]]
    .assert_eq(&lines.join("\n"));
}

#[test]
fn a_full_deal_plays_out_against_the_solver() {
    let mut solver = DdSolver::default();
    let mut journal = journal(SplitMix64(2024).deal(), "4S", Seat::West, 99);
    let expected = double_dummy_result(&journal, &mut solver);
    play_out(&mut journal, &mut solver, best).expect("a legal play");
    let state = journal.state();
    let play = state.play().expect("in play");
    assert_eq!(play.tricks().len(), 13);
    assert_eq!(journal.events().len(), 53);
    // Both sides play best: the double-dummy result of the whole deal.
    assert_eq!(state.declarer_tricks(), Some(expected));
}

#[test]
fn replays_from_the_stored_seed_choose_the_same_cards() {
    let mut solver = DdSolver::default();
    for seed in [11, 12] {
        let mut first = journal(ending(seed, 4), "2NT", Seat::West, seed);
        play_out(&mut first, &mut solver, best).expect("a legal play");
        // A second journal from the same start, the learner playing the same cards.
        let learner_cards: Vec<Card> = learner_cards_of(&first);
        let mut second = Journal::start(first.play_start().clone()).expect("the same start");
        let mut cards = learner_cards.into_iter();
        play_out(&mut second, &mut solver, |_| cards.next().expect("as many decisions")).expect("a legal play");
        assert_eq!(second.events(), first.events(), "seed {seed}");
    }
}

/// A full deal played before the robots asked the solver for their best cards alone (each robot card
/// then drawn among the best cards of every card's value): East defends 4S, with a branch.
pub const ROBOTS_FIXTURE: &str = include_str!("../data/journal-robots-v2.json");

/// The cards on the path to `id`, in play order.
pub fn cards_to(journal: &Journal, id: EventId) -> Vec<Card> {
    let path = journal.path(id).expect("an event");
    path.into_iter()
        .filter_map(|at| match journal.event(at).map(|event| &event.kind) {
            Some(EventKind::CardPlayed { card }) => Some(*card),
            _ => None,
        })
        .collect()
}

#[test]
fn robots_replay_a_stored_journal_identically() {
    let json = serde_json::from_str(ROBOTS_FIXTURE).expect("the fixture is JSON");
    let stored = read_journal_record(&json).expect("the fixture reads");
    let mut solver = DdSolver::default();
    let leaves: Vec<EventId> = stored.branches().iter().map(|event| event.id).collect();
    assert_eq!(leaves.len(), 2, "the main line and a branch");
    for leaf in leaves {
        let expected = cards_to(&stored, leaf);
        assert_eq!(expected.len(), 52, "a full play to {leaf}");
        let review = stored.review(leaf).expect("the leaf");
        let mut learner_cards = review.learner_cards().map(|card| card.card);
        let mut replay = Journal::start(stored.play_start().clone()).expect("the stored start");
        play_out(&mut replay, &mut solver, |_| learner_cards.next().expect("as many decisions")).expect("a legal play");
        assert_eq!(cards_to(&replay, replay.current()), expected, "the path to {leaf}");
    }
}

/// The real solver answering the robots from every card's value, as they asked before
/// [`SolverPort::best_cards`]: the port's default, the best of `analyse`.
struct AnalyseOnly(DdSolver);

impl SolverPort for AnalyseOnly {
    fn analyse(&mut self, position: &SolverPosition) -> Vec<CardValue> {
        self.0.analyse(position)
    }
}

#[test]
fn robots_choose_the_same_cards_from_the_best_cards_as_from_every_cards_value() {
    let (mut best_cards, mut analyse_only) = (DdSolver::default(), AnalyseOnly(DdSolver::default()));
    for seed in 0..12 {
        let learner = Seat::ALL[seed as usize % 4];
        let mut direct = journal(ending(100 + seed, 6), "3NT", learner, seed);
        let mut before = journal(ending(100 + seed, 6), "3NT", learner, seed);
        play_out(&mut direct, &mut best_cards, worst).expect("a legal play");
        play_out(&mut before, &mut analyse_only, worst).expect("a legal play");
        assert_eq!(direct.events(), before.events(), "seed {seed}");
    }
}

#[test]
fn a_solver_answers_its_best_cards_from_every_cards_value_or_asks_for_them() {
    let mut solver = DdSolver::default();
    let journal = journal(ending(51, 4), "3NT", Seat::South, 1);
    let position = SolverPosition::of_play(journal.state().play().expect("in play"));
    let mut answers = SolverAnswers::default();
    assert_eq!(answers.best_cards(&position).cards, []);
    assert_eq!(answers.analyse(&position), []);
    // The first question missing, of its kind.
    assert_eq!(answers.take_missing(), Some(SolverQuestion::BestCards(position.clone())));
    assert_eq!(answers.take_missing(), None);
    assert_eq!(answers.analyse(&position), []);
    assert_eq!(answers.take_missing(), Some(SolverQuestion::Analyse(position.clone())));

    // Every card's value answers both questions.
    let values = solver.analyse(&position);
    answers.insert(position.clone(), values.clone());
    let best = answers.best_cards(&position);
    assert_eq!(best, BestCards::of_values(&values));
    // The same as the real solver's best cards, whatever the order.
    let sorted = |mut best: BestCards| {
        best.cards.sort_unstable();
        best
    };
    assert_eq!(sorted(best), sorted(solver.best_cards(&position)));
    assert_eq!(answers.take_missing(), None);

    // The best cards alone answer only their question.
    let mut answers = SolverAnswers::default();
    answers.insert_best_cards(position.clone(), solver.best_cards(&position));
    assert_eq!(answers.best_cards(&position), solver.best_cards(&position));
    assert_eq!(answers.take_missing(), None);
    assert_eq!(answers.analyse(&position), []);
    assert_eq!(answers.take_missing(), Some(SolverQuestion::Analyse(position)));
    assert_eq!(answers.len(), 1);
}

fn learner_cards_of(journal: &Journal) -> Vec<Card> {
    let review = journal.review(journal.current()).expect("the cursor exists");
    review.learner_cards().map(|card| card.card).collect()
}

#[test]
fn robots_draw_uniformly_among_equally_best_cards() {
    // West's four top diamonds take every trick whichever leads: the lead depends on the seed only.
    // Choosing any best card (the first players' journals), every one of them comes across seeds;
    // choosing conventionally, the four are one group of equivalent cards, led from its top.
    let deal: Deal = "N:AKQJ... 5432... .AKQJ.. ..AKQJ.".parse().expect("a deal");
    for (robots, expected) in [
        (RobotChoice::AnyBest, expect![[r#"["DJ", "DQ", "DK", "DA"]"#]]),
        (RobotChoice::Conventional, expect![[r#"["DA"]"#]]),
    ] {
        let mut leads = std::collections::BTreeSet::new();
        for seed in 0..64 {
            let mut journal =
                Journal::start(PlayStart { robots, ..start(deal, "1NT", Seat::South, seed) }).expect("four hands");
            journal.play_robots(&mut DdSolver::default()).expect("the lead");
            let mut again = Journal::start(journal.play_start().clone()).expect("the same start");
            again.play_robots(&mut DdSolver::default()).expect("the lead");
            assert_eq!(again.events(), journal.events(), "seed {seed}");
            assert_eq!(journal.events().len(), 2, "West leads, then it is dummy's turn");
            if let EventKind::CardPlayed { card } = journal.events()[1].kind {
                leads.insert(card);
            }
        }
        let leads: Vec<String> = leads.into_iter().map(|card| card.to_string()).collect();
        expected.assert_eq(&format!("{leads:?}"));
    }
}

#[test]
fn robots_follow_with_the_bottom_of_equivalent_cards() {
    // West (the learner) leads a spade into East's king and queen, equally best and touching: East
    // wins with the queen, the card a player shows; choosing any best card, either comes.
    let deal: Deal = "N:3.3.. KQ... .54.. 2.2..".parse().expect("a two-card ending");
    for (robots, expected) in
        [(RobotChoice::AnyBest, expect![[r#"["SQ", "SK"]"#]]), (RobotChoice::Conventional, expect![[r#"["SQ"]"#]])]
    {
        let mut east = std::collections::BTreeSet::new();
        for seed in 0..32 {
            let mut journal = Journal::start(PlayStart { robots, ..start(deal, "1NT", Seat::West, seed) })
                .expect("an ending of equal hands");
            journal.play_card(card("S2")).expect("West's lead");
            journal.play_robots(&mut DdSolver::default()).expect("North and East");
            let cards = cards_to(&journal, journal.current());
            assert_eq!(cards[1], card("S3"), "North's only spade");
            east.insert(cards[2]);
        }
        let east: Vec<String> = east.into_iter().map(|card| card.to_string()).collect();
        expected.assert_eq(&format!("{east:?}"));
    }
}

#[test]
fn undo_redo_and_branches_keep_every_card() {
    let mut solver = FakeSolver::default();
    let mut journal = journal(ending(21, 4), "3NT", Seat::South, 3);
    journal.play_robots(&mut solver).expect("the lead");
    let decision = journal.current();
    let legal: Vec<Card> = journal.state().play().expect("in play").legal_cards().iter().collect();
    assert!(legal.len() >= 2, "a choice to branch on: {legal:?}");
    let first = journal.play_card(legal[0]).expect("a legal card");
    journal.play_robots(&mut solver).expect("the robots");
    let first_leaf = journal.current();
    let first_state = journal.state();

    // Undo back to the decision, then replay from there with another card: a new branch.
    while journal.current() != decision {
        journal.undo().expect("not at the root yet");
    }
    let second = journal.play_card(legal[1]).expect("a legal card");
    assert_ne!(second, first);
    assert_eq!(journal.children(decision), vec![first, second]);
    let leaves: Vec<EventId> = journal.branches().iter().map(|event| event.id).collect();
    assert_eq!(leaves, vec![first_leaf, second]);
    // The first branch is intact, and switching to it shows its table again.
    assert_eq!(journal.state_at(first_leaf).expect("kept"), first_state);
    journal.go_to(first_leaf).expect("an event");
    assert_eq!(journal.state(), first_state);

    // Redo from the decision follows the most recent child.
    journal.go_to(decision).expect("an event");
    assert_eq!(journal.redo(), Some(second));
    assert_eq!(journal.redo(), None, "a leaf has no child");
    // Undo stops at the root.
    journal.go_to(journal.root()).expect("the root");
    assert_eq!(journal.undo(), None);
    assert_eq!(journal.current(), journal.root());
    assert_eq!(journal.go_to(EventId(999)), Err(JournalError::UnknownEvent(EventId(999))));
    assert_eq!(journal.go_to(EventId(0)), Err(JournalError::UnknownEvent(EventId(0))));
}

#[test]
fn claims_are_checked_by_the_solver() {
    let mut solver = DdSolver::default();
    let mut journal = journal(ending(31, 5), "3NT", Seat::South, 8);
    journal.play_robots(&mut solver).expect("the lead");
    let state = journal.state();
    let position = SolverPosition::of_play(state.play().expect("in play"));
    let can_take = solver.solve(&position);
    let decision = journal.current();

    // One trick too many: refused, recorded, and the play goes on from the claim.
    if can_take < 5 {
        let refused = journal.claim(&mut solver, can_take + 1).expect("a claim within the tricks left");
        assert_eq!(
            journal.event(refused).map(|event| &event.kind),
            Some(&EventKind::Claimed { tricks: can_take + 1, accepted: false })
        );
        assert!(!journal.state().is_finished());
        assert!(journal.state().is_learners_turn());
    }
    // Exactly what the side can take: accepted, and the play is finished.
    journal.go_to(decision).expect("an event");
    let accepted = journal.claim(&mut solver, can_take).expect("a claim");
    assert_eq!(
        journal.event(accepted).map(|event| &event.kind),
        Some(&EventKind::Claimed { tricks: can_take, accepted: true })
    );
    let state = journal.state();
    assert!(state.is_finished());
    assert_eq!(state.accepted_claim(), Some(can_take));
    let won = u8::try_from(state.play().expect("in play").tricks_won(Seat::South.side())).expect("few");
    assert_eq!(state.declarer_tricks(), Some(won + can_take));
    let legal = state.play().expect("in play").legal_cards().iter().next().expect("cards left");
    assert_eq!(journal.play_card(legal), Err(JournalError::Finished));
    assert_eq!(journal.claim(&mut solver, 0), Err(JournalError::Finished));
    journal.end_play().expect("an accepted claim ends the play");
    // Claims refused before the solver is asked.
    journal.go_to(decision).expect("an event");
    assert_eq!(journal.claim(&mut solver, 6), Err(JournalError::ClaimTooLarge { claimed: 6, left: 5 }));
}

#[test]
fn a_defenders_claim_counts_for_the_defence() {
    let mut solver = DdSolver::default();
    let mut journal = journal(ending(32, 4), "4H", Seat::West, 8);
    // West is on lead: the learner's decision at the root.
    let position = SolverPosition::of_play(journal.state().play().expect("in play"));
    let defence_takes = solver.solve(&position);
    journal.claim(&mut solver, defence_takes).expect("a claim");
    assert_eq!(journal.state().declarer_tricks(), Some(4 - defence_takes));
    journal.go_to(journal.root()).expect("the root");
    if defence_takes < 4 {
        journal.claim(&mut solver, defence_takes + 1).expect("a claim");
        assert_eq!(journal.state().accepted_claim(), None);
    }
}

#[test]
fn advice_attaches_to_learner_decisions_only() {
    let mut solver = DdSolver::default();
    let mut journal = journal(ending(41, 4), "3NT", Seat::South, 1);
    // West leads: a robot's turn, no learner decision at the root.
    assert_eq!(journal.advise(&mut solver, journal.root()).map(|_| ()), Err(JournalError::NotADecision(EventId(1))));
    journal.play_robots(&mut solver).expect("the lead");
    let decision = journal.current();
    let advice = journal.advise(&mut solver, decision).expect("a learner decision").clone();
    let play = journal.state().play().expect("in play").clone();
    let legal = play.legal_cards();
    // The best cards only, each worth the position's value.
    let every = solver.analyse(&SolverPosition::of_play(&play));
    let best = BestCards::of_values(&every);
    assert_eq!(advice.values().iter().map(|value| value.card).collect::<Hand>(), best.cards.iter().copied().collect());
    assert_eq!(advice.best(), best.tricks);
    assert!(advice.best_cards().iter().all(|card| advice.cost(*card) == Some(0)));
    assert_eq!(journal.advice(decision), Some(&advice));
    // Every card costed adds its value to the advice.
    for value in &every {
        journal.cost_of(&mut solver, decision, value.card).expect("a legal card");
    }
    assert_eq!(
        journal.advice(decision).map(|advice| advice.values().iter().map(|value| value.card).collect::<Hand>()),
        Some(legal)
    );
    // Values for other cards than the legal ones are refused.
    let wrong = vec![CardValue { card: card("SA"), tricks: 0 }];
    let foreign = legal.iter().all(|legal| legal != card("SA"));
    if foreign {
        assert_eq!(
            journal.attach_advice(decision, wrong).map(|_| ()),
            Err(JournalError::SolverAnswer("SA is not a legal card".to_owned()))
        );
    }
    assert_eq!(
        journal.attach_advice(EventId(77), Vec::new()).map(|_| ()),
        Err(JournalError::UnknownEvent(EventId(77)))
    );
}

#[test]
fn a_card_outside_the_best_is_costed_as_every_cards_value_says() {
    // At every learner decision of games played to the end (the learner's card the worst), each
    // legal card's cost from the position it reaches is the best value less its value.
    let mut solver = DdSolver::default();
    let mut costly = 0;
    for seed in 0..10 {
        let mut journal = journal(ending(seed, 6), "1NT", Seat::South, seed);
        let mut decisions = Vec::new();
        play_out(&mut journal, &mut solver, |values| {
            decisions.push(values.to_vec());
            values.iter().min_by_key(|value| value.tricks).expect("a legal card").card
        })
        .expect("a legal play");
        let end = journal.current();
        let path = journal.path(end).expect("the path");
        let at: Vec<EventId> =
            path.into_iter().filter(|id| journal.state_at(*id).is_ok_and(|state| state.is_learners_turn())).collect();
        assert_eq!(at.len(), decisions.len(), "deal {seed}");
        for (decision, values) in at.into_iter().zip(decisions) {
            let best = values.iter().map(|value| value.tricks).max().expect("a legal card");
            for value in values {
                let cost = journal.cost_of(&mut solver, decision, value.card).expect("a legal card");
                assert_eq!(cost, best - value.tricks, "deal {seed}, {}", value.card);
                costly += usize::from(cost > 0);
            }
        }
    }
    assert!(5 <= costly, "cards that cost tricks are costed: {costly}");
}

/// A solver giving fixed, possibly wrong answers: `values` to every `analyse`, `best` to every
/// `best_cards`.
struct BrokenSolver {
    values: Vec<CardValue>,
    best: BestCards,
}

impl SolverPort for BrokenSolver {
    fn analyse(&mut self, _position: &SolverPosition) -> Vec<CardValue> {
        self.values.clone()
    }

    fn best_cards(&mut self, _position: &SolverPosition) -> BestCards {
        self.best.clone()
    }
}

#[test]
fn unusable_solver_answers_are_errors() {
    let deal: Deal = "N:AK... QJ... .AK.. ..AK.".parse().expect("a deal");
    // West, the learner, is on lead: advice at the root, every card's value.
    let advice = |values: Vec<(&str, u8)>| {
        let mut journal = journal(deal, "1NT", Seat::West, 0);
        let values = values.into_iter().map(|(text, tricks)| CardValue { card: card(text), tricks }).collect();
        match journal.attach_advice(journal.root(), values) {
            Ok(advice) => format!("advice {:?}", advice.best_cards()),
            Err(err) => err.to_string(),
        }
    };
    // A learner's card costed by the value of the position it reaches (the answer given), the
    // advice at the root being the diamond ace alone, worth both tricks.
    let cost = |played: &str, tricks: u8, cards: Vec<&str>| {
        let mut journal = journal(deal, "1NT", Seat::West, 0);
        let best = BestCards { tricks: 2, cards: vec![card("DA")] };
        journal.advise(&mut BrokenSolver { values: Vec::new(), best }, journal.root()).expect("the best cards");
        let next = BestCards { tricks, cards: cards.into_iter().map(card).collect() };
        match journal.cost_of(&mut BrokenSolver { values: Vec::new(), best: next }, journal.root(), card(played)) {
            Ok(cost) => format!("costs {cost}"),
            Err(err) => err.to_string(),
        }
    };
    // West is a robot: its lead comes from the best cards.
    let robots = |tricks: u8, cards: Vec<&str>| {
        let mut journal = journal(deal, "1NT", Seat::South, 0);
        let best = BestCards { tricks, cards: cards.into_iter().map(card).collect() };
        match journal.play_robots(&mut BrokenSolver { values: Vec::new(), best }) {
            Ok(events) => format!("played {}", events.len()),
            Err(err) => err.to_string(),
        }
    };
    let actual = [
        advice(vec![]),
        advice(vec![("DA", 2)]),
        advice(vec![("DA", 2), ("DK", 2), ("DA", 1)]),
        advice(vec![("DA", 3), ("DK", 2)]),
        advice(vec![("SA", 1), ("DA", 1), ("DK", 1)]),
        robots(2, vec![]),
        robots(2, vec!["DK", "DK"]),
        robots(3, vec!["DA"]),
        robots(1, vec!["SA", "DA"]),
        robots(2, vec!["DK"]),
        cost("DK", 1, vec!["SA", "SK"]),
        cost("DK", 0, vec!["SA"]),
        cost("DK", 2, vec!["SK"]),
        cost("DK", 3, vec!["SA"]),
        cost("DK", 1, vec![]),
        cost("DK", 1, vec!["HA"]),
        cost("DA", 2, vec![]),
        cost("HA", 1, vec!["SA"]),
    ]
    .join("\n");
    expect![[r#"
        unusable solver answer: no value for the legal card DA
        unusable solver answer: no value for the legal card DK
        unusable solver answer: DA is valued twice
        unusable solver answer: DA is worth 3 tricks of the 2 left
        unusable solver answer: SA is not a legal card
        unusable solver answer: no best card
        unusable solver answer: DK is named twice
        unusable solver answer: the best cards are worth 3 tricks of the 2 left
        unusable solver answer: SA is not a legal card
        played 1
        costs 1
        unusable solver answer: DK is worth 2 tricks, yet it is not among the best cards, worth 2
        costs 2
        unusable solver answer: the best cards are worth 3 tricks of the 2 left
        unusable solver answer: no best card
        unusable solver answer: HA is not a legal card
        costs 0
        illegal card: W does not hold HA"#]]
    .assert_eq(&actual);
}

fn note(errors: &mut Vec<String>, res: Result<EventId, JournalError>) {
    match res {
        Ok(id) => errors.push(format!("appended {id}")),
        Err(err) => errors.push(err.to_string()),
    }
}

#[test]
fn illegal_events_are_refused_with_a_reason() {
    let deal: Deal = "N:AK... QJ... .AK.. ..AK.".parse().expect("a deal");
    let mut journal = journal(deal, "1NT", Seat::South, 0);
    let mut errors = Vec::new();
    // West leads, a robot's seat.
    note(&mut errors, journal.play_card(card("DA")));
    note(&mut errors, journal.make_call(Call::Pass));
    note(&mut errors, journal.end_play());
    journal.play_robots(&mut FakeSolver::default()).expect("the lead");
    note(&mut errors, journal.play_card(card("HA")));
    note(&mut errors, journal.play_card(card("SQ")));
    note(&mut errors, journal.play_card(card("SA")));
    note(&mut errors, journal.play_card(card("SK")));
    journal.play_robots(&mut FakeSolver::default()).expect("East follows");
    note(&mut errors, journal.play_card(card("SA")));
    expect![[r#"
        it is W's turn, a seat the learner does not play
        no call can be made: the auction is over
        the play is not finished
        illegal card: N does not hold HA
        illegal card: N does not hold SQ
        appended 3
        it is E's turn, a seat the learner does not play
        illegal card: SA was already played"#]]
    .assert_eq(&errors.join("\n"));
    assert_eq!(journal.events().len(), 4, "refused events leave no trace");
    let unknown_hand = start("N:AK... QJ... - ..AK.".parse().expect("a deal"), "1NT", Seat::South, 0);
    assert_eq!(Journal::start(unknown_hand), Err(JournalError::UnknownHand(Seat::South)));
}

#[test]
fn nothing_follows_the_end_of_the_play() {
    let mut solver = FakeSolver::default();
    let mut journal = journal(ending(51, 2), "1NT", Seat::East, 2);
    play_out(&mut journal, &mut solver, |values| values[0].card).expect("a legal play");
    let end = journal.end_play().expect("the end");
    assert!(journal.state().has_ended());
    assert_eq!(journal.end_play(), Err(JournalError::Ended));
    assert_eq!(journal.claim(&mut solver, 0), Err(JournalError::Ended));
    assert_eq!(journal.play_robots(&mut solver), Ok(Vec::new()));
    assert_eq!(journal.current(), end);
}

#[test]
fn bidding_practice_calls_then_plays_the_contract_reached() {
    let deal = ending(61, 3);
    let bidding = PlayStart {
        board: BoardId("board-1".to_owned()),
        deal,
        opening: Opening::Auction { dealer: Seat::North },
        learner: Seat::North,
        seed: 5,
        goal: None,
        robots: RobotChoice::Conventional,
    };
    let mut journal = Journal::start(bidding.clone()).expect("four hands");
    assert_eq!(journal.state().next_player(), Some(Seat::North));
    assert!(!journal.state().is_learners_turn(), "calls are not card decisions");
    let illegal = journal.make_call(Call::Double).map(|_| ());
    assert_eq!(
        illegal.map_err(|err| err.to_string()),
        Err("illegal call X: double is only allowed over an opponent's undoubled bid".to_owned())
    );
    assert_eq!(journal.play_card(card("SA")), Err(JournalError::NotInPlay));
    for call in ["Pass", "1H", "Pass", "Pass", "Pass"] {
        journal.make_call(call.parse().expect("a call")).expect("a legal call");
    }
    let state = journal.state();
    assert_eq!(state.contract(), Some(contract("1H")));
    assert_eq!(state.declarer(), Some(Seat::East));
    // North's side defends: the learner plays North only, and South (on lead) is a robot.
    assert_eq!(state.next_player(), Some(Seat::South));
    assert!(state.is_learner(Seat::North) && !state.is_learner(Seat::South));
    assert_eq!(journal.make_call(Call::Pass), Err(JournalError::NotInAuction));
    play_out(&mut journal, &mut FakeSolver::default(), |values| values[0].card).expect("a legal play");
    assert!(journal.state().declarer_tricks().is_some());

    // Passed out: finished with no result, nothing to end.
    let mut passed = Journal::start(bidding).expect("four hands");
    for _ in 0..4 {
        passed.make_call(Call::Pass).expect("a pass");
    }
    assert!(passed.state().is_finished());
    assert_eq!(passed.state().declarer_tricks(), None);
    assert_eq!(passed.end_play(), Err(JournalError::NotFinished));
}

/// A source replaying one value.
pub struct Always(pub u64);

impl RandomSource for Always {
    fn next_u64(&mut self) -> u64 {
        self.0
    }
}

#[test]
fn a_board_starts_its_play_or_its_bidding_practice() {
    let json = serde_json::from_str(include_str!("../data/board-record-v1.json")).expect("JSON");
    let board = read_board_record(&json).expect("the board fixture reads");
    let start = PlayStart::from_board(&board, Seat::West, &mut Always(77)).expect("a contract");
    assert_eq!(start.board, board.id);
    assert_eq!(&start.deal, board.game().deal());
    assert_eq!(start.opening, Opening::Contract { contract: contract("3NT"), declarer: Seat::South });
    assert_eq!((start.learner, start.seed), (Seat::West, 77));
    let journal = Journal::start(start).expect("a full deal");
    assert!(journal.state().is_learners_turn(), "West leads against 3NT");

    let bidding = PlayStart::bidding_from_board(&board, Seat::South, &mut Always(78));
    assert_eq!(bidding.opening, Opening::Auction { dealer: Seat::South });
    let mut journal = Journal::start(bidding).expect("a full deal");
    for call in board.game().auction().calls() {
        journal.make_call(*call).expect("the board's auction is legal");
    }
    assert_eq!(journal.state().contract(), Some(contract("3NT")));

    let mut unfinished = board.to_record();
    unfinished.calls.truncate(1);
    unfinished.play.clear();
    let json = serde_json::to_value(unfinished).expect("a record serializes");
    let board = read_board_record(&json).expect("a board with an unfinished auction reads");
    assert_eq!(PlayStart::from_board(&board, Seat::South, &mut Always(1)), Err(JournalError::NoContract));
}

#[test]
fn robot_draws_are_the_splitmix64_stream_of_the_seed() {
    let mut stream = SplitMix64(0xDEAD_BEEF);
    for card_idx in 0..52 {
        assert_eq!(robot_draw(0xDEAD_BEEF, card_idx), stream.next_u64());
    }
}

/// A journal of random learner choices against the fake solver, with undo and replay-from-here.
fn arb_session() -> impl Strategy<Value = (Deal, Seat, u64, Vec<(bool, Index)>)> {
    (1..=13usize, any::<u64>(), prop::sample::select(Seat::ALL.to_vec()), any::<u64>()).prop_flat_map(
        |(n_cards, deal_seed, learner, seed)| {
            (
                Just(ending(deal_seed, n_cards)),
                Just(learner),
                Just(seed),
                prop::collection::vec((any::<bool>(), any::<Index>()), 0..40),
            )
        },
    )
}

/// Runs a session: for each step, maybe undo a few events (`back`), then play a learner card.
pub fn run_session(deal: Deal, learner: Seat, seed: u64, steps: &[(bool, Index)]) -> Journal {
    let mut solver = FakeSolver::default();
    let mut journal = journal(deal, "4S", learner, seed);
    for (back, choice) in steps {
        if *back {
            journal.undo();
            journal.undo();
        }
        journal.play_robots(&mut solver).expect("the fake solver answers");
        let state = journal.state();
        let Some(play) = state.play().filter(|_| state.is_learners_turn()) else {
            continue;
        };
        let legal: Vec<Card> = play.legal_cards().iter().collect();
        journal.play_card(*choice.get(&legal)).expect("a legal card");
    }
    journal
}

proptest! {
    #[test]
    fn the_state_at_any_event_is_the_replay_of_its_path((deal, learner, seed, steps) in arb_session()) {
        let journal = run_session(deal, learner, seed, &steps);
        for event in journal.events() {
            let cards: Vec<Card> = journal
                .path(event.id)
                .expect("an event")
                .into_iter()
                .filter_map(|id| match journal.event(id).map(|event| &event.kind) {
                    Some(EventKind::CardPlayed { card }) => Some(*card),
                    _ => None,
                })
                .collect();
            let replayed = Play::replay(deal, Strain::Spades, Seat::West, cards).expect("legal cards");
            let state = journal.state_at(event.id).expect("an event");
            prop_assert_eq!(state.play(), Some(&replayed));
        }
        // Append-only: ids in order, every parent earlier.
        for (idx, event) in journal.events().iter().enumerate() {
            prop_assert_eq!(event.id, EventId(u32::try_from(idx + 1).expect("few")));
            prop_assert!(event.parent.is_none_or(|parent| parent < event.id));
        }
    }

    #[test]
    fn undo_then_redo_comes_back_on_a_single_line((deal, learner, seed, steps) in arb_session()) {
        let steps: Vec<(bool, Index)> = steps.into_iter().map(|(_, choice)| (false, choice)).collect();
        let mut journal = run_session(deal, learner, seed, &steps);
        let leaf = journal.current();
        let state = journal.state();
        let mut n_undone = 0;
        while journal.undo().is_some() {
            n_undone += 1;
        }
        prop_assert_eq!(journal.current(), journal.root());
        for _ in 0..n_undone {
            prop_assert!(journal.redo().is_some());
        }
        prop_assert_eq!(journal.current(), leaf);
        prop_assert_eq!(journal.state(), state);
        prop_assert_eq!(journal.branches().len(), 1);
    }

    #[test]
    fn the_same_seed_and_learner_cards_give_the_same_journal((deal, learner, seed, steps) in arb_session()) {
        prop_assert_eq!(run_session(deal, learner, seed, &steps), run_session(deal, learner, seed, &steps));
    }
}

/// Plays the robots through answers fetched one missing position at a time from `solver`, as the app
/// does with its worker; the number of fetches.
fn play_robots_fetching(journal: &mut Journal, answers: &mut SolverAnswers, solver: &mut impl SolverPort) -> usize {
    let mut fetches = 0;
    loop {
        match journal.play_robots(answers) {
            Ok(_) => return fetches,
            Err(error) => {
                match answers.take_missing() {
                    Some(SolverQuestion::BestCards(position)) => {
                        answers.insert_best_cards(position.clone(), solver.best_cards(&position));
                    }
                    other => panic!("robots ask for their best cards, not {other:?}: {error}"),
                }
                fetches += 1;
            }
        }
    }
}

#[test]
fn robots_played_through_answers_fetched_later_play_as_with_the_solver_at_hand() {
    let deal = ending(11, 5);
    let mut direct = journal(deal, "3NT", Seat::South, 42);
    let mut fetched = journal(deal, "3NT", Seat::South, 42);
    let mut answers = SolverAnswers::default();
    let (mut solver, mut fetching_solver) = (FakeSolver::default(), FakeSolver::default());
    loop {
        direct.play_robots(&mut solver).expect("the fake solver answers");
        let fetches = play_robots_fetching(&mut fetched, &mut answers, &mut fetching_solver);
        assert_eq!(fetched.state(), direct.state(), "the same cards, whether answers come at once or later");
        assert!(fetches <= 3, "one fetch per robot card at most");
        let state = direct.state();
        let Some(card) = state.play().and_then(|play| play.legal_cards().iter().next()) else { break };
        direct.play_card(card).expect("a legal card");
        fetched.play_card(card).expect("a legal card");
    }
    assert_eq!(fetching_solver.calls, answers.len(), "each position fetched once");
    assert!(answers.take_missing().is_none());
}
