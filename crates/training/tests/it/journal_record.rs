//! The durable journal record: the stored version 1 fixture migrated, the version 2 fixture it writes,
//! round trips, advice dropped when it cannot be trusted, and refusals of unknown or corrupt records.

use expect_test::expect;
use proptest::prelude::*;
use serde_json::{json, Value};
use training::testing::FakeSolver;
use training::{
    read_journal_record, EventId, EventKind, Journal, JournalError, JournalRecord, Opening, PlayStart, RobotChoice,
    SolverPort, SolverPosition, ADVICE_VERSION,
};

use crate::journal::{ending, run_session};
use crate::record::arb_json_leaf;

const FIXTURE_V1: &str = include_str!("../data/journal-record-v1.json");
const FIXTURE_V2: &str = include_str!("../data/journal-record-v2.json");

fn fixture(text: &str) -> Value {
    serde_json::from_str(text).expect("the fixture is JSON")
}

/// The error of reading `json`, as text.
fn read_error(json: &Value) -> String {
    match read_journal_record(json) {
        Ok(journal) => format!("read {} events", journal.events().len()),
        Err(err) => err.to_string(),
    }
}

/// A journal in a few lines: its start, events, cursor and advice.
fn summary(journal: &Journal) -> String {
    let start = journal.play_start();
    let opening = match start.opening {
        Opening::Contract { contract, declarer } => format!("{contract} by {declarer}"),
        Opening::Auction { dealer } => format!("auction from {dealer}"),
    };
    let mut lines =
        vec![format!("{} {} {opening} learner {} seed {}", start.board.0, start.deal, start.learner, start.seed)];
    for event in journal.events().iter().skip(1) {
        let kind = match &event.kind {
            EventKind::CardPlayed { card } => format!("card {card}"),
            EventKind::CallMade { call } => format!("call {call}"),
            other => format!("{other:?}"),
        };
        lines.push(format!("{} <- {}: {kind}", event.id, event.parent.map_or(0, |parent| parent.0)));
    }
    lines.push(format!("current {}", journal.current()));
    for (id, advice) in journal.all_advice() {
        let values: Vec<String> =
            advice.values().iter().map(|value| format!("{}={}", value.card, value.tricks)).collect();
        lines.push(format!("advice at {id}: {}", values.join(" ")));
    }
    lines.join("\n")
}

#[test]
fn the_stored_v1_fixture_is_migrated() {
    let journal = read_journal_record(&fixture(FIXTURE_V1)).expect("the v1 fixture reads");
    // Advice at a robot's turn (3), stale (4: not every legal card), malformed (6) or for a missing
    // event (12) is dropped; the advice at 2 is kept.
    expect![[r#"
        board-0001 N:AK2... QJ3... .AKQ.. ..AKQ. 1NT by S learner S seed 12345678901234567
        2 <- 1: card DA
        3 <- 2: card S2
        4 <- 3: card S3
        5 <- 4: card HQ
        6 <- 2: card SK
        7 <- 5: Claimed { tricks: 0, accepted: true }
        8 <- 7: PlayEnded { declarer_tricks: 0 }
        current 8
        advice at 2: S2=0 SK=0 SA=0"#]]
    .assert_eq(&summary(&journal));
    let leaves: Vec<EventId> = journal.branches().iter().map(|event| event.id).collect();
    assert_eq!(leaves, vec![EventId(6), EventId(8)]);
    assert!(journal.state().has_ended());
}

/// `json` as this build writes it back: its advice (version 1 in the fixtures, every legal card's
/// value) at today's advice version, which holds the same values.
fn with_advice_of_today(mut json: Value) -> Value {
    for advice in json["advice"].as_array_mut().into_iter().flatten() {
        advice["version"] = json!(ADVICE_VERSION);
    }
    json
}

#[test]
fn the_migrated_v1_fixture_writes_the_v2_fixture() {
    let journal = read_journal_record(&fixture(FIXTURE_V1)).expect("the v1 fixture reads");
    let written = serde_json::to_value(journal.to_record()).expect("a record serializes");
    assert_eq!(written, with_advice_of_today(fixture(FIXTURE_V2)));
    assert_eq!(read_journal_record(&fixture(FIXTURE_V2)), Ok(journal.clone()));
    assert_eq!(read_journal_record(&written), Ok(journal));
}

#[test]
fn advice_of_version_2_holds_the_best_cards_and_the_values_known() {
    // West leads at 2; the advice there (version 2) knows the best cards and maybe others, where
    // version 1 needed every legal card's value.
    let mut json = fixture(FIXTURE_V2);
    let advice = |values: Value| json!({"version": 2, "event": 2, "values": values});
    let read = |json: &Value| {
        let journal = read_journal_record(json).expect("the journal reads");
        journal.advice(EventId(2)).map(|advice| {
            let best: Vec<String> = advice.best_cards().iter().map(ToString::to_string).collect();
            format!(
                "best {} worth {}, S2 costs {:?}",
                best.join(" "),
                advice.best(),
                advice.cost("S2".parse().expect("a card"))
            )
        })
    };
    json["advice"] = json!([advice(json!([{"card": "SA", "tricks": 1}]))]);
    let best_only = read(&json);
    json["advice"] = json!([advice(json!([{"card": "SA", "tricks": 1}, {"card": "S2", "tricks": 0}]))]);
    let with_other = read(&json);
    json["advice"] = json!([advice(json!([{"card": "HA", "tricks": 1}]))]);
    let not_legal = read(&json);
    json["advice"] = json!([advice(json!([]))]);
    let empty = read(&json);
    json["advice"] = json!([{"version": 1, "event": 2, "values": [{"card": "SA", "tricks": 1}]}]);
    let v1_partial = read(&json);
    expect![[r#"
        Some("best SA worth 1, S2 costs None")
        Some("best SA worth 1, S2 costs Some(1)")
        None
        None
        None"#]]
    .assert_eq(&format!("{best_only:?}\n{with_other:?}\n{not_legal:?}\n{empty:?}\n{v1_partial:?}"));
}

#[test]
fn unknown_and_missing_versions_are_refused() {
    let with_version = |version: Value| {
        let mut json = fixture(FIXTURE_V2);
        json["version"] = version;
        read_error(&json)
    };
    let mut no_version = fixture(FIXTURE_V2);
    no_version.as_object_mut().expect("an object").remove("version");
    let actual = [
        with_version(json!(3)),
        with_version(json!(0)),
        with_version(json!("2")),
        read_error(&no_version),
        read_error(&json!(null)),
        read_error(&json!([2])),
    ]
    .join("\n");
    expect![[r#"
        unknown journal record version 3 (this build reads up to 2)
        unknown journal record version 0 (this build reads up to 2)
        the journal record has no version number
        the journal record has no version number
        the journal record has no version number
        the journal record has no version number"#]]
    .assert_eq(&actual);
}

/// The fixture with `value` at `path` (keys, or indices into lists).
fn with(base: &str, path: &[&str], value: Value) -> String {
    let mut json = fixture(base);
    let mut slot = &mut json;
    for key in path {
        slot = match key.parse::<usize>() {
            Ok(idx) => &mut slot[idx],
            Err(_) => &mut slot[*key],
        };
    }
    *slot = value;
    read_error(&json)
}

/// The v2 fixture with a goal on its root, in an event of version 2.
fn with_goal(goal: u8) -> String {
    let mut json = fixture(FIXTURE_V2);
    json["events"][0]["version"] = json!(2);
    json["events"][0]["event"]["goal"] = json!(goal);
    read_error(&json)
}

#[test]
fn a_goal_is_kept_in_a_root_of_version_2_and_the_other_events_stay_at_version_1() {
    let journal = read_journal_record(&fixture(FIXTURE_V2)).expect("the v2 fixture reads");
    assert_eq!(journal.play_start().goal, None);
    let start = journal.play_start().clone().with_goal(9);
    let journal = Journal::start(start).expect("four hands");
    let written = serde_json::to_value(journal.to_record()).expect("a record serializes");
    assert_eq!(written["events"][0]["version"], json!(2));
    assert_eq!(written["events"][0]["event"]["goal"], json!(9));
    let read = read_journal_record(&written).expect("a written journal reads");
    assert_eq!(read.play_start().goal, Some(9));
    assert!(with_goal(13).starts_with("read "), "a goal of 13 tricks reads");
}

/// The v2 fixture with `robots` on its root, in an event of `version`.
fn with_robots(version: u32, robots: &str) -> String {
    let mut json = fixture(FIXTURE_V2);
    json["events"][0]["version"] = json!(version);
    json["events"][0]["event"]["robots"] = json!(robots);
    read_error(&json)
}

#[test]
fn the_robots_way_of_choosing_is_kept_in_a_root_of_version_3_and_older_roots_choose_any_best_card() {
    let journal = read_journal_record(&fixture(FIXTURE_V2)).expect("the v2 fixture reads");
    assert_eq!(journal.play_start().robots, RobotChoice::AnyBest, "a journal written before the conventional cards");
    let written = serde_json::to_value(journal.to_record()).expect("a record serializes");
    assert_eq!(written, with_advice_of_today(fixture(FIXTURE_V2)), "written back as it was, at version 1");

    let start = PlayStart { robots: RobotChoice::Conventional, ..journal.play_start().clone().with_goal(9) };
    let journal = Journal::start(start).expect("four hands");
    let written = serde_json::to_value(journal.to_record()).expect("a record serializes");
    assert_eq!(written["events"][0]["version"], json!(3));
    assert_eq!(written["events"][0]["event"]["robots"], json!("conventional"));
    let read = read_journal_record(&written).expect("a written journal reads");
    assert_eq!(read.play_start().robots, RobotChoice::Conventional);
    assert_eq!(read.play_start().goal, Some(9));
    assert!(with_robots(3, "conventional").starts_with("read "), "the conventional cards read");
}

#[test]
fn corrupt_records_are_refused_with_the_field_at_fault() {
    let v2 = FIXTURE_V2;
    let actual = [
        with(v2, &["events", "0", "event", "seed"], json!("xyz")),
        with(v2, &["events", "0", "event", "seed"], json!("12345678901234567")),
        with(v2, &["events", "0", "event", "deal"], json!("N:AK2... QJ3... .AKQ.. ..AKQ")),
        with(v2, &["events", "0", "event", "learner"], json!("Q")),
        with(
            v2,
            &["events", "0", "event", "opening"],
            json!({ "kind": "contract", "contract": "8NT", "declarer": "S" }),
        ),
        with(v2, &["events", "0", "event", "opening"], json!({ "kind": "auction" })),
        with(v2, &["events", "0", "parent"], json!(1)),
        with(v2, &["events", "1", "event"], json!({ "kind": "play_started" })),
        with(v2, &["events", "1", "id"], json!(9)),
        with(v2, &["events", "2", "parent"], json!(3)),
        with(v2, &["events", "2", "parent"], json!(null)),
        with(v2, &["events", "2", "version"], json!(7)),
        with(v2, &["events", "2", "event", "card"], json!("SQ")),
        with(v2, &["events", "2", "event", "card"], json!("S1")),
        with(v2, &["events", "2", "event"], json!({ "kind": "call_made", "call": "1NT" })),
        with(v2, &["events", "6", "event", "tricks"], json!(3)),
        with(v2, &["events", "7", "event", "declarer_tricks"], json!(2)),
        with(v2, &["events", "7", "event", "kind"], json!("played")),
        with(v2, &["events"], json!([])),
        with(v2, &["current"], json!(9)),
        with(v2, &["current"], json!(-1)),
        with(v2, &["advice"], json!({})),
        with(v2, &["surprise"], json!(true)),
        with(v2, &["events", "0", "event", "goal"], json!(9)),
        with_goal(0),
        with_goal(14),
        with_robots(2, "conventional"),
        with_robots(3, "clever"),
        with(FIXTURE_V1, &["events", "0", "seed"], json!("12")),
        with(FIXTURE_V1, &["events", "1", "type"], json!("card_played")),
    ]
    .join("\n");
    expect![[r#"
        invalid seed in journal record: "xyz" is not 1 to 16 hex digits
        invalid seed in journal record: "12345678901234567" is not 1 to 16 hex digits
        invalid deal in journal record: hand of W: invalid hand "..AKQ": expected four holdings separated by dots (AKQ2.KQ3.A54.K32)
        invalid learner in journal record: invalid seat "Q": expected N, E, S or W
        invalid contract in journal record: invalid contract "8NT": expected a bid with an optional X or XX, such as 4S, 3NTX
        malformed journal record: missing field `dealer`
        invalid events in journal record: the first event is a play_started root of id 1
        malformed journal record: missing field `board`
        invalid events in journal record: event 9 is in place 2: ids number events in order
        invalid events in journal record: event 3 names parent 3, not an earlier event
        invalid events in journal record: event 3 has no parent
        event 3 has unknown version 7 (this build reads up to 3)
        event 3 of the journal record: illegal card: N does not hold SQ
        invalid card in journal record: invalid card "S1": expected a suit (S, H, D, C) then a rank (A K Q J T 9..2, or 10)
        event 3 of the journal record: no call can be made: the auction is over
        event 7 of the journal record: a claim of 3 tricks exceeds the 2 tricks left
        event 8 of the journal record: declarer took 0 tricks, not 2
        malformed journal record: unknown variant `played`, expected one of `play_started`, `call_made`, `card_played`, `claimed`, `play_ended`
        invalid events in journal record: a journal holds at least its root
        invalid current in journal record: no event 9 in the journal
        malformed journal record: invalid value: integer `-1`, expected u32
        malformed journal record: advice is not a list
        malformed journal record: unknown field `surprise`, expected one of `version`, `current`, `events`, `advice`
        invalid goal in journal record: a version-1 event has no goal
        invalid goal in journal record: 0 is not 1 to 13 tricks
        invalid goal in journal record: 14 is not 1 to 13 tricks
        invalid robots in journal record: a version-2 event has no robots
        invalid robots in journal record: "clever" is no way of choosing
        malformed journal record: invalid type: string "12", expected u64
        malformed journal record: unknown variant `card_played`, expected one of `start`, `card`, `claim`, `end`"#]]
    .assert_eq(&actual);
}

#[test]
fn advice_of_an_unknown_version_or_for_a_missing_event_is_dropped() {
    let mut json = fixture(FIXTURE_V2);
    let kept = json["advice"][0].clone();
    let mut future = kept.clone();
    future["version"] = json!(ADVICE_VERSION + 1);
    future["values"] = json!("a shape this build does not know");
    let mut malformed = kept.clone();
    malformed["version"] = json!(ADVICE_VERSION);
    malformed["values"] = json!("not a list of values");
    let mut unversioned = kept.clone();
    unversioned.as_object_mut().expect("an object").remove("version");
    let mut elsewhere = kept.clone();
    elsewhere["event"] = json!(40);
    let mut robot = kept.clone();
    robot["event"] = json!(3);
    json["advice"] = json!([future, malformed, unversioned, elsewhere, robot]);
    let journal = read_journal_record(&json).expect("the journal reads without its advice");
    assert!(journal.all_advice().is_empty());
    json["advice"] = json!([kept]);
    let journal = read_journal_record(&json).expect("the journal reads");
    assert_eq!(journal.all_advice().keys().copied().collect::<Vec<_>>(), vec![EventId(2)]);
}

proptest! {
    #[test]
    fn journal_records_round_trip(
        (deal_seed, n_cards, seed) in (any::<u64>(), 1..=6usize, any::<u64>()),
        steps in prop::collection::vec((any::<bool>(), any::<prop::sample::Index>()), 0..20),
    ) {
        let mut journal = run_session(ending(deal_seed, n_cards), training_seat(deal_seed), seed, &steps);
        let leaf = journal.current();
        advise_with_the_fake(&mut journal, leaf).map_err(|err| TestCaseError::fail(err.to_string()))?;
        let text = serde_json::to_string(&journal.to_record()).map_err(|err| TestCaseError::fail(err.to_string()))?;
        let json: Value = serde_json::from_str(&text).map_err(|err| TestCaseError::fail(err.to_string()))?;
        let record: JournalRecord = serde_json::from_value(json.clone()).map_err(|err| TestCaseError::fail(err.to_string()))?;
        prop_assert_eq!(&record, &journal.to_record());
        prop_assert_eq!(read_journal_record(&json), Ok(journal));
    }

    #[test]
    fn reading_a_damaged_record_never_panics(
        event_idx in 0..8usize,
        key in prop::sample::select(vec!["id", "parent", "version", "event", "card", "kind", "tricks", "seed", "deal"]),
        value in arb_json_leaf(),
        v1 in any::<bool>(),
        inner in any::<bool>(),
    ) {
        // Version 1 events hold their fields beside the tag, version 2 events in `event`.
        let mut json = fixture(if v1 { FIXTURE_V1 } else { FIXTURE_V2 });
        let event = &mut json["events"][event_idx];
        match (inner, event.get_mut("event")) {
            (true, Some(kind)) => kind[key] = value,
            _ => event[key] = value,
        }
        let _ = read_journal_record(&json);
    }
}

/// A learner seat that varies with the deal.
fn training_seat(deal_seed: u64) -> bridge::Seat {
    bridge::Seat::from_index(usize::try_from(deal_seed % 4).unwrap_or(0))
}

/// Advice at every learner decision on the path to `leaf`, as both kinds a journal holds: the best
/// cards only (what the player asks) at every other decision, every legal card's value at the others.
/// The fake solver's values are not bridge, so no card is costed from the position it reaches.
fn advise_with_the_fake(journal: &mut Journal, leaf: EventId) -> Result<(), JournalError> {
    let mut solver = FakeSolver::default();
    for (idx, at) in journal.path(leaf)?.into_iter().enumerate() {
        let state = journal.state_at(at)?;
        let Some(play) = state.play().filter(|_| state.is_learners_turn()) else { continue };
        if idx % 2 == 0 {
            journal.advise(&mut solver, at)?;
        } else {
            let values = solver.analyse(&SolverPosition::of_play(play));
            journal.attach_advice(at, values)?;
        }
    }
    Ok(())
}
