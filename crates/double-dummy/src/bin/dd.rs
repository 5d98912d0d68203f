//! `dd`, the solver on the command line: a deal's table and par, the card
//! values of a position, or the same in bulk over the shared vector formats.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;

use bridge::{Card, Deal, Seat, Strain, Vulnerability};
use double_dummy::{par, DdTable, Position, Solver};
use serde_json::{Map, Value};

const USAGE: &str = "usage:
  dd DEAL [--trump S|H|D|C|N] [--leader N|E|S|W] [--play \"CARDS\"]
      the table and par of DEAL (a PBN deal string such as \"N:AK.. ...\"); with
      --play, the value of every card after the cards played from the opening
      lead (trump default N, leader default W)
  dd tables FILE
      one deal string per line (anything after it is ignored); writes the table
      and par (dealer N, nobody vulnerable) in the format of dd-tables.txt
  dd analyse FILE
      positions in the format of solve-board.jsonl; writes the same records
      with the card values and best filled in";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let res = match args.first().map(String::as_str) {
        None | Some("-h" | "--help") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some("tables") => with_file(&args, tables),
        Some("analyse" | "analyze") => with_file(&args, analyse),
        Some(_) => single(&args),
    };
    match res {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("dd: {err}");
            ExitCode::FAILURE
        }
    }
}

fn with_file(args: &[String], run: fn(&str, &mut dyn Write) -> Result<(), String>) -> Result<(), String> {
    let [_, path] = args else {
        return Err(format!("expected one file name\n{USAGE}"));
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    run(path, &mut out)?;
    out.flush().map_err(|err| format!("writing the output: {err}"))
}

/// `dd DEAL [...]`: the table and par, or a card analysis.
fn single(args: &[String]) -> Result<(), String> {
    let mut deal_words = Vec::new();
    let mut trump = Strain::NoTrump;
    let mut leader = Seat::West;
    let mut play: Option<String> = None;
    let mut idx = 0;
    while idx < args.len() {
        let arg = args[idx].as_str();
        let mut value = || {
            idx += 1;
            args.get(idx).cloned().ok_or_else(|| format!("{arg} needs a value"))
        };
        match arg {
            "--trump" => trump = value()?.parse().map_err(|err| format!("--trump: {err}"))?,
            "--leader" => leader = value()?.parse().map_err(|err| format!("--leader: {err}"))?,
            "--play" => play = Some(value()?),
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}\n{USAGE}")),
            _ => deal_words.push(arg.to_owned()),
        }
        idx += 1;
    }
    let deal: Deal = deal_words.join(" ").parse().map_err(|err| format!("deal: {err}"))?;
    let mut solver = Solver::new();
    let Some(play) = play else {
        let table = solver.table(&deal).map_err(|err| format!("deal: {err}"))?;
        let par = par(&table, Vulnerability::None, Seat::North);
        println!("{deal}\n\n{table}\n\npar (dealer N, nobody vulnerable): {} {par}", par.score);
        return Ok(());
    };
    let mut position = Position::from_deal(&deal, trump, leader).map_err(|err| format!("deal: {err}"))?;
    for (idx, word) in play.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).enumerate() {
        let card: Card = word.parse().map_err(|err| format!("--play, card {}: {err}", idx + 1))?;
        position = position.play(card).map_err(|err| format!("--play, card {} ({card}): {err}", idx + 1))?;
    }
    let values = solver.analyse(&position);
    let best = values.iter().map(|value| value.tricks).max().unwrap_or(0);
    println!(
        "{} to play, {} tricks left; tricks for {}'s side with each card:",
        position.to_play(),
        position.tricks_left(),
        position.to_play()
    );
    let mut line = String::new();
    for value in &values {
        let _ = write!(line, " {}:{}{}", value.card, value.tricks, if value.tricks == best { "*" } else { "" });
    }
    println!("{}", line.trim_start());
    Ok(())
}

/// `dd tables FILE`.
fn tables(path: &str, out: &mut dyn Write) -> Result<(), String> {
    let lines = read_lines(path)?;
    let mut solver = Solver::new();
    let total = lines.len();
    for (idx, line) in lines.iter().enumerate() {
        let where_ = format!("{path}:{}", idx + 1);
        let mut tokens = line.split_whitespace();
        let deal_words: Vec<&str> = tokens.by_ref().take(4).collect();
        if deal_words.is_empty() {
            continue;
        }
        let deal: Deal = deal_words.join(" ").parse().map_err(|err| format!("{where_}: {err}"))?;
        let table = solver.table(&deal).map_err(|err| format!("{where_}: {err}"))?;
        writeln!(out, "{}", table_line(&deal, &table)).map_err(|err| format!("writing the output: {err}"))?;
        progress("tables", idx + 1, total);
    }
    Ok(())
}

/// One line of dd-tables.txt.
fn table_line(deal: &Deal, table: &DdTable) -> String {
    let par = par(table, Vulnerability::None, Seat::North);
    let mut res = deal.to_string();
    for tricks in table.to_vector_order() {
        let _ = write!(res, " {tricks}");
    }
    let _ = write!(res, " par_ns={} contracts={par}", par.score);
    res
}

/// `dd analyse FILE`.
fn analyse(path: &str, out: &mut dyn Write) -> Result<(), String> {
    let lines = read_lines(path)?;
    let mut solver = Solver::new();
    let total = lines.len();
    for (idx, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let where_ = format!("{path}:{}", idx + 1);
        let mut record: Map<String, Value> = serde_json::from_str(line).map_err(|err| format!("{where_}: {err}"))?;
        let position = record_position(&record).map_err(|err| format!("{where_}: {err}"))?;
        let values = solver.analyse(&position);
        let mut cards = Map::new();
        for value in &values {
            cards.insert(value.card.to_string(), Value::from(value.tricks));
        }
        let best = values.iter().map(|value| value.tricks).max().unwrap_or(0);
        record.insert("cards".to_owned(), Value::Object(cards));
        record.insert("best".to_owned(), Value::from(best));
        let mut bytes = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(&mut bytes, SpacedFormatter);
        serde::Serialize::serialize(&record, &mut ser).map_err(|err| format!("{where_}: {err}"))?;
        out.write_all(&bytes)
            .and_then(|()| out.write_all(b"\n"))
            .map_err(|err| format!("writing the output: {err}"))?;
        progress("positions", idx + 1, total);
    }
    Ok(())
}

/// The position of a solve-board record.
fn record_position(record: &Map<String, Value>) -> Result<Position, String> {
    let text = |key: &str| record.get(key).and_then(Value::as_str).ok_or_else(|| format!("missing text field {key:?}"));
    let deal = text("deal")?;
    let trump: Strain = text("trump")?.parse().map_err(|err| format!("trump: {err}"))?;
    let leader: Seat = text("leader")?.parse().map_err(|err| format!("leader: {err}"))?;
    let played = match record.get("played") {
        None => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| {
                let text = item.as_str().ok_or_else(|| format!("played: {item} is not a card"))?;
                text.parse::<Card>().map_err(|err| format!("played: {err}"))
            })
            .collect::<Result<Vec<Card>, String>>()?,
        Some(other) => return Err(format!("played: expected a list of cards, found {other}")),
    };
    Position::from_pbn(deal, trump, leader, &played).map_err(|err| err.to_string())
}

fn read_lines(path: &str) -> Result<Vec<String>, String> {
    let file = std::fs::File::open(path).map_err(|err| format!("{path}: {err}"))?;
    BufReader::new(file).lines().collect::<Result<Vec<String>, _>>().map_err(|err| format!("{path}: {err}"))
}

/// Progress on stderr for long files: every tenth of the file.
fn progress(what: &str, done: usize, total: usize) {
    if total >= 20 && (done * 10 / total != (done - 1) * 10 / total || done == total) {
        eprintln!("dd: {done}/{total} {what}");
    }
}

/// JSON with a space after each comma and colon, as the vector files are written.
struct SpacedFormatter;

impl serde_json::ser::Formatter for SpacedFormatter {
    fn begin_array_value<W: ?Sized + Write>(&mut self, writer: &mut W, first: bool) -> std::io::Result<()> {
        if first {
            Ok(())
        } else {
            writer.write_all(b", ")
        }
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, writer: &mut W, first: bool) -> std::io::Result<()> {
        if first {
            Ok(())
        } else {
            writer.write_all(b", ")
        }
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        writer.write_all(b": ")
    }
}
