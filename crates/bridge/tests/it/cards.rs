//! Suits, ranks, cards, strains, seats, hands and vulnerability: parsing, printing and small rules.

use bridge::{board_dealer, board_vulnerability, Card, Hand, Rank, Seat, Side, Strain, Suit, Vulnerability};
use expect_test::{expect, Expect};

/// Parses `text` as a `T` and prints it back, or the error.
#[track_caller]
fn check<T>(text: &str, expect: Expect)
where
    T: std::str::FromStr + std::fmt::Display,
    T::Err: std::fmt::Display,
{
    let actual = match text.parse::<T>() {
        Ok(value) => value.to_string(),
        Err(err) => format!("error: {err}"),
    };
    expect.assert_eq(&actual);
}

#[test]
fn card_parse_and_print() {
    check::<Card>("SA", expect!["SA"]);
    check::<Card>("HT", expect!["HT"]);
    check::<Card>("D2", expect!["D2"]);
    check::<Card>("C9", expect!["C9"]);
    check::<Card>("H10", expect!["HT"]);
    check::<Card>("cq", expect!["CQ"]);
    check::<Card>("sK", expect!["SK"]);
    check::<Card>(
        "",
        expect![[r#"error: invalid card "": expected a suit (S, H, D, C) then a rank (A K Q J T 9..2, or 10)"#]],
    );
    check::<Card>(
        "S",
        expect![[r#"error: invalid card "S": expected a suit (S, H, D, C) then a rank (A K Q J T 9..2, or 10)"#]],
    );
    check::<Card>(
        "AS",
        expect![[r#"error: invalid card "AS": expected a suit (S, H, D, C) then a rank (A K Q J T 9..2, or 10)"#]],
    );
    check::<Card>(
        "S1",
        expect![[r#"error: invalid card "S1": expected a suit (S, H, D, C) then a rank (A K Q J T 9..2, or 10)"#]],
    );
    check::<Card>(
        "SAK",
        expect![[r#"error: invalid card "SAK": expected a suit (S, H, D, C) then a rank (A K Q J T 9..2, or 10)"#]],
    );
    check::<Card>(
        "S100",
        expect![[r#"error: invalid card "S100": expected a suit (S, H, D, C) then a rank (A K Q J T 9..2, or 10)"#]],
    );
    check::<Card>(
        "X2",
        expect![[r#"error: invalid card "X2": expected a suit (S, H, D, C) then a rank (A K Q J T 9..2, or 10)"#]],
    );
    check::<Card>(
        "♠A",
        expect![[r#"error: invalid card "♠A": expected a suit (S, H, D, C) then a rank (A K Q J T 9..2, or 10)"#]],
    );
}

#[test]
fn every_card_round_trips() {
    let cards: Vec<Card> = Hand::FULL_DECK.iter().collect();
    assert_eq!(cards.len(), 52);
    for card in cards {
        assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        assert_eq!(Card::from_bit_index(card.bit_index()), Some(card));
    }
}

#[test]
fn card_order_and_bits() {
    assert!(Rank::Ace > Rank::King && Rank::Three > Rank::Two);
    assert!(Suit::Spades > Suit::Hearts && Suit::Diamonds > Suit::Clubs);
    assert_eq!(Rank::Ten.value(), 10);
    assert_eq!(Rank::from_value(1), None);
    assert_eq!(Rank::from_value(15), None);
    assert_eq!(Card::from_bit_index(0), None); // bits 0, 1 and 15 name no rank
    assert_eq!(Card::from_bit_index(15), None);
    assert_eq!(Card::from_bit_index(64), None);
    assert_eq!(Card::from_bit_index(u32::MAX), None);
    assert_eq!(Card::from_bit_index(62), Some(Card::new(Suit::Spades, Rank::Ace)));
}

#[test]
fn strain_parse_and_print() {
    check::<Strain>("C", expect!["C"]);
    check::<Strain>("d", expect!["D"]);
    check::<Strain>("H", expect!["H"]);
    check::<Strain>("S", expect!["S"]);
    check::<Strain>("N", expect!["NT"]);
    check::<Strain>("NT", expect!["NT"]);
    check::<Strain>("nt", expect!["NT"]);
    check::<Strain>("nT", expect!["NT"]);
    check::<Strain>("NTT", expect![[r#"error: invalid strain "NTT": expected C, D, H, S or NT"#]]);
    check::<Strain>("", expect![[r#"error: invalid strain "": expected C, D, H, S or NT"#]]);
    assert_eq!(Strain::ALL.map(Strain::to_char), ['C', 'D', 'H', 'S', 'N']);
    assert_eq!(Strain::NoTrump.trump(), None);
    assert_eq!(Strain::Hearts.trump(), Some(Suit::Hearts));
    assert!(Strain::NoTrump > Strain::Spades && Strain::Clubs < Strain::Diamonds);
}

#[test]
fn seat_parse_and_print() {
    check::<Seat>("N", expect!["N"]);
    check::<Seat>("east", expect!["E"]);
    check::<Seat>("South", expect!["S"]);
    check::<Seat>("W", expect!["W"]);
    check::<Seat>("Ouest", expect!["W"]);
    check::<Seat>("Nord", expect!["N"]);
    check::<Seat>("X", expect![[r#"error: invalid seat "X": expected N, E, S or W"#]]);
    check::<Seat>("", expect![[r#"error: invalid seat "": expected N, E, S or W"#]]);
}

#[test]
fn seats_around_the_table() {
    use Seat::{East, North, South, West};
    assert_eq!(North.next(), East);
    assert_eq!(North.prev(), West);
    assert_eq!(East.partner(), West);
    assert_eq!(West.next(), North);
    assert_eq!(South.rotate(5), West);
    assert_eq!(South.rotate(usize::MAX), East); // usize::MAX = 3 mod 4
    assert_eq!(East.steps_to(North), 3);
    assert_eq!(North.side(), Side::NorthSouth);
    assert_eq!(West.side(), Side::EastWest);
    assert_eq!(Side::NorthSouth.opponents(), Side::EastWest);
    assert_eq!(Seat::from_index(6), South);
}

#[test]
fn hand_parse_and_print() {
    check::<Hand>("AKQ2.KQ3.A54.K32", expect!["AKQ2.KQ3.A54.K32"]);
    check::<Hand>("2QKA.3QK.45A.23K", expect!["AKQ2.KQ3.A54.K32"]);
    check::<Hand>("A10.T9..", expect!["AT.T9.."]);
    check::<Hand>("...", expect!["..."]);
    check::<Hand>("akqjt98765432...", expect!["AKQJT98765432..."]);
    check::<Hand>(
        "AKQ2.KQ3.A54",
        expect![[r#"error: invalid hand "AKQ2.KQ3.A54": expected four holdings separated by dots (AKQ2.KQ3.A54.K32)"#]],
    );
    check::<Hand>(
        "",
        expect![[r#"error: invalid hand "": expected four holdings separated by dots (AKQ2.KQ3.A54.K32)"#]],
    );
    check::<Hand>("AKX2.KQ3.A54.K32", expect![[r#"error: invalid rank 'X' in hand "AKX2.KQ3.A54.K32""#]]);
    check::<Hand>("AKA2.KQ3.A54.K32", expect![[r#"error: card SA appears twice in hand "AKA2.KQ3.A54.K32""#]]);
    check::<Hand>("T10...", expect![[r#"error: card ST appears twice in hand "T10...""#]]);
    check::<Hand>("1...", expect![[r#"error: invalid rank '1' in hand "1...""#]]);
}

#[test]
fn hand_set_operations() {
    let hand: Hand = "AKQ2.KQ3.A54.K32".parse().unwrap();
    assert_eq!(hand.len(), 13);
    assert_eq!(hand.hcp(), 21);
    assert_eq!(hand.suit_len(Suit::Spades), 4);
    assert_eq!(hand.suit(Suit::Hearts).to_string(), ".KQ3..");
    assert!(hand.contains("SQ".parse().unwrap()));
    assert!(!hand.contains("SJ".parse().unwrap()));
    let cards: Vec<String> = hand.iter().map(|card| card.to_string()).collect();
    assert_eq!(cards.join(" "), "SA SK SQ S2 HK HQ H3 DA D5 D4 CK C3 C2");
    assert_eq!(hand.iter().next_back(), Some("C2".parse().unwrap()));

    let mut set = Hand::EMPTY;
    assert!(set.insert("HT".parse().unwrap()));
    assert!(!set.insert("HT".parse().unwrap()));
    assert!(set.remove("HT".parse().unwrap()));
    assert!(!set.remove("HT".parse().unwrap()));
    assert!(set.is_empty());

    assert_eq!(Hand::FULL_DECK.len(), 52);
    assert_eq!(Hand::FULL_DECK.hcp(), 40);
    assert_eq!(Hand::FULL_DECK.difference(hand).len(), 39);
    assert_eq!(Hand::FULL_DECK.intersection(hand), hand);
    assert_eq!(Hand::EMPTY.union(hand), hand);
    assert_eq!(Hand::from_bits(Hand::FULL_DECK.bits()), Some(Hand::FULL_DECK));
    assert_eq!(Hand::from_bits(1), None);
    assert_eq!(Hand::from_bits(1 << 15), None);
}

#[test]
fn vulnerability_parse_and_print() {
    check::<Vulnerability>("None", expect!["None"]);
    check::<Vulnerability>("Love", expect!["None"]);
    check::<Vulnerability>("-", expect!["None"]);
    check::<Vulnerability>("NS", expect!["NS"]);
    check::<Vulnerability>("ew", expect!["EW"]);
    check::<Vulnerability>("All", expect!["All"]);
    check::<Vulnerability>("Both", expect!["All"]);
    check::<Vulnerability>("NE", expect![[r#"error: invalid vulnerability "NE": expected None, NS, EW or All"#]]);
    assert!(Vulnerability::NorthSouth.is_vulnerable(Side::NorthSouth));
    assert!(!Vulnerability::NorthSouth.is_vulnerable(Side::EastWest));
    assert!(Vulnerability::Both.is_vulnerable(Side::EastWest));
    assert!(!Vulnerability::None.is_vulnerable(Side::NorthSouth));
}

/// The dealer and vulnerability of boards `numbers`, one board a line.
#[track_caller]
fn check_boards(numbers: impl IntoIterator<Item = u32>, expect: Expect) {
    let actual: String = numbers
        .into_iter()
        .map(|number| format!("{number} {} {}\n", board_dealer(number), board_vulnerability(number)))
        .collect();
    expect.assert_eq(&actual);
}

#[test]
fn board_dealer_and_vulnerability() {
    check_boards(
        1..=16,
        expect![[r#"
            1 N None
            2 E NS
            3 S EW
            4 W All
            5 N NS
            6 E EW
            7 S All
            8 W None
            9 N EW
            10 E All
            11 S None
            12 W NS
            13 N All
            14 E None
            15 S NS
            16 W EW
        "#]],
    );
    // The cycle repeats every 16 boards; board 0 is board 16.
    check_boards(
        [0, 17, 32, 33, u32::MAX],
        expect![[r#"
            0 W EW
            17 N None
            32 W EW
            33 N None
            4294967295 S NS
        "#]],
    );
}

#[test]
fn boards_repeat_every_sixteen() {
    for number in 1..=64 {
        assert_eq!(board_dealer(number + 16), board_dealer(number));
        assert_eq!(board_vulnerability(number + 16), board_vulnerability(number));
    }
}
