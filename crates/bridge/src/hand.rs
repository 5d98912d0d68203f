//! A set of cards as a 64-bit set: 16 bits a suit, bit `rank` within its suit.

use std::fmt;
use std::str::FromStr;

use crate::{Card, Rank, Suit};

/// A set of cards. Bit `16 * suit + rank` holds the card, so each suit is a
/// 16-bit holding with bits 2 (the two) to 14 (the ace).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hand(u64);

/// The bits of a holding that name a rank (2..=14).
const HOLDING_MASK: u16 = 0x7FFC;

impl Hand {
    /// No cards.
    pub const EMPTY: Hand = Hand(0);
    /// All 52 cards.
    pub const FULL_DECK: Hand = Hand(
        (HOLDING_MASK as u64) | (HOLDING_MASK as u64) << 16 | (HOLDING_MASK as u64) << 32 | (HOLDING_MASK as u64) << 48,
    );

    /// The set whose bits are `bits`, or `None` when a bit names no card.
    #[must_use]
    pub const fn from_bits(bits: u64) -> Option<Hand> {
        if bits & !Hand::FULL_DECK.0 == 0 {
            Some(Hand(bits))
        } else {
            None
        }
    }

    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[must_use]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.bit_index()) != 0
    }

    /// Adds `card`; returns whether it was absent.
    pub fn insert(&mut self, card: Card) -> bool {
        let absent = !self.contains(card);
        self.0 |= 1 << card.bit_index();
        absent
    }

    /// Removes `card`; returns whether it was present.
    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !(1 << card.bit_index());
        present
    }

    #[must_use]
    pub const fn union(self, other: Hand) -> Hand {
        Hand(self.0 | other.0)
    }

    #[must_use]
    pub const fn intersection(self, other: Hand) -> Hand {
        Hand(self.0 & other.0)
    }

    #[must_use]
    pub const fn difference(self, other: Hand) -> Hand {
        Hand(self.0 & !other.0)
    }

    /// The 16-bit holding of `suit`: bit `rank` set for each card held.
    #[must_use]
    pub const fn holding(self, suit: Suit) -> u16 {
        (self.0 >> (16 * suit as u32)) as u16
    }

    /// The cards of `suit` only.
    #[must_use]
    pub const fn suit(self, suit: Suit) -> Hand {
        Hand(self.0 & ((HOLDING_MASK as u64) << (16 * suit as u32)))
    }

    /// The number of cards held in `suit`.
    #[must_use]
    pub const fn suit_len(self, suit: Suit) -> usize {
        self.holding(suit).count_ones() as usize
    }

    /// Milton Work high-card points.
    #[must_use]
    pub fn hcp(self) -> u32 {
        self.iter().map(|card| u32::from(card.rank.hcp())).sum()
    }

    /// The cards from the highest spade to the lowest club.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = Card> {
        Suit::PBN_ORDER.into_iter().flat_map(move |suit| {
            Rank::DESCENDING.into_iter().map(move |rank| Card::new(suit, rank)).filter(move |card| self.contains(*card))
        })
    }
}

impl FromIterator<Card> for Hand {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Hand {
        let mut res = Hand::EMPTY;
        for card in iter {
            res.insert(card);
        }
        res
    }
}

/// A PBN hand that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseHandError {
    #[error("invalid hand {0:?}: expected four holdings separated by dots (AKQ2.KQ3.A54.K32)")]
    Shape(String),
    #[error("invalid rank {rank:?} in hand {hand:?}")]
    Rank { hand: String, rank: char },
    #[error("card {card} appears twice in hand {hand:?}")]
    Duplicate { hand: String, card: Card },
}

impl FromStr for Hand {
    type Err = ParseHandError;

    /// Reads a PBN hand: `spades.hearts.diamonds.clubs`, ranks in any order
    /// and case, `10` accepted for the ten.
    fn from_str(s: &str) -> Result<Hand, ParseHandError> {
        let holdings: Vec<&str> = s.split('.').collect();
        if holdings.len() != 4 {
            return Err(ParseHandError::Shape(s.to_owned()));
        }
        let mut res = Hand::EMPTY;
        for (suit, holding) in Suit::PBN_ORDER.into_iter().zip(holdings) {
            let holding = holding.replace("10", "T");
            for c in holding.chars() {
                let rank = Rank::from_char(c).ok_or_else(|| ParseHandError::Rank { hand: s.to_owned(), rank: c })?;
                let card = Card::new(suit, rank);
                if !res.insert(card) {
                    return Err(ParseHandError::Duplicate { hand: s.to_owned(), card });
                }
            }
        }
        Ok(res)
    }
}

impl fmt::Display for Hand {
    /// Writes the PBN hand: `AKQ2.KQ3.A54.K32`, ranks from high to low.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (idx, suit) in Suit::PBN_ORDER.into_iter().enumerate() {
            if idx > 0 {
                f.write_str(".")?;
            }
            for rank in Rank::DESCENDING {
                if self.contains(Card::new(suit, rank)) {
                    write!(f, "{}", rank.to_char())?;
                }
            }
        }
        Ok(())
    }
}
