//! A teacher drafts a board in the editor, saves it through the write gate,
//! then edits it: the play card by card and a comment on a card, in English
//! and French; after a reload the board reads as saved.

use anyhow::{Context, Result};
use e2e::{Browser, StaticServer};

use crate::e2e;

/// Types `text` into the field matching `css`.
async fn type_into(browser: &Browser, css: &str, text: &str) -> Result<()> {
    browser.find(css).await?.send_keys(text).await.with_context(|| format!("typing into {css}"))
}

#[tokio::test]
async fn a_board_is_created_then_edited_with_its_play_and_comments_in_two_languages() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((1024, 768)).await?;
    browser.client.goto(&server.url("/#/new")).await?;
    browser.find(".editor-page").await?;

    type_into(&browser, "input.board-name-input", "Count to nine").await?;
    // Three hands: the fourth is completed.
    type_into(&browser, "input.deal-input", "N:AQ97.KJ3.A842.Q5 K863.Q95.K7.K942 J2.A862.QJ3.AJT3 -").await?;
    for call in ["1NT", "Pass", "3NT", "Pass", "Pass", "Pass"] {
        browser.find(&format!(".bid-box button[data-call='{call}']:not([disabled])")).await?.click().await?;
    }
    type_into(&browser, "fieldset[data-slot='call-0'] textarea.comment-en", "15 to 17, balanced").await?;
    type_into(&browser, "fieldset[data-slot='call-0'] textarea.comment-fr", "15 à 17, régulier").await?;
    type_into(&browser, "fieldset[data-slot='review'] textarea.comment-en", "Count your tricks first.").await?;
    type_into(&browser, "fieldset[data-slot='review'] textarea.comment-fr", "Comptez d'abord vos levées.").await?;
    browser.find("button.save-board").await?.click().await?;
    let page = browser.text(".board-page").await?;
    assert!(page.contains("Count to nine") && page.contains("15 to 17, balanced"), "the saved board: {page}");

    // Edit: East leads; only East's cards can be clicked.
    browser.find("a.edit-board").await?.click().await?;
    browser.find(".editor-page .play-table").await?;
    let playable = browser.find_all(".play-table button.card").await?;
    assert_eq!(playable.len(), 13, "the opening leader's thirteen cards");
    for card in ["SK", "S2"] {
        browser.find(&format!(".play-table button.card[data-card='{card}']")).await?.click().await?;
    }
    type_into(&browser, "fieldset[data-slot='card-0'] textarea.comment-en", "A bold lead from the king.").await?;
    type_into(&browser, "fieldset[data-slot='card-0'] textarea.comment-fr", "Une entame audacieuse du roi.").await?;
    browser.find("button.save-board").await?.click().await?;
    let page = browser.text(".board-page .play-record").await?;
    assert!(page.contains("bold lead"), "the card's comment is shown: {page}");

    // After a reload the board comes back from IndexedDB as edited.
    let url = browser.client.current_url().await?;
    browser.client.goto(url.as_str()).await?;
    browser.client.refresh().await?;
    let page = browser.text(".board-page .play-record").await?;
    assert!(page.contains("bold lead"), "the edit is kept: {page}");
    browser.close().await;
    Ok(())
}

#[tokio::test]
async fn the_editor_and_its_play_fit_a_phone_screen_with_large_enough_targets() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((360, 640)).await?;
    browser.client.goto(&server.url("/#/new")).await?;
    browser.find(".editor-page").await?;
    browser.find("button.deal-by-clicking").await?.click().await?;
    browser.find(".deck-picker").await?;
    browser.save_screenshot("editor-deck-360x640.png").await?;
    assert_eq!(browser.sideways_overflow().await?, Some(0), "the deck scrolls sideways at 360 px");
    browser.find("button.deal-by-clicking").await?.click().await?;

    type_into(&browser, "input.deal-input", "N:AQ97.KJ3.A842.Q5 K863.Q95.K7.K942 J2.A862.QJ3.AJT3 -").await?;
    for call in ["1NT", "Pass", "3NT", "Pass", "Pass", "Pass"] {
        browser.find(&format!(".bid-box button[data-call='{call}']:not([disabled])")).await?.click().await?;
    }
    browser.find(".play-table button.card[data-card='SK']").await?.click().await?;
    let table = browser.find(".play-table").await?;
    browser.client.execute("arguments[0].scrollIntoView();", vec![serde_json::to_value(&table)?]).await?;
    browser.save_screenshot("editor-play-360x640.png").await?;
    assert_eq!(browser.sideways_overflow().await?, Some(0), "the editor scrolls sideways at 360 px");
    // A checkbox is touched through its label.
    let small = browser
        .small_touch_targets(
            "main button, main .button, main select, main input:not([type=checkbox]), main label.theme",
        )
        .await?;
    assert_eq!(small, serde_json::json!([]), "touch targets under 40 px");
    browser.close().await;
    Ok(())
}

/// Four good games, boards 1 to 4.
fn four_boards() -> String {
    (1..=4)
        .map(|number| {
            format!(
                "[Event \"Handout\"]\n[Board \"{number}\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
                 [Deal \"N:AQ97.KJ3.A842.Q5 K863.Q95.K7.K942 J2.A862.QJ3.AJT3 T54.T74.T965.876\"]\n\
                 [Declarer \"N\"]\n[Contract \"3NT\"]\n[Auction \"N\"]\n1D Pass 1H Pass 2NT Pass 3NT Pass Pass Pass\n\n"
            )
        })
        .collect()
}

#[tokio::test]
async fn a_handout_prints_two_boards_per_a4_page() -> Result<()> {
    use fantoccini::wd::{PrintConfiguration, PrintMargins, PrintSize};

    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((1024, 768)).await?;
    browser.client.goto(&server.url("/")).await?;
    browser.find(".boards-page .empty").await?;
    browser.pick_file("input.import-file", "four.pbn", &four_boards()).await?;
    browser.find("button.confirm-import").await?.click().await?;
    browser.find(".board-row").await?;
    browser.find("a.handout-link").await?.click().await?;
    assert_eq!(browser.find_all(".handout-board").await?.len(), 4);

    let margin = 1.0;
    let config = PrintConfiguration::builder()
        .size(PrintSize::A4)
        .margins(PrintMargins { top: margin, bottom: margin, left: margin, right: margin })
        .build()
        .map_err(|error| anyhow::anyhow!("{error:?}"))?;
    let pdf = browser.client.print(config).await?;
    // Each page of the PDF is a dictionary of type /Page (the page tree is /Pages).
    let text = String::from_utf8_lossy(&pdf);
    let pages = text.match_indices("/Type /Page").filter(|(at, _)| !text[at + 11..].starts_with('s')).count();
    assert_eq!(pages, 2, "four boards print on two A4 pages");
    browser.close().await;
    Ok(())
}
