//! `cargo xtask run`: build the app and serve it on http://127.0.0.1:8080.

use anyhow::Result;

use crate::step::{run as run_cmd, step};
use crate::{solver_mt, tools};

pub const ADDRESS: &str = "http://127.0.0.1:8080";

pub fn run() -> Result<()> {
    build()?;
    println!("\nBridge Training is served at {ADDRESS}\nOpen that address in a browser; Ctrl-C stops the server.\n");
    step("serve the app", || {
        let mut serve = tools::tool_cmd(
            "trunk",
            ["serve", "--release", "--offline", "--no-autoreload", "--address", "127.0.0.1", "--port", "8080"],
        );
        serve.env("TRUNK_SKIP_VERSION_CHECK", "true");
        run_cmd(serve)
    })
}

/// Installs what is missing and builds the app into `dist/`.
pub fn build() -> Result<()> {
    tools::wasm_target()?;
    tools::wasm_bindgen()?;
    tools::trunk()?;
    tools::wasm_opt()?;
    build_app()
}

/// `trunk build --release` into `dist/`, with the installed tools and no
/// download, after the solver's threaded worker (which trunk copies in).
pub fn build_app() -> Result<()> {
    solver_mt::build()?;
    step("build the app (trunk build --release)", || {
        let mut build = tools::tool_cmd("trunk", ["build", "--release", "--offline"]);
        build.env("TRUNK_SKIP_VERSION_CHECK", "true");
        run_cmd(build)
    })
}
