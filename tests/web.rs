//! The app in a real browser (headless Chromium through wasm-bindgen-test):
//! mount it on an element and read what it shows.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use bridge::{Deal, Seat};
use bridge_training::store::{Hooks, Store};
use bridge_training::{App, AppProps, SAMPLE_DEAL};
use training::{read_board_record, Board, Ownership, Timestamp, UserId};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// Mounts the app at the route `hash` on a new element, with a database of
/// its own, and waits for it to render.
async fn mount_at(hash: &str, database: &'static str) -> web_sys::Element {
    let window = web_sys::window().expect("a browser page has a window");
    window.location().set_hash(hash).expect("the hash can be set");
    let document = window.document().expect("a browser page has a document");
    let root = document.create_element("div").expect("a div can be created");
    document.body().expect("the test page has a body").append_child(&root).expect("the div can be attached");
    yew::Renderer::<App>::with_root_and_props(root.clone(), AppProps { database }).render();
    yew::platform::time::sleep(Duration::from_millis(50)).await;
    root
}

async fn mount() -> web_sys::Element {
    mount_at("/sample", "web-sample").await
}

/// Waits up to two seconds for `selector` to match inside `root`.
async fn wait_for(root: &web_sys::Element, selector: &str) -> web_sys::Element {
    for _ in 0..100 {
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

fn click(element: &web_sys::Element) {
    element.dyn_ref::<web_sys::HtmlElement>().expect("an HTML element").click();
}

#[wasm_bindgen_test]
async fn a_stored_board_is_listed_opens_and_goes_to_the_trash_and_back() {
    let database = database_name("boards");
    let mut board = fixture_board();
    // The boards of this device belong to its local user; only they can be trashed.
    board.owner = Ownership::User { user_id: UserId("local".to_owned()) };
    let store = Store::open(database, Hooks::default()).await.expect("the store opens");
    store.put_board(&board, Timestamp(1)).await.expect("the board is stored");

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

    // To the trash: gone from the list, kept in the store with its deletion time.
    web_sys::window().expect("a window").location().set_hash("/").expect("the hash can be set");
    let row = wait_for(&root, &format!(".board-row[data-code='{}']", board.code())).await;
    click(&wait_for(&row, "button.to-trash").await);
    yew::platform::time::sleep(Duration::from_millis(100)).await;
    assert!(root.query_selector(".board-row").expect("a valid selector").is_none(), "the trashed board is hidden");
    let stored = store.load_boards().await.expect("the boards load").items;
    assert!(stored.iter().all(Board::is_deleted), "the trash is stored: {stored:?}");

    // And back.
    click(&wait_for(&root, "button.view-trash").await);
    let row = wait_for(&root, &format!(".board-row[data-code='{}']", board.code())).await;
    click(&wait_for(&row, "button.restore").await);
    yew::platform::time::sleep(Duration::from_millis(100)).await;
    let stored = store.load_boards().await.expect("the boards load").items;
    assert!(stored.iter().all(|board| !board.is_deleted()), "the restore is stored: {stored:?}");
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
    for _ in 0..100 {
        if next_visit.text_content().unwrap_or_default().contains("Donneur") {
            return;
        }
        yew::platform::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the next visit is not in French: {:?}", next_visit.text_content());
}
