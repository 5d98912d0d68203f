//! The double-dummy solver in a Web Worker, so the page never solves on its
//! own thread.
//!
//! - [`protocol`]: the typed messages, [`Request`] and [`Response`], each
//!   carrying an id; deals and hands travel as PBN text, checked on arrival.
//! - [`Handler`]: one [`double_dummy::Solver`] answering requests in order,
//!   its transposition table kept warm between them.
//! - In the browser: [`SolverWorker`], the `gloo-worker` worker the
//!   `solver-worker` binary registers, and [`SolverClient`], the app's side,
//!   which numbers requests and drops stale answers.
//!
//! **Staleness:** a newer request of a client makes every older answer of
//! that client stale; its caller gets [`ClientError::Stale`], never the
//! answer.

mod handler;
pub mod protocol;
mod requests;

mod client;
mod worker;

pub use handler::Handler;
pub use protocol::{
    CardValueMsg, ParMsg, PositionMsg, Request, RequestBody, Response, ResponseBody, SolverError, TableMsg,
};
pub use requests::{Answer, ClientError};

pub use client::SolverClient;
pub use worker::SolverWorker;

use requests::Requests;

/// Where trunk puts the worker's script, relative to the page
/// (`data-bin="solver-worker"` in `index.html`; the wasm sits beside it).
pub const WORKER_SCRIPT: &str = "solver-worker.js";
