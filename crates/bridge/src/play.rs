//! The play of the cards: following suit, tricks, and replay of a play record.

use crate::{BySeat, Card, Deal, Hand, Seat, Side, Strain, Suit};

/// A trick, complete or in progress: who led and the cards in play order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Trick {
    pub leader: Seat,
    pub cards: Vec<Card>,
}

impl Trick {
    /// The suit led, once a card is down.
    #[must_use]
    pub fn suit_led(&self) -> Option<Suit> {
        self.cards.first().map(|card| card.suit)
    }

    /// The seat that played each card, in order.
    pub fn plays(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        self.cards.iter().enumerate().map(|(idx, card)| (self.leader.rotate(idx), *card))
    }

    /// The seat winning the trick so far: the highest trump, or else the
    /// highest card of the suit led.
    #[must_use]
    pub fn winner(&self, trump: Strain) -> Option<Seat> {
        winning_index(&self.cards, trump).map(|idx| self.leader.rotate(idx))
    }

    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.cards.len() == 4
    }
}

/// The index in `cards` (in play order) of the card that wins: the highest
/// trump, else the highest card of the suit led.
#[must_use]
pub fn winning_index(cards: &[Card], trump: Strain) -> Option<usize> {
    let led = cards.first()?.suit;
    let trump = trump.trump();
    let mut best = 0;
    for (idx, card) in cards.iter().enumerate().skip(1) {
        let top = cards[best];
        let beats = if card.suit == top.suit {
            card.rank > top.rank
        } else {
            Some(card.suit) == trump || (card.suit == led && Some(top.suit) != trump)
        };
        if beats {
            best = idx;
        }
    }
    Some(best)
}

/// Why a card may not be played now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("the play is over; {card} cannot follow")]
    Over { card: Card },
    #[error("{card} was already played")]
    AlreadyPlayed { card: Card },
    #[error("{seat} does not hold {card}")]
    NotOwned { seat: Seat, card: Card },
    #[error("revoke: {seat} plays {card} but holds a card of the suit led ({led})")]
    Revoke { seat: Seat, card: Card, led: Suit },
}

/// A play error and the index of the card that caused it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("card {} of the play ({}): {error}", index + 1, error_card(error))]
pub struct PlayReplayError {
    /// The index of the offending card, from 0.
    pub index: usize,
    pub error: PlayError,
}

fn error_card(error: &PlayError) -> Card {
    match error {
        PlayError::Over { card }
        | PlayError::AlreadyPlayed { card }
        | PlayError::NotOwned { card, .. }
        | PlayError::Revoke { card, .. } => *card,
    }
}

/// The play of a deal in a strain from an opening leader: the cards still
/// held, the tricks so far and the one in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    deal: Deal,
    trump: Strain,
    remaining: BySeat<Hand>,
    played: Hand,
    tricks: Vec<Trick>,
    current: Trick,
    won: [usize; 2],
}

impl Play {
    /// Starts the play of `deal` with `trump`; `leader` leads to the first trick.
    #[must_use]
    pub fn new(deal: Deal, trump: Strain, leader: Seat) -> Play {
        Play {
            deal,
            trump,
            remaining: *deal.hands(),
            played: Hand::EMPTY,
            tricks: Vec::new(),
            current: Trick { leader, cards: Vec::new() },
            won: [0, 0],
        }
    }

    /// Replays `cards` from the opening lead, checking each one.
    ///
    /// # Errors
    /// The first card that may not be played, with its index.
    pub fn replay(
        deal: Deal,
        trump: Strain,
        leader: Seat,
        cards: impl IntoIterator<Item = Card>,
    ) -> Result<Play, PlayReplayError> {
        let mut res = Play::new(deal, trump, leader);
        for (index, card) in cards.into_iter().enumerate() {
            res.play(card).map_err(|error| PlayReplayError { index, error })?;
        }
        Ok(res)
    }

    /// The deal as it was before the first card.
    #[must_use]
    pub const fn deal(&self) -> &Deal {
        &self.deal
    }

    #[must_use]
    pub const fn trump(&self) -> Strain {
        self.trump
    }

    /// The cards each player still holds.
    #[must_use]
    pub const fn remaining(&self) -> &BySeat<Hand> {
        &self.remaining
    }

    /// The completed tricks, in order.
    #[must_use]
    pub fn tricks(&self) -> &[Trick] {
        &self.tricks
    }

    /// The trick in progress (no card yet when a trick has just ended).
    #[must_use]
    pub const fn current_trick(&self) -> &Trick {
        &self.current
    }

    /// Every card played so far, in order.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.tricks.iter().chain(std::iter::once(&self.current)).flat_map(|trick| trick.cards.iter().copied())
    }

    /// Tricks won so far by `side`.
    #[must_use]
    pub const fn tricks_won(&self, side: Side) -> usize {
        self.won[side.index()]
    }

    /// No card is left to play.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.remaining.0.iter().all(|hand| hand.is_empty())
    }

    /// The player to play next, or `None` once the play is over.
    #[must_use]
    pub fn next_player(&self) -> Option<Seat> {
        if self.is_over() {
            return None;
        }
        Some(self.current.leader.rotate(self.current.cards.len()))
    }

    /// The cards the next player may play: the suit led if they hold it,
    /// else any card.
    #[must_use]
    pub fn legal_cards(&self) -> Hand {
        let Some(seat) = self.next_player() else {
            return Hand::EMPTY;
        };
        legal_cards(self.remaining[seat], self.current.suit_led())
    }

    /// Plays `card` for the next player.
    ///
    /// # Errors
    /// Why the card may not be played; the play is unchanged.
    pub fn play(&mut self, card: Card) -> Result<(), PlayError> {
        let Some(seat) = self.next_player() else {
            return Err(PlayError::Over { card });
        };
        if self.played.contains(card) {
            return Err(PlayError::AlreadyPlayed { card });
        }
        let hand = self.remaining[seat];
        if !hand.contains(card) {
            return Err(PlayError::NotOwned { seat, card });
        }
        if let Some(led) = self.current.suit_led() {
            if card.suit != led && hand.suit_len(led) > 0 {
                return Err(PlayError::Revoke { seat, card, led });
            }
        }
        self.remaining[seat].remove(card);
        self.played.insert(card);
        self.current.cards.push(card);
        if self.current.is_complete() {
            let winner = self.current.winner(self.trump).unwrap_or(seat);
            self.won[winner.side().index()] += 1;
            let done = std::mem::replace(&mut self.current, Trick { leader: winner, cards: Vec::new() });
            self.tricks.push(done);
        }
        Ok(())
    }
}

/// The cards of `hand` that may be played to a trick led in `led`.
#[must_use]
pub fn legal_cards(hand: Hand, led: Option<Suit>) -> Hand {
    match led {
        Some(suit) if hand.suit_len(suit) > 0 => hand.suit(suit),
        _ => hand,
    }
}
