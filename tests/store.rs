//! The local store against real IndexedDB in headless Chromium: records of
//! every schema version read back after an upgrade, unreadable records kept
//! aside, the outbox, settings, and a second tab opening a newer version.
#![cfg(target_arch = "wasm32")]

use std::cell::Cell;
use std::rc::Rc;

use bridge_training::store::{schema, Hooks, OutboxEntry, Settings, Store, StoreError};
use indexed_db_futures::database::Database;
use indexed_db_futures::prelude::*;
use indexed_db_futures::transaction::TransactionMode;
use training::{read_board_record, Board, Timestamp};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

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
