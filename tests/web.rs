//! The app in a real browser (headless Chromium through wasm-bindgen-test):
//! mount it on an element and read what it shows.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use bridge::{Deal, Seat};
use bridge_training::store::{Hooks, Store};
use bridge_training::strings::{AppStrings, Language};
use bridge_training::{App, AppProps, SolverTimes, SAMPLE_DEAL};
use training::{read_board_record, Board, BoardSummary, Collection, Ownership, Timestamp, UserId};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

mod common;

wasm_bindgen_test_configure!(run_in_browser);

/// Mounts the app at the route `hash` on a new element, with a database of
/// its own, and waits for it to render.
async fn mount_at(hash: &str, database: &'static str) -> web_sys::Element {
    mount_with(hash, AppProps { database, ..AppProps::default() }).await
}

/// Mounts the app with `props` at the route `hash` on a new element, and
/// waits for it to render.
async fn mount_with(hash: &str, props: AppProps) -> web_sys::Element {
    let window = web_sys::window().expect("a browser page has a window");
    window.location().set_hash(hash).expect("the hash can be set");
    let document = window.document().expect("a browser page has a document");
    let root = document.create_element("div").expect("a div can be created");
    document.body().expect("the test page has a body").append_child(&root).expect("the div can be attached");
    yew::Renderer::<App>::with_root_and_props(root.clone(), props).render();
    yew::platform::time::sleep(Duration::from_millis(50)).await;
    root
}

async fn mount() -> web_sys::Element {
    mount_at("/sample", "web-sample").await
}

/// Waits up to five seconds for `selector` to match inside `root`.
async fn wait_for(root: &web_sys::Element, selector: &str) -> web_sys::Element {
    for _ in 0..250 {
        if let Some(found) = root.query_selector(selector).expect("a valid selector") {
            return found;
        }
        yew::platform::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("nothing matches {selector}; the page reads {:?}", root.text_content());
}

/// Leaks a name so it lives as long as the app that uses it.
fn database_name(test: &str) -> &'static str {
    Box::leak(format!("web-{test}-{}", js_sys::Math::random()).into_boxed_str())
}

#[wasm_bindgen_test]
async fn every_card_of_the_sample_deal_is_shown_in_its_seat() {
    let root = mount().await;
    let deal: Deal = SAMPLE_DEAL.parse().expect("the sample deal is valid");
    for seat in Seat::ALL {
        let hand = root
            .query_selector(&format!(".hand[data-seat='{}']", seat.to_char()))
            .expect("a valid selector")
            .unwrap_or_else(|| panic!("no hand for {seat}"));
        let shown = hand.query_selector_all(".card").expect("a valid selector");
        assert_eq!(shown.length(), 13, "{seat} shows {} cards", shown.length());
        for card in deal.hand(seat).iter() {
            let selector = format!(".card[data-card='{card}']");
            assert!(hand.query_selector(&selector).expect("a valid selector").is_some(), "{seat} lacks {card}");
        }
    }
    assert_eq!(root.query_selector_all(".card").expect("a valid selector").length(), 52);
}

#[wasm_bindgen_test]
async fn the_dealer_and_vulnerability_of_board_seven_are_shown() {
    let root = mount().await;
    let dealer = root.query_selector("[data-dealer]").expect("a valid selector").expect("the dealer is shown");
    // Board 7: South deals, both sides vulnerable.
    assert_eq!(dealer.get_attribute("data-dealer").as_deref(), Some("S"));
    let text = root.text_content().unwrap_or_default();
    assert!(text.contains('♠') && text.contains('♥') && text.contains('♦') && text.contains('♣'), "{text}");
}

/// A board record as version 1 of the app wrote it (shared with `training`'s tests).
const BOARD_V1: &str = include_str!("../crates/training/tests/data/board-record-v1.json");

fn fixture_board() -> Board {
    let json: serde_json::Value = serde_json::from_str(BOARD_V1).expect("the fixture is JSON");
    read_board_record(&json).expect("the fixture is a readable board")
}

/// The fixture board as a board of this device (only the local user's boards can be changed).
fn local_board() -> Board {
    let mut board = fixture_board();
    board.owner = Ownership::User { user_id: UserId("local".to_owned()) };
    board
}

/// Stores `boards` in `database` as the app would have, before the app opens it.
async fn seed_boards(database: &str, boards: &[Board]) -> Store {
    let store = Store::open(database, Hooks::default()).await.expect("the store opens");
    store.put_boards(boards, Timestamp(1)).await.expect("the boards are stored");
    store
}

fn click(element: &web_sys::Element) {
    element.dyn_ref::<web_sys::HtmlElement>().expect("an HTML element").click();
}

#[wasm_bindgen_test]
async fn a_stored_board_is_listed_opens_and_goes_to_the_trash_and_back() {
    let database = database_name("boards");
    let board = local_board();
    let store = seed_boards(database, std::slice::from_ref(&board)).await;

    let root = mount_at("/", database).await;
    let row = wait_for(&root, &format!(".board-row[data-code='{}']", board.code())).await;
    assert!(row.text_content().unwrap_or_default().contains(&board.metadata.name), "the row names the board");

    // The board's page: its deal, its auction and its review.
    click(&wait_for(&row, "a.board-name").await);
    let page = wait_for(&root, ".board-page").await;
    assert_eq!(page.query_selector_all(".card").expect("a valid selector").length(), 52);
    let calls: Vec<String> = (0..board.game().auction().calls().len())
        .filter_map(|idx| page.query_selector(&format!("[data-index='{idx}']")).ok().flatten())
        .filter_map(|cell| cell.get_attribute("data-call"))
        .collect();
    let expected: Vec<String> = board.game().auction().calls().iter().map(ToString::to_string).collect();
    assert_eq!(calls, expected, "the auction table shows every call in order");
    // The table on request, once the store has said it keeps none for the deal.
    wait_for(&page, ".dd-analysis button.solve-deal").await;

    // To the trash: gone from the list, kept in the store with its deletion time.
    web_sys::window().expect("a window").location().set_hash("/").expect("the hash can be set");
    let row = wait_for(&root, &format!(".board-row[data-code='{}']", board.code())).await;
    click(&wait_for(&row, "button.to-trash:not([disabled])").await);
    wait_for(&root, ".boards-page .empty").await;
    assert!(root.query_selector(".board-row").expect("a valid selector").is_none(), "the trashed board is hidden");
    let stored = stored_when(&store, |boards| boards.iter().all(Board::is_deleted)).await;
    assert!(stored.iter().all(Board::is_deleted), "the trash is stored: {stored:?}");
    assert_list_in_step(&store).await;

    // And back.
    click(&wait_for(&root, "button.view-trash").await);
    let row = wait_for(&root, &format!(".board-row[data-code='{}']", board.code())).await;
    click(&wait_for(&row, "button.restore:not([disabled])").await);
    let stored = stored_when(&store, |boards| boards.iter().all(|board| !board.is_deleted())).await;
    assert!(stored.iter().all(|board| !board.is_deleted()), "the restore is stored: {stored:?}");
    assert_list_in_step(&store).await;
}

/// What `read` answers once `done` holds of it, or after five seconds (for the assertion to report):
/// writes land a little after the page shows them, later on a busy machine.
async fn eventually<T, F: std::future::Future<Output = T>>(
    mut read: impl FnMut() -> F,
    done: impl Fn(&T) -> bool,
) -> T {
    let mut value = read().await;
    for _ in 0..250 {
        if done(&value) {
            break;
        }
        yew::platform::time::sleep(Duration::from_millis(20)).await;
        value = read().await;
    }
    value
}

/// The stored boards once `done` holds of them, or after five seconds (for the assertion to report).
async fn stored_when(store: &Store, done: impl Fn(&[Board]) -> bool) -> Vec<Board> {
    eventually(|| async { store.load_boards().await.expect("the boards load").items }, |boards| done(boards)).await
}

/// The stored collections once `done` holds of them, or after five seconds.
async fn collections_when(store: &Store, done: impl Fn(&[Collection]) -> bool) -> Vec<Collection> {
    eventually(|| async { store.load_collections().await.expect("the collections load").items }, |stored| done(stored))
        .await
}

/// Checks that the store's boards list is in step with its boards: read as kept (not rebuilt),
/// one summary per stored board, equal to the board's.
async fn assert_list_in_step(store: &Store) {
    let list = store.board_list().await.expect("the list reads");
    assert!(list.boards.is_none(), "the list was kept in step, not rebuilt");
    let mut listed = list.summaries;
    listed.sort_by(|a, b| a.id().cmp(b.id()));
    let boards = store.load_boards().await.expect("the boards load").items;
    let mut expected: Vec<BoardSummary> = boards.iter().map(BoardSummary::of).collect();
    expected.sort_by(|a, b| a.id().cmp(b.id()));
    assert_eq!(listed, expected);
}

#[wasm_bindgen_test]
async fn the_chosen_language_is_kept_for_the_next_visit() {
    let database = database_name("language");
    let first = mount_at("/sample", database).await;
    // Wait for the store to open before choosing, as a user would see the page first.
    yew::platform::time::sleep(Duration::from_millis(300)).await;
    click(&wait_for(&first, "button[lang='fr']").await);
    yew::platform::time::sleep(Duration::from_millis(300)).await;

    let next_visit = mount_at("/sample", database).await;
    for _ in 0..250 {
        if next_visit.text_content().unwrap_or_default().contains("Donneur") {
            return;
        }
        yew::platform::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the next visit is not in French: {:?}", next_visit.text_content());
}

fn input(root: &web_sys::Element, selector: &str, value: &str) {
    let element: web_sys::HtmlInputElement =
        root.query_selector(selector).expect("a valid selector").expect("the field is shown").unchecked_into();
    element.set_value(value);
    let event = web_sys::InputEvent::new("input").expect("an input event");
    element.dispatch_event(&event).expect("the event is sent");
}

#[wasm_bindgen_test]
async fn a_collection_is_created_filled_ordered_and_kept() {
    let database = database_name("collections");
    let first = local_board();
    let mut second = first.clone();
    second.id = training::BoardId("board-0002".to_owned());
    second.metadata.name = "Second board".to_owned();
    let store = seed_boards(database, &[first.clone(), second.clone()]).await;

    let root = mount_at("/collections", database).await;
    wait_for(&root, ".collections-page .empty").await;
    input(&root, "input.collection-name", "Squeezes");
    click(&wait_for(&root, "button.create-collection").await);
    wait_for(&root, ".collection-page").await;
    // The page may be drawn again as the library changes: look each element up afresh.
    let page = &root;
    for board in [&first, &second] {
        wait_for(page, &format!("select.board-to-add option[value='{}']", board.id.0)).await;
        let select: web_sys::HtmlSelectElement = wait_for(page, "select.board-to-add").await.unchecked_into();
        select.set_value(&board.id.0);
        select.dispatch_event(&web_sys::Event::new("change").expect("an event")).expect("sent");
        click(&wait_for(page, "button.add:not([disabled])").await);
        wait_for(page, &format!("li.entry[data-board='{}']", board.id.0)).await;
    }
    // The second board moves up to the first place.
    click(&wait_for(page, "li.entry[data-board='board-0002'] button.up").await);
    let moved_up = vec![second.id.clone(), first.id.clone()];
    let stored = collections_when(&store, |stored| {
        stored.first().is_some_and(|collection| collection.boards().cloned().collect::<Vec<_>>() == moved_up)
    })
    .await;
    assert_eq!(stored.len(), 1, "{stored:?}");
    assert_eq!(stored[0].name, "Squeezes");
    assert_eq!(
        stored[0].boards().cloned().collect::<Vec<_>>(),
        vec![second.id.clone(), first.id.clone()],
        "the order is stored"
    );

    // Dragged onto the first row, the last board takes the first place.
    let drag = |selector: &str, kind: &str| {
        let row = root.query_selector(selector).expect("valid").expect("the row is shown");
        row.dispatch_event(&web_sys::DragEvent::new(kind).expect("a drag event")).expect("sent");
    };
    drag("li.entry[data-board='board-0001']", "dragstart");
    yew::platform::time::sleep(Duration::from_millis(30)).await;
    drag("li.entry[data-board='board-0002']", "dragover");
    drag("li.entry[data-board='board-0002']", "drop");
    let dragged = vec![first.id.clone(), second.id.clone()];
    let stored = collections_when(&store, |stored| {
        stored.first().is_some_and(|collection| collection.boards().cloned().collect::<Vec<_>>() == dragged)
    })
    .await;
    assert_eq!(
        stored[0].boards().cloned().collect::<Vec<_>>(),
        vec![first.id.clone(), second.id.clone()],
        "the order after the drag is stored"
    );

    // A board sent to the trash stays in its place, shown as unavailable.
    let mut trashed = second.clone();
    trashed.timestamps.deleted = Some(Timestamp(5));
    store.put_board(&trashed, Timestamp(5)).await.expect("the board is stored");
    let again = mount_at(&format!("/collections/{}", stored[0].id.0), database).await;
    let entries = wait_for(&again, "ol.collection-entries").await;
    yew::platform::time::sleep(Duration::from_millis(200)).await;
    let items = entries.query_selector_all("li.entry").expect("a valid selector");
    assert_eq!(items.length(), 2);
    let trashed_entry = entries.query_selector("li.entry:nth-child(2)").expect("valid").expect("an entry");
    assert_eq!(trashed_entry.get_attribute("data-board").as_deref(), Some("board-0002"));
    assert!(
        trashed_entry.class_name().split_whitespace().any(|class| class == "unavailable"),
        "the trashed board is shown as unavailable"
    );
}

fn type_into(root: &web_sys::Element, selector: &str, value: &str) {
    let element: web_sys::HtmlElement =
        root.query_selector(selector).expect("a valid selector").expect("the field is shown").unchecked_into();
    if let Some(area) = element.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        area.set_value(value);
    } else {
        element.unchecked_ref::<web_sys::HtmlInputElement>().set_value(value);
    }
    element.dispatch_event(&web_sys::InputEvent::new("input").expect("an event")).expect("sent");
}

#[wasm_bindgen_test]
async fn a_new_board_is_typed_refused_while_a_translation_is_missing_then_saved() {
    let database = database_name("editor");
    let root = mount_at("/new", database).await;
    wait_for(&root, ".editor-page").await;
    yew::platform::time::sleep(Duration::from_millis(200)).await;
    type_into(&root, "input.board-name-input", "Stayman");
    // Three hands: the fourth is completed.
    type_into(&root, "input.deal-input", "N:AQ97.KJ3.A842.Q5 K863.Q95.K7.K942 J2.A862.QJ3.AJT3 -");
    yew::platform::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(
        root.query_selector_all(".deal-diagram .card").expect("valid").length(),
        52,
        "the fourth hand is completed"
    );

    for call in ["1NT", "Pass", "3NT", "Pass", "Pass", "Pass"] {
        click(&wait_for(&root, &format!(".bid-box button[data-call='{call}']")).await);
        yew::platform::time::sleep(Duration::from_millis(30)).await;
    }
    assert_eq!(
        root.query_selector_all(".bid-box button:not([disabled])").expect("valid").length(),
        0,
        "the auction is over"
    );
    type_into(&root, "fieldset[data-slot='call-0'] textarea.comment-en", "15 to 17");
    type_into(&root, "fieldset[data-slot='review'] textarea.comment-en", "Count your tricks.");
    type_into(&root, "fieldset[data-slot='review'] textarea.comment-fr", "Comptez vos levées.");
    yew::platform::time::sleep(Duration::from_millis(30)).await;
    assert!(
        root.query_selector("fieldset[data-slot='call-0'] label.gap[lang='fr']").expect("valid").is_some(),
        "the missing French comment shows as a gap"
    );

    click(&wait_for(&root, "button.save-board").await);
    let refused = wait_for(&root, "ul.rejections-comments li").await;
    assert_eq!(refused.get_attribute("data-reason").as_deref(), Some("incomplete_translation"));
    assert!(!refused.text_content().unwrap_or_default().is_empty());
    assert!(root.query_selector(".board-page").expect("valid").is_none(), "nothing saved yet");

    type_into(&root, "fieldset[data-slot='call-0'] textarea.comment-fr", "15 à 17");
    yew::platform::time::sleep(Duration::from_millis(30)).await;
    click(&wait_for(&root, "button.save-board").await);
    let page = wait_for(&root, ".board-page").await;
    assert!(page.text_content().unwrap_or_default().contains("Stayman"));

    let store = Store::open(database, Hooks::default()).await.expect("the store opens");
    let stored = stored_when(&store, |stored| !stored.is_empty()).await;
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].metadata.name, "Stayman");
    assert_eq!(stored[0].derived().contract.map(|contract| contract.to_string()).as_deref(), Some("3NT"));
    assert_eq!(stored[0].game().call_comments()[0].languages().len(), 2, "the call's comment in both languages");
    assert_list_in_step(&store).await;
}

#[wasm_bindgen_test]
async fn what_the_teacher_typed_comes_back_after_the_tab_is_closed() {
    let database = database_name("draft");
    let first = mount_at("/new", database).await;
    wait_for(&first, ".editor-page").await;
    yew::platform::time::sleep(Duration::from_millis(300)).await;
    type_into(&first, "input.board-name-input", "Unfinished squeeze");
    type_into(&first, "fieldset[data-slot='review'] textarea.comment-fr", "À finir");
    yew::platform::time::sleep(Duration::from_millis(300)).await;

    let reopened = mount_at("/new", database).await;
    let name: web_sys::HtmlInputElement = wait_for(&reopened, "input.board-name-input").await.unchecked_into();
    for _ in 0..250 {
        if name.value() == "Unfinished squeeze" {
            break;
        }
        yew::platform::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(name.value(), "Unfinished squeeze", "the name typed comes back");
    let review: web_sys::HtmlTextAreaElement =
        wait_for(&reopened, "fieldset[data-slot='review'] textarea.comment-fr").await.unchecked_into();
    assert_eq!(review.value(), "À finir", "the review typed comes back");
}

#[wasm_bindgen_test]
async fn a_stored_board_is_edited_with_its_play_and_a_comment_on_a_card() {
    let database = database_name("edit");
    let board = local_board();
    let id = board.id.0.clone();
    drop(seed_boards(database, std::slice::from_ref(&board)).await);
    let root = mount_at(&format!("/boards/{id}/edit"), database).await;
    let mut name = String::new();
    for _ in 0..250 {
        let field: web_sys::HtmlInputElement = wait_for(&root, "input.board-name-input").await.unchecked_into();
        name = field.value();
        if name == board.metadata.name {
            break;
        }
        yew::platform::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(name, board.metadata.name, "the editor starts from the stored board");
    let calls = board.game().auction().calls().len();
    assert_eq!(
        root.query_selector_all("fieldset.comment[data-slot^='call-']").expect("valid").length() as usize,
        calls
    );

    // Only the legal cards of the player to play can be clicked.
    let game = board.game();
    let leader = game.declarer().rotate(1);
    let mut play = bridge::Play::replay(
        *game.deal(),
        game.auction().contract().expect("a contract").strain(),
        leader,
        game.play().iter().copied(),
    )
    .expect("the stored play replays");
    let legal = play.legal_cards();
    let buttons = root.query_selector_all(".play-table .deal-diagram button.card").expect("valid");
    assert_eq!(buttons.length() as usize, legal.len(), "one button per legal card");
    let first = legal.iter().next().expect("a card to play");
    click(&wait_for(&root, &format!(".play-table button.card[data-card='{first}']")).await);
    play.play(first).expect("a legal card");
    let slot = game.play().len();
    let comment = format!("fieldset[data-slot='card-{slot}'] textarea.comment-en");
    wait_for(&root, &comment).await;
    type_into(&root, &comment, "Lead the top of a sequence");
    type_into(&root, &format!("fieldset[data-slot='card-{slot}'] textarea.comment-fr"), "Entamez en tête de séquence");
    yew::platform::time::sleep(Duration::from_millis(30)).await;
    click(&wait_for(&root, "button.save-board").await);
    let page = wait_for(&root, ".board-page").await;
    assert!(
        page.text_content().unwrap_or_default().contains("Lead the top of a sequence"),
        "the board shows the card's comment"
    );

    let store = Store::open(database, Hooks::default()).await.expect("the store opens");
    let stored = stored_when(&store, |boards| boards.iter().any(|stored| stored.game().play().len() == slot + 1)).await;
    let edited = stored.iter().find(|stored| stored.id.0 == id).expect("the same board, not a copy");
    assert_eq!(stored.len(), 1);
    assert_eq!(edited.code(), board.code(), "the code of a board never changes");
    assert_eq!(edited.game().card_comments()[slot].languages().len(), 2);
}

/// Another tab holding `database` at the previous version: this tab's opening waits (and says so
/// in a notice) until the connection returned is closed.
async fn older_tab(database: &str) -> indexed_db_futures::database::Database {
    let previous = bridge_training::store::schema::VERSION - 1;
    indexed_db_futures::database::Database::open(database)
        .with_version(previous)
        .with_on_upgrade_needed(move |event, db| {
            bridge_training::store::schema::upgrade(&db, event.old_version() as u32, previous)
        })
        .await
        .expect("the previous version opens")
}

#[wasm_bindgen_test]
async fn a_collection_made_while_the_database_opens_is_stored() {
    let database = database_name("early-collection");
    let older = older_tab(database).await;
    let root = mount_at("/collections", database).await;
    wait_for(&root, ".notice").await;
    input(&root, "input.collection-name", "Endplays");
    click(&wait_for(&root, "button.create-collection").await);
    wait_for(&root, ".collection-page").await;
    older.close();

    let store = Store::open(database, Hooks::default()).await.expect("the store opens");
    let stored = collections_when(&store, |stored| !stored.is_empty()).await;
    assert_eq!(stored.iter().map(|collection| collection.name.as_str()).collect::<Vec<_>>(), ["Endplays"]);
}

#[wasm_bindgen_test]
async fn the_default_comment_language_is_kept_and_comes_first_in_the_editor() {
    let database = database_name("settings");
    // The choice below is made before the store is open, and must be stored once it is.
    let older = older_tab(database).await;
    let root = mount_at("/settings", database).await;
    wait_for(&root, ".settings-page").await;
    wait_for(&root, ".notice").await;
    wait_for(&root, "select.comment-language").await;
    choose(&root, "select.comment-language", "fr");
    older.close();

    let store = Store::open(database, Hooks::default()).await.expect("the store opens");
    let stored =
        eventually(|| async { store.settings().await.expect("the settings load").comment_language }, Option::is_some)
            .await;
    assert_eq!(stored.as_deref(), Some("fr"), "the choice made while the database opened is stored");
    // The notice goes once the store is open and its settings are read.
    eventually(|| async { root.query_selector(".notice").expect("valid") }, Option::is_none).await;
    let shown: web_sys::HtmlSelectElement = wait_for(&root, "select.comment-language").await.unchecked_into();
    assert_eq!(shown.value(), "fr", "the settings read at the opening do not undo the choice");

    let editor = mount_at("/new", database).await;
    let mut first = None;
    for _ in 0..250 {
        first = editor
            .query_selector("fieldset[data-slot='review'] textarea")
            .expect("valid")
            .map(|area| area.class_name());
        if first.as_deref() == Some("comment-fr") {
            break;
        }
        yew::platform::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(first.as_deref(), Some("comment-fr"), "French comes first in the editor");
}

/// Chooses `value` in the menu `selector` of `root`.
fn choose(root: &web_sys::Element, selector: &str, value: &str) {
    let select: web_sys::HtmlSelectElement =
        root.query_selector(selector).expect("a valid selector").expect("the menu is shown").unchecked_into();
    select.set_value(value);
    select.dispatch_event(&web_sys::Event::new("change").expect("an event")).expect("sent");
}

#[wasm_bindgen_test]
async fn the_boards_are_filtered_by_trump_theme_language_and_sharing() {
    let database = database_name("filters");
    seed_boards(database, &[local_board()]).await;
    let root = mount_at("/", database).await;
    wait_for(&root, ".board-row").await;
    let rows = |root: &web_sys::Element| root.query_selector_all(".board-row").expect("valid").length();
    // The fixture: 3NT, themes "counting" and "notrump_opening", comments in English and French, shared with a group.
    for (menu, value, expected) in [
        ("select.filter-trump", "S", 0),
        ("select.filter-trump", "NT", 1),
        ("select.filter-theme", "squeeze", 0),
        ("select.filter-theme", "counting", 1),
        ("select.filter-language", "fr", 1),
        ("select.filter-sharing", "public", 0),
        ("select.filter-sharing", "groups", 1),
    ] {
        choose(&root, menu, value);
        yew::platform::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(rows(&root), expected, "{menu} = {value}");
    }
}

#[wasm_bindgen_test]
async fn a_handout_prints_the_boards_in_the_language_chosen() {
    let database = database_name("handout");
    let board = local_board();
    seed_boards(database, std::slice::from_ref(&board)).await;
    let root = mount_at(&format!("/handout/{},missing-board", board.id.0), database).await;
    wait_for(&root, ".handout-board").await;
    assert_eq!(root.query_selector_all(".handout-board").expect("valid").length(), 1, "a missing board is left out");
    choose(&root, "select.handout-language", "fr");
    yew::platform::time::sleep(Duration::from_millis(50)).await;
    let printed = wait_for(&root, ".handout-board").await.text_content().unwrap_or_default();
    assert!(printed.contains("15 à 17"), "the call's comment in French: {printed}");
    assert!(printed.contains("Neuf levées"), "the review in French: {printed}");
    assert!(printed.contains("Nord") && !printed.contains("North"), "the seats in French too: {printed}");
}

#[wasm_bindgen_test]
async fn a_change_that_cannot_be_stored_is_kept_aside_and_written_at_the_next_opening() {
    let database = database_name("unsaved");
    let board = local_board();
    drop(seed_boards(database, std::slice::from_ref(&board)).await);
    let root = mount_at("/", database).await;
    let row = wait_for(&root, &format!(".board-row[data-code='{}']", board.code())).await;

    // Another tab opens a newer version: this tab's database is gone from under it.
    let newer = indexed_db_futures::database::Database::open(database)
        .with_version(bridge_training::store::schema::VERSION + 1)
        .with_on_upgrade_needed(|_event, _db| Ok(()))
        .await
        .expect("the newer version opens");
    newer.close();
    click(&wait_for(&row, "button.to-trash:not([disabled])").await);
    let notice = wait_for(&root, ".notice").await.text_content().unwrap_or_default();
    assert!(notice.contains("Reload"), "the user is told: {notice}");
    let mut kept = Vec::new();
    for _ in 0..250 {
        kept = bridge_training::store::pending::kept(database);
        if !kept.is_empty() {
            break;
        }
        yew::platform::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(kept.len(), 1, "the change is kept aside");
    assert!(kept[0].is_deleted());

    // Even with the database deleted, the next opening writes the change.
    let factory = web_sys::window().and_then(|window| window.indexed_db().ok().flatten()).expect("IndexedDB");
    let deleting = factory.delete_database(database).expect("the database can be deleted");
    for _ in 0..250 {
        if deleting.ready_state() == web_sys::IdbRequestReadyState::Done {
            break;
        }
        yew::platform::time::sleep(Duration::from_millis(20)).await;
    }
    let again = mount_at("/", database).await;
    click(&wait_for(&again, "button.view-trash").await);
    wait_for(&again, &format!(".board-row[data-code='{}']", board.code())).await;
    assert!(bridge_training::store::pending::kept(database).is_empty(), "written, then forgotten");
    let store = Store::open(database, Hooks::default()).await.expect("the store opens");
    let stored = store.load_boards().await.expect("the boards load").items;
    assert_eq!(stored.len(), 1);
    assert!(stored[0].is_deleted(), "the trashed board was written");
}

/// A PBN file of `count` games, all the same good game but for their number.
fn big_pbn(count: usize) -> String {
    (1..=count)
        .map(|number| {
            format!(
                "[Event \"Big file\"]\n[Board \"{number}\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
                 [Deal \"N:AQ97.KJ3.A842.Q5 K863.Q95.K7.K942 J2.A862.QJ3.AJT3 T54.T74.T965.876\"]\n\
                 [Declarer \"N\"]\n[Contract \"3NT\"]\n[Auction \"N\"]\n1D Pass 1H Pass 2NT Pass 3NT Pass Pass Pass\n\n"
            )
        })
        .collect()
}

#[wasm_bindgen_test]
async fn a_file_of_2000_games_is_planned_and_stored_in_batches_with_a_progress_bar() {
    let database = database_name("big-import");
    let root = mount_at("/", database).await;
    wait_for(&root, ".boards-page .empty").await;
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(&big_pbn(2000)));
    let file = web_sys::File::new_with_str_sequence(&parts, "big.pbn").expect("a file");
    let transfer = web_sys::DataTransfer::new().expect("a data transfer");
    transfer.items().add_with_file(&file).expect("the file is added");
    let input: web_sys::HtmlInputElement = wait_for(&root, "input.import-file").await.unchecked_into();
    input.set_files(transfer.files().as_ref());
    input.dispatch_event(&web_sys::Event::new("change").expect("an event")).expect("sent");

    // Reading: the bar shows part of the games checked before the plan.
    let mut seen_part = false;
    for _ in 0..1000 {
        if let Some(bar) = root.query_selector(".import-progress progress").expect("valid") {
            let (value, max) = (bar.get_attribute("value"), bar.get_attribute("max"));
            seen_part |= value.zip(max).is_some_and(|(value, max)| value != max && max == "2000");
        }
        if root.query_selector(".import-plan").expect("valid").is_some() {
            break;
        }
        yew::platform::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(seen_part, "the page was drawn while the file was read");
    let summary = wait_for(&root, ".import-plan .plan-summary").await.text_content().unwrap_or_default();
    assert!(summary.contains("2000"), "{summary}");

    click(&wait_for(&root, "button.confirm-import").await);
    let mut seen_storing = false;
    for _ in 0..1000 {
        seen_storing |= root.query_selector(".import-progress").expect("valid").is_some();
        if root.query_selector(".notice").expect("valid").is_some() {
            break;
        }
        yew::platform::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(seen_storing, "the page was drawn while the boards were stored");
    let store = Store::open(database, Hooks::default()).await.expect("the store opens");
    let stored = stored_when(&store, |boards| boards.len() == 2000).await;
    assert_eq!(stored.len(), 2000);
    assert_list_in_step(&store).await;
}

#[wasm_bindgen_test]
async fn a_bbo_handviewer_link_is_imported_with_its_alerts_as_comments() {
    let database = database_name("handviewer");
    let root = mount_at("/", database).await;
    wait_for(&root, ".boards-page .empty").await;
    let link = include_str!("../crates/bridge/tests/data/lin/handviewer.txt").trim();
    type_into(&root, "input.handviewer-link", link);
    yew::platform::time::sleep(Duration::from_millis(30)).await;
    click(&wait_for(&root, "button.read-link:not([disabled])").await);
    let summary = wait_for(&root, ".import-plan .plan-summary").await.text_content().unwrap_or_default();
    assert_eq!(summary, "Boards to create: 1. Games refused: 0.");
    click(&wait_for(&root, "button.confirm-import").await);
    let store = Store::open(database, Hooks::default()).await.expect("the store opens");
    let stored = stored_when(&store, |boards| boards.len() == 1).await;
    assert_eq!(stored.len(), 1);
    let english: training::Locale = "en".parse().expect("a locale");
    let comments: Vec<String> = stored[0]
        .game()
        .call_comments()
        .iter()
        .filter_map(|comment| comment.get(&english).map(|text| text.to_plain(&english)))
        .collect();
    assert_eq!(comments, ["12-14 balanced"], "the alert's explanation is its call's comment");
}

/// A second board of this device: the fixture under another id, name and deal code.
fn other_local_board() -> Board {
    let mut json: serde_json::Value = serde_json::from_str(BOARD_V1).expect("the fixture is JSON");
    json["id"] = "board-0002".into();
    json["code"] = "Hj4kM7pQ".into();
    json["metadata"]["name"] = "Another squeeze".into();
    json["owner"] = serde_json::json!({ "kind": "user", "user_id": "local" });
    read_board_record(&json).expect("the second board is readable")
}

/// Puts `board` in the trash and deletes it for good through the boards page.
async fn delete_for_good(root: &web_sys::Element, board: &Board) {
    click(&wait_for(root, "button.view-active").await);
    let row = wait_for(root, &format!(".board-row[data-code='{}']", board.code())).await;
    click(&wait_for(&row, "button.to-trash:not([disabled])").await);
    click(&wait_for(root, "button.view-trash").await);
    let row = wait_for(root, &format!(".board-row[data-code='{}']", board.code())).await;
    let hint = wait_for(root, "p.hint").await.text_content().unwrap_or_default();
    assert_eq!(hint, AppStrings::load(Language::English).get("trash-hint"), "the trash says what goes for good");
    click(&wait_for(&row, "button.delete:not([disabled])").await);
}

/// Two boards on one deal: deleting one for good keeps the other and the deal's kept table; deleting
/// the last forgets the table too.
#[wasm_bindgen_test]
async fn a_board_deleted_for_good_leaves_the_list_and_the_other_stays() {
    use bridge_training::store::Dealt;
    use solver_wasm::{ParMsg, TableMsg};

    let database = database_name("delete");
    let (kept, deleted) = (local_board(), other_local_board());
    let dealt = Dealt::of(kept.game());
    assert_eq!(Dealt::of(deleted.game()), dealt, "the fixture's two boards share their deal");
    let store = seed_boards(database, &[kept.clone(), deleted.clone()]).await;
    let table = TableMsg { tricks: [[9, 4, 9, 4], [8, 5, 8, 5], [7, 6, 7, 6], [10, 3, 10, 3], [6, 7, 6, 7]] };
    let par = ParMsg { score: 400, contracts: vec!["3N-NS".to_owned()] };
    store.put_solved(&dealt, &table, &par).await.expect("kept");
    for board in [&kept, &deleted] {
        put_a_game(&store, board, &common::game_of(board, 7, 0)).await;
    }
    let root = mount_at("/", database).await;
    delete_for_good(&root, &deleted).await;
    let stored = stored_when(&store, |boards| boards.len() == 1).await;
    assert_eq!(stored.iter().map(|board| &board.id).collect::<Vec<_>>(), [&kept.id]);
    assert_list_in_step(&store).await;
    // The table and the games are forgotten, if at all, before the board is
    // removed: they are read after.
    assert_eq!(store.solved(&dealt).await.expect("reads"), Some((table, par)), "the other board's table stays");
    assert_eq!(games_count(&store, &deleted).await, 0, "the board's games go with it");
    assert_eq!(games_count(&store, &kept).await, 1, "the other board's game stays");

    delete_for_good(&root, &kept).await;
    let gone = eventually(|| store.solved(&dealt), |solved| solved.as_ref().is_ok_and(Option::is_none)).await;
    assert_eq!(gone.expect("reads"), None, "the table goes with the deal's last board");
    assert!(stored_when(&store, |boards| boards.is_empty()).await.is_empty(), "no board left");
    assert_eq!(games_count(&store, &kept).await, 0, "the last board's game goes with it");
}

/// Stores `journal`, a game of `board`, as the player stores it.
async fn put_a_game(store: &Store, board: &Board, journal: &training::Journal) {
    let id = bridge_training::store::new_game_id(&board.id, Timestamp(10), 1);
    store.put_game(&id, journal, Timestamp(10)).await.expect("stored");
}

/// How many readable games of `board` the store holds.
async fn games_count(store: &Store, board: &Board) -> usize {
    store.games_of(&board.id).await.expect("the games read").0.len()
}

#[wasm_bindgen_test]
async fn a_boards_list_of_an_unknown_version_is_rebuilt_and_the_boards_are_listed() {
    use indexed_db_futures::prelude::*;

    let database = database_name("list-unknown");
    let board = local_board();
    drop(seed_boards(database, std::slice::from_ref(&board)).await);
    let db = indexed_db_futures::database::Database::open(database).await.expect("the database opens");
    let tx = db
        .transaction(bridge_training::store::schema::LISTS)
        .with_mode(indexed_db_futures::transaction::TransactionMode::Readwrite)
        .build()
        .expect("a transaction");
    let future = r#"{"key": "boards", "count": 1, "unreadable": [], "record": "{\"version\": 99, \"lists\": {}}"}"#;
    let value = js_sys::JSON::parse(future).expect("test JSON parses");
    tx.object_store(bridge_training::store::schema::LISTS).expect("the store").put(value).primitive().expect("a put");
    tx.commit().await.expect("written");
    db.close();

    let root = mount_at("/", database).await;
    wait_for(&root, &format!(".board-row[data-code='{}']", board.code())).await;
    let store = Store::open(database, Hooks::default()).await.expect("the store opens");
    assert_list_in_step(&store).await;
}

/// `count` boards of this device: the fixture under other ids and deal codes.
fn many_local_boards(count: usize) -> Vec<Board> {
    let json: serde_json::Value = serde_json::from_str(BOARD_V1).expect("the fixture is JSON");
    (0..count)
        .map(|idx| {
            let mut record = json.clone();
            record["id"] = format!("board-{idx:04}").into();
            record["code"] = training::generate_deal_code(&mut bridge_training::browser::BrowserRandom).into();
            record["owner"] = serde_json::json!({ "kind": "user", "user_id": "local" });
            read_board_record(&record).expect("a readable board")
        })
        .collect()
}

#[wasm_bindgen_test]
async fn a_comment_rewrite_over_300_boards_is_planned_first_and_written_only_when_confirmed() {
    let database = database_name("rewrite");
    let boards = many_local_boards(300);
    let store = seed_boards(database, &boards).await;
    let root = mount_at("/rewrite", database).await;
    type_into(&root, "input.rewrite-find", "Nine tricks");
    choose(&root, "select.rewrite-language", "en");
    choose(&root, "select.rewrite-action", "replace");
    type_into(&root, "input.rewrite-replace", "Nine winners");
    click(&wait_for(&root, "button.plan-rewrite:not([disabled])").await);

    // The plan: every board changes in English only, before and after shown; nothing written yet.
    let plan = wait_for(&root, ".rewrite-plan[data-updates='300'][data-rejected='0']").await;
    let first = plan.query_selector(".rewrite-board[data-status='update']").expect("valid").expect("a board");
    assert_eq!(
        first.query_selector(".before").expect("valid").and_then(|text| text.text_content()).as_deref(),
        Some("Nine tricks: count them before playing.")
    );
    assert_eq!(
        first.query_selector(".after").expect("valid").and_then(|text| text.text_content()).as_deref(),
        Some("Nine winners: count them before playing.")
    );
    assert_eq!(first.query_selector_all(".before").expect("valid").length(), 1, "the French review is left alone");
    let stored = store.load_boards().await.expect("the boards load").items;
    assert!(
        stored.iter().all(|board| review_en(board).starts_with("Nine tricks")),
        "nothing is written before the confirmation"
    );

    // Confirmed: every board is stored rewritten, the French review untouched, the list in step.
    click(&wait_for(&root, "button.apply-rewrite").await);
    wait_for(&root, ".rewrite-applied[data-updated='300'][data-stale='0']").await;
    let stored =
        stored_when(&store, |boards| boards.iter().all(|board| review_en(board).starts_with("Nine winners"))).await;
    assert!(stored.iter().all(|board| review_en(board) == "Nine winners: count them before playing."));
    let french: training::Locale = "fr".parse().expect("a locale");
    assert!(stored.iter().all(|board| board
        .game()
        .review()
        .get(&french)
        .map(|text| text.to_plain(&french))
        .as_deref()
        == Some("Neuf levées : comptez-les avant de jouer.")));
    assert_list_in_step(&store).await;
}

/// The English review of `board`, as plain text.
fn review_en(board: &Board) -> String {
    let english: training::Locale = "en".parse().expect("a locale");
    board.game().review().get(&english).map(|text| text.to_plain(&english)).unwrap_or_default()
}

#[wasm_bindgen_test]
async fn the_overview_counts_300_boards_by_level_sharing_teaching_mode_and_month() {
    let database = database_name("overview");
    let boards = many_local_boards(300);
    let fixture = &boards[0];
    seed_boards(database, &boards).await;
    let root = mount_at("/overview", database).await;
    wait_for(&root, ".overview-page[data-total='300']").await;
    let level = fixture.metadata.level.get().map_or_else(|| "No level".to_owned(), |level| format!("Level {level}"));
    wait_for(&root, &format!(".overview-chart.levels tr[data-label='{level}'][data-count='300']")).await;
    wait_for(&root, ".overview-chart.months tr[data-count='300']").await;
    let mode = format!("mode-{}", fixture.metadata.teaching_mode.as_str());
    wait_for(
        &root,
        &format!(
            ".overview-chart.modes tr[data-count='300'][data-label='{}']",
            AppStrings::load(Language::English).get(&mode)
        ),
    )
    .await;
    let month = training::month_of(fixture.timestamps.created);
    wait_for(&root, &format!(".overview-chart.months tr[data-label='{month}']")).await;
    let name = fixture.metadata.name.clone();
    wait_for(&root, ".overview-chart.names tr[data-count='300'] th").await;
    let names =
        root.query_selector(".overview-chart.names").expect("valid").expect("names").text_content().unwrap_or_default();
    assert!(names.contains(&name), "{names}");
}

/// The browser's RegExp behind the rewrite rules: byte ranges in lines with symbols and astral
/// characters, groups by number and name, `(?i)`, empty matches skipped, invalid patterns refused;
/// and a rule over a board planned with it.
#[wasm_bindgen_test]
fn rule_patterns_run_on_the_browsers_regexp() {
    use bridge_training::pattern::compile;

    let found = |pattern: &str, line: &str, replace: &str| -> Vec<(String, String)> {
        let compiled = compile(pattern).expect("a valid pattern");
        compiled.matches(line, replace).into_iter().map(|(range, with)| (line[range].to_owned(), with)).collect()
    };
    let pairs = |list: &[(&str, &str)]| -> Vec<(String, String)> {
        list.iter().map(|(a, b)| ((*a).to_owned(), (*b).to_owned())).collect()
    };
    assert_eq!(found("A(K|Q)", "♠ AK, ♥ AQ", "$1-${1}"), pairs(&[("AK", "K-K"), ("AQ", "Q-Q")]));
    assert_eq!(found("b", "a😀b", "[$0]"), pairs(&[("b", "[b]")]));
    assert_eq!(found("(?i)north", "North and NORTH, nord", "N"), pairs(&[("North", "N"), ("NORTH", "N")]));
    assert_eq!(found("(?P<card>[AKQJ])x", "Ax Kx 9x", "${card}!$$"), pairs(&[("Ax", "A!$"), ("Kx", "K!$")]));
    assert_eq!(found("b*", "abbc😀", "-"), pairs(&[("bb", "-")]), "empty matches are skipped");
    assert_eq!(found("x?", "😀é", "-"), pairs(&[]));
    assert_eq!(found("(a)|(b)", "b", "[$1|$2|$3|$name]"), pairs(&[("b", "[|b||]")]));
    assert!(compile("a[").is_err());
    assert!(compile("(?P<x>a").is_err());

    let mut board = fixture_board().to_draft();
    let mut review = training::Localized::new();
    review.insert("en".parse().expect("a locale"), training::RichText::parse("Count nine tricks, then 9 more."));
    review.insert("fr".parse().expect("a locale"), training::RichText::parse("Comptez neuf levées."));
    board.review = training::DraftComment::Localized(review);
    let board = training::gate(board, None, Timestamp(1), None).expect("a valid board").board;
    let rule = training::RewriteRule {
        find: "(?i)(\\d+|nine) TRICKS".to_owned(),
        locale: "en".parse().expect("a locale"),
        action: training::RewriteAction::Replace,
        replace: "$1 winners".to_owned(),
    };
    let plan = training::plan_rewrite_with(&compile, &[rule], &[board], Timestamp(2)).expect("a valid rule");
    let training::RewriteStatus::WillUpdate { board: updated, .. } = &plan.boards[0].status else {
        panic!("the review changes: {:?}", plan.boards[0].status)
    };
    let locale = "en".parse().expect("a locale");
    let review = updated.game().review().get(&locale).map(|text| text.to_plain(&locale));
    assert_eq!(review.as_deref(), Some("Count nine winners, then 9 more."));
}

/// How long the late-solver tests give each worker: enough for a busy
/// machine to check first that no notice shows early.
const PATIENCE: Duration = Duration::from_millis(1000);

/// The app in `database` with the late-solver tests' patience.
fn late_props(database: &'static str) -> AppProps {
    AppProps { database, solver_times: SolverTimes { patience: PATIENCE, ..SolverTimes::default() } }
}

/// Waits for the late solver's notice, checks that it says why (`why`, a
/// string's key) and offers a restart, and restarts the worker from it:
/// the notice goes, since the question is asked again of the new worker,
/// which has a patience of its own.
async fn restart_when_late(root: &web_sys::Element, why: &str) {
    let late = wait_for(root, ".solver-late").await;
    let strings = AppStrings::load(Language::English);
    let text = late.text_content().unwrap_or_default();
    assert!(text.contains(&strings.get(why)), "the notice says why: {text:?}");
    let restart = late.query_selector("button.retry").expect("valid").expect("a restart button");
    assert_eq!(restart.text_content().as_deref(), Some(strings.get("game-solver-restart").as_str()));
    click(&restart);
    yew::platform::time::sleep(Duration::from_millis(100)).await;
    assert!(root.query_selector(".solver-late").expect("valid").is_none(), "asked again of the new worker");
}

/// A worker that stops answering does not leave the learner stuck: once the
/// solver's patience has gone by without an answer, the player says so and
/// offers a restart, which asks the question again of a new worker. (This
/// test page serves no worker script, so no worker ever answers here: the
/// robots' opening lead waits until each new worker's patience is out.)
#[wasm_bindgen_test]
async fn a_solver_that_stops_answering_is_offered_a_restart() {
    let database = database_name("late-solver");
    let board = local_board();
    seed_boards(database, std::slice::from_ref(&board)).await;
    let root = mount_with(&format!("/play/{}", board.id.0), late_props(database)).await;
    click(&wait_for(&root, "button.play-declarer").await);
    wait_for(&root, "section.game[data-state='waiting']").await;
    assert!(root.query_selector(".solver-late").expect("valid").is_none(), "no notice while the answer may come");

    restart_when_late(&root, "game-solver-late").await;
    assert!(root.query_selector(".solver-failed").expect("valid").is_none(), "the old worker's end is no failure");
    assert!(root.query_selector("section.game[data-state='waiting']").expect("valid").is_some(), "the game waits on");
    // The new worker does not answer either: the notice comes back. This
    // time the question was the game's own (the first was the opening lead
    // asked while the learner read the auction), and restarting again ends
    // the worker it waited on: no failure either.
    restart_when_late(&root, "game-solver-late").await;
    assert!(root.query_selector(".solver-failed").expect("valid").is_none(), "the old worker's end is no failure");
}

/// The board page's table does not wait for ever on a worker that stopped
/// answering: once the solver's patience has gone by, the page says so and
/// offers a restart, which asks the new worker.
#[wasm_bindgen_test]
async fn a_table_the_solver_does_not_answer_is_offered_a_restart() {
    let database = database_name("late-table");
    let board = local_board();
    seed_boards(database, std::slice::from_ref(&board)).await;
    let root = mount_with(&format!("/boards/{}", board.id.0), late_props(database)).await;
    click(&wait_for(&root, "button.solve-deal").await);
    wait_for(&root, ".dd-analysis .dd-solving").await;
    assert!(root.query_selector(".solver-late").expect("valid").is_none(), "no notice while the table may come");

    restart_when_late(&root, "dd-late").await;
    assert!(root.query_selector(".dd-analysis .dd-solving").expect("valid").is_some(), "the table is asked again");
    assert!(root.query_selector(".dd-analysis .error").expect("valid").is_none(), "the old worker's end is no failure");
    // The new worker's request, not the old one's, gets the notice again.
    wait_for(&root, ".dd-analysis .solver-late").await;
    assert!(root.query_selector(".dd-analysis .error").expect("valid").is_none(), "still no failure");
}

/// A finished game's review waits for the board's table; a worker that
/// does not answer gets the same notice and restart as during the play,
/// instead of "the solver is working" for ever.
#[wasm_bindgen_test]
async fn a_review_whose_table_does_not_come_offers_a_restart() {
    let database = database_name("late-review");
    let board = local_board();
    let store = seed_boards(database, std::slice::from_ref(&board)).await;
    put_a_game(&store, &board, &common::finished_game_of(&board, 7)).await;
    let root = mount_with(&format!("/play/{}", board.id.0), late_props(database)).await;
    wait_for(&root, "section.game-end .dd-solving").await;
    assert!(root.query_selector(".solver-late").expect("valid").is_none(), "no notice while the table may come");

    restart_when_late(&root, "game-solver-late").await;
    assert!(root.query_selector(".solver-failed").expect("valid").is_none(), "the old worker's end is no failure");
    assert!(root.query_selector("section.game-end .dd-solving").expect("valid").is_some(), "the review waits on");
    // The new worker's table request gets the notice again.
    wait_for(&root, ".solver-late").await;
}

/// A worker that does not start (this test page serves no worker script)
/// is given up after its time to start, and each page says so with a
/// retry, which starts a new one: the deal page's table, and a finished
/// game's table in its review.
#[wasm_bindgen_test]
async fn a_worker_that_does_not_start_is_said_so_with_a_retry() {
    let database = database_name("no-worker");
    let board = local_board();
    let store = seed_boards(database, std::slice::from_ref(&board)).await;
    put_a_game(&store, &board, &common::finished_game_of(&board, 7)).await;
    let times = SolverTimes { ready: Duration::from_millis(1500), patience: Duration::from_secs(60) };
    let strings = AppStrings::load(Language::English);

    let root = mount_with(&format!("/boards/{}", board.id.0), AppProps { database, solver_times: times }).await;
    click(&wait_for(&root, "button.solve-deal").await);
    wait_for(&root, ".dd-analysis .dd-solving").await;
    let unavailable = wait_for(&root, ".dd-analysis .dd-unavailable").await;
    assert!(unavailable.text_content().unwrap_or_default().contains(&strings.get("dd-unavailable")));
    click(&unavailable.query_selector("button.solve-deal").expect("valid").expect("a retry"));
    wait_for(&root, ".dd-analysis .dd-solving").await;
    wait_for(&root, ".dd-analysis .dd-unavailable").await;

    // The finished game's review asks for the board's table.
    let root = mount_with(&format!("/play/{}", board.id.0), AppProps { database, solver_times: times }).await;
    wait_for(&root, "section.game-end").await;
    let alert = wait_for(&root, ".solver-unavailable").await;
    assert!(alert.text_content().unwrap_or_default().contains(&strings.get("game-solver-unavailable")));
    click(&alert.query_selector("button.retry").expect("valid").expect("a retry"));
    yew::platform::time::sleep(Duration::from_millis(100)).await;
    assert!(root.query_selector(".solver-unavailable").expect("valid").is_none(), "asked again of a new worker");
    wait_for(&root, ".solver-unavailable").await;
}
