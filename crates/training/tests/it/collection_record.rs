//! The durable collection record: the stored version 1 fixture, round trips, and refusals of unknown or corrupt records.

use expect_test::{expect, Expect};
use proptest::prelude::*;
use serde_json::{json, Value};
use training::{read_collection_record, BoardId, Collection, CollectionId, UserId};

const FIXTURE_V1: &str = include_str!("../data/collection-record-v1.json");

fn fixture() -> Value {
    serde_json::from_str(FIXTURE_V1).expect("the fixture is JSON")
}

#[test]
fn the_stored_v1_fixture_reads_back() {
    let collection = read_collection_record(&fixture()).expect("the v1 fixture reads");
    expect![[r#"
        Collection {
            id: CollectionId(
                "collection-0001",
            ),
            owner: UserId(
                "teacher-7",
            ),
            name: "Notrump play, first steps",
            boards: [
                BoardId(
                    "board-0001",
                ),
                BoardId(
                    "board-0042",
                ),
                BoardId(
                    "board-0007",
                ),
            ],
        }"#]]
    .assert_eq(&format!("{collection:#?}"));
}

#[test]
fn the_fixture_is_what_writing_its_collection_gives() {
    let collection = read_collection_record(&fixture()).expect("the v1 fixture reads");
    let written = serde_json::to_value(collection.to_record()).expect("a record serializes");
    assert_eq!(written, fixture());
}

/// Reads the fixture changed by `change` and describes the collection's id or the error.
#[track_caller]
fn check(change: impl FnOnce(&mut Value), expect: Expect) {
    let mut json = fixture();
    change(&mut json);
    let actual = match read_collection_record(&json) {
        Ok(collection) => format!("read {}", collection.id.0),
        Err(err) => err.to_string(),
    };
    expect.assert_eq(&actual);
}

#[test]
fn unknown_corrupt_and_invalid_records_are_refused() {
    check(|json| json["version"] = json!(2), expect!["unknown collection record version 2 (this build reads up to 1)"]);
    check(|json| json["version"] = json!("1"), expect!["the collection record has no version number"]);
    check(
        |json| {
            json.as_object_mut().expect("an object").remove("version");
        },
        expect!["the collection record has no version number"],
    );
    check(
        |json| json["colour"] = json!("blue"),
        expect![[
            r#"malformed collection record: unknown field `colour`, expected one of `version`, `id`, `owner`, `name`, `boards`"#
        ]],
    );
    check(
        |json| json["boards"] = json!("board-0001"),
        expect![[r#"malformed collection record: invalid type: string "board-0001", expected a sequence"#]],
    );
    check(|json| json["id"] = json!(""), expect!["invalid id in collection record: the id is empty"]);
    check(|json| json["owner"] = json!(""), expect!["invalid owner in collection record: the owner is empty"]);
    check(|json| json["name"] = json!("  "), expect!["invalid name in collection record: the name is blank"]);
    check(
        |json| json["boards"] = json!(["a", ""]),
        expect!["invalid boards in collection record: a board id is empty"],
    );
    check(
        |json| json["boards"] = json!(["a", "b", "a"]),
        expect![[r#"invalid boards in collection record: "a" is listed twice"#]],
    );
    check(|json| json["boards"] = json!([]), expect!["read collection-0001"]);
    assert_eq!(
        read_collection_record(&json!([1, 2])).map_err(|err| err.to_string()),
        Err("the collection record has no version number".to_owned())
    );
}

fn arb_collection() -> impl Strategy<Value = Collection> {
    let id = "[a-z0-9-]{1,12}";
    (id, id, "[^\\s][ -~é♠]{0,20}", proptest::collection::btree_set(id, 0..10)).prop_map(|(id, owner, name, boards)| {
        Collection {
            id: CollectionId(id),
            owner: UserId(owner),
            name,
            boards: boards.into_iter().map(BoardId).collect(),
        }
    })
}

proptest! {
    #[test]
    fn a_written_collection_reads_back_the_same(collection in arb_collection()) {
        let json = serde_json::to_value(collection.to_record()).expect("a record serializes");
        prop_assert_eq!(read_collection_record(&json), Ok(collection));
    }

    #[test]
    fn any_json_is_read_without_panicking(text in "[\\[\\]{}\",:a-z0-9 ]{0,40}") {
        if let Ok(json) = serde_json::from_str::<Value>(&text) {
            let _ = read_collection_record(&json);
        }
        let versioned = json!({ "version": 1, "id": text.clone(), "owner": text.clone(), "name": text.clone(), "boards": [text] });
        let _ = read_collection_record(&versioned);
    }
}
