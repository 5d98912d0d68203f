//! The transposition table: bounds on the tricks North-South take from a
//! trick boundary, keyed on the rank-relative position, in fixed-size buckets
//! allocated once from the caller's memory cap.

/// One stored position: its full key, the bounds on North-South's tricks from
/// here, the lead that last proved a bound, and what replacement looks at.
#[derive(Clone, Copy, Default)]
struct Entry {
    key_lo: u64,
    key_hi: u64,
    lower: u8,
    upper: u8,
    best: u8,
    tricks: u8,
    age: u8,
}

/// Entries per bucket: a probe looks at one bucket only.
const WAYS: usize = 4;

/// No stored lead.
pub(crate) const NO_MOVE: u8 = 0xFF;

/// A fixed-capacity table; it never allocates past its cap, and replaces
/// the least useful entry of a full bucket (an older search first, then the
/// one with fewest tricks left, cheapest to recompute).
pub(crate) struct TransTable {
    entries: Vec<Entry>,
    mask: usize,
    capacity: usize,
    age: u8,
}

/// What the table knows of a position.
#[derive(Clone, Copy)]
pub(crate) struct Bounds {
    pub lower: u8,
    pub upper: u8,
    pub best: u8,
}

impl TransTable {
    /// A table whose entries fit in `memory` bytes; nothing is allocated until
    /// the first search.
    pub(crate) fn new(memory: usize) -> TransTable {
        let bucket_bytes = WAYS * std::mem::size_of::<Entry>();
        let buckets = (memory / bucket_bytes).max(1);
        // The largest power of two not above the cap, so the index is a mask.
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        TransTable { entries: Vec::new(), mask: buckets - 1, capacity: buckets * WAYS, age: 0 }
    }

    /// The bytes the table holds once allocated.
    pub(crate) fn memory(&self) -> usize {
        self.capacity * std::mem::size_of::<Entry>()
    }

    /// Forgets every position.
    pub(crate) fn clear(&mut self) {
        self.entries = Vec::new();
        self.age = 0;
    }

    /// Starts a new top-level search: entries from earlier ones stay valid
    /// but are replaced first.
    pub(crate) fn next_age(&mut self) {
        if self.entries.is_empty() {
            self.entries = vec![Entry::default(); self.capacity];
        }
        self.age = self.age.wrapping_add(1);
    }

    pub(crate) fn probe(&self, key: u128) -> Option<Bounds> {
        let (lo, hi) = split(key);
        let start = self.bucket(lo, hi);
        self.entries[start..start + WAYS]
            .iter()
            .find(|entry| entry.key_lo == lo && entry.key_hi == hi)
            .map(|entry| Bounds { lower: entry.lower, upper: entry.upper, best: entry.best })
    }

    /// Narrows the stored bounds of `key` (or stores them), with the lead
    /// that proved them when there is one.
    pub(crate) fn store(&mut self, key: u128, tricks: u8, lower: u8, upper: u8, best: u8) {
        let (lo, hi) = split(key);
        let start = self.bucket(lo, hi);
        let age = self.age;
        let bucket = &mut self.entries[start..start + WAYS];
        if let Some(entry) = bucket.iter_mut().find(|entry| entry.key_lo == lo && entry.key_hi == hi) {
            entry.lower = entry.lower.max(lower);
            entry.upper = entry.upper.min(upper);
            if best != NO_MOVE {
                entry.best = best;
            }
            entry.age = age;
            return;
        }
        let mut victim = 0;
        let mut victim_score = u32::MAX;
        for (idx, entry) in bucket.iter().enumerate() {
            let score = if entry.key_lo == 0 && entry.key_hi == 0 {
                0
            } else {
                u32::from(entry.age == age) << 8 | u32::from(entry.tricks) + 1
            };
            if score < victim_score {
                victim = idx;
                victim_score = score;
            }
        }
        bucket[victim] = Entry { key_lo: lo, key_hi: hi, lower, upper, best, tricks, age };
    }

    fn bucket(&self, lo: u64, hi: u64) -> usize {
        let hash = (lo.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ hi.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)).rotate_left(29);
        let hash = hash ^ (hash >> 32);
        // The mask keeps the index below the bucket count, which fits in usize.
        ((hash as usize) & self.mask) * WAYS
    }
}

fn split(key: u128) -> (u64, u64) {
    (key as u64, (key >> 64) as u64)
}
