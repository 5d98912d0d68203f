//! Installs the tools the tasks need, each only when it is missing or at
//! another version, from the package registries this project may use.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::step::{cargo, cmd, output, run, step};

/// The exact trunk release that builds with our pinned rustc.
const TRUNK_VERSION: &str = "0.21.14";
/// The binaryen release (npm package) that provides `wasm-opt`.
const BINARYEN_VERSION: &str = "132.0.0";
const WASM_TARGET: &str = "wasm32-unknown-unknown";
pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// The `wasm32-unknown-unknown` target of the pinned toolchain.
pub fn wasm_target() -> Result<()> {
    step("wasm target", || {
        let installed = output(rustup(["target", "list", "--installed"])).unwrap_or_default();
        if installed.lines().any(|line| line.trim() == WASM_TARGET) {
            println!("    {WASM_TARGET} is installed");
            return Ok(());
        }
        run(rustup(["target", "add", WASM_TARGET]))
    })
}

/// `wasm-bindgen` and its test runner, at exactly the version in `Cargo.lock`.
pub fn wasm_bindgen() -> Result<()> {
    step("wasm-bindgen-cli", || {
        let version = locked_version("wasm-bindgen")?;
        let found = output(tool_cmd("wasm-bindgen", ["--version"])).unwrap_or_default();
        if found.trim() == format!("wasm-bindgen {version}") {
            println!("    wasm-bindgen {version} is installed");
            return Ok(());
        }
        println!("    installing wasm-bindgen-cli {version} (about 5 to 10 minutes on 2 cores)");
        // Not `--locked`: the CLI's own lock file names versions the registry lacks.
        let mut install = cargo();
        install.args(["install", "wasm-bindgen-cli", "--version", &version, "--force"]);
        run(install)
    })
}

/// trunk, which builds and bundles the app.
pub fn trunk() -> Result<()> {
    step("trunk", || {
        let found = output(tool_cmd("trunk", ["--version"])).unwrap_or_default();
        if found.trim() == format!("trunk {TRUNK_VERSION}") {
            println!("    trunk {TRUNK_VERSION} is installed");
            return Ok(());
        }
        println!("    installing trunk {TRUNK_VERSION} (about 10 minutes on 2 cores)");
        let mut install = cargo();
        // trunk's own release profile (fat LTO) doubles the build for the same tool.
        install.env("CARGO_PROFILE_RELEASE_LTO", "false").env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16").args([
            "install",
            &format!("trunk@{TRUNK_VERSION}"),
            "--locked",
            "--force",
        ]);
        run(install)
    })
}

/// `wasm-opt` from the npm package `binaryen`, so trunk never downloads it.
pub fn wasm_opt() -> Result<()> {
    step("wasm-opt", || {
        let major = BINARYEN_VERSION.split('.').next().unwrap_or(BINARYEN_VERSION);
        let found = output(tool_cmd("wasm-opt", ["--version"])).unwrap_or_default();
        if found.contains(&format!("version {major}")) {
            println!("    wasm-opt {major} is installed");
            return Ok(());
        }
        let dir = tools_dir();
        std::fs::create_dir_all(&dir).with_context(|| format!("could not create {}", dir.display()))?;
        if output(tool_cmd("npm", ["--version"])).is_none() {
            bail!("npm is missing: install Node.js and npm (Debian: apt-get install -y nodejs npm)");
        }
        let mut install = cmd("npm");
        install
            .args(["install", "--no-audit", "--no-fund", "--prefix"])
            .arg(&dir)
            .arg(format!("binaryen@{BINARYEN_VERSION}"));
        run(install)
    })
}

/// Debian's Chromium and ChromeDriver, for the browser tests.
pub fn chromium() -> Result<()> {
    step("chromium and chromedriver", || {
        if Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists() {
            let browser = output(tool_cmd(CHROMIUM, ["--version"])).unwrap_or_default();
            let driver = output(tool_cmd(CHROMEDRIVER, ["--version"])).unwrap_or_default();
            println!("    {}; {}", browser.trim(), driver.split(" (").next().unwrap_or_default().trim());
            return Ok(());
        }
        if output(tool_cmd("id", ["-u"])).is_none_or(|uid| uid.trim() != "0") {
            bail!("Chromium is missing; as root, run: apt-get update && apt-get install -y chromium chromium-driver");
        }
        let mut update = cmd("apt-get");
        update.arg("update");
        run(update)?;
        let mut install = cmd("apt-get");
        install.env("DEBIAN_FRONTEND", "noninteractive").args(["install", "-y", "chromium", "chromium-driver"]);
        run(install)
    })
}

/// Debian's `package`, installed when `binary` is missing (as root).
pub fn debian_package(package: &str, binary: &str) -> Result<()> {
    step(&format!("{package} (Debian's package)"), || {
        if Path::new(binary).exists() {
            println!("    {binary}");
            return Ok(());
        }
        if output(tool_cmd("id", ["-u"])).is_none_or(|uid| uid.trim() != "0") {
            bail!("{package} is missing; as root, run: apt-get update && apt-get install -y {package}");
        }
        let mut update = cmd("apt-get");
        update.arg("update");
        run(update)?;
        let mut install = cmd("apt-get");
        install.env("DEBIAN_FRONTEND", "noninteractive").args(["install", "-y", package]);
        run(install)
    })
}

/// The version of `package` in `Cargo.lock`.
pub fn locked_version(package: &str) -> Result<String> {
    let lock_path = crate::project_root().join("Cargo.lock");
    let lock =
        std::fs::read_to_string(&lock_path).with_context(|| format!("could not read {}", lock_path.display()))?;
    let name_line = format!("name = \"{package}\"");
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == name_line {
            if let Some(version) = lines.next().and_then(|line| line.trim().strip_prefix("version = ")) {
                return Ok(version.trim_matches('"').to_owned());
            }
        }
    }
    bail!("{package} is not in {}", lock_path.display())
}

/// The PATH for the tools: the npm tools, Cargo's binaries, then the caller's PATH.
pub fn tool_path() -> OsString {
    let mut dirs = vec![tools_dir().join("node_modules").join(".bin"), cargo_bin_dir()];
    if let Some(path) = std::env::var_os("PATH") {
        dirs.extend(std::env::split_paths(&path));
    }
    std::env::join_paths(dirs).unwrap_or_default()
}

/// A command for a tool found on [`tool_path`].
pub fn tool_cmd<'a>(program: &str, args: impl IntoIterator<Item = &'a str>) -> std::process::Command {
    let mut res = cmd(program);
    res.env("PATH", tool_path()).args(args);
    res
}

fn rustup<'a>(args: impl IntoIterator<Item = &'a str>) -> std::process::Command {
    let mut res = cmd("rustup");
    res.args(args);
    res
}

/// Where `cargo install` puts binaries.
fn cargo_bin_dir() -> PathBuf {
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")))
        .unwrap_or_else(|| PathBuf::from(".cargo"));
    cargo_home.join("bin")
}

/// Where the npm tools live: a cache outside the clone, kept between clones.
fn tools_dir() -> PathBuf {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))
        .unwrap_or_else(|| crate::project_root().join("target"));
    cache.join("bridge-training").join("tools")
}
