//! What the worker does with a request, without the `postMessage` glue: the
//! same code runs in the worker, in the browser tests and natively.

use bridge::{Card, Deal, Seat, Strain, Vulnerability};
use double_dummy::{par, CardValue, DdTable, Position, PositionError, Solver, StrainRow};

use crate::protocol::{CardValueMsg, ParMsg, PositionMsg, Request, RequestBody, Response, ResponseBody, SolverError};

/// How a thread pool solves the table of a deal: its five rows started at
/// once on the pool's threads (each [`Solver::strain_tricks`], so the table
/// is the same), while the worker's own thread goes back to its messages.
pub type PoolTable = fn(Deal) -> Box<dyn TableJob>;

/// The rows of a table, in the order of [`Strain::ALL`], or why they could
/// not be solved.
pub type TableRows = Result<Vec<[u8; 4]>, PositionError>;

/// A table being solved on a thread pool's threads (see [`PoolTable`]).
pub trait TableJob {
    /// The rows of [`Strain::ALL`], in its order, once every one is solved,
    /// or the first error; `None` while some are being solved. Again and
    /// again the same once it has them.
    fn poll(&mut self) -> Option<TableRows>;

    /// Blocks until [`TableJob::poll`] has the rows: for a caller with
    /// nothing else to do (a benchmark), on a thread that may block (a
    /// worker's, never a page's).
    fn wait(&mut self);
}

/// How a thread pool values every card of a position (whose value may be
/// known) with the handler's solver, its threads sharing that solver's
/// table: the same values as [`Solver::analyse`] (`Solver::analyse_on` on
/// the pool's threads).
pub type PoolAnalyse = fn(&mut Solver, &Position, Option<u8>) -> Vec<CardValue>;

/// How a thread pool finds a robot's best cards of a position (whose value
/// may be known) with the handler's solver, its threads sharing that
/// solver's table: the same answer as [`Solver::best_cards_knowing`]
/// (`Solver::best_cards_on` on the pool's threads).
pub type PoolBestCards = fn(&mut Solver, &Position, Option<u8>) -> (u8, Vec<Card>);

/// A thread pool, as the threaded worker gives it to its [`Handler`].
#[derive(Clone, Copy, Debug)]
pub struct Pool {
    /// Its tables.
    pub table: PoolTable,
    /// Whether tables are being solved on it: a question asked meanwhile is
    /// answered on the worker's own thread, with the handler's solver,
    /// rather than after the tables on the pool's threads.
    pub busy: fn() -> bool,
    /// Its every card's value.
    pub analyse: PoolAnalyse,
    /// Its best cards (the learner's advice, claims, the robots' cards).
    pub best_cards: PoolBestCards,
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
/// A handler made [`Handler::with_pool`] solves tables, values every card
/// and finds the best cards (the learner's advice, claims, the robots'
/// cards) on a thread pool instead (the threaded worker's).
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

    /// A handler solving tables, valuing cards and finding the best cards
    /// on `pool`.
    #[must_use]
    pub fn with_pool(pool: Pool) -> Handler {
        Handler { pool: Some(pool), ..Handler::new() }
    }

    /// The answer to `request`, under the same id. Illegal input is an
    /// error answer, never a panic. A table on the pool is waited for.
    pub fn handle(&mut self, request: Request) -> Response {
        match self.begin(request) {
            Begun::Answered(response) => response,
            Begun::Table(mut work) => loop {
                match self.advance(&mut work) {
                    Progress::Answered(response) => break response,
                    Progress::Stepped => {}
                    Progress::Solving => {
                        if let Some(job) = work.job.as_mut() {
                            job.wait();
                        }
                    }
                }
            },
        }
    }

    /// Answers `request` at once, or, for a table or par, returns its work
    /// for [`Handler::advance`]: on one thread solved a declarer's tricks in
    /// a strain at a time, the worker answering the play's questions
    /// between them, so that a table solved while the learner plays, or
    /// asked at the end of a game, holds up a card for one part at most; on
    /// the pool solved by its threads while the worker's own thread answers
    /// the play's questions.
    pub fn begin(&mut self, request: Request) -> Begun {
        let body = match request.body {
            RequestBody::Analyse(position) => self.analyse(&position),
            RequestBody::BestCards(position) => self.best_cards(&position),
            RequestBody::Table { deal } => return table_work(request.id, &deal, None),
            RequestBody::Par { deal, vulnerability, dealer } => {
                return table_work(request.id, &deal, Some((vulnerability, dealer)))
            }
            RequestBody::Threads => Ok(ResponseBody::Threads(self.pool.map_or(1, |pool| pool.threads))),
        };
        Begun::Answered(Response { id: request.id, body })
    }

    /// Takes `work`'s table further: on one thread solves a declarer's
    /// tricks in a strain; on the pool starts the table there, or looks
    /// whether it is solved. Its answer once every row is solved or one
    /// fails, and again after that.
    pub fn advance(&mut self, work: &mut TableWork) -> Progress {
        if let Some(&strain) = Strain::ALL.get(work.solved) {
            let rows = match self.pool {
                Some(pool) => match work.job.get_or_insert_with(|| (pool.table)(work.deal)).poll() {
                    None => return Progress::Solving,
                    Some(rows) => rows,
                },
                None => {
                    let row = work.row.get_or_insert_with(|| StrainRow::new(work.deal, strain));
                    match row.step(&mut self.solver) {
                        Ok(None) => return Progress::Stepped,
                        Ok(Some(row)) => {
                            work.row = None;
                            Ok(vec![row])
                        }
                        Err(err) => Err(err),
                    }
                }
            };
            let rows = match rows {
                Ok(rows) => rows,
                Err(err) => return Progress::Answered(Response { id: work.id, body: Err(position_error(err)) }),
            };
            for (&strain, row) in Strain::ALL[work.solved..].iter().zip(&rows) {
                work.table.tricks[strain.index()] = *row;
            }
            work.solved += rows.len();
            if work.solved < Strain::ALL.len() {
                return Progress::Stepped;
            }
        }
        // Every row solved (now, or before: the answer again).
        let table = &work.table;
        let body = match work.par {
            None => ResponseBody::Table(table.into()),
            Some((vulnerability, dealer)) => {
                ResponseBody::Par { table: table.into(), par: ParMsg::from(&par(table, vulnerability, dealer)) }
            }
        };
        Progress::Answered(Response { id: work.id, body: Ok(body) })
    }

    /// The pool, unless tables are being solved on it.
    fn free_pool(&self) -> Option<Pool> {
        self.pool.filter(|pool| !(pool.busy)())
    }

    /// The search nodes visited since the handler was made: a measure of work.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.solver.nodes()
    }

    fn analyse(&mut self, msg: &PositionMsg) -> Result<ResponseBody, SolverError> {
        let position = checked(msg)?;
        let values = match self.free_pool() {
            Some(pool) => (pool.analyse)(&mut self.solver, &position, msg.value),
            None => self.solver.analyse_knowing(&position, msg.value),
        };
        Ok(ResponseBody::Analyse(
            values.into_iter().map(|value| CardValueMsg { card: value.card, tricks: value.tricks }).collect(),
        ))
    }

    fn best_cards(&mut self, msg: &PositionMsg) -> Result<ResponseBody, SolverError> {
        let position = checked(msg)?;
        let (value, cards) = match self.free_pool() {
            Some(pool) => (pool.best_cards)(&mut self.solver, &position, msg.value),
            None => self.solver.best_cards_knowing(&position, msg.value),
        };
        Ok(ResponseBody::BestCards { value, cards })
    }
}

/// The work of the table (or par, with `par`'s vulnerability and dealer) of
/// the request `id`, or the answer to a deal that does not read.
fn table_work(id: u64, deal: &str, par: Option<(Vulnerability, Seat)>) -> Begun {
    match deal.parse::<Deal>() {
        Ok(deal) => {
            Begun::Table(TableWork { id, deal, par, table: DdTable::default(), solved: 0, row: None, job: None })
        }
        Err(err) => Begun::Answered(Response { id, body: Err(SolverError::Deal(err.to_string())) }),
    }
}

/// What [`Handler::begin`] made of a request.
pub enum Begun {
    /// Its answer.
    Answered(Response),
    /// A table or par still to solve, by [`Handler::advance`].
    Table(TableWork),
}

/// A table or par being solved (see [`Handler::begin`]): its rows so far.
pub struct TableWork {
    /// The request's id.
    id: u64,
    deal: Deal,
    /// The vulnerability and dealer of a par request.
    par: Option<(Vulnerability, Seat)>,
    table: DdTable,
    /// How many strains of [`Strain::ALL`] are solved, in its order.
    solved: usize,
    /// On one thread, the next strain's row being solved a declarer at a time.
    row: Option<StrainRow>,
    /// On the pool, the table being solved there.
    job: Option<Box<dyn TableJob>>,
}

/// What [`Handler::advance`] did.
pub enum Progress {
    /// The table or par is solved, or could not be: the answer.
    Answered(Response),
    /// A part is solved: the next may follow at once.
    Stepped,
    /// The pool is solving it: look again a little later.
    Solving,
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
