//! What the worker does with a request, without the `postMessage` glue: the
//! same code runs in the worker, in the browser tests and natively.

use bridge::{Deal, DealError};
use double_dummy::{par, CardValue, DdTable, Position, PositionError, Solver};

use crate::protocol::{CardValueMsg, ParMsg, PositionMsg, Request, RequestBody, Response, ResponseBody, SolverError};

/// How a thread pool solves the table of a deal: the same table as
/// [`Solver::table`], its rows solved on several threads.
pub type PoolTable = fn(&Deal) -> Result<DdTable, PositionError>;

/// How a thread pool values every card of a position (whose value may be
/// known) with the handler's solver, its threads sharing that solver's
/// table: the same values as [`Solver::analyse`] (`Solver::analyse_on` on
/// the pool's threads).
pub type PoolAnalyse = fn(&mut Solver, &Position, Option<u8>) -> Vec<CardValue>;

/// A thread pool, as the threaded worker gives it to its [`Handler`].
#[derive(Clone, Copy, Debug)]
pub struct Pool {
    /// Its tables.
    pub table: PoolTable,
    /// Its advice (every card's value).
    pub analyse: PoolAnalyse,
    /// Its number of threads.
    pub threads: u32,
}

/// The memory of each solver of the worker (and of each thread of its pool):
/// a quarter of [`double_dummy::DEFAULT_MEMORY`]. In the browser, where the
/// table's probes cannot ask for memory ahead and its pages are small, a
/// smaller table is faster though it keeps less: in Chromium, over 6 pairs
/// of runs of the worker's bench (20 bench tables, 100 advice positions),
/// the tables took 5.1 s in all against 6.0 s with 64 MiB, and the advice's
/// 99th percentile 321 ms against 365 ms on the mean, for 1.2% more nodes
/// (8 MiB did as well on the tables; 32 MiB in between). Natively, where the
/// table is asked for ahead and lies on huge pages, 16 MiB takes 1.2 to 2.4%
/// more nodes per table and no less time, so the default stays 64 MiB.
pub const WORKER_MEMORY: usize = 16 << 20;

/// Answers requests with one [`Solver`], kept from one request to the next
/// so that its transposition table stays warm across the positions of a game.
/// A handler made [`Handler::with_pool`] solves tables and values every
/// card (advice, claims) on a thread pool instead (the threaded worker's);
/// the robots' best cards, a few null-window tests, stay on its one solver.
pub struct Handler {
    solver: Solver,
    /// The pool, when there is one.
    pool: Option<Pool>,
}

impl Default for Handler {
    fn default() -> Handler {
        Handler::new()
    }
}

impl Handler {
    /// A handler solving everything on its one solver of [`WORKER_MEMORY`].
    #[must_use]
    pub fn new() -> Handler {
        Handler { solver: Solver::with_memory(WORKER_MEMORY), pool: None }
    }

    /// A handler solving tables and valuing cards on `pool`.
    #[must_use]
    pub fn with_pool(pool: Pool) -> Handler {
        Handler { pool: Some(pool), ..Handler::new() }
    }

    /// The answer to `request`, under the same id. Illegal input is an
    /// error answer, never a panic.
    pub fn handle(&mut self, request: Request) -> Response {
        let body = match request.body {
            RequestBody::Analyse(position) => self.analyse(&position),
            RequestBody::BestCards(position) => self.best_cards(&position),
            RequestBody::Table { deal } => self.table(&deal).map(|table| ResponseBody::Table((&table).into())),
            RequestBody::Par { deal, vulnerability, dealer } => self.table(&deal).map(|table| ResponseBody::Par {
                table: (&table).into(),
                par: ParMsg::from(&par(&table, vulnerability, dealer)),
            }),
            RequestBody::Threads => Ok(ResponseBody::Threads(self.pool.map_or(1, |pool| pool.threads))),
        };
        Response { id: request.id, body }
    }

    /// The search nodes visited since the handler was made: a measure of work.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.solver.nodes()
    }

    fn analyse(&mut self, msg: &PositionMsg) -> Result<ResponseBody, SolverError> {
        let position = checked(msg)?;
        let values = match self.pool {
            Some(pool) => (pool.analyse)(&mut self.solver, &position, msg.value),
            None => self.solver.analyse_knowing(&position, msg.value),
        };
        Ok(ResponseBody::Analyse(
            values.into_iter().map(|value| CardValueMsg { card: value.card, tricks: value.tricks }).collect(),
        ))
    }

    fn best_cards(&mut self, msg: &PositionMsg) -> Result<ResponseBody, SolverError> {
        let position = checked(msg)?;
        let (value, cards) = self.solver.best_cards_knowing(&position, msg.value);
        Ok(ResponseBody::BestCards { value, cards })
    }

    fn table(&mut self, deal: &str) -> Result<DdTable, SolverError> {
        let deal: Deal = deal.parse().map_err(|err: DealError| SolverError::Deal(err.to_string()))?;
        match self.pool {
            Some(pool) => (pool.table)(&deal),
            None => self.solver.table(&deal),
        }
        .map_err(position_error)
    }
}

/// The solver's position of a message, checked, with its value if given:
/// no more than the tricks left.
fn checked(msg: &PositionMsg) -> Result<Position, SolverError> {
    let position = Position::from_pbn(&msg.hands, msg.trump, msg.leader, &msg.played).map_err(position_error)?;
    match msg.value {
        Some(value) if usize::from(value) > position.tricks_left() => {
            Err(SolverError::Position(format!("a value of {value} tricks with {} left", position.tricks_left())))
        }
        _ => Ok(position),
    }
}

/// A deal string that does not read is a [`SolverError::Deal`]; the rest
/// are illegal positions.
fn position_error(err: PositionError) -> SolverError {
    match err {
        PositionError::DealString(detail) => SolverError::Deal(detail),
        other => SolverError::Position(other.to_string()),
    }
}
