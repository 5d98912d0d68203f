//! Parsing the vector files and checking one vector; shared by the native
//! and the wasm tests.
#![cfg_attr(target_arch = "wasm32", allow(dead_code))]

use bridge::{Card, Deal, Seat, Strain, Vulnerability};
use double_dummy::{par, DdTable, Position, Solver};

/// One line of dd-tables.txt: the deal, the 20 values and the par text.
pub struct TableVector {
    pub deal: Deal,
    pub table: DdTable,
    pub par: String,
}

pub fn parse_table_line(line: &str) -> TableVector {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(tokens.len(), 26, "26 tokens in {line}");
    let deal: Deal = tokens[..4].join(" ").parse().expect("the vector's deal parses");
    let mut values = [0u8; 20];
    for (value, token) in values.iter_mut().zip(&tokens[4..24]) {
        *value = token.parse().expect("a trick count");
    }
    TableVector { deal, table: DdTable::from_vector_order(values), par: format!("{} {}", tokens[24], tokens[25]) }
}

/// The par text of the vector files: `par_ns=... contracts=...`.
pub fn par_text(table: &DdTable) -> String {
    let par = par(table, Vulnerability::None, Seat::North);
    format!("par_ns={} contracts={par}", par.score)
}

#[track_caller]
pub fn check_table(solver: &mut Solver, vector: &TableVector) {
    let table = solver.table(&vector.deal).expect("a full deal");
    assert_eq!(table, vector.table, "table of {}", vector.deal);
    assert_eq!(par_text(&table), vector.par, "par of {}", vector.deal);
}

/// One line of solve-board.jsonl: the position and the expected values.
pub struct BoardVector {
    pub position: Position,
    pub cards: Vec<(Card, u8)>,
    pub line: String,
}

pub fn parse_board_line(line: &str) -> BoardVector {
    let record: serde_json::Value = serde_json::from_str(line).expect("a JSON record");
    let text = |key: &str| record[key].as_str().unwrap_or_else(|| panic!("{key} in {line}")).to_owned();
    let trump: Strain = text("trump").parse().expect("trump");
    let leader: Seat = text("leader").parse().expect("leader");
    let played: Vec<Card> = record["played"]
        .as_array()
        .expect("played")
        .iter()
        .map(|card| card.as_str().expect("a card").parse().expect("a card"))
        .collect();
    let position = Position::from_pbn(&text("deal"), trump, leader, &played).expect("a legal position");
    let cards = record["cards"]
        .as_object()
        .expect("cards")
        .iter()
        .map(|(card, value)| (card.parse().expect("a card"), value.as_u64().expect("a count") as u8))
        .collect();
    BoardVector { position, cards, line: line.to_owned() }
}

#[track_caller]
pub fn check_board(solver: &mut Solver, vector: &BoardVector) {
    let values: Vec<(Card, u8)> = solver.analyse(&vector.position).iter().map(|v| (v.card, v.tricks)).collect();
    assert_eq!(values, vector.cards, "card values of {}", vector.line);
    let (best, best_cards) = best_of(&values);
    assert_eq!(solver.solve(&vector.position), best, "value of {}", vector.line);
    assert_eq!(solver.best_cards(&vector.position), (best, best_cards), "best cards of {}", vector.line);
}

/// The highest value of `cards` and the cards worth it, in their order:
/// what `Solver::best_cards` answers.
pub fn best_of(cards: &[(Card, u8)]) -> (u8, Vec<Card>) {
    let value = cards.iter().map(|(_, tricks)| *tricks).max().expect("a legal card");
    (value, cards.iter().filter(|(_, tricks)| *tricks == value).map(|(card, _)| *card).collect())
}
