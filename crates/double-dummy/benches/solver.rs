//! The solver's benchmark: full tables of bench-deals.txt (checked against
//! the file) on one thread and on all cores, the same tables by pons-dds (a
//! Rust port of DDS, the reference) on one thread with the ratio of the two,
//! `analyse` (with pons-dds's every-card `solve_board` on the same positions
//! and the ratio; the two solvers take turns, table by table and position
//! by position) and `best_cards` at the opening lead and mid-play
//! (solve-board.jsonl; median, p90, p99 and max ms per call), `analyse` at
//! the opening lead and `best_cards` on every core sharing one table beside
//! one thread, and peak memory.
//!
//! `cargo bench -p double-dummy --bench solver` (part of `cargo xtask
//! bench`) solves every deal of bench-deals.txt and analyses every position
//! of solve-board.jsonl: about 11 minutes on 2 cores, most of it pons-dds's.
//! `BENCH_DEALS=N` solves the first N deals only (0 skips the tables),
//! `BENCH_BOARDS=N` analyses N positions of each kind (at most 100).

use std::path::PathBuf;
use std::time::Instant;

use bridge::{Card, Deal, Seat, Strain};
use double_dummy::{DdTable, ScopedThreads, Solver};
use rayon::prelude::*;

#[path = "../examples/common/pons.rs"]
mod pons;

/// The vector files' parsers, the tests' own.
#[path = "../tests/it/common.rs"]
#[allow(dead_code)]
mod common;

fn main() {
    let n_deals = env_count("BENCH_DEALS", usize::MAX);
    let n_boards = env_count("BENCH_BOARDS", usize::MAX);
    let tables = read("bench-deals.txt");
    let deals: Vec<(Deal, DdTable)> = tables
        .lines()
        .take(n_deals)
        .map(|line| {
            let vector = common::parse_table_line(line);
            (vector.deal, vector.table)
        })
        .collect();
    println!("{} deals, {} logical cores", deals.len(), std::thread::available_parallelism().map_or(1, |n| n.get()));

    // One thread, one solver of each reused across deals, as the app does.
    // The two take turns deal by deal, each going first every other deal,
    // so that the machine's drift during a run (its times move by 10 to
    // 15% between runs) weighs on both alike.
    let mut solver = Solver::new();
    let mut reference = pons_dds::Solver::new(contract_bridge::Strain::Notrump);
    let mut times = Vec::new();
    let mut reference_times = Vec::new();
    let mut nodes = 0;
    for (idx, (deal, expected)) in deals.iter().enumerate() {
        take_turns(
            idx,
            || {
                let before = solver.nodes();
                let table = timed(&mut times, || solver.table(deal).expect("a full deal"));
                nodes += solver.nodes() - before;
                assert_eq!(&table, expected, "table of {deal}");
            },
            || {
                let pons_deal: pons_dds::FullDeal =
                    deal.to_string().parse().expect("our deal string reads as pons-dds's");
                let table = timed(&mut reference_times, || pons_dds::solve_deal_on(&mut reference, pons_deal));
                assert_eq!(&from_pons(&table), expected, "pons-dds table of {deal}");
            },
        );
        // The whole file takes minutes: say where the run is.
        if (idx + 1) % 100 == 0 && idx + 1 < deals.len() {
            eprintln!("  {} of {} deals", idx + 1, deals.len());
        }
    }
    let ours = report("table, 1 thread", &mut times);
    if !deals.is_empty() {
        println!("  mean nodes per table: {:.0}", nodes as f64 / deals.len() as f64);
    }
    let theirs = report("pons-dds table, 1 thread", &mut reference_times);
    ratio("ours/pons-dds", ours, theirs);

    // All cores: deals in parallel, one solver per worker thread.
    let start = Instant::now();
    let mut times: Vec<f64> = deals
        .par_iter()
        .map_init(Solver::new, |solver, (deal, expected)| {
            let start = Instant::now();
            let table = solver.table(deal).expect("a full deal");
            assert_eq!(&table, expected, "table of {deal}");
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    let wall = start.elapsed().as_secs_f64() * 1e3;
    if report("table, all cores (per table)", &mut times).is_some() {
        println!("  wall {:.0} ms: {:.1} ms per table", wall, wall / deals.len() as f64);
    }

    let boards = read("solve-board.jsonl");
    for (kind, skip) in [("opening lead", 0), ("mid-play", 1)] {
        // Taking turns position by position, as the tables do.
        let mut solver = Solver::new();
        let mut reference = pons_dds::Solver::new(contract_bridge::Strain::Notrump);
        let mut times = Vec::new();
        let mut reference_times = Vec::new();
        let mut nodes = Vec::new();
        for (idx, line) in boards.lines().skip(skip).step_by(2).take(n_boards).enumerate() {
            let common::BoardVector { position, cards: expected, .. } = common::parse_board_line(line);
            take_turns(
                idx,
                || {
                    let before = solver.nodes();
                    let values = timed(&mut times, || solver.analyse(&position));
                    nodes.push(solver.nodes() - before);
                    let values: Vec<(Card, u8)> = values.iter().map(|value| (value.card, value.tricks)).collect();
                    assert_eq!(values, expected, "{line}");
                },
                || {
                    // The reference's every-card value.
                    let objective =
                        pons_dds::Objective { board: pons::pons_board(&position), target: pons_dds::Target::Legal };
                    timed(&mut reference_times, || std::hint::black_box(reference.solve_board(&objective)));
                },
            );
        }
        let ours = report(&format!("analyse, {kind}"), &mut times);
        report_nodes(&mut nodes);
        let theirs = report(&format!("pons-dds analyse, {kind}"), &mut reference_times);
        ratio("ours/pons-dds", ours, theirs);
    }
    // The opening leads again, `analyse` on one thread and on every core
    // sharing one table, taking turns position by position.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (mut one, mut many) = (Solver::new(), Solver::new());
    let (mut one_times, mut many_times, mut many_nodes) = (Vec::new(), Vec::new(), Vec::new());
    for (idx, line) in boards.lines().step_by(2).take(n_boards).enumerate() {
        let common::BoardVector { position, cards: expected, .. } = common::parse_board_line(line);
        take_turns(
            idx,
            || {
                timed(&mut one_times, || std::hint::black_box(one.analyse(&position)));
            },
            || {
                let before = many.nodes();
                let values = timed(&mut many_times, || many.analyse_on_threads(&position, cores));
                many_nodes.push(many.nodes() - before);
                let values: Vec<(Card, u8)> = values.iter().map(|value| (value.card, value.tricks)).collect();
                assert_eq!(values, expected, "{line}");
            },
        );
    }
    let single = report("analyse, opening lead, 1 thread (again, beside the next)", &mut one_times);
    let threaded =
        report(&format!("analyse_on_threads, opening lead, {cores} threads sharing the table"), &mut many_times);
    report_nodes(&mut many_nodes);
    ratio("threads/one thread", threaded, single);

    // What a robot asks: the value and the best cards only, on one thread
    // and on every core sharing one table (as the browser's pool answers
    // the robots), taking turns position by position.
    for (kind, skip) in [("opening lead", 0), ("mid-play", 1)] {
        let (mut one, mut many) = (Solver::new(), Solver::new());
        let (mut times, mut nodes, mut many_times) = (Vec::new(), Vec::new(), Vec::new());
        for (idx, line) in boards.lines().skip(skip).step_by(2).take(n_boards).enumerate() {
            let common::BoardVector { position, cards: expected, .. } = common::parse_board_line(line);
            let best = common::best_of(&expected);
            take_turns(
                idx,
                || {
                    let before = one.nodes();
                    let found = timed(&mut times, || one.best_cards(&position));
                    nodes.push(one.nodes() - before);
                    assert_eq!(found, best, "{line}");
                },
                || {
                    let found = timed(&mut many_times, || many.best_cards_on(&position, None, &ScopedThreads(cores)));
                    assert_eq!(found, best, "{line}");
                },
            );
        }
        let single = report(&format!("best_cards, {kind}"), &mut times);
        report_nodes(&mut nodes);
        let threaded = report(&format!("best_cards_on, {kind}, {cores} threads sharing the table"), &mut many_times);
        ratio("threads/one thread", threaded, single);
    }
    if let Some(peak) = peak_memory() {
        println!("peak memory (VmHWM): {peak}");
    }
}

/// Prints the ratio of two reports' means and medians, `what` naming it
/// (`top/bottom`), when both had runs.
fn ratio(what: &str, top: Option<Summary>, bottom: Option<Summary>) {
    if let (Some(top), Some(bottom)) = (top, bottom) {
        println!("  {what}: mean {:.2}, median {:.2}", top.mean / bottom.mean, top.median / bottom.median);
    }
}

/// Runs `run`, its time in ms pushed onto `times`.
fn timed<T>(times: &mut Vec<f64>, run: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let res = run();
    times.push(start.elapsed().as_secs_f64() * 1e3);
    res
}

/// Runs `ours` and `theirs` for the `idx`th item of a series, ours first
/// on even items and theirs first on odd ones, so that the machine's drift
/// during a run weighs on both alike.
fn take_turns(idx: usize, mut ours: impl FnMut(), mut theirs: impl FnMut()) {
    if idx.is_multiple_of(2) {
        ours();
        theirs();
    } else {
        theirs();
        ours();
    }
}

fn env_count(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|value| value.parse().ok()).unwrap_or(default)
}

fn read(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/dd").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The summary of a series of times, in ms.
struct Summary {
    mean: f64,
    median: f64,
}

fn report(what: &str, times: &mut [f64]) -> Option<Summary> {
    if times.is_empty() {
        return None;
    }
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let median = times[times.len() / 2];
    let quantile = |q: f64| times[((times.len() as f64 * q).ceil() as usize).clamp(1, times.len()) - 1];
    let (p90, p99, max) = (quantile(0.9), quantile(0.99), times[times.len() - 1]);
    println!(
        "{what}: mean {mean:.1} ms, median {median:.1} ms, p90 {p90:.1} ms, p99 {p99:.1} ms, max {max:.1} ms ({} runs)",
        times.len()
    );
    Some(Summary { mean, median })
}

/// The search nodes per call (a measure of work that the machine's load
/// does not blur): mean, median, p90, p99 and max.
fn report_nodes(nodes: &mut [u64]) {
    if nodes.is_empty() {
        return;
    }
    nodes.sort_unstable();
    let quantile = |q: f64| nodes[((nodes.len() as f64 * q).ceil() as usize).clamp(1, nodes.len()) - 1];
    let mean = nodes.iter().sum::<u64>() as f64 / nodes.len() as f64;
    println!(
        "  nodes per call: mean {mean:.0}, median {}, p90 {}, p99 {}, max {}",
        nodes[nodes.len() / 2],
        quantile(0.9),
        quantile(0.99),
        nodes[nodes.len() - 1]
    );
}

/// A pons-dds table in our terms (both order seats N, E, S, W).
fn from_pons(table: &pons_dds::TrickCountTable) -> DdTable {
    let mut res = DdTable::default();
    for strain in Strain::ALL {
        let theirs = pons::pons_strain(strain);
        for seat in Seat::ALL {
            res.tricks[strain.index()][seat.index()] = table[theirs].get(pons::pons_seat(seat)).get();
        }
    }
    res
}

/// The peak resident memory of the process, from /proc (Linux only).
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status.lines().find(|line| line.starts_with("VmHWM:")).map(|line| line["VmHWM:".len()..].trim().to_owned())
}
