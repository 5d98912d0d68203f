//! `cargo xtask run`: build the app and serve it on http://127.0.0.1:8080.

use anyhow::Result;

use crate::step::{run as run_cmd, step};
use crate::tools;

pub const ADDRESS: &str = "http://127.0.0.1:8080";

pub fn run() -> Result<()> {
    tools::wasm_target()?;
    tools::wasm_bindgen()?;
    tools::trunk()?;
    tools::wasm_opt()?;
    build_app()?;
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

/// `trunk build --release` into `dist/`, with the installed tools and no download.
pub fn build_app() -> Result<()> {
    step("build the app (trunk build --release)", || {
        let mut build = tools::tool_cmd("trunk", ["build", "--release", "--offline"]);
        build.env("TRUNK_SKIP_VERSION_CHECK", "true");
        run_cmd(build)
    })
}
