//! Writing collections through the board service: create, rename, add boards and texts, change a
//! text, reorder and remove steps, delete; only by their owner.
//!
//! A collection that is missing answers exactly like one of someone else
//! ([`ServiceError::AccessDenied`]), as boards do. A board is added only when its owner may read
//! it, so a collection never learns of a board its owner could not see.

use crate::{
    Board, BoardId, BoardRepository, BoardService, Collection, CollectionId, CollectionRepository, Localized,
    ServiceError, Sharing, Step, StepKey, TextStep, Timestamp, Viewer,
};

/// Where to move a step within its collection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CollectionMove {
    /// One place towards the start; the first step stays first.
    Up,
    /// One place towards the end; the last step stays last.
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
        let collection = Collection {
            id,
            owner: viewer.user_id.clone(),
            name: checked_name(name)?,
            steps: Vec::new(),
            sharing: Sharing::Private,
        };
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
            if !collection.contains_board(board_id) {
                collection.steps.push(Step::Board(board_id.clone()));
            }
            Ok(())
        })
    }

    /// Adds a text step to the viewer's collection `id`, at `at` (from 0; `None` at the end), and
    /// returns the collection and the new step's key.
    ///
    /// # Errors
    /// `AccessDenied` when the collection is missing or not the viewer's, `InvalidText` for a blank
    /// or too long text, `PositionOutOfRange` for a place past the end.
    pub fn add_text_step(
        &mut self,
        viewer: &Viewer,
        id: &CollectionId,
        text: Localized,
        at: Option<usize>,
    ) -> Result<(Collection, StepKey), ServiceError> {
        let text = text.without_blanks();
        TextStep::check(&text).map_err(ServiceError::InvalidText)?;
        let step = TextStep { id: self.own_collection(viewer, id)?.next_text_id(), text };
        let key = StepKey::Text(step.id.clone());
        let collection = self.change_collection(viewer, id, |collection| {
            let len = collection.steps.len();
            let at = at.unwrap_or(len);
            if at > len {
                return Err(ServiceError::PositionOutOfRange { index: at, len });
            }
            collection.steps.insert(at, Step::Text(step));
            Ok(())
        })?;
        Ok((collection, key))
    }

    /// Replaces the text of the viewer's text step `text_id`; the step keeps its place and its id.
    ///
    /// # Errors
    /// `AccessDenied` when the collection is missing or not the viewer's, `NotInCollection` when no
    /// text step has that id, `InvalidText` for a blank or too long text.
    pub fn edit_text_step(
        &mut self,
        viewer: &Viewer,
        id: &CollectionId,
        text_id: &str,
        text: Localized,
    ) -> Result<Collection, ServiceError> {
        let text = text.without_blanks();
        TextStep::check(&text).map_err(ServiceError::InvalidText)?;
        self.change_collection(viewer, id, |collection| {
            let step = collection
                .steps
                .iter_mut()
                .find_map(|step| match step {
                    Step::Text(step) if step.id == text_id => Some(step),
                    _ => None,
                })
                .ok_or(ServiceError::NotInCollection)?;
            step.text = text;
            Ok(())
        })
    }

    /// Takes the step `key` out of the viewer's collection `id`, whatever became of its board; a
    /// step not there changes nothing.
    ///
    /// # Errors
    /// `AccessDenied` when the collection is missing or not the viewer's.
    pub fn remove_from_collection(
        &mut self,
        viewer: &Viewer,
        id: &CollectionId,
        key: &StepKey,
    ) -> Result<Collection, ServiceError> {
        self.change_collection(viewer, id, |collection| {
            collection.steps.retain(|step| !step.has_key(key));
            Ok(())
        })
    }

    /// Moves the step `key` within the viewer's collection `id`.
    ///
    /// # Errors
    /// `AccessDenied` when the collection is missing or not the viewer's, `NotInCollection` when the
    /// step is not listed, `PositionOutOfRange` for a [`CollectionMove::To`] past the last step.
    pub fn move_in_collection(
        &mut self,
        viewer: &Viewer,
        id: &CollectionId,
        key: &StepKey,
        to: CollectionMove,
    ) -> Result<Collection, ServiceError> {
        self.change_collection(viewer, id, |collection| {
            let len = collection.steps.len();
            let from = collection.position(key).ok_or(ServiceError::NotInCollection)?;
            let target = match to {
                CollectionMove::Up => from.saturating_sub(1),
                CollectionMove::Down => (from + 1).min(len - 1),
                CollectionMove::To(index) if index < len => index,
                CollectionMove::To(index) => return Err(ServiceError::PositionOutOfRange { index, len }),
            };
            let step = collection.steps.remove(from);
            collection.steps.insert(target, step);
            Ok(())
        })
    }

    /// Shares the viewer's collection `id` as `sharing`, and its boards with it: each of the
    /// viewer's own boards of the collection that readers of the collection could not read yet
    /// gets the same sharing (through the gate, stamped `now`), so nobody opens a shared
    /// collection to find its boards hidden. Making a collection private again leaves its boards'
    /// sharing alone: they may be shared on their own or through other collections.
    /// Returns the collection and the boards changed.
    ///
    /// # Errors
    /// `AccessDenied` when the collection is missing or not the viewer's; the gate's rejection of a
    /// board, in which case nothing has changed.
    pub fn share_collection(
        &mut self,
        viewer: &Viewer,
        id: &CollectionId,
        sharing: Sharing,
        now: Timestamp,
    ) -> Result<(Collection, Vec<Board>), ServiceError> {
        let collection = self.own_collection(viewer, id)?;
        // Gate every board before writing any, so a rejection changes nothing.
        let mut changed = Vec::new();
        for board_id in collection.boards() {
            let Some(board) = self.boards.get(board_id).filter(|board| viewer.owns(board)) else {
                continue;
            };
            let Some(widened) = widened(&board.metadata.sharing, &sharing) else {
                continue;
            };
            if board.is_deleted() {
                continue;
            }
            let mut draft = board.to_draft();
            draft.metadata.sharing = widened;
            draft.first_published =
                board.timestamps.first_published.or_else(|| (draft.metadata.sharing == Sharing::Public).then_some(now));
            let gated = crate::gate(draft, Some(board.code()), now, None).map_err(ServiceError::Rejected)?;
            changed.push(gated.board);
        }
        for board in &changed {
            self.boards.put(board.clone());
        }
        let collection = self.change_collection(viewer, id, |collection| {
            collection.sharing = sharing;
            Ok(())
        })?;
        Ok((collection, changed))
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

/// The sharing a board shared as `board` needs so that everyone who reads a collection shared as
/// `collection` reads it too, when it needs more than it has.
fn widened(board: &Sharing, collection: &Sharing) -> Option<Sharing> {
    match (board, collection) {
        (Sharing::Public, _) | (_, Sharing::Private) => None,
        (_, Sharing::Public) => Some(Sharing::Public),
        (Sharing::Private, Sharing::Groups(groups)) => Some(Sharing::Groups(groups.clone())),
        (Sharing::Groups(board), Sharing::Groups(collection)) => {
            let missing: Vec<_> = collection.iter().filter(|group| !board.contains(group)).cloned().collect();
            (!missing.is_empty()).then(|| Sharing::Groups(board.iter().cloned().chain(missing).collect()))
        }
    }
}

fn checked_name(name: &str) -> Result<String, ServiceError> {
    match name.trim() {
        "" => Err(ServiceError::BlankName),
        trimmed => Ok(trimmed.to_owned()),
    }
}
