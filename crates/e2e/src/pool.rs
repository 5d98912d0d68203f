//! The threaded solver (`solver-mt`) driven from a page: its advice checked
//! against solve-board.jsonl, by the tests and the pool's benchmark.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use anyhow::{bail, Context, Result};

use crate::Browser;

/// Starts a worker of the threaded solver in the page (run by WebDriver's
/// `execute` with the kind, the items and the pool's threads) that solves
/// each item on one thread, then on the pool: `tables`, a deal's 20 trick
/// counts (`table_tricks`), `advice`, every card's value of a position
/// as [`board`] reads it (`card_values`), or `best`, a robot's best cards
/// there (`best_cards`), with the position's value as a fifth field when
/// it is known. `window.poolBench` gathers its
/// messages (one per item, `{ item, single, pool, singleMs, poolMs }`,
/// then `done`, or an `error`) for [`gather`]. Returns whether the page is
/// cross-origin isolated and its cores.
const START: &str = r#"
const [kind, items, threads] = arguments;
window.poolBench = { results: [], done: false, error: null };
const module = new URL("/solver-mt/solver_mt.js", location.href).href;
const code = `
import init, { initThreadPool, table_tricks, card_values, best_cards } from "${module}";
const solve = {
  tables: (deal, pool) => Array.from(table_tricks(deal, pool)),
  advice: ([deal, trump, leader, played, value], pool) => card_values(deal, trump, leader, played, pool, value),
  best: ([deal, trump, leader, played, value], pool) => best_cards(deal, trump, leader, played, pool, value),
};
onmessage = async ({ data: { kind, items, threads } }) => {
  try {
    await init();
    await initThreadPool(threads);
    for (const item of items) {
      const t0 = performance.now();
      const single = solve[kind](item, false);
      const t1 = performance.now();
      const pool = solve[kind](item, true);
      const t2 = performance.now();
      postMessage({ item, single, pool, singleMs: t1 - t0, poolMs: t2 - t1 });
    }
    postMessage({ done: true });
  } catch (error) {
    postMessage({ error: String(error) });
  }
};`;
const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
const worker = new Worker(url, { type: "module" });
worker.onmessage = ({ data }) => {
  if (data.error) window.poolBench.error = data.error;
  else if (data.done) window.poolBench.done = true;
  else window.poolBench.results.push(data);
};
worker.onerror = (event) => { window.poolBench.error = "worker error: " + event.message; };
worker.postMessage({ kind, items, threads });
return { isolated: self.crossOriginIsolated === true, cores: navigator.hardwareConcurrency || 1 };
"#;

/// Starts the threaded worker `count` times in a row (run by WebDriver's
/// `execute_async` with the pool's threads and the count), each in a new
/// module worker ended once started: its module imported, its wasm
/// initialised and its pool of threads up. Answers each start's time.
const STARTS: &str = r#"
const [threads, count, done] = arguments;
const module = new URL("/solver-mt/solver_mt.js", location.href).href;
const code = `
import init, { initThreadPool } from "${module}";
onmessage = async ({ data: threads }) => {
  await init();
  await initThreadPool(threads);
  postMessage("up");
};`;
const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
const one = () => new Promise((resolve) => {
  const start = performance.now();
  const worker = new Worker(url, { type: "module" });
  worker.onmessage = () => { const ms = performance.now() - start; worker.terminate(); resolve(ms); };
  worker.onerror = (event) => { worker.terminate(); resolve("worker error: " + event.message); };
  worker.postMessage(threads);
});
(async () => { const times = []; for (let i = 0; i < count; i++) times.push(await one()); done(times); })();
"#;

/// The times, in milliseconds, of `count` starts of the threaded worker with
/// a pool of `threads` threads in the page `browser` shows (served isolated,
/// from the built app), one after the other: what a page paid for its
/// worker before the app kept one for its life.
///
/// # Errors
/// When a worker fails to start, or WebDriver fails.
pub async fn start_times(browser: &Browser, threads: u64, count: usize) -> Result<Vec<f64>> {
    let args = vec![serde_json::json!(threads), serde_json::json!(count)];
    let times = browser.client.execute_async(STARTS, args).await?;
    let times = times.as_array().with_context(|| format!("no start times: {times}"))?;
    times.iter().map(|time| time.as_f64().with_context(|| format!("a start failed: {time}"))).collect()
}

/// What the threaded worker solves: `tables` (items: deals), `advice` or
/// the robots' best cards (items: positions as [`board`] reads them, each
/// with its value or not).
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Tables,
    Advice,
    BestCards,
}

/// Starts the threaded worker in the page `browser` shows (served
/// isolated, from the built app) on `items` with a pool of `threads`
/// threads; its answers come through [`gather`].
///
/// # Errors
/// When the page is not cross-origin isolated, or WebDriver fails.
pub async fn start(browser: &Browser, kind: Kind, items: serde_json::Value, threads: u64) -> Result<()> {
    let kind = match kind {
        Kind::Tables => "tables",
        Kind::Advice => "advice",
        Kind::BestCards => "best",
    };
    let page = browser.client.execute(START, vec![serde_json::json!(kind), items, serde_json::json!(threads)]).await?;
    if page["isolated"] != serde_json::json!(true) {
        bail!("the page is not cross-origin isolated: {page}");
    }
    Ok(())
}

/// Takes the results the worker [`start`] started gathered until `count` have come,
/// giving each to `each`; fails on the worker's error, or when nothing comes
/// for `wait`.
pub async fn gather(
    browser: &Browser,
    count: usize,
    wait: Duration,
    mut each: impl FnMut(usize, &serde_json::Value) -> Result<()>,
) -> Result<()> {
    let script = "const b = window.poolBench; const r = b.results.splice(0); return { results: r, error: b.error };";
    let (mut seen, mut waited) = (0, Duration::ZERO);
    while seen < count {
        let state = browser.client.execute(script, vec![]).await?;
        if let Some(error) = state["error"].as_str() {
            bail!("the bench worker failed: {error}");
        }
        let results = state["results"].as_array().cloned().unwrap_or_default();
        if results.is_empty() {
            waited += Duration::from_millis(500);
            if waited > wait {
                bail!("no answer for {wait:?} after {seen} of {count}");
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
            continue;
        }
        waited = Duration::ZERO;
        for result in results {
            each(seen, &result)?;
            seen += 1;
            if seen % 20 == 0 {
                eprintln!("  {seen} of {count}");
            }
        }
    }
    Ok(())
}

/// Each card with its value.
pub type Values = BTreeMap<String, u64>;

/// The first `count` positions of `testdata/dd/solve-board.jsonl`, each
/// as [`board`] reads it.
///
/// # Errors
/// When the file cannot be read or a line does not read.
pub fn boards(count: usize) -> Result<Vec<([String; 4], Values)>> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/dd/solve-board.jsonl"))?;
    text.lines().take(count).map(board).collect()
}

/// A line of solve-board.jsonl: the position as `card_values` takes it
/// (deal, trump, leader, the cards played apart by spaces), and every legal
/// card's value.
fn board(line: &str) -> Result<([String; 4], Values)> {
    let record: serde_json::Value = serde_json::from_str(line)?;
    let text = |key: &str| record[key].as_str().map(str::to_owned).with_context(|| format!("no {key} in {line}"));
    let played: Vec<&str> =
        record["played"].as_array().into_iter().flatten().filter_map(|card| card.as_str()).collect();
    let cards = record["cards"].as_object().with_context(|| format!("no cards in {line}"))?;
    let values = cards
        .iter()
        .map(|(card, tricks)| Ok((card.clone(), tricks.as_u64().with_context(|| format!("a value in {line}"))?)))
        .collect::<Result<Values>>()?;
    Ok(([text("deal")?, text("trump")?, text("leader")?, played.join(" ")], values))
}

/// Checks an item's two answers of `kind` (one thread's and the pool's,
/// as [`gather`] gives them) against `want`, the file's values of the
/// position `fields`: every card's value for the advice; the best value and
/// the cards worth it for the robots'.
///
/// # Errors
/// When an answer does not read, or for tables, whose answers are tricks.
pub fn check_answers(kind: Kind, result: &serde_json::Value, want: &Values, fields: &[String; 4]) -> Result<()> {
    for (side, whose) in [("single", "one thread's"), ("pool", "the pool's")] {
        match kind {
            Kind::Advice => assert_eq!(&answered(&result[side])?, want, "{whose} values of {fields:?}"),
            Kind::BestCards => {
                assert_eq!(answered_best(&result[side])?, best_of(want), "{whose} best cards of {fields:?}");
            }
            Kind::Tables => bail!("a table's answer is its tricks, not a position's values"),
        }
    }
    Ok(())
}

/// The best value of `values` and the cards worth it: what `best_cards`
/// answers.
fn best_of(values: &Values) -> (u64, BTreeSet<String>) {
    let best = values.values().copied().max().unwrap_or(0);
    (best, values.iter().filter(|&(_, &tricks)| tricks == best).map(|(card, _)| card.clone()).collect())
}

/// `best_cards`'s answer (`5 SA SQ`): the value and the cards, each once.
fn answered_best(answer: &serde_json::Value) -> Result<(u64, BTreeSet<String>)> {
    let text = answer.as_str().with_context(|| format!("no best cards in {answer}"))?;
    let mut tokens = text.split_whitespace();
    let value = tokens.next().with_context(|| format!("no value in {text}"))?.parse()?;
    let mut cards = BTreeSet::new();
    for card in tokens {
        if !cards.insert(card.to_owned()) {
            bail!("{card} twice in {text}");
        }
    }
    Ok((value, cards))
}

/// `card_values`'s answer (`SA 5 SQ 5`), each card once.
fn answered(answer: &serde_json::Value) -> Result<Values> {
    let text = answer.as_str().with_context(|| format!("no values in {answer}"))?;
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let mut values = Values::new();
    for pair in tokens.chunks(2) {
        let [card, tricks] = pair else { bail!("a card without its value in {text}") };
        if values.insert((*card).to_owned(), tricks.parse()?).is_some() {
            bail!("{card} twice in {text}");
        }
    }
    Ok(values)
}
