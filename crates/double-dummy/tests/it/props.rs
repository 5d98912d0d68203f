//! Properties of the solver on small random end positions: rotation,
//! equivalent cards, card values against solves, the trick rule, and
//! errors (never panics) for illegal positions.

use bridge::{BySeat, Card, Deal, Hand, Rank, Seat, Strain, Suit};
use double_dummy::{Position, PositionError, ScopedThreads, Solver};
use proptest::prelude::*;

fn card_of(idx: u8) -> Card {
    let rank = Rank::from_value(2 + idx % 13).expect("2..=14 are ranks");
    Card::new(Suit::from_index(usize::from(idx / 13)), rank)
}

/// A deal of `n` cards a hand from a shuffled deck.
fn deal_strategy(max_len: usize) -> impl Strategy<Value = Deal> {
    (1..=max_len, Just((0..52u8).collect::<Vec<u8>>()).prop_shuffle()).prop_map(|(n, deck)| {
        let hands = BySeat::from_fn(|seat| {
            deck[seat.index() * n..(seat.index() + 1) * n].iter().map(|idx| card_of(*idx)).collect()
        });
        Deal::from_hands(hands).expect("disjoint hands of equal length")
    })
}

fn strain_strategy() -> impl Strategy<Value = Strain> {
    prop::sample::select(Strain::ALL.to_vec())
}

fn seat_strategy() -> impl Strategy<Value = Seat> {
    prop::sample::select(Seat::ALL.to_vec())
}

/// A position reached by playing `choices` (indices into the legal cards)
/// from the opening lead of a small deal.
fn position_strategy() -> impl Strategy<Value = Position> {
    (deal_strategy(5), strain_strategy(), seat_strategy(), prop::collection::vec(any::<prop::sample::Index>(), 0..8))
        .prop_map(|(deal, strain, leader, choices)| {
            let mut position = Position::from_deal(&deal, strain, leader).expect("a legal deal");
            for choice in choices {
                let legal: Vec<Card> = position.legal_cards().iter().collect();
                if legal.is_empty() || position.tricks_left() <= 1 {
                    break;
                }
                position = position.play(*choice.get(&legal)).expect("a legal card");
            }
            position
        })
}

/// Positions of at most three tricks, small enough for [`brute_force`].
fn small_position_strategy() -> impl Strategy<Value = Position> {
    (deal_strategy(3), strain_strategy(), seat_strategy(), prop::collection::vec(any::<prop::sample::Index>(), 0..4))
        .prop_map(|(deal, strain, leader, choices)| {
            let mut position = Position::from_deal(&deal, strain, leader).expect("a legal deal");
            for choice in choices {
                let legal: Vec<Card> = position.legal_cards().iter().collect();
                if position.tricks_left() <= 1 {
                    break;
                }
                position = position.play(*choice.get(&legal)).expect("a legal card");
            }
            position
        })
}

/// The value of a position by trying every card: the tricks of the side to play.
fn brute_force(position: &Position) -> u8 {
    let n_tricks = position.tricks_left() as u8;
    if n_tricks == 0 {
        return 0;
    }
    let player = position.to_play();
    position
        .legal_cards()
        .iter()
        .map(|card| {
            let child = position.play(card).expect("a legal card");
            let child_value = brute_force(&child);
            if child.played_len() > 0 {
                n_tricks - child_value
            } else if child.to_play().side() == player.side() {
                1 + child_value
            } else {
                n_tricks - 1 - child_value
            }
        })
        .max()
        .unwrap_or(0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn rotating_a_deal_rotates_its_table(deal in deal_strategy(5), steps in 1..4usize) {
        let mut solver = Solver::with_memory(1 << 20);
        let table = solver.table(&deal).expect("a legal deal");
        let rotated = solver.table(&deal.rotate(steps)).expect("a legal deal");
        prop_assert_eq!(rotated, table.rotate(steps));
    }

    #[test]
    fn solves_agree_with_brute_force(position in small_position_strategy()) {
        let mut solver = Solver::with_memory(1 << 20);
        prop_assert_eq!(solver.solve(&position), brute_force(&position));
    }

    #[test]
    fn reaches_tells_the_value_apart(position in small_position_strategy()) {
        let value = brute_force(&position);
        let mut solver = Solver::with_memory(1 << 20);
        // Every count up to the value is reached, none above it.
        for tricks in 0..=position.tricks_left() as u8 + 1 {
            prop_assert_eq!(solver.reaches(&position, tricks), tricks <= value, "{} tricks", tricks);
        }
    }

    #[test]
    fn equivalent_cards_change_nothing(deal in deal_strategy(4), strain in strain_strategy(), leader in seat_strategy(), pick in any::<prop::sample::Index>()) {
        // Swapping a held card with an unheld card of its suit, when no held
        // card lies between them, gives the same relative ranks.
        let hands = *deal.hands();
        let held = hands.0.iter().fold(Hand::EMPTY, |acc, hand| acc.union(*hand));
        let mut swaps = Vec::new();
        for suit in Suit::ALL {
            for rank in Rank::DESCENDING {
                let card = Card::new(suit, rank);
                let Some(owner) = deal.owner(card) else { continue };
                for other in Rank::DESCENDING {
                    let lo = rank.min(other);
                    let hi = rank.max(other);
                    let between = Rank::DESCENDING.iter().any(|r| lo < *r && *r < hi && held.contains(Card::new(suit, *r)));
                    if other != rank && !held.contains(Card::new(suit, other)) && !between {
                        swaps.push((owner, card, Card::new(suit, other)));
                    }
                }
            }
        }
        prop_assume!(!swaps.is_empty());
        let (owner, card, other) = *pick.get(&swaps);
        let mut moved = hands;
        moved[owner].remove(card);
        moved[owner].insert(other);
        let moved = Deal::from_hands(moved).expect("still a legal deal");
        let mut solver = Solver::with_memory(1 << 20);
        let table = solver.table(&deal).expect("a legal deal");
        prop_assert_eq!(solver.table(&moved).expect("a legal deal"), table);
        let position = Position::from_deal(&deal, strain, leader).expect("a legal deal");
        let moved_position = Position::from_deal(&moved, strain, leader).expect("a legal deal");
        let values: Vec<u8> = solver.analyse(&position).iter().map(|value| value.tricks).collect();
        let moved_values: Vec<u8> = solver.analyse(&moved_position).iter().map(|value| value.tricks).collect();
        prop_assert_eq!(values, moved_values);
    }

    #[test]
    fn card_values_agree_with_solves_after_each_card(position in position_strategy()) {
        let mut solver = Solver::with_memory(1 << 20);
        let values = solver.analyse(&position);
        let legal: Vec<Card> = position.legal_cards().iter().collect();
        prop_assert_eq!(values.len(), legal.len());
        let n_tricks = position.tricks_left() as u8;
        let player = position.to_play();
        for value in &values {
            let child = position.play(value.card).expect("a legal card");
            let child_value = if child.tricks_left() == 0 { 0 } else { solver.solve(&child) };
            let expected = if child.played_len() > 0 {
                n_tricks - child_value
            } else if child.to_play().side() == player.side() {
                1 + child_value
            } else {
                n_tricks - 1 - child_value
            };
            prop_assert_eq!(value.tricks, expected, "card {}", value.card);
        }
        let best = values.iter().map(|value| value.tricks).max().unwrap_or(0);
        prop_assert_eq!(solver.solve(&position), best);
    }

    #[test]
    fn best_cards_are_the_cards_analyse_values_highest(position in position_strategy(), analyse_first in any::<bool>()) {
        // Either call first, so neither leans on bounds the other stored.
        let mut solver = Solver::with_memory(1 << 20);
        let (values, (value, best)) = if analyse_first {
            let values = solver.analyse(&position);
            (values, solver.best_cards(&position))
        } else {
            let best = solver.best_cards(&position);
            (solver.analyse(&position), best)
        };
        let max = values.iter().map(|value| value.tricks).max().unwrap_or(0);
        let expected: Vec<Card> = values.iter().filter(|value| value.tricks == max).map(|value| value.card).collect();
        prop_assert_eq!(value, max);
        prop_assert_eq!(&best, &expected);
        prop_assert_eq!(Solver::with_memory(1 << 20).solve(&position), value);
        prop_assert_eq!(Solver::with_memory(1 << 20).best_cards_on(&position, None, &ScopedThreads(2)), (value, best));
    }

    /// The position's value given (as a game knows it once the position
    /// before was solved), or one too high, changes no card's value and no
    /// best card, on one thread or two; each asked of a new solver, so that
    /// none leans on bounds another stored.
    #[test]
    fn knowing_the_value_changes_no_answer(position in position_strategy(), more in 0..2u8) {
        let values = Solver::with_memory(1 << 20).analyse(&position);
        let max = values.iter().map(|value| value.tricks).max().unwrap_or(0);
        let given = max + more;
        prop_assert_eq!(&Solver::with_memory(1 << 20).analyse_knowing(&position, Some(given)), &values);
        prop_assert_eq!(&Solver::with_memory(1 << 20).analyse_on(&position, Some(given), &ScopedThreads(2)), &values);
        let best = Solver::with_memory(1 << 20).best_cards(&position);
        prop_assert_eq!(Solver::with_memory(1 << 20).best_cards_knowing(&position, Some(given)), best.clone());
        prop_assert_eq!(Solver::with_memory(1 << 20).best_cards_on(&position, Some(given), &ScopedThreads(2)), best);
    }

    #[test]
    fn one_card_each_follows_the_trick_rule(deal in deal_strategy(1), strain in strain_strategy(), leader in seat_strategy()) {
        let position = Position::from_deal(&deal, strain, leader).expect("a legal deal");
        let cards: Vec<Card> = (0..4).map(|step| deal.hand(leader.rotate(step)).iter().next().expect("one card")).collect();
        let winner = leader.rotate(bridge::winning_index(&cards, strain).expect("four cards"));
        let mut solver = Solver::with_memory(1 << 16);
        prop_assert_eq!(solver.solve(&position), u8::from(winner.side() == leader.side()));
    }

    #[test]
    fn any_hands_give_a_position_or_an_error(
        bits in prop::array::uniform4(any::<u64>()),
        played in prop::collection::vec(0..52u8, 0..5),
        strain in strain_strategy(),
        leader in seat_strategy(),
    ) {
        let hands = BySeat(bits.map(|bits| Hand::from_bits(bits & Hand::FULL_DECK.bits()).expect("masked to the deck")));
        let played: Vec<Card> = played.into_iter().map(card_of).collect();
        if let Ok(position) = Position::new(hands, strain, leader, &played) {
            let mut solver = Solver::with_memory(1 << 16);
            if position.tricks_left() <= 3 {
                prop_assert!(usize::from(solver.solve(&position)) <= position.tricks_left());
            }
        }
    }
}

#[track_caller]
fn check_error(deal: &str, leader: Seat, played: &[&str], expected: &str) {
    let played: Vec<Card> = played.iter().map(|card| card.parse().expect("a card")).collect();
    let actual = match Position::from_pbn(deal, Strain::NoTrump, leader, &played) {
        Ok(_) => "ok".to_owned(),
        Err(err) => err.to_string(),
    };
    assert_eq!(actual, expected);
}

#[test]
fn illegal_positions_are_errors() {
    let one_each = "N:A... K... Q... J...";
    check_error(one_each, Seat::North, &[], "ok");
    check_error(one_each, Seat::North, &["SA"], "card SA is played to the current trick but still held by N");
    check_error(one_each, Seat::North, &["ST", "ST"], "card ST is played twice to the current trick");
    check_error(one_each, Seat::North, &["ST"], "E holds 1 cards; 2 expected");
    check_error(
        one_each,
        Seat::West,
        &["ST", "SQ", "S9"],
        "card SQ is played to the current trick but still held by S",
    );
    check_error(
        one_each,
        Seat::West,
        &["ST", "S9", "S8", "S7"],
        "at most 3 cards can be played to the current trick; found 4",
    );
    check_error("N:AK... Q... J... T...", Seat::North, &[], "E holds 1 cards; 2 expected");
    check_error("N:A.2.. K.4.. Q.3.. J...", Seat::West, &["S9"], "ok");
    check_error(
        "N:A... K...2 Q...3 J...",
        Seat::West,
        &["ST", "H9"],
        "N revoked: played H9 while holding a card of the suit led",
    );
    check_error("N:A... A... Q... J...", Seat::North, &[], "card SA is held by both N and E");
    check_error(
        "N:A... K... Q... J..",
        Seat::North,
        &[],
        "deal string: hand of W: invalid hand \"J..\": expected four holdings separated by dots (AKQ2.KQ3.A54.K32)",
    );
    check_error("N:A... K... Q...", Seat::North, &[], "deal string: expected four hands, found 3");
    check_error("A... K... Q... J...", Seat::North, &[], "deal string: no first seat in \"A... K... Q... J...\"");
    assert!(matches!(Position::new(BySeat::default(), Strain::NoTrump, Seat::North, &[]), Err(PositionError::Empty)));
    let position = Position::from_pbn(one_each, Strain::NoTrump, Seat::North, &[]).expect("legal");
    assert_eq!(
        position.play("SK".parse().expect("a card")).map(|_| ()),
        Err(PositionError::NotHeld { seat: Seat::North, card: "SK".parse().expect("a card") })
    );
}
