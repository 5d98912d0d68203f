//! The words the components show, provided by the app through a context.

use std::rc::Rc;

use bridge::{Call, Card, Contract, Rank, Seat, Suit, Vulnerability};
use yew::prelude::*;

/// Every piece of text a component may show. The app provides it through a
/// `ContextProvider<Rc<Strings>>`; without one, components use English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strings {
    pub north: String,
    pub east: String,
    pub south: String,
    pub west: String,
    pub dealer: String,
    pub vulnerability: String,
    pub vulnerable_none: String,
    pub vulnerable_ns: String,
    pub vulnerable_ew: String,
    pub vulnerable_both: String,
    pub void: String,
    /// The call Pass.
    pub pass: String,
    /// Notrump in a bid, such as `NT` or `SA`.
    pub notrump: String,
    /// The suits' names, spades first, as assistive technology reads a
    /// suit's symbol.
    pub suits: [String; 4],
    /// The honours' letters, the ace first: `A K Q J` in English, `A R D
    /// V` in French.
    pub honours: [String; 4],
}

impl Strings {
    #[must_use]
    pub fn seat(&self, seat: Seat) -> &str {
        match seat {
            Seat::North => &self.north,
            Seat::East => &self.east,
            Seat::South => &self.south,
            Seat::West => &self.west,
        }
    }

    /// A suit's name, read in place of its symbol.
    #[must_use]
    pub fn suit(&self, suit: Suit) -> &str {
        &self.suits[3 - suit.index()]
    }

    /// A rank as players of the language write it: `10` for the ten, the
    /// honours by their letters.
    #[must_use]
    pub fn rank(&self, rank: Rank) -> String {
        match rank {
            Rank::Ace => self.honours[0].clone(),
            Rank::King => self.honours[1].clone(),
            Rank::Queen => self.honours[2].clone(),
            Rank::Jack => self.honours[3].clone(),
            Rank::Ten => "10".to_owned(),
            other => other.to_char().to_string(),
        }
    }

    /// A card as players write it: the suit's symbol and the rank, `♠10`,
    /// `♥D` in French.
    #[must_use]
    pub fn card_label(&self, card: Card) -> String {
        format!("{}{}", card.suit.symbol(), self.rank(card.rank))
    }

    /// A call as players write it in plain text: `1♠`, `3NT` (`3SA` in
    /// French), `Pass` (`Passe`), `X`, `XX`. The auction's table writes
    /// the same, its suits coloured.
    #[must_use]
    pub fn call_text(&self, call: Call) -> String {
        match call {
            Call::Pass => self.pass.clone(),
            Call::Double => "X".to_owned(),
            Call::Redouble => "XX".to_owned(),
            Call::Bid(bid) => match bid.strain().trump() {
                Some(suit) => format!("{}{}", bid.level(), suit.symbol()),
                None => format!("{}{}", bid.level(), self.notrump),
            },
        }
    }

    /// A contract as players write it: its bid as [`Strings::call_text`],
    /// then `X` or `XX` when doubled or redoubled.
    #[must_use]
    pub fn contract_text(&self, contract: Contract) -> String {
        format!("{}{}", self.call_text(Call::Bid(contract.bid)), contract.penalty.as_str())
    }

    /// A card as assistive technology reads it: the suit's name and the
    /// rank as written (`spades 10`), where the screen shows `♠10`.
    #[must_use]
    pub fn card(&self, card: Card) -> String {
        format!("{} {}", self.suit(card.suit), self.rank(card.rank))
    }

    #[must_use]
    pub fn vulnerability(&self, vulnerability: Vulnerability) -> &str {
        match vulnerability {
            Vulnerability::None => &self.vulnerable_none,
            Vulnerability::NorthSouth => &self.vulnerable_ns,
            Vulnerability::EastWest => &self.vulnerable_ew,
            Vulnerability::Both => &self.vulnerable_both,
        }
    }
}

impl Default for Strings {
    fn default() -> Strings {
        Strings {
            north: "North".into(),
            east: "East".into(),
            south: "South".into(),
            west: "West".into(),
            dealer: "Dealer".into(),
            vulnerability: "Vulnerable".into(),
            vulnerable_none: "None".into(),
            vulnerable_ns: "North-South".into(),
            vulnerable_ew: "East-West".into(),
            vulnerable_both: "All".into(),
            void: "—".into(),
            pass: "Pass".into(),
            notrump: "NT".into(),
            suits: ["spades".into(), "hearts".into(), "diamonds".into(), "clubs".into()],
            honours: ["A".into(), "K".into(), "Q".into(), "J".into()],
        }
    }
}

/// The strings of the nearest provider, or English.
#[hook]
pub fn use_strings() -> Rc<Strings> {
    use_context::<Rc<Strings>>().unwrap_or_default()
}
