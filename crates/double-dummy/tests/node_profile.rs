//! The solver compiled to wasm and run in Node, for a profile of where the
//! browser's time goes (run by hand, not by the tests: `test = false`).
//! It solves the tables of the first `PROFILE_DEALS` deals of
//! bench-deals.txt (default 8; read at compile time, as a wasm test sees no
//! environment) with one solver of `PROFILE_MB` MiB (default 64), and checks
//! them (tables and par). Node's V8 compiles wasm as Chromium's does.
//!
//! ```text
//! cargo build --release --target wasm32-unknown-unknown -p double-dummy --test node_profile
//! mkdir -p /tmp/node-cpu && printf '#!/bin/sh\nexec /usr/bin/node --cpu-prof --cpu-prof-dir=/tmp/node-cpu "$@"\n' > /tmp/node-cpu/node
//! chmod +x /tmp/node-cpu/node
//! PATH=/tmp/node-cpu:$PATH wasm-bindgen-test-runner target/wasm32-unknown-unknown/release/deps/node_profile-*.wasm
//! ```
//!
//! The runner starts `node` from the `PATH` (it refuses `--cpu-prof` in
//! `NODE_OPTIONS`), so the wrapper adds the flag; the `.cpuprofile` written
//! there holds each wasm function's samples by name (Chromium's DevTools
//! read it, or any script summing `timeDeltas` per node's function).
//! Wall times of whole runs differ by 10 to 15% from one run to the next on
//! this machine; a function's share of the profile is steadier.
#![cfg(target_arch = "wasm32")]

#[path = "it/common.rs"]
mod common;

use common::{check_table, parse_table_line};
use double_dummy::Solver;
use wasm_bindgen_test::wasm_bindgen_test;

const DEALS: &str = include_str!("../../../testdata/dd/bench-deals.txt");

/// A count given at compile time, else `default`.
fn count(value: Option<&str>, default: usize) -> usize {
    value.and_then(|text| text.trim().parse().ok()).unwrap_or(default)
}

#[wasm_bindgen_test]
fn tables_of_the_bench_deals() {
    let mut solver = Solver::with_memory(count(option_env!("PROFILE_MB"), 64) << 20);
    for line in DEALS.lines().take(count(option_env!("PROFILE_DEALS"), 8)) {
        check_table(&mut solver, &parse_table_line(line));
    }
}
