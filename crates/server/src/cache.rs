//! The public read path's cache: the answers of public boards and collections by code, as JSON
//! bytes, so the hot path (learners opening what a teacher published) costs no database query.
//!
//! A write drops what it may change: the board's own answer, and when the board was or is
//! public, every collection answer (they embed their public boards); a collection's write drops
//! its answer. A read fills the cache only when no write that could change its answer happened
//! since the read began, by generations: one per shard of board codes (a write elsewhere leaves
//! a read's answer alone, so steady pushes of private boards never keep the cache empty) and one
//! for collections.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::RwLock;

use axum::body::Bytes;

/// The most answers kept per kind: past it the cache starts over.
const CAPACITY: usize = 20_000;
/// How many generations board codes share.
const SHARDS: usize = 256;

pub struct PublicCache {
    hasher: RandomState,
    board_generations: Vec<AtomicU64>,
    collection_generation: AtomicU64,
    boards: RwLock<HashMap<String, Bytes>>,
    collections: RwLock<HashMap<String, Bytes>>,
}

impl Default for PublicCache {
    fn default() -> PublicCache {
        PublicCache {
            hasher: RandomState::new(),
            board_generations: (0..SHARDS).map(|_| AtomicU64::new(0)).collect(),
            collection_generation: AtomicU64::new(0),
            boards: RwLock::default(),
            collections: RwLock::default(),
        }
    }
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

    fn generation_of(&self, answers: Answers, code: &str) -> &AtomicU64 {
        match answers {
            // The index is below SHARDS, which fits in usize.
            Answers::Boards => &self.board_generations[(self.hasher.hash_one(code) % SHARDS as u64) as usize],
            Answers::Collections => &self.collection_generation,
        }
    }

    /// The generation a read of `code` begins at, to give back to [`PublicCache::put`].
    pub fn generation(&self, answers: Answers, code: &str) -> u64 {
        self.generation_of(answers, code).load(Ordering::Acquire)
    }

    pub fn get(&self, answers: Answers, code: &str) -> Option<Bytes> {
        // A poisoned lock only means a panic elsewhere mid-insert: the map is still whole.
        let map = self.map(answers).read().unwrap_or_else(std::sync::PoisonError::into_inner);
        map.get(code).cloned()
    }

    /// Keeps `body` as the answer for `code`, unless a write that could change it happened
    /// since `generation`.
    pub fn put(&self, answers: Answers, code: &str, body: Bytes, generation: u64) {
        let mut map = self.map(answers).write().unwrap_or_else(std::sync::PoisonError::into_inner);
        if self.generation(answers, code) != generation {
            return;
        }
        if map.len() >= CAPACITY {
            map.clear();
        }
        map.insert(code.to_owned(), body);
    }

    /// After a write of the board of `code`; `public` when it was or is public.
    pub fn board_written(&self, code: &str, public: bool) {
        self.drop_answer(Answers::Boards, code);
        if public {
            self.collection_generation.fetch_add(1, Ordering::AcqRel);
            self.collections.write().unwrap_or_else(std::sync::PoisonError::into_inner).clear();
        }
    }

    /// After a write of the collection of `code`.
    pub fn collection_written(&self, code: &str) {
        self.drop_answer(Answers::Collections, code);
    }

    fn drop_answer(&self, answers: Answers, code: &str) {
        // The generation first, so a read that began before cannot store what it read after.
        self.generation_of(answers, code).fetch_add(1, Ordering::AcqRel);
        self.map(answers).write().unwrap_or_else(std::sync::PoisonError::into_inner).remove(code);
    }

    /// After a write that may change any answer (an account deleted with its boards).
    pub fn clear(&self) {
        for generation in &self.board_generations {
            generation.fetch_add(1, Ordering::AcqRel);
        }
        self.collection_generation.fetch_add(1, Ordering::AcqRel);
        self.boards.write().unwrap_or_else(std::sync::PoisonError::into_inner).clear();
        self.collections.write().unwrap_or_else(std::sync::PoisonError::into_inner).clear();
    }
}
