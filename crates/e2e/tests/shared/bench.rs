//! What the benches in headless Chromium share (`pool_bench` and
//! `play_bench`): the deals of `testdata/dd/bench-deals.txt`, their figures'
//! summary and the environment's numbers.

use anyhow::{bail, Result};
use double_dummy::DdTable;

/// The first `count` deals of `testdata/dd/bench-deals.txt`, each with its
/// table: the deal in PBN (`N:AKQ2.… …`) and its 20 trick counts.
pub fn bench_deals(count: usize) -> Result<Vec<(String, DdTable)>> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/dd/bench-deals.txt"))?;
    text.lines().take(count).map(vector).collect()
}

/// A line of bench-deals.txt: the deal and its table.
fn vector(line: &str) -> Result<(String, DdTable)> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.len() != 26 {
        bail!("26 tokens expected in {line}");
    }
    let mut values = [0u8; 20];
    for (value, token) in values.iter_mut().zip(&tokens[4..24]) {
        *value = token.parse()?;
    }
    Ok((tokens[..4].join(" "), DdTable::from_vector_order(values)))
}

/// The value at `percent` of sorted `times` (nearest rank).
pub fn percentile(sorted: &[f64], percent: usize) -> f64 {
    let rank = (sorted.len() * percent).div_ceil(100).max(1);
    sorted[rank - 1]
}

/// A sorted copy of `times`, for [`percentile`].
pub fn sorted(times: &[f64]) -> Vec<f64> {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted
}

/// `times` in milliseconds as their count, median, p90, p99, max and total.
pub fn summary(times: &[f64]) -> String {
    if times.is_empty() {
        return "n=0".to_owned();
    }
    let sorted = sorted(times);
    format!(
        "n={}, median {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms, total {:.1} s",
        sorted.len(),
        percentile(&sorted, 50),
        percentile(&sorted, 90),
        percentile(&sorted, 99),
        sorted[sorted.len() - 1],
        sorted.iter().sum::<f64>() / 1000.0
    )
}

/// The number the environment variable `name` holds, if any.
pub fn env_number(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|n| n.parse().ok())
}
