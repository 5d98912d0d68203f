//! Times `analyse` on the opening leads (or `KIND=mid` positions, or
//! `KIND=all` for every line in the file's order, as the pool bench) of
//! solve-board.jsonl, one line at a time, with node counts: `cargo run
//! --release --example leads -- [first] [count]`, from the workspace root.
//! `PONS=1` also times pons-dds's `solve_board` on each position (every
//! card, or with `SOLVE=1` the value only, as `Solver::solve` then does).
//! `THREADS=N` values the cards with `Solver::analyse_on_threads` on N
//! threads sharing the table (1 too, to compare with `analyse`); `BEST=1`
//! asks `best_cards` instead (with `THREADS=N`, `best_cards_on` on N
//! threads), `MB=` sets the table's memory and `FRESH=1`
//! takes a new solver per position. `KNOWN=1` gives the solver each
//! position's value (its best card's in the file), as a game knows it once
//! the position before was solved (`analyse_knowing`, `best_cards_knowing`).
//!
//! It builds for `wasm32-wasip1` too (without pons-dds and threads), to
//! count wasm's nodes and time in Node: `RUSTFLAGS="-C
//! target-feature=+simd128" cargo build --release -p double-dummy --example
//! leads --target wasm32-wasip1`, then run the module with `node:wasi`,
//! passing `MB` and `KIND` in its environment and the workspace as `.`.

use std::time::Instant;

use bridge::Card;
#[cfg(not(target_arch = "wasm32"))]
use double_dummy::ScopedThreads;
use double_dummy::{CardValue, Position, Solver};

#[cfg(not(target_arch = "wasm32"))]
#[path = "common/pons.rs"]
mod pons;

/// The vector files' parsers, the tests' own.
#[path = "../tests/it/common.rs"]
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod common;

fn main() {
    let text = std::fs::read_to_string("testdata/dd/solve-board.jsonl").expect("run from the workspace root");
    let mut args = std::env::args().skip(1).map(|arg| arg.parse::<usize>().expect("a number"));
    let first = args.next().unwrap_or(0);
    let count = args.next().unwrap_or(10);
    let kind = std::env::var("KIND").unwrap_or_default();
    // `KIND=all`: every line in the file's order, as the pool bench asks
    // them (indices are then the file's lines from 0).
    let (skip, step) = match kind.as_str() {
        "mid" => (1, 2),
        "all" => (0, 1),
        _ => (0, 2),
    };
    let best_only = std::env::var_os("BEST").is_some();
    let mb: usize = std::env::var("MB").ok().and_then(|v| v.parse().ok()).unwrap_or(64);
    let fresh = std::env::var_os("FRESH").is_some();
    let knowing = std::env::var_os("KNOWN").is_some();
    let threads: Option<usize> = std::env::var("THREADS").ok().and_then(|v| v.parse().ok());
    let mut solver = Solver::with_memory(mb << 20);
    let mut total_nodes = 0;
    let mut total_ms = 0.0;
    let pons = std::env::var_os("PONS").is_some();
    let mut reference = Reference::new();
    let mut pons_ms = 0.0;
    for (idx, line) in text.lines().skip(skip).step_by(step).enumerate().skip(first).take(count) {
        let common::BoardVector { position, cards: expected, .. } = common::parse_board_line(line);
        let trump = position.trump();
        if fresh {
            solver = Solver::with_memory(mb << 20);
        }
        let best = common::best_of(&expected);
        let max = best.0;
        let known = knowing.then_some(max);
        let before = solver.nodes();
        let start = Instant::now();
        if std::env::var_os("SOLVE").is_some() {
            let value = solver.solve(&position);
            assert_eq!(value, max, "{line}");
        } else if best_only {
            assert_eq!(best_cards(&mut solver, &position, known, threads), best, "{line}");
        } else {
            let values = analyse(&mut solver, &position, known, threads);
            let values: Vec<(Card, u8)> = values.iter().map(|v| (v.card, v.tricks)).collect();
            assert_eq!(values, expected, "{line}");
        }
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let nodes = solver.nodes() - before;
        total_nodes += nodes;
        total_ms += ms;
        let their_ms = if pons { reference.time(&position) } else { 0.0 };
        pons_ms += their_ms;
        println!("{idx:3} {trump} {:8.1} ms {nodes:10} nodes  pons-dds {their_ms:8.1} ms", ms);
    }
    println!("total {total_ms:.0} ms, {total_nodes} nodes; pons-dds {pons_ms:.0} ms");
}

/// `analyse` on `threads` threads sharing the table, or on this one.
fn analyse(solver: &mut Solver, position: &Position, known: Option<u8>, threads: Option<usize>) -> Vec<CardValue> {
    match threads {
        #[cfg(not(target_arch = "wasm32"))]
        Some(threads) => solver.analyse_on(position, known, &ScopedThreads(threads)),
        _ => solver.analyse_knowing(position, known),
    }
}

/// `best_cards` on `threads` threads sharing the table, or on this one.
fn best_cards(solver: &mut Solver, position: &Position, known: Option<u8>, threads: Option<usize>) -> (u8, Vec<Card>) {
    match threads {
        #[cfg(not(target_arch = "wasm32"))]
        Some(threads) => solver.best_cards_on(position, known, &ScopedThreads(threads)),
        _ => solver.best_cards_knowing(position, known),
    }
}

/// pons-dds, to time beside ours (natively only).
struct Reference(#[cfg(not(target_arch = "wasm32"))] pons_dds::Solver);

impl Reference {
    fn new() -> Reference {
        Reference(
            #[cfg(not(target_arch = "wasm32"))]
            pons_dds::Solver::new(contract_bridge::Strain::Notrump),
        )
    }

    /// The time pons-dds takes for every card's value of `position` (or
    /// with `SOLVE=1` its value only).
    #[cfg(not(target_arch = "wasm32"))]
    fn time(&mut self, position: &Position) -> f64 {
        let board = pons::pons_board(position);
        let start = Instant::now();
        let found = self.0.solve_board(&pons_dds::Objective {
            board,
            target: if std::env::var_os("SOLVE").is_some() {
                pons_dds::Target::Any(None)
            } else {
                pons_dds::Target::Legal
            },
        });
        std::hint::black_box(found);
        start.elapsed().as_secs_f64() * 1e3
    }

    /// No pons-dds in wasm.
    #[cfg(target_arch = "wasm32")]
    fn time(&mut self, _position: &Position) -> f64 {
        0.0
    }
}
