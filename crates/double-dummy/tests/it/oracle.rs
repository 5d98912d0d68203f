//! pons-dds (a port of DDS) as an oracle: every card's value in 7-card
//! endings cut from seeded random deals, with each strain and leader, and
//! after a card or two of the first trick.

use bridge::testing::SplitMix64;
use bridge::{BySeat, Card, Deal, Hand, Rank, Seat, Strain, Suit};
use double_dummy::{Position, Solver};

/// Endings solved; each takes about ten milliseconds with both solvers.
const ENDINGS: usize = 100;

#[test]
fn card_values_agree_with_pons_dds_in_endings() {
    let mut rng = SplitMix64(0x0DD5_0A1C);
    let mut solver = Solver::with_memory(8 << 20);
    let mut reference = pons_dds::Solver::new(contract_bridge::Strain::Notrump);
    for _ in 0..ENDINGS {
        let deal = rng.deal();
        // Seven cards of each hand, drawn at random.
        let hands = BySeat::from_fn(|seat| {
            let mut cards: Vec<Card> = deal.hand(seat).iter().collect();
            for idx in (1..cards.len()).rev() {
                cards.swap(idx, rng.below(idx + 1));
            }
            cards[..7].iter().copied().collect::<Hand>()
        });
        let ending = Deal::from_hands(hands).expect("seven cards of each hand of a deal");
        let strain = Strain::ALL[rng.below(5)];
        let leader = Seat::ALL[rng.below(4)];
        let mut position = Position::from_deal(&ending, strain, leader).expect("a legal ending");
        for _ in 0..rng.below(3) {
            let legal: Vec<Card> = position.legal_cards().iter().collect();
            position = position.play(legal[rng.below(legal.len())]).expect("a legal card");
        }
        let ours: Vec<(Card, u8)> = solver.analyse(&position).iter().map(|value| (value.card, value.tricks)).collect();
        let mut theirs = pons_values(&mut reference, &position);
        theirs.sort_by_key(|(card, _)| (std::cmp::Reverse(card.suit), std::cmp::Reverse(card.rank)));
        assert_eq!(ours, theirs, "card values of {position:?}");
    }
}

/// Every legal card's value by pons-dds, equivalent cards expanded.
fn pons_values(reference: &mut pons_dds::Solver, position: &Position) -> Vec<(Card, u8)> {
    let remaining: contract_bridge::PartialDeal =
        hands_pbn(position).parse().expect("our hands read as a pons-dds partial deal");
    let strain: contract_bridge::Strain = match position.trump() {
        Strain::NoTrump => contract_bridge::Strain::Notrump,
        strain => strain.as_str().parse().expect("suit strains are spelled alike"),
    };
    let played: Vec<contract_bridge::Card> =
        position.played().map(|card| card.to_string().parse().expect("cards are spelled alike")).collect();
    let trick = pons_dds::CurrentTrick::from_slice(strain, pons_seat(position.leader()), &played)
        .expect("the trick of a legal position");
    let board = pons_dds::Board::try_new(remaining, trick).expect("a legal position");
    let found = reference.solve_board(&pons_dds::Objective { board, target: pons_dds::Target::Legal });
    let mut res = Vec::new();
    for play in &found.plays {
        let score = play.score.get();
        res.push((our_card(play.card), score));
        for rank in play.equals {
            res.push((our_card(contract_bridge::Card { suit: play.card.suit, rank }), score));
        }
    }
    res
}

/// The hands of a position as a PBN deal string from North.
fn hands_pbn(position: &Position) -> String {
    format!("N:{}", Seat::ALL.map(|seat| position.hands()[seat].to_string()).join(" "))
}

fn pons_seat(seat: Seat) -> contract_bridge::Seat {
    [
        contract_bridge::Seat::North,
        contract_bridge::Seat::East,
        contract_bridge::Seat::South,
        contract_bridge::Seat::West,
    ][seat.index()]
}

fn our_card(card: contract_bridge::Card) -> Card {
    let rank = Rank::from_value(card.rank.get()).expect("ranks are 2..=14 in both crates");
    Card::new(Suit::from_index(card.suit as usize), rank)
}
