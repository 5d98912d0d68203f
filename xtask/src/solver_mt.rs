//! The solver's worker with a thread pool (`solver-mt/`): its own
//! workspace on a dated nightly (atomics and `-Z build-std`), built to wasm,
//! run through `wasm-bindgen --target web`, and laid out in `solver-mt/pkg/`
//! for trunk to copy into the app as `solver-mt/` (`index.html`).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::step::{cmd, output, run, step};
use crate::{project_root, tools};

/// The folder of the threaded build, from the project root.
const DIR: &str = "solver-mt";
/// The pool's helper as wasm-bindgen-rayon 1.3.0 (no-bundler) starts each
/// thread: the old form of the module's init, without a stack size, so each
/// thread would get wasm-bindgen's default of 2 MiB.
const HELPER_INIT: &str = "await pkg.default(data.module, data.memory);";
/// The same with the 8 MiB stack of the one-thread worker (a deep search
/// recurses once per card; an overflow corrupts memory silently).
const HELPER_INIT_STACK: &str =
    "await pkg.default({ module_or_path: data.module, memory: data.memory, thread_stack_size: 8 << 20 });";

/// The dated nightly of `solver-mt/rust-toolchain.toml`.
pub fn nightly_channel() -> Result<String> {
    let path = project_root().join(DIR).join("rust-toolchain.toml");
    let text = std::fs::read_to_string(&path).with_context(|| format!("could not read {}", path.display()))?;
    text.lines()
        .find_map(|line| line.trim().strip_prefix("channel = ").map(|value| value.trim_matches('"').to_owned()))
        .with_context(|| format!("no channel in {}", path.display()))
}

/// The nightly with `rust-src`, clippy and the wasm target, from the rustup server.
pub fn nightly() -> Result<()> {
    step("nightly toolchain for the thread pool", || {
        let channel = nightly_channel()?;
        let mut list = cmd("rustup");
        list.args(["component", "list", "--installed", "--toolchain", &channel]);
        let installed = output(list).unwrap_or_default();
        let has = |name: &str| installed.lines().any(|line| line.trim().starts_with(name));
        if has("rust-src") && has("clippy") && has("rust-std-wasm32-unknown-unknown") {
            println!("    {channel} with rust-src, clippy and wasm32-unknown-unknown is installed");
            return Ok(());
        }
        let mut install = cmd("rustup");
        install.args(["toolchain", "install", &channel, "--profile", "minimal", "--component", "rust-src"]);
        install.args(["--component", "clippy"]);
        install.args(["--target", "wasm32-unknown-unknown"]);
        run(install)
    })
}

/// Where the threaded build compiles: `SOLVER_MT_TARGET_DIR`, else beside
/// `CARGO_TARGET_DIR` (with `-mt`), else `target/solver-mt`.
fn target_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("SOLVER_MT_TARGET_DIR") {
        return PathBuf::from(dir);
    }
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
        let mut dir = dir;
        dir.push("-mt");
        return PathBuf::from(dir);
    }
    project_root().join("target").join(DIR)
}

/// Builds the threaded worker into `solver-mt/pkg/`: the module and its
/// wasm, the pool's helper (given 8 MiB stacks), `worker.js`, and
/// `files.json` naming them all for the service worker's cache.
pub fn build() -> Result<()> {
    nightly()?;
    step("build the solver's thread pool worker (solver-mt, nightly, build-std)", || {
        let dir = project_root().join(DIR);
        let target = target_dir();
        run_in(mt_cargo(["build", "--release", "--lib"]), &dir)?;
        let wasm = target.join("wasm32-unknown-unknown").join("release").join("solver_mt.wasm");
        let pkg = dir.join("pkg");
        if pkg.exists() {
            std::fs::remove_dir_all(&pkg).with_context(|| format!("could not empty {}", pkg.display()))?;
        }
        let mut bindgen = tools::tool_cmd("wasm-bindgen", ["--target", "web", "--no-typescript", "--out-dir"]);
        bindgen.arg(&pkg).arg(&wasm);
        run(bindgen)?;
        optimise(&pkg.join("solver_mt_bg.wasm"))?;
        std::fs::copy(dir.join("worker.js"), pkg.join("worker.js")).context("could not copy worker.js")?;
        patch_helper(&pkg)?;
        write_file_list(&pkg)
    })
}

/// Runs `wasm-opt -O3` on the threaded worker's module in place, as trunk
/// does the one-thread worker's (`data-wasm-opt="3"` in `index.html`), with
/// the features the threaded build uses (shared memory and atomics, bulk
/// memory, SIMD) and those rustc enables by default: 29% smaller (380 to 270 KB
/// on 3 December 2026), and no slower in the pool bench (four runs against
/// four without, interleaved: advice on the pool p99 267 to 288 ms against
/// 240 to 301, on one thread 9.3 to 10.0 s in all against 9.1 to 10.6).
fn optimise(wasm: &Path) -> Result<()> {
    let features = [
        "--enable-threads",
        "--enable-bulk-memory",
        "--enable-mutable-globals",
        "--enable-nontrapping-float-to-int",
        "--enable-sign-ext",
        "--enable-reference-types",
        "--enable-multivalue",
        "--enable-simd",
    ];
    let mut opt = tools::tool_cmd("wasm-opt", ["-O3"]);
    opt.args(features).arg(wasm).arg("-o").arg(wasm);
    run(opt)
}

/// Lints the threaded worker on its nightly, for wasm with its flags (the
/// only build that compiles its browser side).
pub fn clippy() -> Result<()> {
    nightly()?;
    step("lint the thread pool's worker (cargo clippy in solver-mt, nightly, wasm)", || {
        run_in(mt_cargo(["clippy", "--release", "--lib", "--", "-D", "warnings"]), &project_root().join(DIR))
    })
}

/// Cargo for the threaded build: run from its folder so rustup takes its
/// rust-toolchain.toml, without what `cargo xtask` set for the stable
/// toolchain, into its own target folder.
fn mt_cargo<'a>(args: impl IntoIterator<Item = &'a str>) -> std::process::Command {
    let mut res = cmd("cargo");
    res.args(args)
        .env("CARGO_TARGET_DIR", target_dir())
        .env_remove("RUSTUP_TOOLCHAIN")
        .env_remove("CARGO")
        .env_remove("RUSTC")
        .env_remove("RUSTDOC")
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS");
    res
}

/// Runs `command` in `dir` (not the project root), its output shown.
fn run_in(mut command: std::process::Command, dir: &Path) -> Result<()> {
    command.current_dir(dir);
    println!("    (in {})", dir.display());
    let status = command.status().context("could not start cargo")?;
    if !status.success() {
        bail!("cargo in {} exited with {status}", dir.display());
    }
    Ok(())
}

/// Gives the pool's threads the worker's 8 MiB stack instead of 2 MiB.
fn patch_helper(pkg: &Path) -> Result<()> {
    let helpers: Vec<PathBuf> = files(pkg)?
        .into_iter()
        .filter(|path| path.file_name().is_some_and(|name| name == "workerHelpers.no-bundler.js"))
        .collect();
    let [helper] = helpers.as_slice() else {
        bail!("expected one workerHelpers.no-bundler.js from wasm-bindgen-rayon, found {}", helpers.len());
    };
    let text = std::fs::read_to_string(helper)?;
    if !text.contains(HELPER_INIT) {
        bail!("{} no longer starts threads with {HELPER_INIT:?}: check the thread stacks", helper.display());
    }
    std::fs::write(helper, text.replace(HELPER_INIT, HELPER_INIT_STACK))?;
    Ok(())
}

/// `files.json`: every file of the package, as paths relative to the app.
fn write_file_list(pkg: &Path) -> Result<()> {
    let mut names: Vec<String> = files(pkg)?
        .iter()
        .filter_map(|path| path.strip_prefix(pkg).ok())
        .map(|rel| format!("{DIR}/{}", rel.to_string_lossy().replace('\\', "/")))
        .collect();
    names.sort();
    let list: Vec<String> = names.iter().map(|name| format!("  \"{name}\"")).collect();
    std::fs::write(pkg.join("files.json"), format!("[\n{}\n]\n", list.join(",\n")))?;
    println!("    {} files in {DIR}/", names.len());
    Ok(())
}

/// Every file under `dir`, recursively.
fn files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut res = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            res.extend(files(&path)?);
        } else {
            res.push(path);
        }
    }
    Ok(res)
}
