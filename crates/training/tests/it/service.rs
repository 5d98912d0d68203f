//! The board service over the in-memory fakes: create, update, trash, restore, hard delete, and who reads what.

use std::collections::BTreeSet;

use training::testing::{InMemoryBoards, InMemoryCollections};
use training::{
    BoardDraft, BoardId, BoardService, Collection, CollectionId, GroupId, HardDeleted, OrphanReason, Ownership,
    RejectionReason, ServiceError, Sharing, Timestamp, UserId, Viewer,
};

use crate::gate::{locale, three_notrump};

pub(crate) type Service = BoardService<InMemoryBoards, InMemoryCollections>;

const T0: Timestamp = Timestamp(1_000);
pub(crate) const T1: Timestamp = Timestamp(2_000);
pub(crate) const T2: Timestamp = Timestamp(3_000);

pub(crate) fn alice() -> Viewer {
    Viewer::user("alice")
}

pub(crate) fn bob() -> Viewer {
    Viewer::user("bob")
}

pub(crate) fn id(id: &str) -> BoardId {
    BoardId(id.to_owned())
}

pub(crate) fn draft(board_id: &str, sharing: Sharing) -> BoardDraft {
    let mut draft = three_notrump();
    draft.id = id(board_id);
    draft.metadata.sharing = sharing;
    draft
}

/// A service where alice created `b1` (private), `pub` (public) and `grp` (shared with `club`).
pub(crate) fn service() -> Service {
    let mut service = Service::default();
    for (board_id, sharing) in
        [("b1", Sharing::Private), ("pub", Sharing::Public), ("grp", Sharing::Groups(vec![GroupId("club".to_owned())]))]
    {
        service.create(&alice(), draft(board_id, sharing), T0, None).expect("the draft passes the gate");
    }
    service
}

fn ids(service: &Service, viewer: &Viewer) -> Vec<String> {
    service.readable_boards(viewer).into_iter().map(|board| board.id.0).collect()
}

#[test]
fn create_owns_stamps_and_stores_the_board() {
    let service = service();
    let board = service.get(&alice(), &id("b1")).expect("alice reads her board");
    assert_eq!(board.owner, Ownership::User { user_id: UserId("alice".to_owned()) });
    assert_eq!((board.timestamps.created, board.timestamps.updated), (T0, T0));
    assert_eq!(board.timestamps.first_published, None);
    let public = service.get(&alice(), &id("pub")).expect("alice reads her public board");
    assert_eq!(public.timestamps.first_published, Some(T0));
}

#[test]
fn create_ignores_a_claimed_owner() {
    let mut service = Service::default();
    let mut claimed = draft("b9", Sharing::Private);
    claimed.owner = Ownership::User { user_id: UserId("bob".to_owned()) };
    let gated = service.create(&alice(), claimed, T0, None).expect("created");
    assert!(alice().owns(&gated.board));
}

#[test]
fn create_refuses_a_taken_id_as_access_denied() {
    let mut service = service();
    assert_eq!(service.create(&bob(), draft("b1", Sharing::Public), T1, None), Err(ServiceError::AccessDenied));
    assert_eq!(service.create(&alice(), draft("b1", Sharing::Public), T1, None), Err(ServiceError::AccessDenied));
}

#[test]
fn create_reports_the_gate_rejections() {
    let mut service = Service::default();
    let mut bad = draft("b9", Sharing::Private);
    bad.code = "l0l".to_owned();
    let Err(ServiceError::Rejected(rejections)) = service.create(&alice(), bad, T0, Some(&locale("fr"))) else {
        panic!("a bad code is rejected");
    };
    assert_eq!(rejections.iter().map(|r| r.reason).collect::<Vec<_>>(), [RejectionReason::InvalidCode]);
    assert!(service.boards.boards.is_empty());
}

#[test]
fn update_keeps_owner_creation_and_code_and_stamps_the_time() {
    let mut service = service();
    let mut edit = service.get(&alice(), &id("b1")).expect("readable").to_draft();
    edit.metadata.name = "Renamed".to_owned();
    edit.metadata.sharing = Sharing::Public;
    edit.owner = Ownership::User { user_id: UserId("bob".to_owned()) };
    edit.created = Some(T2);
    let board = service.update(&alice(), edit, T1, None).expect("updated").board;
    assert_eq!(board.metadata.name, "Renamed");
    assert!(alice().owns(&board));
    assert_eq!((board.timestamps.created, board.timestamps.updated), (T0, T1));
    assert_eq!(board.timestamps.first_published, Some(T1));
    assert_eq!(service.get(&alice(), &id("b1")), Some(board));
}

#[test]
fn update_keeps_the_first_publication() {
    let mut service = service();
    let mut edit = service.get(&alice(), &id("pub")).expect("readable").to_draft();
    edit.metadata.sharing = Sharing::Private;
    service.update(&alice(), edit.clone(), T1, None).expect("made private");
    edit.metadata.sharing = Sharing::Public;
    let board = service.update(&alice(), edit, T2, None).expect("public again").board;
    assert_eq!(board.timestamps.first_published, Some(T0));
}

#[test]
fn update_refuses_a_changed_code() {
    let mut service = service();
    let mut edit = service.get(&alice(), &id("b1")).expect("readable").to_draft();
    edit.code = "ZZZZ2345".to_owned();
    let Err(ServiceError::Rejected(rejections)) = service.update(&alice(), edit, T1, None) else {
        panic!("a changed code is rejected");
    };
    assert_eq!(rejections.iter().map(|r| r.reason).collect::<Vec<_>>(), [RejectionReason::CodeMismatch]);
}

#[test]
fn mutating_a_missing_board_or_anothers_gives_the_same_access_denied() {
    let mut service = service();
    let before = service.boards.boards.clone();
    for board_id in ["b1", "pub", "grp", "nope"] {
        let edit = draft(board_id, Sharing::Public);
        assert_eq!(service.update(&bob(), edit, T1, None), Err(ServiceError::AccessDenied), "{board_id}");
        assert_eq!(service.soft_delete(&bob(), &id(board_id), T1), Err(ServiceError::AccessDenied));
        assert_eq!(service.restore(&bob(), &id(board_id)), Err(ServiceError::AccessDenied));
        assert_eq!(service.hard_delete(&bob(), &id(board_id), T1), Err(ServiceError::AccessDenied));
    }
    let edit = draft("nope", Sharing::Public);
    assert_eq!(service.update(&alice(), edit, T1, None), Err(ServiceError::AccessDenied));
    assert_eq!(service.boards.boards, before);
}

#[test]
fn soft_delete_is_idempotent_and_restore_undoes_it() {
    let mut service = service();
    let trashed = service.soft_delete(&alice(), &id("b1"), T1).expect("trashed");
    assert_eq!(trashed.timestamps.deleted, Some(T1));
    let again = service.soft_delete(&alice(), &id("b1"), T2).expect("still trashed");
    assert_eq!(again.timestamps.deleted, Some(T1));
    assert_eq!(service.get(&alice(), &id("b1")), Some(again));
    let restored = service.restore(&alice(), &id("b1")).expect("restored");
    assert_eq!(restored.timestamps.deleted, None);
    assert_eq!(service.restore(&alice(), &id("b1")), Ok(restored));
}

#[test]
fn hard_delete_only_from_the_trash() {
    let mut service = service();
    assert_eq!(service.hard_delete(&alice(), &id("b1"), T1), Err(ServiceError::NotInTrash));
    service.soft_delete(&alice(), &id("b1"), T1).expect("trashed");
    assert_eq!(service.hard_delete(&alice(), &id("b1"), T2), Ok(HardDeleted::Removed));
    assert_eq!(service.get(&alice(), &id("b1")), None);
    assert_eq!(service.hard_delete(&alice(), &id("b1"), T2), Err(ServiceError::AccessDenied));
}

#[test]
fn hard_delete_orphans_a_board_in_someone_elses_collection() {
    let mut service = service();
    let collection = |owner: &str| Collection {
        id: CollectionId(format!("{owner}-list")),
        owner: UserId(owner.to_owned()),
        name: "List".to_owned(),
        steps: vec![training::Step::Board(id("pub")), training::Step::Board(id("b1"))],
        sharing: Sharing::Private,
    };
    service.collections.collections.insert(CollectionId("bob-list".to_owned()), collection("bob"));
    service.collections.collections.insert(CollectionId("alice-list".to_owned()), collection("alice"));
    service.soft_delete(&alice(), &id("pub"), T1).expect("trashed");
    let Ok(HardDeleted::Orphaned(orphan)) = service.hard_delete(&alice(), &id("pub"), T2) else {
        panic!("bob's collection keeps the board");
    };
    assert_eq!(orphan.owner, Ownership::Orphaned { orphaned_at: T2, reason: OrphanReason::BoardDeleted });
    assert!(!orphan.is_deleted());
    // Alice's own collection loses it; bob still reads it from his; nobody owns it any more.
    let alice_list = service.collections.collections[&CollectionId("alice-list".to_owned())].clone();
    assert_eq!(alice_list.steps, [training::Step::Board(id("b1"))]);
    let mut private = service.get(&alice(), &id("b1")).expect("readable").to_draft();
    private.id = id("pub");
    assert_eq!(service.get(&bob(), &id("pub")).as_ref(), Some(orphan.as_ref()));
    assert_eq!(service.get(&Viewer::user("carol"), &id("pub")), None);
    assert_eq!(service.update(&alice(), private, T2, None), Err(ServiceError::AccessDenied));
}

#[test]
fn reads_see_own_public_and_group_boards() {
    let mut service = service();
    let member = Viewer { user_id: UserId("carol".to_owned()), groups: BTreeSet::from([GroupId("club".to_owned())]) };
    assert_eq!(ids(&service, &alice()), ["b1", "grp", "pub"]);
    assert_eq!(ids(&service, &bob()), ["pub"]);
    assert_eq!(ids(&service, &member), ["grp", "pub"]);
    assert_eq!(service.get(&bob(), &id("b1")), None);
    assert_eq!(service.get(&bob(), &id("nope")), None);
    // Trash is private: the owner still sees it, nobody else does.
    service.soft_delete(&alice(), &id("pub"), T1).expect("trashed");
    service.soft_delete(&alice(), &id("grp"), T1).expect("trashed");
    assert_eq!(ids(&service, &alice()), ["b1", "grp", "pub"]);
    assert_eq!(ids(&service, &bob()), Vec::<String>::new());
    assert_eq!(ids(&service, &member), Vec::<String>::new());
}

/// Issue 4: "board creation and update also require complete translations once a board carries
/// two languages".
#[test]
fn create_and_update_require_complete_translations_once_two_languages() {
    use training::{DraftComment, Localized, RichText};
    let text = |pairs: &[(&str, &str)]| -> Localized {
        pairs.iter().map(|(tag, text)| (locale(tag), RichText::parse(text))).collect()
    };
    let reasons = |res: Result<training::GatedBoard, ServiceError>| match res {
        Ok(gated) => vec![format!("ok {}", gated.board.id.0)],
        Err(ServiceError::Rejected(rejections)) => {
            rejections.iter().map(|rejection| format!("{}: {}", rejection.reason.code(), rejection.detail)).collect()
        }
        Err(err) => vec![err.to_string()],
    };
    let mut service = Service::default();
    let mut two = draft("two", Sharing::Private);
    two.review = DraftComment::Localized(text(&[("fr", "Comptez"), ("en", "Count")]));
    two.calls[0].comment = DraftComment::Localized(text(&[("fr", "15-17")]));
    assert_eq!(reasons(service.create(&alice(), two.clone(), T0, None)), ["incomplete_translation: call 1 lacks en"]);
    assert!(service.boards.boards.is_empty());
    // One language only is fine, and so is a complete second one.
    let mut one = two.clone();
    one.review = DraftComment::Localized(text(&[("fr", "Comptez")]));
    assert_eq!(reasons(service.create(&alice(), one.clone(), T0, None)), ["ok two"]);
    // An update adding a second language to one slot only is refused, and the board is kept as it was.
    let stored = service.get(&alice(), &id("two")).expect("created");
    assert_eq!(reasons(service.update(&alice(), two.clone(), T1, None)), ["incomplete_translation: call 1 lacks en"]);
    assert_eq!(service.get(&alice(), &id("two")), Some(stored));
    two.calls[0].comment = DraftComment::Localized(text(&[("fr", "15-17"), ("en", "15-17")]));
    assert_eq!(reasons(service.update(&alice(), two, T1, None)), ["ok two"]);
}
