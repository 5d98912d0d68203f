//! The teaching modes on a phone, one board each from its opening to its
//! review: the contract without the auction, only the trump with the
//! learner's goal, the trump with the teacher's goal, and minibridge with
//! its announcement and score; and a mode chosen in the editor.

use std::time::Duration;

use anyhow::{bail, Context, Result};
use bridge::{Card, Deal, Seat, Strain};
use double_dummy::{Position, Solver};
use e2e::{Browser, StaticServer};
use fantoccini::Locator;
use training::MinibridgeContract;

use crate::e2e;
use crate::player::settled;

/// How long the board's table may take at the end.
const TABLE_WAIT: Duration = Duration::from_secs(240);

/// South declares 3NT with 21 points; North has 9, East none, West 10.
pub(crate) const DEAL: &str = "S:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654";

/// The same board in four modes; the third is the teacher's goal of nine tricks.
fn boards() -> String {
    let modes = ["show_contract", "show_trump", "show_trump_and_goal 9", "minibridge"];
    let mut res = String::new();
    for (idx, mode) in modes.into_iter().enumerate() {
        let name = mode.split(' ').next().unwrap_or(mode);
        res.push_str(&format!(
            "[Event \"Modes\"]\n[Board \"{}\"]\n[Dealer \"S\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n\
             [Declarer \"S\"]\n[Contract \"3NT\"]\n[TrainingName \"{name}\"]\n[TrainingMode \"{mode}\"]\n\
             [Auction \"S\"]\n1NT Pass 3NT Pass\nPass Pass\n\n",
            idx + 1
        ));
    }
    res
}

/// Opens the board named `name` from the boards page, ready to play.
async fn open(browser: &Browser, server: &StaticServer, name: &str) -> Result<()> {
    browser.client.goto(&server.url("/#/")).await?;
    let rows = browser.find_all(".board-row a.board-name").await?;
    for row in rows {
        if row.text().await? == name {
            row.click().await?;
            browser.find("a.play-board").await.with_context(|| format!("the page of {name}"))?.click().await?;
            return Ok(());
        }
    }
    bail!("no board named {name}")
}

/// After West's opening lead, claims every trick declarer can take, as the native solver counts
/// them; the app's solver must accept the claim. Returns the tricks claimed.
pub(crate) async fn claim_all(browser: &Browser, deal: &Deal, strain: Strain) -> Result<u8> {
    let lead = browser.find(".trick-card[data-seat='W'][data-card]").await.context("West's lead")?;
    let lead: Card = lead.attr("data-card").await?.context("the lead's card")?.parse()?;
    let position = Position::from_deal(deal, strain, Seat::West)?.play(lead)?;
    let tricks = Solver::new().solve(&position);
    browser.find("button.claim").await?.click().await?;
    browser.find(".claim-count select").await?.select_by_value(&tricks.to_string()).await?;
    browser.find("button.claim-confirm").await?.click().await?;
    browser.find_within(".game-end", Duration::from_secs(60)).await?;
    Ok(tricks)
}

/// Declarer's tricks at the end, as the review shows them.
async fn declarer_tricks(browser: &Browser) -> Result<u8> {
    let result = browser.find(".game-end .game-result").await?;
    Ok(result.attr("data-declarer-tricks").await?.context("declarer's tricks")?.parse()?)
}

/// The screen's menus, buttons and link back are all at least 40 px high; `what` names them.
async fn assert_no_small_controls(browser: &Browser, what: &str) -> Result<()> {
    let small = browser.small_touch_targets("main select, main button, p.player-back a").await?;
    assert_eq!(small, serde_json::json!([]), "{what} under 40 px");
    Ok(())
}

#[tokio::test]
async fn each_teaching_mode_plays_from_its_opening_to_its_review() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((360, 640)).await?;
    browser.client.goto(&server.url("/")).await?;
    browser.pick_file("input.import-file", "modes.pbn", &boards()).await?;
    browser.find("button.confirm-import").await?.click().await?;
    browser.find(".board-row").await?;
    let deal: Deal = DEAL.parse()?;
    // South declares in the file and as stored: the table's South is the file's.
    let table = Solver::new().table(&deal).context("a full deal")?;
    let dd = |strain: Strain| table.tricks(strain, Seat::South);

    // Show contract: the contract and declarer, no auction; the learner plays, then concedes.
    open(&browser, &server, "show_contract").await?;
    let line = browser.text(".choose-seat .game-contract").await?;
    assert!(line.starts_with("3NT"), "{line:?}");
    assert!(browser.client.find_all(Locator::Css("table.auction")).await?.is_empty(), "the auction is hidden");
    browser.find("button.play-declarer").await?.click().await?;
    settled(&browser, 0).await?;
    browser.find("button.claim").await?.click().await?;
    browser.find(".claim-count select").await?.select_by_value("0").await?;
    browser.find("button.claim-confirm").await?.click().await?;
    assert_eq!(declarer_tricks(&browser).await?, 0);
    browser.find(".game-end .game-score").await?;

    // Show trump: only notrump is shown; the learner aims at ten tricks, and the contract
    // stays hidden during the play.
    open(&browser, &server, "show_trump").await?;
    let line = browser.text(".goal-choice .mode-trump").await?;
    assert!(!line.contains('3'), "the level is hidden: {line:?}");
    browser.find("select.goal-select").await?.select_by_value("10").await?;
    browser.save_screenshot("show-trump-goal.png").await?;
    assert_no_small_controls(&browser, "the goal's controls").await?;
    browser.find("button.play-declarer[data-goal='10']").await?.click().await?;
    settled(&browser, 0).await?;
    let playing = browser.text("section.game .game-contract").await?;
    assert!(playing.contains("10") && !playing.contains("3NT"), "{playing:?}");
    let claimed = claim_all(&browser, &deal, Strain::NoTrump).await?;
    let tricks = declarer_tricks(&browser).await?;
    assert_eq!(tricks, claimed, "no trick was won before the claim");
    let review = browser.find(".goal-review[data-goal='10']").await?;
    assert_eq!(review.attr("data-reached").await?, Some((tricks >= 10).to_string()));
    let shown_dd = browser.find_within(".goal-dd", TABLE_WAIT).await?;
    assert_eq!(shown_dd.attr("data-dd").await?, Some(dd(Strain::NoTrump).to_string()));

    // Show trump and goal: the teacher's nine tricks, reached with the claim the solver accepts.
    open(&browser, &server, "show_trump_and_goal").await?;
    let line = browser.text(".goal-choice .mode-trump").await?;
    assert!(line.contains('9'), "{line:?}");
    assert!(browser.client.find_all(Locator::Css("select.goal-select")).await?.is_empty(), "the goal is given");
    browser.find("button.play-declarer[data-goal='9']").await?.click().await?;
    settled(&browser, 0).await?;
    let claimed = claim_all(&browser, &deal, Strain::NoTrump).await?;
    let review = browser.find(".goal-review[data-goal='9']").await?;
    assert_eq!(review.attr("data-reached").await?, Some((claimed >= 9).to_string()));

    // Minibridge: the points, declarer's and dummy's hands face up, the announcement.
    open(&browser, &server, "minibridge").await?;
    let choice = browser.find(".minibridge-choice").await?;
    assert_eq!(choice.attr("data-declarer").await?.as_deref(), Some("S"));
    assert!(browser.text(".minibridge-points").await?.contains("21"));
    assert_eq!(browser.find_all(".minibridge-hands .hand").await?.len(), 2);
    assert!(browser.find("button.play-declarer").await?.attr("disabled").await?.is_some(), "announce first");
    browser.find("button.strain-choice[data-strain='NT']").await?.click().await?;
    browser.find("button.kind-choice[data-game='true']").await?.click().await?;
    browser.save_screenshot("minibridge-announce.png").await?;
    assert_no_small_controls(&browser, "the announcement's controls").await?;
    browser.find("button.play-declarer:not([disabled])").await?.click().await?;
    settled(&browser, 0).await?;
    let playing = browser.text("section.game .game-contract").await?;
    assert!(playing.contains('9'), "a notrump game needs nine tricks: {playing:?}");
    let claimed = claim_all(&browser, &deal, Strain::NoTrump).await?;
    assert_eq!(declarer_tricks(&browser).await?, claimed);
    let announced = MinibridgeContract { strain: Strain::NoTrump, game: true };
    let score = browser.find(".minibridge-score").await?;
    assert_eq!(score.attr("data-score").await?, Some(announced.score(claimed).to_string()));
    let (best, best_score) = MinibridgeContract::best(dd);
    let shown_best = browser.find_within(".minibridge-best", TABLE_WAIT).await?;
    assert_eq!(shown_best.attr("data-best").await?, Some(best.to_contract().to_string()));
    assert_eq!(shown_best.attr("data-score").await?, Some(best_score.to_string()));
    assert_eq!(browser.sideways_overflow().await?, Some(0), "the review fits a phone's width");
    browser.save_screenshot("minibridge-review.png").await?;

    // The editor: the show-contract board turned into minibridge names its declarer.
    browser.client.goto(&server.url("/#/")).await?;
    for row in browser.find_all(".board-row a.board-name").await? {
        if row.text().await? == "show_contract" {
            row.click().await?;
            break;
        }
    }
    browser.find("a.edit-board").await?.click().await?;
    browser.find("select.mode-select").await?.select_by_value("show_trump_and_goal").await?;
    let goal = browser.find("input.goal-input").await?;
    assert_eq!(goal.prop("value").await?.as_deref(), Some("9"), "the goal starts at 3NT's nine tricks");
    browser.find("select.mode-select").await?.select_by_value("minibridge").await?;
    let declarer = browser.find(".minibridge-declarer").await?;
    assert_eq!(declarer.attr("data-seat").await?.as_deref(), Some("S"));
    browser.find("button.save-board").await?.click().await?;
    browser.find("a.play-board").await.context("the board's page after the save")?.click().await?;
    // The game played before opens at its review; a new one starts in the new mode.
    browser.find("button.new-game").await.context("the earlier game's review")?.click().await?;
    browser.find(".minibridge-choice").await.context("the saved board plays as minibridge")?;
    browser.close().await;
    Ok(())
}

#[tokio::test]
async fn bidding_practice_judges_each_call_then_plays_the_contract_reached() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((360, 640)).await?;
    browser.client.goto(&server.url("/")).await?;
    let board = format!(
        "[Event \"Modes\"]\n[Board \"1\"]\n[Dealer \"S\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n\
         [Declarer \"S\"]\n[Contract \"3NT\"]\n[TrainingName \"bidding\"]\n[TrainingMode \"bidding_practice\"]\n\
         [Auction \"S\"]\n1NT {{Fifteen to seventeen, balanced.}} Pass 3NT Pass\nPass Pass\n"
    );
    browser.pick_file("input.import-file", "bidding.pbn", &board).await?;
    browser.find("button.confirm-import").await?.click().await?;
    open(&browser, &server, "bidding").await?;

    // South, dealer and the learner, sees only their hand and starts.
    browser.find(".bidding-choice[data-learner='S']").await?;
    browser.find("button.play-bidding").await?.click().await?;
    browser.find("section.bidding[data-state='your-call'][data-calls='0']").await?;
    // A call that is not the board's: the board's call and the teacher's comment are shown.
    browser.find(".bid-box button[data-call='2NT']").await?.click().await?;
    let feedback = browser.find(".call-feedback.mismatch[data-call='2NT']").await?;
    assert!(feedback.text().await?.contains("1NT"));
    assert_eq!(browser.text(".call-feedback .call-comment").await?, "Fifteen to seventeen, balanced.");
    // West, North and East called as the board: South's turn again, after four calls.
    browser.find("section.bidding[data-state='your-call'][data-calls='4']").await?;
    browser.save_screenshot("bidding-mismatch.png").await?;
    assert_no_small_controls(&browser, "the bid box").await?;
    let score = browser.find(".bidding-score").await?;
    assert_eq!(
        (score.attr("data-matched").await?, score.attr("data-calls").await?),
        (Some("0".into()), Some("1".into()))
    );

    // Undo takes back 2NT and the robots' calls after it; the board's calls are then matched.
    browser.find("button.undo").await?.click().await?;
    browser.find("section.bidding[data-state='your-call'][data-calls='0']").await?;
    browser.find(".bid-box button[data-call='1NT']").await?.click().await?;
    browser.find(".call-feedback.match[data-call='1NT']").await?;
    browser.find("section.bidding[data-state='your-call'][data-calls='4']").await?;
    browser.find(".bid-box button[data-call='Pass']").await?.click().await?;

    // The auction ends at 3NT by South: the play begins, West leads.
    settled(&browser, 0).await?;
    let game = browser.find("section.game").await?;
    assert_eq!(game.attr("data-learner").await?.as_deref(), Some("S"));
    assert!(browser.text("section.game .game-contract").await?.starts_with("3NT"));
    let score = browser.find("section.game .bidding-score").await?;
    assert_eq!(
        (score.attr("data-matched").await?, score.attr("data-calls").await?),
        (Some("2".into()), Some("2".into()))
    );
    let deal: Deal = DEAL.parse()?;
    let claimed = claim_all(&browser, &deal, Strain::NoTrump).await?;
    assert_eq!(declarer_tricks(&browser).await?, claimed);
    assert_eq!(browser.sideways_overflow().await?, Some(0), "the bidding and the play fit a phone's width");
    browser.close().await;
    Ok(())
}
