//! Accounts, sharing and sync through the real server, with separate browser profiles on phone
//! screens: a teacher publishes a collection, a learner opens it by its code, goes offline and
//! plays it; the teacher edits a board on a second device and the edit syncs to the first; a
//! conflicting edit is shown with both versions, not lost, and settled by the teacher's choice.
//! The boards a device held before its first sign-in go into the account only once the teacher
//! has seen the plan and confirmed it. A board deleted for good on one device leaves the other.

use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use e2e::{AppServer, Browser};

use crate::boards::CLUB_NIGHT;
use crate::e2e;
use crate::lessons::kept_tables;
use crate::player::{play_a_card, settled};
use crate::solver::SOLVE_WAIT;

const PHONE: (u32, u32) = (360, 640);
const PASSWORD: &str = "correct horse battery";
/// How long a sync may take on a shared machine.
const SYNC_WAIT: Duration = Duration::from_secs(60);

/// Opens the account page and signs up (`audience` set) or in.
async fn open_session(browser: &Browser, server: &AppServer, email: &str, audience: Option<&str>) -> Result<()> {
    browser.client.goto(&server.url("/#/account")).await?;
    let form = if audience.is_some() { "form.sign-up" } else { "form.sign-in" };
    browser.find(&format!("{form} input.email")).await?.send_keys(email).await?;
    browser.find(&format!("{form} input.password")).await?.send_keys(PASSWORD).await?;
    if let Some(audience) = audience {
        browser.find(&format!("{form} select.audience option[value='{audience}']")).await?.click().await?;
        let small = browser.small_touch_targets("main input, main select, main button").await?;
        assert_eq!(small, serde_json::json!([]), "the account page's controls under 40 px");
    }
    browser.find(&format!("{form} button[type='submit']:not([disabled])")).await?.click().await?;
    browser.find(".account-page[data-signed-in='true']").await.context("signed in")?;
    Ok(())
}

/// Presses "sync now" on the account page and waits for that run to end, with nothing waiting,
/// or with conflicts when `conflicts` is set.
async fn sync_now(browser: &Browser, server: &AppServer, conflicts: bool) -> Result<()> {
    browser.client.goto(&server.url("/#/account")).await?;
    let last_run = |panel: &fantoccini::elements::Element| {
        let panel = panel.clone();
        async move { Ok::<_, anyhow::Error>(panel.attr("data-last-synced").await?.unwrap_or_default()) }
    };
    let before = last_run(&browser.find(".sync-panel").await?).await?;
    browser.find("button.sync-now:not([disabled])").await?.click().await?;
    let start = Instant::now();
    loop {
        let panel = browser.find(".sync-panel").await?;
        let state = panel.attr("data-sync").await?.unwrap_or_default();
        let wanted = if conflicts { "conflict" } else { "synced" };
        if last_run(&panel).await? != before && state == wanted {
            return Ok(());
        }
        if start.elapsed() > SYNC_WAIT {
            bail!("no sync ended {wanted} within {SYNC_WAIT:?}: {state}");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The public collection `code` as the server answers it to anyone (status, body), read from
/// `browser`'s page.
async fn public_collection(browser: &Browser, code: &str) -> Result<(u16, serde_json::Value)> {
    let answer = browser
        .client
        .execute(
            "return fetch('/api/public/collections/' + arguments[0])
                .then(r => r.json().then(body => [r.status, body]));",
            vec![serde_json::json!(code)],
        )
        .await?;
    let status = answer[0].as_u64().unwrap_or(0) as u16;
    Ok((status, answer[1].clone()))
}

/// The name of the public collection's first board, once the server has one.
async fn published_board_name(browser: &Browser, code: &str, not: &str) -> Result<String> {
    let start = Instant::now();
    loop {
        if let (200, body) = public_collection(browser, code).await? {
            if let Some(name) = body["boards"][0]["metadata"]["name"].as_str().filter(|name| *name != not) {
                return Ok(name.to_owned());
            }
        }
        if start.elapsed() > SYNC_WAIT {
            bail!("the server has no board of {code} named otherwise than {not:?} within {SYNC_WAIT:?}");
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// Imports the club-night file on `browser` and opens its one good board; the board's id.
async fn import_a_board(browser: &Browser, server: &AppServer) -> Result<String> {
    browser.client.goto(&server.url("/")).await?;
    browser.pick_file("input.import-file", "club-night.pbn", CLUB_NIGHT).await?;
    browser.find("button.confirm-import").await?.click().await?;
    browser.find(".board-row a.board-name").await?.click().await?;
    browser.find(".board-page[data-board]").await?.attr("data-board").await?.context("the board's id")
}

/// A teacher's device: the club-night file imported, then an account signed up as `email`, into
/// which the device's board goes; the browser and the board's id.
async fn teacher_with_a_board(server: &AppServer, email: &str) -> Result<(Browser, String)> {
    let teacher = Browser::start(PHONE).await?;
    let board = import_a_board(&teacher, server).await?;
    open_session(&teacher, server, email, Some("teacher")).await?;
    teacher.find("button.claim-boards:not([disabled])").await?.click().await?;
    Ok((teacher, board))
}

/// Creates the collection `name` holding `board` and stays on its page; the collection's id (its code).
async fn collection_of(browser: &Browser, server: &AppServer, name: &str, board: &str) -> Result<String> {
    browser.client.goto(&server.url("/#/collections")).await?;
    browser.find(".new-collection input.collection-name").await?.send_keys(name).await?;
    browser.find("button.create-collection").await?.click().await?;
    browser.find(&format!("select.board-to-add option[value='{board}']")).await?.click().await?;
    browser.find("button.add").await?.click().await?;
    browser.find(".collection-entries .entry").await?;
    browser
        .find(".collection-page[data-collection]")
        .await?
        .attr("data-collection")
        .await?
        .context("the collection's id")
}

/// Renames the board `id` in the editor.
async fn rename_board(browser: &Browser, server: &AppServer, id: &str, name: &str) -> Result<()> {
    browser.client.goto(&server.url(&format!("/#/boards/{id}/edit"))).await?;
    let input = browser.find("input.board-name-input").await?;
    input.clear().await?;
    input.send_keys(name).await?;
    browser.find("button.save-board").await?.click().await?;
    browser.find(".board-page").await.context("saved")?;
    Ok(())
}

#[tokio::test]
async fn a_published_collection_is_played_offline_and_edits_sync_between_devices_with_conflicts_shown() -> Result<()> {
    let dist = e2e!();
    let mut server = AppServer::start(&dist).await?;

    // The teacher's first device: boards imported before having an account, then signing up
    // sends them to the server.
    let teacher = Browser::start(PHONE).await?;
    let board = import_a_board(&teacher, &server).await?;
    open_session(&teacher, &server, "teacher@example.org", Some("teacher")).await?;
    // First the plan: the device's board goes into the account once the teacher says so.
    let claim = teacher.find(".claim[data-boards='1']").await.context("the claim plan")?;
    assert!(claim.text().await?.contains('1'));
    teacher.find("button.claim-boards:not([disabled])").await?.click().await?;
    sync_now(&teacher, &server, false).await?;

    // A collection of that board, published: its code opens it.
    collection_of(&teacher, &server, "Lesson 1", &board).await?;
    teacher.find("button.publish-collection").await?.click().await?;
    let code = teacher.text(".share-collection[data-sharing='public'] .share-code").await?;
    let original = published_board_name(&teacher, &code, "").await.context("the collection reaches the server")?;

    // The learner opens it by its code on a phone, and plays it with the server gone.
    let learner = Browser::start(PHONE).await?;
    learner.client.goto(&server.url(&format!("/#/open/{code}"))).await?;
    learner.find(".collection-page.shared .entry a.play-entry").await.context("the learner has the collection")?;
    assert!(
        learner.client.find(fantoccini::Locator::Css(".collection-page .rename-collection")).await.is_err(),
        "someone else's collection is not changed by the learner"
    );
    learner.wait_for_offline_cache().await?;
    server.stop().await;
    learner.client.refresh().await?;
    learner
        .find(".collection-page.shared .entry a.play-entry")
        .await
        .context("offline, the collection is there")?
        .click()
        .await?;
    learner.find("button.play-declarer").await?.click().await?;
    let (_, cards) = settled(&learner, 0).await?;
    let (_, after) = play_a_card(&learner, cards).await?;
    assert!(after > cards, "offline, the learner's card is played and the robots answer");
    learner.find(".card-feedback[data-cost]").await.context("offline, the card is judged")?;
    learner.close().await;
    server.restart().await?;

    // The teacher's second device: signing in brings the boards; an edit there reaches the first.
    let second = Browser::start(PHONE).await?;
    open_session(&second, &server, "teacher@example.org", None).await?;
    sync_now(&second, &server, false).await?;
    second.client.goto(&server.url(&format!("/#/boards/{board}"))).await?;
    second.find(&format!(".board-page[data-board='{board}']")).await.context("the second device has the board")?;
    rename_board(&second, &server, &board, "Edited on the second device").await?;
    sync_now(&second, &server, false).await?;
    assert_eq!(published_board_name(&teacher, &code, &original).await?, "Edited on the second device");
    sync_now(&teacher, &server, false).await?;
    teacher.client.goto(&server.url(&format!("/#/boards/{board}"))).await?;
    let page = teacher.text(".board-page").await?;
    assert!(page.contains("Edited on the second device"), "the edit reached the first device: {page}");

    // Both devices edit the board; the second syncs first, so the first device's edit meets a
    // newer version: a conflict, shown with both names, and nothing overwritten on the server.
    rename_board(&second, &server, &board, "Second device's version").await?;
    sync_now(&second, &server, false).await?;
    rename_board(&teacher, &server, &board, "First device's version").await?;
    sync_now(&teacher, &server, true).await?;
    let conflict = teacher.text(&format!(".conflict-row[data-id='{board}']")).await?;
    assert!(conflict.contains("First device's version"), "{conflict}");
    assert!(conflict.contains("Second device's version"), "{conflict}");
    assert_eq!(published_board_name(&teacher, &code, "").await?, "Second device's version");

    // The teacher keeps this device's version: it goes to the server, and the conflict is settled.
    teacher.find(&format!(".conflict-row[data-id='{board}'] button.keep-mine")).await?.click().await?;
    sync_now(&teacher, &server, false).await?;
    assert_eq!(published_board_name(&teacher, &code, "Second device's version").await?, "First device's version");
    Ok(())
}

#[tokio::test]
async fn a_collection_shared_with_a_group_reaches_its_member_at_sign_in() -> Result<()> {
    let dist = e2e!();
    let server = AppServer::start(&dist).await?;

    // The teacher makes a group of one learner's email and shares a collection with it.
    let (teacher, board) = teacher_with_a_board(&server, "teacher@example.org").await?;
    teacher.find(".groups form.new-group input.group-name").await?.send_keys("Tuesday club").await?;
    teacher.find(".groups form.new-group textarea.group-members").await?.send_keys("ann@example.org").await?;
    teacher.find("button.create-group:not([disabled])").await?.click().await?;
    let group = teacher.find(".group-row[data-group]").await?.attr("data-group").await?.context("the group's id")?;
    let code = collection_of(&teacher, &server, "Club lesson", &board).await?;
    teacher.find(&format!("select.share-with-group option[value='{group}']")).await?.click().await?;
    teacher.find(".share-collection[data-sharing='groups']").await.context("shared with the group")?;
    sync_now(&teacher, &server, false).await?;
    // Not public: the code alone opens nothing.
    assert_eq!(public_collection(&teacher, &code).await?.0, 404);

    // The learner signs up with that email: the collection and its board come with the first sync.
    let learner = Browser::start(PHONE).await?;
    open_session(&learner, &server, "ann@example.org", Some("learner")).await?;
    sync_now(&learner, &server, false).await?;
    learner.client.goto(&server.url(&format!("/#/collections/{code}"))).await?;
    learner.find(".collection-page.shared .entry a.play-entry").await.context("the member reads the board")?;
    let title = learner.text(".collection-page.shared .collection-title").await?;
    assert_eq!(title, "Club lesson");
    Ok(())
}

/// A board deleted for good on one device leaves the account's other device at its next sync,
/// and the double-dummy table that device kept for the board's deal goes with it.
#[tokio::test]
async fn a_board_deleted_for_good_on_one_device_leaves_the_other_with_its_kept_table() -> Result<()> {
    let dist = e2e!();
    let server = AppServer::start(&dist).await?;
    let (first, board) = teacher_with_a_board(&server, "two-phones@example.org").await?;
    sync_now(&first, &server, false).await?;

    // The second device has the board, and keeps its deal's table once solved on its page.
    let second = Browser::start(PHONE).await?;
    open_session(&second, &server, "two-phones@example.org", None).await?;
    sync_now(&second, &server, false).await?;
    second.client.goto(&server.url(&format!("/#/boards/{board}"))).await?;
    second.find("button.solve-deal").await.context("the second device has the board")?.click().await?;
    second.find_within(".dd-solved", SOLVE_WAIT).await.context("the table solved")?;
    assert_eq!(kept_tables(&second).await?, 1, "the deal's table kept");

    // The first device puts it in the trash, then deletes it for good, and syncs.
    first.client.goto(&server.url("/")).await?;
    first.find(".board-row button.to-trash:not([disabled])").await?.click().await?;
    first.find("button.view-trash").await?.click().await?;
    first.find(".board-row button.delete:not([disabled])").await?.click().await?;
    let start = Instant::now();
    while !first.client.find_all(fantoccini::Locator::Css(".board-row")).await?.is_empty() {
        anyhow::ensure!(start.elapsed() < SYNC_WAIT, "the board is still in the trash");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    sync_now(&first, &server, false).await?;

    // The second device's next sync removes the board, and the table of its deal with it.
    sync_now(&second, &server, false).await?;
    second.client.goto(&server.url("/")).await?;
    second.find(".boards-page").await?;
    let start = Instant::now();
    let rows = fantoccini::Locator::Css(".board-row");
    while !second.client.find_all(rows).await?.is_empty() || kept_tables(&second).await? != 0 {
        anyhow::ensure!(start.elapsed() < SYNC_WAIT, "the board or its table is still on the second device");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    Ok(())
}
