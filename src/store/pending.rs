//! Boards whose write to IndexedDB failed (no room left, another tab took
//! the database over), kept in the page's `localStorage` until the next
//! opening of the database writes them: a separate store with its own quota,
//! untouched by the database's versions, so a failed write loses nothing.
//!
//! One entry per database: `bridge-training-unsaved:<database>` holds a JSON
//! object from board id to its record as JSON text, the latest of each board.

use std::collections::BTreeMap;

use training::{read_board_record_text, Board};

fn key(database: &str) -> String {
    format!("bridge-training-unsaved:{database}")
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|window| window.local_storage().ok().flatten())
}

/// The record texts kept for `database`, by board id.
fn texts(storage: &web_sys::Storage, database: &str) -> BTreeMap<String, String> {
    let kept = storage.get_item(&key(database)).ok().flatten().unwrap_or_default();
    serde_json::from_str(&kept).unwrap_or_default()
}

/// Keeps `boards` for `database`, replacing older copies of the same boards.
///
/// # Errors
/// When the page has no `localStorage` or it is full too.
pub fn keep(database: &str, boards: &[Board]) -> Result<(), String> {
    let storage = storage().ok_or("no localStorage")?;
    let mut kept = texts(&storage, database);
    for board in boards {
        let text = serde_json::to_string(&board.to_record()).map_err(|error| error.to_string())?;
        kept.insert(board.id.0.clone(), text);
    }
    let value = serde_json::to_string(&kept).map_err(|error| error.to_string())?;
    storage.set_item(&key(database), &value).map_err(|_| "localStorage is full".to_owned())
}

/// The boards kept for `database` (those that still read; an unreadable
/// copy is left where it is).
#[must_use]
pub fn kept(database: &str) -> Vec<Board> {
    let Some(storage) = storage() else { return Vec::new() };
    texts(&storage, database).values().filter_map(|text| read_board_record_text(text).ok()).collect()
}

/// Forgets the boards kept for `database`, once they are written.
pub fn clear(database: &str) {
    if let Some(storage) = storage() {
        // Failing to forget only means writing the same boards again next time.
        let _ = storage.remove_item(&key(database));
    }
}
