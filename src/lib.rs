//! Bridge Training, the web app: pages, state and services over the pure crates.
//!
//! For now the app shows a sample deal as a hand diagram. The binary in
//! `main.rs` mounts [`App`] on the page; tests mount it on a element of their own.

mod app;
pub mod store;
pub mod strings;

pub use app::{App, SAMPLE_DEAL};
