//! Deals: four hands, complete or an end position, and PBN deal strings.

use std::fmt;
use std::str::FromStr;

use crate::hand::ParseHandError;
use crate::{BySeat, Card, Hand, Seat};

/// Four hands with no card in two of them, and the same number of cards in
/// every known hand. An empty hand is an unknown hand (`-` in PBN) when the
/// others hold cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Deal {
    hands: BySeat<Hand>,
}

/// A deal that breaks a rule; every variant names what to fix.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    #[error("a deal string starts with the first seat and a colon, such as \"N:\"; found {0:?}")]
    FirstSeat(String),
    #[error("a deal string holds four hands separated by spaces; found {0}")]
    HandCount(usize),
    #[error("hand of {seat}: {source}")]
    Hand {
        seat: Seat,
        #[source]
        source: ParseHandError,
    },
    #[error("card {card} is in the hands of both {first} and {second}")]
    Duplicate { card: Card, first: Seat, second: Seat },
    #[error("hands of different lengths: {seat} holds {len} cards, {other} holds {other_len}")]
    UnequalLengths { seat: Seat, len: usize, other: Seat, other_len: usize },
    #[error("a hand holds at most 13 cards; {seat} holds {len}")]
    TooLong { seat: Seat, len: usize },
}

impl Deal {
    /// Checks that no card is held twice and that the known hands have the
    /// same length (empty hands are unknown).
    ///
    /// # Errors
    /// The first rule broken, naming the seats and the card.
    pub fn from_hands(hands: BySeat<Hand>) -> Result<Deal, DealError> {
        check_cards(&hands)?;
        let known: Vec<(Seat, usize)> =
            hands.iter().filter(|(_, hand)| !hand.is_empty()).map(|(seat, hand)| (seat, hand.len())).collect();
        if let Some(&(seat, len)) = known.first() {
            if let Some(&(other, other_len)) = known.iter().find(|(_, other_len)| *other_len != len) {
                return Err(DealError::UnequalLengths { seat, len, other, other_len });
            }
        }
        Ok(Deal { hands })
    }

    /// The same check as [`Deal::from_hands`], except that the hands may
    /// differ in length by one: an end position in the middle of a trick,
    /// where some players have already played to it.
    ///
    /// # Errors
    /// A duplicate card, or hands whose lengths differ by more than one.
    pub fn from_hands_in_trick(hands: BySeat<Hand>) -> Result<Deal, DealError> {
        check_cards(&hands)?;
        let longest = hands.0.iter().map(|hand| hand.len()).max().unwrap_or(0);
        for (seat, hand) in hands.iter() {
            if hand.len() + 1 < longest {
                let other = hands.iter().find(|(_, hand)| hand.len() == longest).map_or(seat, |(other, _)| other);
                return Err(DealError::UnequalLengths { seat, len: hand.len(), other, other_len: longest });
            }
        }
        Ok(Deal { hands })
    }

    /// The hands, indexed by seat.
    #[must_use]
    pub const fn hands(&self) -> &BySeat<Hand> {
        &self.hands
    }

    #[must_use]
    pub fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat]
    }

    /// The seat holding `card`, if any.
    #[must_use]
    pub fn owner(&self, card: Card) -> Option<Seat> {
        self.hands.iter().find(|(_, hand)| hand.contains(card)).map(|(seat, _)| seat)
    }

    /// All 52 cards are dealt, 13 to each player.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.hands.0.iter().all(|hand| hand.len() == 13)
    }

    /// The number of cards each known hand holds.
    #[must_use]
    pub fn hand_len(&self) -> usize {
        self.hands.0.iter().map(|hand| hand.len()).max().unwrap_or(0)
    }

    /// When exactly one hand is unknown and the other three hold 13 cards,
    /// gives it the 13 remaining cards. Otherwise returns the deal unchanged.
    #[must_use]
    pub fn complete_fourth_hand(self) -> Deal {
        let unknown: Vec<Seat> = self.hands.iter().filter(|(_, hand)| hand.is_empty()).map(|(seat, _)| seat).collect();
        if unknown.len() != 1 || self.hand_len() != 13 {
            return self;
        }
        let dealt = self.hands.0.iter().fold(Hand::EMPTY, |acc, hand| acc.union(*hand));
        let mut hands = self.hands;
        hands[unknown[0]] = Hand::FULL_DECK.difference(dealt);
        Deal { hands }
    }

    /// A deal from a deck shuffled with `next_u64`, a source of uniform
    /// random numbers (Fisher–Yates; the modulo bias over 64 bits is far
    /// below anything a player could notice).
    #[must_use]
    pub fn shuffled(mut next_u64: impl FnMut() -> u64) -> Deal {
        let mut cards: Vec<Card> = Hand::FULL_DECK.iter().collect();
        for idx in (1..cards.len()).rev() {
            let pick = usize::try_from(next_u64() % (idx as u64 + 1)).unwrap_or(idx);
            cards.swap(idx, pick);
        }
        let mut hands = BySeat::<Hand>::default();
        for (idx, card) in cards.into_iter().enumerate() {
            hands[Seat::ALL[idx % 4]].insert(card);
        }
        Deal { hands }
    }

    /// The deal with every hand moved `steps` seats clockwise.
    #[must_use]
    pub fn rotate(self, steps: usize) -> Deal {
        Deal { hands: self.hands.rotate(steps) }
    }

    /// The PBN deal string starting with `first`: `N:AKQ2.KQ3.A54.K32 ...`.
    #[must_use]
    pub fn to_pbn(&self, first: Seat) -> String {
        let mut res = format!("{}:", first.to_char());
        for idx in 0..4 {
            if idx > 0 {
                res.push(' ');
            }
            let hand = self.hands[first.rotate(idx)];
            if hand.is_empty() && self.hand_len() > 0 {
                res.push('-');
            } else {
                res.push_str(&hand.to_string());
            }
        }
        res
    }
}

impl FromStr for Deal {
    type Err = DealError;

    /// Reads a PBN deal string: the first seat, a colon, then four hands
    /// clockwise separated by white space; `-` stands for an unknown hand.
    fn from_str(s: &str) -> Result<Deal, DealError> {
        let s = s.trim();
        let (first, rest) = s.split_once(':').ok_or_else(|| DealError::FirstSeat(s.to_owned()))?;
        let first: Seat = first.trim().parse().map_err(|_| DealError::FirstSeat(s.to_owned()))?;
        let tokens: Vec<&str> = rest.split_whitespace().collect();
        if tokens.len() != 4 {
            return Err(DealError::HandCount(tokens.len()));
        }
        let mut hands = BySeat::<Hand>::default();
        for (idx, token) in tokens.into_iter().enumerate() {
            let seat = first.rotate(idx);
            if token == "-" {
                continue;
            }
            hands[seat] = token.parse().map_err(|source| DealError::Hand { seat, source })?;
        }
        Deal::from_hands(hands)
    }
}

impl fmt::Display for Deal {
    /// The PBN deal string from North.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pbn(Seat::North))
    }
}

/// No hand longer than 13 cards, no card in two hands.
fn check_cards(hands: &BySeat<Hand>) -> Result<(), DealError> {
    for (seat, hand) in hands.iter() {
        if hand.len() > 13 {
            return Err(DealError::TooLong { seat, len: hand.len() });
        }
        for (other, other_hand) in hands.iter().filter(|(other, _)| *other > seat) {
            if let Some(card) = hand.intersection(*other_hand).iter().next() {
                return Err(DealError::Duplicate { card, first: seat, second: other });
            }
        }
    }
    Ok(())
}
