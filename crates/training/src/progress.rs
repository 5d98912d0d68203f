//! A learner's progress through a collection: the boards played, the best result on each, and where
//! the learner stopped.
//!
//! Progress is a durable record, version [`PROGRESS_RECORD_VERSION`], read leniently: it only
//! summarises games, so a damaged entry is dropped without touching the others, and a record of an
//! unknown version or shape reads as no progress at all, never as an error.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{BoardId, CollectionId, TableState};

/// The version of the progress record written today.
pub const PROGRESS_RECORD_VERSION: u32 = 1;

/// The progress of one learner through one collection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollectionProgress {
    pub collection: CollectionId,
    /// The board the learner opened last: where to resume.
    pub last_board: Option<BoardId>,
    pub boards: BTreeMap<BoardId, BoardProgress>,
}

/// The games finished on one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardProgress {
    /// Games played to the end.
    pub games: u32,
    /// The best of them for the learner's side.
    pub best: GameResult,
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

/// The stored form.
#[derive(Serialize, Deserialize)]
struct ProgressRecord {
    version: u32,
    collection: String,
    last_board: Option<String>,
    boards: BTreeMap<String, Value>,
}

impl CollectionProgress {
    /// No board played yet.
    #[must_use]
    pub fn new(collection: CollectionId) -> CollectionProgress {
        CollectionProgress { collection, last_board: None, boards: BTreeMap::new() }
    }

    /// The learner opened `board`.
    pub fn opened(&mut self, board: &BoardId) {
        self.last_board = Some(board.clone());
    }

    /// The learner finished a game on `board`; keeps it when it is the best so far.
    pub fn finished(&mut self, board: &BoardId, result: GameResult) {
        let entry = self.boards.entry(board.clone()).or_insert(BoardProgress { games: 0, best: result });
        entry.games = entry.games.saturating_add(1);
        if result.learner_tricks > entry.best.learner_tricks {
            entry.best = result;
        }
    }

    /// The boards among `boards` with at least one game finished.
    #[must_use]
    pub fn played_among<'a>(&self, boards: impl IntoIterator<Item = &'a BoardId>) -> usize {
        boards.into_iter().filter(|board| self.boards.contains_key(board)).count()
    }

    /// The stored form, as JSON.
    #[must_use]
    pub fn to_record(&self) -> Value {
        let record = ProgressRecord {
            version: PROGRESS_RECORD_VERSION,
            collection: self.collection.0.clone(),
            last_board: self.last_board.as_ref().map(|board| board.0.clone()),
            boards: self
                .boards
                .iter()
                .filter_map(|(board, progress)| Some((board.0.clone(), serde_json::to_value(progress).ok()?)))
                .collect(),
        };
        serde_json::to_value(record).unwrap_or(Value::Null)
    }
}

/// Reads a stored progress record of `collection`: entries that cannot be read are dropped, and a
/// record of another version, another collection or no known shape reads as no progress.
#[must_use]
pub fn read_progress_record(collection: &CollectionId, json: &Value) -> CollectionProgress {
    let mut res = CollectionProgress::new(collection.clone());
    let Ok(record) = ProgressRecord::deserialize(json) else {
        return res;
    };
    if record.version != PROGRESS_RECORD_VERSION || record.collection != collection.0 {
        return res;
    }
    res.last_board = record.last_board.filter(|board| !board.is_empty()).map(BoardId);
    for (board, entry) in record.boards {
        let Ok(progress) = BoardProgress::deserialize(&entry) else { continue };
        let best = progress.best;
        if progress.games == 0 || usize::from(best.learner_tricks) > 13 || usize::from(best.declarer_tricks) > 13 {
            continue;
        }
        res.boards.insert(BoardId(board), progress);
    }
    res
}
