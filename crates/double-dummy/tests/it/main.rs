//! The contract of the solver: the shared DDS vectors, properties of tables
//! and card values, and errors for illegal positions (native and wasm).

mod common;
#[cfg(not(target_arch = "wasm32"))]
mod oracle;
#[cfg(not(target_arch = "wasm32"))]
mod props;
#[cfg(not(target_arch = "wasm32"))]
mod vectors;
#[cfg(target_arch = "wasm32")]
mod wasm;
