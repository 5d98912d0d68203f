//! The durable collection record: the stored version 1, 2 and 3 fixtures, round trips, and refusals of unknown
//! or corrupt records.

use expect_test::{expect, Expect};
use proptest::prelude::*;
use serde_json::{json, Value};
use training::{
    read_collection_record, BoardId, Collection, CollectionId, GroupId, Locale, Localized, RichText, Sharing, Step,
    StepKey, TextStep, UserId, MAX_TEXT_STEP_CHARS,
};

const FIXTURE_V1: &str = include_str!("../data/collection-record-v1.json");
const FIXTURE_V2: &str = include_str!("../data/collection-record-v2.json");
const FIXTURE_V3: &str = include_str!("../data/collection-record-v3.json");

fn fixture() -> Value {
    serde_json::from_str(FIXTURE_V3).expect("the fixture is JSON")
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
            steps: [
                Board(
                    BoardId(
                        "board-0001",
                    ),
                ),
                Board(
                    BoardId(
                        "board-0042",
                    ),
                ),
                Board(
                    BoardId(
                        "board-0007",
                    ),
                ),
            ],
            sharing: Private,
        }"#]]
    .assert_eq(&format!("{collection:#?}"));
    let written = serde_json::to_value(collection.to_record()).expect("a record serializes");
    assert_eq!(written["version"], json!(3));
    assert_eq!(written["sharing"], json!({ "kind": "private" }));
    assert_eq!(written["steps"][1], json!({ "kind": "board", "board": "board-0042" }));
}

#[test]
fn the_stored_v2_fixture_reads_back_with_its_boards_as_steps() {
    let json: Value = serde_json::from_str(FIXTURE_V2).expect("the fixture is JSON");
    let collection = read_collection_record(&json).expect("the v2 fixture reads");
    assert_eq!(collection.id, CollectionId("collection-0002".to_owned()));
    assert_eq!(collection.sharing, Sharing::Groups(vec![GroupId("club-tuesday".to_owned())]));
    assert_eq!(
        collection.steps,
        [Step::Board(BoardId("board-0003".to_owned())), Step::Board(BoardId("board-0011".to_owned()))]
    );
    assert!(!collection.is_lesson());
}

#[test]
fn the_stored_v3_fixture_reads_back_as_a_lesson() {
    let collection = read_collection_record(&fixture()).expect("the v3 fixture reads");
    assert!(collection.is_lesson());
    let keys: Vec<String> = collection.steps.iter().map(|step| step.key().to_stored()).collect();
    assert_eq!(keys, ["text:t1", "board:board-0003", "text:t2", "board:board-0011"]);
    let boards: Vec<&str> = collection.boards().map(|board| board.0.as_str()).collect();
    assert_eq!(boards, ["board-0003", "board-0011"]);
    let Step::Text(intro) = &collection.steps[0] else { panic!("a text step first") };
    let french = "fr".parse::<Locale>().expect("a locale");
    assert_eq!(
        intro.text.get(&french).map(|text| text.to_plain(&french)).as_deref(),
        Some("L'impasse fait une levée avec une carte qui n'est pas la plus forte : jouez vers la carte que vous espérez faire.")
    );
    let Step::Text(steps) = &collection.steps[2] else { panic!("a text step third") };
    let english = "en".parse::<Locale>().expect("a locale");
    assert_eq!(
        steps.text.get(&english).map(|text| text.to_plain(&english)).as_deref(),
        Some("1. Count your winners.\n2. Find the finesse, in ♠.")
    );
    assert_eq!(collection.position(&StepKey::Text("t2".to_owned())), Some(2));
    assert_eq!(collection.next_text_id(), "t3");
}

#[test]
fn the_fixture_is_what_writing_its_collection_gives() {
    let collection = read_collection_record(&fixture()).expect("the v3 fixture reads");
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
    check(|json| json["version"] = json!(4), expect!["unknown collection record version 4 (this build reads up to 3)"]);
    check(|json| json["version"] = json!(2), expect!["malformed collection record: unknown field `steps`, expected one of `version`, `id`, `owner`, `name`, `boards`, `sharing`"]);
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
            r#"malformed collection record: unknown field `colour`, expected one of `version`, `id`, `owner`, `name`, `steps`, `sharing`"#
        ]],
    );
    check(
        |json| json["steps"] = json!("board-0001"),
        expect![[r#"malformed collection record: invalid type: string "board-0001", expected a sequence"#]],
    );
    check(
        |json| json["steps"][1] = json!({ "kind": "quiz", "board": "b" }),
        expect!["malformed collection record: unknown variant `quiz`, expected `board` or `text`"],
    );
    check(|json| json["id"] = json!(""), expect!["invalid id in collection record: the id is empty"]);
    check(|json| json["owner"] = json!(""), expect!["invalid owner in collection record: the owner is empty"]);
    check(|json| json["name"] = json!("  "), expect!["invalid name in collection record: the name is blank"]);
    let board = |id: &str| json!({ "kind": "board", "board": id });
    let text = |id: &str, text: &str| json!({ "kind": "text", "id": id, "text": { "en": RichText::parse(text) } });
    check(
        |json| json["steps"] = json!([board("a"), board("")]),
        expect!["invalid steps in collection record: a board id is empty"],
    );
    check(
        |json| json["steps"] = json!([board("a"), board("b"), board("a")]),
        expect![[r#"invalid steps in collection record: board "a" is listed twice"#]],
    );
    check(
        |json| json["steps"] = json!([text("t1", "Hello"), text("", "Hi")]),
        expect!["invalid steps in collection record: a text id is empty"],
    );
    check(
        |json| json["steps"] = json!([text("t1", "Hello"), board("t1"), text("t1", "Again")]),
        expect![[r#"invalid steps in collection record: text "t1" is listed twice"#]],
    );
    check(
        |json| json["steps"] = json!([text("t1", "  ")]),
        expect![[r#"invalid steps in collection record: text "t1": the text is blank"#]],
    );
    check(
        |json| json["steps"] = json!([text("t1", &"x".repeat(MAX_TEXT_STEP_CHARS + 1))]),
        expect![[r#"invalid steps in collection record: text "t1": the text has more than 20000 characters in en"#]],
    );
    check(
        |json| json["steps"] = json!([text("t1", &"x".repeat(MAX_TEXT_STEP_CHARS))]),
        expect!["read collection-0003"],
    );
    check(|json| json["steps"] = json!([]), expect!["read collection-0003"]);
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
    // Boards and texts, the texts placed among the boards by their index.
    let texts = proptest::collection::vec((0..10usize, "[^\\s][ -~é♠]{0,30}", any::<bool>()), 0..4);
    (id, id, "[^\\s][ -~é♠]{0,20}", proptest::collection::btree_set(id, 0..10), texts, sharing).prop_map(
        |(id, owner, name, boards, texts, sharing)| {
            let mut steps: Vec<Step> = boards.into_iter().map(|board| Step::Board(BoardId(board))).collect();
            for (n, (at, text, french)) in texts.into_iter().enumerate() {
                let locale = (if french { "fr" } else { "en" }).parse::<Locale>().expect("a locale");
                let text =
                    TextStep { id: format!("t{}", n + 1), text: Localized::single(locale, RichText::parse(&text)) };
                steps.insert(at.min(steps.len()), Step::Text(text));
            }
            Collection { id: CollectionId(id), owner: UserId(owner), name, steps, sharing }
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
        let versioned = json!({ "version": 2, "id": text.clone(), "owner": text.clone(), "name": text.clone(), "boards": [text.clone()], "sharing": { "kind": text.clone() } });
        let _ = read_collection_record(&versioned);
        let versioned = json!({ "version": 3, "id": text.clone(), "owner": text.clone(), "name": text.clone(),
            "steps": [{ "kind": "text", "id": text.clone(), "text": { "en": { "blocks": text.clone() } } }], "sharing": { "kind": "public" } });
        let _ = read_collection_record(&versioned);
    }
}
