//! Benchmark: read 5,000 stored board records back into boards, as the app
//! does when it opens (JSON text → record → migrate → gate), step by step.
//!
//! `cargo bench -p training --bench records` prints the median of each step
//! over repeated runs.

use std::time::Instant;

use training::{read_board_record, read_board_record_text, Board, BoardRecord};

const N_BOARDS: usize = 5_000;
const RUNS: usize = 9;
const BOARD_V1: &str = include_str!("../tests/data/board-record-v1.json");

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn time<T>(mut run: impl FnMut() -> T) -> (f64, T) {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..RUNS {
        let start = Instant::now();
        last = Some(run());
        times.push(start.elapsed().as_secs_f64() * 1e3);
    }
    (median(times), last.expect("at least one run"))
}

fn main() {
    let template: serde_json::Value = serde_json::from_str(BOARD_V1).expect("the fixture is JSON");
    let texts: Vec<String> = (0..N_BOARDS)
        .map(|idx| {
            let mut json = template.clone();
            json["id"] = format!("bench-{idx}").into();
            json["metadata"]["name"] = format!("Board {idx}").into();
            serde_json::to_string(&json).expect("JSON text")
        })
        .collect();
    let (parse, values) = time(|| {
        texts.iter().map(|text| serde_json::from_str::<serde_json::Value>(text).expect("JSON")).collect::<Vec<_>>()
    });
    let (read, boards) =
        time(|| values.iter().map(|value| read_board_record(value).expect("readable")).collect::<Vec<Board>>());
    let (direct, direct_boards) =
        time(|| texts.iter().map(|text| read_board_record_text(text).expect("readable")).collect::<Vec<Board>>());
    assert_eq!(boards, direct_boards, "both paths read the same boards");
    let (typed, records) = time(|| {
        texts.iter().map(|text| serde_json::from_str::<BoardRecord>(text).expect("a record")).collect::<Vec<_>>()
    });
    let (gated, _) =
        time(|| records.iter().cloned().map(|record| record.into_board().expect("readable")).collect::<Vec<Board>>());
    println!(
        "training records, {N_BOARDS} boards (median of {RUNS}): JSON text to value {parse:.1} ms, \
         value to board {read:.1} ms (total {:.1} ms); text to board directly {direct:.1} ms \
         (text to record {typed:.1} ms, record to board through the gate {gated:.1} ms)",
        parse + read
    );
}
