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
pub const VERSION: u32 = 3;

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

/// Lists kept beside the records they sum up, keyed by `key` (since version 2). One today, under
/// [`BOARD_LIST_KEY`]: `{ key, count, unreadable, record }`, the `training::BoardListRecord` of
/// every readable board as JSON text in `record`, the keys and errors of the unreadable ones in
/// `unreadable` (`[{ key, error }]`), and in `count` how many records of the boards store it
/// covers. Written in the same transaction as every board write; derived data, so a list that
/// does not read or is out of step is rebuilt from the boards, never quarantined.
pub const LISTS: &str = "lists";
/// The key of the boards list in [`LISTS`].
pub const BOARD_LIST_KEY: &str = "boards";

/// Double-dummy tables kept once solved, keyed by `key` (since version 3): `{ key, record }`,
/// the key the deal, dealer and vulnerability as text (`N:AKQ2.… E None`, see
/// `store::Dealt::key`), the record `{ version, table, par }` as JSON text (the table,
/// `{ tricks }` indexed `[strain][declarer]`, and par as the solver's worker answers them). Derived data: a record that does not read is
/// solved again and written over, never quarantined.
pub const SOLVED: &str = "solved";

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
        match version {
            1 => version_1(db)?,
            2 => version_2(db)?,
            3 => version_3(db)?,
            _ => unreachable!("no schema version above {VERSION}"),
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

/// Version 2 adds the lists store; the boards list is built at the first reading.
fn version_2(db: &Database) -> indexed_db_futures::Result<()> {
    db.create_object_store(LISTS).with_key_path(KeyPath::One("key")).build()?;
    Ok(())
}

/// Version 3 adds the store of solved tables.
fn version_3(db: &Database) -> indexed_db_futures::Result<()> {
    db.create_object_store(SOLVED).with_key_path(KeyPath::One("key")).build()?;
    Ok(())
}
