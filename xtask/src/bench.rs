//! `cargo xtask bench`: the benchmarks, each printing its own figures.

use anyhow::{bail, Result};

use crate::step::{cargo, run, step};

/// The benchmarks: (package, bench target, what it measures).
const BENCHES: &[(&str, &str, &str)] = &[
    ("bridge", "pbn", "PBN parse and format throughput"),
    ("training", "query", "board queries over 10,000 boards in memory"),
    ("double-dummy", "solver", "double-dummy tables, card analysis and memory"),
];

pub fn bench(args: &[String]) -> Result<()> {
    if let Some(arg) = args.first() {
        bail!("unknown option {arg:?} for `cargo xtask bench`");
    }
    for (package, target, what) in BENCHES {
        step(&format!("bench {package}/{target}: {what}"), || {
            let mut bench = cargo();
            bench.args(["bench", "-p", package, "--bench", target]);
            run(bench)
        })?;
    }
    Ok(())
}
