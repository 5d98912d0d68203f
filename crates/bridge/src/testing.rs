//! Proptest strategies for the rules' vocabulary, deals, auctions, play and games.
//!
//! Enabled by the `testing` feature, for this crate's tests and those of the
//! crates built on it. Every strategy shrinks towards small, simple values:
//! auctions and plays are made of choices among the legal calls or cards, so a
//! failing case shrinks to earlier passes and lower cards.

use proptest::prelude::*;
use proptest::sample::Index;

use crate::{Auction, BySeat, Call, Card, Deal, Game, Hand, Play, Rank, Seat, Strain, Suit, Trick, Vulnerability};

/// Any suit.
pub fn arb_suit() -> impl Strategy<Value = Suit> {
    prop::sample::select(Suit::ALL.to_vec())
}

/// Any rank.
pub fn arb_rank() -> impl Strategy<Value = Rank> {
    prop::sample::select(Rank::DESCENDING.to_vec())
}

/// Any of the 52 cards.
pub fn arb_card() -> impl Strategy<Value = Card> {
    (arb_suit(), arb_rank()).prop_map(|(suit, rank)| Card::new(suit, rank))
}

/// Any seat.
pub fn arb_seat() -> impl Strategy<Value = Seat> {
    prop::sample::select(Seat::ALL.to_vec())
}

/// Any strain, notrump included.
pub fn arb_strain() -> impl Strategy<Value = Strain> {
    prop::sample::select(Strain::ALL.to_vec())
}

/// Any vulnerability.
pub fn arb_vulnerability() -> impl Strategy<Value = Vulnerability> {
    prop::sample::select(vec![
        Vulnerability::None,
        Vulnerability::NorthSouth,
        Vulnerability::EastWest,
        Vulnerability::Both,
    ])
}

/// A complete deal: the 52 cards shuffled, 13 to each player.
pub fn arb_deal() -> impl Strategy<Value = Deal> {
    Just(Hand::FULL_DECK.iter().collect::<Vec<Card>>()).prop_shuffle().prop_map(|deck| {
        let hands = BySeat::from_fn(|seat| deck[13 * seat.index()..13 * (seat.index() + 1)].iter().copied().collect());
        Deal::from_hands(hands).expect("13 distinct cards to each seat form a deal")
    })
}

/// An end position: a complete deal after each player lost the same random
/// cards count (0..=13), so every hand holds as many cards.
pub fn arb_end_position() -> impl Strategy<Value = Deal> {
    (arb_deal(), 0..=13usize).prop_map(|(deal, n_cards)| {
        let hands = deal.hands().map(|hand| hand.iter().take(n_cards).collect::<Hand>());
        Deal::from_hands(hands).expect("equal subsets of a deal's hands form a deal")
    })
}

/// An auction in progress from any dealer: every call legal, possibly complete.
pub fn arb_partial_auction() -> impl Strategy<Value = Auction> {
    (arb_seat(), prop::collection::vec(arb_call_choice(), 0..24)).prop_map(|(dealer, choices)| {
        let mut res = Auction::new(dealer);
        for choice in choices {
            if res.is_complete() {
                break;
            }
            make_call(&mut res, choice);
        }
        res
    })
}

/// A complete auction from any dealer: random legal calls, then passes until
/// the auction ends. Some are passed out.
pub fn arb_auction() -> impl Strategy<Value = Auction> {
    arb_partial_auction().prop_map(|mut auction| {
        while !auction.is_complete() {
            auction.call(Call::Pass).expect("pass is legal until the auction ends");
        }
        auction
    })
}

/// The play of a random complete deal, in any strain from any leader, with
/// some cards (0..=52) played legally.
pub fn arb_partial_play() -> impl Strategy<Value = Play> {
    (arb_deal(), arb_strain(), arb_seat(), prop::collection::vec(any::<Index>(), 0..=52)).prop_map(
        |(deal, trump, leader, choices)| {
            let mut res = Play::new(deal, trump, leader);
            for choice in choices {
                play_card(&mut res, choice);
            }
            res
        },
    )
}

/// The finished play of a random complete deal: all 52 cards played legally.
pub fn arb_play() -> impl Strategy<Value = Play> {
    (arb_deal(), arb_strain(), arb_seat(), prop::collection::vec(any::<Index>(), 52)).prop_map(
        |(deal, trump, leader, choices)| {
            let mut res = Play::new(deal, trump, leader);
            for choice in choices {
                play_card(&mut res, choice);
            }
            res
        },
    )
}

/// A game: a complete deal with its vulnerability, a complete auction and,
/// when there is a contract, some of its play (0..=52 cards), all legal.
pub fn arb_game() -> impl Strategy<Value = Game> {
    (arb_deal(), arb_vulnerability(), arb_auction(), prop::collection::vec(any::<Index>(), 0..=52)).prop_map(
        |(deal, vulnerability, auction, choices)| {
            let play = match (auction.contract(), auction.declarer()) {
                (Some(contract), Some(declarer)) => {
                    let mut play = Play::new(deal, contract.strain(), declarer.next());
                    for choice in choices {
                        play_card(&mut play, choice);
                    }
                    play.cards().collect()
                }
                _ => Vec::new(),
            };
            Game { deal, vulnerability, auction, play }
        },
    )
}

/// A trick of 1 to 4 distinct cards from any leader.
pub fn arb_trick() -> impl Strategy<Value = Trick> {
    (arb_seat(), Just(Hand::FULL_DECK.iter().collect::<Vec<Card>>()).prop_shuffle(), 1..=4usize)
        .prop_map(|(leader, deck, n_cards)| Trick { leader, cards: deck[..n_cards].to_vec() })
}

/// How a random auction picks its next call. Passes and doubles are made
/// likelier than a uniform pick among the legal calls, which are mostly bids.
#[derive(Clone, Copy, Debug)]
enum CallChoice {
    Pass,
    DoubleOrRedouble,
    Any(Index),
}

fn arb_call_choice() -> impl Strategy<Value = CallChoice> {
    prop_oneof![
        2 => Just(CallChoice::Pass),
        1 => Just(CallChoice::DoubleOrRedouble),
        3 => any::<Index>().prop_map(CallChoice::Any),
    ]
}

/// Makes the legal call `choice` picks; nothing once the auction is over.
fn make_call(auction: &mut Auction, choice: CallChoice) {
    let legal = auction.legal_calls();
    if legal.is_empty() {
        return;
    }
    let call = match choice {
        CallChoice::Pass => Call::Pass,
        CallChoice::DoubleOrRedouble if legal.contains(&Call::Double) => Call::Double,
        CallChoice::DoubleOrRedouble if legal.contains(&Call::Redouble) => Call::Redouble,
        CallChoice::DoubleOrRedouble => Call::Pass,
        CallChoice::Any(idx) => *idx.get(&legal),
    };
    auction.call(call).expect("a call from legal_calls is accepted");
}

/// Plays the legal card `choice` picks; nothing once the play is over.
fn play_card(play: &mut Play, choice: Index) {
    let legal: Vec<Card> = play.legal_cards().iter().collect();
    if legal.is_empty() {
        return;
    }
    let card = *choice.get(&legal);
    play.play(card).expect("a card from legal_cards is accepted");
}

/// Sebastiano Vigna's splitmix64: a small, fast, deterministic generator for
/// benchmarks and generated fixtures that must be the same on every run.
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`; slightly biased, which benchmarks do not mind).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// A complete deal from a shuffled deck.
    pub fn deal(&mut self) -> Deal {
        let mut deck: Vec<Card> = Hand::FULL_DECK.iter().collect();
        for idx in (1..deck.len()).rev() {
            deck.swap(idx, self.below(idx + 1));
        }
        let hands = BySeat::from_fn(|seat| deck[seat.index() * 13..seat.index() * 13 + 13].iter().copied().collect());
        match Deal::from_hands(hands) {
            Ok(deal) => deal,
            Err(err) => unreachable!("a shuffled deck always deals a valid deal: {err}"),
        }
    }
}
