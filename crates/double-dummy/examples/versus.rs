//! Ours beside pons-dds, deal by deal (or strain by strain with
//! `STRAINS=1`): trick starts and time of each table of bench-deals.txt,
//! and their ratios, to choose the deals to walk (`examples/walk.rs`).
//!
//! `cargo run --release -p double-dummy --example versus --features
//! profiling,pons-dds/profiling -- N` from the workspace root: the first N
//! deals (default 10), after `SKIP=` deals. Both solvers keep their table
//! from deal to deal, as the bench's do; by strain, pons-dds starts each
//! strain afresh. Times are the shared machine's, and both builds count.

use std::time::Instant;

use bridge::{Deal, Strain};
use double_dummy::Solver;

#[path = "common/pons.rs"]
mod pons;

fn main() {
    let text = std::fs::read_to_string("testdata/dd/bench-deals.txt").expect("run from the workspace root");
    let n_deals: usize = std::env::args().nth(1).and_then(|arg| arg.parse().ok()).unwrap_or(10);
    let skip: usize = std::env::var("SKIP").ok().and_then(|value| value.parse().ok()).unwrap_or(0);
    let by_strain = std::env::var_os("STRAINS").is_some();
    let mut ours = Solver::new();
    let mut theirs = pons_dds::Solver::new(contract_bridge::Strain::Notrump);
    let mut totals = [0.0; 4];
    for (idx, line) in text.lines().enumerate().skip(skip).take(n_deals) {
        let deal: Deal = line.split_whitespace().take(4).collect::<Vec<_>>().join(" ").parse().expect("a deal");
        let pons_deal: pons_dds::FullDeal = deal.to_string().parse().expect("a pons-dds deal");
        if by_strain {
            for strain in [Strain::Clubs, Strain::Diamonds, Strain::Hearts, Strain::Spades, Strain::NoTrump] {
                let (our_starts, our_ms) = measure(&mut ours, |solver| {
                    solver.strain_tricks(&deal, strain).expect("a full deal");
                });
                let mut reference = pons_dds::Solver::new(pons::pons_strain(strain));
                let start = Instant::now();
                let _ = reference.solve(pons_deal);
                let pons_ms = start.elapsed().as_secs_f64() * 1e3;
                let pons_starts = reference.search_stats().node0_entries;
                report(&format!("{idx:>3} {strain}"), (our_starts, our_ms), (pons_starts, pons_ms), &mut totals);
            }
        } else {
            let (our_starts, our_ms) = measure(&mut ours, |solver| {
                solver.table(&deal).expect("a full deal");
            });
            theirs.reset_search_stats();
            let start = Instant::now();
            let _ = pons_dds::solve_deal_on(&mut theirs, pons_deal);
            let pons_ms = start.elapsed().as_secs_f64() * 1e3;
            let pons_starts = theirs.search_stats().node0_entries;
            report(&format!("{idx:>3}"), (our_starts, our_ms), (pons_starts, pons_ms), &mut totals);
        }
    }
    let [our_starts, our_ms, pons_starts, pons_ms] = totals;
    println!(
        "total: trick starts {:.3}, time {:.3} ({our_ms:.0} ms against {pons_ms:.0} ms)",
        our_starts / pons_starts,
        our_ms / pons_ms
    );
}

/// Our trick starts and milliseconds for `solve`.
fn measure(solver: &mut Solver, solve: impl FnOnce(&mut Solver)) -> (u64, f64) {
    let before: u64 = solver.stats().entries.iter().sum();
    let start = Instant::now();
    solve(solver);
    let ms = start.elapsed().as_secs_f64() * 1e3;
    (solver.stats().entries.iter().sum::<u64>() - before, ms)
}

/// Prints one line, and adds it to `totals` (our trick starts and time,
/// then pons-dds's).
fn report(label: &str, ours: (u64, f64), theirs: (u64, f64), totals: &mut [f64; 4]) {
    println!(
        "{label}: ours {:>9} trick starts {:>8.1} ms, pons-dds {:>9} {:>8.1} ms; ratios {:.2} {:.2}",
        ours.0,
        ours.1,
        theirs.0,
        theirs.1,
        ours.0 as f64 / theirs.0.max(1) as f64,
        ours.1 / theirs.1
    );
    for (total, value) in totals.iter_mut().zip([ours.0 as f64, ours.1, theirs.0 as f64, theirs.1]) {
        *total += value;
    }
}
