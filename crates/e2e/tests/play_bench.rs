//! What a learner waits for while playing, in the built app in headless
//! Chromium on a phone's screen (run by `cargo xtask bench`, not by the
//! tests; `test = false` in Cargo.toml).
//!
//! The app imports a PBN file of boards made from the first deals of
//! `testdata/dd/bench-deals.txt`, each in the contract its table says
//! declarer makes (the highest number of tricks of any strain and seat,
//! bid to that level), and the learner plays each board to its end as
//! declarer, through the page as a learner does: from the boards list to
//! the board, "Play", a second on the auction (`BENCH_READ_MS`), "Play as
//! declarer", then always the first card it may play, at once. Each wait is
//! timed in the page (`performance.now()`, from the click to the change of
//! the page that ends it, seen by a `MutationObserver`):
//!
//! - the first turn: from "Play as declarer" to the learner's turn, the
//!   robots' opening lead and dummy on the table;
//! - the verdict: from a learner's card to whether it cost a trick
//!   (`.card-feedback[data-cost]`): at once for one of the best cards, the
//!   advice the app asked before the card; for another, once the position
//!   it reaches is valued (the question the robots' next card asks);
//! - the next turn: from a learner's card to the learner's turn again (or
//!   the end), the robots' cards between;
//! - the review's table: from the last learner card to the board's table
//!   in the review.
//!
//! Twice: on a cross-origin isolated page (the threaded worker's pool) and
//! on a page without isolation (the one-thread worker, as on a browser
//! without threads). `E2E_DIST` names the built app; `BENCH_PLAY_BOARDS=N`
//! sets the boards (by default 20), `BENCH_READ_MS=N` the time on the
//! auction (by default 1,000 ms; 0 for a learner who starts at once).

use std::fmt::Write as _;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use bridge::{Seat, Strain};
use double_dummy::DdTable;
use e2e::{Browser, StaticServer};
use shared::{bench_deals, env_number, summary};

#[path = "shared/bench.rs"]
mod shared;

/// Boards played on each page unless `BENCH_PLAY_BOARDS` says otherwise.
const BOARDS: usize = 20;
/// How long the learner reads the auction before "Play as declarer", in
/// ms, unless `BENCH_READ_MS` says otherwise: the worker meanwhile answers
/// the opening lead, asked at once, and solves the board's table.
const READ_MS: usize = 1000;

/// Clicks the element `arguments[0]` names and times, in the page, what
/// follows (run by WebDriver's `execute_async`, the kind of click as
/// `arguments[1]`: `start` for "Play as declarer", `card` for a learner's
/// card). Returns `{ verdict, turn, review, cards, state }` in ms from the
/// click (`verdict` for a card only, `review` once the play is over), or
/// `{ error }`.
const CLICK_AND_TIME: &str = r#"
const [selector, kind] = arguments;
const done = arguments[arguments.length - 1];
const game = () => document.querySelector('section.game');
const before = game() ? Number(game().dataset.cards) : -1;
const target = document.querySelector(selector);
if (!target) { done({ error: `nothing matches ${selector}` }); return; }
const t0 = performance.now();
const times = { verdict: null, turn: null, review: null };
const check = () => {
  const g = game();
  if (!g || Number(g.dataset.cards) <= before) return false;
  const now = performance.now() - t0;
  const state = g.dataset.state;
  if (kind === 'card' && times.verdict === null
      && document.querySelector('.card-feedback-live .card-feedback[data-cost]')) times.verdict = now;
  if (times.turn === null && (state === 'your-turn' || state === 'finished')) times.turn = now;
  if (state === 'finished' && times.review === null
      && document.querySelector('section.game-end[data-table]')) times.review = now;
  const judged = kind !== 'card' || times.verdict !== null;
  return judged && times.turn !== null && (state !== 'finished' || times.review !== null);
};
const finish = (extra) => {
  observer.disconnect();
  clearTimeout(timer);
  const g = game();
  done({ ...times, cards: g ? Number(g.dataset.cards) : null, state: g ? g.dataset.state : null, ...extra });
};
const observer = new MutationObserver(() => { if (check()) finish({}); });
observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
const timer = setTimeout(() => finish({ error: 'no answer within 25 s' }), 25000);
target.click();
"#;

/// The times of one page's games, in ms.
#[derive(Default)]
struct Waits {
    first_turn: Vec<f64>,
    verdict: Vec<f64>,
    next_turn: Vec<f64>,
    review: Vec<f64>,
}

impl Waits {
    fn print(&self, title: &str) {
        println!("{title}");
        println!(
            "  first turn (\"Play as declarer\" to the learner's turn: the robots' lead): {}",
            summary(&self.first_turn)
        );
        println!("  verdict on the learner's card (did it cost a trick): {}", summary(&self.verdict));
        println!(
            "  next turn (the learner's card to the learner's turn again: the robots' cards): {}",
            summary(&self.next_turn)
        );
        println!("  the review's table (the last learner card to the board's table): {}", summary(&self.review));
    }
}

/// The contract `table` says declarer makes at the highest number of
/// tricks: its level, strain and declarer (notrump first among ties).
fn made_contract(table: &DdTable) -> (u8, Strain, Seat) {
    let mut best = (0, Strain::NoTrump, Seat::South);
    for strain in [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs] {
        for seat in [Seat::South, Seat::North, Seat::East, Seat::West] {
            let tricks = table.tricks(strain, seat);
            if tricks > best.0 {
                best = (tricks, strain, seat);
            }
        }
    }
    let (tricks, strain, declarer) = best;
    (tricks.saturating_sub(6).clamp(1, 7), strain, declarer)
}

/// A PBN file of one board a deal, each in its made contract (declarer the
/// dealer, who bids it at once), named so that the boards list sorts them
/// in the file's order.
fn pbn_file(deals: &[(String, DdTable)]) -> String {
    let mut res = String::new();
    for (number, (deal, table)) in deals.iter().enumerate() {
        let (level, strain, declarer) = made_contract(table);
        let seat = declarer.to_char();
        let bid = format!("{level}{strain}");
        let _ = write!(
            res,
            "[Event \"Play bench {:02}\"]\n[Board \"{}\"]\n[Dealer \"{seat}\"]\n[Vulnerable \"None\"]\n\
             [Deal \"{deal}\"]\n[Declarer \"{seat}\"]\n[Contract \"{bid}\"]\n[Auction \"{seat}\"]\n\
             {bid} Pass Pass Pass\n\n",
            number + 1,
            number + 1,
        );
    }
    res
}

/// Clicks `selector` and returns the page's times of what followed.
async fn click_and_time(browser: &Browser, selector: &str, kind: &str) -> Result<serde_json::Value> {
    let args = vec![serde_json::json!(selector), serde_json::json!(kind)];
    let times = browser.client.execute_async(CLICK_AND_TIME, args).await?;
    if let Some(error) = times["error"].as_str() {
        bail!("{error} after clicking {selector}: {times}");
    }
    Ok(times)
}

fn ms(times: &serde_json::Value, key: &str) -> Result<f64> {
    times[key].as_f64().with_context(|| format!("no {key} time in {times}"))
}

/// Clicks the link of the board named `Play bench NN` (`number` from 1) in
/// the boards list, once the list shows it.
async fn open_board(browser: &Browser, number: usize) -> Result<()> {
    let script = "const name = arguments[0]; \
                  const link = [...document.querySelectorAll('.board-row a.board-name')] \
                    .find(link => link.textContent.startsWith(name)); \
                  if (link) link.click(); \
                  return !!link;";
    let name = format!("Play bench {number:02}");
    for _ in 0..100 {
        if browser.client.execute(script, vec![name.clone().into()]).await? == serde_json::json!(true) {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    bail!("the boards list shows no {name}")
}

/// Plays every board of `pbn` as declarer on `server`'s app, on a page that
/// is cross-origin `isolated` or not (checked).
async fn play_all(server: &StaticServer, pbn: &str, boards: usize, read: Duration, isolated: bool) -> Result<Waits> {
    let browser = Browser::start((360, 640)).await?;
    browser.client.goto(&server.url("/")).await?;
    let page = browser.client.execute("return self.crossOriginIsolated === true;", vec![]).await?;
    anyhow::ensure!(page == serde_json::json!(isolated), "the page's isolation is {page}, not {isolated}");
    browser.pick_file("input.import-file", "play-bench.pbn", pbn).await?;
    browser.find("button.confirm-import").await?.click().await?;
    let mut waits = Waits::default();
    for board in 0..boards {
        open_board(&browser, board + 1).await?;
        browser.find("a.play-board").await?.click().await?;
        browser.find("button.play-declarer").await?;
        tokio::time::sleep(read).await;
        let first = click_and_time(&browser, "button.play-declarer", "start").await?;
        waits.first_turn.push(ms(&first, "turn")?);
        let mut state = first["state"].as_str().unwrap_or_default().to_owned();
        while state != "finished" {
            let times = click_and_time(&browser, ".seat-panel .card.playable", "card").await?;
            waits.verdict.push(ms(&times, "verdict")?);
            waits.next_turn.push(ms(&times, "turn")?);
            state = times["state"].as_str().unwrap_or_default().to_owned();
            if state == "finished" {
                waits.review.push(ms(&times, "review")?);
            }
        }
        eprintln!("  board {} of {boards} played", board + 1);
        browser.find("header h1 a").await?.click().await?;
    }
    browser.close().await;
    Ok(waits)
}

#[tokio::test]
async fn a_learner_plays_boards_as_declarer_with_and_without_the_pool() -> Result<()> {
    let Some(dist) = e2e::dist_dir() else {
        eprintln!("E2E_DIST is not set: the bench needs the built app; run `cargo xtask bench`");
        return Ok(());
    };
    let boards = env_number("BENCH_PLAY_BOARDS").unwrap_or(BOARDS).max(1);
    let pbn = pbn_file(&bench_deals(boards)?);
    let read_ms = env_number("BENCH_READ_MS").unwrap_or(READ_MS);
    let read = Duration::from_millis(read_ms as u64);

    let server = StaticServer::start(&dist).await?;
    let waits = play_all(&server, &pbn, boards, read, true).await?;
    server.stop().await;
    waits.print(&format!(
        "a learner plays {boards} boards as declarer on a 360x640 page, cross-origin isolated (the worker's thread \
         pool), {read_ms} ms on the auction, then always the first card it may play, at once:"
    ));

    let server = StaticServer::start_without_isolation(&dist).await?;
    let waits = play_all(&server, &pbn, boards, read, false).await?;
    server.stop().await;
    waits.print(&format!(
        "the same {boards} boards on a page without isolation (the one-thread worker, as where threads are \
         unavailable):"
    ));
    Ok(())
}
