//! In-memory fakes of the storage ports, for tests of the model and of its users.

use std::collections::BTreeMap;

use crate::{
    Board, BoardId, BoardRepository, Bookmark, BookmarkRepository, Collection, CollectionId, CollectionRepository,
    Theme, ThemeId, ThemeRepository, UserId, Vote, VoteRepository,
};

/// Boards in a map, by id.
#[derive(Clone, Debug, Default)]
pub struct InMemoryBoards {
    pub boards: BTreeMap<BoardId, Board>,
}

impl BoardRepository for InMemoryBoards {
    fn get(&self, id: &BoardId) -> Option<Board> {
        self.boards.get(id).cloned()
    }

    fn put(&mut self, board: Board) {
        self.boards.insert(board.id.clone(), board);
    }

    fn remove(&mut self, id: &BoardId) -> Option<Board> {
        self.boards.remove(id)
    }

    fn all(&self) -> Vec<Board> {
        self.boards.values().cloned().collect()
    }
}

/// Collections in a map, by id.
#[derive(Clone, Debug, Default)]
pub struct InMemoryCollections {
    pub collections: BTreeMap<CollectionId, Collection>,
}

impl CollectionRepository for InMemoryCollections {
    fn get(&self, id: &CollectionId) -> Option<Collection> {
        self.collections.get(id).cloned()
    }

    fn put(&mut self, collection: Collection) {
        self.collections.insert(collection.id.clone(), collection);
    }

    fn remove(&mut self, id: &CollectionId) -> Option<Collection> {
        self.collections.remove(id)
    }

    fn owned_by(&self, owner: &UserId) -> Vec<Collection> {
        self.collections.values().filter(|collection| &collection.owner == owner).cloned().collect()
    }

    fn containing(&self, id: &BoardId) -> Vec<Collection> {
        self.collections.values().filter(|collection| collection.boards.contains(id)).cloned().collect()
    }
}

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
