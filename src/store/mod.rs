//! The app's local store over IndexedDB: boards, settings, the outbox of
//! changes for later sync, and a quarantine for records that cannot be read.
//!
//! Records are stored as plain objects in their durable form (for a board,
//! `training::BoardRecord`), and read back through the one migrate function
//! of their kind. A record that cannot be read is copied to the quarantine
//! and reported, never deleted and never a crash. Failures come back as
//! [`StoreError`] values the pages turn into messages; whatever the user
//! typed stays in memory when a write fails.
//!
//! Beside the boards, the store keeps their list (`training::BoardListRecord`, one record in
//! [`schema::LISTS`]): what the boards page shows, filters and sorts, read in one request instead
//! of every board. It is written in the same transaction as every board write, so it is never
//! stale; absent, damaged, of an unknown version or out of step with the boards store (another
//! count), it is rebuilt from the boards by [`Store::board_list`].
//!
//! Another tab opening a newer schema asks this one to let go: the store
//! closes its connection, calls the `on_outdated` hook, and every later call
//! answers [`StoreError::Outdated`] so the page can ask for a reload.

mod games;
pub mod pending;
pub mod schema;
mod solved;
mod sync;

use std::cell::Cell;
use std::rc::Rc;

use indexed_db_futures::database::Database;
use indexed_db_futures::error::{DomException, Error as IdbError, OpenDbError};
use indexed_db_futures::object_store::ObjectStore;
use indexed_db_futures::prelude::*;
use indexed_db_futures::transaction::TransactionMode;
use indexed_db_futures::KeyRange;
use serde::{Deserialize, Serialize};
use training::{
    read_board_list_record_text, read_board_record_text, read_collection_record, Board, BoardId, BoardListRecord,
    BoardSummary, Collection, CollectionId, Timestamp,
};
use wasm_bindgen::JsValue;

pub use games::{new_game_id, StoredGame};
pub use solved::{kept_or_solved, known_table, solve_and_keep, Dealt, Known};
pub use sync::{Conflict, Pending, Rejected, SyncState};

/// Why the store could not do what was asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    #[error("this browser offers no local database")]
    Unavailable,
    #[error("a newer version of the app is open in another tab")]
    Outdated,
    #[error("the device has no room left for local data")]
    QuotaExceeded,
    #[error("the local database failed: {0}")]
    Failed(String),
}

impl StoreError {
    /// The key of the message shown to the user, in the strings files.
    #[must_use]
    pub fn message_key(&self) -> &'static str {
        match self {
            StoreError::Unavailable => "store-unavailable",
            StoreError::Outdated => "store-outdated",
            StoreError::QuotaExceeded => "store-quota",
            StoreError::Failed(_) => "store-failed",
        }
    }
}

impl From<IdbError> for StoreError {
    fn from(error: IdbError) -> StoreError {
        match &error {
            IdbError::DomException(DomException::Other(dom)) if dom.name() == "QuotaExceededError" => {
                StoreError::QuotaExceeded
            }
            IdbError::DomException(DomException::InvalidStateError(_)) => StoreError::Outdated,
            _ => StoreError::Failed(error.to_string()),
        }
    }
}

impl From<OpenDbError> for StoreError {
    fn from(error: OpenDbError) -> StoreError {
        match error {
            OpenDbError::Base(error) => error.into(),
            OpenDbError::NullFactory | OpenDbError::UnsupportedEnvironment => StoreError::Unavailable,
            other => StoreError::Failed(other.to_string()),
        }
    }
}

/// What the store tells the page while it is open.
#[derive(Default)]
pub struct Hooks {
    /// An older version of the app in another tab delays the upgrade.
    pub on_blocked: Option<Box<dyn Fn()>>,
    /// A newer version of the app took over the database: reload.
    pub on_outdated: Option<Box<dyn Fn()>>,
}

/// A record that could not be read, kept aside in the quarantine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// The object store it lives in.
    pub store: String,
    /// Its key, as text.
    pub key: String,
    /// Why it could not be read.
    pub error: String,
}

/// What a load found: the readable records and the unreadable ones.
#[derive(Clone, Debug)]
pub struct Loaded<T> {
    pub items: Vec<T>,
    pub unreadable: Vec<Unreadable>,
}

/// The list of the boards as the boards page needs it.
#[derive(Clone, Debug)]
pub struct BoardList {
    /// The summary of every readable board.
    pub summaries: Vec<BoardSummary>,
    /// The board records that could not be read (kept aside in the quarantine).
    pub unreadable: Vec<Unreadable>,
    /// The full boards, when the list had to be rebuilt from them (absent, damaged or out of
    /// step): read once, not twice.
    pub boards: Option<Vec<Board>>,
}

/// The version of [`Settings`] written today.
pub const SETTINGS_VERSION: u32 = 1;

/// The user's settings, one record in the settings store.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The interface language (`en`, `fr`), when the user chose one.
    pub language: Option<String>,
    /// The language new comments are written in, when chosen.
    pub comment_language: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct SettingsRecord {
    key: String,
    version: u32,
    #[serde(flatten)]
    settings: Settings,
}

const SETTINGS_KEY: &str = "settings";
/// The settings-store key of the editor's unsaved draft.
const EDITOR_DRAFT_KEY: &str = "editor-draft";

/// A change waiting to be sent to the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OutboxEntry {
    BoardPut { id: String, at: i64 },
    BoardRemoved { id: String, at: i64 },
    CollectionPut { id: String, at: i64 },
    CollectionRemoved { id: String, at: i64 },
}

/// An open connection to the app's database.
pub struct Store {
    db: Database,
    outdated: Rc<Cell<bool>>,
}

impl Store {
    /// The name of the database.
    #[must_use]
    pub fn name(&self) -> String {
        self.db.name()
    }

    /// Opens (creating or upgrading) the database `name` at [`schema::VERSION`].
    ///
    /// # Errors
    /// When the browser has no IndexedDB (private modes of some browsers) or
    /// refuses to open it.
    pub async fn open(name: &str, hooks: Hooks) -> Result<Store, StoreError> {
        let Hooks { on_blocked, on_outdated } = hooks;
        let db = Database::open(name)
            .with_version(schema::VERSION)
            .with_on_blocked(move |_event| {
                if let Some(hook) = &on_blocked {
                    hook();
                }
                Ok(())
            })
            .with_on_upgrade_needed(|event, db| {
                // Versions are small integers stored as doubles.
                schema::upgrade(&db, event.old_version() as u32, schema::VERSION)
            })
            .await?;
        let outdated = Rc::new(Cell::new(false));
        let mut changes = db.version_changes()?;
        {
            let outdated = outdated.clone();
            wasm_bindgen_futures::spawn_local(async move {
                if changes.recv().await.is_some() {
                    // Let the newer tab upgrade: a connection left open would block it.
                    changes.db().clone().close();
                    outdated.set(true);
                    if let Some(hook) = &on_outdated {
                        hook();
                    }
                }
            });
        }
        Ok(Store { db, outdated })
    }

    /// Whether a newer version of the app took the database over.
    #[must_use]
    pub fn is_outdated(&self) -> bool {
        self.outdated.get()
    }

    fn check(&self) -> Result<(), StoreError> {
        if self.outdated.get() {
            Err(StoreError::Outdated)
        } else {
            Ok(())
        }
    }

    /// Every stored board, read through the migrate function; the unreadable
    /// ones are copied to the quarantine and listed.
    ///
    /// # Errors
    /// When the database cannot be read at all.
    pub async fn load_boards(&self) -> Result<Loaded<Board>, StoreError> {
        self.load(schema::BOARDS, |text| read_board_record_text(text).map_err(|error| error.to_string())).await
    }

    /// Every stored collection, read through its migrate function; the
    /// unreadable ones are copied to the quarantine and listed.
    ///
    /// # Errors
    /// When the database cannot be read at all.
    pub async fn load_collections(&self) -> Result<Loaded<Collection>, StoreError> {
        self.load(schema::COLLECTIONS, |text| {
            let json: serde_json::Value = serde_json::from_str(text).map_err(|error| error.to_string())?;
            read_collection_record(&json).map_err(|error| error.to_string())
        })
        .await
    }

    /// Stores `collection`, replacing the one of its id, and queues it for sync, in one
    /// transaction.
    ///
    /// # Errors
    /// When the write fails.
    pub async fn put_collection(&self, collection: &Collection) -> Result<(), StoreError> {
        self.check()?;
        let entry = OutboxEntry::CollectionPut { id: collection.id.0.clone(), at: crate::browser::now().0 };
        self.write_collection(WriteOp::Put(collection_envelope(collection)?), Some(entry)).await
    }

    /// Removes the collection `id` and queues the removal for sync.
    ///
    /// # Errors
    /// When the write fails.
    pub async fn remove_collection(&self, id: &CollectionId) -> Result<(), StoreError> {
        self.check()?;
        let entry = OutboxEntry::CollectionRemoved { id: id.0.clone(), at: crate::browser::now().0 };
        self.write_collection(WriteOp::Delete(JsValue::from_str(&id.0)), Some(entry)).await
    }

    /// Applies `op` to the collections store with its outbox entry (none for what came from the
    /// server), in one transaction.
    async fn write_collection(&self, op: WriteOp, entry: Option<OutboxEntry>) -> Result<(), StoreError> {
        let tx =
            self.db.transaction([schema::COLLECTIONS, schema::OUTBOX]).with_mode(TransactionMode::Readwrite).build()?;
        let target = tx.object_store(schema::COLLECTIONS)?;
        op.apply_to(&target)?;
        if let Some(entry) = entry {
            queue(&tx.object_store(schema::OUTBOX)?, &entry)?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Every record of `store` read by `read` from its JSON text; the
    /// unreadable ones are copied to the quarantine and listed.
    async fn load<T>(&self, store: &str, read: impl Fn(&str) -> Result<T, String>) -> Result<Loaded<T>, StoreError> {
        let raw = self.read_keyed_by_id(store).await?;
        let (items, bad) = read_records(raw, read);
        let unreadable = self.quarantine_all(store, bad).await?;
        Ok(Loaded { items, unreadable })
    }

    /// Copies each of `bad` (key, value, error) to the quarantine; what to report of them.
    async fn quarantine_all(
        &self,
        store: &str,
        bad: Vec<(String, JsValue, String)>,
    ) -> Result<Vec<Unreadable>, StoreError> {
        let mut res = Vec::with_capacity(bad.len());
        for (key, value, error) in bad {
            self.quarantine(store, &key, &value, &error).await?;
            res.push(Unreadable { store: store.to_owned(), key, error });
        }
        Ok(res)
    }

    /// The list of the boards: read in one request from its record when it is in step with the
    /// boards store, else rebuilt from every board (which are then returned too) and stored.
    ///
    /// # Errors
    /// When the database cannot be read at all. A list that does not read is no error: it is
    /// rebuilt, and a failure to store the rebuilt list only means rebuilding it next time.
    pub async fn board_list(&self) -> Result<BoardList, StoreError> {
        self.check()?;
        if let Some(kept) = self.read_board_list().await? {
            return Ok(kept.into_board_list());
        }
        self.rebuild_board_list().await
    }

    /// The stored list, when it reads and covers exactly the records of the boards store.
    async fn read_board_list(&self) -> Result<Option<StoredList>, StoreError> {
        let tx = self.db.transaction([schema::BOARDS, schema::LISTS]).build()?;
        let count = tx.object_store(schema::BOARDS)?.count().primitive()?;
        let list = tx.object_store(schema::LISTS)?.get::<JsValue, _, _>(schema::BOARD_LIST_KEY).primitive()?;
        let count = count.await?;
        let Some(list) = list.await? else { return Ok(None) };
        Ok(StoredList::read(&list).filter(|list| list.count == count))
    }

    /// Reads every board and stores their list, in one transaction so no write falls between;
    /// the unreadable boards are then copied to the quarantine.
    async fn rebuild_board_list(&self) -> Result<BoardList, StoreError> {
        let tx = self.db.transaction([schema::BOARDS, schema::LISTS]).with_mode(TransactionMode::Readwrite).build()?;
        let values = tx.object_store(schema::BOARDS)?.get_all::<JsValue>().primitive()?.await?;
        let values = values.collect::<Result<Vec<_>, _>>()?;
        let raw = keyed_by_id(values);
        let count = raw.len() as u32;
        let (boards, bad) = read_records(raw, |text| read_board_record_text(text).map_err(|error| error.to_string()));
        let list = StoredList {
            count,
            summaries: boards.iter().map(BoardSummary::of).collect(),
            unreadable: bad.iter().map(|(key, _, error)| (key.clone(), error.clone())).collect(),
        };
        // The list is derived data: failing to keep it costs a rebuild at the next opening, no more.
        if let Ok(envelope) = list.to_js() {
            if let Ok(lists) = tx.object_store(schema::LISTS) {
                let _ = lists.put(envelope).primitive();
            }
        }
        let _ = tx.commit().await;
        let unreadable = self.quarantine_all(schema::BOARDS, bad).await?;
        Ok(BoardList { summaries: list.summaries, unreadable, boards: Some(boards) })
    }

    /// Stores `board` (replacing the one of its id) and queues it for sync,
    /// in one transaction: both happen or neither.
    ///
    /// # Errors
    /// When the write fails (no room left, another version took over).
    pub async fn put_board(&self, board: &Board, now: Timestamp) -> Result<(), StoreError> {
        self.put_boards(std::slice::from_ref(board), now).await
    }

    /// Stores `boards` and queues them for sync, all in one transaction:
    /// every board is stored or none (an import is one change).
    ///
    /// # Errors
    /// When the write fails (no room left, another version took over).
    pub async fn put_boards(&self, boards: &[Board], now: Timestamp) -> Result<(), StoreError> {
        self.check()?;
        let mut ops = Vec::with_capacity(boards.len());
        for board in boards {
            let entry = OutboxEntry::BoardPut { id: board.id.0.clone(), at: now.0 };
            ops.push((WriteOp::Put(to_js(&board_envelope(board)?)?), Some(entry)));
        }
        self.write_boards(ops, ListChange::Put(boards)).await
    }

    /// Removes the board `id` for good, its played games first
    /// ([`Store::forget_games_of`]: nothing opens them without it), and
    /// queues the removal for sync.
    ///
    /// # Errors
    /// When a write fails: the board stays, perhaps without some games.
    pub async fn remove_board(&self, id: &BoardId, now: Timestamp) -> Result<(), StoreError> {
        self.check()?;
        self.forget_games_of(id).await?;
        let entry = OutboxEntry::BoardRemoved { id: id.0.clone(), at: now.0 };
        self.write_boards(vec![(WriteOp::Delete(JsValue::from_str(&id.0)), Some(entry))], ListChange::Remove(id)).await
    }

    /// The changes waiting for sync, oldest first.
    ///
    /// # Errors
    /// When the database cannot be read; entries it cannot read are skipped
    /// and left in place.
    pub async fn outbox(&self) -> Result<Vec<OutboxEntry>, StoreError> {
        let raw = self.read_all(schema::OUTBOX).await?;
        Ok(raw.iter().filter_map(|(_, value)| from_js(value).ok()).collect())
    }

    /// The user's settings; the defaults when none are stored or the record
    /// cannot be read (it is then copied to the quarantine).
    ///
    /// # Errors
    /// When the database cannot be read at all.
    pub async fn settings(&self) -> Result<Settings, StoreError> {
        let Some(value) = self.read_one(schema::SETTINGS, SETTINGS_KEY).await? else {
            return Ok(Settings::default());
        };
        let error = match from_js::<SettingsRecord>(&value) {
            Ok(record) if record.version <= SETTINGS_VERSION => return Ok(record.settings),
            Ok(record) => format!("unknown settings version {}", record.version),
            Err(error) => error.to_string(),
        };
        self.quarantine(schema::SETTINGS, SETTINGS_KEY, &value, &error).await?;
        Ok(Settings::default())
    }

    /// Stores the user's settings.
    ///
    /// # Errors
    /// When the write fails.
    pub async fn put_settings(&self, settings: &Settings) -> Result<(), StoreError> {
        self.check()?;
        let record =
            SettingsRecord { key: SETTINGS_KEY.to_owned(), version: SETTINGS_VERSION, settings: settings.clone() };
        let json = serde_json::to_value(record).map_err(|error| StoreError::Failed(error.to_string()))?;
        self.write_one(schema::SETTINGS, WriteOp::Put(to_js(&json)?)).await
    }

    /// The editor's unsaved draft, as the editor wrote it (JSON text with its
    /// own version), if any.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn editor_draft(&self) -> Result<Option<String>, StoreError> {
        let value = self.read_one(schema::SETTINGS, EDITOR_DRAFT_KEY).await?;
        Ok(value.and_then(|value| record_text(&value).ok()))
    }

    /// Keeps the editor's draft (`None` forgets it), so closing the tab loses nothing typed.
    ///
    /// # Errors
    /// When the write fails.
    pub async fn put_editor_draft(&self, draft: Option<&str>) -> Result<(), StoreError> {
        self.check()?;
        let op = match draft {
            Some(text) => {
                let mut envelope = serde_json::Map::new();
                envelope.insert("key".to_owned(), EDITOR_DRAFT_KEY.into());
                envelope.insert(schema::RECORD_FIELD.to_owned(), text.into());
                WriteOp::Put(to_js(&serde_json::Value::Object(envelope))?)
            }
            None => WriteOp::Delete(JsValue::from_str(EDITOR_DRAFT_KEY)),
        };
        self.write_one(schema::SETTINGS, op).await
    }

    /// The records kept aside because they could not be read.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn quarantined(&self) -> Result<Vec<Unreadable>, StoreError> {
        let raw = self.read_all(schema::QUARANTINE).await?;
        Ok(raw
            .iter()
            .filter_map(|(_, value)| {
                let field = |name: &str| js_sys::Reflect::get(value, &JsValue::from_str(name)).ok()?.as_string();
                Some(Unreadable { store: field("store")?, key: field("key")?, error: field("error")? })
            })
            .collect())
    }

    /// Every value of a store keyed by its `id` field, with that key: one
    /// request instead of two, which counts with thousands of boards.
    async fn read_keyed_by_id(&self, store: &str) -> Result<Vec<(String, JsValue)>, StoreError> {
        self.check()?;
        let tx = self.db.transaction(store).build()?;
        let values = tx.object_store(store)?.get_all::<JsValue>().primitive()?.await?;
        Ok(keyed_by_id(values.collect::<Result<Vec<_>, _>>()?))
    }

    /// The records of a store whose keys lie from `from` up to `to` (left
    /// out), each with its `id`, in key order; the others are not read.
    async fn read_keyed_by_id_between(
        &self,
        store: &str,
        from: String,
        to: String,
    ) -> Result<Vec<(String, JsValue)>, StoreError> {
        self.check()?;
        let range = KeyRange::Bound(from, false, to, true);
        let tx = self.db.transaction(store).build()?;
        let values = tx.object_store(store)?.get_all::<JsValue>().with_query::<String, _>(range).primitive()?.await?;
        Ok(keyed_by_id(values.collect::<Result<Vec<_>, _>>()?))
    }

    /// Every `(key, value)` of a store, in key order, untouched.
    async fn read_all(&self, store: &str) -> Result<Vec<(String, JsValue)>, StoreError> {
        self.check()?;
        let tx = self.db.transaction(store).build()?;
        let object_store = tx.object_store(store)?;
        let keys = object_store.get_all_keys::<JsValue>().primitive()?;
        let values = object_store.get_all::<JsValue>().primitive()?;
        let keys = keys.await?.collect::<Result<Vec<_>, _>>()?;
        let values = values.await?.collect::<Result<Vec<_>, _>>()?;
        Ok(keys.iter().map(key_text).zip(values).collect())
    }

    /// Copies an unreadable record to the quarantine, leaving it in place.
    async fn quarantine(&self, store: &str, key: &str, value: &JsValue, error: &str) -> Result<(), StoreError> {
        let entry = js_sys::Object::new();
        let set = |name: &str, field: &JsValue| js_sys::Reflect::set(&entry, &JsValue::from_str(name), field);
        let id = format!("{store}/{key}");
        for (name, field) in [
            ("id", JsValue::from_str(&id)),
            ("store", JsValue::from_str(store)),
            ("key", JsValue::from_str(key)),
            ("error", JsValue::from_str(error)),
            ("value", value.clone()),
        ] {
            set(name, &field).map_err(|_| StoreError::Failed("cannot build a quarantine entry".to_owned()))?;
        }
        self.write_one(schema::QUARANTINE, WriteOp::Put(JsValue::from(entry))).await
    }

    /// The value under `key` in `store`, if any, read in a transaction of its own.
    async fn read_one(&self, store: &str, key: &str) -> Result<Option<JsValue>, StoreError> {
        self.check()?;
        let tx = self.db.transaction(store).build()?;
        let value: Option<JsValue> = tx.object_store(store)?.get(JsValue::from_str(key)).primitive()?.await?;
        Ok(value)
    }

    /// Applies `op` to `store` in a transaction of its own.
    async fn write_one(&self, store: &str, op: WriteOp) -> Result<(), StoreError> {
        self.write_many(store, vec![op]).await
    }

    /// Applies `ops` to `store` in one transaction: all of them or none.
    async fn write_many(&self, store: &str, ops: Vec<WriteOp>) -> Result<(), StoreError> {
        let tx = self.db.transaction(store).with_mode(TransactionMode::Readwrite).build()?;
        let target = tx.object_store(store)?;
        for op in ops {
            op.apply_to(&target)?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Applies `ops` to the boards store, each with its outbox entry (none for what came from the
    /// server), and `change` to the boards list, in one transaction. A list that does not read or
    /// is out of step before the change is deleted instead, to be rebuilt at the next reading.
    async fn write_boards(
        &self,
        ops: Vec<(WriteOp, Option<OutboxEntry>)>,
        change: ListChange<'_>,
    ) -> Result<(), StoreError> {
        let tx = self
            .db
            .transaction([schema::BOARDS, schema::OUTBOX, schema::LISTS])
            .with_mode(TransactionMode::Readwrite)
            .build()?;
        let target = tx.object_store(schema::BOARDS)?;
        let outbox = tx.object_store(schema::OUTBOX)?;
        let lists = tx.object_store(schema::LISTS)?;
        let count = target.count().primitive()?;
        let list = lists.get::<JsValue, _, _>(schema::BOARD_LIST_KEY).primitive()?;
        let count = count.await?;
        let list = match list.await? {
            Some(list) => StoredList::read(&list).filter(|list| list.count == count),
            // A new database starts its list with its first board.
            None if count == 0 => Some(StoredList { count: 0, summaries: Vec::new(), unreadable: Vec::new() }),
            None => None,
        };
        match list {
            Some(mut list) => {
                list.apply(&change);
                lists.put(list.to_js()?).primitive()?;
            }
            None => {
                lists.delete(schema::BOARD_LIST_KEY).primitive()?;
            }
        }
        for (op, entry) in ops {
            op.apply_to(&target)?;
            if let Some(entry) = entry {
                queue(&outbox, &entry)?;
            }
        }
        tx.commit().await?;
        Ok(())
    }
}

enum WriteOp {
    Put(JsValue),
    Delete(JsValue),
}

impl WriteOp {
    /// Adds the operation to `target`'s transaction.
    fn apply_to(self, target: &ObjectStore<'_>) -> Result<(), StoreError> {
        match self {
            WriteOp::Put(value) => {
                target.put(value).primitive()?;
            }
            WriteOp::Delete(key) => {
                target.delete(key).primitive()?;
            }
        }
        Ok(())
    }
}

/// Adds `entry` to the outbox, in the transaction of `outbox`.
fn queue(outbox: &ObjectStore<'_>, entry: &OutboxEntry) -> Result<(), StoreError> {
    let entry = serde_json::to_value(entry).map_err(|error| StoreError::Failed(error.to_string()))?;
    outbox.add(to_js(&entry)?).primitive()?;
    Ok(())
}

/// What a board write does to the boards list.
enum ListChange<'a> {
    Put(&'a [Board]),
    Remove(&'a BoardId),
}

/// The boards list as stored: see [`schema::LISTS`].
struct StoredList {
    /// How many records of the boards store the list covers: its summaries and unreadable keys.
    count: u32,
    summaries: Vec<BoardSummary>,
    /// The key and error of each unreadable board record.
    unreadable: Vec<(String, String)>,
}

#[derive(Serialize, Deserialize)]
struct UnreadableEntry {
    key: String,
    error: String,
}

impl StoredList {
    /// The list stored as `value`, when it reads and is whole.
    fn read(value: &JsValue) -> Option<StoredList> {
        let field = |name: &str| js_sys::Reflect::get(value, &JsValue::from_str(name)).ok();
        let count = field("count")?.as_f64()?;
        let unreadable: Vec<UnreadableEntry> = from_js(&field("unreadable")?).ok()?;
        let text = record_text(value).ok()?;
        let summaries = read_board_list_record_text(&text).ok()?;
        let list = StoredList {
            count: count as u32,
            summaries,
            unreadable: unreadable.into_iter().map(|entry| (entry.key, entry.error)).collect(),
        };
        (f64::from(list.count) == count && (list.summaries.len() + list.unreadable.len()) as f64 == count)
            .then_some(list)
    }

    fn to_js(&self) -> Result<JsValue, StoreError> {
        let text = serde_json::to_string(&BoardListRecord::of(&self.summaries))
            .map_err(|error| StoreError::Failed(error.to_string()))?;
        let unreadable: Vec<UnreadableEntry> = self
            .unreadable
            .iter()
            .map(|(key, error)| UnreadableEntry { key: key.clone(), error: error.clone() })
            .collect();
        let mut envelope = serde_json::Map::new();
        envelope.insert("key".to_owned(), schema::BOARD_LIST_KEY.into());
        envelope.insert("count".to_owned(), self.count.into());
        let unreadable = serde_json::to_value(unreadable).map_err(|error| StoreError::Failed(error.to_string()))?;
        envelope.insert("unreadable".to_owned(), unreadable);
        envelope.insert(schema::RECORD_FIELD.to_owned(), text.into());
        to_js(&serde_json::Value::Object(envelope))
    }

    /// The list once `change` is written.
    fn apply(&mut self, change: &ListChange<'_>) {
        let mut remove = |id: &BoardId| {
            self.summaries.retain(|summary| summary.id() != id);
            self.unreadable.retain(|(key, _)| *key != id.0);
        };
        match change {
            ListChange::Put(boards) => {
                for board in *boards {
                    remove(&board.id);
                }
                self.summaries.extend(boards.iter().map(BoardSummary::of));
            }
            ListChange::Remove(id) => remove(id),
        }
        self.count = (self.summaries.len() + self.unreadable.len()) as u32;
    }

    fn into_board_list(self) -> BoardList {
        let unreadable = self
            .unreadable
            .into_iter()
            .map(|(key, error)| Unreadable { store: schema::BOARDS.to_owned(), key, error })
            .collect();
        BoardList { summaries: self.summaries, unreadable, boards: None }
    }
}

/// Each of `values` with the key in its `id` field.
fn keyed_by_id(values: Vec<JsValue>) -> Vec<(String, JsValue)> {
    let id = JsValue::from_str("id");
    values
        .into_iter()
        .map(|value| (js_sys::Reflect::get(&value, &id).map(|key| key_text(&key)).unwrap_or_default(), value))
        .collect()
}

/// The records of `raw` read by `read` from their JSON text, and the others with their error.
#[allow(clippy::type_complexity)]
fn read_records<T>(
    raw: Vec<(String, JsValue)>,
    read: impl Fn(&str) -> Result<T, String>,
) -> (Vec<T>, Vec<(String, JsValue, String)>) {
    let mut items = Vec::with_capacity(raw.len());
    let mut bad = Vec::new();
    for (key, value) in raw {
        match record_text(&value).and_then(|text| read(&text)) {
            Ok(item) => items.push(item),
            Err(error) => bad.push((key, value, error)),
        }
    }
    (items, bad)
}

/// A key as text: strings as they are, numbers in decimal.
fn key_text(key: &JsValue) -> String {
    key.as_string().or_else(|| key.as_f64().map(|n| n.to_string())).unwrap_or_else(|| format!("{key:?}"))
}

/// A JSON value as a plain JS object, through its text (`JSON.parse`): one
/// call into JS, where building the object field by field takes one per
/// field, and no second serde format in the app's wasm.
fn to_js(json: &serde_json::Value) -> Result<JsValue, StoreError> {
    js_sys::JSON::parse(&json.to_string()).map_err(|error| StoreError::Failed(format!("{error:?}")))
}

/// A stored JS value read as `T`, through its JSON text (`JSON.stringify`).
///
/// # Errors
/// When the value has no JSON text (`undefined`, a cycle) or its text does
/// not read as `T`.
pub(crate) fn from_js<T: serde::de::DeserializeOwned>(value: &JsValue) -> Result<T, String> {
    let text = js_sys::JSON::stringify(value).ok().and_then(|text| text.as_string());
    let text = text.ok_or_else(|| "a stored value without JSON text".to_owned())?;
    serde_json::from_str(&text).map_err(|error| error.to_string())
}

/// A board as stored: the fields the indexes read, and the durable record
/// as JSON text. Text is what IndexedDB clones and Rust parses fastest; a
/// deep object costs a JS call per field both ways.
fn board_envelope(board: &Board) -> Result<serde_json::Value, StoreError> {
    let record = board.to_record();
    let text = serde_json::to_string(&record).map_err(|error| StoreError::Failed(error.to_string()))?;
    let owner = match &record.owner {
        training::OwnerRecord::User { user_id } => Some(user_id.clone()),
        training::OwnerRecord::Orphaned { .. } => None,
    };
    Ok(serde_json::json!({
        "id": record.id,
        "code": record.code,
        "owner": owner,
        "level": board.metadata.level.get(),
        "updated": record.updated,
        "deleted": record.deleted,
        "record": text,
    }))
}

/// A collection as stored: its id, and the durable record as JSON text.
fn collection_envelope(collection: &Collection) -> Result<JsValue, StoreError> {
    let text = serde_json::to_string(&collection.to_record()).map_err(|error| StoreError::Failed(error.to_string()))?;
    to_js(&serde_json::json!({ "id": collection.id.0, "record": text }))
}

/// The record text of a stored board or collection, or why there is none.
fn record_text(value: &JsValue) -> Result<String, String> {
    js_sys::Reflect::get(value, &JsValue::from_str(schema::RECORD_FIELD))
        .ok()
        .and_then(|field| field.as_string())
        .ok_or_else(|| "not a stored record: no record text".to_owned())
}
