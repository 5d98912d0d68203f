//! `cargo xtask test`: every test, cheapest first, installing tools just
//! before the step that needs them.

use std::path::PathBuf;
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};
use serde_json::Value;

use crate::step::{cargo, run, run_in, step};
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
    // Incremental caches would double the size of `target/` for builds that a
    // test run makes once; CI's disk is not large.
    std::env::set_var("CARGO_INCREMENTAL", "0");
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
        // `--all-targets` leaves out the browser benchmarks of e2e (`test = false`).
        let mut clippy = cargo();
        // `--workspace` keeps the features of the run above (only e2e has them).
        clippy.args(["clippy", "--workspace", "--test", "pool_bench", "--test", "play_bench", "--", "-D", "warnings"]);
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
    let tests = step("build the native tests (cargo test --workspace --no-run)", build_native_tests)?;
    step("native tests", || {
        for test in tests.iter().filter(|test| test.package != "e2e") {
            run_in(test.command(), &test.dir)?;
        }
        let mut doc = cargo();
        doc.args(["test", "--workspace", "--doc"]);
        run(doc)
    })?;
    if postgres {
        let cluster = postgres::Cluster::start()?;
        step("server tests against PostgreSQL", || {
            for test in tests.iter().filter(|test| test.package == "server") {
                let mut command = test.command();
                command.env("TEST_DATABASE_URL", cluster.url());
                run_in(command, &test.dir)?;
            }
            Ok(())
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
    // Issue 5's budget, checked on every run: the bench alone let it slip.
    step("size of the app's wasm", crate::bench::app_size)?;
    step("end-to-end tests in headless Chromium", || {
        for test in tests.iter().filter(|test| test.package == "e2e") {
            let mut command = test.command();
            // One browser at a time: several at once on a 2-core machine start too slowly to be reliable.
            command
                .arg("--test-threads=1")
                .env("E2E_DIST", project_root().join("dist"))
                .env("CHROMEDRIVER", tools::CHROMEDRIVER)
                .env("CHROMIUM", tools::CHROMIUM);
            run_in(command, &test.dir)?;
        }
        Ok(())
    })?;
    println!("\nxtask: every test passed");
    Ok(())
}

/// A native test executable built by `cargo test --workspace --no-run`.
struct TestBinary {
    package: String,
    /// The package's directory, where `cargo test` would run it.
    dir: PathBuf,
    executable: PathBuf,
}

impl TestBinary {
    fn command(&self) -> Command {
        let mut command = Command::new(&self.executable);
        command.env("CARGO_MANIFEST_DIR", &self.dir);
        command
    }
}

/// Builds every native test of the workspace in one go and lists the
/// executables, which the later steps run themselves.
///
/// `cargo test -p server` or `cargo test -p e2e` after `cargo test
/// --workspace` would resolve features for that package alone and compile a
/// second copy of much of the dependency graph, enough to fill CI's disk.
fn build_native_tests() -> Result<Vec<TestBinary>> {
    let mut build = cargo();
    build
        .args(["test", "--workspace", "--no-run", "--message-format=json-render-diagnostics"])
        .current_dir(project_root())
        .stderr(Stdio::inherit());
    let out = build.output().context("could not start cargo")?;
    if !out.status.success() {
        bail!("`cargo test --workspace --no-run` exited with {}", out.status);
    }
    let mut tests = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(message) = serde_json::from_str::<Value>(line) else { continue };
        if message["reason"] != "compiler-artifact" || message["profile"]["test"] != true {
            continue;
        }
        let (Some(executable), Some(manifest), Some(id)) =
            (message["executable"].as_str(), message["manifest_path"].as_str(), message["package_id"].as_str())
        else {
            continue;
        };
        let dir = PathBuf::from(manifest).parent().context("a manifest path without a directory")?.to_owned();
        tests.push(TestBinary { package: package_name(id, &dir), dir, executable: executable.into() });
    }
    if tests.is_empty() {
        bail!("`cargo test --workspace --no-run` listed no test executable");
    }
    Ok(tests)
}

/// The package's name in a package id: `path+file:///…/server#0.1.0`, or
/// `path+file:///…/dir#name@0.1.0` when the name is not the directory's.
fn package_name(id: &str, dir: &std::path::Path) -> String {
    match id.rsplit_once('#') {
        Some((_, version)) if version.contains('@') => version.split('@').next().unwrap_or_default().to_owned(),
        _ => dir.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default(),
    }
}
