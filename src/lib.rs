//! Bridge Training, the web app: pages, state and services over the pure crates.
//!
//! [`App`] holds the interface language, the local library (boards loaded
//! from IndexedDB through [`store`], kept in memory behind the `training`
//! ports) and the routes. The binary in `main.rs` mounts it on the page;
//! tests mount it on an element of their own.

pub mod api;
mod app;
pub mod browser;
mod library;
mod pages;
pub mod pattern;
mod rich_text;
mod solver;
pub mod store;
pub mod strings;
mod sync;
mod themes;

pub use app::{App, AppProps, Route, SAMPLE_BOARD, SAMPLE_DEAL};
pub use solver::SolverTimes;
