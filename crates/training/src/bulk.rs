//! Bulk operations of the board service: the viewer's own boards selected by [`BoardCriteria`],
//! trashed or changed together.
//!
//! Criteria cannot be empty, so a bulk operation never reaches every board by accident; and it
//! only ever touches the viewer's own boards, whatever the criteria say about owners.

use crate::{
    BoardCriteria, BoardId, BoardRepository, BoardService, CollectionRepository, Metadata, ServiceError, Timestamp,
    Viewer,
};

/// What a bulk operation did, board by board. Bulk work keeps going: one refused board does not
/// stop the others.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BulkOutcome {
    /// The boards changed, by id.
    pub changed: Vec<BoardId>,
    /// The boards refused, by id, with why (the write gate's rejections for an update).
    pub refused: Vec<(BoardId, ServiceError)>,
}

impl<B: BoardRepository, C: CollectionRepository> BoardService<B, C> {
    /// Moves to the trash at `now` every board of the viewer the criteria select (by id). Boards
    /// already in the trash keep their time and are not reported as changed.
    pub fn soft_delete_matching(&mut self, viewer: &Viewer, criteria: &BoardCriteria, now: Timestamp) -> BulkOutcome {
        let mut res = BulkOutcome::default();
        for id in self.own_matching(viewer, criteria) {
            if self.boards.get(&id).is_none_or(|board| board.is_deleted()) {
                continue;
            }
            match self.soft_delete(viewer, &id, now) {
                Ok(_) => res.changed.push(id),
                Err(err) => res.refused.push((id, err)),
            }
        }
        res
    }

    /// Applies `change` to the metadata of every board of the viewer the criteria select (by id)
    /// and writes each through the gate at `now`, as [`BoardService::update`] does.
    pub fn update_metadata_matching(
        &mut self,
        viewer: &Viewer,
        criteria: &BoardCriteria,
        now: Timestamp,
        mut change: impl FnMut(&mut Metadata),
    ) -> BulkOutcome {
        let mut res = BulkOutcome::default();
        for id in self.own_matching(viewer, criteria) {
            let Some(board) = self.boards.get(&id) else { continue };
            let mut draft = board.to_draft();
            change(&mut draft.metadata);
            match self.update(viewer, draft, now, None) {
                Ok(_) => res.changed.push(id),
                Err(err) => res.refused.push((id, err)),
            }
        }
        res
    }

    fn own_matching(&self, viewer: &Viewer, criteria: &BoardCriteria) -> Vec<BoardId> {
        let boards = self.boards.all();
        let own = boards.iter().filter(|board| viewer.owns(board));
        criteria.select(own).into_iter().map(|board| board.id.clone()).collect()
    }
}
