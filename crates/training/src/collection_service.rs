//! Writing collections through the board service: create, rename, reorder, add and remove boards,
//! delete; only by their owner.
//!
//! A collection that is missing answers exactly like one of someone else
//! ([`ServiceError::AccessDenied`]), as boards do. A board is added only when its owner may read
//! it, so a collection never learns of a board its owner could not see.

use crate::{
    BoardId, BoardRepository, BoardService, Collection, CollectionId, CollectionRepository, ServiceError, Viewer,
};

/// Where to move a board within its collection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CollectionMove {
    /// One place towards the start; the first board stays first.
    Up,
    /// One place towards the end; the last board stays last.
    Down,
    /// To this index (from 0), the others closing up around it.
    To(usize),
}

impl<B: BoardRepository, C: CollectionRepository> BoardService<B, C> {
    /// Creates the viewer's empty collection `id` named `name` (trimmed).
    ///
    /// # Errors
    /// `AccessDenied` when the id is taken (by anyone), `BlankName` for a blank name.
    pub fn create_collection(
        &mut self,
        viewer: &Viewer,
        id: CollectionId,
        name: &str,
    ) -> Result<Collection, ServiceError> {
        if self.collections.get(&id).is_some() {
            return Err(ServiceError::AccessDenied);
        }
        let collection =
            Collection { id, owner: viewer.user_id.clone(), name: checked_name(name)?, boards: Vec::new() };
        self.collections.put(collection.clone());
        Ok(collection)
    }

    /// Renames the viewer's collection `id` to `name` (trimmed).
    ///
    /// # Errors
    /// `AccessDenied` when the collection is missing or not the viewer's, `BlankName` for a blank name.
    pub fn rename_collection(
        &mut self,
        viewer: &Viewer,
        id: &CollectionId,
        name: &str,
    ) -> Result<Collection, ServiceError> {
        let name = checked_name(name)?;
        self.change_collection(viewer, id, |collection| {
            collection.name = name;
            Ok(())
        })
    }

    /// Appends the board `board_id` to the viewer's collection `id`; a board already there stays
    /// where it is.
    ///
    /// # Errors
    /// `AccessDenied` when the collection is missing or not the viewer's, or when the viewer may not
    /// read the board (or it is missing).
    pub fn add_to_collection(
        &mut self,
        viewer: &Viewer,
        id: &CollectionId,
        board_id: &BoardId,
    ) -> Result<Collection, ServiceError> {
        self.own_collection(viewer, id)?;
        if self.get(viewer, board_id).is_none() {
            return Err(ServiceError::AccessDenied);
        }
        self.change_collection(viewer, id, |collection| {
            if !collection.boards.contains(board_id) {
                collection.boards.push(board_id.clone());
            }
            Ok(())
        })
    }

    /// Takes the board `board_id` out of the viewer's collection `id`, whatever became of the board;
    /// a board not there changes nothing.
    ///
    /// # Errors
    /// `AccessDenied` when the collection is missing or not the viewer's.
    pub fn remove_from_collection(
        &mut self,
        viewer: &Viewer,
        id: &CollectionId,
        board_id: &BoardId,
    ) -> Result<Collection, ServiceError> {
        self.change_collection(viewer, id, |collection| {
            collection.boards.retain(|listed| listed != board_id);
            Ok(())
        })
    }

    /// Moves the board `board_id` within the viewer's collection `id`.
    ///
    /// # Errors
    /// `AccessDenied` when the collection is missing or not the viewer's, `NotInCollection` when the
    /// board is not listed, `PositionOutOfRange` for a [`CollectionMove::To`] past the last board.
    pub fn move_in_collection(
        &mut self,
        viewer: &Viewer,
        id: &CollectionId,
        board_id: &BoardId,
        to: CollectionMove,
    ) -> Result<Collection, ServiceError> {
        self.change_collection(viewer, id, |collection| {
            let len = collection.boards.len();
            let from =
                collection.boards.iter().position(|listed| listed == board_id).ok_or(ServiceError::NotInCollection)?;
            let target = match to {
                CollectionMove::Up => from.saturating_sub(1),
                CollectionMove::Down => (from + 1).min(len - 1),
                CollectionMove::To(index) if index < len => index,
                CollectionMove::To(index) => return Err(ServiceError::PositionOutOfRange { index, len }),
            };
            let board = collection.boards.remove(from);
            collection.boards.insert(target, board);
            Ok(())
        })
    }

    /// Deletes the viewer's collection `id`, giving it back; its boards are untouched.
    ///
    /// # Errors
    /// `AccessDenied` when the collection is missing or not the viewer's.
    pub fn delete_collection(&mut self, viewer: &Viewer, id: &CollectionId) -> Result<Collection, ServiceError> {
        self.own_collection(viewer, id)?;
        self.collections.remove(id).ok_or(ServiceError::AccessDenied)
    }

    fn own_collection(&self, viewer: &Viewer, id: &CollectionId) -> Result<Collection, ServiceError> {
        self.collections
            .get(id)
            .filter(|collection| collection.owner == viewer.user_id)
            .ok_or(ServiceError::AccessDenied)
    }

    /// Applies `change` to the viewer's collection and stores it, unless `change` fails.
    fn change_collection(
        &mut self,
        viewer: &Viewer,
        id: &CollectionId,
        change: impl FnOnce(&mut Collection) -> Result<(), ServiceError>,
    ) -> Result<Collection, ServiceError> {
        let mut collection = self.own_collection(viewer, id)?;
        change(&mut collection)?;
        self.collections.put(collection.clone());
        Ok(collection)
    }
}

fn checked_name(name: &str) -> Result<String, ServiceError> {
    match name.trim() {
        "" => Err(ServiceError::BlankName),
        trimmed => Ok(trimmed.to_owned()),
    }
}
