//! `cargo xtask test`: every test, cheapest first, installing tools just
//! before the step that needs them.

use anyhow::{bail, Result};

use crate::step::{cargo, run, step};
use crate::{postgres, project_root, run as app, solver_mt, tools};

/// The wasm test targets, run in headless Chromium: (package, test target).
const WASM_TESTS: &[(&str, &str)] = &[
    ("bridge-training", "web"),
    ("bridge-training", "store"),
    ("ui", "web"),
    ("double-dummy", "it"),
    ("solver-wasm", "it"),
];

pub fn test(args: &[String]) -> Result<()> {
    let mut postgres = false;
    for arg in args {
        match arg.as_str() {
            // The server's tests again against PostgreSQL, installed and started here.
            "--postgres" => postgres = true,
            _ => bail!("unknown option {arg:?} for `cargo xtask test` (known: --postgres)"),
        }
    }
    tools::wasm_target()?;
    step("format (cargo fmt --check)", || {
        let mut fmt = cargo();
        fmt.args(["fmt", "--all", "--check"]);
        run(fmt)?;
        // The thread pool's worker is a workspace of its own.
        let mut fmt = cargo();
        fmt.args(["fmt", "--check", "--manifest-path", "solver-mt/Cargo.toml"]);
        run(fmt)
    })?;
    step("lint (cargo clippy, native)", || {
        let mut clippy = cargo();
        clippy.args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]);
        run(clippy)?;
        // `--all-targets` leaves out the thread pool's benchmark (`test = false`).
        let mut clippy = cargo();
        clippy.args(["clippy", "-p", "e2e", "--test", "pool_bench", "--", "-D", "warnings"]);
        run(clippy)
    })?;
    step("lint (cargo clippy, wasm)", || {
        let mut clippy = cargo();
        clippy.args([
            "clippy",
            "--target",
            "wasm32-unknown-unknown",
            "-p",
            "bridge-training",
            "-p",
            "ui",
            "-p",
            "solver-wasm",
            "--all-targets",
        ]);
        clippy.args(["--", "-D", "warnings"]);
        run(clippy)?;
        // `--all-targets` leaves out the solver worker's benchmark (`test = false`).
        let mut clippy = cargo();
        clippy.args(["clippy", "--target", "wasm32-unknown-unknown", "-p", "solver-wasm", "--test", "worker_bench"]);
        clippy.args(["--", "-D", "warnings"]);
        run(clippy)
    })?;
    solver_mt::clippy()?;
    step("native tests (cargo test --workspace)", || {
        let mut test = cargo();
        test.args(["test", "--workspace", "--exclude", "e2e"]);
        run(test)
    })?;
    if postgres {
        let cluster = postgres::Cluster::start()?;
        step("server tests against PostgreSQL (cargo test -p server)", || {
            let mut test = cargo();
            test.args(["test", "-p", "server"]).env("TEST_DATABASE_URL", cluster.url());
            run(test)
        })?;
    }
    tools::wasm_bindgen()?;
    tools::chromium()?;
    for (package, target) in WASM_TESTS {
        step(&format!("wasm tests of {package} ({target}) in headless Chromium"), || {
            let mut test = cargo();
            test.args(["test", "--target", "wasm32-unknown-unknown", "-p", package, "--test", target])
                .env("PATH", tools::tool_path())
                .env("CHROMEDRIVER", tools::CHROMEDRIVER)
                .env("WASM_BINDGEN_TEST_TIMEOUT", "120");
            run(test)
        })?;
    }
    tools::trunk()?;
    tools::wasm_opt()?;
    app::build_app()?;
    step("end-to-end tests in headless Chromium", || {
        let mut test = cargo();
        // One browser at a time: several at once on a 2-core machine start too slowly to be reliable.
        test.args(["test", "-p", "e2e", "--", "--test-threads=1"])
            .env("E2E_DIST", project_root().join("dist"))
            .env("CHROMEDRIVER", tools::CHROMEDRIVER)
            .env("CHROMIUM", tools::CHROMIUM);
        run(test)
    })?;
    println!("\nxtask: every test passed");
    Ok(())
}
