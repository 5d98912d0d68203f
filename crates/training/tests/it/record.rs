//! The durable board record: the stored version 1 fixture, round trips, and refusals of unknown or corrupt records.

use bridge::testing::arb_seat;
use expect_test::expect;
use proptest::prelude::*;
use serde_json::{json, Value};
use training::{
    gate, read_board_record, Board, BoardRecord, GroupId, Level, OrphanReason, Ownership, RecordError, Scoring,
    Sharing, TeachingMode, Timestamp, UserId,
};

use crate::gate::{arb_contract_game, game_draft, locale, NOW};

const FIXTURE_V1: &str = include_str!("../data/board-record-v1.json");
const FIXTURE_V2: &str = include_str!("../data/board-record-v2.json");

fn fixture() -> Value {
    serde_json::from_str(FIXTURE_V1).expect("the fixture is JSON")
}

fn fixture_v2() -> Value {
    serde_json::from_str(FIXTURE_V2).expect("the fixture is JSON")
}

/// The error of reading `json`, as text.
fn read_error(json: &Value) -> String {
    match read_board_record(json) {
        Ok(board) => format!("read {:?}", board.id),
        Err(err) => err.to_string(),
    }
}

#[test]
fn the_stored_v1_fixture_reads_back() {
    let board = read_board_record(&fixture()).expect("the v1 fixture reads");
    let game = board.game();
    let derived = board.derived();
    let actual = [
        format!("{} {} {:?}", board.id.0, board.code(), board.owner),
        format!("{:?}", board.metadata),
        format!("{:?}", board.timestamps),
        format!("gate v{} at {:?}", board.gate_version(), board.gated_at()),
        format!("deal {} dealer {} vul {}", game.deal(), game.dealer(), game.vulnerability()),
        format!("declarer {} player {} auction {}", game.declarer(), game.player(), derived.flat_auction),
        format!(
            "contract {:?} cards {} languages {:?}",
            derived.contract.map(|c| c.to_string()),
            derived.n_cards_played,
            derived.languages
        ),
        format!(
            "review en: {}",
            game.review().get(&locale("en")).map(|text| text.to_plain(&locale("en"))).unwrap_or_default()
        ),
    ]
    .join("\n");
    expect![[r#"
        board-0001 AbCd2345 User { user_id: UserId("teacher-7") }
        Metadata { name: "Count your winners", level: Set(2), scoring: Imps, auction_system: "SEF", auction_themes: ["notrump_opening"], play_themes: ["counting"], user_themes: [], inspirations: ["Le Bridge, 1998"], sharing: Groups([GroupId("club-lyon")]), teaching_mode: Full }
        Timestamps { created: Timestamp(1700000000000), updated: Timestamp(1700000500000), deleted: None, first_published: Some(Timestamp(1700000600000)) }
        gate v1 at Timestamp(1700000500000)
        deal N:76.AT76.JT98.A98 543.542.763.7654 AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT dealer S vul NS
        declarer S player S auction 1NT Pass 3NT Pass Pass Pass
        contract Some("3NT") cards 4 languages {Locale("en"), Locale("fr")}
        review en: Nine tricks: count them before playing."#]].assert_eq(&actual);
}

#[test]
fn the_v2_fixture_is_what_writing_its_board_gives() {
    let board = read_board_record(&fixture_v2()).expect("the v2 fixture reads");
    assert_eq!(board.metadata.teaching_mode, TeachingMode::ShowTrumpAndGoal { tricks: 9 });
    let written = serde_json::to_value(board.to_record()).expect("a record serializes");
    assert_eq!(written, fixture_v2());
}

#[test]
fn a_v1_record_is_written_back_as_v2_playing_in_full() {
    let board = read_board_record(&fixture()).expect("the v1 fixture reads");
    assert_eq!(board.metadata.teaching_mode, TeachingMode::Full);
    let mut expected = fixture();
    expected["version"] = json!(2);
    expected["metadata"]["teaching_mode"] = json!({ "kind": "full" });
    let written = serde_json::to_value(board.to_record()).expect("a record serializes");
    assert_eq!(written, expected);
}

#[test]
fn teaching_modes_are_refused_when_malformed_or_not_of_their_version() {
    let with_mode = |version: u32, mode: Value| {
        let mut json = fixture_v2();
        json["version"] = json!(version);
        json["metadata"]["teaching_mode"] = mode;
        read_error(&json)
    };
    let actual = [
        with_mode(1, json!({ "kind": "full" })),
        with_mode(2, json!({ "kind": "blindfold" })),
        with_mode(2, json!({ "kind": "show_trump_and_goal" })),
        with_mode(2, json!({ "kind": "show_trump_and_goal", "tricks": 14 })),
    ]
    .join("\n");
    expect![[r#"
        malformed board record: a version-1 record has no teaching_mode
        malformed board record: unknown variant `blindfold`, expected one of `full`, `show_contract`, `show_trump`, `show_trump_and_goal`, `minibridge`, `bidding_practice`
        malformed board record: missing field `tricks`
        the stored board does not pass the gate: invalid_goal: the goal of 14 tricks is not between 1 and the 13 tricks of the deal"#]].assert_eq(&actual);
}

#[test]
fn unknown_and_missing_versions_are_refused() {
    let with_version = |version: Value| {
        let mut json = fixture();
        json["version"] = version;
        read_error(&json)
    };
    let mut no_version = fixture();
    no_version.as_object_mut().expect("an object").remove("version");
    let actual = [
        with_version(json!(3)),
        with_version(json!(0)),
        with_version(json!("1")),
        with_version(json!(-1)),
        read_error(&no_version),
        read_error(&json!(null)),
        read_error(&json!([1, 2])),
    ]
    .join("\n");
    expect![[r#"
        unknown board record version 3 (this build reads up to 2)
        unknown board record version 0 (this build reads up to 2)
        the record has no version number
        the record has no version number
        the record has no version number
        the record has no version number
        the record has no version number"#]]
    .assert_eq(&actual);
}

#[test]
fn corrupt_records_are_refused_with_the_field_at_fault() {
    let with = |path: &[&str], value: Value| {
        let mut json = fixture();
        let mut slot = &mut json;
        for key in path {
            slot = &mut slot[*key];
        }
        *slot = value;
        read_error(&json)
    };
    let actual = [
        with(&["code"], json!("l0l")),
        with(&["dealer"], json!("Q")),
        with(&["vulnerability"], json!("Some")),
        with(&["hands"], json!(["76.AT76.JT98.A98", "543.542.763.7654", "AKQ2.KQ3.A54.K3Z", "JT98.J98.KQ2.QJT"])),
        with(&["hands"], json!(["76.AT76.JT98.A98", "543.542.763.7654", "AKQ2.KQ3.A54.K3", "JT98.J98.KQ2.QJT"])),
        with(&["play"], json!([{ "card": "SK", "comment": {} }])),
        with(&["calls"], json!([{ "call": "8NT", "comment": {} }])),
        with(&["metadata", "level"], json!(9)),
        with(&["metadata", "scoring"], json!("Swiss")),
        with(&["metadata", "sharing"], json!({ "kind": "friends" })),
        with(&["owner"], json!({ "kind": "user" })),
        with(&["gate_version"], json!(99)),
        with(&["surprise"], json!(true)),
        with(&["review"], json!({ "klingon!": {} })),
    ]
    .join("\n");
    expect![[r#"
        invalid code in board record: "l0l" is no deal code
        invalid dealer in board record: invalid seat "Q": expected N, E, S or W
        invalid vulnerability in board record: invalid vulnerability "Some": expected None, NS, EW or All
        invalid hands in board record: invalid rank 'Z' in hand "AKQ2.KQ3.A54.K3Z"
        the stored board does not pass the gate: malformed_hands: hands must hold 1 to 13 cards each, as many in every hand; they hold N 13, E 13, S 12, W 13
        the stored board does not pass the gate: impossible_play: card 1 of the play (SK): W does not hold SK
        invalid calls in board record: invalid call "8NT": expected Pass, X, XX or a bid such as 1C, 3NT
        invalid level in board record: 9 is out of range
        invalid scoring in board record: unknown scoring "Swiss"
        malformed board record: unknown variant `friends`, expected one of `private`, `groups`, `public`
        malformed board record: missing field `user_id`
        invalid gate_version in board record: 99 is newer than this build's gate 2
        malformed board record: unknown field `surprise`, expected one of `version`, `id`, `code`, `owner`, `metadata`, `created`, `updated`, `deleted`, `first_published`, `gate_version`, `gated_at`, `dealer`, `vulnerability`, `hands`, `declarer`, `player`, `calls`, `play`, `review`
        malformed board record: invalid locale "klingon!": expected a BCP-47 tag such as fr, en-GB or und"#]].assert_eq(&actual);
}

#[test]
fn removing_any_required_field_is_refused() {
    // `deleted` and `first_published` may be absent: absent reads as null.
    let fields: Vec<String> = fixture().as_object().expect("an object").keys().cloned().collect();
    let fields = fields.into_iter().filter(|field| field != "deleted" && field != "first_published");
    for field in fields {
        let mut json = fixture();
        json.as_object_mut().expect("an object").remove(&field);
        assert!(read_board_record(&json).is_err(), "a record without {field} was read");
    }
}

pub fn arb_json_leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        "[a-zA-Z0-9 .]{0,8}".prop_map(Value::from),
        Just(json!([])),
        Just(json!({})),
    ]
}

/// A board with its metadata, ownership and timestamps varied.
fn arb_board() -> impl Strategy<Value = Board> {
    (
        arb_contract_game(),
        arb_seat(),
        (0..=6u8, 0..4usize, 0..3usize, any::<bool>()),
        (prop::option::of(0..1_000_000i64), prop::option::of(0..1_000_000i64), 0..1_000_000i64),
    )
        .prop_map(|(game, player, (level, scoring, sharing, orphan), (deleted, published, updated))| {
            let mut draft = game_draft(&game, player);
            draft.metadata.name = "A name".to_owned();
            draft.metadata.level = Level::new(level);
            draft.metadata.scoring = [Scoring::Unset, Scoring::Matchpoints, Scoring::Imps, Scoring::Chicago][scoring];
            draft.metadata.sharing =
                [Sharing::Private, Sharing::Public, Sharing::Groups(vec![GroupId("g".to_owned())])][sharing].clone();
            draft.metadata.user_themes = vec!["squeeze".to_owned()];
            if orphan {
                draft.owner = Ownership::Orphaned { orphaned_at: Timestamp(5), reason: OrphanReason::AccountClosed };
            } else {
                draft.owner = Ownership::User { user_id: UserId("u9".to_owned()) };
            }
            draft.created = Some(Timestamp(NOW.0 - 10));
            draft.deleted = deleted.map(|at| Timestamp(NOW.0 + at));
            draft.first_published = published.map(|at| Timestamp(NOW.0 + at));
            let mut board = gate(draft, None, NOW, Some(&locale("en"))).map(|gated| gated.board).ok();
            if let Some(board) = &mut board {
                board.timestamps.updated = Timestamp(NOW.0 + updated);
            }
            board
        })
        .prop_filter_map("the gate accepts the draft", |board| board)
}

proptest! {
    #[test]
    fn board_record_json_round_trips(board in arb_board()) {
        let json = serde_json::to_value(board.to_record()).map_err(|err| TestCaseError::fail(err.to_string()))?;
        let text = json.to_string();
        let parsed: Value = serde_json::from_str(&text).map_err(|err| TestCaseError::fail(err.to_string()))?;
        let record: BoardRecord = serde_json::from_value(parsed.clone()).map_err(|err| TestCaseError::fail(err.to_string()))?;
        prop_assert_eq!(&record, &board.to_record());
        let read = read_board_record(&parsed).map_err(|err| TestCaseError::fail(err.to_string()))?;
        prop_assert_eq!(read, board);
    }

    #[test]
    fn reading_a_damaged_record_never_panics(key in "[a-z_]{2,16}", value in arb_json_leaf()) {
        let mut json = fixture();
        json[key.as_str()] = value;
        let _ = read_board_record(&json);
    }
}

#[test]
fn a_record_error_is_an_error() {
    fn assert_error<E: std::error::Error>() {}
    assert_error::<RecordError>();
}

#[test]
fn a_record_breaking_the_boards_invariants_is_refused_or_canonicalised() {
    // A second language missing from one comment: refused, as the gate refuses it.
    let mut gap = fixture();
    gap["review"].as_object_mut().expect("an object").remove("fr");
    expect![[r#"the stored board does not pass the gate: incomplete_translation: review lacks fr"#]]
        .assert_eq(&read_error(&gap));
    // The table as North declarer would see it: the gate turns it back to declarer South.
    let mut turned = fixture();
    turned["dealer"] = json!("N");
    turned["hands"] = json!(["AKQ2.KQ3.A54.K32", "JT98.J98.KQ2.QJT", "76.AT76.JT98.A98", "543.542.763.7654"]);
    turned["declarer"] = json!("N");
    turned["player"] = json!("N");
    let board = read_board_record(&turned).expect("a turned table reads");
    assert_eq!(board, read_board_record(&fixture()).expect("the fixture reads"));
}
