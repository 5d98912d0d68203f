//! A learner plays a board on a phone: the robots lead, dummy appears, each
//! card is judged, undo and redo, replay from an earlier card (a branch),
//! a reload resumes the game exactly, a claim checked by the solver, and the
//! review with the result, the par of the native solver and the table,
//! kept for the board page and a later game's opening lead.

use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use bridge::{pbn, Seat, Strain};
use double_dummy::{par, Position, Solver};
use e2e::{Browser, StaticServer};
use fantoccini::Locator;

use crate::boards::CLUB_NIGHT;
use crate::e2e;
use crate::lessons::kept_tables;

/// How long the robots and the advice may take for one card on a shared machine.
const CARD_WAIT: Duration = Duration::from_secs(60);
/// How long the board's table may take at the end.
const TABLE_WAIT: Duration = Duration::from_secs(240);

/// The game's `data-state` and `data-cards` (cards played), once the robots
/// are done and it is the learner's turn or the play is over, with more than
/// `after` cards played.
pub(crate) async fn settled(browser: &Browser, after: usize) -> Result<(String, usize)> {
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
            // What the page says of it, if anything.
            let said = match browser.client.find(Locator::Css("article.player")).await {
                Ok(player) => player.text().await.unwrap_or_default(),
                Err(_) => String::new(),
            };
            bail!("the game did not come back to the learner within {CARD_WAIT:?}; the page says: {said}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The parts of the game (the contract line, the top and bottom hands, the status) not wholly on
/// the screen as it is scrolled now (to a pixel: the scroll may stop a fraction of one short).
async fn off_screen(browser: &Browser) -> Result<serde_json::Value> {
    let script = "return ['.game-contract', '.seat-panel.top', '.seat-panel.bottom', '.game-status'].filter(sel => { \
                    const box = document.querySelector(sel).getBoundingClientRect(); \
                    return box.top < -1 || box.bottom > innerHeight + 1; });";
    Ok(browser.client.execute(script, vec![]).await?)
}

/// The trick's cards, as `seat card` pairs, that do not lie on the side of
/// the table where their seat's hand is shown (the learner's seat at the
/// bottom, the left-hand opponent on the left): none, when the trick turns
/// with the table.
async fn misplaced_trick_cards(browser: &Browser) -> Result<serde_json::Value> {
    let script = "const trick = document.querySelector('.table-centre .trick').getBoundingClientRect(); \
                  const cx = trick.left + trick.width / 2, cy = trick.top + trick.height / 2; \
                  return [...document.querySelectorAll('.table-centre .trick-card[data-card]')].filter(card => { \
                    const panel = document.querySelector(`.seat-panel .hand[data-seat='${card.dataset.seat}']`).closest('.seat-panel'); \
                    const box = card.getBoundingClientRect(); \
                    const x = box.left + box.width / 2 - cx, y = box.top + box.height / 2 - cy; \
                    const side = panel.classList; \
                    return !(side.contains('left') ? x < 0 : side.contains('right') ? x > 0 : side.contains('top') ? y < 0 : y > 0); \
                  }).map(card => card.dataset.seat + ' ' + card.dataset.card);";
    Ok(browser.client.execute(script, vec![]).await?)
}

/// Clicks the first playable card and waits for the learner's next turn.
pub(crate) async fn play_a_card(browser: &Browser, cards: usize) -> Result<(String, usize)> {
    browser.find(".seat-panel .card.playable").await?.click().await?;
    settled(browser, cards).await
}

/// A phone's browser on the app, which imports the file `name` of one board (`text`) and opens
/// the board's play page.
async fn play_imported(server: &StaticServer, name: &str, text: &str) -> Result<Browser> {
    let browser = Browser::start((360, 640)).await?;
    browser.client.goto(&server.url("/")).await?;
    browser.pick_file("input.import-file", name, text).await?;
    browser.find("button.confirm-import").await?.click().await?;
    browser.find(".board-row a.board-name").await?.click().await?;
    browser.find("a.play-board").await?.click().await?;
    Ok(browser)
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
    let browser = play_imported(&server, "club-night.pbn", CLUB_NIGHT).await?;

    // The auction first, then the learner takes declarer's seat: North in the file, South as stored
    // (the write gate seats declarer South).
    browser.find(".choose-seat table.auction").await.context("the auction is shown before the play")?;
    browser.find("button.play-declarer").await?.click().await?;
    let (_, cards) = settled(&browser, 0).await?;
    let game = browser.find("section.game").await?;
    assert_eq!(game.attr("data-learner").await?.as_deref(), Some("S"));
    let small = browser.small_touch_targets("p.player-back a").await?;
    assert_eq!(small, serde_json::json!([]), "the link back to the board under 40 px");
    // The page shows the game from its top: dummy, the learner's hand and what to do all on the
    // phone's screen at once, without scrolling.
    assert_eq!(off_screen(&browser).await?, serde_json::json!([]), "parts of the game off the phone's screen");
    browser.save_screenshot("player-start.png").await?;
    // West led (the robots); dummy, North, is face up at the top; the defenders' cards are hidden.
    assert!(cards >= 1, "the opening lead is on the table");
    let lead = browser.find(".trick-card[data-seat='W'][data-card]").await.context("West's lead")?;
    assert!(lead.attr("data-card").await?.is_some());
    browser.find(".seat-panel.top.dummy .hand[data-seat='N'] .holding").await.context("dummy shown")?;
    assert_eq!(browser.client.find_all(Locator::Css(".hand.hidden")).await?.len(), 2);
    assert_eq!(misplaced_trick_cards(&browser).await?, serde_json::json!([]), "the trick seen from South");

    // A card, judged by the solver; the best cards on request.
    let (_, after_first) = play_a_card(&browser, cards).await?;
    let feedback = browser
        .find("[aria-live='polite'] .card-feedback.best, [aria-live='polite'] .card-feedback.cost")
        .await
        .context("advice on the card, in a region read out as it comes")?;
    let cost: u8 = feedback.attr("data-cost").await?.context("the cost")?.parse()?;
    assert!(cost <= 13);
    browser.find("button.show-best").await?.click().await?;
    let best = browser.text(".best-cards").await?;
    assert!(best.contains('♠') || best.contains('♥') || best.contains('♦') || best.contains('♣'), "{best:?}");

    // The board's table is solved and kept during the play, between the worker's answers to the
    // game's questions, so that the review shows it at once.
    let start = Instant::now();
    while kept_tables(&browser).await? == 0 {
        assert!(start.elapsed() < TABLE_WAIT, "the board's table was not kept during the play");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(kept_tables(&browser).await?, 1, "the board's table alone");

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
    let small = browser.small_touch_targets("section.game summary, .game-history button").await?;
    assert_eq!(small, serde_json::json!([]), "the history's controls under 40 px");
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
        let small = browser.small_touch_targets(".game-controls button, .game-controls select").await?;
        assert_eq!(small, serde_json::json!([]), "the claim's controls under 40 px");
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
    let shown = browser.find_within(".game-par", TABLE_WAIT).await.context("no par: the worker did not answer")?;
    // The learner declares for North-South, the side par is scored for; turning the deal half
    // round keeps each side's scores, and the stored South is the file's North.
    assert_eq!(shown.attr("data-par").await?, Some(expected.score.to_string()));
    for strain in Strain::ALL {
        let css = format!(".game-end .dd-table td[data-seat='S'][data-strain='{}']", strain.to_char());
        let cell = browser.text(&css).await?;
        assert_eq!(cell, table.tricks(strain, Seat::North).to_string(), "North in {strain:?}");
    }
    // The advice, the robots and the table all came from one worker.
    let workers = solver_workers(&browser).await?;
    assert_eq!(workers.as_array().map(Vec::len), Some(1), "one solver worker for the page: {workers}");
    assert_eq!(browser.sideways_overflow().await?, Some(0), "the play fits a phone's width");
    browser.save_screenshot("player-review.png").await?;

    // The table is kept once solved: the board's page shows it at once, without asking the worker.
    browser.find("p.player-back a").await?.click().await?;
    browser.find(".dd-solved[data-kept='true']").await.context("the board's page shows the kept table")?;
    for strain in Strain::ALL {
        let css = format!(".dd-solved .dd-table td[data-seat='S'][data-strain='{}']", strain.to_char());
        assert_eq!(browser.text(&css).await?, table.tricks(strain, Seat::North).to_string(), "kept, {strain:?}");
    }

    // The board played again, from its page: the new game's robots ask the worker the first game
    // started, not one of their own (the app keeps one worker while it is open).
    browser.find("a.play-board").await?.click().await?;
    browser.find("button.new-game").await?.click().await?;
    browser.find("button.play-declarer").await?.click().await?;
    let (state, _) = settled(&browser, 0).await?;
    assert_eq!(state, "your-turn", "the robots led in the new game");
    let workers = solver_workers(&browser).await?;
    assert_eq!(workers.as_array().map(Vec::len), Some(1), "one solver worker for the app: {workers}");
    browser.close().await;
    Ok(())
}

/// The solver worker scripts the page has loaded, one per worker started.
async fn solver_workers(browser: &Browser) -> Result<serde_json::Value> {
    let script = "return performance.getEntriesByType('resource')\
                  .filter((entry) => /solver-(mt\\/)?worker\\.js$/.test(entry.name)).map((entry) => entry.name);";
    Ok(browser.client.execute(script, vec![]).await?)
}

/// A board declared by South with the teacher's comment on West's opening lead.
const LESSON: &str = r#"[Event "Lesson"]
[Board "1"]
[Dealer "S"]
[Vulnerable "None"]
[Deal "S:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654"]
[Declarer "S"]
[Contract "3NT"]
[Auction "S"]
1NT Pass 3NT Pass
Pass Pass
[Play "W"]
SJ {Top of a sequence: the jack denies the queen.} S6 S3 S2
"#;

#[tokio::test]
async fn a_learner_defends_a_board_of_a_collection_and_the_progress_is_kept() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((360, 640)).await?;
    browser.client.goto(&server.url("/")).await?;
    browser.pick_file("input.import-file", "lesson.pbn", LESSON).await?;
    browser.find("button.confirm-import").await?.click().await?;
    browser.find(".board-row").await?;

    // A collection holding the board.
    browser.client.goto(&server.url("/#/collections")).await?;
    browser.find("input.collection-name").await?.send_keys("Opening leads").await?;
    browser.find("button.create-collection").await?.click().await?;
    browser.find("select.board-to-add option:not([value=''])").await?.click().await?;
    browser.find("button.add:not([disabled])").await?.click().await?;
    let played = browser.find(".collection-progress").await?.attr("data-played").await?;
    assert_eq!(played.as_deref(), Some("0"));
    let small = browser.small_touch_targets("main select, main button, main .button").await?;
    assert_eq!(small, serde_json::json!([]), "the collection's controls under 40 px");
    browser.find("a.play-entry").await?.click().await?;

    // West leads the card the teacher commented: the comment shows with it.
    browser.find("button.play-defender[data-seat='W']").await?.click().await?;
    // The learner leads: no card is played yet.
    let game = browser.find("section.game[data-state='your-turn'][data-cards='0']").await?;
    assert_eq!(game.attr("data-learner").await?.as_deref(), Some("W"));
    assert_eq!(off_screen(&browser).await?, serde_json::json!([]), "parts of the game off the phone's screen");
    assert_eq!(
        browser.client.find_all(Locator::Css(".hand.hidden")).await?.len(),
        3,
        "dummy is not shown before the lead"
    );
    browser.find(".seat-panel.bottom .card.playable[data-card='SJ']").await?.click().await?;
    let comment = browser.text(".card-comments.teacher dd").await?;
    assert_eq!(comment, "Top of a sequence: the jack denies the queen.");
    // Dummy (North) is face up on the learner's left once the lead is made.
    browser.find(".seat-panel.left.dummy .hand[data-seat='N'] .holding").await.context("dummy shown")?;
    settled(&browser, 1).await?;
    browser.find(".card-feedback.best, .card-feedback.cost").await.context("advice on the lead")?;
    assert_eq!(off_screen(&browser).await?, serde_json::json!([]), "dummy on the side, all on one screen");
    // Declarer (South, on the right) has led to the second trick.
    browser.find(".table-centre .trick-card[data-seat='S']").await?;
    assert_eq!(misplaced_trick_cards(&browser).await?, serde_json::json!([]), "the trick seen from West");
    browser.save_screenshot("defence-after-lead.png").await?;

    // The learner concedes the rest (a claim of no trick), and the play ends.
    browser.find("button.claim").await?.click().await?;
    browser.find(".claim-count select").await?.select_by_value("0").await?;
    browser.find("button.claim-confirm").await?.click().await?;
    let result = browser.find(".game-end .game-result").await?;
    assert!(result.attr("data-declarer-tricks").await?.is_some());

    // Back in the collection: one board played, its best result, where to continue.
    browser.find(".player-back a").await?.click().await?;
    browser.find(".collection-progress[data-played='1']").await.context("the board counts as played")?;
    assert!(browser.text(".collection-progress .progress-played").await?.starts_with("1 of 1"));
    // Conceding every trick to declarer did not defeat the contract: played, not solved.
    browser.find(".collection-progress[data-solved='0'][data-status='lesson-in-progress']").await?;
    browser.find(".entry-progress[data-games='1']").await?;
    browser.find("a.continue").await?;

    // Defending from East: West (a robot) leads and dummy (North, on the
    // right) plays before the learner, each card on its own side.
    browser.find("a.play-entry").await?.click().await?;
    // The board opens at its last game's review.
    browser.find("button.new-game").await?.click().await?;
    browser.find("button.play-defender[data-seat='E']").await?.click().await?;
    browser.find("section.game[data-state='your-turn'][data-cards='2'][data-learner='E']").await?;
    browser.find(".seat-panel.right.dummy .hand[data-seat='N']").await.context("dummy on East's right")?;
    assert_eq!(misplaced_trick_cards(&browser).await?, serde_json::json!([]), "the trick seen from East");
    browser.save_screenshot("defence-east.png").await?;
    // In French, whose words are longer, the game still fits the phone's width, and it is the
    // same game.
    let trick_script = "return [...document.querySelectorAll('.trick-card[data-card]')].map(card => card.dataset.seat + ' ' + card.dataset.card);";
    let trick = browser.client.execute(trick_script, vec![]).await?;
    browser.find("button.language[lang=fr]").await?.click().await?;
    browser.find("button.language.active[lang=fr]").await?;
    browser.find("section.game[data-state='your-turn'][data-cards='2'][data-learner='E']").await?;
    assert_eq!(browser.client.execute(trick_script, vec![]).await?, trick, "the trick after the language changed");
    browser.save_screenshot("defence-east-fr.png").await?;
    assert_eq!(browser.sideways_overflow().await?, Some(0), "the French game scrolls sideways at 360 px");
    browser.close().await;
    Ok(())
}

/// A later visit to a board whose table the device kept asks the opening lead with the table's
/// value: its advice is still the native solver's, a costly lead's cost included (a value too low
/// would cap every card's value and hide the cost). The learner leads the costliest card and
/// concedes, twice, with a reload between the games.
#[tokio::test]
async fn a_later_game_gets_the_opening_leads_advice_right_from_the_kept_table() -> Result<()> {
    let dist = e2e!();
    let parsed = pbn::parse(LESSON);
    let deal = parsed.file.games.first().context("the lesson's board")?.deal().context("a deal")??;
    let position = Position::new(*deal.hands(), Strain::NoTrump, Seat::West, &[])?;
    let values = Solver::new().analyse(&position);
    let best = values.iter().map(|value| value.tricks).max().context("cards to lead")?;
    let costliest = values.iter().min_by_key(|value| value.tricks).context("cards to lead")?;
    assert!(costliest.tricks < best, "a lead that costs a trick, which a capped value would hide");

    let server = StaticServer::start(&dist).await?;
    let browser = play_imported(&server, "lesson.pbn", LESSON).await?;
    for game in ["first game", "after a reload"] {
        browser.find("button.play-defender[data-seat='W']").await?.click().await?;
        browser.find("section.game[data-state='your-turn'][data-cards='0']").await?;
        let lead = format!(".seat-panel.bottom .card.playable[data-card='{}']", costliest.card);
        browser.find(&lead).await?.click().await?;
        let feedback = browser
            .find_within(".card-feedback.best, .card-feedback.cost", CARD_WAIT)
            .await
            .with_context(|| format!("advice on the lead, {game}"))?;
        let cost = (best - costliest.tricks).to_string();
        assert_eq!(feedback.attr("data-cost").await?, Some(cost), "{} led, {game}", costliest.card);
        // The learner concedes the rest; the end of the play solves the table, and keeps it.
        browser.find("button.claim").await?.click().await?;
        browser.find(".claim-count select").await?.select_by_value("0").await?;
        browser.find("button.claim-confirm").await?.click().await?;
        browser.find_within(".game-end .game-par", TABLE_WAIT).await?;
        // A later visit: the board opens at this game's review, its table read back at once.
        browser.client.refresh().await?;
        browser.find(".game-end .game-par").await.context("the kept table in the review")?;
        browser.find("button.new-game").await?.click().await?;
    }
    browser.close().await;
    Ok(())
}
