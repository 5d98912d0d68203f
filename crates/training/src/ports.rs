//! The ports through which the world reaches the model: randomness and storage (and, later, the solver).
//!
//! Storage ports are synchronous: the app implements them over its in-memory store (loaded from
//! IndexedDB), the server over its database, tests over the fakes of the `testing` feature.

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
    fn get(&self, id: &CollectionId) -> Option<Collection>;
    /// Stores `collection`, replacing the one of the same id.
    fn put(&mut self, collection: Collection);
    fn remove(&mut self, id: &CollectionId) -> Option<Collection>;
    /// The collections of `owner`, in no particular order.
    fn owned_by(&self, owner: &UserId) -> Vec<Collection>;
    /// The collections listing the board `id`, whoever owns them.
    fn containing(&self, id: &BoardId) -> Vec<Collection>;
}

/// The catalogue of themes.
pub trait ThemeRepository {
    fn get(&self, id: &ThemeId) -> Option<Theme>;
    /// Stores `theme`, replacing the one of the same id.
    fn put(&mut self, theme: Theme);
    fn remove(&mut self, id: &ThemeId) -> Option<Theme>;
    /// Every theme, in no particular order.
    fn all(&self) -> Vec<Theme>;
}

/// Where bookmarks are kept: at most one per user and board.
pub trait BookmarkRepository {
    fn get(&self, user_id: &UserId, board_id: &BoardId) -> Option<Bookmark>;
    /// Stores `bookmark`, replacing the one of the same user and board.
    fn put(&mut self, bookmark: Bookmark);
    fn remove(&mut self, user_id: &UserId, board_id: &BoardId) -> Option<Bookmark>;
    /// The bookmarks of `user_id`, in no particular order.
    fn of_user(&self, user_id: &UserId) -> Vec<Bookmark>;
}

/// Where votes are kept: at most one per user and board.
pub trait VoteRepository {
    fn get(&self, user_id: &UserId, board_id: &BoardId) -> Option<Vote>;
    /// Stores the vote of `user_id` on `board_id`, replacing the one there.
    fn put(&mut self, user_id: &UserId, board_id: &BoardId, vote: Vote);
    fn remove(&mut self, user_id: &UserId, board_id: &BoardId) -> Option<Vote>;
    /// The votes on `board_id` with their voters, in no particular order.
    fn of_board(&self, board_id: &BoardId) -> Vec<(UserId, Vote)>;
}
