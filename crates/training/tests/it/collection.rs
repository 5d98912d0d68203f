//! Collections read through the board service: entries available or unavailable, in the original order.

use training::{Collection, CollectionEntry, CollectionId, Sharing, UserId, Viewer};

use crate::service::{alice, bob, draft, id, service, Service, T1, T2};

/// The entries of `owner`'s collection `list`, as `id` or `(id)` when unavailable.
fn entries(service: &Service, viewer: &Viewer) -> Option<Vec<String>> {
    let (_, entries) = service.collection(viewer, &CollectionId("list".to_owned()))?;
    Some(
        entries
            .iter()
            .map(|entry| match entry {
                CollectionEntry::Available(board) => board.id.0.clone(),
                CollectionEntry::Unavailable(id) => format!("({})", id.0),
            })
            .collect(),
    )
}

/// The service of `service()`, with bob's collection `list` of `pub`, `missing`, `grp`, `b1`, `bob1`
/// (bob's own private board), in that order.
fn with_bobs_list() -> Service {
    let mut service = service();
    service.create(&bob(), draft("bob1", Sharing::Private), T1, None).expect("bob's board");
    service.collections.collections.insert(
        CollectionId("list".to_owned()),
        Collection {
            id: CollectionId("list".to_owned()),
            owner: UserId("bob".to_owned()),
            name: "Bob's list".to_owned(),
            boards: ["pub", "missing", "grp", "b1", "bob1"].map(id).to_vec(),
        },
    );
    service
}

#[test]
fn entries_keep_the_order_and_mark_what_the_reader_cannot_see() {
    let service = with_bobs_list();
    let entries = entries(&service, &bob()).expect("bob reads his list");
    assert_eq!(entries, ["pub", "(missing)", "(grp)", "(b1)", "bob1"]);
}

#[test]
fn a_board_in_a_group_of_the_reader_is_available() {
    let service = with_bobs_list();
    let mut member = bob();
    member.groups.insert(training::GroupId("club".to_owned()));
    let entries = entries(&service, &member).expect("bob reads his list");
    assert_eq!(entries, ["pub", "(missing)", "grp", "(b1)", "bob1"]);
}

#[test]
fn trashed_private_and_deleted_boards_become_unavailable_and_come_back_when_restored() {
    let mut service = with_bobs_list();
    service.soft_delete(&alice(), &id("pub"), T1).expect("trashed");
    service.soft_delete(&bob(), &id("bob1"), T1).expect("trashed");
    assert_eq!(entries(&service, &bob()).expect("readable"), ["(pub)", "(missing)", "(grp)", "(b1)", "(bob1)"]);
    service.restore(&alice(), &id("pub")).expect("restored");
    service.restore(&bob(), &id("bob1")).expect("restored");
    assert_eq!(entries(&service, &bob()).expect("readable"), ["pub", "(missing)", "(grp)", "(b1)", "bob1"]);
    // Made private: unavailable.
    let mut private = service.get(&alice(), &id("pub")).expect("readable").to_draft();
    private.metadata.sharing = Sharing::Private;
    service.update(&alice(), private, T2, None).expect("updated");
    assert_eq!(entries(&service, &bob()).expect("readable"), ["(pub)", "(missing)", "(grp)", "(b1)", "bob1"]);
}

#[test]
fn an_orphan_stays_available_in_the_collection_linking_it() {
    let mut service = with_bobs_list();
    service.soft_delete(&alice(), &id("pub"), T1).expect("trashed");
    service.hard_delete(&alice(), &id("pub"), T2).expect("orphaned");
    assert_eq!(entries(&service, &bob()).expect("readable"), ["pub", "(missing)", "(grp)", "(b1)", "bob1"]);
}

#[test]
fn only_the_owner_reads_a_collection_and_a_missing_one_looks_the_same() {
    let service = with_bobs_list();
    assert_eq!(entries(&service, &alice()), None);
    assert_eq!(service.collection(&bob(), &CollectionId("nope".to_owned())), None);
}
