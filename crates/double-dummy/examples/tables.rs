//! Solves the full tables of the first N deals of bench-deals.txt (default 3)
//! on one thread, checking them (every wrong one is printed), with each
//! table's nodes and time: the quick loop for tuning the search (node counts
//! are stable, times are not).
//! `MB=N` sets the table's memory cap (default 64), `SKIP=N` skips deals,
//! `FILE=dd-tables.txt` reads another file of the same format.

use std::time::Instant;

use double_dummy::Solver;

/// The vector files' parsers, the tests' own.
#[path = "../tests/it/common.rs"]
#[allow(dead_code)]
mod common;

fn main() {
    let file = std::env::var("FILE").unwrap_or_else(|_| "bench-deals.txt".to_owned());
    let text = std::fs::read_to_string(format!("testdata/dd/{file}")).expect("run from the workspace root");
    let n_deals: usize = std::env::args().nth(1).and_then(|arg| arg.parse().ok()).unwrap_or(3);
    let mb: usize = std::env::var("MB").ok().and_then(|value| value.parse().ok()).unwrap_or(64);
    let mut solver = Solver::with_memory(mb << 20);
    let start = Instant::now();
    let mut wrong = 0;
    let skip: usize = std::env::var("SKIP").ok().and_then(|value| value.parse().ok()).unwrap_or(0);
    for line in text.lines().skip(skip).take(n_deals) {
        let common::TableVector { deal, table: expected, .. } = common::parse_table_line(line);
        let before = solver.nodes();
        let t = Instant::now();
        let table = solver.table(&deal).expect("a full deal");
        println!("{deal}: {} nodes, {:.1} ms", solver.nodes() - before, t.elapsed().as_secs_f64() * 1e3);
        if table != expected {
            // Keep going, so one run finds every wrong table of a file.
            println!("WRONG table of {deal}:\n{table}\nexpected:\n{expected}");
            wrong += 1;
        }
    }
    println!("total {:.1} ms, {} nodes", start.elapsed().as_secs_f64() * 1e3, solver.nodes());
    assert_eq!(wrong, 0, "wrong tables");
}
