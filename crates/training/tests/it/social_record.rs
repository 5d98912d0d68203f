//! The durable records of themes, bookmarks and votes: the stored version 1 fixtures, round trips,
//! and refusals of unknown or corrupt records.

use expect_test::{expect, Expect};
use proptest::prelude::*;
use serde_json::{json, Value};
use training::{
    read_bookmark_record, read_theme_record, read_vote_record, BoardId, Bookmark, Theme, ThemeKind, Timestamp, UserId,
    Vote, VoteRecord,
};

use crate::gate::locale;

fn fixture(text: &str) -> Value {
    serde_json::from_str(text).expect("the fixture is JSON")
}

fn theme_fixture() -> Value {
    fixture(include_str!("../data/theme-record-v1.json"))
}

fn bookmark_fixture() -> Value {
    fixture(include_str!("../data/bookmark-record-v1.json"))
}

fn vote_fixture() -> Value {
    fixture(include_str!("../data/vote-record-v1.json"))
}

#[test]
fn the_stored_v1_fixtures_read_back_and_are_what_writing_gives() {
    let theme = read_theme_record(&theme_fixture()).expect("the theme fixture reads");
    assert_eq!((theme.id().0.as_str(), theme.kind()), ("finesse", ThemeKind::Play));
    assert_eq!(
        [theme.name(&locale("fr-CA")), theme.name(&locale("fr")), theme.name(&locale("en"))],
        ["Impasse (QC)", "Impasse", "Finesse"]
    );
    assert_eq!(serde_json::to_value(theme.to_record()).expect("serializes"), theme_fixture());

    let bookmark = read_bookmark_record(&bookmark_fixture()).expect("the bookmark fixture reads");
    assert_eq!(
        bookmark,
        Bookmark {
            user_id: UserId("student-3".to_owned()),
            board_id: BoardId("board-0001".to_owned()),
            created: Timestamp(1_700_000_700_000),
        }
    );
    assert_eq!(serde_json::to_value(bookmark.to_record()).expect("serializes"), bookmark_fixture());

    let (user_id, board_id, vote) = read_vote_record(&vote_fixture()).expect("the vote fixture reads");
    assert_eq!((user_id.0.as_str(), board_id.0.as_str(), vote), ("student-3", "board-0001", Vote::Down));
    let written = VoteRecord::new(&user_id, &board_id, vote);
    assert_eq!(serde_json::to_value(written).expect("serializes"), vote_fixture());
}

/// Reads `fixture` changed by `change` with `read` and describes the outcome.
#[track_caller]
fn check<T: std::fmt::Debug, E: std::fmt::Display>(
    read: impl Fn(&Value) -> Result<T, E>,
    fixture: Value,
    change: impl FnOnce(&mut Value),
    expect: Expect,
) {
    let mut json = fixture;
    change(&mut json);
    let actual = match read(&json) {
        Ok(_) => "read".to_owned(),
        Err(err) => err.to_string(),
    };
    expect.assert_eq(&actual);
}

#[test]
fn unknown_corrupt_and_invalid_records_are_refused() {
    let remove_version = |json: &mut Value| {
        json.as_object_mut().expect("an object").remove("version");
    };
    check(
        read_theme_record,
        theme_fixture(),
        |json| json["version"] = json!(7),
        expect!["unknown theme record version 7 (this build reads up to 1)"],
    );
    check(read_theme_record, theme_fixture(), remove_version, expect!["the theme record has no version number"]);
    check(
        read_theme_record,
        theme_fixture(),
        |json| json["kind"] = json!("bidding"),
        expect![[r#"malformed theme record: unknown variant `bidding`, expected one of `auction`, `play`, `user`"#]],
    );
    check(
        read_theme_record,
        theme_fixture(),
        |json| json["names"] = json!({ "f": "Impasse" }),
        expect![[
            r#"invalid names in theme record: invalid locale "f": expected a BCP-47 tag such as fr, en-GB or und"#
        ]],
    );
    check(
        read_theme_record,
        theme_fixture(),
        |json| json["names"] = json!({ "fr": " " }),
        expect![[r#"invalid names in theme record: the theme "finesse" has no name"#]],
    );
    check(
        read_theme_record,
        theme_fixture(),
        |json| json["id"] = json!("a b"),
        expect![[r#"invalid id in theme record: invalid theme id "a b": expected a non-empty id without white space"#]],
    );
    check(
        read_bookmark_record,
        bookmark_fixture(),
        |json| json["version"] = json!(2),
        expect!["unknown bookmark record version 2 (this build reads up to 1)"],
    );
    check(
        read_bookmark_record,
        bookmark_fixture(),
        |json| json["created"] = json!("yesterday"),
        expect![[r#"malformed bookmark record: invalid type: string "yesterday", expected i64"#]],
    );
    check(
        read_bookmark_record,
        bookmark_fixture(),
        |json| json["user_id"] = json!(""),
        expect!["invalid user_id in bookmark record: the user id is empty"],
    );
    check(read_vote_record, vote_fixture(), remove_version, expect!["the vote record has no version number"]);
    check(
        read_vote_record,
        vote_fixture(),
        |json| json["vote"] = json!("sideways"),
        expect![[r#"malformed vote record: unknown variant `sideways`, expected `up` or `down`"#]],
    );
    check(
        read_vote_record,
        vote_fixture(),
        |json| json["board_id"] = json!(""),
        expect!["invalid board_id in vote record: the board id is empty"],
    );
    check(
        read_vote_record,
        vote_fixture(),
        |json| json["extra"] = json!(1),
        expect![[
            r#"malformed vote record: unknown field `extra`, expected one of `version`, `user_id`, `board_id`, `vote`"#
        ]],
    );
}

fn arb_theme() -> impl Strategy<Value = Theme> {
    let kind = prop_oneof![Just(ThemeKind::Auction), Just(ThemeKind::Play), Just(ThemeKind::User)];
    let names = proptest::collection::btree_map(
        prop_oneof![Just("en"), Just("fr"), Just("de-CH")],
        "[a-zé♠][ a-zé]{0,10}",
        1..3,
    );
    ("[a-z_]{1,12}", kind, names).prop_map(|(id, kind, names)| {
        Theme::new(&id, kind, names.into_iter().map(|(tag, name)| (locale(tag), name))).expect("a valid theme")
    })
}

proptest! {
    #[test]
    fn written_records_read_back_the_same(
        theme in arb_theme(),
        user in "[a-z0-9-]{1,10}",
        board in "[a-z0-9-]{1,10}",
        created in any::<i64>(),
        up in any::<bool>(),
    ) {
        let json = serde_json::to_value(theme.to_record()).expect("serializes");
        prop_assert_eq!(read_theme_record(&json), Ok(theme));
        let bookmark = Bookmark { user_id: UserId(user.clone()), board_id: BoardId(board.clone()), created: Timestamp(created) };
        let json = serde_json::to_value(bookmark.to_record()).expect("serializes");
        prop_assert_eq!(read_bookmark_record(&json), Ok(bookmark));
        let vote = if up { Vote::Up } else { Vote::Down };
        let json = serde_json::to_value(VoteRecord::new(&UserId(user.clone()), &BoardId(board.clone()), vote)).expect("serializes");
        prop_assert_eq!(read_vote_record(&json), Ok((UserId(user), BoardId(board), vote)));
    }

    #[test]
    fn any_json_is_read_without_panicking(text in "[\\[\\]{}\",:a-z0-9 ]{0,40}") {
        if let Ok(json) = serde_json::from_str::<Value>(&text) {
            let _ = read_theme_record(&json);
            let _ = read_bookmark_record(&json);
            let _ = read_vote_record(&json);
        }
    }
}
