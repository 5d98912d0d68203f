//! Positions the solver accepts: the cards still held, the trump strain and
//! the trick in progress, checked once when built.

use bridge::{BySeat, Card, Deal, Hand, ParseHandError, ParseSeatError, Seat, Strain};

/// A legal double-dummy position: four hands, the trump strain, the leader
/// of the current trick and the cards already played to it.
///
/// Built only through [`Position::new`], [`Position::from_deal`] and
/// [`Position::play`], so every value of this type is legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    hands: BySeat<Hand>,
    trump: Strain,
    leader: Seat,
    played: [Option<Card>; 3],
}

/// Why a position is not legal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("at most 3 cards can be played to the current trick; found {0}")]
    TooManyPlayed(usize),
    #[error("card {card} is held by both {first} and {second}")]
    DuplicateCard { card: Card, first: Seat, second: Seat },
    #[error("card {card} is played to the current trick but still held by {seat}")]
    PlayedCardHeld { card: Card, seat: Seat },
    #[error("card {0} is played twice to the current trick")]
    PlayedTwice(Card),
    #[error("{seat} holds {len} cards; {expected} expected")]
    WrongLength { seat: Seat, len: usize, expected: usize },
    #[error("no cards left to play")]
    Empty,
    #[error("{seat} revoked: played {card} while holding a card of the suit led")]
    Revoke { seat: Seat, card: Card },
    #[error("{seat} does not hold {card}")]
    NotHeld { seat: Seat, card: Card },
    #[error("the play is over; {0} cannot be played")]
    Over(Card),
    #[error("deal string: {0}")]
    DealString(String),
}

impl Position {
    /// Checks a position: no card twice, the players who already played to
    /// the current trick hold one card less than the others, and the cards
    /// played to the trick followed suit when they could.
    ///
    /// # Errors
    /// The first rule broken, naming the seat and the card.
    pub fn new(hands: BySeat<Hand>, trump: Strain, leader: Seat, played: &[Card]) -> Result<Position, PositionError> {
        if played.len() > 3 {
            return Err(PositionError::TooManyPlayed(played.len()));
        }
        for (seat, hand) in hands.iter() {
            for (other, other_hand) in hands.iter().filter(|(other, _)| *other > seat) {
                if let Some(card) = hand.intersection(*other_hand).iter().next() {
                    return Err(PositionError::DuplicateCard { card, first: seat, second: other });
                }
            }
        }
        for (idx, card) in played.iter().enumerate() {
            if played[..idx].contains(card) {
                return Err(PositionError::PlayedTwice(*card));
            }
            if let Some((seat, _)) = hands.iter().find(|(_, hand)| hand.contains(*card)) {
                return Err(PositionError::PlayedCardHeld { card: *card, seat });
            }
        }
        let tricks_left = hands[leader].len() + usize::from(!played.is_empty());
        if tricks_left == 0 {
            return Err(PositionError::Empty);
        }
        for step in 0..4 {
            let seat = leader.rotate(step);
            let expected = if step < played.len() { tricks_left - 1 } else { tricks_left };
            let len = hands[seat].len();
            if len != expected || len > 13 {
                return Err(PositionError::WrongLength { seat, len, expected: expected.min(13) });
            }
        }
        if let Some(first) = played.first() {
            for (step, card) in played.iter().enumerate().skip(1) {
                let seat = leader.rotate(step);
                if card.suit != first.suit && hands[seat].suit_len(first.suit) > 0 {
                    return Err(PositionError::Revoke { seat, card: *card });
                }
            }
        }
        let mut res = Position { hands, trump, leader, played: [None; 3] };
        for (slot, card) in res.played.iter_mut().zip(played) {
            *slot = Some(*card);
        }
        Ok(res)
    }

    /// The position before the opening lead of `deal` (or of an end position
    /// where every hand holds the same number of cards), `leader` to lead.
    ///
    /// # Errors
    /// When a hand is unknown (empty) or the deal holds no cards.
    pub fn from_deal(deal: &Deal, trump: Strain, leader: Seat) -> Result<Position, PositionError> {
        Position::new(*deal.hands(), trump, leader, &[])
    }

    /// Reads the hands of a position from a PBN deal string, whose hands may
    /// differ in length by one in the middle of a trick, then checks the
    /// position as [`Position::new`] does.
    ///
    /// # Errors
    /// A deal string that does not parse, or an illegal position.
    pub fn from_pbn(deal: &str, trump: Strain, leader: Seat, played: &[Card]) -> Result<Position, PositionError> {
        let deal = deal.trim();
        let (first, rest) =
            deal.split_once(':').ok_or_else(|| PositionError::DealString(format!("no first seat in {deal:?}")))?;
        let first: Seat = first.parse().map_err(|err: ParseSeatError| PositionError::DealString(err.to_string()))?;
        let words: Vec<&str> = rest.split_whitespace().collect();
        if words.len() != 4 {
            return Err(PositionError::DealString(format!("expected four hands, found {}", words.len())));
        }
        let mut hands = BySeat::<Hand>::default();
        for (idx, word) in words.into_iter().enumerate() {
            let seat = first.rotate(idx);
            hands[seat] = word
                .parse()
                .map_err(|err: ParseHandError| PositionError::DealString(format!("hand of {seat}: {err}")))?;
        }
        Position::new(hands, trump, leader, played)
    }

    /// The cards still held, by seat (not those played to the current trick).
    #[must_use]
    pub const fn hands(&self) -> &BySeat<Hand> {
        &self.hands
    }

    #[must_use]
    pub const fn trump(&self) -> Strain {
        self.trump
    }

    /// The seat that led, or is about to lead, to the current trick.
    #[must_use]
    pub const fn leader(&self) -> Seat {
        self.leader
    }

    /// The cards played to the current trick, in play order.
    pub fn played(&self) -> impl Iterator<Item = Card> + '_ {
        self.played.iter().map_while(|card| *card)
    }

    /// The number of cards played to the current trick (0..=3).
    #[must_use]
    pub fn played_len(&self) -> usize {
        self.played.iter().filter(|card| card.is_some()).count()
    }

    /// The seat to play next.
    #[must_use]
    pub fn to_play(&self) -> Seat {
        self.leader.rotate(self.played_len())
    }

    /// The tricks still to be decided, the current one included.
    #[must_use]
    pub fn tricks_left(&self) -> usize {
        self.hands[self.to_play()].len()
    }

    /// The cards the player to play may play now.
    #[must_use]
    pub fn legal_cards(&self) -> Hand {
        let hand = self.hands[self.to_play()];
        match self.played[0] {
            Some(first) if hand.suit_len(first.suit) > 0 => hand.suit(first.suit),
            _ => hand,
        }
    }

    /// The position after the player to play plays `card`; a completed trick
    /// is gathered and its winner leads to the next.
    ///
    /// # Errors
    /// When the player does not hold `card`, or it does not follow suit.
    pub fn play(&self, card: Card) -> Result<Position, PositionError> {
        let seat = self.to_play();
        if self.hands[seat].is_empty() {
            return Err(PositionError::Over(card));
        }
        if !self.hands[seat].contains(card) {
            return Err(PositionError::NotHeld { seat, card });
        }
        if !self.legal_cards().contains(card) {
            return Err(PositionError::Revoke { seat, card });
        }
        let mut res = *self;
        res.hands[seat].remove(card);
        let len = self.played_len();
        if len < 3 {
            res.played[len] = Some(card);
            return Ok(res);
        }
        let mut cards = [card; 4];
        for (slot, played) in cards.iter_mut().zip(self.played()) {
            *slot = played;
        }
        let winner = bridge::winning_index(&cards, self.trump).unwrap_or(0);
        res.leader = self.leader.rotate(winner);
        res.played = [None; 3];
        Ok(res)
    }
}
