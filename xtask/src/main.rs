//! Project automation, reached through `cargo xtask` (an alias in `.cargo/config.toml`).
//!
//! Each task installs what it is missing first, so a fresh clone needs only
//! Cargo: `run` builds and serves the app, `test` runs every test (native,
//! wasm in headless Chromium, end to end), `bench` prints the benchmarks.

mod bench;
mod postgres;
mod run;
mod solver_mt;
mod step;
mod test;
mod tools;

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <task>

tasks:
  run     install what is missing, build the app and serve it on http://127.0.0.1:8080
  build   install what is missing and build the app into dist/ (as `run` does, without serving)
  test    install what is missing and run every test: fmt, clippy, native, wasm, end to end
          (--postgres: also the server's tests against PostgreSQL, installed and started here)
  bench   run the benchmarks and print their figures
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let res = match args.first().map(String::as_str) {
        Some("run") => run::run(),
        Some("build") => run::build(),
        Some("test") => test::test(&args[1..]),
        Some("bench") => bench::bench(&args[1..]),
        Some("help" | "--help" | "-h") | None => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(other) => {
            eprint!("xtask: unknown task {other:?}\n\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    match res {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("\nxtask: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root: the parent of this crate's folder.
fn project_root() -> PathBuf {
    // `cargo run` (and so `cargo xtask`) says at run time where the xtask package is; the path
    // of the build is only a fallback, as one binary may serve several checkouts sharing a
    // target directory.
    let manifest_dir =
        std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    manifest_dir.parent().map_or(manifest_dir.clone(), PathBuf::from)
}
