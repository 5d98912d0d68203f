//! In-memory fakes of the storage ports and of the solver, for tests of the model and of its users.

use std::collections::BTreeMap;

use crate::{
    Board, BoardId, BoardRepository, CardValue, Collection, CollectionId, CollectionRepository, SolverPort,
    SolverPosition, UserId,
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
