//! The transposition table: bounds on the tricks North-South take from a
//! trick boundary, keyed on the rank-relative position, in fixed-size buckets
//! allocated once from the caller's memory cap; and the leads' cut-off
//! history and the cut-off hints, which outlive a search the same way.

use word::{Seq, W32, W64};

/// The table's words: natively relaxed atomics (plain loads and stores),
/// so that threads can share a [`Table`], and in wasm built with atomics
/// (the pool's worker, whose threads share the advice's table:
/// `Solver::analyse_on`); in the one-thread wasm build plain cells. Every
/// wasm atomic access is sequentially consistent: with atomics, the pool's
/// 200 bench tables took 7 to 8% more time (46.3 s against 42.9 s on one
/// of its threads, 28.3 s against 26.5 s on the pool, back to back).
#[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
mod word {
    #[cfg(not(target_arch = "wasm32"))]
    use std::sync::atomic::fence;
    use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

    /// How a reader reads a word, and how a writer writes one. Natively
    /// relaxed, the sequence numbers' fences ordering them (free on x86);
    /// in wasm, whose fence is a full barrier (an `mfence` on x86) and whose
    /// atomic accesses are all sequentially consistent whatever Rust asks,
    /// acquire reads and release writes instead of the fences, as good for
    /// the sequence lock: a reader's check of the number comes after its
    /// acquire reads, a writer's release writes after its lock.
    #[cfg(not(target_arch = "wasm32"))]
    const READ: Ordering = Ordering::Relaxed;
    #[cfg(not(target_arch = "wasm32"))]
    const WRITE: Ordering = Ordering::Relaxed;
    #[cfg(target_arch = "wasm32")]
    const READ: Ordering = Ordering::Acquire;
    #[cfg(target_arch = "wasm32")]
    const WRITE: Ordering = Ordering::Release;

    /// A 64-bit word of a bucket.
    #[repr(transparent)]
    pub(crate) struct W64(AtomicU64);

    /// A 32-bit word of a bucket.
    #[repr(transparent)]
    pub(crate) struct W32(AtomicU32);

    /// A bucket's sequence number (see `Table`).
    pub(crate) struct Seq(AtomicU32);

    impl W64 {
        #[cfg(test)]
        pub(crate) fn new(value: u64) -> W64 {
            W64(AtomicU64::new(value))
        }

        pub(crate) fn get(&self) -> u64 {
            self.0.load(READ)
        }

        pub(crate) fn set(&self, value: u64) {
            self.0.store(value, WRITE);
        }
    }

    impl W32 {
        pub(crate) fn get(&self) -> u32 {
            self.0.load(READ)
        }

        pub(crate) fn set(&self, value: u32) {
            self.0.store(value, WRITE);
        }
    }

    impl Seq {
        pub(crate) fn new() -> Seq {
            Seq(AtomicU32::new(0))
        }

        /// The number before a reader reads the bucket.
        pub(crate) fn begin_read(&self) -> u32 {
            self.0.load(Ordering::Acquire)
        }

        /// Whether the bucket read since `begin_read` gave `before` (even:
        /// no writer then) was left alone meanwhile.
        pub(crate) fn unchanged(&self, before: u32) -> bool {
            #[cfg(not(target_arch = "wasm32"))]
            fence(Ordering::Acquire);
            self.0.load(Ordering::Relaxed) == before
        }

        /// Locks the bucket for a writer (the number made odd), giving
        /// the number before; `None` when another writer holds it.
        pub(crate) fn lock(&self) -> Option<u32> {
            let before = self.0.load(Ordering::Relaxed);
            if before & 1 != 0
                || self.0.compare_exchange(before, before + 1, Ordering::Acquire, Ordering::Relaxed).is_err()
            {
                return None;
            }
            // The writes that follow come after the odd number for every reader.
            #[cfg(not(target_arch = "wasm32"))]
            fence(Ordering::Release);
            Some(before)
        }

        /// Unlocks the bucket `lock` gave `before` for.
        pub(crate) fn unlock(&self, before: u32) {
            self.0.store(before.wrapping_add(2), Ordering::Release);
        }

        /// Marks the bucket as being written, or written (for tests).
        #[cfg(test)]
        pub(crate) fn bump(&self) {
            self.0.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// See the other `word`.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
mod word {
    use std::cell::Cell;

    #[repr(transparent)]
    pub(crate) struct W64(Cell<u64>);

    #[repr(transparent)]
    pub(crate) struct W32(Cell<u32>);

    pub(crate) struct Seq(Cell<u32>);

    impl W64 {
        #[cfg(test)]
        pub(crate) fn new(value: u64) -> W64 {
            W64(Cell::new(value))
        }

        pub(crate) fn get(&self) -> u64 {
            self.0.get()
        }

        pub(crate) fn set(&self, value: u64) {
            self.0.set(value);
        }
    }

    impl W32 {
        pub(crate) fn get(&self) -> u32 {
            self.0.get()
        }

        pub(crate) fn set(&self, value: u32) {
            self.0.set(value);
        }
    }

    impl Seq {
        pub(crate) fn new() -> Seq {
            Seq(Cell::new(0))
        }

        pub(crate) fn begin_read(&self) -> u32 {
            self.0.get()
        }

        pub(crate) fn unchanged(&self, before: u32) -> bool {
            self.0.get() == before
        }

        pub(crate) fn lock(&self) -> Option<u32> {
            let before = self.0.get();
            if before & 1 != 0 {
                return None;
            }
            self.0.set(before + 1);
            Some(before)
        }

        pub(crate) fn unlock(&self, before: u32) {
            self.0.set(before.wrapping_add(2));
        }

        #[cfg(test)]
        pub(crate) fn bump(&self) {
            self.0.set(self.0.get() + 1);
        }
    }
}

/// One stored pattern: the suit lengths of every hand and the leader
/// (`shape`), the owners of the relevant top cards of each suit (`plane0`,
/// `plane1` under `mask`, in the packed rank-relative order). Cards below
/// the relevant ones are interchangeable, and a suit without relevant cards
/// is free: the pattern matches whoever holds its cards. 32 bytes aligned
/// to 32, so reading one never touches two cache lines. Its bounds and lead
/// ride in bits no card uses (`INFO_FIELD` of `mask` and of `plane1`):
/// kept beside it in an array of their own, they cost a second cache miss
/// on most matches and on most new entries.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct Entry {
    shape: u64,
    /// The relevant cards, and the bounds on North-South's tricks in
    /// `INFO_FIELD` (the lower bound in the low nibble, the upper one in
    /// the high nibble).
    mask: u64,
    plane0: u64,
    /// Bit 1 of the owners of the relevant cards, and the lead that last
    /// proved a bound in `INFO_FIELD`.
    plane1: u64,
}

/// Bits of `Entry::mask` and `Entry::plane1` that no card uses (a key's
/// planes hold at most 52 cards from bit 0 up, then the trump from bit 60),
/// so a key's planes under a mask are 0 there.
const INFO_FIELD: u64 = 0xFF << INFO_SHIFT;
const INFO_SHIFT: u32 = 52;

impl Entry {
    fn new(shape: u64, mask: u64, plane0: u64, plane1: u64, bounds: u8, best: u8) -> Entry {
        Entry {
            shape,
            mask: mask | u64::from(bounds) << INFO_SHIFT,
            plane0,
            plane1: plane1 | u64::from(best) << INFO_SHIFT,
        }
    }

    /// The relevant cards.
    fn mask(&self) -> u64 {
        self.mask & !INFO_FIELD
    }

    /// Bit 1 of the owners of the relevant cards.
    fn plane1(&self) -> u64 {
        self.plane1 & !INFO_FIELD
    }

    fn bounds(&self) -> u8 {
        (self.mask >> INFO_SHIFT) as u8
    }

    fn lower(&self) -> u8 {
        self.bounds() & 15
    }

    fn upper(&self) -> u8 {
        self.bounds() >> 4
    }

    fn best(&self) -> u8 {
        (self.plane1 >> INFO_SHIFT) as u8
    }

    fn set_info(&mut self, bounds: u8, best: u8) {
        self.mask = self.mask() | u64::from(bounds) << INFO_SHIFT;
        self.plane1 = self.plane1() | u64::from(best) << INFO_SHIFT;
    }
}

/// Entries per bucket: the patterns holding every suit's top card of one
/// shape and one set of owners of the tops share a bucket, and the patterns
/// of one shape that leave a suit free share another.
///
/// 128 natively, 64 on wasm. There no prefetch asks for a bucket's tags
/// ahead, so every probe waits on them, and 64 tags are one cache line: in a
/// profile of 8 bench tables in Node with the worker's 16 MiB table
/// (`tests/node_profile.rs`), the table's probes and stores fell from 32% of
/// the time to 25% (three runs each), for 0.5% more nodes (with 16 MiB:
/// 0.3% fewer on the first 20 bench tables, 0.45% more on the next 40,
/// 1.4% more at the opening leads, the same mid-play). In Chromium's
/// worker bench the 20 tables took 5.6 s in all against 6.3 s (three
/// runs each, a noisy evening), the advice mixed (its p99 417 ms against
/// 390 ms, its max 597 against 649 ms). Natively, with 64 MiB, 64 ways
/// took 1.2% more nodes on the first 20 tables.
const WAYS: usize = if cfg!(target_arch = "wasm32") { 64 } else { 128 };

/// The bytes of one slot: the entry, its filter, its tag and its
/// replacement byte.
const SLOT_BYTES: usize = std::mem::size_of::<Entry>() + 4 + 1 + 1;

/// How many deciding patterns leaving a suit free a probe compares before
/// taking the one naming the fewest cards (see `TransTable::probe`).
const LOOK_FURTHER: usize = 4;

/// The most cut-off hints kept (128 KiB): from 2^12 to 2^18 of them took
/// about as many nodes, and a smaller table stays in the cache.
const MAX_HINTS: usize = 1 << 14;

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
    /// The top card of each suit and the trump, in the packed order: the
    /// bucket of the patterns whose mask holds all of them depends on their
    /// owners, so the patterns of a shape spread out.
    pub select: u64,
    /// Where the top two cards of each suit lie, in the packed order.
    pub tops_at: u64,
    /// The owners of the cards at `tops_at`: what a probe compares first.
    /// Bit 0 of their seats in the low byte, bit 1 in the high byte, in
    /// the packed order (the planes packed again under `tops_at`).
    pub tops: u16,
}

/// One bucket's slots side by side, so that a probe or a store touches one
/// stretch of memory (two pages at most) rather than a page in each of four
/// arrays: the tags and replacement bytes first, read by every probe and
/// store, then the filters, then the entries.
///
/// Every field is a word of the `word` module (natively a relaxed atomic,
/// so that threads can share the table, [`Table`]); a bucket's sequence
/// number (`Table::seqs`) tells a reader whether a store wrote it
/// meanwhile.
#[repr(C, align(64))]
struct Bucket {
    /// One byte per entry from the hash of its shape (never 0, which marks
    /// an empty slot), eight to a word: a probe scans a bucket's tags (one
    /// or two cache lines) and reads only the entries whose tag matches,
    /// not the whole bucket.
    tags: [W64; WAYS / 8],
    /// One byte per entry for replacement, eight to a word: the tricks left
    /// in the low nibble, the search's age (modulo 16) in the high one, so
    /// choosing a victim reads no entry either.
    meta: [W64; WAYS / 8],
    /// Per slot, the owners of the top cards its pattern fixes (low half)
    /// and which bits of [`Key::tops`] those are (high half): a probe
    /// compares them before reading the entry, which most same-shape
    /// patterns then fail (12 of 13 read entries did before).
    filters: [W32; WAYS],
    entries: [Slot; WAYS],
}

/// An [`Entry`]'s four words in a bucket.
#[repr(C, align(32))]
struct Slot([W64; 4]);

impl Slot {
    fn word(&self, idx: usize) -> u64 {
        self.0[idx].get()
    }

    fn read(&self) -> Entry {
        Entry { shape: self.word(0), mask: self.word(1), plane0: self.word(2), plane1: self.word(3) }
    }

    fn write(&self, entry: Entry) {
        for (word, value) in self.0.iter().zip([entry.shape, entry.mask, entry.plane0, entry.plane1]) {
            word.set(value);
            // In the unit tests, a writer lets the other threads run between
            // its words, so that a reader can meet a half-written entry
            // (`threads_never_read_a_torn_entry`).
            #[cfg(all(test, not(target_arch = "wasm32")))]
            std::thread::yield_now();
        }
    }
}

/// Byte `idx` of the bytes packed eight to a word in `words`.
#[cfg(test)]
fn byte_of(words: &[W64], idx: usize) -> u8 {
    (words[idx / 8].get() >> (8 * (idx % 8))) as u8
}

/// Sets byte `idx` of `words` to `value` (by the bucket's one writer).
fn set_byte(words: &[W64], idx: usize, value: u8) {
    let word = &words[idx / 8];
    let shift = 8 * (idx % 8);
    let rest = word.get() & !(0xFF << shift);
    word.set(rest | u64::from(value) << shift);
}

// A bucket holds exactly its slots, so the table's memory is what
// `TransTable::memory` says.
const _: () = assert!(std::mem::size_of::<Bucket>() == WAYS * SLOT_BYTES);

/// `n` (at least 1) buckets of empty slots. On Linux the memory is first
/// offered for huge pages (`advise_huge_pages`), then cleared.
fn empty_buckets(n: usize) -> Vec<Bucket> {
    let layout = std::alloc::Layout::array::<Bucket>(n).expect("a table within the address space");
    // SAFETY: the layout's size is not 0 (n is at least 1 and a bucket is
    // not empty). Every byte is written 0 before the vector owns them, and
    // a bucket is words (`W64`, `W32`: atomic integers natively, cells on
    // wasm, each with its integer's layout), whose all-zero bytes are
    // valid: those of an empty bucket.
    // The vector takes the allocation with the layout it was made with (`n`
    // buckets of `Bucket`'s alignment).
    unsafe {
        let ptr = std::alloc::alloc(layout);
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        #[cfg(target_os = "linux")]
        advise_huge_pages(ptr, layout.size());
        std::ptr::write_bytes(ptr, 0, layout.size());
        Vec::from_raw_parts(ptr.cast::<Bucket>(), n, n)
    }
}

/// Asks Linux to back the `size` bytes at `ptr` with huge pages (2 MiB on
/// x86-64) where it can, before they are first touched: transparent huge
/// pages are often enabled only for memory so advised. Each probe's first
/// touch of a bucket then seldom misses the TLB as well as the cache (on
/// this machine, 16 pairs of runs on 10 bench tables took 0.956 of the
/// time). Only a hint: where the system declines, nothing changes.
#[cfg(target_os = "linux")]
fn advise_huge_pages(ptr: *mut u8, size: usize) {
    // SAFETY: `sysconf` only reads a system constant.
    let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(0);
    if page == 0 {
        return;
    }
    // The whole pages within the allocation (`madvise` takes page-aligned
    // ranges).
    let start = (ptr as usize).next_multiple_of(page);
    let end = (ptr as usize + size) / page * page;
    if end > start {
        // SAFETY: the range lies within one live allocation of ours, and
        // `MADV_HUGEPAGE` changes how its pages are backed, never their
        // contents. Its result is ignored: declined, the advice changes
        // nothing.
        unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
    }
}

impl Bucket {
    /// Asks for the bucket's tags (their first and last cache lines), which
    /// every probe and store reads first.
    fn prefetch_tags(&self) {
        prefetch(&self.tags[0]);
        prefetch(&self.tags[WAYS / 8 - 1]);
    }

    /// The slot of this bucket a new entry takes: an empty one, else an
    /// entry of an older search than `age` (modulo 16), else the one with
    /// the fewest tricks left; among equals, the first from `offset`, a
    /// place that turns with every store (see `TransTable::turn`). Found
    /// eight slots at a time, not by walking the bucket slot by slot: a full
    /// bucket's walk read all 128 bytes one by one, and the store of every
    /// new entry into one paid for it. With it, whether that slot holds an
    /// entry of the current search: then every slot does.
    fn victim(&self, offset: usize, age: u8) -> (usize, bool) {
        if let Some(idx) = first_from(&self.tags, offset, zero_bytes) {
            return (idx, false);
        }
        // Scores below 32: the tricks left, plus 16 for the current search.
        let meta = &self.meta;
        let score = |word: u64| {
            let same = zero_bytes(((word >> 4) & LOWS) ^ (u64::from(age) * ONES));
            (word & LOWS) | (same >> 3)
        };
        let least = meta.iter().map(|word| score(word.get())).fold(!HIGHS, min_bytes);
        let least = min_bytes(least, least >> 32);
        let least = min_bytes(least, least >> 16);
        let least = min_bytes(least, least >> 8) & 0xFF;
        let idx = first_from(meta, offset, |word| zero_bytes(score(word) ^ (least * ONES))).unwrap_or(offset);
        (idx, least >= 16)
    }
}

/// The buckets of a [`TransTable`], which threads can share: probes and
/// stores take it by shared reference. A store locks its bucket by making
/// the bucket's sequence number odd, writes, and makes it even again; a
/// probe reads the number before and after it reads the bucket, and takes
/// nothing from a bucket written meanwhile (a seqlock), so no torn entry
/// is ever read. A store that finds its bucket locked is dropped: the
/// table only saves work. With one thread, the numbers never disagree.
pub(crate) struct Table {
    /// Empty until the first search.
    buckets: Vec<Bucket>,
    /// Per bucket, its sequence number, apart from the buckets (4 bytes
    /// each: a small array that stays in the cache), so the buckets keep
    /// their layout.
    seqs: Vec<Seq>,
    n_buckets: usize,
}

/// A fixed-capacity table; it never allocates past its cap, and replaces
/// the least useful entry of a full bucket (an older search first, then the
/// one with fewest tricks left, cheapest to recompute).
pub(crate) struct TransTable {
    pub table: Table,
    pub local: Local,
}

/// What one thread's searches keep beside a [`Table`], which threads may
/// share: where its stores look for victims, the search's age, and the
/// move order's history and hints.
#[derive(Clone)]
pub(crate) struct Local {
    /// Where the search for a victim starts in a full bucket, moved on at
    /// each store. The patterns of one shape share a bucket and all
    /// have as many tricks left, so a search from the bucket's first slot
    /// replaced the same slot again and again, keeping the rest of the
    /// bucket frozen with the first patterns stored.
    turn: usize,
    pub age: u8,
    /// Per seat and card, how much the card's leads have cut off (the
    /// history heuristic of the search), weighted by the tricks left; halved
    /// at each new search so recent ones count most.
    pub history: [[u32; 64]; 4],
    pub hints: Hints,
}

/// The cut-off hints, macroxue's solver's idea (its cut-off cache): per
/// context of a move, the card that last cut off there after another card
/// had failed, tried early the next time the context comes up. A context
/// is a few facts that say which card is likely best, hashed: for a hand
/// following suit, the cards left of the suit led and the next hand's
/// cards of it, the card winning the trick so far, the leader and the
/// place in the trick, and for a discard or a ruff the hand itself and a
/// little more (see `Search::follow_hint`); for a lead, the hand and a
/// little more (`Search::lead_hint`). A
/// second card per context, with half the bonus, gave no fewer nodes.
/// Each slot holds the context's hash above its low byte and the card in
/// it, so a slot holding another context gives no hint. Only the order
/// depends on a hint, never a result; a collision costs nodes, not
/// correctness.
#[derive(Clone)]
pub(crate) struct Hints {
    slots: Vec<u64>,
    /// `slots` holds 2^bits slots.
    bits: u32,
}

/// The slot of a context, and what the search keeps of it until it knows
/// which card cut off (see [`Hints::get`] and [`Hints::set`]).
#[derive(Clone, Copy)]
pub(crate) struct Hint {
    slot: usize,
    /// The context's hash above the low byte, the card in it; 0 for none
    /// (no card is 0: the ranks start at bit 2 of a suit).
    word: u64,
}

impl Hint {
    /// The card that last cut off in this context, if known.
    pub(crate) fn card(self) -> Option<u8> {
        let card = (self.word & 0xFF) as u8;
        (card != 0).then_some(card)
    }

    /// Adds `bonus` to the score of the hinted card, if it is one of
    /// `moves` (`scores` being theirs); gives the hint back.
    pub(crate) fn promote(self, moves: &[u8], scores: &mut [i32], bonus: i32) -> Hint {
        if let Some(pos) = self.card().and_then(|card| moves.iter().position(|&m| m == card)) {
            scores[pos] += bonus;
        }
        self
    }
}

impl Hints {
    /// A table of at most `max` slots (a power of two, at least 16, at
    /// most [`MAX_HINTS`]).
    fn new(max: usize) -> Hints {
        let len = if max < 16 { 16 } else { (1usize << max.ilog2()).min(MAX_HINTS) };
        Hints { slots: vec![0; len], bits: len.trailing_zeros() }
    }

    fn memory(&self) -> usize {
        self.slots.len() * std::mem::size_of::<u64>()
    }

    fn clear(&mut self) {
        self.slots.fill(0);
    }

    /// The hint of the context `(a, b)`.
    pub(crate) fn get(&self, a: u64, b: u64) -> Hint {
        let h = (a ^ b.wrapping_mul(0xBF58_476D_1CE4_E5B9)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let h = h ^ h >> 31;
        // The top bits pick the slot (`bits` is at most 14), the rest of
        // the hash, mixed again, checks it.
        let slot = (h >> (64 - self.bits)) as usize;
        let check = h.wrapping_mul(0x94D0_49BB_1331_11EB) & !0xFF;
        let word = self.slots[slot];
        Hint { slot, word: if word & !0xFF == check { word } else { check } }
    }

    /// Keeps `card` as the hint of `hint`'s context (after a cut-off).
    pub(crate) fn set(&mut self, hint: Hint, card: u8) {
        self.slots[hint.slot] = (hint.word & !0xFF) | u64::from(card);
    }
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

impl Bounds {
    /// Whether North-South take at least `target` tricks, when these
    /// bounds decide it.
    pub(crate) fn decides(&self, target: u8) -> Option<bool> {
        if self.lower >= target {
            Some(true)
        } else if self.upper < target {
            Some(false)
        } else {
            None
        }
    }
}

impl TransTable {
    /// A table whose entries and hints fit in `memory` bytes; the hints
    /// (128 KiB at most) are allocated now, the buckets at the first search.
    pub(crate) fn new(memory: usize) -> TransTable {
        // A bucket and its sequence number.
        let bucket_bytes = WAYS * SLOT_BYTES + std::mem::size_of::<Seq>();
        // A sixty-fourth of the memory at most for the hints.
        let hints = Hints::new(memory / 64 / std::mem::size_of::<u64>());
        // Any count: the index is scaled from the hash, not masked out of it.
        let n_buckets = (memory.saturating_sub(hints.memory()) / bucket_bytes).max(1);
        let table = Table { buckets: Vec::new(), seqs: Vec::new(), n_buckets };
        TransTable { table, local: Local { turn: 0, age: 0, history: [[0; 64]; 4], hints } }
    }

    /// The bytes the table holds once allocated.
    pub(crate) fn memory(&self) -> usize {
        self.table.n_buckets * (WAYS * SLOT_BYTES + std::mem::size_of::<Seq>()) + self.local.hints.memory()
    }

    /// Forgets every position.
    pub(crate) fn clear(&mut self) {
        self.table.buckets = Vec::new();
        self.table.seqs = Vec::new();
        self.local.age = 0;
        self.local.history = [[0; 64]; 4];
        self.local.hints.clear();
    }

    /// Starts a new top-level search: entries from earlier ones stay valid
    /// but are replaced first.
    pub(crate) fn next_age(&mut self) {
        if self.table.buckets.is_empty() {
            self.table.buckets = empty_buckets(self.table.n_buckets);
            self.table.seqs = (0..self.table.n_buckets).map(|_| Seq::new()).collect();
        }
        self.local.age = self.local.age.wrapping_add(1);
        for seat in &mut self.local.history {
            for value in seat.iter_mut() {
                *value /= 2;
            }
        }
    }
}

impl Local {
    /// Narrows the bounds of the pattern of `key` under `bounds.mask` in
    /// `table` (or stores them): [`Table::store`] in this search's age, its
    /// victim searched from a place that turns with every store.
    pub(crate) fn store(&mut self, table: &Table, key: &Key, tricks: u8, bounds: Bounds, named: u8) {
        let offset = self.turn;
        self.turn = (self.turn + 1) % WAYS;
        table.store(key, tricks, bounds, named, self.age, offset);
    }
}

impl Table {
    /// Asks for the tags of both buckets of `key`, ahead of a probe.
    pub(crate) fn prefetch(&self, key: &Key) {
        for all_tops in [false, true] {
            self.buckets[self.bucket(key, all_tops)].prefetch_tags();
        }
    }

    /// A stored pattern matching `key` whose bounds decide `target`, or
    /// else the last matching one (for its lead): first among the patterns
    /// that leave a suit free, then among those that depend on every suit,
    /// whose lead is the better guess (5% fewer nodes than the other order
    /// on the bench deals). Among the first kind, the one naming the fewest
    /// cards of the first `LOOK_FURTHER` that decide: the cards a hit names
    /// travel up into every ancestor stored, so a narrower one makes those
    /// match more often (on 20 tables 3.8% fewer nodes; the narrowest of all
    /// matches, in both buckets, saved 5.4% but read so many entries that
    /// the search took longer).
    pub(crate) fn probe(&self, key: &Key, target: u8) -> Option<Bounds> {
        let mut res = None;
        let mut deciding = None;
        let mut looked = 0;
        let tag = shape_tag(key.shape);
        // The bucket of the patterns depending on every suit is read when
        // the other one decides nothing: asked for at once, its tags come
        // in while the first bucket is read.
        let places = [self.bucket(key, false), self.bucket(key, true)];
        self.buckets[places[1]].prefetch_tags();
        for (all_tops, idx) in [false, true].into_iter().zip(places) {
            if deciding.is_some() {
                // The patterns leaving a suit free are the narrower ones.
                break;
            }
            // What this bucket gives counts only if no store wrote it
            // meanwhile (`unchanged`); odd, a store is writing it now.
            let seq = self.seqs[idx].begin_read();
            if seq & 1 != 0 {
                continue;
            }
            let unchanged = || self.seqs[idx].unchanged(seq);
            let (found, found_deciding) = (res, deciding);
            let Bucket { tags, filters, entries, .. } = &self.buckets[idx];
            let all_hits = bucket_hits(tags, tag);
            for (half, mut hits) in [(0, all_hits as u64), (64, (all_hits >> 64) as u64)] {
                while hits != 0 {
                    // Below WAYS anyway: the remainder only spares the check.
                    let idx = (half + hits.trailing_zeros() as usize) % WAYS;
                    hits &= hits - 1;
                    let filter = filters[idx].get();
                    if u32::from(key.tops) & (filter >> 16) != filter & 0xFFFF {
                        continue;
                    }
                    // The entry's words read one by one, as far as they
                    // match (the key's planes are 0 in `INFO_FIELD`).
                    let slot = &entries[idx];
                    if slot.word(0) != key.shape {
                        continue;
                    }
                    let (mask, plane0) = (slot.word(1), slot.word(2));
                    if key.plane0 & mask != plane0 {
                        continue;
                    }
                    let entry = Entry { shape: key.shape, mask, plane0, plane1: slot.word(3) };
                    if key.plane1 & mask == entry.plane1() {
                        let bounds = Bounds {
                            lower: entry.lower(),
                            upper: entry.upper(),
                            best: entry.best(),
                            mask: entry.mask(),
                        };
                        if bounds.decides(target).is_some() {
                            // See above for the narrowest deciding pattern.
                            if all_tops {
                                return if unchanged() { Some(bounds) } else { found_deciding.or(found) };
                            }
                            if deciding.is_none_or(|other: Bounds| other.mask.count_ones() > bounds.mask.count_ones()) {
                                deciding = Some(bounds);
                            }
                            looked += 1;
                            if looked == LOOK_FURTHER {
                                return if unchanged() { deciding } else { found_deciding.or(found) };
                            }
                        } else {
                            res = Some(bounds);
                        }
                    }
                }
            }
            if !unchanged() {
                (res, deciding) = (found, found_deciding);
            }
        }
        deciding.or(res)
    }

    /// Narrows the bounds of the pattern of `key` under `bounds.mask` (or stores
    /// them), with the lead that proved them when there is one. `named`
    /// says which of the places `key.tops_at` the mask holds, the `i`th
    /// lowest at bit `i`.
    /// `age` is the search's, `offset` where the victim's search starts.
    ///
    /// A new pattern whose bucket is full of this search's goes to the
    /// key's other bucket (of the patterns leaving a suit free for one
    /// holding every suit's top card, and the other way), taking its victim
    /// there whatever it is (when that bucket is full of this search's
    /// too, its entry with the fewest tricks left): the probe reads both
    /// buckets, and a pattern matches by its cards wherever it lies. A bucket holds one shape's
    /// patterns with the same owners of the tops, or all of a shape's
    /// patterns leaving a suit free, so a long search fills some while
    /// others stay empty. With wasm's 64 ways (`leads`, `tables`, `MB=16`,
    /// natively with `WAYS` 64): the 200 positions of solve-board.jsonl in
    /// the file's order, as the pool bench asks them, 24.47 M nodes
    /// against 24.92 M, line 15 1.29 M against 1.48 M; the 100 opening
    /// leads 22.77 M against 23.02 M; 60 bench tables 43.98 M against 44.11
    /// M. With 128 ways, natively, 24.29 M against 24.53 M, the leads −0.5%,
    /// the tables −0.3% and (deals 100 to 139) +0.5%, mid-play the same.
    pub(crate) fn store(&self, key: &Key, tricks: u8, bounds: Bounds, named: u8, age: u8, offset: usize) {
        let mask = bounds.mask;
        debug_assert_eq!((mask | key.plane0 | key.plane1) & INFO_FIELD, 0, "cards in the info field");
        let all_tops = key.select & !mask == 0;
        for (idx, spill) in [(self.bucket(key, all_tops), true), (self.bucket(key, !all_tops), false)] {
            // The bucket's lock: its sequence number made odd, or no store.
            let seq = &self.seqs[idx];
            let Some(before) = seq.lock() else { return };
            let written = self.write(idx, key, tricks, bounds, named, age, offset, spill);
            seq.unlock(before);
            if written {
                return;
            }
        }
    }

    /// [`Table::store`]'s writes, with bucket `idx` locked: whether they
    /// were made. With `spill`, a new pattern that would replace one of this
    /// search's (the bucket is full of them) is not written.
    #[allow(clippy::too_many_arguments)]
    fn write(
        &self,
        idx: usize,
        key: &Key,
        tricks: u8,
        bounds: Bounds,
        named: u8,
        age: u8,
        offset: usize,
        spill: bool,
    ) -> bool {
        let Bounds { lower, upper, best, mask } = bounds;
        let meta = (age & 15) << 4 | tricks;
        let plane0 = key.plane0 & mask;
        let plane1 = key.plane1 & mask;
        let tag = shape_tag(key.shape);
        // The bits of `key.tops` the pattern fixes, in both bytes.
        let named = u32::from(named) * 0x0101;
        let filter = named << 16 | (u32::from(key.tops) & named);
        // The slot a new entry would take, found first so that its line
        // comes in while the bucket is searched for the pattern.
        let bucket = &self.buckets[idx];
        let (victim, taken) = bucket.victim(offset, meta >> 4);
        // A full bucket passes the pattern on (with `spill`), so its
        // victim's line is not asked for.
        let passes_on = spill && taken;
        if !passes_on {
            prefetch(&bucket.entries[victim]);
        }
        // As in the probe, a loop over the hits of the bucket's tags.
        let all_hits = bucket_hits(&bucket.tags, tag);
        for (half, mut hits) in [(0, all_hits as u64), (64, (all_hits >> 64) as u64)] {
            while hits != 0 {
                let slot = (half + hits.trailing_zeros() as usize) % WAYS;
                hits &= hits - 1;
                if bucket.filters[slot].get() != filter {
                    continue;
                }
                let mut entry = bucket.entries[slot].read();
                if entry.mask() == mask
                    && entry.plane0 == plane0
                    && entry.plane1() == plane1
                    && entry.shape == key.shape
                {
                    let bounds = entry.lower().max(lower) | entry.upper().min(upper) << 4;
                    entry.set_info(bounds, if best == NO_MOVE { entry.best() } else { best });
                    bucket.entries[slot].write(entry);
                    set_byte(&bucket.meta, slot, meta);
                    return true;
                }
            }
        }
        if passes_on {
            return false;
        }
        bucket.entries[victim].write(Entry::new(key.shape, mask, plane0, plane1, lower | upper << 4, best));
        bucket.filters[victim].set(filter);
        set_byte(&bucket.tags, victim, tag);
        set_byte(&bucket.meta, victim, meta);
        true
    }

    /// The bucket of `key`'s patterns: those holding every
    /// suit's top card (`all_tops`) spread over the owners of the tops; the
    /// others, which leave a suit free, share one bucket per shape, so they
    /// match whoever holds the tops of their free suits.
    fn bucket(&self, key: &Key, all_tops: bool) -> usize {
        let select = if all_tops { key.select } else { TRUMP_FIELD };
        let owners = (key.plane0 & select) ^ (key.plane1 & select).rotate_left(23);
        let hash = (key.shape ^ owners.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let hash = hash ^ (hash >> 29);
        scale(hash, self.n_buckets)
    }
}

/// The high half of `hash * n`, which is below `n`: one instruction on
/// x86-64.
#[cfg(target_pointer_width = "64")]
fn scale(hash: u64, n: usize) -> usize {
    ((u128::from(hash) * n as u128) >> 64) as usize
}

/// The high half of `hash * n`, which is below `n`, from two 64-bit
/// products (`n` fits in 32 bits here): 32-bit wasm has no 128-bit
/// product, and the library call standing for it (`__multi3`) took 0.9%
/// of the time there.
#[cfg(not(target_pointer_width = "64"))]
fn scale(hash: u64, n: usize) -> usize {
    let n = n as u64;
    // Below 2^64: each product of two numbers below 2^32.
    let high = (hash >> 32) * n + (((hash & 0xFFFF_FFFF) * n) >> 32);
    (high >> 32) as usize
}

/// Asks the processor for the cache line holding `value`, without waiting
/// for it (on x86-64; elsewhere nothing). A line to be written is asked
/// for the same way: the hint to write (PREFETCHW) needs a target feature
/// the portable build does not enable, and compiles to this one anyway.
#[inline]
fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: SSE is part of the x86-64 baseline, and a prefetch only
        // hints: it reads nothing the program sees and never faults.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(value).cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// Where the key's first plane holds the trump suit.
const TRUMP_FIELD: u64 = 0x7 << 60;

/// The tag of a shape: 8 bits of its hash, never 0.
fn shape_tag(shape: u64) -> u8 {
    (shape.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> 56) as u8 | 1
}

/// The slots of a bucket whose tag may be `tag`, one bit per slot: with
/// SSE2, part of every x86-64 processor, 16 tags at a time, exactly;
/// elsewhere (wasm) eight at a time in a word (`word_hits`). One mask for
/// the whole bucket, walked in two 64-bit halves: a walk per run of tags
/// ended eight or sixteen times, and those ends were a sixth of the
/// search's mispredicted branches; one walk of all 128 bits mispredicted
/// 5% less than the halves but took 4% more instructions per table.
#[inline]
fn bucket_hits(tags: &[W64; WAYS / 8], tag: u8) -> u128 {
    #[cfg(target_arch = "x86_64")]
    return sse2_hits(tags, tag);
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return simd128_hits(tags, tag);
    #[cfg(not(any(target_arch = "x86_64", all(target_arch = "wasm32", target_feature = "simd128"))))]
    return word_hits(tags, tag);
}

/// [`bucket_hits`] with wasm's SIMD, exactly: the thread pool's build
/// (`solver-mt`; where a browser with threads lacks SIMD, Safari 15.2 to
/// 16.3, the one-thread worker, built without it, runs instead).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline]
fn simd128_hits(tags: &[W64; WAYS / 8], tag: u8) -> u128 {
    use std::arch::wasm32::{i8x16_bitmask, i8x16_eq, u64x2, u8x16_splat};

    let needle = u8x16_splat(tag);
    let mut res = 0;
    for (idx, pair) in tags.chunks_exact(2).enumerate() {
        let mask = i8x16_bitmask(i8x16_eq(u64x2(pair[0].get(), pair[1].get()), needle));
        res |= u128::from(mask) << (16 * idx);
    }
    res
}

/// [`bucket_hits`] with SSE2, exactly.
#[cfg(target_arch = "x86_64")]
#[inline]
fn sse2_hits(tags: &[W64; WAYS / 8], tag: u8) -> u128 {
    use std::arch::x86_64::{_mm_cmpeq_epi8, _mm_movemask_epi8, _mm_set1_epi8, _mm_set_epi64x};

    let mut res = 0;
    for (idx, pair) in tags.chunks_exact(2).enumerate() {
        let word = |idx: usize| pair[idx].get() as i64;
        // SAFETY: SSE2 is part of the x86-64 baseline, so these instructions
        // exist on every processor this code runs on; they touch no memory.
        let mask = unsafe {
            let chunk = _mm_set_epi64x(word(1), word(0));
            _mm_movemask_epi8(_mm_cmpeq_epi8(chunk, _mm_set1_epi8(tag as i8)))
        };
        // The mask holds 16 bits.
        res |= u128::from(mask as u16) << (16 * idx);
    }
    res
}

/// [`bucket_hits`] eight tags at a time, by the zero-byte test on their
/// difference with `tag`. A borrow can mark a byte above a true match as
/// well; the callers compare the shapes anyway, so such a false match only
/// costs a look.
#[cfg_attr(
    all(any(target_arch = "x86_64", all(target_arch = "wasm32", target_feature = "simd128")), not(test)),
    allow(dead_code)
)]
fn word_hits(tags: &[W64; WAYS / 8], tag: u8) -> u128 {
    let mut res = 0;
    for (idx, word) in tags.iter().enumerate() {
        let diff = word.get() ^ (u64::from(tag) * ONES);
        let high_bits = diff.wrapping_sub(ONES) & !diff & HIGHS;
        // The high bit of byte i moves to bit 56 + i, then down to bit i.
        let bits = ((high_bits >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56;
        res |= u128::from(bits) << (8 * idx);
    }
    res
}

/// A byte of ones in every byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of every byte.
const HIGHS: u64 = 0x8080_8080_8080_8080;
/// The low nibble of every byte.
const LOWS: u64 = 0x0F0F_0F0F_0F0F_0F0F;

/// The high bit of each zero byte of `word`, exactly (unlike `word_hits`,
/// no borrow marks the byte above a zero one).
fn zero_bytes(word: u64) -> u64 {
    !(((word & !HIGHS) + !HIGHS) | word) & HIGHS
}

/// The lesser of each pair of bytes of `a` and `b`, which must all be
/// below 128.
fn min_bytes(a: u64, b: u64) -> u64 {
    let b_not_above = (((a | HIGHS) - b) & HIGHS) >> 7;
    let take_b = b_not_above * 0xFF;
    (b & take_b) | (a & !take_b)
}

/// The first slot of a bucket from `offset` on, wrapping around, whose
/// byte in `bytes` (eight to a word, the first slot lowest) `marks` flags
/// with its high bit, eight bytes at a time.
fn first_from(bytes: &[W64], offset: usize, marks: impl Fn(u64) -> u64) -> Option<usize> {
    let first_word = offset / 8;
    // The bytes of the first word from the offset on, then the next words,
    // then the first word's bytes below the offset.
    let above = !0u64 << (8 * (offset % 8));
    let words = bytes.len();
    (0..=words).find_map(|step| {
        let word_idx = (first_word + step) % words;
        let word = bytes[word_idx].get();
        let keep = match step {
            0 => above,
            _ if step == words => !above,
            _ => !0,
        };
        let flags = marks(word) & keep;
        (flags != 0).then(|| 8 * word_idx + flags.trailing_zeros() as usize / 8)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bucket's hits: every slot holding the tag, and with eight tags a
    /// word (wasm) at most slots above such a slot in its word; with SSE2
    /// (or wasm's SIMD) exactly those slots.
    #[test]
    fn bucket_hits_find_every_matching_tag() {
        let mut next = crate::xorshift(0x0123_4567_89AB_CDEF);
        for _ in 0..5000 {
            let tag = (next() % 8) as u8 | 1;
            // Few distinct tags, so that most words hold a match or a near one.
            let tags: [u8; WAYS] = std::array::from_fn(|_| (next() % 10) as u8);
            let packed = packed(&tags);
            let exact = (0..WAYS).fold(0u128, |res, idx| res | u128::from(tags[idx] == tag) << idx);
            let words = word_hits(&packed, tag);
            assert_eq!(words & exact, exact, "a matching slot missed");
            for idx in (0..WAYS).filter(|idx| (words & !exact) >> idx & 1 != 0) {
                let word = idx / 8 * 8;
                assert!((word..idx).any(|below| tags[below] == tag), "a false match with no true one below it");
            }
            #[cfg(target_arch = "x86_64")]
            assert_eq!(sse2_hits(&packed, tag), exact);
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            assert_eq!(simd128_hits(&packed, tag), exact);
        }
    }

    /// `bytes` eight to a word, the first lowest, as a bucket keeps them.
    fn packed(bytes: &[u8; WAYS]) -> [W64; WAYS / 8] {
        std::array::from_fn(|idx| {
            let mut word = [0u8; 8];
            word.copy_from_slice(&bytes[8 * idx..8 * idx + 8]);
            W64::new(u64::from_le_bytes(word))
        })
    }

    /// Threads storing and probing the same few buckets at once never read
    /// a pattern with another pattern's bounds: each pattern here always
    /// has the same bounds, and a probe's answer must be its key's own.
    /// With the sequence numbers' checks taken out, it failed in each of
    /// three runs (a probe read one entry's bounds under another's
    /// planes): in the unit tests a writer yields between an entry's words,
    /// and 160 patterns a shape keep most patterns in their bucket while
    /// stores replace the others.
    #[test]
    fn threads_never_read_a_torn_entry() {
        // The pattern `id`: its own planes under a common mask, so that a
        // key matches no other pattern, and bounds of its own.
        let key =
            |id: u64| Key { shape: id % 4 + 1, plane0: id, plane1: (id * 7) & 0xFFFF, select: 0, tops_at: 0, tops: 0 };
        let bounds =
            |id: u64| Bounds { lower: (id % 8) as u8, upper: (id % 8) as u8 + 4, best: (id % 50) as u8, mask: 0xFFFF };
        // A dozen buckets, so that stores keep replacing what others read.
        let mut tt = TransTable::new(64 << 10);
        tt.next_age();
        let table = &tt.table;
        std::thread::scope(|scope| {
            for thread in 0..4 {
                scope.spawn(move || {
                    let mut next = crate::xorshift(0x5EED_0000 + thread);
                    for _ in 0..1_000_000 {
                        let id = next() % 640;
                        if next().is_multiple_of(2) {
                            table.store(&key(id), 7, bounds(id), 0, 1, (next() % WAYS as u64) as usize);
                        } else if let Some(found) = table.probe(&key(id), 13) {
                            let expected = bounds(id);
                            assert_eq!(
                                (found.lower, found.upper, found.best, found.mask),
                                (expected.lower, expected.upper, expected.best, expected.mask),
                                "pattern {id}"
                            );
                        }
                    }
                });
            }
        });
    }

    /// A probe takes nothing from a bucket that a store is writing (its
    /// sequence number odd), and a store into such a bucket is dropped.
    #[test]
    fn a_bucket_being_written_is_neither_read_nor_written_again() {
        let key = Key { shape: 5, plane0: 9, plane1: 3, select: 0, tops_at: 0, tops: 0 };
        let other = Key { plane0: 10, ..key };
        let bounds = Bounds { lower: 4, upper: 9, best: 7, mask: 0xFF };
        let mut tt = TransTable::new(1 << 20);
        tt.next_age();
        let table = &tt.table;
        table.store(&key, 9, bounds, 0, 1, 0);
        assert_eq!(table.probe(&key, 4).map(|found| found.lower), Some(4));
        // Both buckets of a key with no top card named are the same here.
        let idx = table.bucket(&key, true);
        assert_eq!(table.bucket(&key, false), idx);
        table.seqs[idx].bump();
        assert!(table.probe(&key, 4).is_none(), "read while written");
        table.store(&other, 9, bounds, 0, 1, 0);
        table.seqs[idx].bump();
        assert_eq!(table.probe(&key, 4).map(|found| found.lower), Some(4));
        assert!(table.probe(&other, 4).is_none(), "stored while written");
        table.store(&other, 9, bounds, 0, 1, 0);
        assert_eq!(table.probe(&other, 4).map(|found| found.lower), Some(4));
    }

    /// A bucket full of this search's patterns passes a new one to the
    /// key's other bucket, where the probe finds it: of the patterns holding
    /// every suit's top card, and of those leaving a suit free.
    #[test]
    fn a_full_bucket_passes_new_patterns_to_the_other() {
        // One top card (bit 20), held by the same seat in every key, so
        // that each family's patterns share a bucket; the keys differ below.
        const TOP: u64 = 1 << 20;
        let key = |id: u64| Key { shape: 5, plane0: id | TOP, plane1: id >> 3, select: TOP, tops_at: TOP, tops: 0 };
        let bounds = |mask: u64| Bounds { lower: 3, upper: 3, best: NO_MOVE, mask };
        for mask in [0x1F_FFFF, 0xF_FFFF] {
            let mut tt = TransTable::new(1 << 20);
            tt.next_age();
            let table = &tt.table;
            let all_tops = mask & TOP != 0;
            assert_ne!(table.bucket(&key(0), all_tops), table.bucket(&key(0), !all_tops));
            let ids = 0..WAYS as u64 + 10;
            for id in ids.clone() {
                table.store(&key(id), 7, bounds(mask), 0, tt.local.age, 0);
            }
            for id in ids {
                let found = table.probe(&key(id), 3).map(|found| (found.lower, found.mask));
                assert_eq!(found, Some((3, mask)), "pattern {id} of mask {mask:#x}");
            }
            // More patterns, their own bucket still full: each goes to the
            // other bucket too, and is found.
            let more = WAYS as u64 * 2;
            for id in more..more + 5 {
                table.store(&key(id), 7, bounds(mask), 0, tt.local.age, 0);
                assert!(table.probe(&key(id), 3).is_some(), "pattern {id} of mask {mask:#x}");
            }
        }
    }

    /// A hint gives back the card last kept for its own context, or none:
    /// never the card of another context sharing its slot.
    #[test]
    fn hints_keep_a_card_per_context() {
        let mut hints = Hints::new(64);
        let mut next = crate::xorshift(0x0F1E_2D3C_4B5A_6978);
        let contexts: Vec<(u64, u64, u8)> =
            (0..500).map(|_| (next(), next() % 4096, (next() % 62) as u8 + 2)).collect();
        for &(a, b, _) in &contexts {
            assert_eq!(hints.get(a, b).card(), None, "a hint before any was kept");
        }
        for &(a, b, card) in &contexts {
            let hint = hints.get(a, b);
            hints.set(hint, card);
            assert_eq!(hints.get(a, b).card(), Some(card));
        }
        // 64 slots for 500 contexts: most were replaced since.
        let mut kept = 0;
        for &(a, b, card) in &contexts {
            if let Some(found) = hints.get(a, b).card() {
                assert_eq!(found, card, "another context's card");
                kept += 1;
            }
        }
        assert!((1..=64).contains(&kept), "{kept} contexts kept in 64 slots");
        hints.clear();
        assert!(contexts.iter().all(|&(a, b, _)| hints.get(a, b).card().is_none()));
    }

    /// The buckets and the hints together stay within the memory cap.
    #[test]
    fn the_table_keeps_within_its_cap() {
        for cap in [64 << 20, 4 << 20, 1 << 20, 100_000] {
            let table = TransTable::new(cap);
            assert!(table.memory() <= cap, "{} bytes for a cap of {cap}", table.memory());
            assert!(table.local.hints.memory() <= cap / 64);
        }
        assert_eq!(TransTable::new(64 << 20).local.hints.memory(), MAX_HINTS * 8);
    }

    /// The victim found eight slots at a time is the one of a slot-by-slot
    /// walk from the offset, in full buckets and in ones with holes.
    #[test]
    fn victim_matches_a_walk() {
        let buckets = empty_buckets(1);
        let bucket = &buckets[0];
        let mut next = crate::xorshift(0x1234_5678_9ABC_DEF1);
        for round in 0..2000 {
            let age = (next() % 16) as u8;
            for idx in 0..WAYS {
                let value = next();
                // Mostly full buckets, some with a few holes.
                let tag = if round % 2 == 0 || !value.is_multiple_of(64) { (value >> 8) as u8 | 1 } else { 0 };
                set_byte(&bucket.tags, idx, tag);
                set_byte(&bucket.meta, idx, ((value >> 16) % 16) as u8 * 16 + ((value >> 24) % 14) as u8);
            }
            let offset = (next() % WAYS as u64) as usize;
            let mut expected = 0;
            let mut best = u32::MAX;
            for step in 0..WAYS {
                let idx = (offset + step) % WAYS;
                if byte_of(&bucket.tags, idx) == 0 {
                    expected = idx;
                    best = 0;
                    break;
                }
                let slot_meta = byte_of(&bucket.meta, idx);
                let score = (u32::from(slot_meta >> 4 == age) << 8) | u32::from(slot_meta & 15);
                if score < best {
                    expected = idx;
                    best = score;
                }
            }
            // Taken by the current search: its score's age bit.
            assert_eq!(bucket.victim(offset, age), (expected, best >= 1 << 8));
        }
    }
}
