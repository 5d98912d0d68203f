//! The IndexedDB schema: database name, version, object stores and indexes,
//! and the upgrade step of each version.
//!
//! The schema is a durable format. A new version adds a step to [`upgrade`]
//! and bumps [`VERSION`]; a step never drops a store that holds user data.
//! Records themselves carry their own version and are migrated when read.

use indexed_db_futures::database::Database;
use indexed_db_futures::prelude::*;
use indexed_db_futures::KeyPath;

/// The database the app opens.
pub const DB_NAME: &str = "bridge-training";

/// The schema version written today.
pub const VERSION: u32 = 1;

/// Boards, keyed by `id`: `{ id, code, owner, level, updated, deleted, record }`,
/// the indexed fields beside the `training::BoardRecord` as JSON text in `record`.
pub const BOARDS: &str = "boards";
/// Collections, keyed by `id`: `{ id, record }`, the `training::CollectionRecord`
/// as JSON text in `record`.
pub const COLLECTIONS: &str = "collections";
/// Play journals, keyed by `id`.
pub const JOURNALS: &str = "journals";
/// A learner's progress per collection, keyed by `collection`.
pub const PROGRESS: &str = "progress";
/// Settings records, keyed by `key`.
pub const SETTINGS: &str = "settings";
/// Changes waiting to be sent to the server, in order (auto-increment keys).
pub const OUTBOX: &str = "outbox";
/// Copies of records that could not be read, keyed by `id` (`store/key`),
/// kept so that nothing unreadable is ever lost.
pub const QUARANTINE: &str = "quarantine";

/// The field of a stored board or collection holding its record as JSON text.
pub const RECORD_FIELD: &str = "record";

/// The indexes of the boards store: name and key path. A board without an
/// owner (orphaned), level or deletion time is simply absent from that index.
pub const BOARD_INDEXES: [(&str, &str); 5] =
    [("code", "code"), ("owner", "owner"), ("level", "level"), ("updated", "updated"), ("deleted", "deleted")];

/// Brings a database at `old` (0 when new) up to `new`, one version at a time.
///
/// # Errors
/// When the browser refuses a store or index (it aborts the upgrade, and the
/// database stays at its old version).
pub fn upgrade(db: &Database, old: u32, new: u32) -> indexed_db_futures::Result<()> {
    for version in old + 1..=new {
        if version == 1 {
            version_1(db)?;
        }
    }
    Ok(())
}

fn version_1(db: &Database) -> indexed_db_futures::Result<()> {
    let boards = db.create_object_store(BOARDS).with_key_path(KeyPath::One("id")).build()?;
    for (name, path) in BOARD_INDEXES {
        boards.create_index(name, KeyPath::One(path)).build()?;
    }
    db.create_object_store(COLLECTIONS).with_key_path(KeyPath::One("id")).build()?;
    db.create_object_store(JOURNALS).with_key_path(KeyPath::One("id")).build()?;
    db.create_object_store(PROGRESS).with_key_path(KeyPath::One("collection")).build()?;
    db.create_object_store(SETTINGS).with_key_path(KeyPath::One("key")).build()?;
    db.create_object_store(OUTBOX).with_auto_increment(true).build()?;
    db.create_object_store(QUARANTINE).with_key_path(KeyPath::One("id")).build()?;
    Ok(())
}
