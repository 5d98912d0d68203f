//! Collections: a user's ordered lists of boards.

use serde::{Deserialize, Serialize};

use crate::{Board, BoardId, Sharing, UserId};

/// The identifier of a collection.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CollectionId(pub String);

/// An ordered list of boards, which may belong to anyone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Collection {
    pub id: CollectionId,
    pub owner: UserId,
    pub name: String,
    /// In the order the owner chose; a board may since have been deleted or hidden.
    pub boards: Vec<BoardId>,
    /// Who may read the collection besides its owner. Its boards keep their own sharing: a
    /// reader of the collection sees only those of its boards they may read.
    pub sharing: Sharing,
}

/// A board of a collection as a reader sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CollectionEntry {
    /// The board, readable.
    Available(Box<Board>),
    /// The board was deleted, went to the trash or is no longer visible to the reader.
    Unavailable(BoardId),
}

impl CollectionEntry {
    /// The id of the board the entry stands for.
    #[must_use]
    pub fn id(&self) -> &BoardId {
        match self {
            CollectionEntry::Available(board) => &board.id,
            CollectionEntry::Unavailable(id) => id,
        }
    }
}
