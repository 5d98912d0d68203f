//! Which of the teacher's comments on cards a learner reads as the play goes on.

use bridge::{Card, Play, Seat, Strain};
use serde_json::{json, Value};
use training::{read_board_record, Board, Locale};

const BOARD_V2: &str = include_str!("../data/board-record-v2.json");

fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

/// The version 2 fixture (3NT by South; its recorded first trick ♠J ♠6 ♠3
/// ♠2, West leading), with comments on West's ♠J and South's ♠2.
fn board() -> Board {
    let mut json: Value = serde_json::from_str(BOARD_V2).expect("the fixture is JSON");
    let paragraph =
        |text: &str| json!({ "blocks": [{ "kind": "paragraph", "content": [{ "kind": "text", "value": text }] }] });
    json["play"][0]["comment"] = json!({ "en": paragraph("A top of sequence"), "fr": paragraph("Tête de séquence") });
    json["play"][3]["comment"] = json!({ "en": paragraph("Duck"), "fr": paragraph("Laissez passer") });
    read_board_record(&json).expect("the fixture reads")
}

/// The comments shown to a learner declaring South (South and North's cards).
fn shown(board: &Board, play: &Play) -> Vec<(Card, String)> {
    let locale: Locale = "en".parse().expect("a locale");
    board
        .game()
        .comments_shown(play, |seat| seat.side() == Seat::South.side())
        .into_iter()
        .map(|(card, comment)| (card, comment.for_reader(&locale).expect("English").to_plain(&locale)))
        .collect()
}

#[test]
fn a_comment_shows_from_its_card_until_the_learner_plays_again() {
    let board = board();
    let mut play = Play::new(*board.game().deal(), Strain::NoTrump, Seat::West);
    assert_eq!(shown(&board, &play), [], "no card, no comment");
    play.play(card("SJ")).expect("West leads");
    assert_eq!(shown(&board, &play), [(card("SJ"), "A top of sequence".to_owned())], "the opening lead's");
    play.play(card("S6")).expect("dummy plays");
    assert_eq!(shown(&board, &play), [], "the learner played from dummy since");
    play.play(card("S3")).expect("East follows");
    play.play(card("S2")).expect("South ducks");
    assert_eq!(shown(&board, &play), [(card("S2"), "Duck".to_owned())], "the learner's own card's");
    // West won the trick; the comment stays while the next one begins.
    play.play(card("ST")).expect("West leads again");
    assert_eq!(shown(&board, &play), [(card("S2"), "Duck".to_owned())], "until the learner plays again");
}

#[test]
fn a_card_has_its_comment_only_in_the_trick_the_recorded_play_has_it() {
    let board = board();
    let mut play = Play::new(*board.game().deal(), Strain::NoTrump, Seat::West);
    for text in ["S9", "S7", "S5", "SA"] {
        play.play(card(text)).expect("the first trick, South winning");
    }
    play.play(card("SK")).expect("South leads");
    play.play(card("SJ")).expect("West follows with the card commented in the first trick");
    assert_eq!(shown(&board, &play), [], "the ♠J's comment is about the first trick");
}
