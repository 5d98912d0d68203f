//! The board service: creating, updating, trashing, restoring and deleting boards over the storage
//! ports, with the access rules of the product.
//!
//! Reads see one's own boards (trash included), public boards, boards shared with a group one
//! belongs to, and orphans linked from one's collections; others' trash is never seen. Only the
//! owner mutates a board, and a board that is missing answers exactly like one of someone else
//! ([`ServiceError::AccessDenied`]), so the answer does not reveal whether it exists.

use std::collections::BTreeSet;

use crate::gate::join_rejections;
use crate::{
    gate, Board, BoardDraft, BoardId, BoardRepository, Collection, CollectionEntry, CollectionId, CollectionRepository,
    GateRejection, GatedBoard, GroupId, Listed, Locale, OrphanReason, Ownership, Sharing, Step, StepEntry,
    TextStepError, Timestamp, UserId,
};

/// The user acting, with the groups they belong to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Viewer {
    pub user_id: UserId,
    pub groups: BTreeSet<GroupId>,
}

impl Viewer {
    /// A user in no group.
    #[must_use]
    pub fn user(user_id: &str) -> Viewer {
        Viewer { user_id: UserId(user_id.to_owned()), groups: BTreeSet::new() }
    }

    /// Whether `board` (or its summary) is the viewer's own.
    #[must_use]
    pub fn owns<B: Listed>(&self, board: &B) -> bool {
        board.owner_id() == Some(&self.user_id)
    }

    /// Whether the viewer may read `board` on its own account: their own, or owned, not in the
    /// trash and public or shared with one of their groups. An orphan is read only from the
    /// collections linking it, which is the service's business.
    #[must_use]
    pub fn can_read(&self, board: &Board) -> bool {
        self.owns(board)
            || (matches!(board.owner, Ownership::User { .. })
                && !board.is_deleted()
                && self.may_read(&board.metadata.sharing))
    }

    /// Whether the viewer may read `collection`: their own, public, or shared with one of their
    /// groups. Its boards are read by their own rule ([`Viewer::can_read`]).
    #[must_use]
    pub fn can_read_collection(&self, collection: &Collection) -> bool {
        collection.owner == self.user_id || self.may_read(&collection.sharing)
    }

    fn may_read(&self, sharing: &Sharing) -> bool {
        match sharing {
            Sharing::Private => false,
            Sharing::Public => true,
            Sharing::Groups(groups) => groups.iter().any(|group| self.groups.contains(group)),
        }
    }
}

/// Why the service refused an operation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ServiceError {
    /// The board is missing or not the viewer's: deliberately the same answer.
    #[error("access denied")]
    AccessDenied,
    /// The write gate refused the board.
    #[error("the board was refused: {}", join_rejections(.0))]
    Rejected(Vec<GateRejection>),
    /// Only a board in the trash can be deleted for good.
    #[error("the board is not in the trash")]
    NotInTrash,
    /// A collection needs a name.
    #[error("the name is blank")]
    BlankName,
    /// The step to move or change is not in the collection.
    #[error("the step is not in the collection")]
    NotInCollection,
    /// A position past the last step of a collection.
    #[error("position {index} is out of range for a collection of {len} steps")]
    PositionOutOfRange { index: usize, len: usize },
    /// A text step's text is blank or too long.
    #[error("the text step was refused: {0}")]
    InvalidText(TextStepError),
}

/// What a hard delete did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HardDeleted {
    /// The board is gone.
    Removed,
    /// Someone else's collection links the board: it stays, owned by nobody.
    Orphaned(Box<Board>),
}

/// Boards with their access rules, over a board and a collection repository.
#[derive(Clone, Debug, Default)]
pub struct BoardService<B, C> {
    pub boards: B,
    pub collections: C,
}

impl<B: BoardRepository, C: CollectionRepository> BoardService<B, C> {
    /// The service over these repositories.
    #[must_use]
    pub const fn new(boards: B, collections: C) -> BoardService<B, C> {
        BoardService { boards, collections }
    }

    /// The board `id` if the viewer may read it: see the module's rules.
    #[must_use]
    pub fn get(&self, viewer: &Viewer, id: &BoardId) -> Option<Board> {
        let board = self.boards.get(id)?;
        self.readable(viewer, &board).then_some(board)
    }

    /// Every board the viewer may read, by id.
    #[must_use]
    pub fn readable_boards(&self, viewer: &Viewer) -> Vec<Board> {
        let mut boards: Vec<Board> =
            self.boards.all().into_iter().filter(|board| self.readable(viewer, board)).collect();
        bridge::order::sort_by(&mut boards, |a, b| a.id.cmp(&b.id));
        boards
    }

    /// The collection `id` with its entries as the viewer sees them, or `None` when it is missing
    /// or the viewer may not read it ([`Viewer::can_read_collection`]): the same answer.
    #[must_use]
    pub fn collection(&self, viewer: &Viewer, id: &CollectionId) -> Option<(Collection, Vec<CollectionEntry>)> {
        let collection = self.collections.get(id).filter(|collection| viewer.can_read_collection(collection))?;
        let entries = self.entries(viewer, &collection);
        Some((collection, entries))
    }

    /// The boards of `collection` in its order, each available if the viewer may read it and it is
    /// not in the trash, unavailable otherwise (deleted, trashed, or no longer shared).
    #[must_use]
    pub fn entries(&self, viewer: &Viewer, collection: &Collection) -> Vec<CollectionEntry> {
        collection
            .boards()
            .map(|id| match self.boards.get(id) {
                Some(board) if !board.is_deleted() && self.readable(viewer, &board) => {
                    CollectionEntry::Available(Box::new(board))
                }
                _ => CollectionEntry::Unavailable(id.clone()),
            })
            .collect()
    }

    /// The steps of `collection` in its order: its texts, and its boards as [`Self::entries`] gives
    /// them.
    #[must_use]
    pub fn steps(&self, viewer: &Viewer, collection: &Collection) -> Vec<StepEntry> {
        let mut boards = self.entries(viewer, collection).into_iter();
        collection
            .steps
            .iter()
            .filter_map(|step| match step {
                Step::Board(_) => boards.next().map(StepEntry::Board),
                Step::Text(text) => Some(StepEntry::Text(text.clone())),
            })
            .collect()
    }

    fn readable(&self, viewer: &Viewer, board: &Board) -> bool {
        viewer.can_read(board)
            || (matches!(board.owner, Ownership::Orphaned { .. })
                && !board.is_deleted()
                && self.collections.containing(&board.id).iter().any(|collection| collection.owner == viewer.user_id))
    }

    /// The viewer's own board `id`, or `AccessDenied` whether it is missing or someone else's.
    fn own(&self, viewer: &Viewer, id: &BoardId) -> Result<Board, ServiceError> {
        self.boards.get(id).filter(|board| viewer.owns(board)).ok_or(ServiceError::AccessDenied)
    }

    /// Creates a board owned by the viewer, through the gate, created and updated `now`; a public
    /// board is first published `now`.
    ///
    /// # Errors
    /// `AccessDenied` when the id is taken (by anyone), the gate's rejections otherwise.
    pub fn create(
        &mut self,
        viewer: &Viewer,
        mut draft: BoardDraft,
        now: Timestamp,
        comment_locale: Option<&Locale>,
    ) -> Result<GatedBoard, ServiceError> {
        if self.boards.get(&draft.id).is_some() {
            return Err(ServiceError::AccessDenied);
        }
        draft.owner = Ownership::User { user_id: viewer.user_id.clone() };
        draft.created = None;
        draft.deleted = None;
        draft.first_published = (draft.metadata.sharing == Sharing::Public).then_some(now);
        let gated = gate(draft, None, now, comment_locale).map_err(ServiceError::Rejected)?;
        self.boards.put(gated.board.clone());
        Ok(gated)
    }

    /// Replaces the viewer's board by `draft`, through the gate with the stored code grandfathered.
    /// Owner, creation and trash state are kept from the stored board; the first publication is
    /// kept, or stamped `now` when the board turns public for the first time.
    ///
    /// # Errors
    /// `AccessDenied` when the board is missing or not the viewer's, the gate's rejections otherwise.
    pub fn update(
        &mut self,
        viewer: &Viewer,
        mut draft: BoardDraft,
        now: Timestamp,
        comment_locale: Option<&Locale>,
    ) -> Result<GatedBoard, ServiceError> {
        let stored = self.own(viewer, &draft.id)?;
        draft.owner = stored.owner.clone();
        draft.created = Some(stored.timestamps.created);
        draft.deleted = stored.timestamps.deleted;
        draft.first_published =
            stored.timestamps.first_published.or_else(|| (draft.metadata.sharing == Sharing::Public).then_some(now));
        let gated = gate(draft, Some(stored.code()), now, comment_locale).map_err(ServiceError::Rejected)?;
        self.boards.put(gated.board.clone());
        Ok(gated)
    }

    /// Moves the viewer's board to the trash at `now`; a board already there keeps its time.
    ///
    /// # Errors
    /// `AccessDenied` when the board is missing or not the viewer's.
    pub fn soft_delete(&mut self, viewer: &Viewer, id: &BoardId, now: Timestamp) -> Result<Board, ServiceError> {
        let mut board = self.own(viewer, id)?;
        if board.timestamps.deleted.is_none() {
            board.timestamps.deleted = Some(now);
            self.boards.put(board.clone());
        }
        Ok(board)
    }

    /// Takes the viewer's board out of the trash; a board not there is left as it is.
    ///
    /// # Errors
    /// `AccessDenied` when the board is missing or not the viewer's.
    pub fn restore(&mut self, viewer: &Viewer, id: &BoardId) -> Result<Board, ServiceError> {
        let mut board = self.own(viewer, id)?;
        if board.timestamps.deleted.is_some() {
            board.timestamps.deleted = None;
            self.boards.put(board.clone());
        }
        Ok(board)
    }

    /// Deletes the viewer's board for good, from the trash only. When a collection of someone
    /// else links it, it is orphaned at `now` instead (out of the trash, owned by nobody) so that
    /// collection keeps it; the viewer's own collections simply lose it.
    ///
    /// # Errors
    /// `AccessDenied` when the board is missing or not the viewer's, `NotInTrash` when it is active.
    pub fn hard_delete(&mut self, viewer: &Viewer, id: &BoardId, now: Timestamp) -> Result<HardDeleted, ServiceError> {
        let mut board = self.own(viewer, id)?;
        if !board.is_deleted() {
            return Err(ServiceError::NotInTrash);
        }
        let mut linked_elsewhere = false;
        for mut collection in self.collections.containing(id) {
            if collection.owner == viewer.user_id {
                collection.steps.retain(|step| step.board() != Some(id));
                self.collections.put(collection);
            } else {
                linked_elsewhere = true;
            }
        }
        if linked_elsewhere {
            board.owner = Ownership::Orphaned { orphaned_at: now, reason: OrphanReason::BoardDeleted };
            board.timestamps.deleted = None;
            self.boards.put(board.clone());
            Ok(HardDeleted::Orphaned(Box::new(board)))
        } else {
            self.boards.remove(id);
            Ok(HardDeleted::Removed)
        }
    }
}
