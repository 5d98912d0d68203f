//! The solver's worker, as the built app starts it: the sample deal's table
//! and par come back from the worker equal to the native solver's, and are
//! kept for the next visit.

use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use bridge::{board_dealer, board_vulnerability, Deal, Seat, Strain};
use bridge_training::{SAMPLE_BOARD, SAMPLE_DEAL};
use double_dummy::{par, Solver};
use e2e::{Browser, StaticServer};
use fantoccini::Locator;

use crate::e2e;

/// How long the worker may take: this deal's table takes the solver about
/// 15 seconds of one core natively (a hard one for it today), and the
/// machines running the tests are shared.
pub(crate) const SOLVE_WAIT: Duration = Duration::from_secs(240);

#[tokio::test]
async fn the_worker_solves_the_sample_deal_as_the_native_solver_does() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((360, 640)).await?;
    browser.client.goto(&server.url("/#/sample")).await?;

    let deal: Deal = SAMPLE_DEAL.parse()?;
    let table = Solver::new().table(&deal).context("the sample deal is a full deal")?;
    let expected = par(&table, board_vulnerability(SAMPLE_BOARD), board_dealer(SAMPLE_BOARD));

    browser.find("button.solve-deal").await?.click().await?;
    let start = Instant::now();
    let shown = browser.find_within(".par", SOLVE_WAIT).await.context("no par shown: the worker did not answer")?;
    eprintln!("the worker's table and par of the sample deal shown {:?} after the click", start.elapsed());
    assert_eq!(shown.attr("data-score").await?, Some(expected.score.to_string()), "par score");
    assert_eq!(shown.attr("data-contracts").await?, Some(expected.to_string()), "par contracts");
    assert_cells(&browser, &table).await?;
    assert_eq!(browser.sideways_overflow().await?, Some(0), "the table fits a phone's width");

    // Kept once solved: the page shows it again at once, without the worker.
    browser.client.refresh().await?;
    let kept = browser.find(".dd-solved[data-kept='true'] .par").await.context("the kept table is shown")?;
    assert_eq!(kept.attr("data-score").await?, Some(expected.score.to_string()), "kept par score");
    assert_eq!(kept.attr("data-contracts").await?, Some(expected.to_string()), "kept par contracts");
    assert_cells(&browser, &table).await?;
    assert!(browser.client.find_all(Locator::Css("button.solve-deal")).await?.is_empty(), "nothing to solve");
    browser.close().await;
    Ok(())
}

/// Every cell of the table shown equals `table`'s.
pub(crate) async fn assert_cells(browser: &Browser, table: &double_dummy::DdTable) -> Result<()> {
    for seat in Seat::ALL {
        for strain in Strain::ALL {
            let css = format!(".dd-table td[data-seat='{}'][data-strain='{}']", seat.to_char(), strain.to_char());
            let cell = browser.text(&css).await?;
            assert_eq!(cell, table.tricks(strain, seat).to_string(), "{seat} declaring in {strain:?}");
        }
    }
    Ok(())
}
