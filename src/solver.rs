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
use std::rc::Rc;

use solver_wasm::SolverClient;
use yew::prelude::*;

/// The app's worker, started at the first [`SolverHandle::client`]. Clones
/// share it; [`App`](crate::app::App) provides one to every page.
#[derive(Clone, Default)]
pub struct SolverHandle(Rc<RefCell<Option<SolverClient>>>);

impl PartialEq for SolverHandle {
    fn eq(&self, other: &SolverHandle) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl SolverHandle {
    /// The worker, started now if there is none or the last was given up
    /// (it did not start in time): the threaded one where the page can run a
    /// thread pool (the opening leads' advice, the dearest, on all its
    /// threads), else the one-thread worker.
    #[must_use]
    pub fn client(&self) -> SolverClient {
        let mut kept = self.0.borrow_mut();
        if kept.as_ref().is_some_and(SolverClient::is_unavailable) {
            kept.take();
        }
        kept.get_or_insert_with(SolverClient::spawn_pooled).clone()
    }

    /// Gives the worker up, when it failed (the learner retries): the next
    /// question starts another. The old one ends once nothing holds it.
    pub fn restart(&self) {
        self.0.borrow_mut().take();
    }
}

/// The app's solver worker; every page sits under the provider of
/// [`App`](crate::app::App).
#[hook]
pub fn use_solver() -> SolverHandle {
    use_context::<SolverHandle>().expect("pages are rendered inside App, which provides the solver")
}
