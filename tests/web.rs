//! The app in a real browser (headless Chromium through wasm-bindgen-test):
//! mount it on an element and read what it shows.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use bridge::{Deal, Seat};
use bridge_training::{App, SAMPLE_DEAL};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// Mounts the app on a new element and waits for it to render.
async fn mount() -> web_sys::Element {
    let document = web_sys::window().and_then(|window| window.document()).expect("a browser page has a document");
    let root = document.create_element("div").expect("a div can be created");
    document.body().expect("the test page has a body").append_child(&root).expect("the div can be attached");
    yew::Renderer::<App>::with_root(root.clone()).render();
    yew::platform::time::sleep(Duration::from_millis(50)).await;
    root
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
