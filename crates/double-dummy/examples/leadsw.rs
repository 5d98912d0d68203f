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

use std::time::Instant;

use bridge::Card;
use double_dummy::Solver;

/// The vector files' parsers, the tests' own.
#[path = "../tests/it/common.rs"]
#[allow(dead_code)]
mod common;

fn main() {
    let text = std::fs::read_to_string("crates/double-dummy/testdata/dd/solve-board.jsonl")
        .or_else(|_| std::fs::read_to_string("testdata/dd/solve-board.jsonl"))
        .expect("run from the workspace root");
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
            let (value, cards) = match threads {
                Some(_) => unreachable!(),
                None => solver.best_cards_knowing(&position, known),
            };
            assert_eq!((value, cards), best, "{line}");
        } else {
            let values = match threads {
                Some(_) => unreachable!(),
                None => solver.analyse_knowing(&position, known),
            };
            let values: Vec<(Card, u8)> = values.iter().map(|v| (v.card, v.tricks)).collect();
            assert_eq!(values, expected, "{line}");
        }
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let nodes = solver.nodes() - before;
        total_nodes += nodes;
        total_ms += ms;
        let their_ms = 0.0;
        let _ = pons;
        pons_ms += their_ms;
        println!("{idx:3} {trump} {:8.1} ms {nodes:10} nodes  pons-dds {their_ms:8.1} ms", ms);
    }
    println!("total {total_ms:.0} ms, {total_nodes} nodes; pons-dds {pons_ms:.0} ms");
}
