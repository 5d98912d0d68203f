//! Board summaries and the stored boards list: the version 2 fixture (a version 1 list is refused,
//! so rebuilt), round trips, refusals of unknown or corrupt lists, and queries that list summaries exactly as they list boards.

use expect_test::{expect, Expect};
use proptest::prelude::*;
use serde_json::Value;
use training::{read_board_list_record_text, read_board_record, Board, BoardListRecord, BoardSummary, Listed};

const BOARD_V2: &str = include_str!("../data/board-record-v2.json");
const LIST_V1: &str = include_str!("../data/board-list-record-v1.json");
const LIST_V2: &str = include_str!("../data/board-list-record-v2.json");

fn fixture_board() -> Board {
    let json: Value = serde_json::from_str(BOARD_V2).expect("the fixture is JSON");
    read_board_record(&json).expect("the fixture reads")
}

/// The summaries of `boards` as a client reads them back from their stored list.
pub(crate) fn through_record(boards: &[Board]) -> Vec<BoardSummary> {
    let summaries: Vec<BoardSummary> = boards.iter().map(BoardSummary::of).collect();
    let text = serde_json::to_string(&BoardListRecord::of(&summaries)).expect("a list serializes");
    let read = read_board_list_record_text(&text).expect("a list written today reads");
    assert_eq!(read, summaries, "the list round-trips");
    read
}

#[test]
fn the_stored_v2_fixture_reads_back_as_the_summary_of_the_v2_board() {
    let board = fixture_board();
    let read = read_board_list_record_text(LIST_V2).expect("the v2 list reads");
    assert_eq!(read, vec![BoardSummary::of(&board)]);
    let summary = &read[0];
    assert_eq!(summary.board_id(), &board.id);
    assert_eq!(Listed::code(summary), board.code());
    assert_eq!(summary.contract(), board.derived().contract);
    assert_eq!(summary.calls(), board.game().auction().calls());
    assert_eq!(summary.languages(), &board.derived().languages);
    assert_eq!(summary.themes().collect::<Vec<_>>(), Listed::themes(&board).collect::<Vec<_>>());
    assert_eq!(summary.timestamps(), &board.timestamps);
    assert_eq!(summary.teaching_mode(), board.metadata.teaching_mode);
}

#[test]
fn a_v1_list_is_refused_so_that_it_is_rebuilt_with_the_teaching_modes() {
    check_refused(LIST_V1, expect!["unknown board list record version 1 (this build reads up to 2)"]);
}

#[test]
fn a_list_round_trips() {
    let mut orphan = fixture_board();
    orphan.owner = training::Ownership::Orphaned {
        orphaned_at: training::Timestamp(3),
        reason: training::OrphanReason::AccountClosed,
    };
    orphan.metadata.sharing = training::Sharing::Public;
    orphan.timestamps.deleted = Some(training::Timestamp(9));
    through_record(&[fixture_board(), orphan]);
    through_record(&[]);
}

#[track_caller]
fn check_refused(text: &str, expect: Expect) {
    let actual = match read_board_list_record_text(text) {
        Ok(summaries) => format!("read {} summaries", summaries.len()),
        Err(err) => err.to_string(),
    };
    expect.assert_eq(&actual);
}

/// Compact JSON with every object's keys sorted, whatever order `serde_json` keeps them in (its
/// `preserve_order` feature is on or off depending on the crates built together), so the columns in
/// the messages below do not move.
fn sorted_text(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let fields: Vec<String> = keys
                .into_iter()
                .map(|key| format!("{}:{}", Value::from(key.as_str()), sorted_text(&map[key])))
                .collect();
            format!("{{{}}}", fields.join(","))
        }
        Value::Array(items) => format!("[{}]", items.iter().map(sorted_text).collect::<Vec<_>>().join(",")),
        scalar => scalar.to_string(),
    }
}

#[test]
fn an_unknown_or_corrupt_list_is_refused_whole() {
    let with = |change: &dyn Fn(&mut Value)| {
        let mut json: Value = serde_json::from_str(LIST_V2).expect("the fixture is JSON");
        change(&mut json);
        sorted_text(&json)
    };
    check_refused(
        r#"{"version": 3, "lists": []}"#,
        expect!["unknown board list record version 3 (this build reads up to 2)"],
    );
    check_refused(r#"{"boards": []}"#, expect!["the board list record has no version number"]);
    check_refused(
        "[1, 2",
        expect!["malformed board list record: invalid type: integer `2`, expected a sequence at line 1 column 5"],
    );
    check_refused(
        &with(&|json| json["boards"][0]["auction"] = "1NT Pass 9NT".into()),
        expect![[
            r#"invalid auction in board list record: invalid call "9NT": expected Pass, X, XX or a bid such as 1C, 3NT"#
        ]],
    );
    check_refused(
        &with(&|json| json["boards"][0]["contract"] = "3Q".into()),
        expect![[
            r#"invalid contract in board list record: invalid contract "3Q": expected a bid with an optional X or XX, such as 4S, 3NTX"#
        ]],
    );
    check_refused(
        &with(&|json| json["boards"][0]["level"] = 9.into()),
        expect!["invalid level in board list record: 9 is not between 1 and 5"],
    );
    check_refused(
        &with(&|json| json["boards"][0]["languages"] = serde_json::json!(["not a tag!"])),
        expect![[
            r#"malformed board list record: invalid locale "not a tag!": expected a BCP-47 tag such as fr, en-GB or und at line 1 column 239"#
        ]],
    );
    check_refused(
        &with(&|json| json["boards"][0]["surprise"] = true.into()),
        expect!["malformed board list record: unknown field `surprise`, expected one of `id`, `owner`, `name`, `code`, `level`, `contract`, `auction`, `languages`, `auction_themes`, `play_themes`, `user_themes`, `sharing`, `teaching_mode`, `created`, `updated`, `deleted`, `first_published` at line 1 column 383"],
    );
}

proptest! {
    /// Whatever the text, reading a list answers without panicking.
    #[test]
    fn reading_any_text_never_panics(text in "\\PC{0,200}") {
        let _ = read_board_list_record_text(&text);
    }
}
