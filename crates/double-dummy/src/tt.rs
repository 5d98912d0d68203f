//! The transposition table: bounds on the tricks North-South take from a
//! trick boundary, keyed on the rank-relative position, in fixed-size buckets
//! allocated once from the caller's memory cap.

/// One stored pattern: the suit lengths of every hand and the leader
/// (`shape`), the owners of the relevant top cards of each suit (`plane0`,
/// `plane1` under `mask`, in the packed rank-relative order), the bounds on
/// North-South's tricks, the lead that last proved a bound, and what
/// replacement looks at. Cards below the relevant ones are interchangeable.
#[derive(Clone, Copy, Default)]
struct Entry {
    shape: u64,
    mask: u64,
    plane0: u64,
    plane1: u64,
    lower: u8,
    upper: u8,
    best: u8,
    tricks: u8,
    age: u8,
}

/// Entries per bucket: every pattern of one shape goes to the same bucket.
const WAYS: usize = 8;

/// No stored lead.
pub(crate) const NO_MOVE: u8 = 0xFF;

/// A position as the table sees it.
#[derive(Clone, Copy)]
pub(crate) struct Key {
    /// The suit lengths of three hands and three of the fourth, the leader
    /// and the trump suit.
    pub shape: u64,
    /// Who holds each remaining card (bit 0 of the seat), packed from the
    /// lowest club up; the lengths in `shape` delimit the suits.
    pub plane0: u64,
    /// Bit 1 of the seat holding each remaining card.
    pub plane1: u64,
}

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
    /// The relevant cards of the matching pattern, in the packed order.
    pub mask: u64,
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

    /// The first stored pattern matching `key` whose bounds decide
    /// `target`, or else the last matching one (for its lead).
    pub(crate) fn probe(&self, key: &Key, target: u8) -> Option<Bounds> {
        let start = self.bucket(key.shape);
        let mut res = None;
        for entry in &self.entries[start..start + WAYS] {
            if entry.shape == key.shape
                && key.plane0 & entry.mask == entry.plane0
                && key.plane1 & entry.mask == entry.plane1
            {
                let bounds = Bounds { lower: entry.lower, upper: entry.upper, best: entry.best, mask: entry.mask };
                if entry.lower >= target || entry.upper < target {
                    return Some(bounds);
                }
                res = Some(bounds);
            }
        }
        res
    }

    /// Narrows the bounds of the pattern of `key` under `mask` (or stores
    /// them), with the lead that proved them when there is one.
    pub(crate) fn store(&mut self, key: &Key, mask: u64, tricks: u8, lower: u8, upper: u8, best: u8) {
        let start = self.bucket(key.shape);
        let age = self.age;
        let plane0 = key.plane0 & mask;
        let plane1 = key.plane1 & mask;
        let bucket = &mut self.entries[start..start + WAYS];
        if let Some(entry) = bucket
            .iter_mut()
            .find(|e| e.shape == key.shape && e.mask == mask && e.plane0 == plane0 && e.plane1 == plane1)
        {
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
            let score =
                if entry.shape == 0 { 0 } else { (u32::from(entry.tricks) << 8) | (u32::from(entry.age == age) + 1) };
            if score < victim_score {
                victim = idx;
                victim_score = score;
            }
        }
        bucket[victim] = Entry { shape: key.shape, mask, plane0, plane1, lower, upper, best, tricks, age };
    }

    fn bucket(&self, shape: u64) -> usize {
        let hash = shape.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let hash = hash ^ (hash >> 29);
        // The mask keeps the index below the bucket count, which fits in usize.
        ((hash as usize) & self.mask) * WAYS
    }
}
