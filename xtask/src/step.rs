//! Named steps: each says what it does and, when it fails, which step failed.

use std::ffi::OsStr;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use anyhow::{bail, Context, Result};

/// Runs `body` as the step `name`, printing its start, its duration and, on
/// failure, its name in the error.
pub fn step<T>(name: &str, body: impl FnOnce() -> Result<T>) -> Result<T> {
    println!("\n==> {name}");
    let start = Instant::now();
    let res = body().with_context(|| format!("step `{name}` failed"));
    if res.is_ok() {
        println!("    ({name}: done in {:.1} s)", start.elapsed().as_secs_f64());
    }
    res
}

/// A command to run with its output shown.
pub fn cmd(program: impl AsRef<OsStr>) -> Command {
    Command::new(program)
}

/// Cargo, the same one that runs xtask.
pub fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// Runs `command` in the project root, its output going to the terminal.
pub fn run(command: Command) -> Result<()> {
    run_in(command, &crate::project_root())
}

/// Runs `command` in `dir`, its output going to the terminal.
pub fn run_in(mut command: Command, dir: &Path) -> Result<()> {
    let shown = show(&command);
    println!("    $ {shown}");
    command.current_dir(dir);
    let status = command.status().with_context(|| format!("could not start `{shown}`"))?;
    if !status.success() {
        bail!("`{shown}` exited with {status}");
    }
    Ok(())
}

/// Runs `command` quietly and returns its standard output, or `None` when it
/// cannot start or fails.
pub fn output(mut command: Command) -> Option<String> {
    command.current_dir(crate::project_root());
    let out = command.output().ok()?;
    if !out.status.success() {
        return None;
    }
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn show(command: &Command) -> String {
    let mut res = command.get_program().to_string_lossy().into_owned();
    for arg in command.get_args() {
        res.push(' ');
        res.push_str(&arg.to_string_lossy());
    }
    res
}
