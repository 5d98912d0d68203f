//! The app's one solver worker, shared by every page that asks it something
//! (the board page's table, the player's advice, robots and tables): started
//! at the first question and kept while the app is open.
//!
//! A worker per page started its script, its wasm and its thread pool again
//! at each board opened (50 to 180 ms in headless Chromium on this machine,
//! more on a phone), with a table of its own in memory, and ended with its
//! page: a table asked for the next board while the learner read a review
//! was lost when the learner moved on before it came. One worker keeps that
//! work: the answer is kept in the store even after its page has gone.
//! Its memory (16 MiB of table per solver, one per pool thread and one for
//! the advice) stays taken while the app is open, once it has asked anything.
//! Questions of a page that has gone do not hold up the next page's: a newer
//! question of the play makes an older one stale (`solver_wasm::Lane`), and
//! the worker answers the play's questions between a table's steps.

use std::cell::RefCell;
use std::future::Future;
use std::rc::{Rc, Weak};
use std::time::Duration;

use futures::future::{FutureExt, LocalBoxFuture, Shared};
use solver_wasm::{ClientError, ParMsg, SolverClient, TableMsg};
use yew::prelude::*;

/// A deal's table and par asked of the worker, as each page that wants them
/// awaits them: one request, however many wait.
pub type TableAnswer = Shared<LocalBoxFuture<'static, Result<(TableMsg, ParMsg), ClientError>>>;

/// The tables being solved.
#[derive(Default)]
struct InFlight {
    /// The number last given to a table asked.
    numbered: u64,
    /// Each table with its number (a newer request for the same deal, after
    /// a restart, is told apart from the one the old worker had) and the key
    /// of its deal: seldom more than one, so a list (a map took 0.5 KB more
    /// of the app's gzip).
    tables: Vec<(u64, String, TableAnswer)>,
}

/// How long a page waits for an answer of the play before it offers the
/// learner to restart the worker ([`SolverHandle::patience`]): far more than
/// the dearest advice takes on one thread (0.6 s at most in Chromium on this
/// machine, over the 200 positions of solve-board.jsonl; a few times that
/// on a slow phone), so only a worker that stopped answering (a trap in its
/// wasm, which gloo-worker does not report) or a page left in the
/// background that long gets there.
pub const PATIENCE: Duration = Duration::from_secs(10);

/// How long the app waits on its worker: for its first answer, before it
/// is given up as not started, and for any answer of the play, before the
/// page offers to restart it. Tests shorten both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverTimes {
    /// See [`solver_wasm::READY_TIMEOUT`].
    pub ready: Duration,
    /// See [`PATIENCE`].
    pub patience: Duration,
}

impl Default for SolverTimes {
    fn default() -> SolverTimes {
        SolverTimes { ready: solver_wasm::READY_TIMEOUT, patience: PATIENCE }
    }
}

/// The app's worker, started at the first [`SolverHandle::client`], and the
/// tables it is solving. Clones share both; [`App`](crate::app::App)
/// provides one to every page.
#[derive(Clone)]
pub struct SolverHandle {
    client: Rc<RefCell<Option<SolverClient>>>,
    tables: Rc<RefCell<InFlight>>,
    times: SolverTimes,
}

impl PartialEq for SolverHandle {
    fn eq(&self, other: &SolverHandle) -> bool {
        Rc::ptr_eq(&self.client, &other.client)
    }
}

impl SolverHandle {
    /// A handle whose worker and pages wait on it as long as `times` says.
    #[must_use]
    pub fn new(times: SolverTimes) -> SolverHandle {
        SolverHandle { client: Rc::default(), tables: Rc::default(), times }
    }

    /// How long the player waits for an answer before it offers to restart
    /// the worker.
    #[must_use]
    pub fn patience(&self) -> Duration {
        self.times.patience
    }

    /// The worker, started now if there is none or the last was given up
    /// (it did not start in time): the threaded one where the page can run a
    /// thread pool (the opening leads' advice, the dearest, on all its
    /// threads), else the one-thread worker.
    #[must_use]
    pub fn client(&self) -> SolverClient {
        let mut kept = self.client.borrow_mut();
        if kept.as_ref().is_some_and(SolverClient::is_unavailable) {
            kept.take();
        }
        kept.get_or_insert_with(|| SolverClient::spawn_pooled(self.times.ready)).clone()
    }

    /// Gives the worker up, when it failed or stopped answering (the
    /// learner retries): the next question starts another. The old one ends
    /// once nothing holds it, and with it the tables it was solving: they
    /// are no longer in flight, so a page that asks for one again asks the
    /// new worker instead of awaiting the old one's end.
    pub fn restart(&self) {
        self.client.borrow_mut().take();
        self.tables.borrow_mut().tables.clear();
    }

    /// The table under `key` (a deal's, see `store::Dealt::key`) when the
    /// worker is solving it for some page, to await with that page.
    #[must_use]
    pub fn table_in_flight(&self, key: &str) -> Option<TableAnswer> {
        self.tables.borrow().tables.iter().find(|(_, kept, _)| kept == key).map(|(_, _, answer)| answer.clone())
    }

    /// The table under `key`: the one in flight, else `solve`'s, asked of
    /// the worker now and in flight until it is answered. A page that wants
    /// a table another page asked (the next board's, asked during a review)
    /// waits for that answer instead of asking again, which would make the
    /// first request stale and start the work over.
    pub fn table<F>(&self, key: String, solve: impl FnOnce(SolverClient) -> F) -> TableAnswer
    where
        F: Future<Output = Result<(TableMsg, ParMsg), ClientError>> + 'static,
    {
        if let Some(answer) = self.table_in_flight(&key) {
            return answer;
        }
        let answer = solve(self.client());
        let number = {
            let mut in_flight = self.tables.borrow_mut();
            in_flight.numbered += 1;
            in_flight.numbered
        };
        let tables: Weak<RefCell<InFlight>> = Rc::downgrade(&self.tables);
        let answer = async move {
            let res = answer.await;
            if let Some(tables) = tables.upgrade() {
                tables.borrow_mut().tables.retain(|(kept, _, _)| *kept != number);
            }
            res
        }
        .boxed_local()
        .shared();
        self.tables.borrow_mut().tables.push((number, key, answer.clone()));
        answer
    }
}

/// The app's solver worker; every page sits under the provider of
/// [`App`](crate::app::App).
#[hook]
pub fn use_solver() -> SolverHandle {
    use_context::<SolverHandle>().expect("pages are rendered inside App, which provides the solver")
}
