//! The durable collection record: the stored version 1 and 2 fixtures, round trips, and refusals of unknown or
//! corrupt records.

use expect_test::{expect, Expect};
use proptest::prelude::*;
use serde_json::{json, Value};
use training::{read_collection_record, BoardId, Collection, CollectionId, GroupId, Sharing, UserId};

const FIXTURE_V1: &str = include_str!("../data/collection-record-v1.json");
const FIXTURE_V2: &str = include_str!("../data/collection-record-v2.json");

fn fixture() -> Value {
    serde_json::from_str(FIXTURE_V2).expect("the fixture is JSON")
}

#[test]
fn the_stored_v1_fixture_reads_back_as_a_private_collection() {
    let json: Value = serde_json::from_str(FIXTURE_V1).expect("the fixture is JSON");
    let collection = read_collection_record(&json).expect("the v1 fixture reads");
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
            sharing: Private,
        }"#]]
    .assert_eq(&format!("{collection:#?}"));
    let written = serde_json::to_value(collection.to_record()).expect("a record serializes");
    assert_eq!(written["version"], json!(2));
    assert_eq!(written["sharing"], json!({ "kind": "private" }));
}

#[test]
fn the_stored_v2_fixture_reads_back() {
    let collection = read_collection_record(&fixture()).expect("the v2 fixture reads");
    assert_eq!(collection.id, CollectionId("collection-0002".to_owned()));
    assert_eq!(collection.sharing, Sharing::Groups(vec![GroupId("club-tuesday".to_owned())]));
    assert_eq!(collection.boards, [BoardId("board-0003".to_owned()), BoardId("board-0011".to_owned())]);
}

#[test]
fn the_fixture_is_what_writing_its_collection_gives() {
    let collection = read_collection_record(&fixture()).expect("the v2 fixture reads");
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
    check(|json| json["version"] = json!(3), expect!["unknown collection record version 3 (this build reads up to 2)"]);
    check(|json| json["version"] = json!(1), expect!["malformed collection record: unknown field `sharing`, expected one of `version`, `id`, `owner`, `name`, `boards`"]);
    check(
        |json| json["sharing"] = json!({ "kind": "everyone" }),
        expect![
            "malformed collection record: unknown variant `everyone`, expected one of `private`, `groups`, `public`"
        ],
    );
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
            r#"malformed collection record: unknown field `colour`, expected one of `version`, `id`, `owner`, `name`, `boards`, `sharing`"#
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
    check(|json| json["boards"] = json!([]), expect!["read collection-0002"]);
    assert_eq!(
        read_collection_record(&json!([1, 2])).map_err(|err| err.to_string()),
        Err("the collection record has no version number".to_owned())
    );
}

fn arb_collection() -> impl Strategy<Value = Collection> {
    let id = "[a-z0-9-]{1,12}";
    let sharing = prop_oneof![
        Just(Sharing::Private),
        Just(Sharing::Public),
        proptest::collection::vec(id, 1..3)
            .prop_map(|groups| Sharing::Groups(groups.into_iter().map(GroupId).collect())),
    ];
    (id, id, "[^\\s][ -~é♠]{0,20}", proptest::collection::btree_set(id, 0..10), sharing).prop_map(
        |(id, owner, name, boards, sharing)| Collection {
            id: CollectionId(id),
            owner: UserId(owner),
            name,
            boards: boards.into_iter().map(BoardId).collect(),
            sharing,
        },
    )
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
        let versioned = json!({ "version": 1, "id": text.clone(), "owner": text.clone(), "name": text.clone(), "boards": [text.clone()] });
        let _ = read_collection_record(&versioned);
        let versioned = json!({ "version": 2, "id": text.clone(), "owner": text.clone(), "name": text.clone(), "boards": [text.clone()], "sharing": { "kind": text } });
        let _ = read_collection_record(&versioned);
    }
}
