//! The solver worker's benchmark in headless Chromium (run by `cargo xtask
//! bench`, not by the tests; `test = false` in Cargo.toml): inside a real
//! dedicated Web Worker, one warm [`Handler`] answers the requests the app
//! sends, each crossing `gloo-worker`'s `Bincode` codec both ways as in the
//! worker, and every answer is checked against the vector files.
//!
//! - Advice: the best cards of every position of
//!   `testdata/dd/solve-board.jsonl`, in file order (target of issue 6:
//!   median under 30 ms, p99 under 150 ms), each asked three ways as the
//!   app may (without the position's value, with it, and with one trick
//!   too many), and the three dearest positions with their nodes.
//! - Tables: the table and par of the first 200 deals of
//!   `testdata/dd/bench-deals.txt`, one thread.
//!
//! Counts are read at compile time (a wasm test sees no environment):
//! `BENCH_BOARDS=N` and `BENCH_TABLE_DEALS=N` shorten a run while developing.
#![cfg(target_arch = "wasm32")]

#[allow(dead_code)]
#[path = "it/common.rs"]
mod common;

use common::{board_vector, check_best_answers, check_table, table_vector};
use gloo_worker::{Bincode, Codec};
use solver_wasm::{Handler, Request, Response};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_dedicated_worker);

/// The benchmark deals, read at build time like the vectors of `common`.
const BENCH_DEALS: &str = include_str!("../../../testdata/dd/bench-deals.txt");
/// Deals whose table is solved unless `BENCH_TABLE_DEALS` says otherwise.
const TABLE_DEALS: usize = 200;

/// A count given at compile time, else `default`.
fn count(value: Option<&str>, default: usize) -> usize {
    value.and_then(|text| text.trim().parse().ok()).unwrap_or(default)
}

/// Milliseconds from the worker's own clock (no `std::time::Instant` in wasm).
fn now_ms() -> f64 {
    js_sys::global().unchecked_into::<web_sys::WorkerGlobalScope>().performance().map_or(0.0, |perf| perf.now())
}

fn log(line: &str) {
    web_sys::console::log_1(&line.into());
}

/// One request as the worker sees it: decoded from and encoded to the
/// worker's codec around the handler, timed from the request's encoding to
/// the answer's decoding; the time goes to `times`.
fn timed<'a>(handler: &'a mut Handler, times: &'a mut Vec<f64>) -> impl FnMut(Request) -> Response + 'a {
    move |request| {
        let start = now_ms();
        let request: Request = Bincode::decode(Bincode::encode(request));
        let response: Response = Bincode::decode(Bincode::encode(handler.handle(request)));
        times.push(now_ms() - start);
        response
    }
}

/// The value at `percent` of sorted `times` (nearest rank).
fn percentile(sorted: &[f64], percent: usize) -> f64 {
    let rank = (sorted.len() * percent).div_ceil(100).max(1);
    sorted[rank - 1]
}

/// `count, median, p90, p99, max` of `times`, in ms.
fn summary(times: &[f64]) -> String {
    if times.is_empty() {
        return "n=0".to_owned();
    }
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    format!(
        "n={}, median {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        sorted.len(),
        percentile(&sorted, 50),
        percentile(&sorted, 90),
        percentile(&sorted, 99),
        sorted[sorted.len() - 1]
    )
}

#[wasm_bindgen_test]
fn advice_for_the_solve_board_positions() {
    let limit = count(option_env!("BENCH_BOARDS"), usize::MAX);
    let lines: Vec<&str> = common::BOARDS.lines().collect();
    let vectors: Vec<_> = lines.iter().take(limit).map(|line| board_vector(line)).collect();
    let mut handler = Handler::new();
    let (mut all, mut leads, mut mids) = (Vec::new(), Vec::new(), Vec::new());
    // Per position: its time, its line of the file (from 1) and its nodes.
    let mut positions = Vec::new();
    for (idx, vector) in vectors.iter().enumerate() {
        let mut times = Vec::new();
        let before = handler.nodes();
        check_best_answers(&mut timed(&mut handler, &mut times), idx as u64 + 1, vector);
        positions.push((times.iter().sum::<f64>(), idx + 1, handler.nodes() - before));
        all.extend_from_slice(&times);
        // The opening leads have all 13 tricks to play; the rest are mid-play.
        if vector.tricks_left == 13 && vector.position.played.is_empty() {
            leads.extend_from_slice(&times);
        } else {
            mids.extend_from_slice(&times);
        }
    }
    assert!(!all.is_empty(), "no position to ask about");
    let mut sorted = all.clone();
    sorted.sort_by(f64::total_cmp);
    let (median, p99) = (percentile(&sorted, 50), percentile(&sorted, 99));
    log(&format!(
        "advice (best cards through the worker's handler and codec, one warm solver, {} of {} solve-board \
         positions, each asked three ways, every answer checked): {}; first call {:.1} ms; mean nodes {:.0}",
        vectors.len(),
        lines.len(),
        summary(&all),
        all[0],
        handler.nodes() as f64 / vectors.len() as f64,
    ));
    log(&format!("  opening leads: {}", summary(&leads)));
    if !mids.is_empty() {
        log(&format!("  mid-play: {}", summary(&mids)));
    }
    // The positions that set the p99 and the max, so a run says which to study.
    positions.sort_by(|a, b| b.0.total_cmp(&a.0));
    let dearest: Vec<String> = positions
        .iter()
        .take(3)
        .map(|(ms, line, nodes)| format!("line {line} {ms:.0} ms ({:.2} M nodes)", *nodes as f64 / 1e6))
        .collect();
    log(&format!("  dearest: {}", dearest.join(", ")));
    log(&format!(
        "  target (issue 6: median under 30 ms, p99 under 150 ms) on one thread, as where no pool can start: {}",
        if median < 30.0 && p99 < 150.0 { "met" } else { "NOT met" }
    ));
}

#[wasm_bindgen_test]
fn tables_of_the_bench_deals() {
    let wanted = count(option_env!("BENCH_TABLE_DEALS"), TABLE_DEALS);
    let vectors: Vec<_> = BENCH_DEALS.lines().take(wanted).map(table_vector).collect();
    let mut handler = Handler::new();
    let mut times = Vec::new();
    let start = now_ms();
    for (idx, vector) in vectors.iter().enumerate() {
        check_table(&mut timed(&mut handler, &mut times), idx as u64 + 1, vector);
    }
    let total_s = (now_ms() - start) / 1e3;
    let short = if vectors.len() < wanted {
        format!(" (only {} deals with known tables in the file, all used)", vectors.len())
    } else {
        String::new()
    };
    log(&format!(
        "tables (table and par of a deal through the worker's handler and codec, one thread, one warm solver, \
         {} deals of bench-deals.txt{short}, every table and par checked): {}; total {total_s:.1} s; \
         mean nodes {:.0}",
        vectors.len(),
        summary(&times),
        handler.nodes() as f64 / vectors.len().max(1) as f64,
    ));
    log("  tables on the thread pool: the next step of `cargo xtask bench` (crates/e2e, pool_bench)");
}
