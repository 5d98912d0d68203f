//! The worker's contract: the shared double-dummy vectors of `testdata/dd`
//! asked through the protocol get the answers of the vector files, and
//! illegal requests get error answers. Natively the messages cross JSON; in
//! headless Chromium they cross `gloo-worker`'s own codec, as in the worker.

#[cfg(target_arch = "wasm32")]
mod browser;
mod common;
#[cfg(not(target_arch = "wasm32"))]
mod native;
