//! The components in a real browser (headless Chromium through wasm-bindgen-test).
#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use bridge::{Auction, BySeat, Call, Card, Hand, Seat, Trick};
use ui::{
    BidBox, BidBoxProps, DdTableView, DdTableViewProps, DealDiagram, DealDiagramProps, DeckPicker, DeckPickerProps,
    HandView, HandViewProps, TrickView, TrickViewProps,
};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::wasm_bindgen::JsCast;
use yew::{BaseComponent, Callback};

wasm_bindgen_test_configure!(run_in_browser);

/// Mounts `component` with `props` on a new element and waits for it to render.
async fn mount<C: BaseComponent>(props: C::Properties) -> web_sys::Element {
    let document = web_sys::window().and_then(|window| window.document()).expect("a document");
    let root = document.create_element("div").expect("a div");
    document.body().expect("a body").append_child(&root).expect("attached");
    yew::Renderer::<C>::with_root_and_props(root.clone(), props).render();
    yew::platform::time::sleep(Duration::from_millis(30)).await;
    root
}

fn calls(spelled: &str) -> Vec<Call> {
    spelled.split_whitespace().map(|call| call.parse().expect("a test call")).collect()
}

#[wasm_bindgen_test]
async fn the_bid_box_enables_exactly_the_legal_calls_and_reports_the_one_clicked() {
    let auction = Auction::from_calls(Seat::North, calls("1NT Pass")).expect("a legal auction");
    let clicked = Rc::new(RefCell::new(Vec::new()));
    let on_call = {
        let clicked = clicked.clone();
        Callback::from(move |call: Call| clicked.borrow_mut().push(call))
    };
    let root = mount::<BidBox>(BidBoxProps { auction: auction.clone(), on_call }).await;

    let buttons = root.query_selector_all("button[data-call]").expect("a valid selector");
    assert_eq!(buttons.length(), 38, "35 bids, Pass, X and XX");
    for idx in 0..buttons.length() {
        let button = buttons.item(idx).expect("a button").dyn_into::<web_sys::Element>().expect("an element");
        let call: Call = button.get_attribute("data-call").expect("a call").parse().expect("a PBN call");
        let enabled = !button.has_attribute("disabled");
        assert_eq!(enabled, auction.legal_calls().contains(&call), "{call} enabled: {enabled}");
    }
    let click = |spelling: &str| {
        let button = root.query_selector(&format!("button[data-call='{spelling}']")).expect("valid").expect("shown");
        button.dyn_into::<web_sys::HtmlElement>().expect("an HTML element").click();
    };
    click("1NT");
    click("XX");
    click("2C");
    assert_eq!(*clicked.borrow(), calls("2C"), "only the legal call is reported");
}

#[wasm_bindgen_test]
async fn a_complete_auction_leaves_nothing_to_call() {
    let auction = Auction::from_calls(Seat::East, calls("Pass Pass Pass Pass")).expect("a passed-out auction");
    let root = mount::<BidBox>(BidBoxProps { auction, on_call: Callback::noop() }).await;
    assert_eq!(root.query_selector_all("button:not([disabled])").expect("valid").length(), 0);
}

#[wasm_bindgen_test]
async fn a_trick_shows_each_card_in_its_seat_and_the_winner() {
    let cards: Vec<Card> = ["SK", "SA", "S2", "H3"].iter().map(|card| card.parse().expect("a card")).collect();
    let trick = Trick { leader: Seat::West, cards: cards.clone() };
    let root = mount::<TrickView>(TrickViewProps { trick, winner: Some(Seat::North) }).await;
    for (seat, card) in [Seat::West, Seat::North, Seat::East, Seat::South].into_iter().zip(&cards) {
        let place = root
            .query_selector(&format!(".trick-card[data-seat='{}']", seat.to_char()))
            .expect("valid")
            .expect("every seat has a place");
        assert_eq!(place.get_attribute("data-card"), Some(card.to_string()), "{seat}");
    }
    let winner = root.query_selector(".winner").expect("valid").expect("the winner is marked");
    assert_eq!(winner.get_attribute("data-seat").as_deref(), Some("N"));
    // Read by its seat and card, not by its symbol.
    assert_eq!(winner.get_attribute("aria-label").as_deref(), Some("North: spades A"));
}

#[wasm_bindgen_test]
async fn the_dd_table_puts_each_number_under_its_seat_and_strain() {
    let tricks = BySeat([[9, 8, 7, 6, 10], [3, 4, 5, 6, 2], [9, 8, 7, 6, 10], [4, 5, 6, 7, 3]]);
    let root = mount::<DdTableView>(DdTableViewProps { tricks }).await;
    for seat in Seat::ALL {
        for (idx, strain) in ['C', 'D', 'H', 'S', 'N'].into_iter().enumerate() {
            let cell = root
                .query_selector(&format!("td[data-seat='{}'][data-strain='{strain}']", seat.to_char()))
                .expect("valid")
                .expect("every cell is shown");
            assert_eq!(cell.text_content().unwrap_or_default(), tricks[seat][idx].to_string(), "{seat} {strain}");
        }
    }
}

fn hand(cards: &str) -> Hand {
    cards.parse().expect("a PBN hand")
}

/// Clicks the element of `root` matching `selector`.
fn click(root: &web_sys::Element, selector: &str) {
    let element =
        root.query_selector(selector).expect("a valid selector").unwrap_or_else(|| panic!("{selector} shown"));
    element.dyn_into::<web_sys::HtmlElement>().expect("an HTML element").click();
}

#[wasm_bindgen_test]
async fn only_the_playable_cards_of_a_hand_are_buttons_and_a_click_reports_the_card() {
    let clicked = Rc::new(RefCell::new(Vec::new()));
    let on_card = {
        let clicked = clicked.clone();
        Callback::from(move |card: Card| clicked.borrow_mut().push(card))
    };
    let props = HandViewProps { seat: Seat::West, hand: hand("AK2.T3..QJ"), playable: hand("AK2..."), on_card };
    let root = mount::<HandView>(props).await;
    let buttons = root.query_selector_all("button[data-card]").expect("valid");
    let playable: Vec<String> = (0..buttons.length())
        .map(|idx| buttons.item(idx).and_then(|node| node.dyn_into::<web_sys::Element>().ok()).expect("an element"))
        .map(|button| button.get_attribute("data-card").expect("a card"))
        .collect();
    assert_eq!(playable, ["SA", "SK", "S2"]);
    assert_eq!(root.query_selector_all("[data-card]").expect("valid").length(), 7, "every card is shown");
    let ten = root.query_selector("[data-card='HT']").expect("valid").expect("the ten of hearts");
    assert_eq!(ten.text_content().as_deref(), Some("10"));
    // A playable card is named by the whole card; each suit's symbol by the suit.
    let king = root.query_selector("button[data-card='SK']").expect("valid").expect("the king of spades");
    assert_eq!(king.get_attribute("aria-label").as_deref(), Some("spades K"));
    let symbol = root.query_selector("[data-suit='H'] [role='img']").expect("valid").expect("the hearts' symbol");
    assert_eq!(symbol.get_attribute("aria-label").as_deref(), Some("hearts"));
    click(&root, "[data-card='HT']");
    click(&root, "[data-card='SK']");
    assert_eq!(
        *clicked.borrow(),
        vec!["SK".parse::<Card>().expect("a card")],
        "a card that is not playable does nothing"
    );
}

#[wasm_bindgen_test]
async fn the_deck_picker_marks_each_holder_and_reports_seats_and_cards() {
    let mut hands = BySeat::<Hand>::default();
    hands[Seat::North] = hand("AKQ...");
    hands[Seat::East] = hand(".2..");
    let selected = Rc::new(RefCell::new(Vec::new()));
    let cards = Rc::new(RefCell::new(Vec::new()));
    let props = DeckPickerProps {
        hands,
        selected: Seat::North,
        on_select: {
            let selected = selected.clone();
            Callback::from(move |seat| selected.borrow_mut().push(seat))
        },
        on_card: {
            let cards = cards.clone();
            Callback::from(move |card| cards.borrow_mut().push(card))
        },
    };
    let root = mount::<DeckPicker>(props).await;
    assert_eq!(root.query_selector_all(".deck-card").expect("valid").length(), 52);
    let holder = |card: &str| {
        let button = root.query_selector(&format!(".deck-card[data-card='{card}']")).expect("valid").expect("shown");
        (button.get_attribute("data-holder"), button.get_attribute("aria-pressed"))
    };
    assert_eq!(holder("SQ"), (Some("N".to_owned()), Some("true".to_owned())));
    assert_eq!(holder("H2"), (Some("E".to_owned()), Some("false".to_owned())));
    assert_eq!(holder("C2"), (None, Some("false".to_owned())));
    let north = root.query_selector(".deck-seat[data-seat='N']").expect("valid").expect("a tab");
    assert_eq!(north.get_attribute("aria-selected").as_deref(), Some("true"));
    assert!(north.text_content().unwrap_or_default().contains("3/13"), "the tab counts the cards");
    click(&root, ".deck-seat[data-seat='W']");
    click(&root, ".deck-card[data-card='DA']");
    assert_eq!(*selected.borrow(), vec![Seat::West]);
    assert_eq!(*cards.borrow(), vec!["DA".parse::<Card>().expect("a card")]);
}

#[wasm_bindgen_test]
async fn the_compact_diagram_writes_each_hand_on_one_line() {
    let deal: bridge::Deal =
        "N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 543.542.763.7654 76.AT76.JT98.A98".parse().expect("a deal");
    let props = DealDiagramProps {
        deal,
        dealer: Seat::East,
        vulnerability: bridge::Vulnerability::Both,
        playable: Hand::EMPTY,
        on_card: Callback::noop(),
        compact: true,
    };
    let root = mount::<DealDiagram>(props).await;
    let line = |seat: char| {
        root.query_selector(&format!(".compact-hand[data-seat='{seat}']"))
            .expect("valid")
            .and_then(|hand| hand.text_content())
            .expect("every seat has a line")
    };
    assert_eq!(line('N'), "♠AKQ2♥KQ3♦A54♣K32");
    assert_eq!(line('W'), "♠76♥A1076♦J1098♣A98");
    assert_eq!(root.query_selector_all("button").expect("valid").length(), 0, "nothing to click");
    let caption = root.query_selector("figcaption").expect("valid").and_then(|c| c.text_content()).unwrap_or_default();
    assert_eq!(caption, "Dealer East · Vulnerable All");
}
