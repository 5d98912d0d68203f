//! The app's side of the worker: the book of requests (`requests.rs`) over a
//! `gloo-worker` bridge, with one typed method per question, and the check
//! that the worker starts at all.
//!
//! gloo-worker tells nothing of a worker whose script fails to load: its
//! messages just wait for a worker that never comes. So a client asks a
//! cheap question ([`RequestBody::Threads`]) as soon as it spawns the worker
//! and gives the worker up when no answer at all came within its time to
//! start ([`READY_TIMEOUT`]): every request then resolves to
//! [`ClientError::Unavailable`] instead of waiting forever.

use std::cell::RefCell;
use std::future::Future;
use std::rc::{Rc, Weak};
use std::time::Duration;

use bridge::{Card, Deal, Seat, Vulnerability};
use gloo_timers::callback::Timeout;
use gloo_worker::{Spawnable, WorkerBridge};

use crate::{
    Answer, CardValueMsg, ClientError, ParMsg, PositionMsg, RequestBody, Requests, Response, ResponseBody,
    SolverWorker, TableMsg,
};

/// How long a worker has to answer its first question (which asks nothing of
/// the solver) before its client gives it up: far more than loading the
/// worker's script and wasm takes, even from the network on a slow phone.
pub const READY_TIMEOUT: Duration = Duration::from_secs(30);

/// A handle on one solver worker. Requests get increasing ids and a newer
/// request makes every older one of its [`crate::Lane`] stale (the play's
/// questions, or tables and par), but for a table the worker is already
/// solving ([`crate::Lane::drops_in_flight`]): a stale request's future
/// resolves at once to [`ClientError::Stale`] and its answer is dropped.
/// Each lane has one request at most with the worker and only its newest
/// waits behind it, so the worker never starts a position nobody waits
/// for; a table asked at the end of a game comes even when the learner goes
/// back meanwhile, and the play's questions do not wait for it (the worker
/// answers them between the table's steps, see [`crate::Desk`]). A worker
/// that has not answered anything [`READY_TIMEOUT`] after its spawn is
/// given up: every request resolves to [`ClientError::Unavailable`].
/// Clones share the worker; dropping the last ends it.
#[derive(Clone)]
pub struct SolverClient {
    state: Rc<RefCell<State>>,
}

struct State {
    /// Set right after the worker is spawned. The bridge's callback holds
    /// only a `Weak` of this state, so dropping the client drops the bridge.
    bridge: Option<WorkerBridge<SolverWorker>>,
    requests: Requests,
    /// The check that the worker started; dropping it (with the client)
    /// cancels it.
    readiness: Option<Timeout>,
}

impl SolverClient {
    /// Starts the worker whose script trunk built at `script` (relative to
    /// the page: [`crate::WORKER_SCRIPT`]), as a module worker.
    ///
    /// # Panics
    /// When the browser cannot create a worker at all (no `Worker` in this
    /// context). A script that fails to load makes every request fail with
    /// [`ClientError::Unavailable`] after [`READY_TIMEOUT`].
    #[must_use]
    pub fn spawn(script: &str) -> SolverClient {
        SolverClient::spawn_script(script, false, READY_TIMEOUT)
    }

    /// [`SolverClient::spawn`], giving the worker `ready_within` to answer
    /// its first question instead of [`READY_TIMEOUT`].
    #[must_use]
    pub fn spawn_with_timeout(script: &str, ready_within: Duration) -> SolverClient {
        SolverClient::spawn_script(script, false, ready_within)
    }

    /// Starts the fastest worker the page can run: the threaded one
    /// ([`crate::POOL_WORKER_SCRIPT`], tables and every card's value on its
    /// pool) when the page can run a thread pool
    /// ([`crate::pool_available`]), else the one-thread worker
    /// ([`crate::WORKER_SCRIPT`]). Both answer every request the same way.
    /// The worker has `ready_within` to answer its first question (the app
    /// gives it [`READY_TIMEOUT`]; tests less).
    #[must_use]
    pub fn spawn_pooled(ready_within: Duration) -> SolverClient {
        if crate::pool_available() {
            SolverClient::spawn_script(crate::POOL_WORKER_SCRIPT, true, ready_within)
        } else {
            SolverClient::spawn_script(crate::WORKER_SCRIPT, false, ready_within)
        }
    }

    /// `script` is either a wasm-bindgen module that registers the worker
    /// when initialised (`loader` false: gloo-worker's loader imports it), or
    /// a module worker script of its own (`loader` true).
    fn spawn_script(script: &str, loader: bool, ready_within: Duration) -> SolverClient {
        let state = Rc::new(RefCell::new(State { bridge: None, requests: Requests::default(), readiness: None }));
        let weak: Weak<RefCell<State>> = Rc::downgrade(&state);
        let bridge = SolverWorker::spawner()
            .with_loader(loader)
            .callback(move |response: Response| {
                if let Some(state) = weak.upgrade() {
                    let mut state = state.borrow_mut();
                    if let Some(next) = state.requests.answer(response) {
                        if let Some(bridge) = &state.bridge {
                            bridge.send(next);
                        }
                    }
                }
            })
            .spawn(script);
        // The readiness question goes first; any question of the play made
        // after it makes it stale, but the worker answers it before that
        // request, at once.
        let (_answer, post) = state.borrow_mut().requests.send(RequestBody::Threads);
        if let Some(request) = post {
            bridge.send(request);
        }
        let weak: Weak<RefCell<State>> = Rc::downgrade(&state);
        // At most setTimeout's longest delay, which a larger one would wrap.
        let millis = u32::try_from(ready_within.as_millis()).unwrap_or(u32::MAX).min(0x7FFF_FFFF);
        let readiness = Timeout::new(millis, move || {
            if let Some(state) = weak.upgrade() {
                let mut state = state.borrow_mut();
                if !state.requests.started() {
                    state.requests.fail_all();
                }
            }
        });
        {
            let mut inner = state.borrow_mut();
            inner.bridge = Some(bridge);
            inner.readiness = Some(readiness);
        }
        SolverClient { state }
    }

    /// Whether the worker was given up, not having answered within its time
    /// to start: every request then gets [`ClientError::Unavailable`].
    #[must_use]
    pub fn is_unavailable(&self) -> bool {
        self.state.borrow().requests.is_unavailable()
    }

    /// Sends `body` as the newest request: the answer, or why there is none.
    pub fn request(&self, body: RequestBody) -> impl Future<Output = Answer> {
        let receiver = {
            let mut state = self.state.borrow_mut();
            let (receiver, post) = state.requests.send(body);
            if let (Some(request), Some(bridge)) = (post, &state.bridge) {
                bridge.send(request);
            }
            receiver
        };
        async move { receiver.await.unwrap_or(Err(ClientError::WorkerGone)) }
    }

    /// The value of every legal card of the player to play in `position`,
    /// spades first and each suit from the ace.
    pub fn analyse(&self, position: PositionMsg) -> impl Future<Output = Result<Vec<CardValueMsg>, ClientError>> {
        let answer = self.request(RequestBody::Analyse(position));
        async move {
            match answer.await? {
                ResponseBody::Analyse(values) => Ok(values),
                _ => Err(ClientError::Mismatch),
            }
        }
    }

    /// The tricks the side of the player to play in `position` takes with
    /// best play, and the legal cards worth them (spades first, each suit
    /// from the ace): what a robot needs, cheaper than [`Self::analyse`].
    pub fn best_cards(&self, position: PositionMsg) -> impl Future<Output = Result<(u8, Vec<Card>), ClientError>> {
        let answer = self.request(RequestBody::BestCards(position));
        async move {
            match answer.await? {
                ResponseBody::BestCards { value, cards } => Ok((value, cards)),
                _ => Err(ClientError::Mismatch),
            }
        }
    }

    /// The double-dummy table of `deal`.
    pub fn table(&self, deal: &Deal) -> impl Future<Output = Result<TableMsg, ClientError>> {
        let answer = self.request(RequestBody::Table { deal: deal.to_string() });
        async move {
            match answer.await? {
                ResponseBody::Table(table) => Ok(table),
                _ => Err(ClientError::Mismatch),
            }
        }
    }

    /// The table of `deal` and its par when `dealer` deals at `vulnerability`.
    pub fn par(
        &self,
        deal: &Deal,
        vulnerability: Vulnerability,
        dealer: Seat,
    ) -> impl Future<Output = Result<(TableMsg, ParMsg), ClientError>> {
        let answer = self.request(RequestBody::Par { deal: deal.to_string(), vulnerability, dealer });
        async move {
            match answer.await? {
                ResponseBody::Par { table, par } => Ok((table, par)),
                _ => Err(ClientError::Mismatch),
            }
        }
    }

    /// How many threads the worker solves a table with (1 without a pool).
    pub fn threads(&self) -> impl Future<Output = Result<u32, ClientError>> {
        let answer = self.request(RequestBody::Threads);
        async move {
            match answer.await? {
                ResponseBody::Threads(threads) => Ok(threads),
                _ => Err(ClientError::Mismatch),
            }
        }
    }
}
