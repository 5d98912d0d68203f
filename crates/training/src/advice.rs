//! Solver advice at the learner's decisions, and the review of a play that costs each learner card.
//!
//! Advice is derived data: it can always be asked again of the solver. That is why a journal read back
//! drops advice it cannot trust (an unknown version, an event that is gone, cards that are not the
//! legal ones there) instead of refusing the whole journal.

use bridge::{Card, Hand, Seat};

use crate::{BestCards, CardValue, EventId, JournalError, SolverPosition};

/// The version of the advice format written today. Version 1 held every legal card's value; version 2
/// holds the value of every best card and of the other cards whose value is known (those played
/// there). Both are read; advice of any other version is dropped when read.
pub const ADVICE_VERSION: u32 = 2;

/// The solver's advice at one decision: the value of each of its best cards (every one of them) and
/// of the other legal cards whose value is known (the cards played there that are not among the best),
/// sorted by card; never empty. Advice asked of the solver holds the best cards only
/// ([`Advice::checked_best`]); the value of another card played there comes from the position it
/// reaches ([`Advice::add_value`]), or every card's value from an older record.
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
        values: Vec<CardValue>,
    ) -> Result<Advice, JournalError> {
        Advice::checked_values(position, legal, values, true)
    }

    /// Checks stored values for `position`, whose legal cards are `legal`: the best cards' and maybe
    /// others', each card legal and valued once, no value above the tricks left, at least one card.
    ///
    /// # Errors
    /// [`JournalError::SolverAnswer`] naming the first fault.
    pub(crate) fn checked_known(
        position: &SolverPosition,
        legal: Hand,
        values: Vec<CardValue>,
    ) -> Result<Advice, JournalError> {
        Advice::checked_values(position, legal, values, false)
    }

    /// [`Advice::checked_known`], and when `every` card's value is wanted, none missing.
    fn checked_values(
        position: &SolverPosition,
        legal: Hand,
        mut values: Vec<CardValue>,
        every: bool,
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
        if let Some(card) = legal.difference(seen).iter().next().filter(|_| every) {
            return fault(format!("no value for the legal card {card}"));
        }
        if values.is_empty() {
            return fault("no legal card to value".to_owned());
        }
        Ok(Advice { values })
    }

    /// The advice of a solver's best cards for `position`, whose legal cards are `legal`, checked as
    /// [`Advice::checked_best_cards`] checks them: the best cards, each worth the position's value.
    ///
    /// # Errors
    /// [`JournalError::SolverAnswer`] naming the first fault.
    pub(crate) fn checked_best(
        position: &SolverPosition,
        legal: Hand,
        best: BestCards,
    ) -> Result<Advice, JournalError> {
        let tricks = best.tricks;
        let cards = Advice::checked_best_cards(position, legal, best)?;
        Ok(Advice { values: cards.into_iter().map(|card| CardValue { card, tricks }).collect() })
    }

    /// Adds the value of `card`, a legal card of `position` (the caller checks it) outside the best
    /// cards, found from the position it reaches; a value already known must agree.
    ///
    /// # Errors
    /// [`JournalError::SolverAnswer`] when the value does not fit the advice: above the tricks left,
    /// another value than the one known, or as much as the best cards' for a card that is not among
    /// them.
    pub(crate) fn add_value(&mut self, position: &SolverPosition, card: Card, tricks: u8) -> Result<(), JournalError> {
        let fault = |detail: String| Err(JournalError::SolverAnswer(detail));
        if let Some(known) = self.value(card) {
            return match known == tricks {
                true => Ok(()),
                false => fault(format!("{card} is worth {known} tricks, not {tricks}")),
            };
        }
        let best = self.best();
        if best <= tricks || position.tricks_left() < usize::from(tricks) {
            return fault(format!("{card} is worth {tricks} tricks, yet it is not among the best cards, worth {best}"));
        }
        self.values.push(CardValue { card, tricks });
        bridge::order::sort(&mut self.values);
        Ok(())
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

    /// The values known: every best card's and maybe others', sorted by card (clubs first, twos
    /// first).
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

    /// The value of `card`, if it is known (every best card's is).
    #[must_use]
    pub fn value(&self, card: Card) -> Option<u8> {
        self.values.iter().find(|value| value.card == card).map(|value| value.tricks)
    }

    /// The tricks playing `card` costs: best value minus its value, if that is known (a best card
    /// costs nothing).
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
