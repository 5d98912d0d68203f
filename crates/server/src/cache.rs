//! The public read path's cache: the answers of public boards and collections by code, as JSON
//! bytes, so the hot path (learners opening what a teacher published) costs no database query.
//!
//! Every accepted write drops what it may change (a board's code; every collection answer, as
//! they embed boards) and bumps a generation; a read fills the cache only when no write happened
//! since it began, so a read racing a write never stores the older version.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::RwLock;

use axum::body::Bytes;

/// The most answers kept per kind: past it the cache starts over.
const CAPACITY: usize = 20_000;

#[derive(Default)]
pub struct PublicCache {
    generation: AtomicU64,
    boards: RwLock<HashMap<String, Bytes>>,
    collections: RwLock<HashMap<String, Bytes>>,
}

/// Which answers.
#[derive(Clone, Copy)]
pub enum Answers {
    Boards,
    Collections,
}

impl PublicCache {
    fn map(&self, answers: Answers) -> &RwLock<HashMap<String, Bytes>> {
        match answers {
            Answers::Boards => &self.boards,
            Answers::Collections => &self.collections,
        }
    }

    /// The generation a read begins at, to give back to [`PublicCache::put`].
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    pub fn get(&self, answers: Answers, code: &str) -> Option<Bytes> {
        // A poisoned lock only means a panic elsewhere mid-insert: the map is still whole.
        let map = self.map(answers).read().unwrap_or_else(std::sync::PoisonError::into_inner);
        map.get(code).cloned()
    }

    /// Keeps `body` as the answer for `code`, unless a write happened since `generation`.
    pub fn put(&self, answers: Answers, code: &str, body: Bytes, generation: u64) {
        let mut map = self.map(answers).write().unwrap_or_else(std::sync::PoisonError::into_inner);
        if self.generation.load(Ordering::Acquire) != generation {
            return;
        }
        if map.len() >= CAPACITY {
            map.clear();
        }
        map.insert(code.to_owned(), body);
    }

    /// After a write of the board of `code` (or of a collection, `None`): drops what it may change.
    pub fn written(&self, board_code: Option<&str>) {
        self.generation.fetch_add(1, Ordering::AcqRel);
        if let Some(code) = board_code {
            self.boards.write().unwrap_or_else(std::sync::PoisonError::into_inner).remove(code);
        }
        self.collections.write().unwrap_or_else(std::sync::PoisonError::into_inner).clear();
    }

    /// After a write that may change any answer (an account deleted with its boards).
    pub fn clear(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.boards.write().unwrap_or_else(std::sync::PoisonError::into_inner).clear();
        self.collections.write().unwrap_or_else(std::sync::PoisonError::into_inner).clear();
    }
}
