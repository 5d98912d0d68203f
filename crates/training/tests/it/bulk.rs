//! Bulk operations of the board service over criteria: only the viewer's own boards, never all by accident.

use training::{BoardCriteria, BoardQuery, Level, Lifecycle, QueryError, Sharing, SharingFilter, UserId};

use crate::service::{alice, bob, draft, id, service, Service, T1, T2};

/// `service()` with bob's public board `bob1`.
fn with_bobs_board() -> Service {
    let mut service = service();
    service.create(&bob(), draft("bob1", Sharing::Public), T1, None).expect("bob's board");
    service
}

fn ids(ids: &[training::BoardId]) -> Vec<&str> {
    ids.iter().map(|id| id.0.as_str()).collect()
}

#[test]
fn soft_delete_matching_trashes_only_the_viewers_selected_boards() {
    let mut service = with_bobs_board();
    let public = BoardQuery::new().sharing([SharingFilter::Public]).expect("no group");
    let criteria = BoardCriteria::from_query(&public).expect("a sharing filter");
    let outcome = service.soft_delete_matching(&alice(), &criteria, T2);
    assert_eq!((ids(&outcome.changed), outcome.refused.len()), (vec!["pub"], 0));
    assert!(service.get(&alice(), &id("pub")).expect("alice's").is_deleted());
    assert!(!service.get(&bob(), &id("bob1")).expect("bob's").is_deleted());
    // Active boards only, unless the criteria say otherwise: nothing left to trash.
    assert_eq!(service.soft_delete_matching(&alice(), &criteria, T2).changed, Vec::new());
    let everywhere = BoardCriteria::from_query(&public.lifecycle(Lifecycle::All)).expect("a filter");
    let again = service.soft_delete_matching(&alice(), &everywhere, T2);
    assert_eq!((again.changed.len(), again.refused.len()), (0, 0));
}

#[test]
fn update_metadata_matching_goes_through_the_gate_for_the_viewers_boards() {
    let mut service = with_bobs_board();
    let not_bobs = BoardCriteria::from_query(&BoardQuery::new().not_owner(UserId("bob".to_owned()))).expect("a filter");
    let outcome = service.update_metadata_matching(&alice(), &not_bobs, T2, |metadata| {
        metadata.level = Level::new(3);
        metadata.play_themes = vec![" squeeze ".to_owned(), "squeeze".to_owned()];
    });
    assert_eq!((ids(&outcome.changed), outcome.refused.len()), (vec!["b1", "grp", "pub"], 0));
    let board = service.get(&alice(), &id("grp")).expect("alice's");
    // Canonicalised by the gate and stamped.
    assert_eq!((board.metadata.level, board.metadata.play_themes.clone()), (Level::new(3), vec!["squeeze".to_owned()]));
    assert_eq!(board.timestamps.updated, T2);
    // Bob's board matches the criteria seen from bob's side only, and alice cannot reach it.
    let public = BoardQuery::new().sharing([SharingFilter::Public]).expect("no group");
    let everyones = BoardCriteria::from_query(&public).expect("a filter");
    let bobs = service.update_metadata_matching(&bob(), &everyones, T2, |metadata| metadata.name = "Bob's".to_owned());
    assert_eq!(ids(&bobs.changed), ["bob1"]);
    assert_eq!(service.get(&alice(), &id("pub")).expect("alice's").metadata.name, "");
}

#[test]
fn an_empty_query_gives_no_criteria_to_act_on() {
    assert_eq!(BoardCriteria::from_query(&BoardQuery::new().lifecycle(Lifecycle::All)), Err(QueryError::EmptyCriteria));
}
