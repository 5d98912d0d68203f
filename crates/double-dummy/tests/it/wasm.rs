//! The same contract on wasm32, in the browser: a subset of the shared
//! vectors, embedded at build time (the test files, not their answers).

use double_dummy::Solver;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::common::{check_board, par_text, parse_board_line, parse_table_line};

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

const TABLES: &str = include_str!("../../../../testdata/dd/dd-tables.txt");
const BOARDS: &str = include_str!("../../../../testdata/dd/solve-board.jsonl");

#[wasm_bindgen_test]
fn par_of_every_table() {
    for line in TABLES.lines() {
        let vector = parse_table_line(line);
        assert_eq!(par_text(&vector.table), vector.par, "par of {line}");
    }
}

#[wasm_bindgen_test]
fn mid_play_positions() {
    let mut solver = Solver::new();
    // The later positions of the file (fewest tricks left) keep the browser run short.
    let vectors: Vec<_> = BOARDS.lines().skip(1).step_by(2).map(parse_board_line).collect();
    for vector in vectors.iter().filter(|vector| vector.position.tricks_left() <= 10).take(5) {
        check_board(&mut solver, vector);
    }
}
