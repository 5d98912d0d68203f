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

/// A pool's rows as the threaded worker solves them: each on a fresh
/// solver (here one after the other).
fn rows_apart(deal: &bridge::Deal, strains: &[bridge::Strain]) -> Result<Vec<[u8; 4]>, double_dummy::PositionError> {
    strains.iter().map(|&strain| double_dummy::Solver::new().strain_tricks(deal, strain)).collect()
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

/// A pool's robots' cards as the threaded worker finds them: the handler's
/// solver on three threads sharing its table.
fn best_on_three_threads(
    solver: &mut double_dummy::Solver,
    position: &double_dummy::Position,
    value: Option<u8>,
) -> (u8, Vec<bridge::Card>) {
    solver.best_cards_on(position, value, &double_dummy::ScopedThreads(3))
}

/// A pool of three threads as the threaded worker's.
const THREE_THREADS: Pool =
    Pool { table: rows_apart, analyse: on_three_threads, best_cards: best_on_three_threads, threads: 3 };

#[test]
fn a_handler_with_a_pool_gives_the_same_answers_and_says_its_threads() {
    use solver_wasm::{RequestBody, ResponseBody};

    let mut single = Handler::new();
    let answer = over_json(&mut single)(Request { id: 1, body: RequestBody::Threads });
    assert_eq!(answer.body, Ok(ResponseBody::Threads(1)));

    let mut pooled = Handler::with_pool(THREE_THREADS);
    let answer = over_json(&mut pooled)(Request { id: 1, body: RequestBody::Threads });
    assert_eq!(answer.body, Ok(ResponseBody::Threads(3)));
    for (idx, line) in TABLES.lines().take(2).enumerate() {
        check_table(&mut over_json(&mut pooled), idx as u64 + 2, &table_vector(line));
    }
    for (idx, line) in BOARDS.lines().take(6).enumerate() {
        check_board(&mut over_json(&mut pooled), idx as u64 + 10, &board_vector(line));
        check_best_cards(&mut over_json(&mut pooled), idx as u64 + 20, &board_vector(line));
    }
    check_illegal_requests(&mut over_json(&mut pooled));
}

/// A table is solved a row at a time by a handler without a pool, and a
/// row per thread with one (3 threads: two steps for five strains), the
/// play's questions answered between the steps as if the table were not
/// there; the table and par come out the same as in one go.
#[test]
fn a_table_is_solved_in_steps_with_the_plays_questions_between_them() {
    use solver_wasm::{Begun, RequestBody};

    let vector = table_vector(TABLES.lines().next().expect("a table vector"));
    let boards: Vec<_> = BOARDS.lines().take(20).map(board_vector).collect();
    // On one thread a step per declarer and strain; on the pool a strain per thread.
    for (mut handler, steps) in [(Handler::new(), 20), (Handler::with_pool(THREE_THREADS), 2)] {
        let body = RequestBody::Par {
            deal: vector.deal.clone(),
            vulnerability: bridge::Vulnerability::None,
            dealer: bridge::Seat::North,
        };
        let Begun::Table(mut work) = handler.begin(Request { id: 1, body }) else {
            panic!("a par request answered at once")
        };
        let mut boards = boards.iter();
        let mut answer = None;
        for step in 1..=steps {
            // A question of the play between two steps.
            let board = boards.next().expect("a board vector");
            check_board(&mut |request| handler.handle(request), step + 1, board);
            answer = handler.advance(&mut work);
            assert_eq!(answer.is_some(), step == steps, "step {step} of {steps}");
        }
        let answer = answer.expect("the table's answer");
        check_table(&mut |_| answer.clone(), 1, &vector);
        // A step after the last gives the answer again.
        let again = handler.advance(&mut work).expect("the answer again");
        check_table(&mut |_| again.clone(), 1, &vector);
    }
}

#[test]
fn a_table_of_a_deal_that_does_not_read_is_answered_at_once() {
    use solver_wasm::{Begun, RequestBody, SolverError};

    let body = RequestBody::Table { deal: "N:AKQ.JT9 x".to_owned() };
    let Begun::Answered(response) = Handler::new().begin(Request { id: 7, body }) else {
        panic!("a deal that does not read left to solve")
    };
    assert_eq!(response.id, 7);
    assert!(matches!(response.body, Err(SolverError::Deal(_))), "{:?}", response.body);
}

/// A desk's answers and requested steps, as a worker's scope would carry them.
#[derive(Default)]
struct Record {
    answers: std::cell::RefCell<Vec<(u32, Response)>>,
    steps: std::cell::Cell<usize>,
}

impl solver_wasm::Post for Record {
    type Asker = u32;

    fn respond(&self, asker: u32, response: Response) {
        self.answers.borrow_mut().push((asker, response));
    }

    fn step_later(&self) {
        self.steps.set(self.steps.get() + 1);
    }
}

/// The worker's desk answers a question of the play at once, even while it
/// solves a table, which it answers after twenty steps (one per declarer and
/// strain), each asked for by the one before; a newer table replaces the one
/// being solved without a second line of steps.
#[test]
fn the_desk_answers_the_play_between_the_steps_of_a_table() {
    use solver_wasm::{Desk, RequestBody};

    let vectors: Vec<_> = TABLES.lines().take(2).map(table_vector).collect();
    let board = board_vector(BOARDS.lines().next().expect("a board vector"));
    let par = |deal: &str| RequestBody::Par {
        deal: deal.to_owned(),
        vulnerability: bridge::Vulnerability::None,
        dealer: bridge::Seat::North,
    };
    let record = Record::default();
    let mut desk: Desk<u32> = Desk::new(Handler::new());
    desk.step(&record);
    assert_eq!(record.steps.get(), 0, "no table, no step");

    desk.received(&record, Request { id: 1, body: par(&vectors[0].deal) }, 7);
    assert_eq!(record.steps.get(), 1, "the table's first step asked for");
    assert!(record.answers.borrow().is_empty());
    desk.step(&record);
    // A question while the table is being solved: answered at once.
    let mut ask = |request: Request| {
        desk.received(&record, request, 8);
        let (asker, response) = record.answers.borrow_mut().pop().expect("an answer at once");
        assert_eq!(asker, 8);
        response
    };
    check_board(&mut ask, 2, &board);
    // A newer table replaces the first, on the same line of steps.
    desk.received(&record, Request { id: 3, body: par(&vectors[1].deal) }, 9);
    assert_eq!(record.steps.get(), 2, "no second line of steps");
    for _ in 0..20 {
        assert!(record.answers.borrow().is_empty(), "no answer before the last declarer of the last strain");
        desk.step(&record);
    }
    assert_eq!(record.steps.get(), 21, "a step asked for after each of the first nineteen");
    let (asker, answer) = record.answers.borrow_mut().pop().expect("the newer table's answer");
    assert_eq!(asker, 9);
    check_table(&mut |_| answer.clone(), 3, &vectors[1]);
    desk.step(&record);
    assert_eq!(record.steps.get(), 21, "nothing left to step");
}
