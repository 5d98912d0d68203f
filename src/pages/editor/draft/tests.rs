use bridge::{Call, Card, Seat};
use training::{gate, Ownership, Sharing, Timestamp, UserId};

use super::*;

const DEAL: &str = "N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 543.542.763.7654 76.AT76.JT98.A98";

fn calls(spelled: &str) -> Vec<Call> {
    spelled.split_whitespace().map(|call| call.parse().expect("a test call")).collect()
}

fn card(spelled: &str) -> Card {
    spelled.parse().expect("a test card")
}

fn owner() -> Ownership {
    Ownership::User { user_id: UserId("local".to_owned()) }
}

/// A draft of a whole board: deal, auction, two cards, comments in both languages.
fn full_draft() -> Draft {
    let mut draft = Draft { deal_text: DEAL.to_owned(), dealer: Seat::North, ..Draft::default() };
    for call in calls("1NT Pass 3NT Pass Pass Pass") {
        draft.push_call(call);
    }
    draft.call_comments[0] = Texts(["Strong notrump".to_owned(), "SA fort".to_owned()]);
    draft.push_card(card("SJ"));
    draft.push_card(card("S3"));
    draft.card_comments[0] = Texts(["Fourth best".to_owned(), "4e meilleure".to_owned()]);
    draft.review = Texts(["Count the tricks".to_owned(), "Comptez les levées".to_owned()]);
    draft.name = " Nine tricks ".to_owned();
    draft.level = Some(2);
    draft.auction_system = "SEF".to_owned();
    draft.toggle_theme(true, "hold_up");
    draft.toggle_theme(false, "opening");
    draft.user_themes = "counting, , entries".to_owned();
    draft
}

#[test]
fn cards_clicked_into_seats_make_a_deal_and_the_fourth_hand_completes_it() {
    let mut draft = Draft::default();
    assert_eq!(draft.loose_hands(), Some(BySeat::default()));
    let full: Deal = DEAL.parse().expect("a test deal");
    for seat in [Seat::North, Seat::East, Seat::South] {
        for card in full.hand(seat).iter() {
            draft.toggle_card(seat, card);
        }
    }
    assert_eq!(draft.deal(), Ok(full), "three hands of 13 cards, the fourth completed");

    // A card clicked for another seat moves there; clicked again, it goes back to the deck.
    draft.toggle_card(Seat::West, card("SA"));
    assert!(draft.loose_hands().expect("readable")[Seat::West].contains(card("SA")));
    assert!(!draft.loose_hands().expect("readable")[Seat::North].contains(card("SA")));
    draft.toggle_card(Seat::West, card("SA"));
    assert!(draft.loose_hands().expect("readable").0.iter().all(|hand| !hand.contains(card("SA"))));

    // A full hand takes no fourteenth card.
    let before = draft.deal_text.clone();
    draft.toggle_card(Seat::East, card("SA"));
    assert_eq!(draft.deal_text, before);
}

#[test]
fn taking_back_every_card_empties_the_text_and_unreadable_text_is_left_alone() {
    let mut draft = Draft::default();
    draft.toggle_card(Seat::South, card("H5"));
    assert_eq!(draft.deal_text, "N:- - ...5 -".replace("...5", ".5.."));
    draft.toggle_card(Seat::South, card("H5"));
    assert_eq!(draft.deal_text, "");

    draft.deal_text = "N:AKQ2.KQ3.A54.K32 nonsense".to_owned();
    assert_eq!(draft.loose_hands(), None);
    draft.toggle_card(Seat::North, card("C2"));
    assert_eq!(draft.deal_text, "N:AKQ2.KQ3.A54.K32 nonsense", "the typed text is not lost");
}

#[test]
fn the_play_follows_the_contract_and_a_card_that_no_longer_fits_is_reported() {
    let mut draft = full_draft();
    let state = draft.play_state().expect("a contract and a deal");
    assert_eq!(state.broken, None);
    assert_eq!(state.play.next_player(), Some(Seat::West), "East led, South followed, West is next");

    // The same cards after a change of declarer: East no longer leads.
    while !draft.calls.is_empty() {
        draft.pop_call();
    }
    assert!(draft.call_comments.is_empty(), "the comments go with their calls");
    for call in calls("Pass 1S Pass Pass Pass") {
        draft.push_call(call);
    }
    let state = draft.play_state().expect("still a contract");
    let broken = state.broken.expect("East declares now: South leads, not East");
    assert_eq!(broken.index, 0);
    assert_eq!(draft.play.len(), 2, "the cards stay until the teacher drops them");
    draft.truncate_play(broken.index);
    assert!(draft.play.is_empty() && draft.card_comments.is_empty());
}

#[test]
fn no_play_before_the_auction_ends_with_a_contract() {
    let mut draft = Draft { deal_text: DEAL.to_owned(), ..Draft::default() };
    draft.push_call("1NT".parse().expect("a call"));
    assert_eq!(draft.play_state(), None);
    for call in calls("Pass Pass Pass") {
        draft.push_call(call);
    }
    assert!(draft.play_state().is_some());
    let passed_out = Draft { deal_text: DEAL.to_owned(), calls: calls("Pass Pass Pass Pass"), ..Draft::default() };
    assert_eq!(passed_out.play_state(), None);
}

#[test]
fn a_new_board_passes_the_gate_with_everything_typed() {
    let draft = full_draft();
    let board_draft = draft.to_board_draft(None, "ABCDEFGH", owner()).expect("a deal");
    assert_eq!(board_draft.id.0, "b-ABCDEFGH");
    assert_eq!(board_draft.player, Some(Seat::North), "the learner plays declarer");
    assert_eq!(board_draft.metadata.user_themes, ["counting", "entries"]);
    assert_eq!(board_draft.metadata.name, "Nine tricks");
    let gated = gate(board_draft, Some("ABCDEFGH"), Timestamp(1), None).expect("a valid board");
    let board = gated.board;
    assert_eq!(board.game().play().len(), 2);
    assert_eq!(board.game().call_comments().len(), 6);
    assert_eq!(board.metadata.play_themes, ["hold_up"]);
    assert_eq!(board.metadata.auction_system, "SEF");
}

#[test]
fn an_edited_board_keeps_what_the_editor_does_not_show() {
    let draft = full_draft();
    let board_draft = draft.to_board_draft(None, "ABCDEFGH", owner()).expect("a deal");
    let mut board = gate(board_draft, Some("ABCDEFGH"), Timestamp(1), None).expect("a valid board").board;
    board.metadata.inspirations = vec!["Kantar".to_owned()];
    board.metadata.sharing = Sharing::Public;

    // Read back into the editor, then saved unchanged: the same board.
    let mut again = Draft::from_board(&board);
    assert_eq!(again.editing.as_deref(), Some(board.id.0.as_str()));
    assert_eq!(again.call_comments[0].0[1], "SA fort");
    let redrafted = again.to_board_draft(Some(&board), "IGNORED1", owner()).expect("a deal");
    let regated = gate(redrafted, Some(board.code()), Timestamp(1), None).expect("still valid").board;
    assert_eq!(regated, board);

    // A change of name keeps the inspirations, the sharing and the code.
    again.name = "Renamed".to_owned();
    let redrafted = again.to_board_draft(Some(&board), "IGNORED1", owner()).expect("a deal");
    assert_eq!(redrafted.code, board.code());
    assert_eq!(redrafted.metadata.inspirations, ["Kantar"]);
    assert_eq!(redrafted.metadata.sharing, Sharing::Public);
}

#[test]
fn a_draft_stored_by_the_first_editor_still_reads() {
    // The first editor stored only these fields.
    let first = Draft {
        name: "Old".to_owned(),
        level: Some(3),
        review: Texts(["Plan".to_owned(), String::new()]),
        ..Draft::default()
    };
    let mut stored = serde_json::to_value(&first).expect("a draft serializes");
    let object = stored.as_object_mut().expect("an object");
    for later in [
        "editing",
        "play",
        "card_comments",
        "auction_system",
        "auction_themes",
        "play_themes",
        "user_themes",
        "sharing",
    ] {
        assert!(object.remove(later).is_some(), "{later} is a field");
    }
    let draft: Draft = serde_json::from_value(stored).expect("an old draft");
    assert_eq!(draft, first);
}

#[test]
fn another_dealer_keeps_the_calls_and_turns_the_declarer() {
    let mut draft = full_draft();
    assert_eq!(draft.contract().map(|(_, declarer)| declarer), Some(Seat::North));
    draft.dealer = Seat::East;
    assert_eq!(draft.contract().map(|(_, declarer)| declarer), Some(Seat::East), "1NT is now East's");
    assert_eq!(draft.call_comments[0].0[0], "Strong notrump", "the comments stay with their calls");
    let broken = draft.play_state().and_then(|state| state.broken).expect("South now leads, not East");
    assert_eq!(broken.index, 0);
}

#[test]
fn the_teaching_mode_is_chosen_by_name_and_goes_to_the_board() {
    let mut draft = full_draft();
    assert_eq!(draft.teaching_mode, TeachingMode::Full);
    // The goal starts at the contract's target: nine tricks for 3NT.
    draft.set_teaching_mode("show_trump_and_goal");
    assert_eq!(draft.teaching_mode, TeachingMode::ShowTrumpAndGoal { tricks: 9 });
    draft.teaching_mode = TeachingMode::ShowTrumpAndGoal { tricks: 10 };
    draft.set_teaching_mode("show_trump_and_goal");
    assert_eq!(draft.teaching_mode, TeachingMode::ShowTrumpAndGoal { tricks: 10 }, "a goal set is kept");
    draft.set_teaching_mode("no such mode");
    assert_eq!(draft.teaching_mode, TeachingMode::ShowTrumpAndGoal { tricks: 10 }, "an unknown name changes nothing");
    draft.set_teaching_mode("minibridge");
    let board = draft.to_board_draft(None, "AbCd2345", owner()).expect("a complete deal");
    assert_eq!(board.metadata.teaching_mode, TeachingMode::Minibridge);
    // North holds 21 of the 40 points: North declares; the gate drops the auction and play.
    let (declarer, points) = draft.minibridge().expect("a complete deal");
    assert_eq!((declarer, points[Seat::North], points[Seat::South]), (Seat::North, 21, 0));
    let gated = gate(board, None, Timestamp(1), None).expect("a minibridge board");
    assert!(gated.board.game().auction().calls().is_empty());
    assert_eq!(Draft::from_board(&gated.board).teaching_mode, TeachingMode::Minibridge);
}

#[test]
fn a_deal_typed_with_french_honours_or_tens_reads_as_pbn() {
    let typed = |text: &str| Draft { deal_text: text.to_owned(), ..Draft::default() };
    let english = typed("N:AKQJ.T98.765.432 - - -");
    for text in ["N:ARDV.1098.765.432 - - -", "N:AKQJ.1098.765.432 - - -", "N:ARDV.T98.765.432 - - -"] {
        assert_eq!(typed(text).loose_hands(), english.loose_hands(), "{text}");
    }
    let french = typed("S:ARDV.1098.765.432 10987.ARD.ARD.ARD 6543.V76.V109.V109 -");
    let pbn = typed("S:AKQJ.T98.765.432 T987.AKQ.AKQ.AKQ 6543.J76.JT9.JT9 -");
    assert_eq!(french.deal(), pbn.deal());
    assert!(french.deal().is_ok(), "three hands, the fourth completed");
    assert!(typed("N:AKQX.T98.765.432 - - -").deal().is_err(), "a letter that is no rank still fails");
}
