//! The vectors as requests, and the checks of their answers; shared by the
//! native and the browser tests, which differ only in how a message crosses.

use bridge::{Card, Seat, Strain, Vulnerability};
use double_dummy::{DdTable, Position, Solver};
use solver_wasm::{PositionMsg, Request, RequestBody, Response, ResponseBody, SolverError};

/// The vector files, read at build time so the browser tests have them too.
pub const TABLES: &str = include_str!("../../../../testdata/dd/dd-tables.txt");
pub const BOARDS: &str = include_str!("../../../../testdata/dd/solve-board.jsonl");

/// One line of dd-tables.txt: the deal, the 20 values in the file's order
/// and the par text (dealer North, nobody vulnerable).
pub struct TableVector {
    pub deal: String,
    pub values: [u8; 20],
    pub par: String,
}

pub fn table_vector(line: &str) -> TableVector {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(tokens.len(), 26, "26 tokens in {line}");
    let mut values = [0u8; 20];
    for (value, token) in values.iter_mut().zip(&tokens[4..24]) {
        *value = token.parse().expect("a trick count");
    }
    TableVector { deal: tokens[..4].join(" "), values, par: format!("{} {}", tokens[24], tokens[25]) }
}

/// One line of solve-board.jsonl: the position as a message and every legal card's value.
pub struct BoardVector {
    pub position: PositionMsg,
    pub tricks_left: u64,
    pub cards: Vec<(Card, u8)>,
    pub line: String,
}

pub fn board_vector(line: &str) -> BoardVector {
    let record: serde_json::Value = serde_json::from_str(line).expect("a JSON record");
    let text = |key: &str| record[key].as_str().unwrap_or_else(|| panic!("{key} in {line}")).to_owned();
    let played = record["played"]
        .as_array()
        .expect("played")
        .iter()
        .map(|card| card.as_str().expect("a card").parse().expect("a card"))
        .collect();
    let position = PositionMsg {
        hands: text("deal"),
        trump: text("trump").parse().expect("a strain"),
        leader: text("leader").parse().expect("a seat"),
        played,
        value: None,
    };
    let mut cards: Vec<(Card, u8)> = record["cards"]
        .as_object()
        .expect("cards")
        .iter()
        .map(|(card, value)| {
            (card.parse().expect("a card"), u8::try_from(value.as_u64().expect("a count")).expect("a small count"))
        })
        .collect();
    // The file's order (spades first, each suit from the ace) is the
    // answer's order too; serde_json reads the keys sorted as text.
    cards.sort_by_key(|(card, _)| std::cmp::Reverse(*card));
    let tricks_left = record["tricks_left"].as_u64().expect("tricks_left");
    BoardVector { position, tricks_left, cards, line: line.to_owned() }
}

/// Asks for the table and par of `vector` and checks both.
#[track_caller]
pub fn check_table(ask: &mut impl FnMut(Request) -> Response, id: u64, vector: &TableVector) {
    let body = RequestBody::Par { deal: vector.deal.clone(), vulnerability: Vulnerability::None, dealer: Seat::North };
    let response = ask(Request { id, body });
    assert_eq!(response.id, id, "the answer's id");
    let Ok(ResponseBody::Par { table, par }) = response.body else {
        panic!("no table and par for {}: {:?}", vector.deal, response.body)
    };
    assert_eq!(DdTable::from(table).to_vector_order(), vector.values, "table of {}", vector.deal);
    let par_text = format!("par_ns={} contracts={}", par.score, par.contracts_text());
    assert_eq!(par_text, vector.par, "par of {}", vector.deal);
}

impl BoardVector {
    /// The position's value: its best card's.
    pub fn value(&self) -> u8 {
        self.cards.iter().map(|(_, tricks)| *tricks).max().expect("a legal card")
    }

    /// The position as asked by an app that knows its value, or a value
    /// `more` tricks above it.
    pub fn knowing(&self, more: u8) -> PositionMsg {
        self.position.clone().knowing(Some(self.value() + more))
    }

    /// The position asked three ways, each named: without its value, with
    /// it, and with a value one trick too high (which costs time only).
    fn asked(&self) -> [(PositionMsg, &'static str); 3] {
        [(self.position.clone(), "unknown"), (self.knowing(0), "known"), (self.knowing(1), "too high")]
    }
}

/// Asks for every card's value in the position of `vector` and checks them;
/// then again with the position's value given, as the app gives it once it
/// knows it, and with a value one trick too high: the same values each way.
#[track_caller]
pub fn check_board(ask: &mut impl FnMut(Request) -> Response, id: u64, vector: &BoardVector) {
    for (idx, (position, value)) in vector.asked().into_iter().enumerate() {
        let id = id * 3 + idx as u64;
        let response = ask(Request { id, body: RequestBody::Analyse(position) });
        assert_eq!(response.id, id, "the answer's id");
        let Ok(ResponseBody::Analyse(values)) = response.body else {
            panic!("no card values for {} (value {value}): {:?}", vector.line, response.body)
        };
        let values: Vec<(Card, u8)> = values.iter().map(|value| (value.card, value.tricks)).collect();
        assert_eq!(values, vector.cards, "card values of {} (value {value})", vector.line);
        assert!(
            values.iter().all(|(_, tricks)| u64::from(*tricks) <= vector.tricks_left),
            "values over the tricks left"
        );
    }
}

/// Asks for the best cards of the position of `vector` and checks them: its
/// best value and exactly the cards worth it, in the file's order, as
/// `double_dummy::Solver::best_cards` answers; the same when the position's
/// value is given, or one too high (when no card reaches the value given,
/// the worker finds the position's own).
#[track_caller]
pub fn check_best_cards(ask: &mut impl FnMut(Request) -> Response, id: u64, vector: &BoardVector) {
    let first = check_best_answers(ask, id, vector);
    let position = &vector.position;
    let position = Position::from_pbn(&position.hands, position.trump, position.leader, &position.played)
        .expect("a vector's position is legal");
    let solver = Solver::new().best_cards(&position);
    assert_eq!(first, solver, "the solver's best cards of {}", vector.line);
}

/// [`check_best_cards`] but for the native solver's own answer: the worker's
/// three answers checked against the file, whose best value and cards (what
/// each answer was) are returned.
#[track_caller]
pub fn check_best_answers(ask: &mut impl FnMut(Request) -> Response, id: u64, vector: &BoardVector) -> (u8, Vec<Card>) {
    let best = vector.value();
    let best_cards: Vec<Card> =
        vector.cards.iter().filter(|(_, tricks)| *tricks == best).map(|(card, _)| *card).collect();
    for (idx, (position, given)) in vector.asked().into_iter().enumerate() {
        let id = id * 3 + idx as u64;
        let response = ask(Request { id, body: RequestBody::BestCards(position) });
        assert_eq!(response.id, id, "the answer's id");
        let Ok(ResponseBody::BestCards { value, cards }) = response.body else {
            panic!("no best cards for {} (value {given}): {:?}", vector.line, response.body)
        };
        assert_eq!((value, &cards), (best, &best_cards), "best cards of {} (value {given})", vector.line);
    }
    (best, best_cards)
}

/// Whether an error has the code a request must get.
type IsExpected = fn(&SolverError) -> bool;

/// Requests no solver can answer, each with the error code it must get.
pub fn illegal_requests() -> Vec<(RequestBody, IsExpected)> {
    let deal = "N:AKQ2.KQ3.A54.K32 JT9.JT98.KQJ.QJT 8765.A2.T9876.A9 43.7654.32.87654";
    let position = |hands: &str, leader: Seat, played: &[&str]| {
        RequestBody::Analyse(PositionMsg {
            hands: hands.to_owned(),
            trump: Strain::NoTrump,
            leader,
            played: played.iter().map(|card| card.parse().expect("a card")).collect(),
            value: None,
        })
    };
    let best_cards = |hands: &str, leader: Seat| {
        RequestBody::BestCards(PositionMsg {
            hands: hands.to_owned(),
            trump: Strain::Spades,
            leader,
            played: Vec::new(),
            value: None,
        })
    };
    // A value of more tricks than are left.
    let over = |body: RequestBody| match body {
        RequestBody::Analyse(position) => RequestBody::Analyse(position.knowing(Some(14))),
        RequestBody::BestCards(position) => RequestBody::BestCards(position.knowing(Some(14))),
        other => other,
    };
    let is_deal: IsExpected = |err| matches!(err, SolverError::Deal(_));
    let is_position: IsExpected = |err| matches!(err, SolverError::Position(_));
    vec![
        (RequestBody::Table { deal: "not a deal".to_owned() }, is_deal),
        (RequestBody::Table { deal: "N:AKQ2.KQ3.A54.K32 - - -".to_owned() }, is_position),
        (RequestBody::Table { deal: "N:- - - -".to_owned() }, is_position),
        (
            RequestBody::Par {
                deal: "N:AKQ2.KQ3.A54.K32 AKQ2.KQ3.A54.K32 - -".to_owned(),
                vulnerability: Vulnerability::Both,
                dealer: Seat::South,
            },
            is_deal,
        ),
        (position("N:AKQ2.KQ3.A54.K32", Seat::West, &[]), is_deal),
        (position(&deal.replace("JT9.", "JT9A."), Seat::West, &[]), is_position),
        // West led the deuce of clubs, North discards holding clubs.
        (
            position("N:AKQ.KQ3.A54.K32 JT9.JT98.KQJ.QJT 8765.A2.T9876.A9 43.7654.32.8765", Seat::West, &["C4", "S2"]),
            is_position,
        ),
        // A card played to the trick is still in a hand.
        (
            position("N:AKQ2.KQ3.A54.K32 JT9.JT98.KQJ.QJT 8765.A2.T9876.A9 43.7654.32.8765", Seat::West, &["C2"]),
            is_position,
        ),
        (position(deal, Seat::West, &["C2", "C3", "C4", "C5"]), is_position),
        // The same checks when only the best cards are asked.
        (best_cards("N:AKQ2.KQ3.A54.K32", Seat::West), is_deal),
        (best_cards(&deal.replace("JT9.", "JT9A."), Seat::West), is_position),
        // A legal position with a value of more tricks than are left.
        (over(position(deal, Seat::West, &[])), is_position),
        (over(best_cards(deal, Seat::West)), is_position),
    ]
}

/// Every illegal request gets its error answer, under its id.
#[track_caller]
pub fn check_illegal_requests(ask: &mut impl FnMut(Request) -> Response) {
    for (idx, (body, is_expected)) in illegal_requests().into_iter().enumerate() {
        let id = 1000 + idx as u64;
        let response = ask(Request { id, body: body.clone() });
        assert_eq!(response.id, id, "the answer's id");
        match &response.body {
            Err(err) if is_expected(err) => {}
            other => panic!("{body:?} answered {other:?}"),
        }
    }
}
