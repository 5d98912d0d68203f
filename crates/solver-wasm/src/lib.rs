//! The double-dummy solver in a Web Worker, so the page never solves on its
//! own thread.
//!
//! - [`protocol`]: the typed messages, [`Request`] and [`Response`], each
//!   carrying an id; deals and hands travel as PBN text, checked on arrival.
//! - [`Handler`]: one [`double_dummy::Solver`] answering requests (a table
//!   a few rows at a time, see [`Desk`]),
//!   its transposition table kept warm between them.
//! - In the browser: [`SolverWorker`], the `gloo-worker` worker the
//!   `solver-worker` binary registers, and [`SolverClient`], the app's side,
//!   which numbers requests and drops stale answers.
//!
//! **Staleness:** a newer request of a client makes the older answers of
//! its [`Lane`] stale, but for a table the worker is already solving
//! ([`Lane::drops_in_flight`]); a stale request's caller gets
//! [`ClientError::Stale`], never the answer.
//!
//! **Start:** a client whose worker answers nothing within
//! [`READY_TIMEOUT`] of its spawn (its script did not load) gives it up;
//! every request then gets [`ClientError::Unavailable`], none waits forever.

mod handler;
pub mod protocol;
mod requests;

mod client;
mod worker;

pub use handler::{
    Begun, Handler, Pool, PoolAnalyse, PoolBestCards, PoolTable, Progress, TableJob, TableRows, TableWork,
    WORKER_MEMORY,
};
pub use protocol::{
    CardValueMsg, Lane, ParMsg, PositionMsg, Request, RequestBody, Response, ResponseBody, SolverError, TableMsg,
};
pub use requests::{Answer, ClientError};

pub use client::{SolverClient, READY_TIMEOUT};
pub use worker::{Desk, Post, SolverWorker, TableStep, LOOK_AGAIN_MS};

use requests::Requests;

/// Where trunk puts the worker's script, relative to the page
/// (`data-bin="solver-worker"` in `index.html`; the wasm sits beside it).
pub const WORKER_SCRIPT: &str = "solver-worker.js";

/// The threaded worker's script, relative to the page: the solver with a
/// thread pool for tables (the `solver-mt` build, copied into the app's
/// `solver-mt/` folder by `cargo xtask`). It starts only in a page that is
/// cross-origin isolated ([`pool_available`]); where its pool or its shared
/// memory cannot start, it runs the one-thread worker instead.
pub const POOL_WORKER_SCRIPT: &str = "solver-mt/worker.js";

/// Whether this page can run the thread pool: it is cross-origin isolated
/// and has `SharedArrayBuffer`. Always false outside a browser.
#[must_use]
pub fn pool_available() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        let global = js_sys::global();
        let isolated = js_sys::Reflect::get(&global, &"crossOriginIsolated".into()).ok().and_then(|v| v.as_bool());
        let shared = js_sys::Reflect::has(&global, &"SharedArrayBuffer".into()).unwrap_or(false);
        isolated == Some(true) && shared
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        false
    }
}
