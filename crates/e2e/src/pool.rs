//! The threaded solver (`solver-mt`) driven from a page: its advice checked
//! against solve-board.jsonl, by the tests and the pool's benchmark.

use std::collections::BTreeMap;
use std::time::Duration;

use anyhow::{bail, Context, Result};

use crate::Browser;

/// Starts a worker of the threaded solver in the page (run by WebDriver's
/// `execute` with the positions, each as [`board`] reads it, and the pool's
/// threads) that values every card of each position on one thread, then on
/// the pool: `window.adviceBench` gathers its messages (one per position,
/// `{ single, pool, singleMs, poolMs }`, then `done`, or an `error`), for
/// [`gather`]. Returns whether the page is cross-origin isolated.
pub const ADVICE_WORKER: &str = r#"
const [positions, threads] = arguments;
window.adviceBench = { results: [], done: false, error: null };
const module = new URL("/solver-mt/solver_mt.js", location.href).href;
const code = `
import init, { initThreadPool, card_values } from "${module}";
onmessage = async ({ data: { positions, threads } }) => {
  try {
    await init();
    await initThreadPool(threads);
    for (const [deal, trump, leader, played] of positions) {
      const t0 = performance.now();
      const single = card_values(deal, trump, leader, played, false);
      const t1 = performance.now();
      const pool = card_values(deal, trump, leader, played, true);
      const t2 = performance.now();
      postMessage({ single, pool, singleMs: t1 - t0, poolMs: t2 - t1 });
    }
    postMessage({ done: true });
  } catch (error) {
    postMessage({ error: String(error) });
  }
};`;
const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
const worker = new Worker(url, { type: "module" });
worker.onmessage = ({ data }) => {
  if (data.error) window.adviceBench.error = data.error;
  else if (data.done) window.adviceBench.done = true;
  else window.adviceBench.results.push(data);
};
worker.onerror = (event) => { window.adviceBench.error = "worker error: " + event.message; };
worker.postMessage({ positions, threads });
return { isolated: self.crossOriginIsolated === true };
"#;

/// Takes the results `window[bench]` gathered until `count` have come,
/// giving each to `each`; fails on the worker's error, or when nothing comes
/// for `wait`.
pub async fn gather(
    browser: &Browser,
    bench: &str,
    count: usize,
    wait: Duration,
    mut each: impl FnMut(usize, &serde_json::Value) -> Result<()>,
) -> Result<()> {
    let script =
        format!("const b = window.{bench}; const r = b.results.splice(0); return {{ results: r, error: b.error }};");
    let (mut seen, mut waited) = (0, Duration::ZERO);
    while seen < count {
        let state = browser.client.execute(&script, vec![]).await?;
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

/// A line of solve-board.jsonl: the position as `card_values` takes it
/// (deal, trump, leader, the cards played apart by spaces), and every legal
/// card's value.
pub fn board(line: &str) -> Result<([String; 4], Values)> {
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

/// `card_values`'s answer (`SA 5 SQ 5`), each card once.
pub fn answered(answer: &serde_json::Value) -> Result<Values> {
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
