//! A lesson on a phone: the teacher writes texts between two boards, the
//! learner walks the steps, solves a board, stops, reloads the page and
//! resumes where they stopped, then finishes the lesson; a text added
//! afterwards makes it in progress again; the handout prints the texts
//! between the boards. And the next board's table, asked while the learner
//! reads a review, is kept when the learner moves on at once, and the next
//! board's page opened meanwhile waits for that answer; a board's table left
//! being solved for another board's is kept too.

use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use bridge::{Deal, Seat, Strain};
use double_dummy::Solver;
use e2e::{Browser, StaticServer};
use fantoccini::Locator;

use crate::e2e;

use crate::modes::{claim_all, DEAL};
use crate::player::settled;
use crate::solver::{assert_cells, SOLVE_WAIT};

/// Two boards of 3NT by South on the same deal, shown in full.
fn boards() -> String {
    let mut res = String::new();
    // Another vulnerability for the second board: another par, so another kept table.
    for (idx, (name, vulnerable)) in [("Finesse one", "None"), ("Finesse two", "All")].into_iter().enumerate() {
        res.push_str(&format!(
            "[Event \"Lesson\"]\n[Board \"{}\"]\n[Dealer \"S\"]\n[Vulnerable \"{vulnerable}\"]\n[Deal \"{DEAL}\"]\n\
             [Declarer \"S\"]\n[Contract \"3NT\"]\n[TrainingName \"{name}\"]\n\
             [Auction \"S\"]\n1NT Pass 3NT Pass\nPass Pass\n\n",
            idx + 1
        ));
    }
    res
}

/// Adds a text step at the end of the collection shown, in English.
async fn add_text(browser: &Browser, text: &str) -> Result<()> {
    let before = browser.client.find_all(Locator::Css("li.entry.text")).await?.len();
    let form = browser.find("details.add-text").await?;
    if form.attr("open").await?.is_none() {
        browser.find("details.add-text summary").await?.click().await?;
    }
    browser.find("details.add-text textarea.text-step-en").await?.send_keys(text).await?;
    browser.find("details.add-text button.save-text:not([disabled])").await?.click().await?;
    let start = Instant::now();
    loop {
        let after = browser.client.find_all(Locator::Css("li.entry.text")).await?.len();
        if after == before + 1 {
            return Ok(());
        }
        anyhow::ensure!(start.elapsed() < Duration::from_secs(10), "the text was not added: {after} texts");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Plays the board of the step shown as declarer and claims every trick double dummy allows;
/// returns whether that makes 3NT.
async fn play_and_claim(browser: &Browser, deal: &Deal) -> Result<bool> {
    browser.find("button.play-declarer").await?.click().await?;
    settled(browser, 0).await?;
    let tricks = claim_all(browser, deal, Strain::NoTrump).await?;
    Ok(tricks >= 9)
}

/// Waits for the collection page's progress to read `status`, and then returns
/// `(status, solved, furthest step)`: the page reads the progress from the store after it shows.
async fn progress(browser: &Browser, status: &str) -> Result<(String, String, String)> {
    let summary = browser
        .find(&format!(".collection-progress[data-status='{status}']"))
        .await
        .with_context(|| format!("the lesson is not {status}"))?;
    Ok((
        summary.attr("data-status").await?.unwrap_or_default(),
        summary.attr("data-solved").await?.unwrap_or_default(),
        summary.attr("data-furthest").await?.unwrap_or_default(),
    ))
}

#[tokio::test]
async fn a_lesson_is_walked_resumed_after_a_reload_and_finished() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((360, 640)).await?;
    browser.client.goto(&server.url("/")).await?;
    browser.pick_file("input.import-file", "lesson.pbn", &boards()).await?;
    browser.find("button.confirm-import").await?.click().await?;
    browser.find(".board-row").await?;
    let deal: Deal = DEAL.parse()?;
    let makes = Solver::new().table(&deal).context("a full deal")?.tricks(Strain::NoTrump, Seat::South) >= 9;

    // The teacher's lesson: a text, the two boards, a closing text.
    browser.client.goto(&server.url("/#/collections")).await?;
    browser.find("input.collection-name").await?.send_keys("The finesse").await?;
    browser.find("button.create-collection").await?.click().await?;
    add_text(&browser, "Lead towards the card you hope will win.\n\n- Count your tricks\n- Find the !S finesse")
        .await?;
    for _ in 0..2 {
        browser.find("select.board-to-add option:not([value=''])").await?.click().await?;
        browser.find("button.add:not([disabled])").await?.click().await?;
    }
    add_text(&browser, "Well done: that is the finesse.").await?;
    let steps = browser.find_all("ol.collection-entries > li.entry").await?;
    assert_eq!(steps.len(), 4);
    let kinds: Vec<String> = {
        let mut kinds = Vec::new();
        for step in &steps {
            kinds.push(step.attr("data-step").await?.unwrap_or_default());
        }
        kinds
    };
    assert!(
        kinds[0].starts_with("text:") && kinds[1].starts_with("board:") && kinds[3].starts_with("text:"),
        "{kinds:?}"
    );
    // The row shows the start of the first text.
    let intro = browser.text("li.entry.text .text-step-body").await?;
    assert!(intro.starts_with("Lead towards"), "{intro:?}");
    progress(&browser, "lesson-not-started").await?;
    let script = "const w = document.documentElement.clientWidth; return [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > w + 1).slice(0, 5)
        .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right));";
    let wide = browser.client.execute(script, vec![]).await?;
    assert_eq!(browser.sideways_overflow().await?, Some(0), "the collection fits a phone's width: {wide}");
    browser.save_screenshot("lesson-teacher.png").await?;

    // The learner starts: the first text, then the first board, solved or not as double dummy says.
    browser.find("a.continue").await?.click().await?;
    browser.find(".lesson-step[data-step='1'] article.text-step").await?;
    assert_eq!(browser.find_all(".lesson-dots li.dot").await?.len(), 4);
    let small = browser.small_touch_targets(".lesson-dots a, .lesson-title a").await?;
    assert_eq!(small, serde_json::json!([]), "the steps' links under 40 px");
    // The whole text, its list items and the suit symbol.
    let text = browser.text("article.text-step").await?;
    assert!(text.contains("Lead towards") && text.contains("Count your tricks") && text.contains('♠'), "{text:?}");
    assert_eq!(browser.find_all("article.text-step ul li").await?.len(), 2);
    assert_eq!(browser.sideways_overflow().await?, Some(0), "the step fits a phone's width");
    browser.save_screenshot("lesson-text-step.png").await?;
    browser.find("a.next-step").await?.click().await?;
    browser.find(".lesson-step[data-step='2']").await?;
    // The board's dot turns seen as its player opens it, and solved (or
    // not) as its game ends, without leaving the step.
    browser.find(".lesson-dots li.dot.board.here.seen").await.context("the open board's dot is seen")?;
    assert_eq!(play_and_claim(&browser, &deal).await?, makes);
    browser.find(".game-end").await?;
    let solved_dot = ".lesson-dots li.dot.board.here.solved";
    if makes {
        browser.find(solved_dot).await.context("the board's dot turns solved at the end")?;
    } else {
        assert!(browser.find_all(solved_dot).await?.is_empty(), "a game that missed its aim solves nothing");
    }
    // While the learner reads the review, the next board's table is solved and kept.
    browser
        .find_within(".game-end[data-table='solved'][data-next-table='kept']", SOLVE_WAIT)
        .await
        .context("the next board's table kept during the review")?;
    // On to the second board, then the learner stops and reloads the page.
    browser.find(".game-end a.next-board").await?.click().await?;
    browser.find(".lesson-step[data-step='3'] button.play-declarer").await?;
    browser.client.refresh().await?;
    browser.find(".lesson-step[data-step='3'] button.play-declarer").await.context("the step after a reload")?;
    browser.find(".lesson-title a").await?.click().await?;
    let solved = if makes { "1" } else { "0" };
    let (_, shown_solved, furthest) = progress(&browser, "lesson-in-progress").await?;
    assert_eq!((shown_solved.as_str(), furthest.as_str()), (solved, "3"));
    // The boards went in in the order the picker listed them: the third step is either.
    let third = browser.text("ol.collection-entries > li.entry:nth-child(3) a.board-name").await?;
    assert!(third.starts_with("Finesse"), "{third:?}");
    let resume = browser.text("a.continue").await?;
    assert_eq!(resume, format!("Continue at step 3: {third}"));
    browser.find("li.entry.text .seen-mark").await.context("the first text counts as read")?;

    // Resumed at the second board: played, the closing text read, and the lesson finished.
    browser.find("a.continue").await?.click().await?;
    browser.find(".lesson-step[data-step='3']").await?;
    assert_eq!(play_and_claim(&browser, &deal).await?, makes);
    browser.find(".game-end[data-table='kept']").await.context("its review's table was kept before")?;
    browser.find(".game-end a.next-board").await?.click().await?;
    browser.find(".lesson-step[data-step='4'] article.text-step").await?;
    browser.find("a.lesson-end").await?.click().await?;
    let expected = if makes { "lesson-finished" } else { "lesson-in-progress" };
    let (_, solved, furthest) = progress(&browser, expected).await?;
    assert_eq!((solved.as_str(), furthest.as_str()), (if makes { "2" } else { "0" }, "4"));
    browser.save_screenshot("lesson-finished.png").await?;

    // The list of collections shows the lesson's status.
    browser.client.goto(&server.url("/#/collections")).await?;
    browser.find(&format!(".collection-row .lesson-status[data-status='{expected}']")).await?;

    // A text added to the lesson makes it in progress again, also after a reload.
    browser.find("a.collection-link").await?.click().await?;
    progress(&browser, expected).await?;
    add_text(&browser, "One more thing: count again.").await?;
    progress(&browser, "lesson-in-progress").await?;
    browser.client.refresh().await?;
    progress(&browser, "lesson-in-progress").await?;

    // The lesson's handout prints its texts between its boards, in order.
    browser.find("a.handout-link").await?.click().await?;
    browser.find(".handout-page .handout-board").await?;
    let mut printed = Vec::new();
    for item in browser.find_all(".handout-page .handout-text, .handout-page .handout-board").await? {
        printed.push(item.attr("class").await?.unwrap_or_default());
    }
    assert_eq!(printed, ["handout-text", "handout-board", "handout-board", "handout-text", "handout-text"]);
    browser.close().await;
    Ok(())
}

/// A deal whose table takes the solver about 20 M nodes (3 s natively on one thread, at 16 MiB),
/// so that it is still being solved when the learner moves on or opens its page, on any machine:
/// the hardest deal that macroxue's bridge-solver README knows (a void in every hand, no touching
/// cards in any hand, each hand the one before turned by a suit), with a few cards exchanged
/// between hands so that it takes seconds rather than minutes.
const HARD_DEAL: &str = "N:.Q853.AJ962.KT74 Q9853.AJ96.KT7.9 AJ62.K742.5.Q853 KT74.T.Q843.AJ62";

/// How many tables the app's store keeps (read from IndexedDB beside the app).
pub(crate) async fn kept_tables(browser: &Browser) -> Result<u64> {
    let script = "const done = arguments[arguments.length - 1]; \
                  const open = indexedDB.open('bridge-training'); \
                  open.onerror = () => done(-1); \
                  open.onsuccess = () => { const db = open.result; \
                    const count = db.transaction('solved').objectStore('solved').count(); \
                    count.onsuccess = () => { db.close(); done(count.result); }; \
                    count.onerror = () => { db.close(); done(-1); }; };";
    let count = browser.client.execute_async(script, vec![]).await?;
    count.as_u64().with_context(|| format!("the solved store does not read: {count}"))
}

/// Picks the board named `name` in the collection page's picker and adds it.
async fn add_board(browser: &Browser, name: &str) -> Result<()> {
    for option in browser.find_all("select.board-to-add option").await? {
        if option.text().await?.starts_with(name) {
            option.click().await?;
            browser.find("button.add:not([disabled])").await?.click().await?;
            return Ok(());
        }
    }
    anyhow::bail!("no board {name} to add")
}

/// Imports `boards` (a name and a deal each, 3NT by South after 1NT 3NT) and returns each
/// board's page (its route's hash), in order.
async fn import_boards(browser: &Browser, server: &StaticServer, boards: &[(&str, &str)]) -> Result<Vec<String>> {
    browser.client.goto(&server.url("/")).await?;
    let mut file = String::new();
    for (idx, (name, deal)) in boards.iter().enumerate() {
        file.push_str(&format!(
            "[Event \"Lesson\"]\n[Board \"{}\"]\n[Dealer \"S\"]\n[Vulnerable \"None\"]\n[Deal \"{deal}\"]\n\
             [Declarer \"S\"]\n[Contract \"3NT\"]\n[TrainingName \"{name}\"]\n\
             [Auction \"S\"]\n1NT Pass 3NT Pass\nPass Pass\n\n",
            idx + 1
        ));
    }
    browser.pick_file("input.import-file", "boards.pbn", &file).await?;
    browser.find("button.confirm-import").await?.click().await?;
    browser.find(".board-row").await?;
    let script = "const name = arguments[0]; \
                  const link = [...document.querySelectorAll('.board-row a.board-name')] \
                    .find(link => link.textContent.startsWith(name)); \
                  return link ? new URL(link.href).hash : null;";
    let mut pages = Vec::new();
    for (name, _) in boards {
        let page = browser.client.execute(script, vec![(*name).into()]).await?;
        pages.push(page.as_str().with_context(|| format!("no link to the board {name}: {page}"))?.to_owned());
    }
    Ok(pages)
}

/// Opens `page` (a route's hash) within the app: a new page load would start a new worker.
async fn open_within(browser: &Browser, page: &str) -> Result<()> {
    browser.client.execute("location.hash = arguments[0];", vec![page.into()]).await?;
    Ok(())
}

/// Imports two boards, an easy one then `second` named `name`, puts them in a collection and
/// plays the first on a phone until its review shows its table: the moment the player asks the
/// worker for the next board's table. Returns the second board's page (its route's hash).
async fn play_the_first_of_two(browser: &Browser, server: &StaticServer, name: &str, second: &str) -> Result<String> {
    let pages = import_boards(browser, server, &[("Easy", DEAL), (name, second)]).await?;
    browser.client.goto(&server.url("/#/collections")).await?;
    browser.find("input.collection-name").await?.send_keys("Two boards").await?;
    browser.find("button.create-collection").await?.click().await?;
    add_board(browser, "Easy").await?;
    add_board(browser, name).await?;
    assert_eq!(browser.find_all("ol.collection-entries > li.entry").await?.len(), 2);
    browser.find("a.continue").await?.click().await?;
    browser.find(".lesson-step[data-step='1']").await?;
    play_and_claim(browser, &DEAL.parse()?).await?;
    browser.find_within(".game-end[data-table]", SOLVE_WAIT).await.context("the board's table")?;
    Ok(pages[1].clone())
}

/// A table the worker is solving when the learner asks another board's (they left the first
/// board's page for the second's) is solved to its end and kept rather than dropped as stale:
/// back on the first board's page, its table shows at once. The first board is `HARD_DEAL`,
/// whose table takes seconds, so that it is still being solved when the second is asked.
#[tokio::test]
async fn a_table_left_being_solved_is_kept_when_another_is_asked() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((360, 640)).await?;
    let pages = import_boards(&browser, &server, &[("Hard", HARD_DEAL), ("Easy", DEAL)]).await?;
    open_within(&browser, &pages[0]).await?;
    browser.find(".board-page button.solve-deal").await?.click().await?;
    browser.find(".board-page .dd-analysis .dd-solving").await.context("the hard board's table being solved")?;
    open_within(&browser, &pages[1]).await?;
    browser.find(".board-page button.solve-deal").await?.click().await?;
    assert_eq!(kept_tables(&browser).await?, 0, "the hard board's table still being solved when the second is asked");

    browser.find_within(".dd-solved[data-threads]", SOLVE_WAIT).await.context("the easy board's table shown")?;
    assert_cells(&browser, &Solver::new().table(&DEAL.parse()?).context("a full deal")?).await?;
    assert_eq!(kept_tables(&browser).await?, 2, "the hard board's table kept as well as the easy one's");
    open_within(&browser, &pages[0]).await?;
    browser.find(".board-page .dd-solved[data-kept='true']").await.context("the hard board's table shown at once")?;
    assert_cells(&browser, &Solver::new().table(&HARD_DEAL.parse()?).context("a full deal")?).await?;
    browser.close().await;
    Ok(())
}

/// The table of a collection's next board, asked while the learner reads a review, is kept even
/// when the learner moves on at once: the app's one worker outlives the player's page. The next
/// board's game, whose page opened before the table was kept, then reviews with the kept table
/// without asking the worker for it again.
#[tokio::test]
async fn the_next_boards_table_is_kept_when_the_learner_moves_on_at_once() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((360, 640)).await?;
    play_the_first_of_two(&browser, &server, "Slow", HARD_DEAL).await?;

    // On to the second as soon as the first's table is in, which is when the player asks for the
    // next board's.
    let kept_before = browser.find(".game-end[data-table]").await?.attr("data-next-table").await?;
    browser.find(".game-end a.next-board").await?.click().await?;
    assert_eq!(kept_before, None, "the learner moves on before the next board's table is kept");
    browser.find(".lesson-step[data-step='2'] button.play-declarer").await?;

    // The worker goes on with it: the store comes to keep both boards' tables.
    let start = Instant::now();
    while kept_tables(&browser).await? < 2 {
        anyhow::ensure!(start.elapsed() < SOLVE_WAIT, "the next board's table was not kept");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // The second board's player opened before then; its game's review reads the table kept
    // meanwhile rather than asking the worker again.
    play_and_claim(&browser, &HARD_DEAL.parse()?).await?;
    browser.find(".game-end[data-table='kept']").await.context("the review's table was kept before")?;
    browser.close().await;
    Ok(())
}

/// The board page of the collection's next board, opened while the worker solves that board's
/// table for the review just read, shows the table being solved and then that answer: no button
/// asks for it again (which made the first request stale and started the work over). The next
/// board is `HARD_DEAL`, whose table takes seconds, so that the page opens well before the answer
/// on any machine (the sample deal's took 0.3 s natively, and a CI run once saw it solved first).
#[tokio::test]
async fn the_next_boards_page_waits_for_its_table_being_solved() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((360, 640)).await?;
    let page = play_the_first_of_two(&browser, &server, "Hard", HARD_DEAL).await?;
    let kept_before = browser.find(".game-end[data-table]").await?.attr("data-next-table").await?;
    assert_eq!(kept_before, None, "the next board's table is still being solved");
    open_within(&browser, &page).await?;
    browser
        .find(".board-page .dd-analysis .dd-solving")
        .await
        .with_context(|| format!("{page}: the table being solved"))?;
    assert!(browser.client.find_all(Locator::Css("button.solve-deal")).await?.is_empty(), "no table asked again");
    browser.save_screenshot("next-board-table-solving.png").await?;
    browser.find_within(".dd-solved[data-threads]", SOLVE_WAIT).await.context("the table shown")?;
    let table = Solver::new().table(&HARD_DEAL.parse()?).context("a full deal")?;
    assert_cells(&browser, &table).await?;
    assert_eq!(kept_tables(&browser).await?, 2, "both boards' tables kept");
    browser.close().await;
    Ok(())
}
