//! The contract in headless Chromium: the handler the worker runs, every
//! message encoded and decoded by `gloo-worker`'s codec as on its way to
//! and from the worker; and a client whose worker script does not load,
//! whose requests fail instead of waiting forever. (The worker itself,
//! spawned by the built app, is checked end to end in `crates/e2e`.)

use std::time::Duration;

use gloo_worker::{Bincode, Codec};
use solver_wasm::{ClientError, Handler, Request, Response, SolverClient};
use wasm_bindgen_test::wasm_bindgen_test;

use crate::common::{
    board_vector, check_best_cards, check_board, check_illegal_requests, check_table, table_vector, BOARDS, TABLES,
};

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

fn over_the_wire(handler: &mut Handler) -> impl FnMut(Request) -> Response + '_ {
    |request| {
        let request: Request = Bincode::decode(Bincode::encode(request));
        Bincode::decode(Bincode::encode(handler.handle(request)))
    }
}

#[wasm_bindgen_test]
fn a_table_and_its_par() {
    let mut handler = Handler::new();
    let line = TABLES.lines().next().expect("a first table");
    check_table(&mut over_the_wire(&mut handler), 1, &table_vector(line));
}

#[wasm_bindgen_test]
fn card_values_of_positions_in_play() {
    let mut handler = Handler::new();
    // The mid-play records with fewest tricks left keep the browser run short;
    // one handler answers them all, as the worker does through a game.
    let vectors = BOARDS.lines().skip(1).step_by(2).map(board_vector).filter(|vector| vector.tricks_left <= 10);
    for (idx, vector) in vectors.take(8).enumerate() {
        check_board(&mut over_the_wire(&mut handler), idx as u64 + 1, &vector);
    }
}

#[wasm_bindgen_test]
fn best_cards_of_positions_in_play() {
    let mut handler = Handler::new();
    let vectors = BOARDS.lines().skip(1).step_by(2).map(board_vector).filter(|vector| vector.tricks_left <= 10);
    for (idx, vector) in vectors.take(4).enumerate() {
        check_best_cards(&mut over_the_wire(&mut handler), idx as u64 + 1, &vector);
    }
}

#[wasm_bindgen_test]
fn illegal_requests_get_error_answers() {
    let mut handler = Handler::new();
    check_illegal_requests(&mut over_the_wire(&mut handler));
}

#[wasm_bindgen_test]
async fn a_worker_whose_script_does_not_load_fails_requests_as_unavailable() {
    // No such script: the worker never starts, and gloo-worker would keep the requests forever.
    let client = SolverClient::spawn_with_timeout("no-such-solver-worker.js", Duration::from_millis(1500));
    assert!(!client.is_unavailable(), "given up only after its time to start");
    assert_eq!(client.threads().await, Err(ClientError::Unavailable));
    // A request after the worker was given up fails at once; a clone knows it too (the app then starts another).
    assert!(client.clone().is_unavailable());
    assert_eq!(client.threads().await, Err(ClientError::Unavailable));
}
