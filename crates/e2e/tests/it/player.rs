//! A learner plays a board on a phone: the robots lead, dummy appears, each
//! card is judged, undo and redo, replay from an earlier card (a branch),
//! a reload resumes the game exactly, a claim checked by the solver, and the
//! review with the result, the par of the native solver and the table.

use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use bridge::{pbn, Seat, Strain};
use double_dummy::{par, Solver};
use e2e::{Browser, StaticServer};
use fantoccini::Locator;

use crate::boards::CLUB_NIGHT;
use crate::e2e;

/// How long the robots and the advice may take for one card on a shared machine.
const CARD_WAIT: Duration = Duration::from_secs(60);
/// How long the board's table may take at the end.
const TABLE_WAIT: Duration = Duration::from_secs(240);

/// The game's `data-state` and `data-cards` (cards played), once the robots
/// are done and it is the learner's turn or the play is over, with more than
/// `after` cards played.
async fn settled(browser: &Browser, after: usize) -> Result<(String, usize)> {
    let start = Instant::now();
    loop {
        if let Ok(game) = browser.client.find(Locator::Css("section.game")).await {
            let state = game.attr("data-state").await?.unwrap_or_default();
            let cards: usize = game.attr("data-cards").await?.unwrap_or_default().parse().unwrap_or(0);
            if (state == "your-turn" || state == "finished") && cards > after {
                return Ok((state, cards));
            }
        }
        if start.elapsed() > CARD_WAIT {
            bail!("the game did not come back to the learner within {CARD_WAIT:?}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Clicks the first playable card and waits for the learner's next turn.
async fn play_a_card(browser: &Browser, cards: usize) -> Result<(String, usize)> {
    browser.find(".seat-panel .card.playable").await?.click().await?;
    settled(browser, cards).await
}

/// The cards of every hand as shown, to compare after a reload.
async fn shown_hands(browser: &Browser) -> Result<String> {
    let hands = browser.client.find_all(Locator::Css(".table-layout .hand")).await?;
    let mut res = Vec::new();
    for hand in hands {
        res.push(hand.text().await?);
    }
    Ok(res.join(" | "))
}

#[tokio::test]
async fn a_learner_plays_a_board_with_advice_undo_branches_a_reload_and_a_claim() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((360, 640)).await?;
    browser.client.goto(&server.url("/")).await?;
    browser.pick_file("input.import-file", "club-night.pbn", CLUB_NIGHT).await?;
    browser.find("button.confirm-import").await?.click().await?;
    browser.find(".board-row a.board-name").await?.click().await?;
    browser.find("a.play-board").await?.click().await?;

    // The auction first, then the learner takes declarer's seat: North in the file, South as stored
    // (the write gate seats declarer South).
    browser.find(".choose-seat table.auction").await.context("the auction is shown before the play")?;
    browser.find("button.play-declarer").await?.click().await?;
    let (_, cards) = settled(&browser, 0).await?;
    let game = browser.find("section.game").await?;
    assert_eq!(game.attr("data-learner").await?.as_deref(), Some("S"));
    // West led (the robots); dummy, North, is face up at the top; the defenders' cards are hidden.
    assert!(cards >= 1, "the opening lead is on the table");
    let lead = browser.find(".trick-card[data-seat='W'][data-card]").await.context("West's lead")?;
    assert!(lead.attr("data-card").await?.is_some());
    browser.find(".seat-panel.top.dummy .hand[data-seat='N'] .holding").await.context("dummy shown")?;
    assert_eq!(browser.client.find_all(Locator::Css(".hand.hidden")).await?.len(), 2);

    // A card, judged by the solver; the best cards on request.
    let (_, after_first) = play_a_card(&browser, cards).await?;
    let feedback = browser.find(".card-feedback.best, .card-feedback.cost").await.context("advice on the card")?;
    let cost: u8 = feedback.attr("data-cost").await?.context("the cost")?.parse()?;
    assert!(cost <= 13);
    browser.find("button.show-best").await?.click().await?;
    let best = browser.find(".best-cards").await?.text().await?;
    assert!(best.contains('♠') || best.contains('♥') || best.contains('♦') || best.contains('♣'), "{best:?}");

    // Undo back to the learner's decision, redo forward again.
    browser.find("button.undo").await?.click().await?;
    let (_, undone) = settled(&browser, 0).await?;
    assert_eq!(undone, cards, "undo takes back the learner's card and the robots' after it");
    browser.find("button.redo").await?.click().await?;
    let (_, redone) = settled(&browser, 0).await?;
    assert_eq!(redone, after_first);

    // Three more tricks, then replay from the first card: a second branch.
    let mut cards = after_first;
    while cards < 16 {
        cards = play_a_card(&browser, cards).await?.1;
    }
    browser.find("details.game-history summary").await?.click().await?;
    browser.find("button.replay-from").await?.click().await?;
    let (_, replay) = settled(&browser, 0).await?;
    assert_eq!(replay, 1, "back at the first decision, after the lead");
    let playable = browser.client.find_all(Locator::Css(".seat-panel .card.playable")).await?;
    playable.last().context("a playable card")?.click().await?;
    let (_, mut cards) = settled(&browser, replay).await?;
    let branches = browser.find_all(".game-branches li.branch").await?;
    assert_eq!(branches.len(), 2, "the first line of play is kept beside the new one");

    browser.save_screenshot("player-mid-game.png").await?;
    // A reload resumes exactly where the game was.
    cards = play_a_card(&browser, cards).await?.1;
    let before = shown_hands(&browser).await?;
    browser.client.refresh().await?;
    let (_, resumed) = settled(&browser, 0).await?;
    assert_eq!(resumed, cards, "the same cards played after the reload");
    assert_eq!(shown_hands(&browser).await?, before);

    // Two tricks from the end, claim them all; a refused claim lets the play go on, and
    // the learner claims one fewer until the solver agrees.
    while cards < 44 {
        cards = play_a_card(&browser, cards).await?.1;
    }
    let won_before: u8 = browser.find(".game-tricks").await?.attr("data-declarer").await?.context("tricks")?.parse()?;
    let mut claimed = 2u8;
    loop {
        browser.find("button.claim").await?.click().await?;
        let select = browser.find(".claim-count select").await?;
        select.select_by_value(&claimed.to_string()).await?;
        browser.find("button.claim-confirm").await?.click().await?;
        let start = Instant::now();
        let outcome = loop {
            if browser.client.find(Locator::Css(".game-end")).await.is_ok() {
                break "accepted";
            }
            if browser.client.find(Locator::Css(".claim-refused")).await.is_ok() {
                break "refused";
            }
            if start.elapsed() > CARD_WAIT {
                bail!("no verdict on the claim of {claimed}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        if outcome == "accepted" {
            break;
        }
        assert!(claimed > 0, "a claim of no trick is always accepted");
        claimed -= 1;
    }

    // The review: the result counts the claim; par and the table are the native solver's.
    let result = browser.find(".game-result").await?;
    let tricks: u8 = result.attr("data-declarer-tricks").await?.context("declarer's tricks")?.parse()?;
    assert_eq!(tricks, won_before + claimed);
    browser.find(".game-score").await?;
    browser.find(".game-lost").await?;
    let parsed = pbn::parse(CLUB_NIGHT);
    let game = parsed.file.games.first().context("board 1")?;
    let deal = game.deal().context("a deal")??;
    let table = Solver::new().table(&deal).context("a full deal")?;
    let expected = par(&table, game.vulnerability().context("vulnerability")??, game.dealer().context("dealer")??);
    let shown = browser
        .client
        .wait()
        .at_most(TABLE_WAIT)
        .for_element(Locator::Css(".game-par"))
        .await
        .context("no par: the worker did not answer")?;
    // The learner declares for North-South, the side par is scored for; turning the deal half
    // round keeps each side's scores, and the stored South is the file's North.
    assert_eq!(shown.attr("data-par").await?, Some(expected.score.to_string()));
    for strain in Strain::ALL {
        let css = format!(".game-end .dd-table td[data-seat='S'][data-strain='{}']", strain.to_char());
        let cell = browser.find(&css).await?.text().await?;
        assert_eq!(cell, table.tricks(strain, Seat::North).to_string(), "North in {strain:?}");
    }
    assert_eq!(browser.sideways_overflow().await?, Some(0), "the play fits a phone's width");
    browser.save_screenshot("player-review.png").await?;
    browser.close().await;
    Ok(())
}
