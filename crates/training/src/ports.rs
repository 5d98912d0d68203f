//! The ports through which the world reaches the model: randomness, storage and the double-dummy solver.
//!
//! Storage ports are synchronous: the app implements them over its in-memory store (loaded from
//! IndexedDB), the server over its database, tests over the fakes of the `testing` feature.

use bridge::{legal_cards, winning_index, BySeat, Card, Hand, Play, Seat, Strain};

use crate::{Board, BoardId, Bookmark, Collection, CollectionId, Theme, ThemeId, UserId, Vote};

/// A source of random numbers, injected so the model stays pure and tests reproducible.
pub trait RandomSource {
    /// The next 64 random bits.
    fn next_u64(&mut self) -> u64;
}

impl<R: RandomSource + ?Sized> RandomSource for &mut R {
    fn next_u64(&mut self) -> u64 {
        (**self).next_u64()
    }
}

/// Where boards are kept. It stores what it is given: access rules belong to the services.
pub trait BoardRepository {
    /// The board `id`, whoever owns it, in the trash or not.
    fn get(&self, id: &BoardId) -> Option<Board>;
    /// Stores `board`, replacing the one of the same id.
    fn put(&mut self, board: Board);
    /// Removes the board `id` for good, giving it back if it was there.
    fn remove(&mut self, id: &BoardId) -> Option<Board>;
    /// Every board, in no particular order.
    fn all(&self) -> Vec<Board>;
}

/// Where collections are kept.
pub trait CollectionRepository {
    /// The collection `id`, whoever owns it.
    fn get(&self, id: &CollectionId) -> Option<Collection>;
    /// Stores `collection`, replacing the one of the same id.
    fn put(&mut self, collection: Collection);
    /// Removes the collection `id`, giving it back if it was there.
    fn remove(&mut self, id: &CollectionId) -> Option<Collection>;
    /// The collections of `owner`, in no particular order.
    fn owned_by(&self, owner: &UserId) -> Vec<Collection>;
    /// The collections listing the board `id`, whoever owns them.
    fn containing(&self, id: &BoardId) -> Vec<Collection>;
}

/// A position handed to the [`SolverPort`]: the cards still held, the trump strain, the leader of the
/// current trick and the cards already played to it.
///
/// It is made of `bridge` values only, so `training` never depends on the solver crate; the adapter
/// (the app's worker client, or a test) turns it into the solver's own checked position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SolverPosition {
    /// The cards each seat still holds, not counting those played to the current trick.
    pub hands: BySeat<Hand>,
    pub trump: Strain,
    /// The seat that led (or is about to lead) to the current trick.
    pub leader: Seat,
    /// The cards played to the current trick, in play order (0 to 3).
    pub trick: Vec<Card>,
}

impl SolverPosition {
    /// The position of a play in progress.
    #[must_use]
    pub fn of_play(play: &Play) -> SolverPosition {
        let trick = play.current_trick();
        SolverPosition {
            hands: *play.remaining(),
            trump: play.trump(),
            leader: trick.leader,
            trick: trick.cards.clone(),
        }
    }

    /// The seat to play next.
    #[must_use]
    pub fn to_play(&self) -> Seat {
        self.leader.rotate(self.trick.len())
    }

    /// The tricks still to be decided, the current one included.
    #[must_use]
    pub fn tricks_left(&self) -> usize {
        self.hands[self.to_play()].len()
    }

    /// The legal cards of the player to play.
    #[must_use]
    pub fn legal_cards(&self) -> Hand {
        legal_cards(self.hands[self.to_play()], self.trick.first().map(|led| led.suit))
    }

    /// The position once the player to play plays `card`: the card leaves the hand and joins the trick;
    /// a fourth card ends the trick, and its winner leads to the next, empty one. `None` when `card` is
    /// not a legal card of the player to play, or the trick already holds four cards.
    #[must_use]
    pub fn after(&self, card: Card) -> Option<SolverPosition> {
        let seat = self.to_play();
        if 4 <= self.trick.len()
            || !legal_cards(self.hands[seat], self.trick.first().map(|led| led.suit)).contains(card)
        {
            return None;
        }
        let mut next = self.clone();
        next.hands[seat].remove(card);
        next.trick.push(card);
        if next.trick.len() == 4 {
            next.leader = next.leader.rotate(winning_index(&next.trick, next.trump)?);
            next.trick.clear();
        }
        Some(next)
    }

    /// The position once the player to play plays `card`, worth `tricks` here (the tricks the side of
    /// the player to play takes from the current trick on with that card), and the value of that
    /// position (for the side of its own player to play). `None` when `card` cannot be played (see
    /// [`SolverPosition::after`]) or `tricks` cannot be its value: more than the tricks left, none
    /// when the card's side wins the trick, all when the other side wins it.
    #[must_use]
    pub fn value_after(&self, card: Card, tricks: u8) -> Option<(SolverPosition, u8)> {
        let left = u8::try_from(self.tricks_left()).ok()?;
        if left < tricks {
            return None;
        }
        let next = self.after(card)?;
        let value = if !next.trick.is_empty() {
            // The trick goes on, with the other side to play.
            left - tricks
        } else if next.leader.side() == self.to_play().side() {
            // The side of the card won the trick and leads to the rest.
            tricks.checked_sub(1)?
        } else {
            left.checked_sub(1)?.checked_sub(tricks)?
        };
        (usize::from(value) <= next.tricks_left()).then_some((next, value))
    }

    /// The value here of `card` (the tricks the side of the player to play takes from the current
    /// trick on with that card) when the position it reaches is worth `next_value` to the side of its
    /// own player to play: the reverse of [`SolverPosition::value_after`]. `None` when `card` cannot
    /// be played (see [`SolverPosition::after`]) or `next_value` cannot be that position's value.
    #[must_use]
    pub fn value_before(&self, card: Card, next_value: u8) -> Option<u8> {
        let left = u8::try_from(self.tricks_left()).ok()?;
        let next = self.after(card)?;
        if next.tricks_left() < usize::from(next_value) {
            return None;
        }
        if !next.trick.is_empty() {
            // The trick goes on, with the other side to play.
            left.checked_sub(next_value)
        } else if next.leader.side() == self.to_play().side() {
            // The side of the card won the trick and leads to the rest.
            next_value.checked_add(1)
        } else {
            left.checked_sub(1)?.checked_sub(next_value)
        }
    }
}

/// The double-dummy value of one card: the tricks the side of the player to play takes from the
/// current trick on (that trick included) when the card is played now and everyone then plays best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardValue {
    pub card: Card,
    pub tricks: u8,
}

/// The best cards of a position: its value and the legal cards that reach it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BestCards {
    /// The tricks the side of the player to play takes from the current trick on with best play.
    pub tricks: u8,
    /// The legal cards worth `tricks`, in any order.
    pub cards: Vec<Card>,
}

impl BestCards {
    /// The best of `values`, every legal card's value: the highest value and the cards worth it, in
    /// the order of `values`. No card when `values` is empty.
    #[must_use]
    pub fn of_values(values: &[CardValue]) -> BestCards {
        let tricks = values.iter().map(|value| value.tricks).max().unwrap_or(0);
        let cards = values.iter().filter(|value| value.tricks == tricks).map(|value| value.card).collect();
        BestCards { tricks, cards }
    }
}

/// A question the model asks the [`SolverPort`] about a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SolverQuestion {
    /// [`SolverPort::analyse`]: the value of every legal card.
    Analyse(SolverPosition),
    /// [`SolverPort::best_cards`]: the position's value and the cards worth it (the learner's advice,
    /// a claim's check, the robots' cards, and a learner card's cost from the position it reaches).
    BestCards(SolverPosition),
}

impl SolverQuestion {
    /// The position asked about.
    #[must_use]
    pub fn position(&self) -> &SolverPosition {
        match self {
            SolverQuestion::Analyse(position) | SolverQuestion::BestCards(position) => position,
        }
    }
}

/// The double-dummy solver, as the model needs it: the value of every legal card of the player to play,
/// or only the best cards.
///
/// Synchronous, like the storage ports: the app answers from its worker before calling the model
/// (or attaches advice later through [`crate::Journal::attach_advice`]). The model checks every answer:
/// a value missing for a legal card, a card that is not legal or a value above the tricks left is
/// reported as [`crate::JournalError::SolverAnswer`], never trusted.
pub trait SolverPort {
    /// The value of each legal card of the player to play in `position`, in any order.
    fn analyse(&mut self, position: &SolverPosition) -> Vec<CardValue>;

    /// The value of `position` and exactly the legal cards [`SolverPort::analyse`] values at it, in any
    /// order: what a robot and the learner's advice need, which a solver can prove without every
    /// card's exact value (the real one about 17% cheaper). By default, the best of
    /// [`SolverPort::analyse`].
    fn best_cards(&mut self, position: &SolverPosition) -> BestCards {
        BestCards::of_values(&self.analyse(position))
    }
}

impl<S: SolverPort + ?Sized> SolverPort for &mut S {
    fn analyse(&mut self, position: &SolverPosition) -> Vec<CardValue> {
        (**self).analyse(position)
    }

    fn best_cards(&mut self, position: &SolverPosition) -> BestCards {
        (**self).best_cards(position)
    }
}

/// The catalogue of themes.
pub trait ThemeRepository {
    /// The theme `id`.
    fn get(&self, id: &ThemeId) -> Option<Theme>;
    /// Stores `theme`, replacing the one of the same id.
    fn put(&mut self, theme: Theme);
    /// Removes the theme `id`, giving it back if it was there.
    fn remove(&mut self, id: &ThemeId) -> Option<Theme>;
    /// Every theme, in no particular order.
    fn all(&self) -> Vec<Theme>;
}

/// Where bookmarks are kept: at most one per user and board.
pub trait BookmarkRepository {
    /// The bookmark of `user_id` on `board_id`.
    fn get(&self, user_id: &UserId, board_id: &BoardId) -> Option<Bookmark>;
    /// Stores `bookmark`, replacing the one of the same user and board.
    fn put(&mut self, bookmark: Bookmark);
    /// Removes the bookmark of `user_id` on `board_id`, giving it back if it was there.
    fn remove(&mut self, user_id: &UserId, board_id: &BoardId) -> Option<Bookmark>;
    /// The bookmarks of `user_id`, in no particular order.
    fn of_user(&self, user_id: &UserId) -> Vec<Bookmark>;
}

/// Where votes are kept: at most one per user and board.
pub trait VoteRepository {
    /// The vote of `user_id` on `board_id`.
    fn get(&self, user_id: &UserId, board_id: &BoardId) -> Option<Vote>;
    /// Stores the vote of `user_id` on `board_id`, replacing the one there.
    fn put(&mut self, user_id: &UserId, board_id: &BoardId, vote: Vote);
    /// Removes the vote of `user_id` on `board_id`, giving it back if there was one.
    fn remove(&mut self, user_id: &UserId, board_id: &BoardId) -> Option<Vote>;
    /// The votes on `board_id` with their voters, in no particular order.
    fn of_board(&self, board_id: &BoardId) -> Vec<(UserId, Vote)>;
}
