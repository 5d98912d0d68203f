//! The double-dummy solver: how many tricks each side takes when all four
//! hands are known and everyone plays best.
//!
//! ```
//! use bridge::{Deal, Seat, Strain, Vulnerability};
//! use double_dummy::{par, Position, Solver};
//!
//! let deal: Deal = "N:Q64.JT98742.7.T6 K2.AK.JT8542.954 T983.5.A93.AJ732 AJ75.Q63.KQ6.KQ8".parse().unwrap();
//! let mut solver = Solver::new();
//!
//! // East leads against notrump by North: East-West take 11 tricks.
//! let position = Position::from_deal(&deal, Strain::NoTrump, Seat::East).unwrap();
//! assert_eq!(solver.solve(&position), 11);
//!
//! // The full table, then par with dealer North, nobody vulnerable.
//! let table = solver.table(&deal).unwrap();
//! assert_eq!(table.tricks(Strain::NoTrump, Seat::West), 11);
//! let par = par(&table, Vulnerability::None, Seat::North);
//! assert_eq!(par.score, -460);
//! assert_eq!(par.to_string(), "3N-W+2");
//! ```
//!
//! A [`Solver`] keeps its transposition table between calls, within a memory
//! cap fixed when it is made, so the successive positions of one game and the
//! twenty solves of one table reuse each other's work. The library does no
//! I/O, reads no clock and starts no thread.

mod par;
mod position;
mod search;
mod solver;
mod table;
mod tt;

pub use par::{par, Par, ParContract};
pub use position::{Position, PositionError};
#[cfg(not(target_arch = "wasm32"))]
pub use solver::ScopedThreads;
pub use solver::{CardValue, Solver, StrainRow, Threads, DEFAULT_MEMORY};
pub use table::DdTable;

/// Where the search's trick starts went, per tricks left (with the
/// `profiling` feature): the funnel of cut-offs before the leads are tried,
/// and how soon a lead cut off. For tuning, not for the product.
#[cfg(feature = "profiling")]
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    /// The null-window searches of the drivers.
    pub iterations: u64,
    /// Trick starts entered.
    pub entries: [u64; 14],
    /// Decided by the target alone, or the last trick.
    pub trivial: [u64; 14],
    /// Decided by the sure trumps.
    pub sure: [u64; 14],
    /// Decided by the quick tricks.
    pub quick: [u64; 14],
    /// Decided by the later-tricks bounds.
    pub later: [u64; 14],
    /// Decided by the transposition table.
    pub tt: [u64; 14],
    /// Leads tried.
    pub searched: [u64; 14],
    /// Cut off by the first lead tried.
    pub cut_first: [u64; 14],
    /// Cut off by a later lead.
    pub cut_later: [u64; 14],
    /// Per place in the trick: the nodes that cut off, those that cut at
    /// their first move, the moves those tried, the nodes where every move
    /// failed, and the moves these tried.
    pub ply: [[u64; 5]; 4],
    /// `ply` for the trick starts with 10 tricks left or more.
    pub ply_top: [[u64; 5]; 4],
}

#[cfg(feature = "profiling")]
impl Stats {
    /// Counts a node at `place` in the trick (`tricks` left) that tried
    /// `tried` moves, and whether one cut off.
    pub(crate) fn count_moves(&mut self, place: usize, tricks: i32, cut: bool, tried: u64) {
        let top = tricks >= 10;
        for ply in [Some(&mut self.ply[place]), top.then_some(&mut self.ply_top[place])].into_iter().flatten() {
            if cut {
                ply[0] += 1;
                ply[1] += u64::from(tried == 1);
                ply[2] += tried;
            } else {
                ply[3] += 1;
                ply[4] += tried;
            }
        }
    }

    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: &Stats) {
        self.iterations += other.iterations;
        let pairs = [
            (&mut self.entries, &other.entries),
            (&mut self.trivial, &other.trivial),
            (&mut self.sure, &other.sure),
            (&mut self.quick, &other.quick),
            (&mut self.later, &other.later),
            (&mut self.tt, &other.tt),
            (&mut self.searched, &other.searched),
            (&mut self.cut_first, &other.cut_first),
            (&mut self.cut_later, &other.cut_later),
        ];
        for (mine, theirs) in self.ply.iter_mut().zip(&other.ply).chain(self.ply_top.iter_mut().zip(&other.ply_top)) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
        for (mine, theirs) in pairs {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
    }
}

/// The unit tests' source of random cases: xorshift from `seed`, the same
/// numbers every run.
#[cfg(test)]
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
