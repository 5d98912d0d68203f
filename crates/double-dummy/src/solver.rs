//! The solver: a transposition table kept between calls, and the questions
//! asked of it (a position's value, every card's value, a deal's table).

use bridge::{Card, Deal, Rank, Seat, Strain, Suit};

use crate::search::{Search, TrickCards, NOTRUMP};
use crate::tt::TransTable;
use crate::{DdTable, Position, PositionError};

/// The memory cap of [`Solver::new`]: 64 MiB.
pub const DEFAULT_MEMORY: usize = 64 << 20;

/// A double-dummy solver. Its transposition table survives between calls,
/// so successive positions of one play and the solves of one table share
/// work; it is allocated at the first solve and never grows past its cap.
pub struct Solver {
    tt: TransTable,
    nodes: u64,
    #[cfg(feature = "profiling")]
    stats: crate::Stats,
}

/// The value of one card: the tricks the side of the player to play takes
/// from the current trick on when that card is played now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardValue {
    pub card: Card,
    pub tricks: u8,
}

/// Threads to run one job on at once: what [`Solver::analyse_on`] needs of
/// a thread pool. [`ScopedThreads`] natively; the browser's pool worker
/// (`solver-mt`) runs it on its rayon threads.
pub trait Threads {
    /// Runs `job` on each thread at once (at least one) and returns when
    /// every run has returned. A job's panic reaches the caller.
    fn run(&self, job: &(dyn Fn() + Sync));
}

/// That many native threads, started for each job and joined after it.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub struct ScopedThreads(pub usize);

#[cfg(not(target_arch = "wasm32"))]
impl Threads for ScopedThreads {
    fn run(&self, job: &(dyn Fn() + Sync)) {
        std::thread::scope(|scope| {
            let runs: Vec<_> = (0..self.0.max(1)).map(|_| scope.spawn(job)).collect();
            for run in runs {
                run.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            }
        });
    }
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver using at most [`DEFAULT_MEMORY`] bytes for its table.
    #[must_use]
    pub fn new() -> Solver {
        Solver::with_memory(DEFAULT_MEMORY)
    }

    /// A solver whose table uses at most `bytes` (a few hundred bytes at least).
    #[must_use]
    pub fn with_memory(bytes: usize) -> Solver {
        Solver {
            tt: TransTable::new(bytes),
            nodes: 0,
            #[cfg(feature = "profiling")]
            stats: crate::Stats::default(),
        }
    }

    /// The bytes the table takes once allocated (never more than the cap).
    #[must_use]
    pub fn memory(&self) -> usize {
        self.tt.memory()
    }

    /// The search nodes visited since the solver was made: a measure of work.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Where the trick starts of every search so far went.
    #[cfg(feature = "profiling")]
    #[must_use]
    pub fn stats(&self) -> crate::Stats {
        self.stats
    }

    /// Forgets every stored position and frees the table.
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// The tricks the side to play takes from here, the current trick
    /// included, with best play by both sides.
    pub fn solve(&mut self, position: &Position) -> u8 {
        let n_tricks = tricks_u8(position.tricks_left());
        let ns = self.ns_tricks(position, first_guess(position));
        from_ns(position.to_play(), n_tricks, ns)
    }

    /// The value of every legal card of the player to play, equivalent cards
    /// included, sorted by suit (spades first) and then rank from the ace.
    ///
    /// Each group of equivalent cards is solved exactly by null-window tests
    /// from the best value found so far: two tests for a card that reaches
    /// it or falls one trick short. Finding the position's value first and
    /// then testing each group at it and lower (as `best_cards` tests at it)
    /// took 6% more nodes on the opening leads of solve-board.jsonl. The
    /// groups go in the search's move order (see below).
    pub fn analyse(&mut self, position: &Position) -> Vec<CardValue> {
        self.analyse_knowing(position, None)
    }

    /// [`Solver::analyse`] when the position's value (what [`Solver::solve`]
    /// answers) is known, as it is in a game once the position before was
    /// solved: each group is tested at that value and below, never above,
    /// so a card that reaches it takes one test, not two. On the 100
    /// opening leads of solve-board.jsonl 23% fewer nodes than `analyse`,
    /// mid-play 34% fewer. A `value` too high costs time only; one too low
    /// caps every card's value at it. Without a value, `analyse` itself.
    pub fn analyse_knowing(&mut self, position: &Position, value: Option<u8>) -> Vec<CardValue> {
        let player = position.to_play();
        let n_tricks = tricks_u8(position.tricks_left());
        let ns_player = player.index() & 1 == 0;
        let bounds = ns_bounds(ns_player, n_tricks, value);
        let mut guess =
            value.map_or_else(|| cards_first_guess(position), |value| ns_target(ns_player, n_tricks, value));
        let mut valued = Vec::new();
        let mut best = value.unwrap_or(0);
        self.with_search(position, |search, leader, trick, count| {
            // One card per group of equivalent cards, in the search's move
            // order: the likely best card first, so that its value, the guess
            // of every later group, is right for most of them (1.3% fewer
            // nodes at the 100 opening leads of solve-board.jsonl and 1.8%
            // mid-play than from the ace of spades down).
            for &top in &search.ordered_moves(leader, trick, count) {
                let ns = search.ns_tricks_after(leader, trick, count, top, guess, bounds);
                let value = from_ns(player, n_tricks, ns);
                best = best.max(value);
                // The next group's first test asks whether it reaches the
                // best value so far: most cards do, and most others fall
                // one trick short, two tests each. (Testing East-West's
                // cards first at North-South's side of it, one trick
                // lower, took a third test for each card one trick short:
                // 1.6% more nodes at the 100 opening leads of
                // solve-board.jsonl, 0.6% fewer mid-play.)
                guess = ns_target(ns_player, n_tricks, best);
                valued.push((top, value));
            }
        });
        card_values(position, &valued)
    }

    /// [`Solver::analyse`] on `threads` native threads: [`Solver::analyse_on`]
    /// with [`ScopedThreads`].
    ///
    /// On this machine's two cores, over the 100 opening leads of
    /// solve-board.jsonl, two threads took 0.65 to 0.70 of one thread's
    /// time for 17% more nodes (the bench prints it); mid-play 0.88. With a
    /// table each instead, an earlier trial took 0.79.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn analyse_on_threads(&mut self, position: &Position, threads: usize) -> Vec<CardValue> {
        self.analyse_on(position, None, &ScopedThreads(threads))
    }

    /// [`Solver::analyse`] with its groups of equivalent cards dealt, in the
    /// same order, to whichever thread of `threads` is free, except that a
    /// group waits while another of its suit is being valued and a group of
    /// another suit is left (see `Claims::take`). The threads
    /// share this solver's table (its buckets take concurrent probes and
    /// stores, see `tt::Table`), so each uses what the others proved; each
    /// has its own copy of the move order's history and hints. A group's
    /// first test asks for the best value known so far, or starts at the
    /// estimate while none is. A thread that finds no group left to start
    /// helps with one still being valued: it values the same card from the
    /// test its owner will likely need next (one trick more for the
    /// player), so the two tests run side by side, each finding the other's
    /// bounds in the table; the first to finish gives the value and stops
    /// the other's search, which then stores nothing. The history and
    /// hints of the thread that searched most are kept for the next call,
    /// as `analyse` keeps its own (the pool's advice p99 in Chromium 229 to
    /// 241 ms instead of 305 to 326, its threads' searches having started
    /// every call from the solver's first ones). The same values as
    /// `analyse`: only the work differs. With the position's `value`, as
    /// [`Solver::analyse_knowing`]: every test at that value or below, the
    /// helpers' too. Natively, and in wasm built with
    /// atomics (the thread pool's worker, `solver-mt`). The `profiling`
    /// counts leave these threads' searches out.
    #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
    pub fn analyse_on(&mut self, position: &Position, value: Option<u8>, threads: &impl Threads) -> Vec<CardValue> {
        let valued = self.value_groups_on(position, value, threads, Groups::Exact);
        card_values(position, &valued)
    }

    /// [`Solver::best_cards_knowing`] on `threads`, as
    /// [`Solver::analyse_on`] values the cards on them, except that a group
    /// is valued only as far as the best value known when its owner takes
    /// it: a group that does not reach it is not a best card, whatever its
    /// value. With the position's value `known`, one test per group at it.
    /// The same answer as `best_cards_knowing`, for more nodes than it on
    /// one thread (the position's value is not searched first), but on two
    /// the robots' cards come sooner: see `TUNING.md`, 4 December 2026,
    /// afternoon.
    #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
    pub fn best_cards_on(&mut self, position: &Position, known: Option<u8>, threads: &impl Threads) -> (u8, Vec<Card>) {
        let valued = self.value_groups_on(position, known, threads, Groups::Best);
        let best = valued.iter().map(|&(_, value)| value).max().unwrap_or(0);
        if known.is_some_and(|known| best < known) {
            // No card reaches the value given: it was too high.
            return self.best_cards_on(position, None, threads);
        }
        let cards = card_values(position, &valued).into_iter().filter(|value| value.tricks == best);
        (best, cards.map(|value| value.card).collect())
    }

    /// Each group of equivalent cards of `position` (its top card, in the
    /// search's move order) with its value, found on `threads` as
    /// [`Solver::analyse_on`] says; with [`Groups::Best`] a group's value
    /// below the best known when its owner took it is only known to be
    /// below, and given as one less than that best.
    #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
    fn value_groups_on(
        &mut self,
        position: &Position,
        value: Option<u8>,
        threads: &impl Threads,
        groups: Groups,
    ) -> Vec<(u8, u8)> {
        use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicU8, AtomicUsize, Ordering};
        use std::sync::{Mutex, PoisonError};

        /// A group's value while nobody has given it.
        const UNKNOWN: u8 = u8::MAX;

        let player = position.to_play();
        let n_tricks = tricks_u8(position.tricks_left());
        let ns_player = player.index() & 1 == 0;
        let bounds = ns_bounds(ns_player, n_tricks, value);
        let estimate = cards_first_guess(position);
        self.tt.next_age();
        let (hands, trump, leader, trick, count) = parts(position);
        let order = Search::new(hands, trump, &mut self.tt).ordered_moves(leader, trick, count);
        let best = AtomicU8::new(value.unwrap_or(0));
        let known = AtomicBool::new(value.is_some());
        let nodes = AtomicU64::new(0);
        // Which groups are taken, and of which suits some are being valued.
        let claims = Claims::new(&order);
        // Per group: its value once given, the first guess of its owner and
        // the value below which it is not valued (with `Groups::Best`), its
        // helpers so far, and whether its searches should give up.
        let values: Vec<AtomicU8> = order.iter().map(|_| AtomicU8::new(UNKNOWN)).collect();
        let guesses: Vec<AtomicI32> = order.iter().map(|_| AtomicI32::new(estimate)).collect();
        let floors: Vec<AtomicU8> = order.iter().map(|_| AtomicU8::new(0)).collect();
        let helpers: Vec<AtomicUsize> = order.iter().map(|_| AtomicUsize::new(0)).collect();
        let stops: Vec<AtomicBool> = order.iter().map(|_| AtomicBool::new(false)).collect();
        // One trick more for the player, in North-South's tricks.
        let up = if ns_player { 1 } else { -1 };
        // The history and hints of the thread that searched most, kept for
        // the next call as `analyse` keeps its own.
        let kept = Mutex::new(None);
        let (table, local) = (&self.tt.table, &self.tt.local);
        let job = || {
            let mut local = local.clone();
            let mut search = Search::shared(hands, trump, table, &mut local);
            loop {
                let owned = claims.take();
                let helped = if owned.is_some() {
                    None
                } else {
                    (0..order.len()).find(|&idx| values[idx].load(Ordering::Acquire) == UNKNOWN)
                };
                let (idx, guess) = if let Some(idx) = owned {
                    let guess = if known.load(Ordering::Relaxed) {
                        let best = best.load(Ordering::Relaxed);
                        if groups == Groups::Best {
                            floors[idx].store(best, Ordering::Relaxed);
                        }
                        ns_target(ns_player, n_tricks, best)
                    } else {
                        estimate
                    };
                    guesses[idx].store(guess, Ordering::Relaxed);
                    (idx, guess)
                } else if let Some(idx) = helped {
                    // Help the first group still being valued, the first
                    // helper from one trick more for the player than its
                    // owner's first test, the next from one fewer, then two
                    // more, and so on; when the position's value is known,
                    // only fewer (nothing is above it); for the best cards
                    // only more (nothing below the owner's first test is
                    // valued).
                    let helper = helpers[idx].fetch_add(1, Ordering::Relaxed);
                    let away = i32::try_from(helper / 2 + 1).unwrap_or(i32::MAX);
                    let further = i32::try_from(helper + 1).unwrap_or(i32::MAX);
                    let step = match (groups, value) {
                        (Groups::Best, _) => further * up,
                        (Groups::Exact, Some(_)) => -further * up,
                        (Groups::Exact, None) if helper.is_multiple_of(2) => away * up,
                        (Groups::Exact, None) => -away * up,
                    };
                    (idx, guesses[idx].load(Ordering::Relaxed).saturating_add(step))
                } else {
                    break;
                };
                search.stop_when(Some(&stops[idx]));
                let floor = floors[idx].load(Ordering::Relaxed);
                let bounds = floor_bounds(ns_player, n_tricks, bounds, floor);
                let ns = search.ns_tricks_after(leader, trick, count, order[idx], guess, bounds);
                if owned.is_some() {
                    claims.done(idx);
                }
                if search.stopped() {
                    // Another search gave this group's value first.
                    continue;
                }
                let value = from_ns(player, n_tricks, ns);
                // The value before the stop, so that a search stopped sees it.
                values[idx].store(value, Ordering::Release);
                stops[idx].store(true, Ordering::Release);
                best.fetch_max(value, Ordering::Relaxed);
                known.store(true, Ordering::Relaxed);
            }
            let searched = search.nodes;
            nodes.fetch_add(searched, Ordering::Relaxed);
            let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
            if kept.as_ref().is_none_or(|(most, _)| searched > *most) {
                *kept = Some((searched, local));
            }
        };
        threads.run(&job);
        if let Some((_, local)) = kept.into_inner().unwrap_or_else(PoisonError::into_inner) {
            self.tt.local = local;
        }
        self.nodes += nodes.into_inner();
        // Every group has its value: a thread leaves only when none is
        // unknown, and `run` returns once every thread has.
        let valued: Vec<(u8, u8)> =
            order.iter().zip(&values).map(|(&top, value)| (top, value.load(Ordering::Relaxed))).collect();
        debug_assert!(valued.iter().all(|&(_, value)| value != UNKNOWN), "every group valued");
        valued
    }

    /// The position's value (the tricks the side to play takes from here,
    /// as [`Solver::solve`] answers) and the cards that reach it, sorted as
    /// [`Solver::analyse`] sorts them: exactly the cards `analyse` values
    /// at the maximum, proven with one null-window test per group of
    /// equivalent cards instead of each card's exact value. What a robot
    /// needs to pick a best card.
    pub fn best_cards(&mut self, position: &Position) -> (u8, Vec<Card>) {
        self.best_cards_knowing(position, None)
    }

    /// [`Solver::best_cards`] when the position's value is known, as in
    /// [`Solver::analyse_knowing`]: one test per group at that value, and
    /// no search for the value itself (on the 100 opening leads of
    /// solve-board.jsonl 29% fewer nodes than `best_cards`, mid-play 42%
    /// fewer). When no card reaches `known`, it was too high and the answer
    /// is `best_cards`'s; one too low makes every card that reaches it a
    /// best card. Without a value, `best_cards` itself.
    pub fn best_cards_knowing(&mut self, position: &Position, known: Option<u8>) -> (u8, Vec<Card>) {
        let player = position.to_play();
        let n_tricks = tricks_u8(position.tricks_left());
        let ns_player = player.index() & 1 == 0;
        let others = others(position);
        let hand = position.hands()[player].bits();
        let guess = cards_first_guess(position);
        let found = self.with_search(position, |search, leader, trick, count| {
            let moves = search.ordered_moves(leader, trick, count);
            let value =
                known.unwrap_or_else(|| from_ns(player, n_tricks, search.ns_tricks(leader, trick, count, guess)));
            let target = ns_target(ns_player, n_tricks, value);
            let mut best = 0u64;
            for &top in &moves {
                // A lone group reaches the value found; a value given is
                // tested.
                let alone = moves.len() == 1 && known.is_none();
                let reaches = alone || search.test_after(leader, trick, count, top, target) == ns_player;
                if reaches {
                    for card in group(hand, others, top) {
                        best |= 1u64 << card;
                    }
                }
            }
            (value, best)
        });
        match found {
            (_, 0) if known.is_some() => self.best_cards_knowing(position, None),
            (value, best) => (value, pbn_order(best).collect()),
        }
    }

    /// The double-dummy table of `deal`: for each strain and declarer, the
    /// tricks declarer takes when the next seat leads.
    ///
    /// # Errors
    /// When the hands do not hold the same number of cards (an unknown hand
    /// is empty), or hold none.
    pub fn table(&mut self, deal: &Deal) -> Result<DdTable, PositionError> {
        let mut res = DdTable::default();
        for strain in Strain::ALL {
            res.tricks[strain.index()] = self.strain_tricks(deal, strain)?;
        }
        Ok(res)
    }

    /// One row of [`Solver::table`]: the tricks each declarer takes in
    /// `strain`, indexed by [`Seat::index`]. The rows of a table do not
    /// depend on each other, so they can be solved apart (on several
    /// threads, each with its own solver) with the same results.
    ///
    /// # Errors
    /// As [`Solver::table`].
    pub fn strain_tricks(&mut self, deal: &Deal, strain: Strain) -> Result<[u8; 4], PositionError> {
        let mut row = StrainRow::new(*deal, strain);
        loop {
            if let Some(res) = row.step(self)? {
                return Ok(res);
            }
        }
    }

    /// Whether the side to play takes at least `tricks` from `position`
    /// (the current trick included) with best play by both sides: one
    /// null-window search, what `solve` runs a few of. The question of a
    /// claim or a contract, and the walk's (`examples/walk.rs`).
    pub fn reaches(&mut self, position: &Position, tricks: u8) -> bool {
        let ns_player = position.to_play().index() & 1 == 0;
        let target = ns_target(ns_player, tricks_u8(position.tricks_left()), tricks);
        self.with_search(position, |search, leader, trick, count| search.search(leader, trick, count, target).0)
            == ns_player
    }

    /// For tuning (`examples/walk.rs`): the groups of equivalent cards of
    /// the player to play, each as its top card, in the order the search
    /// scores them (the table's stored lead first, with this solver's
    /// history and killers; without the cut-off hints and the probed
    /// lines, which reorder them inside the search).
    #[cfg(feature = "profiling")]
    pub fn move_order(&mut self, position: &Position) -> Vec<Card> {
        let order =
            self.with_search(position, |search, leader, trick, count| search.ordered_moves(leader, trick, count));
        order.into_iter().filter_map(|bit| pbn_order(1u64 << bit).next()).collect()
    }

    /// North-South's tricks from `position`.
    fn ns_tricks(&mut self, position: &Position, guess: i32) -> u8 {
        let ns =
            self.with_search(position, |search, leader, trick, count| search.ns_tricks(leader, trick, count, guess));
        // The search never answers more tricks than remain (at most 13).
        tricks_u8(usize::try_from(ns).unwrap_or(0))
    }

    /// Runs `run` on a search of `position` in a new age of the table
    /// (given the leader, the trick so far and its number of cards), and
    /// counts the search's nodes.
    fn with_search<R>(
        &mut self,
        position: &Position,
        run: impl FnOnce(&mut Search<'_>, usize, TrickCards, usize) -> R,
    ) -> R {
        self.tt.next_age();
        let (hands, trump, leader, trick, count) = parts(position);
        let mut search = Search::new(hands, trump, &mut self.tt);
        let res = run(&mut search, leader, trick, count);
        self.nodes += search.nodes;
        #[cfg(feature = "profiling")]
        self.stats.add(&search.stats);
        res
    }
}

/// A row of [`Solver::table`] solved a declarer at a time, each
/// [`StrainRow::step`] one null-window series of searches: the same row as
/// [`Solver::strain_tricks`], which takes all its steps at once. For a
/// caller that answers other questions between the steps (the browser's
/// worker, which solves a table while the learner plays).
#[derive(Clone, Debug)]
pub struct StrainRow {
    deal: Deal,
    strain: Strain,
    /// How many declarers of [`StrainRow::ORDER`] are solved.
    solved: usize,
    res: [u8; 4],
    /// North-South's tricks with the last declarer solved, plus one: the
    /// next declarer's first test.
    ns_guess: Option<i32>,
}

impl StrainRow {
    /// The declarers in the order they are solved.
    const ORDER: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

    /// The row of `deal` in `strain`, nothing solved yet.
    #[must_use]
    pub fn new(deal: Deal, strain: Strain) -> StrainRow {
        StrainRow { deal, strain, solved: 0, res: [0; 4], ns_guess: None }
    }

    /// Solves the next declarer's tricks with `solver`: the row, indexed
    /// by [`Seat::index`], once the last is solved.
    ///
    /// # Errors
    /// As [`Solver::table`].
    pub fn step(&mut self, solver: &mut Solver) -> Result<Option<[u8; 4]>, PositionError> {
        let Some(&declarer) = StrainRow::ORDER.get(self.solved) else { return Ok(Some(self.res)) };
        let position = Position::from_deal(&self.deal, self.strain, declarer.next())?;
        let n_tricks = tricks_u8(position.tricks_left());
        let guess = self.ns_guess.unwrap_or_else(|| first_guess(&position));
        let ns = solver.ns_tricks(&position, guess);
        // The next declarer's first test one trick above this value,
        // as `first_guess` starts: most values repeat, and failing
        // just above the value first took fewer nodes than starting at
        // it (0.3 to 0.9% fewer on each of three sets of bench tables).
        self.ns_guess = Some(i32::from(ns) + 1);
        self.res[declarer.index()] = match declarer {
            Seat::North | Seat::South => ns,
            Seat::East | Seat::West => n_tricks - ns,
        };
        self.solved += 1;
        Ok((self.solved == StrainRow::ORDER.len()).then_some(self.res))
    }
}

/// Where the null-window searches for North-South's tricks from
/// `position` start: one trick above an estimate from the high cards and
/// the trumps, rounded up. The estimate is half the tricks left, and a fifth
/// of a trick more per high-card point (ace 4, king 3, queen 2, jack 1)
/// North-South hold above East-West, and half a trick per trump (rounded
/// from a least-squares fit on North's tables of bench-deals.txt, 0.205
/// and 0.545; off by 0.96 tricks on average, half the tricks by 2.3). A search
/// that fails first, just above the value, fills the table for the one that
/// then succeeds at it. On 80 bench tables (`cargo run --release -p
/// double-dummy --example tables`) this start took 2.2% fewer nodes than
/// half the tricks; on 20 of them, the estimate rounded to the nearest took
/// 0.8% more, and each strain's true value for North, known in advance,
/// 4% fewer (6% one trick above it).
fn first_guess(position: &Position) -> i32 {
    /// The high cards of every suit, and their points.
    const POINTS: [(u64, u32); 4] = [
        (0x4000_4000_4000_4000, 4),
        (0x2000_2000_2000_2000, 3),
        (0x1000_1000_1000_1000, 2),
        (0x0800_0800_0800_0800, 1),
    ];
    let (hands, trump, _, _, _) = parts(position);
    let side = |cards: u64| -> i32 {
        let points: u32 = POINTS.iter().map(|&(mask, value)| (cards & mask).count_ones() * value).sum();
        let trumps = if trump < NOTRUMP { (cards >> (16 * trump) & 0xFFFF).count_ones() } else { 0 };
        // At most 40 points and 13 trumps.
        (2 * points + 5 * trumps) as i32
    };
    let n = i32::from(tricks_u8(position.tricks_left()));
    // In tenths of a trick.
    let estimate = 5 * n + side(hands[0] | hands[2]) - side(hands[1] | hands[3]);
    (estimate + 9).div_euclid(10) + 1
}

/// Where the searches of `analyse` and `best_cards` start: as
/// `first_guess`, but at the opening lead (13 tricks left, no card played)
/// at the estimate itself rather than one trick above it. There it took
/// 2.7% fewer nodes for `analyse` and 4.2% for `best_cards` at the 100
/// opening leads of solve-board.jsonl, and 1.6% and 4.5% at 100 opening
/// leads of bench deals 100 to 124; not so for tables (1.7% more nodes on
/// 100 bench tables when each strain's first search started there) nor
/// later in the play (1.6 to 2.3% more nodes mid-play).
fn cards_first_guess(position: &Position) -> i32 {
    let opening_lead = position.tricks_left() == 13 && position.played_len() == 0;
    first_guess(position) - i32::from(opening_lead)
}

/// The position in the search's terms: hands as bit sets, the trump suit
/// (or notrump), the leader and the current trick.
fn parts(position: &Position) -> ([u64; 4], usize, usize, TrickCards, usize) {
    let hands = position.hands().0.map(|hand| hand.bits());
    let trump = position.trump().trump().map_or(NOTRUMP, Suit::index);
    let mut trick = [0u8; 4];
    let mut count = 0;
    for card in position.played() {
        // Bit indices are below 64.
        trick[count] = card.bit_index() as u8;
        count += 1;
    }
    (hands, trump, position.leader().index(), trick, count)
}

/// The cards of every other hand and of the current trick: those that
/// separate a player's cards into groups of equivalent cards.
fn others(position: &Position) -> u64 {
    let player = position.to_play();
    let mut res = 0;
    for (seat, hand) in position.hands().iter() {
        if seat != player {
            res |= hand.bits();
        }
    }
    for card in position.played() {
        res |= 1u64 << card.bit_index();
    }
    res
}

/// The cards of `hand` equivalent to its card `top`: those below it in its
/// suit down to the next card of `others`.
fn group(hand: u64, others: u64, top: u8) -> impl Iterator<Item = u8> {
    let suit_floor = top & !15;
    let below = others & ((1u64 << top) - 1) & !((1u64 << suit_floor) - 1);
    let floor = if below == 0 { u32::from(suit_floor) } else { 64 - below.leading_zeros() };
    (floor..=u32::from(top)).filter(move |bit| hand >> bit & 1 != 0).map(|bit| bit as u8)
}

/// The cards of a set of bits, by suit (spades first) and then rank from the ace.
/// `analyse`'s answer: every legal card of `position` in PBN order, with
/// the value of its group, `valued` holding each group's top card and its
/// value.
fn card_values(position: &Position, valued: &[(u8, u8)]) -> Vec<CardValue> {
    let hand = position.hands()[position.to_play()].bits();
    let others = others(position);
    let mut values = [None::<u8>; 64];
    for &(top, value) in valued {
        for card in group(hand, others, top) {
            values[usize::from(card)] = Some(value);
        }
    }
    // Every legal card has its group's value (bit indices are below 64).
    pbn_order(position.legal_cards().bits())
        .filter_map(|card| values[card.bit_index() as usize].map(|tricks| CardValue { card, tricks }))
        .collect()
}

fn pbn_order(bits: u64) -> impl Iterator<Item = Card> {
    Suit::PBN_ORDER
        .into_iter()
        .flat_map(|suit| Rank::DESCENDING.into_iter().map(move |rank| Card::new(suit, rank)))
        .filter(move |card| bits >> card.bit_index() & 1 != 0)
}

/// The target of North-South's tricks at which the side to play (North-
/// South when `ns_player`) takes `tricks` of the `n_tricks` left: for
/// East-West, when North-South stay below the rest plus one.
fn ns_target(ns_player: bool, n_tricks: u8, tricks: u8) -> i32 {
    if ns_player {
        i32::from(tricks)
    } else {
        i32::from(n_tricks) + 1 - i32::from(tricks)
    }
}

/// The bounds (both included) of North-South's tricks when the side to
/// play (North-South when `ns_player`) takes at most `value` of the
/// `n_tricks` left; none without a value.
fn ns_bounds(ns_player: bool, n_tricks: u8, value: Option<u8>) -> (i32, i32) {
    match value {
        None => (0, i32::MAX),
        Some(value) if ns_player => (0, i32::from(value)),
        Some(value) => (i32::from(n_tricks) - i32::from(value), i32::MAX),
    }
}

/// `bounds` (North-South's tricks, both included) cut where the side to
/// play (North-South when `ns_player`) takes `floor - 1` of the `n_tricks`
/// left: a search within them gives that for any value below `floor`. No
/// cut for a `floor` of 0.
#[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
fn floor_bounds(ns_player: bool, n_tricks: u8, bounds: (i32, i32), floor: u8) -> (i32, i32) {
    match floor {
        0 => bounds,
        _ if ns_player => (bounds.0.max(i32::from(floor) - 1), bounds.1),
        _ => (bounds.0, bounds.1.min(i32::from(n_tricks) + 1 - i32::from(floor))),
    }
}

/// How far [`Solver::value_groups_on`] values each group.
#[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Groups {
    /// Exactly, for every card's value.
    Exact,
    /// Only as far as the best value known when it is taken: the best cards.
    Best,
}

/// The tricks of `seat`'s side, from North-South's.
fn from_ns(seat: Seat, n_tricks: u8, ns: impl TryInto<u8>) -> u8 {
    let ns: u8 = ns.try_into().unwrap_or(0);
    match seat {
        Seat::North | Seat::South => ns,
        Seat::East | Seat::West => n_tricks - ns,
    }
}

/// A trick count, at most 13 in a legal position.
fn tricks_u8(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// Which of `analyse_on`'s groups (their top cards, in the order they are
/// to be valued) threads have taken, and how many groups of each suit their
/// owners are valuing now.
#[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
struct Claims<'a> {
    order: &'a [u8],
    taken: Vec<std::sync::atomic::AtomicBool>,
    busy: [std::sync::atomic::AtomicUsize; 4],
}

#[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
impl<'a> Claims<'a> {
    fn new(order: &'a [u8]) -> Claims<'a> {
        Claims { order, taken: order.iter().map(|_| Default::default()).collect(), busy: Default::default() }
    }

    fn suit(&self, idx: usize) -> usize {
        usize::from(self.order[idx] >> 4)
    }

    /// Takes the next group to value, the suit of which is then busy until
    /// [`Claims::done`]: the first group left of a suit nobody is valuing,
    /// else the first group left. A group valued while another of its suit
    /// is finds few of that one's bounds in the table yet and proves most of
    /// them again (one card's proof is mostly another's of its suit): over the
    /// 100 opening leads of solve-board.jsonl on two threads, 25.4 M nodes
    /// instead of 27.5 M (23.5 M on one), and the pool's advice in Chromium
    /// 1.71 times faster than one thread in all instead of 1.60.
    fn take(&self) -> Option<usize> {
        use std::sync::atomic::Ordering;
        let take = |ok: &dyn Fn(usize) -> bool| {
            (0..self.order.len()).find(|&idx| {
                !self.taken[idx].load(Ordering::Relaxed) && ok(idx) && !self.taken[idx].swap(true, Ordering::Relaxed)
            })
        };
        let idx = take(&|idx| self.busy[self.suit(idx)].load(Ordering::Relaxed) == 0).or_else(|| take(&|_| true))?;
        self.busy[self.suit(idx)].fetch_add(1, Ordering::Relaxed);
        Some(idx)
    }

    /// The owner of group `idx` is done with it.
    fn done(&self, idx: usize) {
        self.busy[self.suit(idx)].fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use bridge::{Seat, Strain};

    use super::{Claims, Solver};
    use crate::Position;

    /// Threads take the groups in order, but not one of a suit another
    /// thread is valuing while a group of another suit is left.
    #[test]
    fn claims_put_off_a_busy_suit() {
        // Spades' ace and queen, then hearts' ace, then clubs' two.
        let order = [0x3e, 0x3c, 0x2e, 0x02];
        let claims = Claims::new(&order);
        assert_eq!(claims.take(), Some(0));
        assert_eq!(claims.take(), Some(2), "hearts before the second spade");
        assert_eq!(claims.take(), Some(3), "clubs before the second spade");
        assert_eq!(claims.take(), Some(1), "the spade, when nothing else is left");
        assert_eq!(claims.take(), None);
        let claims = Claims::new(&order);
        assert_eq!(claims.take(), Some(0));
        claims.done(0);
        assert_eq!(claims.take(), Some(1), "spades free again");
    }

    /// `analyse_on` keeps the history and hints of the move order for the
    /// next call as `analyse` does: on one thread both search alike, call
    /// after call (a pool's threads used to start every call from the
    /// solver's first history, which cost the pool a quarter of its p99).
    #[test]
    fn analyse_on_one_thread_searches_as_analyse_call_after_call() {
        let deal = "N:K2.T742.62.A9754 AQJT8.3.K74.KT63 964.AQJ65.AQ3.QJ 753.K98.JT985.82";
        let mut alone = Solver::with_memory(4 << 20);
        let mut pooled = Solver::with_memory(4 << 20);
        for (trump, leader) in
            [(Strain::NoTrump, Seat::East), (Strain::Hearts, Seat::South), (Strain::Clubs, Seat::West)]
        {
            let position = Position::from_pbn(deal, trump, leader, &[]).expect("a legal deal");
            assert_eq!(pooled.analyse_on_threads(&position, 1), alone.analyse(&position), "{trump} led by {leader}");
            assert_eq!(pooled.nodes(), alone.nodes(), "the same search, {trump} led by {leader}");
            assert_eq!(pooled.tt.local.history, alone.tt.local.history, "{trump} led by {leader}");
            assert!(alone.tt.local.history.iter().flatten().any(|&weight| weight > 0), "a history to keep");
        }
    }
}
