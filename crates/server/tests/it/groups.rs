//! Groups over real HTTP: create, list, update and delete one's groups; sharing boards and
//! collections with them (only with one's own groups); members read what is shared with them,
//! and nobody else does.

use api_contract::{Group, Groups, Outcome, Session, SharedCollections};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::accounts::sign_up;
use crate::sync::{board, collection, push, push_to};
use crate::{error_code, TestServer};

async fn create_group(server: &TestServer, session: &Session, body: Value) -> reqwest::Response {
    server
        .client
        .post(server.url("/api/groups"))
        .bearer_auth(&session.token)
        .json(&body)
        .send()
        .await
        .expect("an answer")
}

async fn shared(server: &TestServer, session: &Session) -> SharedCollections {
    let response = server
        .client
        .get(server.url("/api/shared/collections"))
        .bearer_auth(&session.token)
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.expect("shared collections")
}

#[tokio::test]
async fn a_collection_shared_with_a_group_is_read_by_its_members_only() {
    let server = TestServer::start().await;
    let teacher = sign_up(&server, "teacher@example.org", "teacher").await;
    let member = sign_up(&server, "ann@example.org", "learner").await;
    let outsider = sign_up(&server, "bob@example.org", "learner").await;

    // A group, with emails normalised and repeated ones once; a member without an account yet is kept.
    let response = create_group(
        &server,
        &teacher,
        json!({ "name": " Tuesday club ", "members": ["Ann@Example.org", "ann@example.org", "later@example.org"] }),
    )
    .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let group: Group = response.json().await.expect("a group");
    assert_eq!(
        (group.name.as_str(), group.members.clone()),
        ("Tuesday club", vec!["ann@example.org".to_owned(), "later@example.org".to_owned()])
    );
    for (body, code) in [
        (json!({ "name": "x", "members": ["not an email"] }), "invalid_email"),
        (json!({ "name": "  ", "members": [] }), "malformed_body"),
        (json!({ "name": "x", "members": [], "owner": "me" }), "malformed_body"),
    ] {
        let refused = create_group(&server, &teacher, body).await;
        assert_eq!(refused.status().as_u16() / 100, 4);
        assert_eq!(error_code(refused).await, code);
    }

    // Boards and a collection shared with the group; one board stays private.
    let sharing = json!({ "kind": "groups", "groups": [group.id] });
    let mut shared_board = board(&teacher, "b-club", "For the club", sharing.clone());
    shared_board["code"] = json!("ClUb2345");
    let private = board(&teacher, "b-mine", "Mine", json!({ "kind": "private" }));
    let outcomes = push(
        &server,
        &teacher,
        json!([
            { "id": "b-club", "base_revision": null, "record": shared_board },
            { "id": "b-mine", "base_revision": null, "record": private },
        ]),
    )
    .await;
    assert_eq!(outcomes, vec![Outcome::Accepted { revision: 1 }, Outcome::Accepted { revision: 1 }]);
    let lesson = collection(&teacher, "c-club", &["b-club", "b-mine"], sharing.clone());
    let outcomes =
        push_to(&server, &teacher, "collections", json!([{ "id": "c-club", "base_revision": null, "record": lesson }]))
            .await;
    assert_eq!(outcomes, vec![Outcome::Accepted { revision: 1 }]);

    let seen = shared(&server, &member).await;
    assert_eq!(seen.groups, vec![group.id.clone()]);
    assert_eq!(seen.collections.len(), 1);
    assert_eq!(seen.collections[0].collection["name"], "Lesson 1");
    let names: Vec<&Value> = seen.collections[0].boards.iter().map(|board| &board["metadata"]["name"]).collect();
    assert_eq!(names, [&json!("For the club")], "the private board is left out");
    let nothing = shared(&server, &outsider).await;
    assert!(nothing.groups.is_empty() && nothing.collections.is_empty());
    // Not public either.
    let public = server.client.get(server.url("/api/public/collections/c-club")).send().await.expect("an answer");
    assert_eq!(public.status(), StatusCode::NOT_FOUND);

    // Someone else's group cannot be shared with; groups are listed, changed and deleted by their owner only.
    let theirs = board(&outsider, "b-spam", "Spam", sharing.clone());
    let outcomes = push(&server, &outsider, json!([{ "id": "b-spam", "base_revision": null, "record": theirs }])).await;
    assert!(matches!(&outcomes[..], [Outcome::Rejected { .. }]), "{outcomes:?}");
    let listed: Groups = server
        .client
        .get(server.url("/api/groups"))
        .bearer_auth(&outsider.token)
        .send()
        .await
        .expect("an answer")
        .json()
        .await
        .expect("groups");
    assert!(listed.groups.is_empty());
    let path = format!("/api/groups/{}", group.id);
    let hijack = server
        .client
        .post(server.url(&path))
        .bearer_auth(&outsider.token)
        .json(&json!({ "name": "Mine now", "members": ["bob@example.org"] }))
        .send()
        .await
        .expect("an answer");
    assert_eq!(hijack.status(), StatusCode::NOT_FOUND);
    let removed = server.client.delete(server.url(&path)).bearer_auth(&outsider.token).send().await.expect("an answer");
    assert_eq!(removed.status(), StatusCode::NOT_FOUND);

    // The owner moves the member out: the collection is no longer shared with them.
    let updated = server
        .client
        .post(server.url(&path))
        .bearer_auth(&teacher.token)
        .json(&json!({ "name": "Tuesday club", "members": ["bob@example.org"] }))
        .send()
        .await
        .expect("an answer");
    assert_eq!(updated.status(), StatusCode::OK);
    assert!(shared(&server, &member).await.collections.is_empty());
    assert_eq!(shared(&server, &outsider).await.collections.len(), 1);

    // Deleted: nothing is shared through it any more.
    let deleted = server.client.delete(server.url(&path)).bearer_auth(&teacher.token).send().await.expect("an answer");
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert!(shared(&server, &outsider).await.collections.is_empty());
    server.stop().await;
}
