//! A teacher's boards: import a PBN file (plan first), find the boards again
//! after a reload, export them.

use anyhow::{Context, Result};
use bridge::pbn;
use e2e::{Browser, StaticServer};

use crate::e2e;

/// Two games: one good, one with a card twice (North's ♣4 is also East's).
pub(crate) const CLUB_NIGHT: &str = r#"[Event "Club night"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AQ97.KJ3.A842.Q5 K863.Q95.K7.K942 J2.A862.QJ3.AJT3 T54.T74.T965.876"]
[Declarer "N"]
[Contract "3NT"]
[Auction "N"]
1D Pass 1H Pass
2NT Pass 3NT Pass
Pass Pass

[Event "Club night"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AQ97.KJ3.A842.Q54 K863.Q95.K7.K942 J2.A862.QJ3.AJT3 T5.T74.T965.876"]
[Declarer "S"]
[Contract "1NT"]
[Auction "E"]
Pass 1NT Pass Pass
Pass
"#;

#[tokio::test]
async fn a_pbn_file_is_planned_imported_kept_after_a_reload_and_exported() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((1024, 768)).await?;
    browser.client.goto(&server.url("/")).await?;
    browser.find(".boards-page .empty").await.context("a new device has no boards")?;

    browser.pick_file("input.import-file", "club-night.pbn", CLUB_NIGHT).await?;

    // The plan comes first: one board to create, one game refused with its place.
    let summary = browser.text(".import-plan .plan-summary").await?;
    assert_eq!(summary, "Boards to create: 1. Games refused: 1.");
    let refused = browser.find_all(".import-plan .rejections li").await?;
    assert_eq!(refused.len(), 1);
    let reason = refused[0].text().await?;
    assert!(reason.starts_with("#2 "), "the refusal names board 2: {reason:?}");
    assert!(browser.client.find_all(fantoccini::Locator::Css(".board-row")).await?.is_empty(), "nothing stored yet");

    browser.find("button.confirm-import").await?.click().await?;
    let rows = browser.find_all(".board-row").await?;
    assert_eq!(rows.len(), 1);
    let row = rows[0].text().await?;
    assert!(row.contains("3NT"), "the row shows the contract: {row:?}");
    let notice = browser.text(".notice span").await?;
    assert_eq!(notice, "Import finished. Boards created: 1; failed: 0.", "the import's report");
    // The report is of the boards page: it goes when the learner opens a board.
    browser.find(".board-row a.board-name").await?.click().await?;
    browser.find(".board-page").await?;
    let notices = browser.client.find_all(fantoccini::Locator::Css(".notice")).await?;
    assert!(notices.is_empty(), "the import's report left with its page");

    // Reload: the board comes back from IndexedDB.
    browser.client.goto(&server.url("/")).await?;
    let rows = browser.find_all(".board-row").await?;
    assert_eq!(rows.len(), 1, "the imported board is still there after a reload");

    // Export: the same game, board 1 dealt by North again.
    browser.find("button.export-pbn").await?.click().await?;
    let text = browser.downloaded("bridge-training.pbn").await?;
    let exported = pbn::parse(&text);
    assert_eq!(exported.file.games.len(), 1, "{text}");
    let deal = &exported.file.games[0].tag("Deal").context("the exported game has a deal")?.value;
    assert_eq!(deal, "N:AQ97.KJ3.A842.Q5 K863.Q95.K7.K942 J2.A862.QJ3.AJT3 T54.T74.T965.876");
    browser.close().await;
    Ok(())
}

#[tokio::test]
async fn the_boards_page_fits_a_phone_screen_with_large_enough_targets() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((360, 640)).await?;
    browser.client.goto(&server.url("/")).await?;
    browser.find(".boards-page .empty").await?;
    browser.pick_file("input.import-file", "club-night.pbn", CLUB_NIGHT).await?;
    browser.find(".import-plan").await?;
    browser.save_screenshot("boards-plan-360x640.png").await?;
    browser.find("button.confirm-import").await?.click().await?;
    browser.find(".board-row").await?;
    browser.save_screenshot("boards-360x640.png").await?;

    assert_eq!(browser.sideways_overflow().await?, Some(0), "the page scrolls sideways at 360 px");
    // Every button and link of the list and the toolbar is at least 40 px high.
    let small = browser
        .small_touch_targets("main button, main .button, .board-row a, main select, main input[type=search]")
        .await?;
    assert_eq!(small, serde_json::json!([]), "touch targets under 40 px");
    assert_eq!(broken_section_links(&browser).await?, serde_json::json!([]), "section links on two lines");

    // In French, whose section names are longer, the page still fits.
    browser.find("button.language[lang=fr]").await?.click().await?;
    browser.find("button.language.active[lang=fr]").await?;
    assert_eq!(browser.text(".account-link").await?, "Se connecter");
    browser.save_screenshot("boards-fr-360x640.png").await?;
    assert_eq!(browser.sideways_overflow().await?, Some(0), "the French page scrolls sideways at 360 px");
    assert_eq!(broken_section_links(&browser).await?, serde_json::json!([]), "French section links on two lines");
    browser.close().await;
    Ok(())
}

#[tokio::test]
async fn the_rewrite_page_fits_a_phone_screen_with_large_enough_targets() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((360, 640)).await?;
    browser.client.goto(&server.url("/#/rewrite")).await?;
    browser.find("form.rewrite-rule input.rewrite-find").await?;
    browser.save_screenshot("rewrite-360x640.png").await?;
    assert_eq!(browser.sideways_overflow().await?, Some(0), "the page scrolls sideways at 360 px");
    let small = browser.small_touch_targets("main input, main select, main button").await?;
    assert_eq!(small, serde_json::json!([]), "touch targets under 40 px");
    browser.close().await;
    Ok(())
}

/// The links of the sections' bar whose name the page breaks over two lines
/// or more.
async fn broken_section_links(browser: &Browser) -> Result<serde_json::Value> {
    let script = "return [...document.querySelectorAll('nav.sections a')].filter(link => {
            const range = document.createRange();
            range.selectNodeContents(link);
            return new Set([...range.getClientRects()].map(rect => Math.round(rect.top))).size > 1;
        }).map(link => link.textContent);";
    Ok(browser.client.execute(script, vec![]).await?)
}
