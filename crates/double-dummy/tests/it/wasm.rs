//! The same contract on wasm32, in the browser: a subset of the shared
//! vectors, embedded at build time (the test files, not their answers).

use double_dummy::Solver;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::common::{check_board, check_table, par_text, parse_board_line, parse_table_line};

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
fn first_table() {
    let mut solver = Solver::new();
    for line in TABLES.lines().take(1) {
        check_table(&mut solver, &parse_table_line(line));
    }
}

#[wasm_bindgen_test]
fn mid_play_positions() {
    let mut solver = Solver::new();
    for line in BOARDS.lines().skip(1).step_by(2).take(10) {
        check_board(&mut solver, &parse_board_line(line));
    }
}
