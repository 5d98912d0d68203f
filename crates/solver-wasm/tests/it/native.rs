//! The contract natively, every message through JSON and back.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use bridge::{Deal, Strain};
use double_dummy::{Position, Solver};
use solver_wasm::{Handler, Pool, Request, Response, TableJob, TableRows};

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

/// The tests' stand-in for a table solved on the pool in the background: a
/// thread per table solving its rows one after the other, each with a
/// solver of its own (as each pool thread has its own).
struct Background {
    rows: Arc<(Mutex<Option<TableRows>>, Condvar)>,
}

impl TableJob for Background {
    fn poll(&mut self) -> Option<TableRows> {
        self.rows.0.lock().expect("the rows").clone()
    }

    fn wait(&mut self) {
        let rows = self.rows.0.lock().expect("the rows");
        drop(self.rows.1.wait_while(rows, |rows| rows.is_none()).expect("the rows"));
    }
}

/// A pool's tables in the background: how many are being solved, and
/// whether a test holds them back before they start.
struct Tables {
    solving: AtomicUsize,
    held: Mutex<bool>,
    released: Condvar,
}

impl Tables {
    const fn new() -> Tables {
        Tables { solving: AtomicUsize::new(0), held: Mutex::new(false), released: Condvar::new() }
    }

    /// Starts solving `deal`'s table in the background.
    fn start(&'static self, deal: Deal) -> Box<dyn TableJob> {
        self.solving.fetch_add(1, Ordering::SeqCst);
        let rows = Arc::new((Mutex::new(None), Condvar::new()));
        let solved = Arc::clone(&rows);
        std::thread::spawn(move || {
            drop(self.released.wait_while(self.held.lock().expect("the hold"), |held| *held).expect("the hold"));
            let tricks =
                Strain::ALL.iter().map(|&strain| Solver::with_memory(4 << 20).strain_tricks(&deal, strain)).collect();
            let mut rows = solved.0.lock().expect("the rows");
            // No longer solving before the rows show, as on the pool.
            self.solving.fetch_sub(1, Ordering::SeqCst);
            *rows = Some(tricks);
            solved.1.notify_all();
        });
        Box::new(Background { rows })
    }

    fn busy(&self) -> bool {
        self.solving.load(Ordering::SeqCst) > 0
    }

    fn hold(&self, held: bool) {
        *self.held.lock().expect("the hold") = held;
        self.released.notify_all();
    }
}

/// The tables of [`THREE_THREADS`].
static TABLES_OF_THREE: Tables = Tables::new();

fn table_of_three(deal: Deal) -> Box<dyn TableJob> {
    TABLES_OF_THREE.start(deal)
}

fn busy_three() -> bool {
    TABLES_OF_THREE.busy()
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
const THREE_THREADS: Pool = Pool {
    table: table_of_three,
    busy: busy_three,
    analyse: on_three_threads,
    best_cards: best_on_three_threads,
    threads: 3,
};

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

/// A table is solved a declarer at a time by a handler without a pool,
/// the play's questions answered between the steps as if the table were
/// not there; the table and par come out the same as in one go.
#[test]
fn a_table_is_solved_in_steps_with_the_plays_questions_between_them() {
    use solver_wasm::{Begun, Progress};

    let vector = table_vector(TABLES.lines().next().expect("a table vector"));
    let boards: Vec<_> = BOARDS.lines().take(20).map(board_vector).collect();
    let mut handler = Handler::new();
    let Begun::Table(mut work) = handler.begin(Request { id: 1, body: par(&vector.deal) }) else {
        panic!("a par request answered at once")
    };
    // A step per declarer and strain.
    let steps = 20;
    let mut answer = None;
    for (step, board) in (1..=steps).zip(&boards) {
        // A question of the play between two steps.
        check_board(&mut |request| handler.handle(request), step + 1, board);
        match handler.advance(&mut work) {
            Progress::Answered(response) if step == steps => answer = Some(response),
            Progress::Stepped if step < steps => {}
            _ => panic!("step {step} of {steps}: the answer only after the last"),
        }
    }
    let answer = answer.expect("the table's answer");
    check_table(&mut |_| answer.clone(), 1, &vector);
    // A step after the last gives the answer again.
    let Progress::Answered(again) = handler.advance(&mut work) else { panic!("the answer again") };
    check_table(&mut |_| again.clone(), 1, &vector);
}

/// A par request for `deal`.
fn par(deal: &str) -> solver_wasm::RequestBody {
    solver_wasm::RequestBody::Par {
        deal: deal.to_owned(),
        vulnerability: bridge::Vulnerability::None,
        dealer: bridge::Seat::North,
    }
}

/// The tables of [`held_pool`]'s test, which holds them back.
static HELD_TABLES: Tables = Tables::new();
/// The questions [`held_pool`] valued on its threads.
static HELD_POOL_QUESTIONS: AtomicUsize = AtomicUsize::new(0);

/// A pool of three threads whose tables wait while [`HELD_TABLES`] holds
/// them, and which counts the questions it values.
fn held_pool() -> Pool {
    fn table(deal: Deal) -> Box<dyn TableJob> {
        HELD_TABLES.start(deal)
    }
    fn busy() -> bool {
        HELD_TABLES.busy()
    }
    fn analyse(solver: &mut Solver, position: &Position, value: Option<u8>) -> Vec<double_dummy::CardValue> {
        HELD_POOL_QUESTIONS.fetch_add(1, Ordering::SeqCst);
        on_three_threads(solver, position, value)
    }
    Pool { table, busy, analyse, ..THREE_THREADS }
}

/// On the pool, the worker's desk leaves a table to the pool's threads and
/// answers the play's questions meanwhile on its own thread, with its
/// handler's solver (not on the pool, which is busy); it looks again a
/// little later, and answers the table once solved. Once the pool is free,
/// its threads value the cards again.
#[test]
fn on_the_pool_a_table_is_solved_in_the_background_while_the_play_is_answered() {
    use solver_wasm::Desk;

    let vector = table_vector(TABLES.lines().next().expect("a table vector"));
    let boards: Vec<_> = BOARDS.lines().take(4).map(board_vector).collect();
    let record = Record::default();
    let mut desk: Desk<u32> = Desk::new(Handler::with_pool(held_pool()));
    HELD_TABLES.hold(true);
    desk.received(&record, Request { id: 1, body: par(&vector.deal) }, 7);
    assert_eq!(record.steps.get(), 1, "the table's first step asked for");
    desk.step(&record);
    assert!(HELD_TABLES.busy(), "the table started on the pool");
    assert_eq!((record.steps.get(), record.looks.get()), (1, 1), "the desk looks again later rather than stepping");
    let mut ask = |request: Request| {
        desk.received(&record, request, 8);
        let (asker, response) = record.answers.borrow_mut().pop().expect("an answer at once");
        assert_eq!(asker, 8);
        response
    };
    for (idx, board) in boards[..3].iter().enumerate() {
        check_board(&mut ask, idx as u64 + 2, board);
    }
    assert_eq!(HELD_POOL_QUESTIONS.load(Ordering::SeqCst), 0, "answered on the worker's thread while the pool is busy");
    desk.step(&record);
    assert!(record.answers.borrow().is_empty(), "no table while it is held");
    assert_eq!(record.looks.get(), 2);
    HELD_TABLES.hold(false);
    while record.answers.borrow().is_empty() {
        std::thread::sleep(std::time::Duration::from_millis(2));
        desk.step(&record);
    }
    let (asker, answer) = record.answers.borrow_mut().pop().expect("the table's answer");
    assert_eq!(asker, 7);
    check_table(&mut |_| answer.clone(), 1, &vector);
    assert!(!HELD_TABLES.busy());
    let mut ask = |request: Request| {
        desk.received(&record, request, 8);
        record.answers.borrow_mut().pop().expect("an answer at once").1
    };
    check_board(&mut ask, 9, &boards[3]);
    assert!(HELD_POOL_QUESTIONS.load(Ordering::SeqCst) > 0, "the pool values the cards once free");
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
    looks: std::cell::Cell<usize>,
}

impl solver_wasm::Post for Record {
    type Asker = u32;

    fn respond(&self, asker: u32, response: Response) {
        self.answers.borrow_mut().push((asker, response));
    }

    fn step_later(&self) {
        self.steps.set(self.steps.get() + 1);
    }

    fn look_later(&self) {
        self.looks.set(self.looks.get() + 1);
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
