//! In-memory repositories: the boards and collections a client holds in
//! memory (the app's cache of its local database) and the fakes of tests.

use std::collections::BTreeMap;

use crate::{Board, BoardId, BoardRepository, Collection, CollectionId, CollectionRepository, UserId};

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
        self.collections.values().filter(|collection| collection.contains_board(id)).cloned().collect()
    }
}
