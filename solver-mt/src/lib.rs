//! The solver's worker with a thread pool: the same worker as `solver-wasm`'s
//! (the same protocol, the same [`Handler`]), except that it works on a rayon
//! pool of Web Workers (wasm-bindgen-rayon). A table's five strains are
//! solved on the pool in the background ([`pool_table`]), one [`Solver`]
//! per thread; each strain is [`Solver::strain_tricks`], the row
//! [`Solver::table`] computes, so the tables are the same. Meanwhile the
//! worker's own thread answers the play's questions with its handler's
//! solver. The best cards (the learner's advice, claims, the robots' cards)
//! are [`Solver::best_cards_on`] the pool's threads, which share the
//! handler's solver's table: the same answer as [`Solver::best_cards`];
//! every card's value likewise [`Solver::analyse_on`] them.
//!
//! `worker.js` (beside the wasm once built) starts it: it initialises the
//! module, starts the pool with [`init_thread_pool`] and calls [`start`];
//! where that fails, it runs the one-thread worker instead.

use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};

use bridge::{Card, Deal, Strain};
use double_dummy::{CardValue, Position, PositionError, Solver, Threads};
use solver_wasm::{Handler, Pool, TableJob, TableRows, WORKER_MEMORY};

#[cfg(target_arch = "wasm32")]
pub use wasm_bindgen_rayon::init_thread_pool;

thread_local! {
    /// Each pool thread's solver, kept warm from one table to the next, of
    /// the one-thread worker's memory.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::with_memory(WORKER_MEMORY));
}

/// Tables being solved on the pool (see [`pool_table`]).
static SOLVING: AtomicUsize = AtomicUsize::new(0);

/// The table of `deal` solved on rayon's global pool in the background: a
/// job per strain, each [`Solver::strain_tricks`] on whichever thread is
/// free with that thread's solver, so the rows are the same; the worker's
/// own thread is free meanwhile. Polled by the worker's handler.
#[must_use]
pub fn pool_table(deal: Deal) -> Box<dyn TableJob> {
    let rows = Arc::new(Rows::default());
    SOLVING.fetch_add(1, Ordering::SeqCst);
    for strain in Strain::ALL {
        let rows = Arc::clone(&rows);
        rayon::spawn(move || {
            let row = SOLVER.with(|solver| solver.borrow_mut().strain_tricks(&deal, strain));
            let mut solved = rows.solved.lock().unwrap_or_else(PoisonError::into_inner);
            solved[strain.index()] = Some(row);
            if solved.iter().all(Option::is_some) {
                SOLVING.fetch_sub(1, Ordering::SeqCst);
                rows.done.notify_all();
            }
        });
    }
    Box::new(PoolJob(rows))
}

/// Whether tables are being solved on the pool ([`pool_table`]).
pub fn pool_busy() -> bool {
    SOLVING.load(Ordering::SeqCst) > 0
}

/// A row of a table, or why it could not be solved.
type Row = Result<[u8; 4], PositionError>;

/// The rows of a table being solved on the pool, by [`Strain::index`].
#[derive(Default)]
struct Rows {
    solved: Mutex<[Option<Row>; 5]>,
    done: Condvar,
}

/// A table of [`pool_table`].
struct PoolJob(Arc<Rows>);

impl TableJob for PoolJob {
    fn poll(&mut self) -> Option<TableRows> {
        let solved = self.0.solved.lock().unwrap_or_else(PoisonError::into_inner);
        let rows: Option<Vec<_>> = Strain::ALL.iter().map(|strain| solved[strain.index()].clone()).collect();
        rows.map(|rows| rows.into_iter().collect())
    }

    fn wait(&mut self) {
        let solved = self.0.solved.lock().unwrap_or_else(PoisonError::into_inner);
        let _solved = self
            .0
            .done
            .wait_while(solved, |solved| !solved.iter().all(Option::is_some))
            .unwrap_or_else(PoisonError::into_inner);
    }
}

/// Every thread of rayon's global pool.
struct GlobalPool;

impl Threads for GlobalPool {
    fn run(&self, job: &(dyn Fn() + Sync)) {
        rayon::broadcast(|_| job());
    }
}

/// The value of every legal card of `position` (whose own `value` may be
/// known), found by `solver` on every thread of rayon's global pool, the
/// threads sharing its table: the same values as [`Solver::analyse`].
pub fn pool_analyse(solver: &mut Solver, position: &Position, value: Option<u8>) -> Vec<CardValue> {
    solver.analyse_on(position, value, &GlobalPool)
}

/// A robot's best cards of `position` (whose own `value` may be known),
/// found by `solver` on every thread of rayon's global pool, the threads
/// sharing its table: the same answer as [`Solver::best_cards_knowing`].
pub fn pool_best_cards(solver: &mut Solver, position: &Position, value: Option<u8>) -> (u8, Vec<Card>) {
    solver.best_cards_on(position, value, &GlobalPool)
}

/// The worker's handler: tables, every card's value and the best cards on
/// the pool of `threads` threads, or on one thread when the pool did not
/// start (`threads` 0).
#[must_use]
pub fn handler(threads: u32) -> Handler {
    if threads == 0 {
        Handler::new()
    } else {
        Handler::with_pool(Pool {
            table: pool_table,
            busy: pool_busy,
            analyse: pool_analyse,
            best_cards: pool_best_cards,
            threads,
        })
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use gloo_worker::{HandlerId, Registrable, Worker, WorkerScope};
    use solver_wasm::{Desk, Request, Response, TableStep};
    use wasm_bindgen::prelude::*;

    /// The pool's size, set by [`start`] before the worker is created.
    static THREADS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

    /// The threaded solver's worker: `solver_wasm::SolverWorker`'s messages,
    /// answered by [`super::handler`] at its [`Desk`].
    pub struct PoolWorker {
        desk: Desk,
    }

    impl Worker for PoolWorker {
        type Message = TableStep;
        type Input = Request;
        type Output = Response;

        fn create(_scope: &WorkerScope<PoolWorker>) -> PoolWorker {
            PoolWorker { desk: Desk::new(super::handler(THREADS.load(std::sync::atomic::Ordering::Relaxed))) }
        }

        fn update(&mut self, scope: &WorkerScope<PoolWorker>, _step: TableStep) {
            self.desk.step(scope);
        }

        fn received(&mut self, scope: &WorkerScope<PoolWorker>, request: Request, id: HandlerId) {
            self.desk.received(scope, request, id);
        }
    }

    /// Registers the worker, solving tables on the pool of `threads` threads
    /// started by `initThreadPool` (0: no pool, one thread).
    #[wasm_bindgen]
    pub fn start(threads: u32) {
        THREADS.store(threads, std::sync::atomic::Ordering::Relaxed);
        PoolWorker::registrar().register();
    }

    thread_local! {
        /// The benchmark's handler with the pool, as the worker's.
        static POOLED: std::cell::RefCell<Option<solver_wasm::Handler>> = const { std::cell::RefCell::new(None) };
    }

    /// For the benchmark: the table of a PBN `deal` as its 20 trick counts
    /// (`tricks[strain][seat]`, spades first, North first), on the pool as
    /// the worker solves it when `pool` is set (a handler with the pool:
    /// a job per strain on the pool's threads, this thread waiting for
    /// them rather than looking every few ms), else on this thread's own
    /// solver.
    ///
    /// # Errors
    /// When the deal does not read or is not a legal deal.
    #[wasm_bindgen]
    pub fn table_tricks(deal: &str, pool: bool) -> Result<Vec<u8>, JsError> {
        let table = if pool {
            let threads = u32::try_from(rayon::current_num_threads()).unwrap_or(u32::MAX);
            let request = Request { id: 1, body: solver_wasm::RequestBody::Table { deal: deal.to_owned() } };
            let response = POOLED
                .with(|pooled| pooled.borrow_mut().get_or_insert_with(|| super::handler(threads)).handle(request));
            match response.body {
                Ok(solver_wasm::ResponseBody::Table(table)) => double_dummy::DdTable::from(table),
                Ok(other) => return Err(JsError::new(&format!("not a table: {other:?}"))),
                Err(err) => return Err(JsError::new(&err.to_string())),
            }
        } else {
            let deal: bridge::Deal = deal.parse().map_err(|err: bridge::DealError| JsError::new(&err.to_string()))?;
            super::SOLVER
                .with(|solver| solver.borrow_mut().table(&deal))
                .map_err(|err| JsError::new(&err.to_string()))?
        };
        Ok(table.tricks.iter().flatten().copied().collect())
    }

    thread_local! {
        /// The advice's solver of the benchmark's pool runs, warm from one
        /// position to the next as the worker's handler's is.
        static ADVICE: std::cell::RefCell<double_dummy::Solver> =
            std::cell::RefCell::new(double_dummy::Solver::with_memory(solver_wasm::WORKER_MEMORY));
    }

    /// For the benchmark: the value of every legal card of a position (the
    /// fields of a solve-board.jsonl line, `played` its cards apart by
    /// spaces) as `card tricks` pairs apart by spaces (`SA 5 SQ 5`), on the
    /// pool's threads sharing one warm solver's table when `pool` is set,
    /// else on this thread's own solver (the one-thread worker's way);
    /// knowing the position's `value` when given, as the app's requests
    /// after a game's first card.
    ///
    /// # Errors
    /// When the position does not read or is not legal.
    #[wasm_bindgen]
    pub fn card_values(
        deal: &str,
        trump: &str,
        leader: &str,
        played: &str,
        pool: bool,
        value: Option<u8>,
    ) -> Result<String, JsError> {
        let position = bench_position(deal, trump, leader, played)?;
        let values = with_bench_solver(
            pool,
            |solver| super::pool_analyse(solver, &position, value),
            |solver| solver.analyse_knowing(&position, value),
        );
        Ok(values.iter().map(|value| format!("{} {}", value.card, value.tricks)).collect::<Vec<_>>().join(" "))
    }

    /// For the benchmark: a robot's best cards of a position given as to
    /// [`card_values`], as the position's value then the cards worth it,
    /// apart by spaces (`5 SA SQ`), on the pool's threads sharing one warm
    /// solver's table when `pool` is set (as the threaded worker answers
    /// the robots), else on this thread's own solver (the one-thread
    /// worker's way); knowing the position's `value` when given.
    ///
    /// # Errors
    /// When the position does not read or is not legal.
    #[wasm_bindgen]
    pub fn best_cards(
        deal: &str,
        trump: &str,
        leader: &str,
        played: &str,
        pool: bool,
        value: Option<u8>,
    ) -> Result<String, JsError> {
        let position = bench_position(deal, trump, leader, played)?;
        let (value, cards) = with_bench_solver(
            pool,
            |solver| super::pool_best_cards(solver, &position, value),
            |solver| solver.best_cards_knowing(&position, value),
        );
        Ok(std::iter::once(value.to_string())
            .chain(cards.iter().map(ToString::to_string))
            .collect::<Vec<_>>()
            .join(" "))
    }

    /// `on_pool` with the benchmark's pool solver ([`ADVICE`]) when `pool`
    /// is set, else `alone` with this thread's own solver (the one-thread
    /// worker's way).
    fn with_bench_solver<T>(
        pool: bool,
        on_pool: impl FnOnce(&mut double_dummy::Solver) -> T,
        alone: impl FnOnce(&mut double_dummy::Solver) -> T,
    ) -> T {
        if pool {
            ADVICE.with(|solver| on_pool(&mut solver.borrow_mut()))
        } else {
            super::SOLVER.with(|solver| alone(&mut solver.borrow_mut()))
        }
    }

    /// The position of the benchmark's fields (`played`: its cards apart
    /// by spaces).
    fn bench_position(deal: &str, trump: &str, leader: &str, played: &str) -> Result<double_dummy::Position, JsError> {
        let trump: bridge::Strain = trump.parse().map_err(|_| JsError::new(&format!("no strain {trump:?}")))?;
        let leader: bridge::Seat = leader.parse().map_err(|_| JsError::new(&format!("no seat {leader:?}")))?;
        let played: Vec<bridge::Card> = played
            .split_whitespace()
            .map(|card| card.parse().map_err(|_| JsError::new(&format!("no card {card:?}"))))
            .collect::<Result<_, _>>()?;
        double_dummy::Position::from_pbn(deal, trump, leader, &played).map_err(|err| JsError::new(&err.to_string()))
    }
}
