//! The contract natively, every message through JSON and back.

use solver_wasm::{Handler, Pool, Request, Response};

use crate::common::{
    board_vector, check_best_cards, check_board, check_illegal_requests, check_table, table_vector, BOARDS, TABLES,
};

/// Every request and answer through JSON, and each read back as it was written.
fn over_json(handler: &mut Handler) -> impl FnMut(Request) -> Response + '_ {
    |request| {
        let read: Request = serde_json::from_str(&serde_json::to_string(&request).expect("a request serializes"))
            .expect("a request reads back");
        assert_eq!(read, request, "the request's round trip");
        let response = handler.handle(read);
        let read: Response = serde_json::from_str(&serde_json::to_string(&response).expect("a response serializes"))
            .expect("a response reads back");
        assert_eq!(read, response, "the answer's round trip");
        read
    }
}

#[test]
fn tables_and_par() {
    let mut handler = Handler::new();
    for (idx, line) in TABLES.lines().take(2).enumerate() {
        check_table(&mut over_json(&mut handler), idx as u64 + 1, &table_vector(line));
    }
}

#[test]
fn card_values_of_opening_leads_and_mid_play_positions() {
    let mut handler = Handler::new();
    // One handler for all: answers do not depend on what the table holds.
    for (idx, line) in BOARDS.lines().take(6).enumerate() {
        check_board(&mut over_json(&mut handler), idx as u64 + 1, &board_vector(line));
    }
}

#[test]
fn best_cards_of_opening_leads_and_mid_play_positions() {
    let mut handler = Handler::new();
    for (idx, line) in BOARDS.lines().take(6).enumerate() {
        check_best_cards(&mut over_json(&mut handler), idx as u64 + 1, &board_vector(line));
    }
}

/// The handler passes the position's value on to the solver: a new handler
/// told it searches fewer nodes than one that is not, for every card's
/// value and for the best cards, at an opening lead and mid-play.
#[test]
fn a_value_given_spares_the_handler_work() {
    use solver_wasm::RequestBody;
    for line in BOARDS.lines().take(4) {
        let vector = board_vector(line);
        let asked = [
            (RequestBody::Analyse(vector.position.clone()), RequestBody::Analyse(vector.knowing(0))),
            (RequestBody::BestCards(vector.position.clone()), RequestBody::BestCards(vector.knowing(0))),
        ];
        for (unknown, known) in asked {
            let nodes = |body: RequestBody| {
                let mut handler = Handler::new();
                let response = handler.handle(Request { id: 1, body });
                assert!(response.body.is_ok(), "an answer for {}", vector.line);
                handler.nodes()
            };
            let (without, with) = (nodes(unknown.clone()), nodes(known));
            assert!(with < without, "{with} nodes knowing the value, {without} without, for {unknown:?}");
        }
    }
}

#[test]
fn illegal_requests_get_error_answers() {
    let mut handler = Handler::new();
    check_illegal_requests(&mut over_json(&mut handler));
}

/// A pool's table as the threaded worker solves it: its rows apart, each on
/// a fresh solver (here one after the other).
fn rows_apart(deal: &bridge::Deal) -> Result<double_dummy::DdTable, double_dummy::PositionError> {
    let mut table = double_dummy::DdTable::default();
    for strain in bridge::Strain::ALL {
        table.tricks[strain.index()] = double_dummy::Solver::new().strain_tricks(deal, strain)?;
    }
    Ok(table)
}

/// A pool's advice as the threaded worker gives it: the handler's solver
/// on three threads sharing its table.
fn on_three_threads(
    solver: &mut double_dummy::Solver,
    position: &double_dummy::Position,
    value: Option<u8>,
) -> Vec<double_dummy::CardValue> {
    solver.analyse_on(position, value, &double_dummy::ScopedThreads(3))
}

#[test]
fn a_handler_with_a_pool_gives_the_same_answers_and_says_its_threads() {
    use solver_wasm::{RequestBody, ResponseBody};

    let mut single = Handler::new();
    let answer = over_json(&mut single)(Request { id: 1, body: RequestBody::Threads });
    assert_eq!(answer.body, Ok(ResponseBody::Threads(1)));

    let pool = Pool { table: rows_apart, analyse: on_three_threads, threads: 3 };
    let mut pooled = Handler::with_pool(pool);
    let answer = over_json(&mut pooled)(Request { id: 1, body: RequestBody::Threads });
    assert_eq!(answer.body, Ok(ResponseBody::Threads(3)));
    for (idx, line) in TABLES.lines().take(2).enumerate() {
        check_table(&mut over_json(&mut pooled), idx as u64 + 2, &table_vector(line));
    }
    for (idx, line) in BOARDS.lines().take(6).enumerate() {
        check_board(&mut over_json(&mut pooled), idx as u64 + 10, &board_vector(line));
    }
    check_illegal_requests(&mut over_json(&mut pooled));
}
