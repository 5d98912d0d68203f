//! `cargo xtask run`: build the app and the server, and serve both on
//! http://127.0.0.1:8080 with the embedded SQLite default.

use anyhow::Result;

use crate::project_root;
use crate::step::{cargo, run as run_cmd, step};
use crate::{solver_mt, tools};

pub const ADDRESS: &str = "http://127.0.0.1:8080";

pub fn run() -> Result<()> {
    build()?;
    step("build the server (cargo build --release -p server)", || {
        let mut build = cargo();
        build.args(["build", "--release", "-p", "server"]);
        run_cmd(build)
    })?;
    let root = project_root();
    println!("\nBridge Training is served at {ADDRESS} (data in ./data)\nOpen that address in a browser; Ctrl-C stops the server.\n");
    step("serve the app and its API (server, SQLite in ./data)", || {
        let mut serve = cargo();
        serve.args(["run", "--release", "-p", "server", "--", "--port", "8080"]);
        serve.arg("--data-dir").arg(root.join("data")).arg("--dist").arg(root.join("dist"));
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
