//! Collections through the board service: entries available or unavailable in the original order, and
//! the owner's create, rename, add, remove, move and delete, of boards and of text steps.

use training::{
    Collection, CollectionEntry, CollectionId, CollectionMove, Locale, Localized, RichText, ServiceError, Sharing,
    Step, StepEntry, StepKey, TextStepError, UserId, Viewer, MAX_TEXT_STEP_CHARS,
};

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
            steps: ["pub", "missing", "grp", "b1", "bob1"].map(|board| Step::Board(id(board))).to_vec(),
            sharing: Sharing::Private,
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

fn list() -> CollectionId {
    CollectionId("list".to_owned())
}

/// The ids of the boards of `collection`.
fn board_ids(collection: &Collection) -> Vec<&str> {
    collection.boards().map(|id| id.0.as_str()).collect()
}

/// The key of the board step `board`.
fn step(board: &str) -> StepKey {
    StepKey::Board(id(board))
}

#[test]
fn owners_create_rename_and_delete_their_collections() {
    let mut service = service();
    let created = service.create_collection(&alice(), list(), "  Notrump  ").expect("created");
    assert_eq!((created.owner.0.as_str(), created.name.as_str(), created.steps.len()), ("alice", "Notrump", 0));
    assert_eq!(service.create_collection(&bob(), list(), "Mine"), Err(ServiceError::AccessDenied));
    assert_eq!(service.create_collection(&bob(), CollectionId("other".to_owned()), " "), Err(ServiceError::BlankName));
    let renamed = service.rename_collection(&alice(), &list(), "Sans-atout").expect("renamed");
    assert_eq!(renamed.name, "Sans-atout");
    assert_eq!(service.rename_collection(&alice(), &list(), "\t"), Err(ServiceError::BlankName));
    assert_eq!(service.collection(&alice(), &list()).map(|(collection, _)| collection), Some(renamed.clone()));
    assert_eq!(service.delete_collection(&alice(), &list()), Ok(renamed));
    assert_eq!(service.collection(&alice(), &list()), None);
}

#[test]
fn only_the_owner_changes_a_collection_and_a_missing_one_looks_the_same() {
    let mut service = with_bobs_list();
    let before = service.collections.collections.clone();
    let nope = CollectionId("nope".to_owned());
    for (viewer, collection) in [(alice(), list()), (bob(), nope.clone()), (alice(), nope)] {
        assert_eq!(service.rename_collection(&viewer, &collection, "Mine"), Err(ServiceError::AccessDenied));
        assert_eq!(service.add_to_collection(&viewer, &collection, &id("pub")), Err(ServiceError::AccessDenied));
        assert_eq!(service.remove_from_collection(&viewer, &collection, &step("pub")), Err(ServiceError::AccessDenied));
        assert_eq!(
            service.move_in_collection(&viewer, &collection, &step("pub"), CollectionMove::Down),
            Err(ServiceError::AccessDenied)
        );
        assert_eq!(service.delete_collection(&viewer, &collection), Err(ServiceError::AccessDenied));
    }
    assert_eq!(service.collections.collections, before);
}

#[test]
fn readable_boards_are_added_once_and_any_removed() {
    let mut service = service();
    service.create_collection(&bob(), list(), "Bob's").expect("created");
    let added = service.add_to_collection(&bob(), &list(), &id("pub")).expect("a public board");
    assert_eq!(board_ids(&added), ["pub"]);
    assert_eq!(service.add_to_collection(&bob(), &list(), &id("pub")), Ok(added));
    // Someone else's private board and a missing one answer alike.
    assert_eq!(service.add_to_collection(&bob(), &list(), &id("b1")), Err(ServiceError::AccessDenied));
    assert_eq!(service.add_to_collection(&bob(), &list(), &id("nope")), Err(ServiceError::AccessDenied));
    // A board since made unreadable can still be taken out.
    service.soft_delete(&alice(), &id("pub"), T1).expect("trashed");
    let emptied = service.remove_from_collection(&bob(), &list(), &step("pub")).expect("removed");
    assert!(emptied.steps.is_empty());
    assert_eq!(service.remove_from_collection(&bob(), &list(), &step("pub")), Ok(emptied));
}

#[test]
fn boards_move_up_down_and_to_an_index() {
    let mut service = with_bobs_list();
    let mut moved = |board: &str, to: CollectionMove| {
        service.move_in_collection(&bob(), &list(), &step(board), to).map(|collection| board_ids(&collection).join(" "))
    };
    assert_eq!(moved("grp", CollectionMove::Up).as_deref(), Ok("pub grp missing b1 bob1"));
    assert_eq!(moved("pub", CollectionMove::Up).as_deref(), Ok("pub grp missing b1 bob1"));
    assert_eq!(moved("pub", CollectionMove::Down).as_deref(), Ok("grp pub missing b1 bob1"));
    assert_eq!(moved("bob1", CollectionMove::Down).as_deref(), Ok("grp pub missing b1 bob1"));
    assert_eq!(moved("bob1", CollectionMove::To(0)).as_deref(), Ok("bob1 grp pub missing b1"));
    assert_eq!(moved("bob1", CollectionMove::To(4)).as_deref(), Ok("grp pub missing b1 bob1"));
    assert_eq!(moved("grp", CollectionMove::To(2)).as_deref(), Ok("pub missing grp b1 bob1"));
    assert_eq!(moved("grp", CollectionMove::To(5)), Err(ServiceError::PositionOutOfRange { index: 5, len: 5 }));
    assert_eq!(moved("elsewhere", CollectionMove::Up), Err(ServiceError::NotInCollection));
    assert_eq!(
        ServiceError::PositionOutOfRange { index: 5, len: 5 }.to_string(),
        "position 5 is out of range for a collection of 5 steps"
    );
}

#[test]
fn a_shared_collection_is_read_by_its_readers_and_shares_its_owners_boards() {
    let mut service = with_bobs_list();
    let club = training::GroupId("club".to_owned());
    let carol = Viewer::user("carol");
    let mut member = carol.clone();
    member.groups.insert(club.clone());

    // Shared with the club: members read it, others still see nothing; bob's private board is
    // shared with the club too, alice's boards are left as they are.
    let (collection, changed) =
        service.share_collection(&bob(), &list(), Sharing::Groups(vec![club.clone()]), T2).expect("shared");
    assert_eq!(collection.sharing, Sharing::Groups(vec![club.clone()]));
    assert_eq!(changed.iter().map(|board| board.id.0.as_str()).collect::<Vec<_>>(), ["bob1"]);
    assert_eq!(changed[0].metadata.sharing, Sharing::Groups(vec![club.clone()]));
    assert_eq!(changed[0].timestamps.first_published, None);
    assert_eq!(entries(&service, &carol), None);
    assert_eq!(entries(&service, &member).expect("a member reads it"), ["pub", "(missing)", "grp", "(b1)", "bob1"]);

    // Public: anyone reads it, and bob's board turns public, first published now.
    let (_, changed) = service.share_collection(&bob(), &list(), Sharing::Public, T2).expect("published");
    assert_eq!(changed.len(), 1);
    assert_eq!(
        (changed[0].metadata.sharing.clone(), changed[0].timestamps.first_published),
        (Sharing::Public, Some(T2))
    );
    assert_eq!(entries(&service, &carol).expect("anyone reads it"), ["pub", "(missing)", "(grp)", "(b1)", "bob1"]);

    // Private again: only bob reads it; his board stays public.
    let (_, changed) = service.share_collection(&bob(), &list(), Sharing::Private, T2).expect("unshared");
    assert!(changed.is_empty());
    assert_eq!(entries(&service, &carol), None);
    assert_eq!(service.get(&carol, &id("bob1")).map(|board| board.metadata.sharing), Some(Sharing::Public));

    // Only the owner shares it.
    assert_eq!(service.share_collection(&alice(), &list(), Sharing::Public, T2), Err(ServiceError::AccessDenied));
}

fn english(text: &str) -> Localized {
    Localized::single("en".parse::<Locale>().expect("a locale"), RichText::parse(text))
}

/// The steps of `collection` as `board` or `text:ID`.
fn step_names(collection: &Collection) -> Vec<String> {
    collection
        .steps
        .iter()
        .map(|step| match step {
            Step::Board(board) => board.0.clone(),
            Step::Text(text) => format!("text:{}", text.id),
        })
        .collect()
}

#[test]
fn texts_are_added_edited_moved_and_removed_among_the_boards() {
    let mut service = with_bobs_list();
    let (_, intro) =
        service.add_text_step(&bob(), &list(), english("Count your tricks first."), Some(0)).expect("added");
    assert_eq!(intro, StepKey::Text("t1".to_owned()));
    service.add_text_step(&bob(), &list(), english("Now, the finesse."), Some(3)).expect("added");
    let (added, last) = service.add_text_step(&bob(), &list(), english("Well done."), None).expect("added");
    assert_eq!(step_names(&added), ["text:t1", "pub", "missing", "text:t2", "grp", "b1", "bob1", "text:t3"]);
    assert!(added.is_lesson());
    // The reader sees the texts in place, and the boards as before.
    let steps: Vec<String> = service
        .steps(&bob(), &added)
        .iter()
        .map(|entry| match entry {
            StepEntry::Text(text) => text
                .text
                .get(&"en".parse().expect("a locale"))
                .map(|text| text.to_plain(&"en".parse().expect("a locale")))
                .unwrap_or_default(),
            StepEntry::Board(CollectionEntry::Available(board)) => board.id.0.clone(),
            StepEntry::Board(CollectionEntry::Unavailable(id)) => format!("({})", id.0),
        })
        .collect();
    assert_eq!(
        steps,
        ["Count your tricks first.", "pub", "(missing)", "Now, the finesse.", "(grp)", "(b1)", "bob1", "Well done."]
    );

    // Edited in place, keeping its id; moved like a board; removed.
    let edited = service.edit_text_step(&bob(), &list(), "t2", english("The finesse.")).expect("edited");
    assert_eq!(step_names(&edited), step_names(&added));
    let moved = service.move_in_collection(&bob(), &list(), &last, CollectionMove::To(1)).expect("moved");
    assert_eq!(step_names(&moved), ["text:t1", "text:t3", "pub", "missing", "text:t2", "grp", "b1", "bob1"]);
    let removed = service.remove_from_collection(&bob(), &list(), &intro).expect("removed");
    assert_eq!(step_names(&removed), ["text:t3", "pub", "missing", "text:t2", "grp", "b1", "bob1"]);
    // A new text takes the first free id.
    let (_, again) = service.add_text_step(&bob(), &list(), english("Again."), None).expect("added");
    assert_eq!(again, StepKey::Text("t1".to_owned()));
}

#[test]
fn a_text_step_must_be_readable_and_the_owners() {
    let mut service = with_bobs_list();
    let before = service.collections.collections.clone();
    assert_eq!(
        service.add_text_step(&bob(), &list(), english(" \n "), None),
        Err(ServiceError::InvalidText(TextStepError::Blank))
    );
    assert_eq!(
        service.add_text_step(&bob(), &list(), english(&"x".repeat(MAX_TEXT_STEP_CHARS + 1)), None),
        Err(ServiceError::InvalidText(TextStepError::TooLong("en".parse().expect("a locale"))))
    );
    assert_eq!(
        service.add_text_step(&bob(), &list(), english("Past the end."), Some(6)),
        Err(ServiceError::PositionOutOfRange { index: 6, len: 5 })
    );
    assert_eq!(service.add_text_step(&alice(), &list(), english("Mine."), None), Err(ServiceError::AccessDenied));
    assert_eq!(service.edit_text_step(&bob(), &list(), "t9", english("Nope.")), Err(ServiceError::NotInCollection));
    assert_eq!(service.collections.collections, before);
    service.add_text_step(&bob(), &list(), english("Intro."), Some(0)).expect("added");
    assert_eq!(service.edit_text_step(&alice(), &list(), "t1", english("Mine.")), Err(ServiceError::AccessDenied));
    assert_eq!(
        service.edit_text_step(&bob(), &list(), "t1", english("")),
        Err(ServiceError::InvalidText(TextStepError::Blank))
    );
}
