//! Sync of one's own boards and collections over real HTTP: push, pull by
//! cursor, conflicts answered with the current version, the write gate, access
//! rules, and public boards and collections by their code.

use api_contract::{Outcome, Pulled, Pushed, Session};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::accounts::sign_up;
use crate::{error_code, TestServer};

/// A board record as the app stores it (`training`'s version 1 fixture).
const BOARD_V1: &str = include_str!("../../../training/tests/data/board-record-v1.json");

/// The fixture as board `id` of the account of `session`, shared as `sharing`.
pub fn board(session: &Session, id: &str, name: &str, sharing: Value) -> Value {
    let mut record: Value = serde_json::from_str(BOARD_V1).expect("the fixture is JSON");
    record["id"] = json!(id);
    record["owner"] = json!({ "kind": "user", "user_id": session.account.id });
    record["metadata"]["name"] = json!(name);
    record["metadata"]["sharing"] = sharing;
    record
}

pub async fn push(server: &TestServer, session: &Session, changes: Value) -> Vec<Outcome> {
    push_to(server, session, "boards", changes).await
}

/// Pushes `changes` of `kind` (`boards` or `collections`).
pub async fn push_to(server: &TestServer, session: &Session, kind: &str, changes: Value) -> Vec<Outcome> {
    let response = server
        .client
        .post(server.url(&format!("/api/sync/{kind}")))
        .bearer_auth(&session.token)
        .json(&json!({ "changes": changes }))
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status(), StatusCode::OK);
    let pushed: Pushed = response.json().await.expect("results");
    pushed.results.into_iter().map(|result| result.outcome).collect()
}

async fn pull(server: &TestServer, session: &Session, since: i64) -> Pulled {
    pull_from(server, session, "boards", since).await
}

async fn pull_from(server: &TestServer, session: &Session, kind: &str, since: i64) -> Pulled {
    let response = server
        .client
        .get(server.url(&format!("/api/sync/{kind}?since={since}")))
        .bearer_auth(&session.token)
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.expect("boards")
}

#[tokio::test]
async fn boards_sync_between_devices_and_a_conflict_loses_nothing() {
    let server = TestServer::start().await;
    let teacher = sign_up(&server, "teacher@example.org", "teacher").await;
    let private = json!({ "kind": "private" });

    // Device A creates two boards.
    let outcomes = push(
        &server,
        &teacher,
        json!([
            { "id": "b-1", "base_revision": null, "record": board(&teacher, "b-1", "First", private.clone()) },
            { "id": "b-2", "base_revision": null, "record": board(&teacher, "b-2", "Second", private.clone()) },
        ]),
    )
    .await;
    assert_eq!(outcomes, vec![Outcome::Accepted { revision: 1 }, Outcome::Accepted { revision: 1 }]);

    // Device B pulls everything, edits b-1 from revision 1.
    let all = pull(&server, &teacher, 0).await;
    assert_eq!(all.records.len(), 2);
    assert!(!all.more);
    let cursor = all.cursor;
    let edited = push(
        &server,
        &teacher,
        json!([{ "id": "b-1", "base_revision": 1, "record": board(&teacher, "b-1", "First, edited on B", private.clone()) }]),
    )
    .await;
    assert_eq!(edited, vec![Outcome::Accepted { revision: 2 }]);

    // Device A, still at revision 1, edits too: a conflict with B's version, nothing applied.
    let stale = push(
        &server,
        &teacher,
        json!([{ "id": "b-1", "base_revision": 1, "record": board(&teacher, "b-1", "First, edited on A", private.clone()) }]),
    )
    .await;
    let Outcome::Conflict { current } = &stale[0] else { panic!("a conflict: {stale:?}") };
    assert_eq!(current.revision, 2);
    assert_eq!(current.record.as_ref().expect("a record")["metadata"]["name"], "First, edited on B");

    // Device A pulls from its cursor: only B's edit.
    let changed = pull(&server, &teacher, cursor).await;
    assert_eq!(changed.records.len(), 1);
    assert_eq!(changed.records[0].id, "b-1");
    assert_eq!(changed.records[0].revision, 2);
    assert_eq!(pull(&server, &teacher, changed.cursor).await.records.len(), 0, "nothing new after the cursor");

    // A removal based on the current revision; pulled as a board without record.
    let removed = push(&server, &teacher, json!([{ "id": "b-2", "base_revision": 1, "record": null }])).await;
    assert_eq!(removed, vec![Outcome::Accepted { revision: 2 }]);
    let after = pull(&server, &teacher, changed.cursor).await;
    assert_eq!(after.records.len(), 1);
    assert_eq!(after.records[0].record, None);
    server.stop().await;
}

#[tokio::test]
async fn the_write_gate_and_ownership_are_checked_on_the_server() {
    let server = TestServer::start().await;
    let teacher = sign_up(&server, "teacher@example.org", "teacher").await;
    let other = sign_up(&server, "other@example.org", "teacher").await;
    let private = json!({ "kind": "private" });

    let mut broken = board(&teacher, "b-1", "Broken", private.clone());
    broken["hands"][0] = json!("AKQJT98765432...");
    let mut strangers = board(&other, "b-2", "Not mine", private.clone());
    strangers["id"] = json!("b-2");
    let outcomes = push(
        &server,
        &teacher,
        json!([
            { "id": "b-1", "base_revision": null, "record": broken },
            { "id": "b-2", "base_revision": null, "record": strangers },
            { "id": "b-3", "base_revision": null, "record": board(&teacher, "b-4", "Wrong id", private.clone()) },
            { "id": "", "base_revision": null, "record": board(&teacher, "", "No id", private.clone()) },
            { "id": "b-5", "base_revision": null, "record": { "version": 99 } },
        ]),
    )
    .await;
    assert_eq!(outcomes.len(), 5);
    for outcome in &outcomes {
        assert!(matches!(outcome, Outcome::Rejected { .. }), "{outcome:?}");
    }
    assert_eq!(pull(&server, &teacher, 0).await.records.len(), 0, "nothing was stored");

    // Another account cannot overwrite or remove someone's board, nor see it.
    push(
        &server,
        &teacher,
        json!([{ "id": "mine", "base_revision": null, "record": board(&teacher, "mine", "Mine", private.clone()) }]),
    )
    .await;
    let taken = push(
        &server,
        &other,
        json!([{ "id": "mine", "base_revision": 1, "record": board(&other, "mine", "Theirs", private.clone()) }]),
    )
    .await;
    assert!(matches!(taken[0], Outcome::Rejected { .. }), "{taken:?}");
    let removal = push(&server, &other, json!([{ "id": "mine", "base_revision": 1, "record": null }])).await;
    assert!(matches!(removal[0], Outcome::Rejected { .. }), "{removal:?}");
    assert_eq!(pull(&server, &other, 0).await.records.len(), 0);
    assert_eq!(pull(&server, &teacher, 0).await.records[0].record.as_ref().expect("kept")["metadata"]["name"], "Mine");

    // Without a session: unauthorized; a bad cursor: malformed.
    let anonymous = server.client.get(server.url("/api/sync/boards")).send().await.expect("an answer");
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    for query in ["since=-1", "since=abc", "until=4"] {
        let bad = server
            .client
            .get(server.url(&format!("/api/sync/boards?{query}")))
            .bearer_auth(&teacher.token)
            .send()
            .await
            .expect("an answer");
        assert_eq!(bad.status(), StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(error_code(bad).await, "malformed_body");
    }
    server.stop().await;
}

#[tokio::test]
async fn a_public_board_is_read_by_its_code_without_an_account_and_a_private_one_is_not() {
    let server = TestServer::start().await;
    let teacher = sign_up(&server, "teacher@example.org", "teacher").await;
    let mut public = board(&teacher, "pub", "Public", json!({ "kind": "public" }));
    public["code"] = json!("PuBl2345");
    let mut private = board(&teacher, "priv", "Private", json!({ "kind": "private" }));
    private["code"] = json!("PrIv2345");
    let outcomes = push(
        &server,
        &teacher,
        json!([
            { "id": "pub", "base_revision": null, "record": public },
            { "id": "priv", "base_revision": null, "record": private },
        ]),
    )
    .await;
    assert_eq!(outcomes, vec![Outcome::Accepted { revision: 1 }, Outcome::Accepted { revision: 1 }]);

    let read = server.client.get(server.url("/api/public/boards/PuBl2345")).send().await.expect("an answer");
    assert_eq!(read.status(), StatusCode::OK);
    let body: Value = read.json().await.expect("a board");
    assert_eq!(body["record"]["metadata"]["name"], "Public");

    // A private board answers exactly as a code that does not exist.
    let hidden = server.client.get(server.url("/api/public/boards/PrIv2345")).send().await.expect("an answer");
    let missing = server.client.get(server.url("/api/public/boards/NoNe2345")).send().await.expect("an answer");
    assert_eq!(hidden.status(), StatusCode::NOT_FOUND);
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert_eq!(hidden.text().await.expect("text"), missing.text().await.expect("text"));

    // Read again after a change (the answer is cached between writes): renamed, then made private.
    let mut renamed = board(&teacher, "pub", "Renamed", json!({ "kind": "public" }));
    renamed["code"] = json!("PuBl2345");
    let outcomes = push(&server, &teacher, json!([{ "id": "pub", "base_revision": 1, "record": renamed }])).await;
    assert_eq!(outcomes, vec![Outcome::Accepted { revision: 2 }]);
    let read = server.client.get(server.url("/api/public/boards/PuBl2345")).send().await.expect("an answer");
    let body: Value = read.json().await.expect("a board");
    assert_eq!(body["record"]["metadata"]["name"], "Renamed");
    let mut hidden = board(&teacher, "pub", "Renamed", json!({ "kind": "private" }));
    hidden["code"] = json!("PuBl2345");
    let outcomes = push(&server, &teacher, json!([{ "id": "pub", "base_revision": 2, "record": hidden }])).await;
    assert_eq!(outcomes, vec![Outcome::Accepted { revision: 3 }]);
    let read = server.client.get(server.url("/api/public/boards/PuBl2345")).send().await.expect("an answer");
    assert_eq!(read.status(), StatusCode::NOT_FOUND);
    server.stop().await;
}

/// A collection record of the account of `session`: the boards as its steps, after a text.
pub fn collection(session: &Session, id: &str, boards: &[&str], sharing: Value) -> Value {
    json!({ "version": 3, "id": id, "owner": session.account.id, "name": "Lesson 1", "steps": steps(boards), "sharing": sharing })
}

/// The stored steps of a lesson: an introduction, then `boards`.
fn steps(boards: &[&str]) -> Value {
    let intro = json!({ "kind": "text", "id": "t1", "text": { "en": { "blocks": [
        { "kind": "paragraph", "content": [{ "kind": "text", "value": "Count your tricks." }] }
    ] } } });
    let boards = boards.iter().map(|board| json!({ "kind": "board", "board": board }));
    Value::Array(std::iter::once(intro).chain(boards).collect())
}

#[tokio::test]
async fn collections_sync_with_conflicts_and_a_public_one_opens_by_its_code_with_its_public_boards() {
    let server = TestServer::start().await;
    let teacher = sign_up(&server, "teacher@example.org", "teacher").await;
    let other = sign_up(&server, "other@example.org", "teacher").await;
    let mut public = board(&teacher, "pub", "Public", json!({ "kind": "public" }));
    public["code"] = json!("PuBl2345");
    let private = board(&teacher, "priv", "Private", json!({ "kind": "private" }));
    let outcomes = push(
        &server,
        &teacher,
        json!([
            { "id": "pub", "base_revision": null, "record": public },
            { "id": "priv", "base_revision": null, "record": private },
        ]),
    )
    .await;
    assert_eq!(outcomes, vec![Outcome::Accepted { revision: 1 }, Outcome::Accepted { revision: 1 }]);

    // A private collection: synced, not readable by its code.
    let draft = collection(&teacher, "c-lesson", &["priv", "pub", "gone"], json!({ "kind": "private" }));
    let outcomes = push_to(
        &server,
        &teacher,
        "collections",
        json!([{ "id": "c-lesson", "base_revision": null, "record": draft }]),
    )
    .await;
    assert_eq!(outcomes, vec![Outcome::Accepted { revision: 1 }]);
    let hidden = server.client.get(server.url("/api/public/collections/c-lesson")).send().await.expect("an answer");
    assert_eq!(hidden.status(), StatusCode::NOT_FOUND);
    assert_eq!(pull_from(&server, &other, "collections", 0).await.records.len(), 0, "another account's");
    let pulled = pull_from(&server, &teacher, "collections", 0).await;
    assert_eq!(pulled.records.len(), 1);
    assert_eq!(pulled.records[0].record.as_ref().expect("a record")["steps"], steps(&["priv", "pub", "gone"]));

    // Published from revision 1; a second device's edit from revision 1 is a conflict with the current version.
    let published = collection(&teacher, "c-lesson", &["priv", "pub", "gone"], json!({ "kind": "public" }));
    let outcomes = push_to(
        &server,
        &teacher,
        "collections",
        json!([{ "id": "c-lesson", "base_revision": 1, "record": published }]),
    )
    .await;
    assert_eq!(outcomes, vec![Outcome::Accepted { revision: 2 }]);
    let stale = collection(&teacher, "c-lesson", &["pub"], json!({ "kind": "private" }));
    let outcomes =
        push_to(&server, &teacher, "collections", json!([{ "id": "c-lesson", "base_revision": 1, "record": stale }]))
            .await;
    let [Outcome::Conflict { current }] = outcomes.as_slice() else { panic!("a conflict: {outcomes:?}") };
    assert_eq!(current.revision, 2);
    assert_eq!(current.record.as_ref().expect("the current version")["sharing"], json!({ "kind": "public" }));

    // Anyone reads it by its code, with only its public boards, in its order.
    let read = server.client.get(server.url("/api/public/collections/c-lesson")).send().await.expect("an answer");
    assert_eq!(read.status(), StatusCode::OK);
    let body: Value = read.json().await.expect("a collection");
    assert_eq!(body["collection"]["name"], "Lesson 1");
    let names: Vec<&Value> =
        body["boards"].as_array().expect("boards").iter().map(|board| &board["metadata"]["name"]).collect();
    assert_eq!(names, [&json!("Public")]);

    // Its answer follows a change of one of its boards (answers are cached between writes).
    let mut renamed = board(&teacher, "pub", "Public, renamed", json!({ "kind": "public" }));
    renamed["code"] = json!("PuBl2345");
    let outcomes = push(&server, &teacher, json!([{ "id": "pub", "base_revision": 1, "record": renamed }])).await;
    assert_eq!(outcomes, vec![Outcome::Accepted { revision: 2 }]);
    let read = server.client.get(server.url("/api/public/collections/c-lesson")).send().await.expect("an answer");
    let body: Value = read.json().await.expect("a collection");
    assert_eq!(body["boards"][0]["metadata"]["name"], "Public, renamed");

    // Someone else's collection id, a collection of another owner and a malformed record are refused.
    let theirs = collection(&teacher, "c-theirs", &[], json!({ "kind": "private" }));
    let mut unreadable = collection(&other, "c-bad", &[], json!({ "kind": "private" }));
    unreadable["steps"] = steps(&["x", "x"]);
    let outcomes = push_to(
        &server,
        &other,
        "collections",
        json!([
            { "id": "c-lesson", "base_revision": 2, "record": collection(&other, "c-lesson", &[], json!({ "kind": "public" })) },
            { "id": "c-theirs", "base_revision": null, "record": theirs },
            { "id": "c-bad", "base_revision": null, "record": unreadable },
        ]),
    )
    .await;
    assert!(outcomes.iter().all(|outcome| matches!(outcome, Outcome::Rejected { .. })), "{outcomes:?}");

    // Removed: gone from the public read, and pulled as a removal.
    let outcomes =
        push_to(&server, &teacher, "collections", json!([{ "id": "c-lesson", "base_revision": 2, "record": null }]))
            .await;
    assert_eq!(outcomes, vec![Outcome::Accepted { revision: 3 }]);
    let gone = server.client.get(server.url("/api/public/collections/c-lesson")).send().await.expect("an answer");
    assert_eq!(gone.status(), StatusCode::NOT_FOUND);
    let after = pull_from(&server, &teacher, "collections", pulled.cursor).await;
    assert_eq!((after.records.len(), after.records[0].record.is_none()), (1, true));
    server.stop().await;
}
