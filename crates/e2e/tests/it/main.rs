//! End-to-end tests: the built app in headless Chromium.

mod boards;
mod editor;
mod home;
mod lessons;
mod modes;
mod offline;
mod player;
mod pool;
mod sharing;
mod solver;

/// Runs an end-to-end test when `E2E_DIST` names the built app; says plainly
/// that nothing was checked otherwise.
macro_rules! e2e {
    () => {
        match e2e::dist_dir() {
            Some(dir) => dir,
            None => {
                eprintln!("E2E_DIST is not set: the end-to-end tests need the built app; run `cargo xtask test`");
                return Ok(());
            }
        }
    };
}
pub(crate) use e2e;
