//! A LIN board written as a PBN game, or back as LIN text.

use std::fmt::Write;

use crate::lin::LinGame;
use crate::pbn::{CommentStyle, Commentary, Item, PbnGame, Pos, Section, Tag, Token, TokenKind};
use crate::{Call, Card, Seat, Suit, Vulnerability};

impl LinGame {
    /// The board as a PBN game, so the PBN import can take it: the tags of
    /// [`PbnGame::from_game`], with the Board tag, the players, the claim as
    /// the Result, each explanation as a note on its call (`=1=` and
    /// `[Note "1:text"]`), and the notes as commentary before the tags.
    #[must_use]
    pub fn to_pbn(&self) -> PbnGame {
        let mut res = PbnGame::from_game(&self.game);
        let mut front: Vec<Item> = self
            .notes
            .iter()
            .filter(|text| !text.is_empty())
            .map(|text| {
                Item::Commentary(Commentary { text: text.clone(), style: CommentStyle::Brace, pos: Pos::default() })
            })
            .collect();
        if let Some(number) = self.board {
            front.push(tag("Board", number.to_string()));
        }
        for (name, seat) in [("West", Seat::West), ("North", Seat::North), ("East", Seat::East), ("South", Seat::South)]
        {
            if !self.players[seat].is_empty() {
                front.push(tag(name, self.players[seat].clone()));
            }
        }
        res.items.splice(0..0, front);

        let mut notes = Vec::new();
        for item in &mut res.items {
            let Item::Tag(tag) = item else { continue };
            match (tag.name.as_str(), &mut tag.section) {
                ("Result", _) => {
                    if let Some(claim) = self.claim {
                        tag.value = claim.to_string();
                    }
                }
                ("Auction", Section::Tokens(tokens)) => {
                    let mut with_notes = Vec::with_capacity(tokens.len());
                    for (idx, token) in std::mem::take(tokens).into_iter().enumerate() {
                        with_notes.push(token);
                        let explanation = self.calls.get(idx).and_then(|call| call.explanation.as_deref());
                        if let Some(text) = explanation {
                            let number = u32::try_from(notes.len() + 1).unwrap_or(u32::MAX);
                            with_notes.push(Token { kind: TokenKind::NoteRef(number), pos: Pos::default() });
                            notes.push(self::tag("Note", format!("{number}:{text}")));
                        }
                    }
                    *tokens = with_notes;
                }
                _ => {}
            }
        }
        if let Some(auction_idx) =
            res.items.iter().position(|item| matches!(item, Item::Tag(tag) if tag.name == "Auction"))
        {
            res.items.splice(auction_idx + 1..auction_idx + 1, notes);
        }
        res
    }

    /// The board as one line of LIN: `pn`, `qx`, `md`, `ah`, `sv`, the notes
    /// as `nt`, the calls with their alerts and explanations, the cards and
    /// the claim. A `|` in a name or a text, which LIN cannot hold, becomes `/`.
    #[must_use]
    pub fn to_lin(&self) -> String {
        let clean = |text: &str| text.replace('|', "/");
        let mut res = String::new();
        if self.players.0.iter().any(|name| !name.is_empty()) {
            let names: Vec<String> = (0..4).map(|idx| clean(&self.players[Seat::South.rotate(idx)])).collect();
            let _ = write!(res, "pn|{}|", names.join(","));
        }
        if let Some(id) = &self.id {
            let _ = write!(res, "qx|{}|", clean(id));
        }
        let dealer = match self.game.dealer() {
            Seat::South => '1',
            Seat::West => '2',
            Seat::North => '3',
            Seat::East => '4',
        };
        let hands: Vec<String> = (0..4)
            .map(|idx| {
                let hand = self.game.deal.hand(Seat::South.rotate(idx));
                let mut text = String::new();
                for suit in Suit::PBN_ORDER {
                    text.push(suit.to_char());
                    text.extend(hand.suit(suit).iter().map(|card| card.rank.to_char()));
                }
                if hand.is_empty() {
                    text.clear();
                }
                text
            })
            .collect();
        let _ = write!(res, "md|{dealer}{}|", hands.join(","));
        if let Some(number) = self.board {
            let _ = write!(res, "ah|Board {number}|");
        }
        let vulnerability = match self.game.vulnerability {
            Vulnerability::None => 'o',
            Vulnerability::NorthSouth => 'n',
            Vulnerability::EastWest => 'e',
            Vulnerability::Both => 'b',
        };
        let _ = write!(res, "sv|{vulnerability}|");
        for note in &self.notes {
            let _ = write!(res, "nt|{}|", clean(note));
        }
        for (idx, call) in self.game.auction.calls().iter().enumerate() {
            let lin_call = self.calls.get(idx).filter(|lin_call| lin_call.call == *call);
            let alert = if lin_call.is_some_and(|lin_call| lin_call.alerted) { "!" } else { "" };
            let _ = write!(res, "mb|{}{alert}|", call_spelling(*call));
            if let Some(text) = lin_call.and_then(|lin_call| lin_call.explanation.as_deref()) {
                let _ = write!(res, "an|{}|", clean(text));
            }
        }
        for card in &self.game.play {
            let _ = write!(res, "pc|{}|", card_spelling(*card));
        }
        if let Some(claim) = self.claim {
            let _ = write!(res, "mc|{claim}|");
        }
        res
    }
}

fn tag(name: &str, value: String) -> Item {
    let pos = Pos::default();
    Item::Tag(Tag { name: name.to_owned(), value, section: Section::Rows(Vec::new()), pos, value_pos: pos })
}

/// `p`, `d`, `r`, `1C`, `3N`.
fn call_spelling(call: Call) -> String {
    match call {
        Call::Pass => "p".to_owned(),
        Call::Double => "d".to_owned(),
        Call::Redouble => "r".to_owned(),
        Call::Bid(bid) => format!("{}{}", bid.level(), bid.strain().to_char()),
    }
}

/// `SA`, `HT`.
fn card_spelling(card: Card) -> String {
    format!("{}{}", card.suit.to_char(), card.rank.to_char())
}
