//! Solver advice at the learner's decisions, and the review of a play that costs each learner card.
//!
//! Advice is derived data: it can always be asked again of the solver. That is why a journal read back
//! drops advice it cannot trust (an unknown version, an event that is gone, cards that are not the
//! legal ones there) instead of refusing the whole journal.

use bridge::{Card, Hand, Seat};

use crate::{BestCards, CardValue, EventId, JournalError, SolverPosition};

/// The version of the advice format written today; advice of any other version is dropped when read.
pub const ADVICE_VERSION: u32 = 1;

/// The solver's value of every legal card at one decision, sorted by card; never empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advice {
    values: Vec<CardValue>,
}

/// The review of a play: declarer's tricks once finished, and every trick played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayReview {
    pub declarer_tricks: Option<u8>,
    pub tricks: Vec<TrickReview>,
}

/// One trick of a review, complete or in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickReview {
    pub leader: Seat,
    /// Once the trick is complete.
    pub winner: Option<Seat>,
    pub cards: Vec<CardReview>,
}

/// One card of a review.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardReview {
    /// The `CardPlayed` event.
    pub event: EventId,
    pub seat: Seat,
    pub card: Card,
    pub by_learner: bool,
    /// For a learner card with advice at its decision: the value of the best card minus the value of
    /// this one, the tricks it cost (0 for a best card). `None` for robots' cards and without advice.
    pub cost: Option<u8>,
}

impl Advice {
    /// Checks a solver's answer for `position`, whose legal cards are `legal`: one value per legal
    /// card, no other card, no value above the tricks left.
    ///
    /// # Errors
    /// [`JournalError::SolverAnswer`] naming the first fault.
    pub(crate) fn checked(
        position: &SolverPosition,
        legal: Hand,
        mut values: Vec<CardValue>,
    ) -> Result<Advice, JournalError> {
        let fault = |detail: String| Err(JournalError::SolverAnswer(detail));
        let tricks_left = position.tricks_left();
        bridge::order::sort(&mut values);
        let mut seen = Hand::EMPTY;
        for value in &values {
            if !legal.contains(value.card) {
                return fault(format!("{} is not a legal card", value.card));
            }
            if !seen.insert(value.card) {
                return fault(format!("{} is valued twice", value.card));
            }
            if tricks_left < usize::from(value.tricks) {
                return fault(format!("{} is worth {} tricks of the {tricks_left} left", value.card, value.tricks));
            }
        }
        if let Some(card) = legal.difference(seen).iter().next() {
            return fault(format!("no value for the legal card {card}"));
        }
        if values.is_empty() {
            return fault("no legal card to value".to_owned());
        }
        Ok(Advice { values })
    }

    /// Checks a solver's best cards for `position`, whose legal cards are `legal`: at least one card,
    /// every one legal and named once, a value within the tricks left. The cards, sorted as
    /// [`Advice::best_cards`] sorts them.
    ///
    /// # Errors
    /// [`JournalError::SolverAnswer`] naming the first fault.
    pub(crate) fn checked_best_cards(
        position: &SolverPosition,
        legal: Hand,
        best: BestCards,
    ) -> Result<Vec<Card>, JournalError> {
        let fault = |detail: String| Err(JournalError::SolverAnswer(detail));
        let tricks_left = position.tricks_left();
        if tricks_left < usize::from(best.tricks) {
            return fault(format!("the best cards are worth {} tricks of the {tricks_left} left", best.tricks));
        }
        let mut cards = best.cards;
        bridge::order::sort(&mut cards);
        let mut seen = Hand::EMPTY;
        for card in &cards {
            if !legal.contains(*card) {
                return fault(format!("{card} is not a legal card"));
            }
            if !seen.insert(*card) {
                return fault(format!("{card} is named twice"));
            }
        }
        if cards.is_empty() {
            return fault("no best card".to_owned());
        }
        Ok(cards)
    }

    /// The value of each legal card, sorted by card (clubs first, twos first).
    #[must_use]
    pub fn values(&self) -> &[CardValue] {
        &self.values
    }

    /// The value of the best card: the tricks the side to play takes with best play.
    #[must_use]
    pub fn best(&self) -> u8 {
        self.values.iter().map(|value| value.tricks).max().unwrap_or(0)
    }

    /// The cards worth [`Advice::best`], sorted by card.
    #[must_use]
    pub fn best_cards(&self) -> Vec<Card> {
        let best = self.best();
        self.values.iter().filter(|value| value.tricks == best).map(|value| value.card).collect()
    }

    /// The value of `card`, if it is one of the legal cards.
    #[must_use]
    pub fn value(&self, card: Card) -> Option<u8> {
        self.values.iter().find(|value| value.card == card).map(|value| value.tricks)
    }

    /// The tricks playing `card` costs: best value minus its value.
    #[must_use]
    pub fn cost(&self, card: Card) -> Option<u8> {
        self.value(card).map(|value| self.best() - value)
    }
}

impl PlayReview {
    /// The learner's cards, in play order.
    pub fn learner_cards(&self) -> impl Iterator<Item = &CardReview> + '_ {
        self.tricks.iter().flat_map(|trick| trick.cards.iter()).filter(|card| card.by_learner)
    }

    /// The tricks the learner's known costs add up to.
    #[must_use]
    pub fn total_cost(&self) -> u32 {
        self.learner_cards().filter_map(|card| card.cost).map(u32::from).sum()
    }
}
