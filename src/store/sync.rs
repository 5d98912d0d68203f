//! What sync keeps on the device: the session, the account the device's own
//! records sync with, the cursors and revisions, and the conflicts waiting for
//! the user's choice (one record in the settings store, `{ key: "sync",
//! version, record }`, the state as JSON text); the outbox read and emptied;
//! and records written as they came from the server, with no outbox entry.
//!
//! The state is read leniently: a record that does not read, or of a newer
//! version, is copied to the quarantine and sync starts afresh (sign in again,
//! pull everything; a local change then meets the server's version as a
//! conflict, so nothing is lost).

use std::collections::BTreeMap;

use api_contract::{Account, Session};
use indexed_db_futures::prelude::*;
use indexed_db_futures::transaction::TransactionMode;
use serde::{Deserialize, Serialize};
use training::{read_board_record, Board, BoardId, Collection, CollectionId};
use wasm_bindgen::JsValue;

use super::{
    board_envelope, collection_envelope, from_js, queue, record_text, schema, to_js, Dealt, ListChange, OutboxEntry,
    Store, StoreError, WriteOp,
};
use crate::api::Kind;

/// The settings-store key of the sync state.
const SYNC_KEY: &str = "sync";
/// The version of the stored sync state written today.
const SYNC_VERSION: u32 = 1;

/// Sync's memory on this device.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SyncState {
    /// The open session, when signed in.
    pub session: Option<Session>,
    /// The account the device's own records sync with: set at the first sign-in and kept after
    /// signing out, so another account never receives them.
    pub account: Option<Account>,
    /// Per kind, the server's cursor of the last pull.
    pub cursors: BTreeMap<Kind, i64>,
    /// Per kind and id, the server revision the local record is based on.
    pub revisions: BTreeMap<Kind, BTreeMap<String, i64>>,
    /// Local changes the server holds another version of, waiting for the user's choice.
    pub conflicts: Vec<Conflict>,
    /// Local changes the server refused, with its reason.
    pub rejected: Vec<Rejected>,
    /// When the last sync ended well, in milliseconds since the epoch.
    pub last_synced: Option<i64>,
    /// The groups the account belongs to: the device reads what is shared with them.
    #[serde(default)]
    pub member_of: Vec<String>,
    /// The device's own records were claimed into the account (at once when it had none, else
    /// by the user's confirmation of the claim plan): until then sync sends and fetches nothing.
    #[serde(default)]
    pub claimed: bool,
}

impl SyncState {
    /// The revision the local record `id` of `kind` is based on.
    #[must_use]
    pub fn revision(&self, kind: Kind, id: &str) -> Option<i64> {
        self.revisions.get(&kind).and_then(|revisions| revisions.get(id)).copied()
    }

    pub fn set_revision(&mut self, kind: Kind, id: &str, revision: Option<i64>) {
        let revisions = self.revisions.entry(kind).or_default();
        match revision {
            Some(revision) => revisions.insert(id.to_owned(), revision),
            None => revisions.remove(id),
        };
    }

    /// The conflict of the record `id` of `kind`, if any.
    #[must_use]
    pub fn conflict(&self, kind: Kind, id: &str) -> Option<&Conflict> {
        self.conflicts.iter().find(|conflict| conflict.kind == kind && conflict.id == id)
    }

    /// Records (or replaces) a conflict.
    pub fn add_conflict(&mut self, conflict: Conflict) {
        self.conflicts.retain(|kept| !(kept.kind == conflict.kind && kept.id == conflict.id));
        self.conflicts.push(conflict);
    }
}

/// A local change the server holds another version of: the server's version, kept beside the
/// local one until the user chooses.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Conflict {
    pub kind: Kind,
    pub id: String,
    /// The server's revision.
    pub revision: i64,
    /// The server's record (its owner as on this device), `None` when the server removed it.
    pub record: Option<serde_json::Value>,
}

/// A local change the server refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rejected {
    pub kind: Kind,
    pub id: String,
    pub reason: String,
}

/// The outbox as sync reads it: the last change of each record, and the keys of the entries read.
#[derive(Clone, Debug, Default)]
pub struct Pending {
    /// Per record, whether its last change removed it.
    pub changes: BTreeMap<(Kind, String), bool>,
    /// The entries read, per record, to drop once the change is sent.
    keys: BTreeMap<(Kind, String), Vec<f64>>,
    /// Entries that do not read: left in place, counted.
    pub unreadable: usize,
}

impl Pending {
    /// The outbox keys of the entries read for `id` of `kind`.
    #[must_use]
    pub fn keys_of(&self, kind: Kind, id: &str) -> &[f64] {
        self.keys.get(&(kind, id.to_owned())).map_or(&[], Vec::as_slice)
    }
}

impl Store {
    /// The sync state; a fresh one when none is stored or the stored one does not read (it is
    /// then copied to the quarantine).
    ///
    /// # Errors
    /// When the database cannot be read at all.
    pub async fn sync_state(&self) -> Result<SyncState, StoreError> {
        let Some(value) = self.read_one(schema::SETTINGS, SYNC_KEY).await? else {
            return Ok(SyncState::default());
        };
        let version = js_sys::Reflect::get(&value, &JsValue::from_str("version")).ok().and_then(|v| v.as_f64());
        let read = match version {
            Some(version) if version == f64::from(SYNC_VERSION) => record_text(&value)
                .and_then(|text| serde_json::from_str::<SyncState>(&text).map_err(|error| error.to_string())),
            Some(version) => Err(format!("unknown sync state version {version}")),
            None => Err("the sync state has no version".to_owned()),
        };
        match read {
            Ok(state) => Ok(state),
            Err(error) => {
                self.quarantine(schema::SETTINGS, SYNC_KEY, &value, &error).await?;
                self.write_one(schema::SETTINGS, WriteOp::Delete(JsValue::from_str(SYNC_KEY))).await?;
                Ok(SyncState::default())
            }
        }
    }

    /// Stores the sync state.
    ///
    /// # Errors
    /// When the write fails.
    pub async fn put_sync_state(&self, state: &SyncState) -> Result<(), StoreError> {
        self.check()?;
        let text = serde_json::to_string(state).map_err(|error| StoreError::Failed(error.to_string()))?;
        let mut envelope = serde_json::Map::new();
        envelope.insert("key".to_owned(), SYNC_KEY.into());
        envelope.insert("version".to_owned(), SYNC_VERSION.into());
        envelope.insert(schema::RECORD_FIELD.to_owned(), text.into());
        self.write_one(schema::SETTINGS, WriteOp::Put(to_js(&serde_json::Value::Object(envelope))?)).await
    }

    /// The changes waiting in the outbox, the last one of each record.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn pending(&self) -> Result<Pending, StoreError> {
        self.check()?;
        let tx = self.db.transaction(schema::OUTBOX).build()?;
        let outbox = tx.object_store(schema::OUTBOX)?;
        let keys = outbox.get_all_keys::<JsValue>().primitive()?;
        let values = outbox.get_all::<JsValue>().primitive()?;
        let keys = keys.await?.collect::<Result<Vec<_>, _>>()?;
        let values = values.await?.collect::<Result<Vec<_>, _>>()?;
        let mut pending = Pending::default();
        for (key, value) in keys.iter().zip(values) {
            let (Some(key), Ok(entry)) = (key.as_f64(), from_js::<OutboxEntry>(&value)) else {
                pending.unreadable += 1;
                continue;
            };
            let (kind, id, removed) = match entry {
                OutboxEntry::BoardPut { id, .. } => (Kind::Board, id, false),
                OutboxEntry::BoardRemoved { id, .. } => (Kind::Board, id, true),
                OutboxEntry::CollectionPut { id, .. } => (Kind::Collection, id, false),
                OutboxEntry::CollectionRemoved { id, .. } => (Kind::Collection, id, true),
            };
            pending.changes.insert((kind, id.clone()), removed);
            pending.keys.entry((kind, id)).or_default().push(key);
        }
        Ok(pending)
    }

    /// Drops the outbox entries of `keys` (changes sent, or no longer to send).
    ///
    /// # Errors
    /// When the write fails.
    pub async fn drop_outbox(&self, keys: &[f64]) -> Result<(), StoreError> {
        if keys.is_empty() {
            return Ok(());
        }
        self.check()?;
        let tx = self.db.transaction(schema::OUTBOX).with_mode(TransactionMode::Readwrite).build()?;
        let outbox = tx.object_store(schema::OUTBOX)?;
        for key in keys {
            outbox.delete(JsValue::from_f64(*key)).primitive()?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Queues the record `id` of `kind` to be sent again (the user kept their version of a
    /// conflict).
    ///
    /// # Errors
    /// When the write fails.
    pub async fn requeue(&self, kind: Kind, id: &str) -> Result<(), StoreError> {
        self.check()?;
        let at = crate::browser::now().0;
        let entry = match kind {
            Kind::Board => OutboxEntry::BoardPut { id: id.to_owned(), at },
            Kind::Collection => OutboxEntry::CollectionPut { id: id.to_owned(), at },
        };
        let tx = self.db.transaction(schema::OUTBOX).with_mode(TransactionMode::Readwrite).build()?;
        queue(&tx.object_store(schema::OUTBOX)?, &entry)?;
        tx.commit().await?;
        Ok(())
    }

    /// Queues every board and collection of the device to be sent (a new account receives them
    /// all).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn requeue_all(&self) -> Result<(), StoreError> {
        self.check()?;
        let at = crate::browser::now().0;
        let tx = self
            .db
            .transaction([schema::BOARDS, schema::COLLECTIONS, schema::OUTBOX])
            .with_mode(TransactionMode::Readwrite)
            .build()?;
        let boards = tx.object_store(schema::BOARDS)?.get_all_keys::<JsValue>().primitive()?.await?;
        let collections = tx.object_store(schema::COLLECTIONS)?.get_all_keys::<JsValue>().primitive()?.await?;
        let outbox = tx.object_store(schema::OUTBOX)?;
        let boards = boards.filter_map(Result::ok).filter_map(|key| key.as_string());
        let collections = collections.filter_map(Result::ok).filter_map(|key| key.as_string());
        let entries = boards
            .map(|id| OutboxEntry::BoardPut { id, at })
            .chain(collections.map(|id| OutboxEntry::CollectionPut { id, at }));
        for entry in entries {
            queue(&outbox, &entry)?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The stored board `id` as its record's JSON, if it is stored and reads as JSON.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn record_json(&self, kind: Kind, id: &str) -> Result<Option<serde_json::Value>, StoreError> {
        self.check()?;
        let store = match kind {
            Kind::Board => schema::BOARDS,
            Kind::Collection => schema::COLLECTIONS,
        };
        let tx = self.db.transaction(store).build()?;
        let value = tx.object_store(store)?.get::<JsValue, _, _>(id).primitive()?.await?;
        Ok(value.and_then(|value| record_text(&value).ok()).and_then(|text| serde_json::from_str(&text).ok()))
    }

    /// Stores `boards` as they came from the server: no outbox entry.
    ///
    /// # Errors
    /// When the write fails.
    pub async fn put_synced_boards(&self, boards: &[Board]) -> Result<(), StoreError> {
        self.check()?;
        let mut ops = Vec::with_capacity(boards.len());
        for board in boards {
            ops.push((WriteOp::Put(to_js(&board_envelope(board)?)?), None));
        }
        self.write_boards(ops, ListChange::Put(boards)).await
    }

    /// Removes the board `id`, removed on the server (deleted for good on
    /// another device), its played games first as [`Store::remove_board`]
    /// does: no outbox entry. The deal it was on, when its record read: its
    /// kept table goes once no board has it ([`Store::forget_unused_solved`]).
    ///
    /// # Errors
    /// When a write fails: the board stays, perhaps without some games.
    pub async fn remove_synced_board(&self, id: &BoardId) -> Result<Option<Dealt>, StoreError> {
        self.check()?;
        let board = self.record_json(Kind::Board, &id.0).await?.and_then(|json| read_board_record(&json).ok());
        self.forget_games_of(id).await?;
        self.write_boards(vec![(WriteOp::Delete(JsValue::from_str(&id.0)), None)], ListChange::Remove(id)).await?;
        Ok(board.map(|board| Dealt::of(board.game())))
    }

    /// Stores `collection` as it came from the server: no outbox entry.
    ///
    /// # Errors
    /// When the write fails.
    pub async fn put_synced_collection(&self, collection: &Collection) -> Result<(), StoreError> {
        self.check()?;
        self.write_collection(WriteOp::Put(collection_envelope(collection)?), None).await
    }

    /// Removes the collection `id`, removed on the server: no outbox entry.
    ///
    /// # Errors
    /// When the write fails.
    pub async fn remove_synced_collection(&self, id: &CollectionId) -> Result<(), StoreError> {
        self.check()?;
        self.write_collection(WriteOp::Delete(JsValue::from_str(&id.0)), None).await
    }
}
