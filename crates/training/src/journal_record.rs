//! The durable record of a play journal: what is stored, versioned, and read back through one migrate
//! function that replays every event through the journal's own checks.
//!
//! Version 2 is written today. Each event carries its own format version ([`EVENT_VERSION`]) and each
//! advice its own ([`crate::ADVICE_VERSION`]): advice version 2 holds the value of every best card and
//! of the other cards known (those played there), advice version 1 every legal card's value, and both
//! are read. Record version 1, written by the first player, named its events `start`, `card`, `claim`
//! and `end` with the fields beside the tag, stored the seed as a JSON number (which JavaScript rounds
//! past 2^53, hence the hex string of version 2), kept no cursor and stored advice unversioned as a map
//! from card to value (read as advice version 1); it is migrated when read.
//!
//! Advice is derived data: an advice of an unknown version, malformed, for an event that does not
//! exist or that is no learner decision, or valuing other cards than the legal ones, is dropped when
//! read (and asked again of the solver), never a reason to refuse the journal.

use std::collections::BTreeMap;
use std::fmt;

use bridge::{Call, Card, Contract, Deal, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{
    BoardId, CardValue, EventId, EventKind, Journal, JournalError, Opening, PlayStart, RobotChoice, ADVICE_VERSION,
};

/// The version of [`JournalRecord`] written today.
pub const JOURNAL_RECORD_VERSION: u32 = 2;

/// The newest version of [`EventRecord`]. Version 2 adds the goal of the root, version 3 the
/// robots' way of choosing ([`crate::RobotChoice`]: `conventional`; without it, any of the best
/// cards, as before); an event is written at the lowest version that holds it, so journals
/// without these stay readable by builds that know only version 1.
pub const EVENT_VERSION: u32 = 3;

/// The stored name of [`RobotChoice::Conventional`].
const ROBOTS_CONVENTIONAL: &str = "conventional";

/// A journal as stored, version [`JOURNAL_RECORD_VERSION`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JournalRecord {
    pub version: u32,
    /// The id of the event the cursor is on.
    pub current: u32,
    /// In append order, the root first; ids number them from 1.
    pub events: Vec<EventRecord>,
    pub advice: Vec<AdviceRecord>,
}

/// A stored event, version [`EVENT_VERSION`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventRecord {
    pub version: u32,
    pub id: u32,
    pub parent: Option<u32>,
    pub event: EventKindRecord,
}

/// What a stored event records; seats, cards, calls, contracts and deals spelled as in PBN.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum EventKindRecord {
    PlayStarted {
        board: String,
        /// The PBN deal string from North.
        deal: String,
        opening: OpeningRecord,
        learner: String,
        /// The seed as 16 lower-case hex digits: a JSON number would lose bits in JavaScript.
        seed: String,
        /// Since version 2: the tricks the learner's side aims at, 1 to 13.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        goal: Option<u8>,
        /// Since version 3: `conventional` when the robots show the conventional card of a group
        /// of equivalent best cards; absent, any best card ([`crate::RobotChoice`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        robots: Option<String>,
    },
    CallMade {
        call: String,
    },
    CardPlayed {
        card: String,
    },
    Claimed {
        tricks: u8,
        accepted: bool,
    },
    PlayEnded {
        declarer_tricks: u8,
    },
}

/// How a stored journal begins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum OpeningRecord {
    Contract { contract: String, declarer: String },
    Auction { dealer: String },
}

/// Stored advice, version [`crate::ADVICE_VERSION`] (or 1, read still): the values at the learner's
/// decision at `event`, every best card's and those of other cards known (version 1: every legal
/// card's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdviceRecord {
    pub version: u32,
    pub event: u32,
    pub values: Vec<CardValueRecord>,
}

/// A stored card value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardValueRecord {
    pub card: String,
    pub tricks: u8,
}

/// Why a stored record could not be read back as a journal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JournalRecordError {
    /// The JSON has no numeric `version` field.
    #[error("the journal record has no version number")]
    MissingVersion,
    /// A version this build does not know, such as one written by a newer app.
    #[error("unknown journal record version {0} (this build reads up to {JOURNAL_RECORD_VERSION})")]
    UnknownVersion(u64),
    /// The JSON does not have the shape of its version.
    #[error("malformed journal record: {0}")]
    Malformed(String),
    /// A field holds a value its version does not allow.
    #[error("invalid {field} in journal record: {detail}")]
    InvalidField { field: &'static str, detail: String },
    /// An event of a version this build does not know: the tree cannot be read without it.
    #[error("event {id} has unknown version {version} (this build reads up to {EVENT_VERSION})")]
    UnknownEventVersion { id: u32, version: u32 },
    /// An event the journal refuses in its place, such as a card that cannot be played there.
    #[error("event {id} of the journal record: {source}")]
    Event { id: u32, source: JournalError },
}

impl Journal {
    /// The journal as its durable record, at the current version, advice included.
    #[must_use]
    pub fn to_record(&self) -> JournalRecord {
        let events = self
            .events()
            .iter()
            .map(|event| EventRecord {
                version: match &event.kind {
                    EventKind::PlayStarted(PlayStart { robots: RobotChoice::Conventional, .. }) => 3,
                    EventKind::PlayStarted(PlayStart { goal: Some(_), .. }) => 2,
                    _ => 1,
                },
                id: event.id.0,
                parent: event.parent.map(|parent| parent.0),
                event: kind_record(&event.kind),
            })
            .collect();
        let advice = self
            .all_advice()
            .iter()
            .map(|(id, advice)| AdviceRecord {
                version: ADVICE_VERSION,
                event: id.0,
                values: advice
                    .values()
                    .iter()
                    .map(|value| CardValueRecord { card: value.card.to_string(), tricks: value.tricks })
                    .collect(),
            })
            .collect();
        JournalRecord { version: JOURNAL_RECORD_VERSION, current: self.current().0, events, advice }
    }
}

/// Reads a stored journal record of any known version: the one migrate function of journals.
///
/// The version is read first and an older record migrated to the current shape; then every event is
/// appended again through the journal's checks, so a journal read back holds every invariant of one
/// built by play. Advice that cannot be trusted is dropped (see the module documentation).
///
/// # Errors
/// A missing or unknown version, a shape or field its version does not allow, an event of an
/// unknown version, or an event the journal refuses. Never panics, whatever the JSON.
pub fn read_journal_record(json: &Value) -> Result<Journal, JournalRecordError> {
    let version = json.get("version").and_then(Value::as_u64).ok_or(JournalRecordError::MissingVersion)?;
    let record = match version {
        1 => migrate_v1(json)?,
        2 => read_v2(json)?,
        other => return Err(JournalRecordError::UnknownVersion(other)),
    };
    record.into_journal()
}

impl JournalRecord {
    /// The journal of a current-version record.
    ///
    /// # Errors
    /// As [`read_journal_record`].
    pub fn into_journal(self) -> Result<Journal, JournalRecordError> {
        if self.version != JOURNAL_RECORD_VERSION {
            return Err(JournalRecordError::UnknownVersion(self.version.into()));
        }
        let mut events = self.events.into_iter();
        let root = events.next().ok_or_else(|| invalid("events", "a journal holds at least its root".to_owned()))?;
        check_event_version(&root)?;
        let start = match (root.id, root.parent, root.event) {
            (1, None, EventKindRecord::PlayStarted { board, deal, opening, learner, seed, goal, robots }) => {
                if root.version < 2 && goal.is_some() {
                    return Err(invalid("goal", "a version-1 event has no goal".to_owned()));
                }
                let robots = match robots.as_deref() {
                    None => RobotChoice::AnyBest,
                    Some(_) if root.version < 3 => {
                        return Err(invalid("robots", format!("a version-{} event has no robots", root.version)))
                    }
                    Some(ROBOTS_CONVENTIONAL) => RobotChoice::Conventional,
                    Some(other) => return Err(invalid("robots", format!("{other:?} is no way of choosing"))),
                };
                PlayStart { robots, ..read_start(board, &deal, opening, &learner, &seed)?.with_goal_checked(goal)? }
            }
            _ => return Err(invalid("events", "the first event is a play_started root of id 1".to_owned())),
        };
        let mut journal = Journal::start(start).map_err(|source| JournalRecordError::Event { id: 1, source })?;
        for (idx, record) in events.enumerate() {
            let expected = idx + 2;
            if usize::try_from(record.id).ok() != Some(expected) {
                return Err(invalid(
                    "events",
                    format!("event {} is in place {expected}: ids number events in order", record.id),
                ));
            }
            check_event_version(&record)?;
            let id = record.id;
            let parent = match record.parent {
                Some(parent) if parent < id => EventId(parent),
                Some(parent) => {
                    return Err(invalid("events", format!("event {id} names parent {parent}, not an earlier event")))
                }
                None => return Err(invalid("events", format!("event {id} has no parent"))),
            };
            let kind = read_kind(record.event)?;
            journal.push(parent, kind).map_err(|source| JournalRecordError::Event { id, source })?;
        }
        journal
            .go_to(EventId(self.current))
            .map_err(|_| invalid("current", format!("no event {} in the journal", self.current)))?;
        for advice in self.advice {
            let values: Option<Vec<CardValue>> = advice
                .values
                .iter()
                .map(|value| value.card.parse::<Card>().ok().map(|card| CardValue { card, tricks: value.tricks }))
                .collect();
            let Some(values) = values else { continue };
            let event = EventId(advice.event);
            // Advice that no longer fits its event is dropped: it can be asked again.
            let _dropped = match advice.version {
                // Every legal card's value.
                1 => journal.attach_advice(event, values).is_err(),
                ADVICE_VERSION => journal.attach_known_values(event, values).is_err(),
                _ => true,
            };
        }
        Ok(journal)
    }
}

fn kind_record(kind: &EventKind) -> EventKindRecord {
    match kind {
        EventKind::PlayStarted(start) => EventKindRecord::PlayStarted {
            board: start.board.0.clone(),
            deal: start.deal.to_string(),
            opening: match start.opening {
                Opening::Contract { contract, declarer } => {
                    OpeningRecord::Contract { contract: contract.to_string(), declarer: declarer.to_string() }
                }
                Opening::Auction { dealer } => OpeningRecord::Auction { dealer: dealer.to_string() },
            },
            learner: start.learner.to_string(),
            seed: format!("{:016x}", start.seed),
            goal: start.goal,
            robots: match start.robots {
                RobotChoice::AnyBest => None,
                RobotChoice::Conventional => Some(ROBOTS_CONVENTIONAL.to_owned()),
            },
        },
        EventKind::CallMade { call } => EventKindRecord::CallMade { call: call.to_string() },
        EventKind::CardPlayed { card } => EventKindRecord::CardPlayed { card: card.to_string() },
        EventKind::Claimed { tricks, accepted } => EventKindRecord::Claimed { tricks: *tricks, accepted: *accepted },
        EventKind::PlayEnded { declarer_tricks } => EventKindRecord::PlayEnded { declarer_tricks: *declarer_tricks },
    }
}

fn invalid(field: &'static str, detail: String) -> JournalRecordError {
    JournalRecordError::InvalidField { field, detail }
}

fn field<T, E: fmt::Display>(field: &'static str, value: Result<T, E>) -> Result<T, JournalRecordError> {
    value.map_err(|err| invalid(field, err.to_string()))
}

fn check_event_version(record: &EventRecord) -> Result<(), JournalRecordError> {
    match record.version {
        1..=EVENT_VERSION => Ok(()),
        version => Err(JournalRecordError::UnknownEventVersion { id: record.id, version }),
    }
}

fn read_start(
    board: String,
    deal: &str,
    opening: OpeningRecord,
    learner: &str,
    seed: &str,
) -> Result<PlayStart, JournalRecordError> {
    let opening = match opening {
        OpeningRecord::Contract { contract, declarer } => Opening::Contract {
            contract: field("contract", contract.parse::<Contract>())?,
            declarer: field("declarer", declarer.parse::<Seat>())?,
        },
        OpeningRecord::Auction { dealer } => Opening::Auction { dealer: field("dealer", dealer.parse::<Seat>())? },
    };
    let hex = !seed.is_empty() && seed.len() <= 16 && seed.bytes().all(|byte| byte.is_ascii_hexdigit());
    let seed = match hex {
        true => field("seed", u64::from_str_radix(seed, 16))?,
        false => return Err(invalid("seed", format!("{seed:?} is not 1 to 16 hex digits"))),
    };
    Ok(PlayStart {
        board: BoardId(board),
        deal: field("deal", deal.parse::<Deal>())?,
        opening,
        learner: field("learner", learner.parse::<Seat>())?,
        seed,
        goal: None,
        robots: RobotChoice::AnyBest,
    })
}

impl PlayStart {
    /// The start with its stored goal, which must be 1 to 13 tricks.
    fn with_goal_checked(self, goal: Option<u8>) -> Result<PlayStart, JournalRecordError> {
        match goal {
            None => Ok(self),
            Some(tricks @ 1..=13) => Ok(self.with_goal(tricks)),
            Some(tricks) => Err(invalid("goal", format!("{tricks} is not 1 to 13 tricks"))),
        }
    }
}

fn read_kind(record: EventKindRecord) -> Result<EventKind, JournalRecordError> {
    Ok(match record {
        EventKindRecord::PlayStarted { .. } => {
            return Err(invalid("events", "only the first event is a play_started root".to_owned()))
        }
        EventKindRecord::CallMade { call } => EventKind::CallMade { call: field("call", call.parse::<Call>())? },
        EventKindRecord::CardPlayed { card } => EventKind::CardPlayed { card: field("card", card.parse::<Card>())? },
        EventKindRecord::Claimed { tricks, accepted } => EventKind::Claimed { tricks, accepted },
        EventKindRecord::PlayEnded { declarer_tricks } => EventKind::PlayEnded { declarer_tricks },
    })
}

/// The advice array of `json`, split off: advice is read leniently, one entry at a time.
fn split_advice(json: &Value) -> Result<(Value, Vec<Value>), JournalRecordError> {
    let mut body = json.clone();
    let object = body.as_object_mut().ok_or_else(|| JournalRecordError::Malformed("not a JSON object".to_owned()))?;
    let advice = match object.remove("advice") {
        Some(Value::Array(advice)) => advice,
        Some(_) => return Err(JournalRecordError::Malformed("advice is not a list".to_owned())),
        None => Vec::new(),
    };
    Ok((body, advice))
}

fn malformed(err: &serde_json::Error) -> JournalRecordError {
    JournalRecordError::Malformed(err.to_string())
}

/// A version 2 record; advice of another version, or malformed, is left out.
fn read_v2(json: &Value) -> Result<JournalRecord, JournalRecordError> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Body {
        version: u32,
        current: u32,
        events: Vec<EventRecord>,
        /// Split off before, and named here so an unknown field's error lists it.
        #[serde(default, rename = "advice")]
        _advice: Vec<serde::de::IgnoredAny>,
    }
    let (body, advice) = split_advice(json)?;
    let body = Body::deserialize(&body).map_err(|err| malformed(&err))?;
    let advice = advice
        .iter()
        .filter(|advice| {
            advice
                .get("version")
                .and_then(Value::as_u64)
                .is_some_and(|version| (1..=ADVICE_VERSION.into()).contains(&version))
        })
        .filter_map(|advice| AdviceRecord::deserialize(advice).ok())
        .collect();
    Ok(JournalRecord { version: body.version, current: body.current, events: body.events, advice })
}

/// An event of version 1: the tag `type` and the fields beside it.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum EventV1 {
    Start {
        id: u32,
        parent: Option<u32>,
        board: String,
        deal: String,
        contract: String,
        declarer: String,
        learner: String,
        seed: u64,
    },
    Card {
        id: u32,
        parent: Option<u32>,
        card: String,
    },
    Claim {
        id: u32,
        parent: Option<u32>,
        tricks: u8,
        accepted: bool,
    },
    End {
        id: u32,
        parent: Option<u32>,
        declarer_tricks: u8,
    },
}

/// Advice of version 1: no version, values as a map from card to tricks.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AdviceV1 {
    event: u32,
    values: BTreeMap<String, u8>,
}

/// A version 1 record in the shape of version 2: events renamed and versioned, the seed as hex, the
/// cursor on the last event appended (where the first player reopened a journal), advice as version 1
/// (whose meaning it had). Malformed advice is left out.
fn migrate_v1(json: &Value) -> Result<JournalRecord, JournalRecordError> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Body {
        #[allow(dead_code, reason = "read to refuse a record without it; the dispatch already knows it")]
        version: u32,
        events: Vec<EventV1>,
        /// Split off before, and named here so an unknown field's error lists it.
        #[serde(default, rename = "advice")]
        _advice: Vec<serde::de::IgnoredAny>,
    }
    let (body, advice) = split_advice(json)?;
    let body = Body::deserialize(&body).map_err(|err| malformed(&err))?;
    let events: Vec<EventRecord> = body
        .events
        .into_iter()
        .map(|event| {
            let (id, parent, event) = match event {
                EventV1::Start { id, parent, board, deal, contract, declarer, learner, seed } => (
                    id,
                    parent,
                    EventKindRecord::PlayStarted {
                        board,
                        deal,
                        opening: OpeningRecord::Contract { contract, declarer },
                        learner,
                        seed: format!("{seed:016x}"),
                        goal: None,
                        robots: None,
                    },
                ),
                EventV1::Card { id, parent, card } => (id, parent, EventKindRecord::CardPlayed { card }),
                EventV1::Claim { id, parent, tricks, accepted } => {
                    (id, parent, EventKindRecord::Claimed { tricks, accepted })
                }
                EventV1::End { id, parent, declarer_tricks } => {
                    (id, parent, EventKindRecord::PlayEnded { declarer_tricks })
                }
            };
            EventRecord { version: 1, id, parent, event }
        })
        .collect();
    let current = events.iter().map(|event| event.id).max().unwrap_or(0);
    let advice = advice
        .iter()
        .filter_map(|advice| AdviceV1::deserialize(advice).ok())
        .map(|advice| AdviceRecord {
            version: 1,
            event: advice.event,
            values: advice.values.into_iter().map(|(card, tricks)| CardValueRecord { card, tricks }).collect(),
        })
        .collect();
    Ok(JournalRecord { version: JOURNAL_RECORD_VERSION, current, events, advice })
}
