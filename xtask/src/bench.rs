//! `cargo xtask bench`: the benchmarks, each printing its own figures.

use std::io::Write;

use anyhow::{bail, Context, Result};
use flate2::write::GzEncoder;
use flate2::Compression;

use crate::step::{cargo, run, step};
use crate::{project_root, run as app, tools};

/// The native benchmarks: (package, bench target, what it measures).
const BENCHES: &[(&str, &str, &str)] = &[
    ("bridge", "pbn", "PBN parse and format throughput"),
    ("training", "query", "board queries over 10,000 boards in memory"),
    ("training", "exchange", "PBN import plans, export and bulk rewrite over the PBN corpus"),
    ("double-dummy", "solver", "double-dummy tables, card analysis and memory"),
    ("server", "load", "the server under 200 readers and 20 sync pushers, then killed and restarted"),
];

/// The app's wasm, gzip-compressed, must stay under this many bytes.
const WASM_GZIP_BUDGET: usize = 700 * 1024;
/// The wasm of the solver's worker, loaded apart from the app's and outside its budget.
const WORKER_WASM: &str = "solver-worker_bg.wasm";

pub fn bench(args: &[String]) -> Result<()> {
    if let Some(arg) = args.first() {
        bail!("unknown option {arg:?} for `cargo xtask bench`");
    }
    // The server's load bench reads with wrk, a load generator of its own process.
    tools::debian_package("wrk", "/usr/bin/wrk")?;
    for (package, target, what) in BENCHES {
        step(&format!("bench {package}/{target}: {what}"), || {
            let mut bench = cargo();
            bench.args(["bench", "-p", package, "--bench", target]);
            run(bench)
        })?;
    }
    tools::wasm_target()?;
    tools::wasm_bindgen()?;
    tools::chromium()?;
    step("bench the store in headless Chromium: the boards list of 5,000 boards, a board's games among 1,000", || {
        let mut bench = cargo();
        bench
            // The profile the app ships with (`app-release`, optimised for size), so the
            // figure is the phone's.
            .args(["test", "--profile", "app-release", "--target", "wasm32-unknown-unknown", "-p", "bridge-training"])
            .args(["--test", "store_bench", "--", "--nocapture"])
            .env("PATH", tools::tool_path())
            .env("CHROMEDRIVER", tools::CHROMEDRIVER)
            .env("WASM_BINDGEN_TEST_TIMEOUT", "600");
        run(bench)
    })?;
    step("bench the solver worker in headless Chromium: advice and tables", || {
        // A dedicated worker answering through the worker's handler and codec.
        // `BENCH_BOARDS=N` and `BENCH_TABLE_DEALS=N` (read when it compiles)
        // shorten it; the full run (200 positions, 200 tables) takes about a minute on 2 cores.
        let mut bench = cargo();
        bench
            .args(["test", "--release", "--target", "wasm32-unknown-unknown", "-p", "solver-wasm"])
            .args(["--test", "worker_bench", "--", "--nocapture"])
            .env("PATH", tools::tool_path())
            .env("CHROMEDRIVER", tools::CHROMEDRIVER)
            .env("WASM_BINDGEN_TEST_TIMEOUT", "7200");
        run(bench)
    })?;
    tools::trunk()?;
    tools::wasm_opt()?;
    app::build_app()?;
    // The built app's threaded worker in an isolated page, over the same deals and
    // positions as the step above (`BENCH_TABLE_DEALS=N` and `BENCH_BOARDS=N`, read at
    // run time here; `BENCH_ROUNDS=N` the rounds of its advice passes).
    step(
        "bench the solver's thread pool in headless Chromium: tables and advice, single thread and on the pool",
        || browser_bench("pool_bench"),
    )?;
    // `BENCH_PLAY_BOARDS=N` and `BENCH_READ_MS=N` (read at run time) set the boards
    // played on each page and the time on each auction.
    step("bench what a learner waits for while playing boards in the built app, with and without the pool", || {
        browser_bench("play_bench")
    })?;
    step("size of the app's wasm", app_size)
}

/// Runs the e2e crate's benchmark `target` (`test = false`) on the built app
/// in headless Chromium, printing its figures.
fn browser_bench(target: &str) -> Result<()> {
    let mut bench = cargo();
    bench
        .args(["test", "-p", "e2e", "--test", target, "--", "--nocapture"])
        .env("E2E_DIST", project_root().join("dist"))
        .env("CHROMEDRIVER", tools::CHROMEDRIVER)
        .env("CHROMIUM", tools::CHROMIUM);
    run(bench)
}

/// Prints the size of each wasm file of `dist/`, raw and gzip-compressed;
/// the app's (every one but the solver worker's) must fit the budget. The
/// bench's last step, and a step of `cargo xtask test` once the app is built.
pub fn app_size() -> Result<()> {
    let dist = project_root().join("dist");
    let mut total_gzip = 0;
    for entry in std::fs::read_dir(&dist).with_context(|| format!("cannot read {}", dist.display()))? {
        let path = entry?.path();
        if path.extension().is_some_and(|ext| ext == "wasm") {
            let bytes = std::fs::read(&path)?;
            let mut gzip = GzEncoder::new(Vec::new(), Compression::best());
            gzip.write_all(&bytes)?;
            let compressed = gzip.finish()?.len();
            if path.file_name().is_some_and(|name| name == WORKER_WASM) {
                println!("{WORKER_WASM}: {} bytes, {compressed} bytes gzip (the solver worker's)", bytes.len());
                continue;
            }
            total_gzip += compressed;
            println!(
                "{}: {} bytes, {} bytes gzip ({:.0} KB of the {} KB budget)",
                path.file_name().map(|name| name.to_string_lossy()).unwrap_or_default(),
                bytes.len(),
                compressed,
                compressed as f64 / 1024.0,
                WASM_GZIP_BUDGET / 1024
            );
        }
    }
    let pool_wasm = dist.join("solver-mt").join("solver_mt_bg.wasm");
    if let Ok(bytes) = std::fs::read(&pool_wasm) {
        let mut gzip = GzEncoder::new(Vec::new(), Compression::best());
        gzip.write_all(&bytes)?;
        println!(
            "solver-mt/solver_mt_bg.wasm: {} bytes, {} bytes gzip (the thread pool's worker)",
            bytes.len(),
            gzip.finish()?.len()
        );
    }
    if total_gzip > WASM_GZIP_BUDGET {
        bail!("the app's wasm is {total_gzip} bytes gzip, over the {WASM_GZIP_BUDGET} byte budget");
    }
    Ok(())
}
