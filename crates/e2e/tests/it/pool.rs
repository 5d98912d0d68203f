//! The solver's thread pool: in a cross-origin isolated page a board's
//! table comes from the threaded worker (more than one thread where the
//! browser has more than one core), and without isolation from the
//! one-thread worker; both equal the native solver's.

use std::time::Instant;

use anyhow::{Context, Result};
use bridge::{Deal, Seat, Strain};
use double_dummy::Solver;
use e2e::{Browser, StaticServer};

use crate::e2e;
use crate::solver::SOLVE_WAIT;

/// One board with South declaring, so the board keeps its deal as written
/// (the app seats the declarer South).
const BOARD: &str = r#"[Event "Pool"]
[Board "1"]
[Dealer "S"]
[Vulnerable "None"]
[Deal "N:AQ97.KJ3.A842.Q5 K863.Q95.K7.K942 J2.A862.QJ3.AJT3 T54.T74.T965.876"]
[Declarer "S"]
[Contract "3NT"]
[Auction "S"]
1NT Pass 3NT Pass
Pass Pass
"#;
const DEAL: &str = "N:AQ97.KJ3.A842.Q5 K863.Q95.K7.K942 J2.A862.QJ3.AJT3 T54.T74.T965.876";

/// Imports [`BOARD`], opens its page and asks for its table: whether the
/// page is isolated, the threads the worker used, and the table's cells.
async fn board_table(server: &StaticServer) -> Result<(bool, u32, u32, Vec<Vec<String>>)> {
    let browser = Browser::start((1024, 768)).await?;
    browser.client.goto(&server.url("/")).await?;
    browser.find(".boards-page .empty").await?;
    browser.pick_file("input.import-file", "pool.pbn", BOARD).await?;
    browser.find("button.confirm-import").await?.click().await?;
    browser.find(".board-row a.board-name").await?.click().await?;
    let isolated = browser.client.execute("return self.crossOriginIsolated === true;", vec![]).await?;
    let cores = browser.client.execute("return navigator.hardwareConcurrency || 1;", vec![]).await?;
    browser.find("button.solve-deal").await?.click().await?;
    let start = Instant::now();
    let solved =
        browser.find_within(".dd-solved", SOLVE_WAIT).await.context("no table shown: the worker did not answer")?;
    eprintln!("the board's table shown {:?} after the click", start.elapsed());
    let threads: u32 = solved.attr("data-threads").await?.context("the table says its threads")?.parse()?;
    let mut cells = Vec::new();
    for seat in Seat::ALL {
        let mut row = Vec::new();
        for strain in Strain::ALL {
            let css = format!(".dd-table td[data-seat='{}'][data-strain='{}']", seat.to_char(), strain.to_char());
            row.push(browser.text(&css).await?);
        }
        cells.push(row);
    }
    browser.close().await;
    let cores = u32::try_from(cores.as_u64().unwrap_or(1)).unwrap_or(1);
    Ok((isolated.as_bool() == Some(true), cores, threads, cells))
}

/// The native table as the page shows it, seat by seat.
fn native_cells() -> Result<Vec<Vec<String>>> {
    let deal: Deal = DEAL.parse()?;
    let table = Solver::new().table(&deal)?;
    Ok(Seat::ALL
        .into_iter()
        .map(|seat| Strain::ALL.into_iter().map(|strain| table.tricks(strain, seat).to_string()).collect())
        .collect())
}

#[tokio::test]
async fn an_isolated_page_solves_tables_on_the_thread_pool_as_the_native_solver() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let (isolated, cores, threads, cells) = board_table(&server).await?;
    assert!(isolated, "the server's headers make the page cross-origin isolated");
    // The pool has a thread per core, up to the five strains.
    assert_eq!(threads, cores.clamp(1, 5), "the table came from the pool ({cores} cores)");
    assert_eq!(cells, native_cells()?, "the pool's table is the native solver's");
    Ok(())
}

#[tokio::test]
async fn a_page_without_isolation_solves_tables_on_one_thread_as_the_native_solver() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start_without_isolation(&dist).await?;
    let (isolated, _, threads, cells) = board_table(&server).await?;
    assert!(!isolated, "without the headers the page is not isolated");
    assert_eq!(threads, 1, "the table came from the one-thread worker");
    assert_eq!(cells, native_cells()?, "the one-thread table is the native solver's");
    Ok(())
}

/// Positions of solve-board.jsonl whose advice the pool's test checks: the
/// first ones, opening leads and mid-play alike.
const ADVICE_POSITIONS: usize = 24;

/// The pool's advice and robots' cards (`card_values`, `best_cards`) are
/// the vectors', and so are the worker's own thread's.
#[tokio::test]
async fn the_thread_pool_values_every_card_and_finds_the_best_as_the_vectors() -> Result<()> {
    let dist = e2e!();
    let positions = e2e::pool::boards(ADVICE_POSITIONS)?;
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((1024, 768)).await?;
    browser.client.goto(&server.url("/solver-mt/files.json")).await?;
    let fields: Vec<&[String; 4]> = positions.iter().map(|(fields, _)| fields).collect();
    for kind in [e2e::pool::Kind::Advice, e2e::pool::Kind::BestCards] {
        // Two threads even on one core: the groups are shared out all the same.
        e2e::pool::start(&browser, kind, serde_json::json!(fields), 2).await?;
        e2e::pool::gather(&browser, positions.len(), SOLVE_WAIT, |idx, result| {
            let (fields, want) = &positions[idx];
            e2e::pool::check_answers(kind, result, want, fields)
        })
        .await?;
    }
    browser.close().await;
    Ok(())
}
