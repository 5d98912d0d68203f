//! Played games and the learner's progress: the `journals` and `progress`
//! stores.
//!
//! A game is stored as `{ id, board, updated, ended, record }`, the
//! `training::JournalRecord` as JSON text in `record`, written after every
//! event so a closed tab resumes exactly. Progress is one record per
//! collection, `{ collection, record }`, read leniently (see
//! `training::read_progress_record`).

use training::{
    read_journal_record, read_progress_record, BoardId, CollectionId, CollectionProgress, Journal, Timestamp,
};
use wasm_bindgen::JsValue;

use super::{record_text, schema, to_js, Store, StoreError, Unreadable, WriteOp};

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    pub id: String,
    /// When it last changed, in milliseconds since the epoch.
    pub updated: i64,
    pub journal: Journal,
}

/// A new game's id: its board's id, a colon, the time and `random` in hex, so
/// that a board's games are one range of the journals' keys ([`Store::games_of`]).
#[must_use]
pub fn new_game_id(board: &BoardId, now: Timestamp, random: u64) -> String {
    format!("{}:{}:{random:x}", board.0, now.0)
}

/// The range of the ids of `board`'s games: every id that begins with the
/// board's id and a colon, and only those, lies from "board:" up to "board;"
/// (';' follows ':'), the end left out.
fn game_ids(board: &str) -> (String, String) {
    (format!("{board}:"), format!("{board};"))
}

impl Store {
    /// Stores the game `id` (replacing its previous state). The id begins
    /// with its board's id and a colon, as [`new_game_id`] makes it, so that
    /// [`Store::games_of`] finds it.
    ///
    /// # Errors
    /// When the id does not begin so (nothing is written), or the write fails.
    pub async fn put_game(&self, id: &str, journal: &Journal, now: Timestamp) -> Result<(), StoreError> {
        self.check()?;
        let board = &journal.play_start().board.0;
        let (from, to) = game_ids(board);
        if !(from.as_str()..to.as_str()).contains(&id) {
            return Err(StoreError::Failed(format!("the game {id} is not named after its board {board}")));
        }
        let record = journal.to_record();
        let text = serde_json::to_string(&record).map_err(|error| StoreError::Failed(error.to_string()))?;
        let envelope = serde_json::json!({
            "id": id,
            "board": board,
            "updated": now.0,
            "ended": journal.state().has_ended(),
            "record": text,
        });
        self.write_one(schema::JOURNALS, WriteOp::Put(to_js(&envelope)?)).await
    }

    /// The games of `board`, the most recently changed first; the unreadable
    /// ones are copied to the quarantine and listed. Only the board's range
    /// of keys is read (see [`new_game_id`]), not every game stored: among
    /// 1,000 games of 200 boards, 4 to 5 ms instead of 86 (`cargo xtask bench`).
    ///
    /// # Errors
    /// When the database cannot be read at all.
    pub async fn games_of(&self, board: &BoardId) -> Result<(Vec<StoredGame>, Vec<Unreadable>), StoreError> {
        let (from, to) = game_ids(&board.0);
        let raw = self.read_keyed_by_id_between(schema::JOURNALS, from, to).await?;
        let mut games = Vec::new();
        let mut unreadable = Vec::new();
        let field = |value: &JsValue, name: &str| js_sys::Reflect::get(value, &JsValue::from_str(name)).ok();
        for (key, value) in raw {
            if field(&value, "board").and_then(|board| board.as_string()).is_some_and(|stored| stored != board.0) {
                continue;
            }
            let read = record_text(&value).and_then(|text| {
                let json: serde_json::Value = serde_json::from_str(&text).map_err(|error| error.to_string())?;
                read_journal_record(&json).map_err(|error| error.to_string())
            });
            match read {
                Ok(journal) if journal.play_start().board == *board => {
                    let updated = field(&value, "updated").and_then(|updated| updated.as_f64()).unwrap_or(0.0) as i64;
                    games.push(StoredGame { id: key, updated, journal });
                }
                Ok(_) => {}
                Err(error) => {
                    self.quarantine(schema::JOURNALS, &key, &value, &error).await?;
                    unreadable.push(Unreadable { store: schema::JOURNALS.to_owned(), key, error });
                }
            }
        }
        bridge::order::sort_by(&mut games, |a, b| b.updated.cmp(&a.updated).then_with(|| b.id.cmp(&a.id)));
        Ok((games, unreadable))
    }

    /// Deletes the games of `board`, in one transaction: every record of the
    /// board's range of keys (see [`new_game_id`]) but those that name
    /// another board. A board removed from the device ([`Store::remove_board`],
    /// [`Store::remove_synced_board`]) so leaves no game that nothing can
    /// open. Unreadable ones go too; their copies stay in the quarantine.
    ///
    /// # Errors
    /// When the database cannot be read or written.
    pub async fn forget_games_of(&self, board: &BoardId) -> Result<(), StoreError> {
        let (from, to) = game_ids(&board.0);
        let raw = self.read_keyed_by_id_between(schema::JOURNALS, from, to).await?;
        let board_of = |value: &JsValue| js_sys::Reflect::get(value, &JsValue::from_str("board")).ok();
        let ops = raw
            .into_iter()
            .filter(|(_, value)| {
                board_of(value).and_then(|stored| stored.as_string()).is_none_or(|stored| stored == board.0)
            })
            .map(|(key, _)| WriteOp::Delete(JsValue::from_str(&key)))
            .collect();
        self.write_many(schema::JOURNALS, ops).await
    }

    /// The learner's progress through `collection`; none yet when nothing is
    /// stored or the record cannot be read.
    ///
    /// # Errors
    /// When the database cannot be read at all.
    pub async fn progress(&self, collection: &CollectionId) -> Result<CollectionProgress, StoreError> {
        let json = self
            .read_one(schema::PROGRESS, &collection.0)
            .await?
            .as_ref()
            .and_then(|value| record_text(value).ok())
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
            .unwrap_or_default();
        Ok(read_progress_record(collection, &json))
    }

    /// Stores `progress`, replacing the record of its collection.
    ///
    /// # Errors
    /// When the write fails.
    pub async fn put_progress(&self, progress: &CollectionProgress) -> Result<(), StoreError> {
        self.check()?;
        let text = progress.to_record().to_string();
        let envelope = serde_json::json!({ "collection": progress.collection.0, "record": text });
        self.write_one(schema::PROGRESS, WriteOp::Put(to_js(&envelope)?)).await
    }

    /// Reads the progress through `collection`, applies `change` and stores it; returns what
    /// was stored.
    ///
    /// # Errors
    /// When the database cannot be read or written.
    pub async fn update_progress(
        &self,
        collection: &CollectionId,
        change: impl FnOnce(&mut CollectionProgress),
    ) -> Result<CollectionProgress, StoreError> {
        let mut progress = self.progress(collection).await?;
        change(&mut progress);
        self.put_progress(&progress).await?;
        Ok(progress)
    }
}
