//! The local store against real IndexedDB in headless Chromium: records of
//! every schema version read back after an upgrade, unreadable records kept
//! aside, the outbox, settings, the boards list kept in step with the boards
//! (and rebuilt when it is not), a second tab opening a newer version, and what sync keeps (its
//! state, read leniently; the outbox read per record and emptied; the server's records written
//! without queueing them back), and the solved tables kept (read back, or none when damaged).
#![cfg(target_arch = "wasm32")]

use std::cell::Cell;
use std::rc::Rc;

use bridge_training::api::Kind;
use bridge_training::store::{
    new_game_id, schema, Conflict, Hooks, OutboxEntry, Settings, Store, StoreError, SyncState,
};
use indexed_db_futures::database::Database;
use indexed_db_futures::prelude::*;
use indexed_db_futures::transaction::TransactionMode;
use training::{read_board_record, Board, BoardId, BoardSummary, Timestamp};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

mod common;
use common::game_of;

wasm_bindgen_test_configure!(run_in_browser);

/// A board record as version 1 of the app wrote it (shared with `training`'s tests).
const BOARD_V1: &str = include_str!("../crates/training/tests/data/board-record-v1.json");

/// A database name no other test uses.
fn fresh_name(test: &str) -> String {
    format!("test-{test}-{}", js_sys::Math::random())
}

fn fixture_board() -> Board {
    let json: serde_json::Value = serde_json::from_str(BOARD_V1).expect("the fixture is JSON");
    read_board_record(&json).expect("the fixture is a readable board")
}

fn parse(json: &str) -> JsValue {
    js_sys::JSON::parse(json).expect("test JSON parses")
}

/// A board stored as schema 1 stores it: the indexed fields beside the record text.
fn stored_board(id: &str, owner: Option<&str>, level: Option<u8>, record: &str) -> JsValue {
    let envelope = serde_json::json!({
        "id": id, "code": "AbCd2345", "owner": owner, "level": level,
        "updated": 1_700_000_500_000_i64, "deleted": null, "record": record,
    });
    parse(&envelope.to_string())
}

fn stored_fixture() -> JsValue {
    stored_board("board-0001", Some("teacher-7"), Some(2), BOARD_V1)
}

/// Creates the database `name` as schema `version` left it and writes `records`
/// (store, raw value) into it, as an older app would have.
async fn seed(name: &str, version: u32, records: &[(&str, JsValue)]) {
    let db = Database::open(name)
        .with_version(version)
        .with_on_upgrade_needed(move |event, db| schema::upgrade(&db, event.old_version() as u32, version))
        .await
        .expect("the seed database opens");
    for (store, value) in records {
        let tx = db.transaction(*store).with_mode(TransactionMode::Readwrite).build().expect("a transaction");
        tx.object_store(store).expect("the store exists").put(value.clone()).primitive().expect("a put");
        tx.commit().await.expect("the seed is written");
    }
    db.close();
}

/// How many records a store holds, read without the app's code.
async fn raw_count(name: &str, store: &str) -> u32 {
    let db = Database::open(name).await.expect("the database opens");
    let tx = db.transaction(store).build().expect("a transaction");
    let count = tx.object_store(store).expect("the store exists").count().primitive().expect("a count");
    let count = count.await.expect("the count is read");
    drop(tx);
    db.close();
    count
}

#[wasm_bindgen_test]
async fn a_board_round_trips_and_its_changes_queue_for_sync() {
    let name = fresh_name("round-trip");
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    let board = fixture_board();
    store.put_board(&board, Timestamp(10)).await.expect("the board is stored");
    let loaded = store.load_boards().await.expect("the boards load");
    assert!(loaded.unreadable.is_empty(), "{:?}", loaded.unreadable);
    assert_eq!(loaded.items, vec![board.clone()]);

    store.remove_board(&board.id, Timestamp(20)).await.expect("the board is removed");
    assert!(store.load_boards().await.expect("the boards load").items.is_empty());
    let id = board.id.0.clone();
    assert_eq!(
        store.outbox().await.expect("the outbox reads"),
        vec![OutboxEntry::BoardPut { id: id.clone(), at: 10 }, OutboxEntry::BoardRemoved { id, at: 20 }]
    );
}

#[wasm_bindgen_test]
async fn records_of_every_schema_version_read_back_unchanged_after_the_upgrade() {
    for version in 1..=schema::VERSION {
        let name = fresh_name(&format!("upgrade-from-{version}"));
        let settings = r#"{"key": "settings", "version": 1, "language": "fr", "comment_language": "en"}"#;
        seed(&name, version, &[(schema::BOARDS, stored_fixture()), (schema::SETTINGS, parse(settings))]).await;

        let store = Store::open(&name, Hooks::default()).await.expect("the store opens and upgrades");
        let loaded = store.load_boards().await.expect("the boards load");
        assert_eq!(loaded.items, vec![fixture_board()], "boards written by schema {version}");
        assert!(loaded.unreadable.is_empty(), "schema {version}: {:?}", loaded.unreadable);
        assert_eq!(
            store.settings().await.expect("the settings load"),
            Settings { language: Some("fr".to_owned()), comment_language: Some("en".to_owned()) },
            "settings written by schema {version}"
        );
    }
}

#[wasm_bindgen_test]
async fn an_unreadable_record_is_reported_and_kept_aside_never_deleted() {
    let name = fresh_name("unreadable");
    let future_version = r#"{"version": 99, "id": "from-the-future", "code": "AbCd2345"}"#;
    let not_a_board = r#"{"id": "garbage", "code": 5, "hands": "none"}"#;
    let half: String = BOARD_V1.chars().take(BOARD_V1.chars().count() / 2).collect();
    seed(
        &name,
        schema::VERSION,
        &[
            (schema::BOARDS, stored_fixture()),
            (schema::BOARDS, stored_board("from-the-future", None, None, future_version)),
            (schema::BOARDS, stored_board("truncated", Some("teacher-7"), None, &half)),
            (schema::BOARDS, parse(not_a_board)),
        ],
    )
    .await;

    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    for pass in 0..2 {
        let loaded = store.load_boards().await.expect("the readable boards load");
        assert_eq!(loaded.items, vec![fixture_board()], "pass {pass}: {:?}", loaded.unreadable);
        let mut keys: Vec<_> = loaded.unreadable.iter().map(|bad| bad.key.as_str()).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["from-the-future", "garbage", "truncated"], "pass {pass}");
        assert!(loaded.unreadable.iter().all(|bad| bad.store == schema::BOARDS && !bad.error.is_empty()));
    }
    let kept = store.quarantined().await.expect("the quarantine reads");
    assert_eq!(kept.len(), 3, "{kept:?}");
    assert_eq!(raw_count(&name, schema::BOARDS).await, 4, "the unreadable boards stay where they were");
}

#[wasm_bindgen_test]
async fn settings_round_trip_and_an_unknown_version_falls_back_to_defaults() {
    let name = fresh_name("settings");
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    assert_eq!(store.settings().await.expect("the settings load"), Settings::default());
    let chosen = Settings { language: Some("en".to_owned()), comment_language: Some("fr".to_owned()) };
    store.put_settings(&chosen).await.expect("the settings are stored");
    assert_eq!(store.settings().await.expect("the settings load"), chosen);

    let name = fresh_name("settings-future");
    seed(&name, schema::VERSION, &[(schema::SETTINGS, parse(r#"{"key": "settings", "version": 7}"#))]).await;
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    assert_eq!(store.settings().await.expect("the settings load"), Settings::default());
    assert_eq!(store.quarantined().await.expect("the quarantine reads").len(), 1);
    assert_eq!(raw_count(&name, schema::SETTINGS).await, 1, "the unknown settings stay stored");
}

#[wasm_bindgen_test]
async fn a_newer_version_in_another_tab_takes_over_and_this_tab_is_told_to_reload() {
    let name = fresh_name("two-tabs");
    let told = Rc::new(Cell::new(false));
    let hooks = Hooks {
        on_blocked: None,
        on_outdated: Some(Box::new({
            let told = told.clone();
            move || told.set(true)
        })),
    };
    let store = Store::open(&name, hooks).await.expect("the store opens");
    store.put_board(&fixture_board(), Timestamp(1)).await.expect("the board is stored");

    // The other tab: a newer app with one more schema version. It must not stay blocked.
    let newer = Database::open(name.as_str())
        .with_version(schema::VERSION + 1)
        .with_on_upgrade_needed(|_event, _db| Ok(()))
        .await
        .expect("the newer version opens: the old tab let go");
    newer.close();

    assert!(told.get(), "the old tab was told");
    assert!(store.is_outdated());
    assert_eq!(store.put_board(&fixture_board(), Timestamp(2)).await, Err(StoreError::Outdated));
    assert_eq!(store.load_boards().await.map(|loaded| loaded.items.len()).err(), Some(StoreError::Outdated));
}

/// A second board: the fixture under another id, name and deal code.
fn other_board() -> Board {
    let mut json: serde_json::Value = serde_json::from_str(BOARD_V1).expect("the fixture is JSON");
    json["id"] = "board-0002".into();
    json["code"] = "Hj4kM7pQ".into();
    json["metadata"]["name"] = "Another squeeze".into();
    read_board_record(&json).expect("the second board is readable")
}

/// A third board: the fixture under another id and deal code, at another
/// vulnerability (so its table is kept under another key).
fn board_elsewhere() -> Board {
    let mut json: serde_json::Value = serde_json::from_str(BOARD_V1).expect("the fixture is JSON");
    json["id"] = "board-0003".into();
    json["code"] = "Zx8wQ5rT".into();
    json["vulnerability"] = "None".into();
    read_board_record(&json).expect("the third board is readable")
}

/// The summaries of `boards`, by id.
fn summaries(boards: &[Board]) -> Vec<BoardSummary> {
    let mut res: Vec<BoardSummary> = boards.iter().map(BoardSummary::of).collect();
    res.sort_by(|a, b| a.id().cmp(b.id()));
    res
}

/// The stored list, by id, and whether it had to be rebuilt.
async fn board_list(store: &Store) -> (Vec<BoardSummary>, bool) {
    let list = store.board_list().await.expect("the list reads");
    let mut res = list.summaries;
    res.sort_by(|a, b| a.id().cmp(b.id()));
    (res, list.boards.is_some())
}

/// Replaces the stored boards list by `value`, as a damaged disk or another build might leave it.
async fn put_raw_list(name: &str, value: JsValue) {
    let db = Database::open(name).await.expect("the database opens");
    let tx = db.transaction(schema::LISTS).with_mode(TransactionMode::Readwrite).build().expect("a transaction");
    tx.object_store(schema::LISTS).expect("the store exists").put(value).primitive().expect("a put");
    tx.commit().await.expect("the list is written");
    db.close();
}

#[wasm_bindgen_test]
async fn the_boards_list_stays_in_step_with_every_board_write() {
    let name = fresh_name("list-in-step");
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    assert_eq!(board_list(&store).await, (Vec::new(), true), "a new database builds its empty list");

    let (first, second) = (fixture_board(), other_board());
    store.put_boards(&[first.clone(), second.clone()], Timestamp(1)).await.expect("the boards are stored");
    assert_eq!(board_list(&store).await, (summaries(&[first.clone(), second.clone()]), false), "created");

    let mut renamed = first.clone();
    renamed.metadata.name = "Renamed".to_owned();
    renamed.timestamps.deleted = Some(Timestamp(5));
    store.put_board(&renamed, Timestamp(5)).await.expect("the board is stored");
    assert_eq!(board_list(&store).await, (summaries(&[renamed.clone(), second.clone()]), false), "updated");

    store.remove_board(&second.id, Timestamp(6)).await.expect("the board is removed");
    store.remove_board(&BoardId("never-stored".to_owned()), Timestamp(7)).await.expect("nothing to remove");
    assert_eq!(board_list(&store).await, (summaries(&[renamed.clone()]), false), "deleted");
    assert_eq!(board_list(&store).await.0, summaries(&store.load_boards().await.expect("the boards load").items));
}

#[wasm_bindgen_test]
async fn a_damaged_unknown_or_out_of_step_boards_list_is_rebuilt_from_the_boards() {
    let name = fresh_name("list-rebuilt");
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    let boards = [fixture_board(), other_board()];
    store.put_boards(&boards, Timestamp(1)).await.expect("the boards are stored");
    let half: String = BOARD_V1.chars().take(BOARD_V1.chars().count() / 2).collect();
    let text = |record: &str| serde_json::Value::from(record).to_string();
    let damaged = [
        (
            "an unknown version",
            format!(
                r#"{{"key": "boards", "count": 2, "unreadable": [], "record": {}}}"#,
                text(r#"{"version": 99, "boards": []}"#)
            ),
        ),
        ("truncated text", format!(r#"{{"key": "boards", "count": 2, "unreadable": [], "record": {}}}"#, text(&half))),
        ("no count", r#"{"key": "boards", "unreadable": [], "record": "{\"version\": 1, \"boards\": []}"}"#.to_owned()),
        (
            "another count",
            r#"{"key": "boards", "count": 0, "unreadable": [], "record": "{\"version\": 1, \"boards\": []}"}"#
                .to_owned(),
        ),
        (
            "a count its content does not have",
            r#"{"key": "boards", "count": 2, "unreadable": [], "record": "{\"version\": 1, \"boards\": []}"}"#
                .to_owned(),
        ),
        ("not a record", r#"{"key": "boards", "count": "two"}"#.to_owned()),
    ];
    for (what, value) in damaged {
        put_raw_list(&name, parse(&value)).await;
        assert_eq!(board_list(&store).await, (summaries(&boards), true), "{what}: rebuilt");
        assert_eq!(board_list(&store).await, (summaries(&boards), false), "{what}: kept once rebuilt");
    }

    // A write finding the list damaged drops it rather than keep it wrong; the next reading rebuilds it.
    put_raw_list(&name, parse(r#"{"key": "boards", "count": 2, "unreadable": [], "record": "garbage"}"#)).await;
    let mut renamed = boards[0].clone();
    renamed.metadata.name = "Renamed".to_owned();
    store.put_board(&renamed, Timestamp(2)).await.expect("the board is stored");
    assert_eq!(board_list(&store).await, (summaries(&[renamed, boards[1].clone()]), true));
    assert_eq!(raw_count(&name, schema::BOARDS).await, 2, "no board lost");
    assert!(store.quarantined().await.expect("the quarantine reads").is_empty(), "a list is no user data");

    // A board written behind the store's back (as by an older build) puts the list out of step.
    drop(store);
    seed(&name, schema::VERSION, &[(schema::BOARDS, stored_board("board-0003", Some("local"), None, BOARD_V1))]).await;
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    let (listed, rebuilt) = board_list(&store).await;
    assert!(rebuilt, "out of step: rebuilt");
    assert_eq!(listed.len(), 3);
}

#[wasm_bindgen_test]
async fn a_version_1_database_gets_its_boards_list_at_the_first_reading_and_keeps_its_unreadable_boards() {
    let name = fresh_name("list-upgrade");
    let truncated: String = BOARD_V1.chars().take(BOARD_V1.chars().count() / 2).collect();
    seed(
        &name,
        1,
        &[
            (schema::BOARDS, stored_fixture()),
            (schema::BOARDS, stored_board("truncated", Some("teacher-7"), None, &truncated)),
        ],
    )
    .await;

    let store = Store::open(&name, Hooks::default()).await.expect("the store opens and upgrades");
    for (pass, rebuilt) in [(0, true), (1, false)] {
        let list = store.board_list().await.expect("the list reads");
        assert_eq!(list.boards.is_some(), rebuilt, "pass {pass}");
        assert_eq!(list.summaries, summaries(&[fixture_board()]), "pass {pass}");
        let unreadable: Vec<_> = list.unreadable.iter().map(|bad| (bad.store.as_str(), bad.key.as_str())).collect();
        assert_eq!(unreadable, [(schema::BOARDS, "truncated")], "pass {pass}: still reported");
    }
    assert_eq!(store.quarantined().await.expect("the quarantine reads").len(), 1);
    assert_eq!(raw_count(&name, schema::BOARDS).await, 2, "every board stays where it was");

    // Writing over the unreadable board makes it readable, and the list says so.
    let mut json: serde_json::Value = serde_json::from_str(BOARD_V1).expect("the fixture is JSON");
    json["id"] = "truncated".into();
    let repaired = read_board_record(&json).expect("readable");
    store.put_board(&repaired, Timestamp(3)).await.expect("the board is stored");
    let list = store.board_list().await.expect("the list reads");
    assert!(list.boards.is_none() && list.unreadable.is_empty(), "{:?}", list.unreadable);
    assert_eq!(list.summaries.len(), 2);
}

/// A game each of two boards whose ids begin as `board`'s, and whose
/// games' keys lie inside its range (an id that begins with it and a colon)
/// and just outside it; their ids.
async fn put_neighbours_games(store: &Store, board: &Board) -> Vec<BoardId> {
    let mut others = Vec::new();
    for (other_board, when) in [(format!("{}:x", board.id.0), 30), (format!("{}-2", board.id.0), 31)] {
        let mut start = game_of(board, 3, 0).play_start().clone();
        start.board = training::BoardId(other_board);
        let other = training::Journal::start(start).expect("four hands");
        let id = new_game_id(&other.play_start().board, Timestamp(when), 3);
        store.put_game(&id, &other, Timestamp(when)).await.expect("stored");
        others.push(other.play_start().board.clone());
    }
    others
}

#[wasm_bindgen_test]
async fn games_round_trip_newest_first_and_an_unreadable_game_is_kept_aside() {
    let name = fresh_name("games");
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    let board = fixture_board();
    let older = game_of(&board, 1, 0);
    let newer = game_of(&board, 2, 1);
    let (older_id, newer_id) = (new_game_id(&board.id, Timestamp(10), 1), new_game_id(&board.id, Timestamp(20), 2));
    store.put_game(&older_id, &older, Timestamp(10)).await.expect("stored");
    store.put_game(&newer_id, &newer, Timestamp(20)).await.expect("stored");
    put_neighbours_games(&store, &board).await;
    // A game whose id does not begin with its board's is refused, as games_of would never see it.
    let refused = store.put_game("older", &older, Timestamp(32)).await;
    assert!(matches!(refused, Err(StoreError::Failed(_))), "{refused:?}");
    assert_eq!(raw_count(&name, schema::JOURNALS).await, 4, "nothing written for the refused game");

    let (games, unreadable) = store.games_of(&board.id).await.expect("the games read");
    assert!(unreadable.is_empty(), "{unreadable:?}");
    let ids: Vec<&str> = games.iter().map(|game| game.id.as_str()).collect();
    assert_eq!(ids, [newer_id.as_str(), older_id.as_str()], "this board's games, the most recent first");
    assert_eq!(games[0].journal, newer, "the cursor and every event come back");
    assert_eq!(games[1].journal, older);

    // The same game stored again replaces it; a broken record is kept aside, one of another
    // board is not read at all.
    let mut moved = newer.clone();
    moved.undo();
    store.put_game(&newer_id, &moved, Timestamp(40)).await.expect("stored");
    let broken_id = format!("{}:broken", board.id.0);
    let broken =
        serde_json::json!({ "id": broken_id, "board": board.id.0, "updated": 50, "record": "{\"version\": 2" });
    let elsewhere = serde_json::json!({ "id": "another:broken", "board": "another", "updated": 50, "record": "{" });
    let records = [(schema::JOURNALS, parse(&broken.to_string())), (schema::JOURNALS, parse(&elsewhere.to_string()))];
    seed(&name, schema::VERSION, &records).await;
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens again");
    let (games, unreadable) = store.games_of(&board.id).await.expect("the readable games read");
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].journal, moved);
    assert_eq!(unreadable.len(), 1);
    assert_eq!(unreadable[0].key, broken_id);
    assert_eq!(store.quarantined().await.expect("the quarantine reads").len(), 1);
    assert_eq!(raw_count(&name, schema::JOURNALS).await, 6, "nothing is deleted");
}

#[wasm_bindgen_test]
async fn a_boards_games_are_forgotten_and_no_other_boards() {
    let name = fresh_name("forget-games");
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    let board = fixture_board();
    for (seed, when) in [(1, 10), (2, 20)] {
        let id = new_game_id(&board.id, Timestamp(when), seed);
        store.put_game(&id, &game_of(&board, seed, 1), Timestamp(when)).await.expect("stored");
    }
    let others = put_neighbours_games(&store, &board).await;
    // A broken game of the board, and one without a board named.
    let broken = serde_json::json!({ "id": format!("{}:broken", board.id.0), "board": board.id.0, "record": "{" });
    let nameless = serde_json::json!({ "id": format!("{}:nameless", board.id.0), "record": "{" });
    let records = [(schema::JOURNALS, parse(&broken.to_string())), (schema::JOURNALS, parse(&nameless.to_string()))];
    seed(&name, schema::VERSION, &records).await;
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens again");
    assert_eq!(raw_count(&name, schema::JOURNALS).await, 6);

    store.forget_games_of(&board.id).await.expect("forgotten");
    let (games, unreadable) = store.games_of(&board.id).await.expect("the games read");
    assert!(games.is_empty() && unreadable.is_empty(), "{games:?} {unreadable:?}");
    assert_eq!(raw_count(&name, schema::JOURNALS).await, 2, "the board's four records are gone, the others' stay");
    for other in &others {
        let (games, _) = store.games_of(other).await.expect("the games read");
        assert_eq!(games.len(), 1, "the game of {other:?} stays");
    }
    store.forget_games_of(&board.id).await.expect("forgetting no game is no error");
}

/// A board removed from the device, by the learner or by sync, takes its
/// games; the other board's stay.
#[wasm_bindgen_test]
async fn a_removed_board_takes_its_games_whoever_removes_it() {
    let name = fresh_name("remove-games");
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    let (board, other) = (fixture_board(), other_board());
    store.put_board(&board, Timestamp(10)).await.expect("stored");
    let put_game_of = |board: &Board, when: i64| {
        let (store, board) = (&store, board.clone());
        async move {
            let id = new_game_id(&board.id, Timestamp(when), 1);
            store.put_game(&id, &game_of(&board, 1, 1), Timestamp(when)).await.expect("stored");
        }
    };
    put_game_of(&board, 11).await;
    let count = |board: &Board| {
        let (store, id) = (&store, board.id.clone());
        async move { store.games_of(&id).await.expect("the games read").0.len() }
    };

    store.put_board(&other, Timestamp(12)).await.expect("stored");
    put_game_of(&other, 13).await;
    put_game_of(&other, 14).await;
    assert_eq!(count(&other).await, 2);
    store.remove_board(&other.id, Timestamp(15)).await.expect("removed");
    assert_eq!(count(&other).await, 0, "the learner's removal takes the board's games");
    assert_eq!(count(&board).await, 1, "the other board's game stays");

    store.put_synced_boards(std::slice::from_ref(&other)).await.expect("stored");
    put_game_of(&other, 16).await;
    store.remove_synced_board(&other.id).await.expect("removed");
    assert_eq!(count(&other).await, 0, "sync's removal takes the board's games");
    assert_eq!(count(&board).await, 1, "the other board's game stays");
    assert_eq!(raw_count(&name, schema::JOURNALS).await, 1);
}

#[wasm_bindgen_test]
async fn progress_round_trips_and_a_damaged_record_reads_as_no_progress() {
    let name = fresh_name("progress");
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    let collection = training::CollectionId("lesson-1".to_owned());
    let empty = training::CollectionProgress::new(collection.clone());
    assert_eq!(store.progress(&collection).await.expect("reads"), empty);

    let mut progress = empty.clone();
    let board = training::BoardId("board-1".to_owned());
    let lesson = training::Collection {
        id: collection.clone(),
        owner: training::UserId("teacher".to_owned()),
        name: "Lesson 1".to_owned(),
        steps: vec![training::Step::Board(board.clone())],
        sharing: training::Sharing::Private,
    };
    progress.saw(&lesson, training::StepKey::Board(board.clone()));
    let result = training::GameResult { learner_tricks: 9, declarer_tricks: 9, as_declarer: true };
    progress.finished(&board, result, true);
    store.put_progress(&progress).await.expect("stored");
    assert_eq!(store.progress(&collection).await.expect("reads"), progress);
    assert_eq!(progress.status(&lesson), training::LessonStatus::Finished);

    let damaged = serde_json::json!({ "collection": "lesson-2", "record": "{\"version\": 1, \"boards\": 7" });
    seed(&name, schema::VERSION, &[(schema::PROGRESS, parse(&damaged.to_string()))]).await;
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens again");
    let lesson_2 = training::CollectionId("lesson-2".to_owned());
    assert_eq!(store.progress(&lesson_2).await.expect("reads"), training::CollectionProgress::new(lesson_2));
    assert_eq!(store.progress(&collection).await.expect("reads"), progress, "the other collection is untouched");
}

/// The progress record an older app stored (version 1, boards only) reads through the store with
/// its games, its last board the step to resume at.
#[wasm_bindgen_test]
async fn a_progress_record_of_version_1_reads_with_its_games() {
    let name = fresh_name("progress-v1");
    let record = include_str!("../crates/training/tests/data/progress-record-v1.json");
    let stored = serde_json::json!({ "collection": "collection-0003", "record": record });
    seed(&name, schema::VERSION, &[(schema::PROGRESS, parse(&stored.to_string()))]).await;
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    let collection = training::CollectionId("collection-0003".to_owned());
    let progress = store.progress(&collection).await.expect("reads");
    assert_eq!(progress.last_step, Some(training::StepKey::Board(training::BoardId("board-0011".to_owned()))));
    assert_eq!(progress.boards.len(), 2);
    assert_eq!(progress.boards[&training::BoardId("board-0003".to_owned())].games, 2);
    // Written back, it is version 2 and reads the same.
    store.put_progress(&progress).await.expect("stored");
    assert_eq!(store.progress(&collection).await.expect("reads"), progress);
}

#[wasm_bindgen_test]
async fn the_sync_state_round_trips_and_a_damaged_one_is_kept_aside_and_starts_afresh() {
    let name = fresh_name("sync-state");
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    assert_eq!(store.sync_state().await.expect("the state reads"), SyncState::default());
    let mut state = SyncState::default();
    state.cursors.insert(Kind::Board, 42);
    state.set_revision(Kind::Board, "b-1", Some(3));
    state.add_conflict(Conflict {
        kind: Kind::Collection,
        id: "c-1".to_owned(),
        revision: 2,
        record: Some(serde_json::json!({ "name": "Theirs" })),
    });
    store.put_sync_state(&state).await.expect("the state is stored");
    let read = store.sync_state().await.expect("the state reads");
    assert_eq!(read, state);
    assert_eq!(read.revision(Kind::Board, "b-1"), Some(3));
    assert_eq!(read.revision(Kind::Collection, "b-1"), None);

    for (test, damaged) in [
        ("text", r#"{"key": "sync", "version": 1, "record": "{not json"}"#),
        ("future", r#"{"key": "sync", "version": 9, "record": "{}"}"#),
        ("shape", r#"{"key": "sync", "version": 1, "record": "{\"cursors\": 7}"}"#),
    ] {
        let name = fresh_name(&format!("sync-state-{test}"));
        seed(&name, schema::VERSION, &[(schema::SETTINGS, parse(damaged))]).await;
        let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
        assert_eq!(store.sync_state().await.expect("the state reads"), SyncState::default(), "{test}");
        assert_eq!(store.quarantined().await.expect("the quarantine reads").len(), 1, "{test}: kept aside");
    }
}

#[wasm_bindgen_test]
async fn the_outbox_gives_each_records_last_change_and_the_servers_records_queue_nothing() {
    let name = fresh_name("pending");
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    let board = fixture_board();
    let other = other_board();
    store.put_board(&board, Timestamp(10)).await.expect("stored");
    store.put_board(&board, Timestamp(11)).await.expect("stored again");
    store.put_board(&other, Timestamp(12)).await.expect("stored");
    store.remove_board(&other.id, Timestamp(13)).await.expect("removed");
    let pending = store.pending().await.expect("the outbox reads");
    let changes: Vec<_> = pending.changes.iter().map(|((kind, id), removed)| (*kind, id.as_str(), *removed)).collect();
    assert_eq!(changes, [(Kind::Board, board.id.0.as_str(), false), (Kind::Board, other.id.0.as_str(), true)]);
    assert_eq!(pending.keys_of(Kind::Board, &board.id.0).len(), 2);
    assert_eq!(pending.unreadable, 0);

    // Sent: dropped; the other change stays.
    store.drop_outbox(pending.keys_of(Kind::Board, &board.id.0)).await.expect("dropped");
    let pending = store.pending().await.expect("the outbox reads");
    assert_eq!(pending.changes.keys().map(|(_, id)| id.as_str()).collect::<Vec<_>>(), [other.id.0.as_str()]);

    // What came from the server is stored and listed, and queues nothing.
    store.put_synced_boards(std::slice::from_ref(&other)).await.expect("stored");
    assert_eq!(store.pending().await.expect("the outbox reads").changes.len(), 1);
    let (listed, _) = board_list(&store).await;
    assert!(listed.iter().any(|summary| summary.id() == &other.id));
    assert_eq!(
        store.record_json(Kind::Board, &other.id.0).await.expect("reads").map(|json| json["id"].clone()),
        Some(serde_json::json!(other.id.0))
    );
    store.remove_synced_board(&other.id).await.expect("removed");
    assert_eq!(store.pending().await.expect("the outbox reads").changes.len(), 1);
    assert_eq!(store.record_json(Kind::Board, &other.id.0).await.expect("reads"), None);

    // Requeued by hand (a conflict kept), and every record for a new account.
    store.requeue(Kind::Collection, "c-1").await.expect("requeued");
    store.requeue_all().await.expect("requeued");
    let pending = store.pending().await.expect("the outbox reads");
    assert_eq!(pending.changes.get(&(Kind::Collection, "c-1".to_owned())), Some(&false));
    assert_eq!(pending.changes.get(&(Kind::Board, board.id.0.clone())), Some(&false));
}

/// A deal's table and par round-trip per deal, dealer and vulnerability, in a database of schema 2
/// upgraded; a record that does not read (cut short, of another version, an entry above 13 tricks)
/// reads as none, and the next solve writes over it; a table forgotten reads as none.
#[wasm_bindgen_test]
async fn solved_tables_round_trip_and_a_damaged_one_reads_as_none_and_is_written_over() {
    use bridge_training::store::Dealt;
    use solver_wasm::{ParMsg, TableMsg};

    let name = fresh_name("solved");
    seed(&name, 2, &[]).await;
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens and upgrades");
    let board = fixture_board();
    let dealt = Dealt::of(board.game());
    assert_eq!(store.solved(&dealt).await.expect("reads"), None, "nothing kept yet");

    let table = TableMsg { tricks: [[9, 4, 9, 4], [8, 5, 8, 5], [7, 6, 7, 6], [10, 3, 10, 3], [6, 7, 6, 7]] };
    let par = ParMsg { score: 400, contracts: vec!["3N-NS".to_owned()] };
    store.put_solved(&dealt, &table, &par).await.expect("kept");
    let kept = Some((table, par.clone()));
    assert_eq!(store.solved(&dealt).await.expect("reads"), kept);
    assert_eq!(
        store.solved(&Dealt { dealer: dealt.dealer.next(), ..dealt }).await.expect("reads"),
        None,
        "another dealer"
    );
    let other = if dealt.vulnerability == bridge::Vulnerability::Both {
        bridge::Vulnerability::None
    } else {
        bridge::Vulnerability::Both
    };
    let elsewhere = Dealt { vulnerability: other, ..dealt };
    assert_eq!(store.solved(&elsewhere).await.expect("reads"), None, "another vulnerability");

    let good = serde_json::json!({ "version": 1, "table": { "tricks": table.tricks }, "par": par }).to_string();
    let mut too_many = table;
    too_many.tricks[4][3] = 14;
    let damaged = [
        good[..good.len() / 2].to_owned(),
        good.replace("\"version\":1", "\"version\":2"),
        serde_json::json!({ "version": 1, "table": too_many, "par": par }).to_string(),
    ];
    assert_ne!(damaged[1], good, "the version was changed");
    let key = dealt.key();
    for record in damaged {
        let raw = serde_json::json!({ "key": key, "record": record });
        seed(&name, schema::VERSION, &[(schema::SOLVED, parse(&raw.to_string()))]).await;
        assert_eq!(store.solved(&dealt).await.expect("reads"), None, "{record}");
        store.put_solved(&dealt, &table, &par).await.expect("written over");
        assert_eq!(store.solved(&dealt).await.expect("reads"), kept, "{record}");
    }
    assert_eq!(store.quarantined().await.expect("the quarantine reads").len(), 0, "derived data, not quarantined");

    store.forget_solved(&dealt).await.expect("forgotten");
    assert_eq!(store.solved(&dealt).await.expect("reads"), None, "forgotten");
    store.forget_solved(&dealt).await.expect("forgetting what is not kept is no error");
}

/// A board sync removes says which deal it was on; at the end of the run the tables of the deals no
/// board is on any more go, and those another board is still on stay.
#[wasm_bindgen_test]
async fn the_tables_of_deals_whose_last_board_sync_removed_go() {
    use bridge_training::store::Dealt;
    use solver_wasm::{ParMsg, TableMsg};

    let name = fresh_name("synced-tables");
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    let (board, same_deal, elsewhere) = (fixture_board(), other_board(), board_elsewhere());
    let (dealt, other_dealt) = (Dealt::of(board.game()), Dealt::of(elsewhere.game()));
    assert_eq!(Dealt::of(same_deal.game()), dealt, "the fixture's first two boards share their deal");
    assert_ne!(other_dealt, dealt, "the third board's table is kept apart");
    store.put_synced_boards(&[board.clone(), same_deal.clone(), elsewhere.clone()]).await.expect("stored");
    let table = TableMsg { tricks: [[9, 4, 9, 4], [8, 5, 8, 5], [7, 6, 7, 6], [10, 3, 10, 3], [6, 7, 6, 7]] };
    let par = ParMsg { score: 400, contracts: vec!["3N-NS".to_owned()] };
    for kept in [&dealt, &other_dealt] {
        store.put_solved(kept, &table, &par).await.expect("kept");
    }

    let removed = [
        store.remove_synced_board(&same_deal.id).await.expect("removed"),
        store.remove_synced_board(&elsewhere.id).await.expect("removed"),
        store.remove_synced_board(&BoardId("never-stored".to_owned())).await.expect("nothing to remove"),
    ];
    assert_eq!(removed, [Some(dealt), Some(other_dealt), None], "each removed board's deal");
    store.forget_unused_solved(&[dealt, other_dealt]).await.expect("forgotten");
    assert_eq!(store.solved(&dealt).await.expect("reads"), Some((table, par)), "another board is on the deal");
    assert_eq!(store.solved(&other_dealt).await.expect("reads"), None, "its last board went");
    store.forget_unused_solved(&[]).await.expect("nothing to forget");
}
