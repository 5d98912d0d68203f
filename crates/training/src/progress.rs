//! A learner's progress through a collection or a lesson: the steps seen (the last one, where to
//! resume, and the furthest reached), the boards played with the best result on each, and the
//! boards solved.
//!
//! Progress is a durable record, version [`PROGRESS_RECORD_VERSION`], read leniently: it only
//! summarises games, so a damaged entry is dropped without touching the others, a record of an
//! older version keeps what it knew, and a record of an unknown version or shape reads as no
//! progress at all, never as an error.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{BoardId, Collection, CollectionId, StepKey, TableState};

/// The version of the progress record written today.
///
/// Version 2 added the steps seen, the furthest step and the boards solved; a version 1 record
/// keeps its games, and its last board is the last step seen.
pub const PROGRESS_RECORD_VERSION: u32 = 2;

/// The progress of one learner through one collection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollectionProgress {
    pub collection: CollectionId,
    /// The step the learner saw last: where to resume.
    pub last_step: Option<StepKey>,
    /// The furthest step the learner reached, in the order of the collection then.
    pub furthest: Option<StepKey>,
    /// Every step the learner saw.
    pub seen: BTreeSet<StepKey>,
    pub boards: BTreeMap<BoardId, BoardProgress>,
}

/// The games finished on one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardProgress {
    /// Games played to the end.
    pub games: u32,
    /// The best of them for the learner's side.
    pub best: GameResult,
    /// One of them reached the exercise's aim (see [`crate::Game::solved`]).
    #[serde(default)]
    pub solved: bool,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The tricks the learner's side took.
    pub learner_tricks: u8,
    /// The tricks declarer's side took.
    pub declarer_tricks: u8,
    /// The learner played declarer's cards (else defended).
    pub as_declarer: bool,
}

/// Where a learner stands in a collection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonStatus {
    /// No step seen, no board played.
    NotStarted,
    /// Some steps seen or played, not all, or an exercise not solved yet.
    InProgress,
    /// Every step seen and every board solved.
    Finished,
}

impl GameResult {
    /// The result of the finished play at `state`: `None` before the play is finished.
    #[must_use]
    pub fn of(state: &TableState) -> Option<GameResult> {
        let declarer = state.declarer()?;
        let declarer_tricks = state.declarer_tricks()?;
        let as_declarer = state.learner().side() == declarer.side();
        let total = u8::try_from(state.play()?.deal().hands()[declarer].len()).unwrap_or(13);
        let learner_tricks = if as_declarer { declarer_tricks } else { total.saturating_sub(declarer_tricks) };
        Some(GameResult { learner_tricks, declarer_tricks, as_declarer })
    }
}

/// The stored form, version 2.
#[derive(Serialize, Deserialize)]
struct ProgressRecord {
    version: u32,
    collection: String,
    /// A step key's stored form (see [`StepKey::to_stored`]); anything else reads as none.
    last_step: Option<Value>,
    furthest: Option<Value>,
    seen: Vec<Value>,
    boards: BTreeMap<String, Value>,
}

/// The stored form, version 1: boards only.
#[derive(Deserialize)]
struct ProgressRecordV1 {
    collection: String,
    last_board: Option<String>,
    boards: BTreeMap<String, Value>,
}

impl CollectionProgress {
    /// No step seen yet.
    #[must_use]
    pub fn new(collection: CollectionId) -> CollectionProgress {
        CollectionProgress {
            collection,
            last_step: None,
            furthest: None,
            seen: BTreeSet::new(),
            boards: BTreeMap::new(),
        }
    }

    /// The learner saw the step `key` of `collection` (read a text, opened a board): it is the
    /// last step seen, and the furthest when it lies past the furthest so far.
    pub fn saw(&mut self, collection: &Collection, key: StepKey) {
        let at = collection.position(&key);
        let furthest = self.furthest.as_ref().and_then(|furthest| collection.position(furthest));
        if at.is_some() && (furthest.is_none() || at > furthest) {
            self.furthest = Some(key.clone());
        }
        self.seen.insert(key.clone());
        self.last_step = Some(key);
    }

    /// The learner finished a game on `board`, `solved` when it reached the exercise's aim; keeps
    /// the result when it is the best so far.
    pub fn finished(&mut self, board: &BoardId, result: GameResult, solved: bool) {
        let entry = self.boards.entry(board.clone()).or_insert(BoardProgress { games: 0, best: result, solved: false });
        entry.games = entry.games.saturating_add(1);
        entry.solved |= solved;
        if result.learner_tricks > entry.best.learner_tricks {
            entry.best = result;
        }
    }

    /// The last board the learner opened, if the last step seen is a board.
    #[must_use]
    pub fn last_board(&self) -> Option<&BoardId> {
        match &self.last_step {
            Some(StepKey::Board(board)) => Some(board),
            _ => None,
        }
    }

    /// The boards among `boards` with at least one game finished.
    #[must_use]
    pub fn played_among<'a>(&self, boards: impl IntoIterator<Item = &'a BoardId>) -> usize {
        boards.into_iter().filter(|board| self.boards.contains_key(board)).count()
    }

    /// The boards among `boards` solved.
    #[must_use]
    pub fn solved_among<'a>(&self, boards: impl IntoIterator<Item = &'a BoardId>) -> usize {
        boards.into_iter().filter(|board| self.is_solved(board)).count()
    }

    /// Whether a game on `board` reached the exercise's aim.
    #[must_use]
    pub fn is_solved(&self, board: &BoardId) -> bool {
        self.boards.get(board).is_some_and(|progress| progress.solved)
    }

    /// Whether the learner saw the step `key`, or played its board.
    #[must_use]
    pub fn has_seen(&self, key: &StepKey) -> bool {
        self.seen.contains(key) || matches!(key, StepKey::Board(board) if self.boards.contains_key(board))
    }

    /// The place (from 0) in `collection` to resume at: the last step seen, else the first step.
    #[must_use]
    pub fn resume_at(&self, collection: &Collection) -> usize {
        self.last_step.as_ref().and_then(|key| collection.position(key)).unwrap_or(0)
    }

    /// The place (from 0) of the furthest step reached in `collection` as it is now ordered: the
    /// stored furthest step, or a step seen later in the order since the steps moved.
    #[must_use]
    pub fn furthest_at(&self, collection: &Collection) -> Option<usize> {
        let stored = self.furthest.as_ref().and_then(|key| collection.position(key));
        let seen = collection.steps.iter().rposition(|step| self.has_seen(&step.key()));
        stored.max(seen)
    }

    /// Where the learner stands in `collection`: finished once every step is seen and every board
    /// solved, so that a step added later makes the collection in progress again.
    #[must_use]
    pub fn status(&self, collection: &Collection) -> LessonStatus {
        let seen_all = collection.steps.iter().all(|step| self.has_seen(&step.key()));
        let solved_all = collection.boards().all(|board| self.is_solved(board));
        if !collection.steps.is_empty() && seen_all && solved_all {
            LessonStatus::Finished
        } else if collection.steps.iter().any(|step| self.has_seen(&step.key())) {
            LessonStatus::InProgress
        } else {
            LessonStatus::NotStarted
        }
    }

    /// The stored form, as JSON.
    #[must_use]
    pub fn to_record(&self) -> Value {
        let stored = |key: &StepKey| key.to_stored();
        let record = ProgressRecord {
            version: PROGRESS_RECORD_VERSION,
            collection: self.collection.0.clone(),
            last_step: self.last_step.as_ref().map(|key| Value::String(stored(key))),
            furthest: self.furthest.as_ref().map(|key| Value::String(stored(key))),
            seen: self.seen.iter().map(|key| Value::String(key.to_stored())).collect(),
            boards: bridge::order::map(
                self.boards
                    .iter()
                    .filter_map(|(board, progress)| Some((board.0.clone(), serde_json::to_value(progress).ok()?))),
            ),
        };
        serde_json::to_value(record).unwrap_or(Value::Null)
    }

    /// Keeps the readable board entries of a record.
    fn read_boards(&mut self, boards: BTreeMap<String, Value>) {
        for (board, entry) in boards {
            let Ok(progress) = BoardProgress::deserialize(&entry) else { continue };
            let best = progress.best;
            if board.is_empty()
                || progress.games == 0
                || usize::from(best.learner_tricks) > 13
                || usize::from(best.declarer_tricks) > 13
            {
                continue;
            }
            self.boards.insert(BoardId(board), progress);
        }
    }
}

/// Reads a stored progress record of `collection`, of this version or an older one: entries that
/// cannot be read are dropped, and a record of an unknown version, another collection or no known
/// shape reads as no progress.
#[must_use]
pub fn read_progress_record(collection: &CollectionId, json: &Value) -> CollectionProgress {
    let mut res = CollectionProgress::new(collection.clone());
    match json.get("version").and_then(Value::as_u64) {
        Some(1) => {
            let Ok(record) = ProgressRecordV1::deserialize(json) else { return res };
            if record.collection != collection.0 {
                return res;
            }
            res.last_step =
                record.last_board.filter(|board| !board.is_empty()).map(|board| StepKey::Board(BoardId(board)));
            res.seen.extend(res.last_step.clone());
            res.read_boards(record.boards);
        }
        Some(2) => {
            let Ok(record) = ProgressRecord::deserialize(json) else { return res };
            if record.collection != collection.0 {
                return res;
            }
            let key = |stored: Option<Value>| stored.as_ref().and_then(Value::as_str).and_then(StepKey::from_stored);
            res.last_step = key(record.last_step);
            res.furthest = key(record.furthest);
            res.seen =
                bridge::order::set(record.seen.iter().filter_map(Value::as_str).filter_map(StepKey::from_stored));
            res.read_boards(record.boards);
        }
        _ => {}
    }
    res
}
