//! The shared DDS vectors in testdata/dd: tables, par and card values.
//! By default every mid-play record, the first table and the first opening
//! leads run; `DD_VECTORS=all` runs every vector, and
//! `DD_LISTS=1` also the optional DDS lists of ../shared/data/dd/dds-lists.

use std::path::PathBuf;

use double_dummy::Solver;

use crate::common::{check_board, check_table, par_text, parse_board_line, parse_table_line};

fn testdata(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/dd").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// How many vectors of a file to run: all with `DD_VECTORS=all`, else `lean`.
fn how_many(lean: usize) -> usize {
    match std::env::var("DD_VECTORS").as_deref() {
        Ok("all") => usize::MAX,
        _ => lean,
    }
}

#[test]
fn par_of_every_table() {
    // Par is computed from the file's own table: all 1200 tables are cheap.
    for file in ["dd-tables.txt", "bench-deals.txt"] {
        for line in testdata(file).lines() {
            let vector = parse_table_line(line);
            assert_eq!(par_text(&vector.table), vector.par, "par of {line}");
        }
    }
}

#[test]
fn dd_tables() {
    let mut solver = Solver::new();
    for line in testdata("dd-tables.txt").lines().take(how_many(1)) {
        check_table(&mut solver, &parse_table_line(line));
    }
}

#[test]
fn solve_board_mid_play() {
    let mut solver = Solver::new();
    let text = testdata("solve-board.jsonl");
    for line in text.lines().skip(1).step_by(2).take(how_many(100)) {
        check_board(&mut solver, &parse_board_line(line));
    }
}

#[test]
fn solve_board_opening_leads() {
    let mut solver = Solver::new();
    let text = testdata("solve-board.jsonl");
    for line in text.lines().step_by(2).take(how_many(3)) {
        check_board(&mut solver, &parse_board_line(line));
    }
}

#[test]
fn dds_lists() {
    if std::env::var_os("DD_LISTS").is_none() {
        eprintln!("dds-lists skipped: set DD_LISTS=1 to run them");
        return;
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/dd/dds-lists");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("dds-lists absent: {} not found; nothing checked", dir.display());
        return;
    };
    let mut names: Vec<PathBuf> = entries.filter_map(Result::ok).map(|entry| entry.path()).collect();
    names.sort();
    let mut solver = Solver::new();
    for path in names {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        let name = path.file_name().and_then(|name| name.to_str()).unwrap_or_default().to_owned();
        if name.ends_with(".dd-tables.txt") {
            for line in text.lines() {
                check_table(&mut solver, &parse_table_line(line));
            }
        } else if name.ends_with(".solve-board.jsonl") {
            for line in text.lines() {
                check_board(&mut solver, &parse_board_line(line));
            }
        }
        eprintln!("dds-lists: {name} matches");
    }
}

/// A known wrong answer, found by `DD_VECTORS=all`: in hearts the solver
/// gives North 8 tricks where DDS and the file say 7 (and East 5, not 6).
/// It fails with a fresh solver, with the quick-trick and sure-trump
/// cut-offs switched off, and already before the table changes of the
/// pons-dds benchmark branch, so the suspects are the table's patterns
/// (relevance masks) and the equivalent-card grouping. Ignored until fixed:
/// `cargo test -p double-dummy --release -- --ignored known_wrong`.
///
/// More of the same kind, only with a warm table: one solver solving lines
/// 64 on gets lines 67, 94, 122 and 128 wrong in one strain (too many tricks
/// for one side or the other) and line 155 in notrump, while a fresh solver
/// gets each of them right; the code before this branch's search changes
/// gets line 67 wrong the same way. Patterns kept from earlier deals or
/// strains answer for positions they do not cover, so `dd_tables` stops at
/// line 63 under `DD_VECTORS=all`.
#[test]
#[ignore = "known wrong answer under investigation"]
fn known_wrong_table_line_63() {
    let line = testdata("dd-tables.txt").lines().nth(62).expect("line 63 exists").to_owned();
    check_table(&mut Solver::new(), &parse_table_line(&line));
}
