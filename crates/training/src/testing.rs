//! Fakes of the storage ports and of the solver, for tests of the model and of its users.

use std::collections::BTreeMap;

pub use crate::memory::{InMemoryBoards, InMemoryCollections};
use crate::{
    BoardId, Bookmark, BookmarkRepository, CardValue, SolverPort, SolverPosition, Theme, ThemeId, ThemeRepository,
    UserId, Vote, VoteRepository,
};

/// The theme catalogue in a map, by id.
#[derive(Clone, Debug, Default)]
pub struct InMemoryThemes {
    pub themes: BTreeMap<ThemeId, Theme>,
}

impl ThemeRepository for InMemoryThemes {
    fn get(&self, id: &ThemeId) -> Option<Theme> {
        self.themes.get(id).cloned()
    }

    fn put(&mut self, theme: Theme) {
        self.themes.insert(theme.id().clone(), theme);
    }

    fn remove(&mut self, id: &ThemeId) -> Option<Theme> {
        self.themes.remove(id)
    }

    fn all(&self) -> Vec<Theme> {
        self.themes.values().cloned().collect()
    }
}

/// Bookmarks in a map, by user then board.
#[derive(Clone, Debug, Default)]
pub struct InMemoryBookmarks {
    pub bookmarks: BTreeMap<(UserId, BoardId), Bookmark>,
}

impl BookmarkRepository for InMemoryBookmarks {
    fn get(&self, user_id: &UserId, board_id: &BoardId) -> Option<Bookmark> {
        self.bookmarks.get(&(user_id.clone(), board_id.clone())).cloned()
    }

    fn put(&mut self, bookmark: Bookmark) {
        self.bookmarks.insert((bookmark.user_id.clone(), bookmark.board_id.clone()), bookmark);
    }

    fn remove(&mut self, user_id: &UserId, board_id: &BoardId) -> Option<Bookmark> {
        self.bookmarks.remove(&(user_id.clone(), board_id.clone()))
    }

    fn of_user(&self, user_id: &UserId) -> Vec<Bookmark> {
        self.bookmarks.values().filter(|bookmark| &bookmark.user_id == user_id).cloned().collect()
    }
}

/// Votes in a map, by board then user.
#[derive(Clone, Debug, Default)]
pub struct InMemoryVotes {
    pub votes: BTreeMap<(BoardId, UserId), Vote>,
}

impl VoteRepository for InMemoryVotes {
    fn get(&self, user_id: &UserId, board_id: &BoardId) -> Option<Vote> {
        self.votes.get(&(board_id.clone(), user_id.clone())).copied()
    }

    fn put(&mut self, user_id: &UserId, board_id: &BoardId, vote: Vote) {
        self.votes.insert((board_id.clone(), user_id.clone()), vote);
    }

    fn remove(&mut self, user_id: &UserId, board_id: &BoardId) -> Option<Vote> {
        self.votes.remove(&(board_id.clone(), user_id.clone()))
    }

    fn of_board(&self, board_id: &BoardId) -> Vec<(UserId, Vote)> {
        self.votes
            .iter()
            .filter(|((voted, _), _)| voted == board_id)
            .map(|((_, user_id), vote)| (user_id.clone(), *vote))
            .collect()
    }
}

/// A stand-in for the double-dummy solver: instant and deterministic, but not bridge. A legal card is
/// worth `(3 * rank + suit) % (tricks_left + 1)` tricks, so some positions have one best card and
/// others several, which is what the journal's tie-breaking needs exercising on. It counts its calls.
#[derive(Clone, Debug, Default)]
pub struct FakeSolver {
    pub calls: usize,
}

impl SolverPort for FakeSolver {
    fn analyse(&mut self, position: &SolverPosition) -> Vec<CardValue> {
        self.calls += 1;
        let hand = position.hands[position.to_play()];
        let legal = bridge::legal_cards(hand, position.trick.first().map(|card| card.suit));
        let modulus = position.tricks_left() + 1;
        legal
            .iter()
            .map(|card| {
                let value = (3 * card.rank as usize + card.suit as usize) % modulus;
                CardValue { card, tricks: u8::try_from(value).unwrap_or(u8::MAX) }
            })
            .collect()
    }
}
