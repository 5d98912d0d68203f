//! The play: following suit, trick winners with and without trumps, the next
//! leader, tricks won, and replay errors.

use std::path::PathBuf;

use bridge::{legal_cards, winning_index, BySeat, Card, Deal, Hand, Play, Seat, Side, Strain, Suit, Trick};
use expect_test::{expect, Expect};

const DEAL: &str = "N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654";

/// Replays `cards` (space-separated) on `deal` in `trump` from `leader` and
/// describes the result: the error, or the tricks won, who plays next and
/// what they may play.
#[track_caller]
fn check(deal: &str, trump: Strain, leader: Seat, cards: &str, expect: Expect) {
    let actual = describe(deal, trump, leader, cards);
    expect.assert_eq(&actual);
}

fn describe(deal: &str, trump: Strain, leader: Seat, cards: &str) -> String {
    let deal: Deal = deal.parse().expect("test deals are valid");
    let cards: Vec<Card> = cards.split_whitespace().map(|card| card.parse().expect("test cards are valid")).collect();
    let play = match Play::replay(deal, trump, leader, cards) {
        Ok(play) => play,
        Err(err) => return format!("error: {err}"),
    };
    let tricks = format!(
        "{} tricks, NS {} EW {}",
        play.tricks().len(),
        play.tricks_won(Side::NorthSouth),
        play.tricks_won(Side::EastWest)
    );
    match play.next_player() {
        None => format!("{tricks}, over"),
        Some(seat) => format!("{tricks}, {seat} to play: {}", cards_text(play.legal_cards())),
    }
}

fn cards_text(hand: Hand) -> String {
    hand.iter().map(|card| card.to_string()).collect::<Vec<String>>().join(" ")
}

#[test]
fn following_suit() {
    use Seat::{East, North};
    check(
        DEAL,
        Strain::NoTrump,
        East,
        "",
        expect!["0 tricks, NS 0 EW 0, E to play: SJ ST S9 S8 HJ H9 H8 DK DQ D2 CQ CJ CT"],
    );
    check(DEAL, Strain::NoTrump, East, "SJ", expect!["0 tricks, NS 0 EW 0, S to play: S7 S6"]);
    check(DEAL, Strain::NoTrump, North, "DA D2 D8", expect!["0 tricks, NS 0 EW 0, W to play: D7 D6 D3"]);
    check(
        DEAL,
        Strain::NoTrump,
        North,
        "DA D2 D8 D3",
        expect!["1 tricks, NS 1 EW 0, N to play: SA SK SQ S2 HK HQ H3 D5 D4 CK C3 C2"],
    );
    // North has no club: any card.
    let void = "N:AJT973.T43.AJ43. 62.J86.KQ82.A643 K4.KQ72.765.K987 Q85.A95.T9.QJT52";
    check(
        void,
        Strain::Spades,
        East,
        "CA C7 C2",
        expect!["0 tricks, NS 0 EW 0, N to play: SA SJ ST S9 S7 S3 HT H4 H3 DA DJ D4 D3"],
    );
}

#[test]
fn replay_errors() {
    use Seat::{East, North, South};
    check(DEAL, Strain::NoTrump, East, "SJ H2", expect!["error: card 2 of the play (H2): S does not hold H2"]);
    check(DEAL, Strain::NoTrump, East, "SA", expect!["error: card 1 of the play (SA): E does not hold SA"]);
    check(
        DEAL,
        Strain::NoTrump,
        East,
        "SJ HA",
        expect!["error: card 2 of the play (HA): revoke: S plays HA but holds a card of the suit led (S)"],
    );
    check(
        DEAL,
        Strain::NoTrump,
        North,
        "DA D2 D8 S3",
        expect!["error: card 4 of the play (S3): revoke: W plays S3 but holds a card of the suit led (D)"],
    );
    check(
        DEAL,
        Strain::NoTrump,
        North,
        "DA D2 D8 D3 DA",
        expect!["error: card 5 of the play (DA): DA was already played"],
    );
    check(
        DEAL,
        Strain::NoTrump,
        South,
        "C8 C4 CK CQ",
        expect!["1 tricks, NS 1 EW 0, N to play: SA SK SQ S2 HK HQ H3 DA D5 D4 C3 C2"],
    );
    // The error names the card's index in the whole record.
    let record = "C8 C4 CK CQ C3 CJ CA C5 C9 C6 C2 CT";
    check(
        DEAL,
        Strain::NoTrump,
        South,
        record,
        expect!["3 tricks, NS 2 EW 1, E to play: SJ ST S9 S8 HJ H9 H8 DK DQ D2"],
    );
    let err = Play::replay(DEAL.parse().unwrap(), Strain::NoTrump, South, cards(&format!("{record} SJ S7 S3 SA SA")))
        .unwrap_err();
    assert_eq!(err.index, 16);
    assert_eq!(err.error, bridge::PlayError::AlreadyPlayed { card: "SA".parse().unwrap() });
}

#[test]
fn play_after_the_end() {
    let deal = "N:A... K... Q... J...";
    check(deal, Strain::NoTrump, Seat::West, "SJ SA SK SQ", expect!["1 tricks, NS 1 EW 0, over"]);
    check(
        deal,
        Strain::NoTrump,
        Seat::West,
        "SJ SA SK SQ SJ",
        expect!["error: card 5 of the play (SJ): the play is over; SJ cannot follow"],
    );
    check(
        deal,
        Strain::NoTrump,
        Seat::West,
        "SJ SA SK SQ H2",
        expect!["error: card 5 of the play (H2): the play is over; H2 cannot follow"],
    );
}

#[test]
fn tricks_with_and_without_trumps() {
    let deal = "N:A2... .K2.. ..2.3 K..3.";
    // West leads the king of spades: North's ace wins in notrump.
    check(deal, Strain::NoTrump, Seat::West, "SK SA HK C3", expect!["1 tricks, NS 1 EW 0, N to play: S2"]);
    // With hearts trumps, East ruffs.
    check(deal, Strain::Hearts, Seat::West, "SK SA HK C3", expect!["1 tricks, NS 0 EW 1, E to play: H2"]);
    // With clubs trumps, South's small trump beats East's king of hearts.
    check(deal, Strain::Clubs, Seat::West, "SK SA HK C3", expect!["1 tricks, NS 1 EW 0, S to play: D2"]);
    // With spades trumps, the ace of trumps wins.
    check(deal, Strain::Spades, Seat::West, "SK SA HK C3", expect!["1 tricks, NS 1 EW 0, N to play: S2"]);
    check(deal, Strain::Hearts, Seat::West, "SK SA HK C3 H2 D2 D3 S2", expect!["2 tricks, NS 0 EW 2, over"]);
}

/// The winner of a trick of `cards` led by `leader`, in `trump`.
#[track_caller]
fn check_winner(leader: Seat, cards_text: &str, trump: Strain, expect: Expect) {
    let trick = Trick { leader, cards: cards(cards_text) };
    let actual = match (trick.winner(trump), winning_index(&trick.cards, trump)) {
        (Some(seat), Some(idx)) => format!("{seat} with {}", trick.cards[idx]),
        (None, None) => "no card".to_owned(),
        other => format!("winner and winning_index disagree: {other:?}"),
    };
    expect.assert_eq(&actual);
}

#[test]
fn trick_winners() {
    use Seat::{East, North, South, West};
    use Strain::{Clubs, Diamonds, Hearts, NoTrump, Spades};
    check_winner(North, "", NoTrump, expect!["no card"]);
    check_winner(North, "S2", NoTrump, expect!["N with S2"]);
    check_winner(North, "S2 S3 SA SK", NoTrump, expect!["S with SA"]);
    check_winner(North, "S2 HA DA CA", NoTrump, expect!["N with S2"]);
    check_winner(East, "S2 HA DA CA", Hearts, expect!["S with HA"]);
    check_winner(East, "S2 H3 HA H2", Hearts, expect!["W with HA"]);
    check_winner(West, "S9 H3 ST H4", Hearts, expect!["S with H4"]);
    check_winner(West, "H9 S3 HT S4", Spades, expect!["S with S4"]);
    check_winner(South, "D9 C3 DT C4", Spades, expect!["N with DT"]);
    check_winner(South, "D9 C3 DT C4", Clubs, expect!["E with C4"]);
    check_winner(South, "C2 D3 DA CK", Diamonds, expect!["N with DA"]);
    check_winner(South, "C2 D3 DA CK", Hearts, expect!["E with CK"]);
    check_winner(North, "D9 DT", Diamonds, expect!["E with DT"]);
}

#[test]
fn trick_queries() {
    let trick = Trick { leader: Seat::West, cards: cards("HK H2 HA") };
    assert_eq!(trick.suit_led(), Some(Suit::Hearts));
    assert!(!trick.is_complete());
    let plays: Vec<String> = trick.plays().map(|(seat, card)| format!("{seat}{card}")).collect();
    assert_eq!(plays, ["WHK", "NH2", "EHA"]);
    assert_eq!(Trick { leader: Seat::North, cards: Vec::new() }.suit_led(), None);
}

#[test]
fn legal_cards_follow_suit() {
    let hand: Hand = "AK.Q..2".parse().unwrap();
    assert_eq!(cards_text(legal_cards(hand, None)), "SA SK HQ C2");
    assert_eq!(cards_text(legal_cards(hand, Some(Suit::Spades))), "SA SK");
    assert_eq!(cards_text(legal_cards(hand, Some(Suit::Diamonds))), "SA SK HQ C2");
    assert_eq!(cards_text(legal_cards(Hand::EMPTY, Some(Suit::Clubs))), "");
}

#[test]
fn play_queries() {
    let deal: Deal = DEAL.parse().unwrap();
    let mut play = Play::new(deal, Strain::Spades, Seat::East);
    assert_eq!(play.deal(), &deal);
    assert_eq!(play.trump(), Strain::Spades);
    for card in cards("HJ H6 H4 HK DA") {
        play.play(card).unwrap();
    }
    assert_eq!(play.tricks().len(), 1);
    assert_eq!(play.tricks()[0].leader, Seat::East);
    assert_eq!(play.current_trick().leader, Seat::North);
    assert_eq!(play.current_trick().cards, cards("DA"));
    assert_eq!(play.cards().map(|card| card.to_string()).collect::<Vec<String>>().join(" "), "HJ H6 H4 HK DA");
    assert_eq!(play.remaining()[Seat::North].len(), 11);
    assert_eq!(play.remaining()[Seat::East].len(), 12);
    // A refused card leaves the play unchanged.
    let before = play.clone();
    assert!(play.play("SA".parse().unwrap()).is_err());
    assert_eq!(play, before);
    assert!(!play.is_over());
}

/// The positions of the shared `solve-board.jsonl`: with the cards of the
/// current trick given back to their players, replaying them reaches the
/// same player to move, whose legal cards are the cards the file lists.
#[test]
fn solve_board_positions() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let copy = root.join("testdata/dd/solve-board.jsonl");
    let path = if copy.exists() { copy } else { root.join("../shared/data/dd/solve-board.jsonl") };
    let text = std::fs::read_to_string(path).expect("the solve-board vectors are readable");
    let mut n_positions = 0;
    for (line_idx, line) in text.lines().enumerate() {
        let at = format!("solve-board.jsonl:{}", line_idx + 1);
        // Mid-trick hands differ in length, which a deal string may not: read the hands one by one.
        let pbn_hands = json_string(line, "deal").strip_prefix("N:").expect("deals start with North");
        let pbn_hands: Vec<&str> = pbn_hands.split(' ').collect();
        let hands = BySeat::from_fn(|seat| pbn_hands[seat.index()].parse::<Hand>().unwrap());
        let deal = Deal::from_hands_in_trick(hands).unwrap_or_else(|err| panic!("{at}: {err}"));
        let trump: Strain = json_string(line, "trump").parse().unwrap();
        let leader: Seat = json_string(line, "leader").parse().unwrap();
        let to_play: Seat = json_string(line, "to_play").parse().unwrap();
        let played: Vec<Card> = json_strings(line, "played").iter().map(|card| card.parse().unwrap()).collect();
        let expected: Hand = json_keys(line, "cards").iter().map(|card| card.parse::<Card>().unwrap()).collect();

        let mut hands: BySeat<Hand> = *deal.hands();
        for (idx, card) in played.iter().enumerate() {
            assert!(hands[leader.rotate(idx)].insert(*card), "{at}: {card} is still in a hand");
        }
        let start = Deal::from_hands(hands).unwrap_or_else(|err| panic!("{at}: {err}"));
        let play = Play::replay(start, trump, leader, played).unwrap_or_else(|err| panic!("{at}: {err}"));
        assert_eq!(play.next_player(), Some(to_play), "{at}");
        assert_eq!(play.remaining(), deal.hands(), "{at}");
        assert_eq!(cards_text(play.legal_cards()), cards_text(expected), "{at}");
        n_positions += 1;
    }
    assert_eq!(n_positions, 200);
}

/// The string value of `"key": "value"` in a one-line JSON object.
fn json_string<'a>(line: &'a str, key: &str) -> &'a str {
    let after = json_value(line, key).strip_prefix('"').expect("a string value");
    &after[..after.find('"').expect("a closed string")]
}

/// The strings of `"key": ["a", "b"]` in a one-line JSON object.
fn json_strings(line: &str, key: &str) -> Vec<String> {
    let after = json_value(line, key).strip_prefix('[').expect("an array value");
    quoted(&after[..after.find(']').expect("a closed array")])
}

/// The keys of `"key": {"a": 1, "b": 2}` in a one-line JSON object.
fn json_keys(line: &str, key: &str) -> Vec<String> {
    let after = json_value(line, key).strip_prefix('{').expect("an object value");
    let object = &after[..after.find('}').expect("a closed object")];
    object.split(',').flat_map(|entry| quoted(entry.split(':').next().unwrap_or(""))).collect()
}

fn json_value<'a>(line: &'a str, key: &str) -> &'a str {
    let pattern = format!("\"{key}\": ");
    let start = line.find(&pattern).unwrap_or_else(|| panic!("no key {key:?}")) + pattern.len();
    &line[start..]
}

/// The quoted strings of `text`, in order.
fn quoted(text: &str) -> Vec<String> {
    text.split('"').skip(1).step_by(2).map(str::to_owned).collect()
}

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|card| card.parse().expect("test cards are valid")).collect()
}
