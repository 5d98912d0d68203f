//! The `pbn` command-line tool: check and format PBN files, convert LIN files.
//!
//! ```text
//! pbn check FILE...   every problem of every game, as file:line:column: message
//! pbn fmt FILE        the file re-exported in canonical PBN 2.1
//! pbn lin FILE        the boards of a LIN file (or a handviewer link) in PBN 2.1
//! ```

use std::io::Write;
use std::process::ExitCode;

use bridge::lin;
use bridge::pbn::{self, PbnFile, Severity};

const USAGE: &str = "usage: pbn check FILE...\n       pbn fmt FILE\n       pbn lin FILE";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.split_first() {
        Some((command, files)) if command == "check" && !files.is_empty() => check(files),
        Some((command, [file])) if command == "fmt" => fmt(file),
        Some((command, [file])) if command == "lin" => from_lin(file),
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// Reports every problem of every file; fails when one has an error.
fn check(files: &[String]) -> ExitCode {
    let mut failed = false;
    for path in files {
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(err) => {
                eprintln!("{path}: cannot read: {err}");
                failed = true;
                continue;
            }
        };
        let mut parsed = pbn::parse_bytes(&bytes);
        parsed.diagnostics.extend(pbn::check(&parsed.file));
        parsed.diagnostics.sort_by_key(|diagnostic| diagnostic.pos);
        let n_errors = parsed.error_count();
        let n_warnings = parsed.diagnostics.len() - n_errors;
        let mut stdout = std::io::stdout().lock();
        // A closed pipe (`pbn check ... | head`) is not worth a panic: stop writing.
        let _ = writeln!(stdout, "{path}: {} games, {n_errors} errors, {n_warnings} warnings", parsed.file.games.len());
        for diagnostic in &parsed.diagnostics {
            if writeln!(stdout, "{path}:{diagnostic}").is_err() {
                break;
            }
        }
        failed |= parsed.diagnostics.iter().any(|diagnostic| diagnostic.severity == Severity::Error);
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Prints the file in canonical PBN 2.1; problems go to standard error.
fn fmt(path: &str) -> ExitCode {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(err) => {
            eprintln!("{path}: cannot read: {err}");
            return ExitCode::FAILURE;
        }
    };
    let parsed = pbn::parse_bytes(&bytes);
    for diagnostic in &parsed.diagnostics {
        eprintln!("{path}:{diagnostic}");
    }
    let mut stdout = std::io::stdout().lock();
    match write!(stdout, "{}", parsed.file) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("cannot write: {err}");
            ExitCode::FAILURE
        }
    }
}

/// Prints the boards of a LIN file, or of the handviewer link it holds, in
/// PBN 2.1; the boards that cannot be read go to standard error.
fn from_lin(path: &str) -> ExitCode {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(err) => {
            eprintln!("{path}: cannot read: {err}");
            return ExitCode::FAILURE;
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    let boards = match text.trim_start().starts_with("http") {
        true => vec![lin::parse_handviewer_url(&text)],
        false => lin::parse(&text),
    };
    let mut file = PbnFile::default();
    let mut failed = false;
    for (idx, board) in boards.iter().enumerate() {
        match board {
            Ok(board) => file.games.push(board.to_pbn()),
            Err(err) => {
                eprintln!("{path}: board {}: {err}", idx + 1);
                failed = true;
            }
        }
    }
    let mut stdout = std::io::stdout().lock();
    if let Err(err) = write!(stdout, "{file}") {
        eprintln!("cannot write: {err}");
        return ExitCode::FAILURE;
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
