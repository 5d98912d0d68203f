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
pub use solver::{CardValue, Solver, DEFAULT_MEMORY};
pub use table::DdTable;
