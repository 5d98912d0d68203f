//! Collections: a user's ordered lists of boards.

use serde::{Deserialize, Serialize};

use crate::{BoardId, UserId};

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
}
