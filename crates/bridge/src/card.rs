//! Suits, ranks, cards and strains: the vocabulary every other module uses.

use std::fmt;
use std::str::FromStr;

/// A suit. The discriminant is the suit's bidding order: clubs lowest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Suit {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
}

impl Suit {
    /// Every suit in the order PBN writes a hand: spades, hearts, diamonds, clubs.
    pub const PBN_ORDER: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];
    /// Every suit from the lowest (clubs) to the highest (spades).
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The index of the suit, 0 for clubs to 3 for spades.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit of index `idx` (0 clubs .. 3 spades).
    ///
    /// # Panics
    /// When `idx > 3`.
    #[must_use]
    pub const fn from_index(idx: usize) -> Suit {
        match idx {
            0 => Suit::Clubs,
            1 => Suit::Diamonds,
            2 => Suit::Hearts,
            3 => Suit::Spades,
            _ => panic!("suit index out of range"),
        }
    }

    /// Reads `S`, `H`, `D` or `C`, in either case.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Suit> {
        match c {
            'S' | 's' => Some(Suit::Spades),
            'H' | 'h' => Some(Suit::Hearts),
            'D' | 'd' => Some(Suit::Diamonds),
            'C' | 'c' => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// The PBN letter of the suit: `S`, `H`, `D` or `C`.
    #[must_use]
    pub const fn to_char(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    /// The suit symbol: ♠, ♥, ♦ or ♣.
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    /// Hearts and diamonds are red.
    #[must_use]
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    /// Spades and hearts are the major suits.
    #[must_use]
    pub const fn is_major(self) -> bool {
        matches!(self, Suit::Spades | Suit::Hearts)
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// The rank of a card. The discriminant is the rank's face value, ace high.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Rank {
    Two = 2,
    Three = 3,
    Four = 4,
    Five = 5,
    Six = 6,
    Seven = 7,
    Eight = 8,
    Nine = 9,
    Ten = 10,
    Jack = 11,
    Queen = 12,
    King = 13,
    Ace = 14,
}

impl Rank {
    /// Every rank from the highest (ace) to the lowest (two), the order PBN writes them.
    pub const DESCENDING: [Rank; 13] = [
        Rank::Ace,
        Rank::King,
        Rank::Queen,
        Rank::Jack,
        Rank::Ten,
        Rank::Nine,
        Rank::Eight,
        Rank::Seven,
        Rank::Six,
        Rank::Five,
        Rank::Four,
        Rank::Three,
        Rank::Two,
    ];

    /// The face value: 2 to 14 (ace).
    #[must_use]
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// The rank of face value `value` (2 to 14), if there is one.
    #[must_use]
    pub const fn from_value(value: u8) -> Option<Rank> {
        match value {
            2 => Some(Rank::Two),
            3 => Some(Rank::Three),
            4 => Some(Rank::Four),
            5 => Some(Rank::Five),
            6 => Some(Rank::Six),
            7 => Some(Rank::Seven),
            8 => Some(Rank::Eight),
            9 => Some(Rank::Nine),
            10 => Some(Rank::Ten),
            11 => Some(Rank::Jack),
            12 => Some(Rank::Queen),
            13 => Some(Rank::King),
            14 => Some(Rank::Ace),
            _ => None,
        }
    }

    /// Reads `A K Q J T 9 .. 2`, in either case.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            'A' | 'a' => Some(Rank::Ace),
            'K' | 'k' => Some(Rank::King),
            'Q' | 'q' => Some(Rank::Queen),
            'J' | 'j' => Some(Rank::Jack),
            'T' | 't' => Some(Rank::Ten),
            '9' => Some(Rank::Nine),
            '8' => Some(Rank::Eight),
            '7' => Some(Rank::Seven),
            '6' => Some(Rank::Six),
            '5' => Some(Rank::Five),
            '4' => Some(Rank::Four),
            '3' => Some(Rank::Three),
            '2' => Some(Rank::Two),
            _ => None,
        }
    }

    /// The PBN character of the rank: `A K Q J T 9 .. 2`.
    #[must_use]
    pub const fn to_char(self) -> char {
        match self {
            Rank::Ace => 'A',
            Rank::King => 'K',
            Rank::Queen => 'Q',
            Rank::Jack => 'J',
            Rank::Ten => 'T',
            Rank::Nine => '9',
            Rank::Eight => '8',
            Rank::Seven => '7',
            Rank::Six => '6',
            Rank::Five => '5',
            Rank::Four => '4',
            Rank::Three => '3',
            Rank::Two => '2',
        }
    }

    /// Milton Work high-card points: ace 4, king 3, queen 2, jack 1.
    #[must_use]
    pub const fn hcp(self) -> u8 {
        match self {
            Rank::Ace => 4,
            Rank::King => 3,
            Rank::Queen => 2,
            Rank::Jack => 1,
            _ => 0,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A playing card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Card {
    pub suit: Suit,
    pub rank: Rank,
}

impl Card {
    #[must_use]
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card { suit, rank }
    }

    /// The bit of this card in a [`crate::Hand`]: `16 * suit + rank`.
    #[must_use]
    pub const fn bit_index(self) -> u32 {
        (self.suit as u32) * 16 + self.rank as u32
    }

    /// The card of bit `idx` in a [`crate::Hand`], if it names one.
    #[must_use]
    pub const fn from_bit_index(idx: u32) -> Option<Card> {
        if idx >= 64 {
            return None;
        }
        let suit = Suit::from_index((idx / 16) as usize);
        match Rank::from_value((idx % 16) as u8) {
            Some(rank) => Some(Card { suit, rank }),
            None => None,
        }
    }
}

/// The card string was not a suit followed by a rank.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid card {0:?}: expected a suit (S, H, D, C) then a rank (A K Q J T 9..2, or 10)")]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;

    /// Reads `SA`, `HT`, `D2`, also `H10` and lower case (`cq`).
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let err = || ParseCardError(s.to_owned());
        let mut chars = s.chars();
        let suit = chars.next().and_then(Suit::from_char).ok_or_else(err)?;
        let rank = match chars.as_str() {
            "10" => Rank::Ten,
            rest => {
                let mut rest = rest.chars();
                match (rest.next().and_then(Rank::from_char), rest.next()) {
                    (Some(rank), None) => rank,
                    _ => return Err(err()),
                }
            }
        };
        Ok(Card { suit, rank })
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit, self.rank)
    }
}

/// A strain: the trump suit of a contract, or notrump.
/// The discriminant is the bidding order: clubs lowest, notrump highest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Strain {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
    NoTrump = 4,
}

impl Strain {
    /// Every strain from the lowest (clubs) to the highest (notrump).
    pub const ALL: [Strain; 5] = [Strain::Clubs, Strain::Diamonds, Strain::Hearts, Strain::Spades, Strain::NoTrump];

    /// The trump suit, or `None` for notrump.
    #[must_use]
    pub const fn trump(self) -> Option<Suit> {
        match self {
            Strain::Clubs => Some(Suit::Clubs),
            Strain::Diamonds => Some(Suit::Diamonds),
            Strain::Hearts => Some(Suit::Hearts),
            Strain::Spades => Some(Suit::Spades),
            Strain::NoTrump => None,
        }
    }

    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Reads `S H D C N`, in either case (`NT` is read by [`Strain::from_str`]).
    #[must_use]
    pub const fn from_char(c: char) -> Option<Strain> {
        match c {
            'N' | 'n' => Some(Strain::NoTrump),
            _ => match Suit::from_char(c) {
                Some(suit) => Some(Strain::from_suit(suit)),
                None => None,
            },
        }
    }

    #[must_use]
    pub const fn from_suit(suit: Suit) -> Strain {
        match suit {
            Suit::Clubs => Strain::Clubs,
            Suit::Diamonds => Strain::Diamonds,
            Suit::Hearts => Strain::Hearts,
            Suit::Spades => Strain::Spades,
        }
    }

    /// The PBN spelling: `S H D C NT`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Strain::Clubs => "C",
            Strain::Diamonds => "D",
            Strain::Hearts => "H",
            Strain::Spades => "S",
            Strain::NoTrump => "NT",
        }
    }

    /// The one-letter spelling: `S H D C N`.
    #[must_use]
    pub const fn to_char(self) -> char {
        match self.trump() {
            Some(suit) => suit.to_char(),
            None => 'N',
        }
    }

    /// Clubs and diamonds are minor strains; 20 points a trick.
    #[must_use]
    pub const fn is_minor(self) -> bool {
        matches!(self, Strain::Clubs | Strain::Diamonds)
    }
}

/// The strain string was not one of `C D H S N NT`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid strain {0:?}: expected C, D, H, S or NT")]
pub struct ParseStrainError(pub String);

impl FromStr for Strain {
    type Err = ParseStrainError;

    fn from_str(s: &str) -> Result<Strain, ParseStrainError> {
        match s {
            _ if s.eq_ignore_ascii_case("NT") || s.eq_ignore_ascii_case("N") => Ok(Strain::NoTrump),
            _ => {
                let mut chars = s.chars();
                match (chars.next().and_then(Suit::from_char), chars.next()) {
                    (Some(suit), None) => Ok(Strain::from_suit(suit)),
                    _ => Err(ParseStrainError(s.to_owned())),
                }
            }
        }
    }
}

impl fmt::Display for Strain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
