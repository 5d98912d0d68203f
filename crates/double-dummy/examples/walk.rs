//! Walks the search tree beside pons-dds's: for a position and a target,
//! one null-window search (`Solver::reaches`) of the position and of the
//! position after each legal card, ours and pons-dds's, each from an empty
//! table, with their trick starts. Following the card where ours takes many
//! times pons-dds's trick starts, card after card, finds where our order or
//! our cut-offs fall behind.
//!
//! `cargo run --release -p double-dummy --example walk --features
//! profiling,pons-dds/profiling -- LINE STRAIN LEADER TARGET` from the
//! workspace root: the deal of line LINE (from 0) of bench-deals.txt
//! (`FILE=` another file of `testdata/dd/`, or `DEAL=` a PBN deal), led by
//! LEADER, with TARGET the tricks North-South take from the deal. `SEQ="SA
//! S3 ..."` plays those cards first (TARGET stays counted from the deal).
//! Within a trick, pons-dds sometimes answers without reaching a trick
//! start: it then shows 1. "our order" is the order in which our search
//! scores the groups at the position, from a new solver (`Solver::move_order`).

use bridge::{Card, Seat, Strain};
use double_dummy::{Position, Solver};

#[path = "common/pons.rs"]
mod pons;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 4 {
        eprintln!("usage: walk LINE STRAIN LEADER TARGET (see the example's doc)");
        std::process::exit(2);
    }
    let deal = std::env::var("DEAL").unwrap_or_else(|_| {
        let file = std::env::var("FILE").unwrap_or_else(|_| "bench-deals.txt".to_owned());
        let text = std::fs::read_to_string(format!("testdata/dd/{file}")).expect("run from the workspace root");
        let line = text.lines().nth(args[0].parse().expect("a line number")).expect("the line exists");
        line.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
    });
    let strain: Strain = args[1].parse().expect("a strain");
    let leader: Seat = args[2].parse().expect("a seat");
    let mut target: i32 = args[3].parse().expect("a trick count");
    let mut position = Position::from_pbn(&deal, strain, leader, &[]).expect("a legal deal");
    for text in std::env::var("SEQ").unwrap_or_default().split_whitespace() {
        let card: Card = text.parse().expect("a card");
        (position, target) = after(&position, card, target);
    }
    println!("{} to play, {} tricks left", position.to_play(), position.tricks_left());
    compare("root", &position, target);
    let order = Solver::new().move_order(&position);
    println!("  our order: {}", order.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "));
    for card in position.legal_cards().iter() {
        let (next, next_target) = after(&position, card, target);
        compare(&card.to_string(), &next, next_target);
    }
}

/// The position after `card`, and North-South's target from there.
fn after(position: &Position, card: Card, target: i32) -> (Position, i32) {
    let next = position.play(card).expect("a legal card");
    let won = position.played_len() == 3 && next.leader().index() & 1 == 0;
    (next, target - i32::from(won))
}

/// Prints whether North-South take `target` from `position`, and the trick
/// starts each solver took to tell.
fn compare(label: &str, position: &Position, target: i32) {
    let n = position.tricks_left() as i32;
    let ns_player = position.to_play().index() & 1 == 0;
    // The tricks the side to play needs for North-South to reach `target`,
    // or to keep them below it.
    let tricks = if ns_player { target } else { n + 1 - target };
    let mut solver = Solver::new();
    // Out of 0..=n + 1, the answer is the same as at its end.
    let reached = solver.reaches(position, tricks.clamp(0, n + 1) as u8);
    let ns_reach = reached == ns_player;
    let ours: u64 = solver.stats().entries.iter().sum();
    let theirs = if (1..=n).contains(&tricks) { pons_trick_starts(position, tricks as u8) } else { 0 };
    println!(
        "{label:>5}: NS >= {target:>2}: {ns_reach:5}  ours {ours:>9}  pons-dds {theirs:>9}  ratio {:.2}",
        ours as f64 / theirs.max(1) as f64
    );
}

/// pons-dds's trick starts to find a card of the side to play that takes
/// `tricks`, from an empty table.
fn pons_trick_starts(position: &Position, tricks: u8) -> u64 {
    let board = pons::pons_board(position);
    let mut solver = pons_dds::Solver::new(pons::pons_strain(position.trump()));
    let _ = solver.solve_board(&pons_dds::Objective {
        board,
        target: pons_dds::Target::Any(Some(pons_dds::TrickCount::new(tricks))),
    });
    solver.search_stats().node0_entries
}
