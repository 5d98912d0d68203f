//! Deals: PBN deal strings, complete deals, end positions and their errors.

use std::path::PathBuf;

use bridge::{BySeat, Deal, Hand, Seat};
use expect_test::{expect, Expect};

/// Parses a PBN deal string and prints it from North, or the error.
#[track_caller]
fn check(pbn_deal: &str, expect: Expect) {
    let actual = match pbn_deal.parse::<Deal>() {
        Ok(deal) => deal.to_string(),
        Err(err) => format!("error: {err}"),
    };
    expect.assert_eq(&actual);
}

const DEAL: &str = "N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654";

#[test]
fn complete_deals() {
    check(DEAL, expect!["N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654"]);
    // The first seat names whose hand comes first; printing starts from North.
    check(
        "E:JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654 AKQ2.KQ3.A54.K32",
        expect!["N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654"],
    );
    check(
        "  w:543.542.763.7654   AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT\t76.AT76.JT98.A98 ",
        expect!["N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654"],
    );
    // Voids, and `10` for the ten.
    check(
        "N:AJT973.T43.AJ43. 62.J86.KQ82.A643 K4.KQ72.765.K987 Q85.A95.T9.QJT52",
        expect!["N:AJT973.T43.AJ43. 62.J86.KQ82.A643 K4.KQ72.765.K987 Q85.A95.T9.QJT52"],
    );
    check(
        "N:AJ10973.T43.AJ43. 62.J86.KQ82.A643 K4.KQ72.765.K987 Q85.A95.T9.QJ1052",
        expect!["N:AJT973.T43.AJ43. 62.J86.KQ82.A643 K4.KQ72.765.K987 Q85.A95.T9.QJT52"],
    );
}

#[test]
fn end_positions_and_unknown_hands() {
    // Two cards each.
    check("S:A2... K.3.. Q.4.. .5.5.", expect!["N:Q.4.. .5.5. A2... K.3.."]);
    // No card at all.
    check("N:... ... ... ...", expect!["N:... ... ... ..."]);
    // An unknown hand is `-`, here with three hands of 13 cards.
    check(
        "N:AKQ2.KQ3.A54.K32 - 76.AT76.JT98.A98 543.542.763.7654",
        expect!["N:AKQ2.KQ3.A54.K32 - 76.AT76.JT98.A98 543.542.763.7654"],
    );
    check("N:- - - A...", expect!["N:- - - A..."]);
}

#[test]
fn broken_deals() {
    check(
        "AKQ2.KQ3.A54.K32 - - -",
        expect![[
            r#"error: a deal string starts with the first seat and a colon, such as "N:"; found "AKQ2.KQ3.A54.K32 - - -""#
        ]],
    );
    check(
        "X:... ... ... ...",
        expect![[
            r#"error: a deal string starts with the first seat and a colon, such as "N:"; found "X:... ... ... ...""#
        ]],
    );
    check("", expect![[r#"error: a deal string starts with the first seat and a colon, such as "N:"; found """#]]);
    check("N:", expect!["error: a deal string holds four hands separated by spaces; found 0"]);
    check(
        "N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98",
        expect!["error: a deal string holds four hands separated by spaces; found 3"],
    );
    check("N:... ... ... ... ...", expect!["error: a deal string holds four hands separated by spaces; found 5"]);
    check("N:... ... ..Z. ...", expect![[r#"error: hand of S: invalid rank 'Z' in hand "..Z.""#]]);
    check(
        "E:... ... .. ...",
        expect![[
            r#"error: hand of W: invalid hand "..": expected four holdings separated by dots (AKQ2.KQ3.A54.K32)"#
        ]],
    );
    check("N:A... A... ... ...", expect!["error: card SA is in the hands of both N and E"]);
    check("N:A... K... Q... J2...", expect!["error: hands of different lengths: N holds 1 cards, W holds 2"]);
    check("N:AKQJT98765432.A.. ... ... ...", expect!["error: a hand holds at most 13 cards; N holds 14"]);
}

#[test]
fn deal_queries() {
    let deal: Deal = DEAL.parse().unwrap();
    assert!(deal.is_complete());
    assert_eq!(deal.hand_len(), 13);
    assert_eq!(deal.owner("SJ".parse().unwrap()), Some(Seat::East));
    assert_eq!(deal.owner("C4".parse().unwrap()), Some(Seat::West));
    assert_eq!(deal.to_pbn(Seat::South), "S:76.AT76.JT98.A98 543.542.763.7654 AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT");
    assert_eq!(BySeat::from_fn(|seat| deal.hand(seat).hcp()).0, [21, 10, 9, 0]);

    let end: Deal = "N:A... K... Q... J...".parse().unwrap();
    assert!(!end.is_complete());
    assert_eq!(end.owner("S2".parse().unwrap()), None);
}

#[test]
fn fourth_hand() {
    let deal: Deal = "N:AKQ2.KQ3.A54.K32 - 76.AT76.JT98.A98 543.542.763.7654".parse().unwrap();
    assert!(!deal.is_complete());
    let full = deal.complete_fourth_hand();
    assert_eq!(full, DEAL.parse().unwrap());
    // Nothing to do when two hands are unknown or the known ones are short.
    let two_unknown: Deal = "N:AKQ2.KQ3.A54.K32 - - 543.542.763.7654".parse().unwrap();
    assert_eq!(two_unknown.complete_fourth_hand(), two_unknown);
    let short: Deal = "N:A... K... Q... -".parse().unwrap();
    assert_eq!(short.complete_fourth_hand(), short);
}

#[test]
fn deal_from_hands() {
    let hands = |text: [&str; 4]| BySeat(text.map(|hand| hand.parse::<Hand>().unwrap()));
    assert!(Deal::from_hands(hands(["A...", "K...", "Q...", "J..."])).is_ok());
    expect!["Err(UnequalLengths { seat: North, len: 2, other: East, other_len: 1 })"]
        .assert_eq(&format!("{:?}", Deal::from_hands(hands(["AT...", "K...", "Q...", "J..."]))));
    // In the middle of a trick hands may differ by one card, not two.
    assert!(Deal::from_hands_in_trick(hands(["AT...", "K9...", "Q...", "J..."])).is_ok());
    expect!["Err(UnequalLengths { seat: East, len: 0, other: North, other_len: 2 })"]
        .assert_eq(&format!("{:?}", Deal::from_hands_in_trick(hands(["AT...", "...", "Q...", "J..."]))));
    expect!["Err(Duplicate { card: Card { suit: Spades, rank: Ace }, first: North, second: West })"]
        .assert_eq(&format!("{:?}", Deal::from_hands_in_trick(hands(["A...", "K...", "Q...", "A..."]))));
}

/// The deal strings of the shared double-dummy tables: each one reads, is a
/// complete deal, and prints back exactly as written.
#[test]
fn dd_tables_round_trip() {
    let text = std::fs::read_to_string(dd_tables_path()).expect("the double-dummy tables are readable");
    let mut n_deals = 0;
    for (line_idx, line) in text.lines().enumerate() {
        let pbn_deal = line.split_whitespace().take(4).collect::<Vec<&str>>().join(" ");
        let deal: Deal = pbn_deal.parse().unwrap_or_else(|err| panic!("line {}: {err}", line_idx + 1));
        assert!(deal.is_complete(), "line {}", line_idx + 1);
        assert_eq!(deal.to_string(), pbn_deal, "line {}", line_idx + 1);
        for first in Seat::ALL {
            assert_eq!(deal.to_pbn(first).parse::<Deal>(), Ok(deal), "line {}", line_idx + 1);
        }
        n_deals += 1;
    }
    assert_eq!(n_deals, 200);
}

/// The project's copy of the shared tables, else the shared folder itself.
pub fn dd_tables_path() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let copy = root.join("testdata/dd/dd-tables.txt");
    if copy.exists() {
        return copy;
    }
    root.join("../shared/data/dd/dd-tables.txt")
}

#[test]
fn shuffled_deals_are_complete_and_follow_their_source() {
    // A small linear congruential source, so the test is repeatable.
    let source = |seed: u64| {
        let mut state = seed;
        move || {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            state >> 11
        }
    };
    let first = Deal::shuffled(source(1));
    assert!(first.is_complete(), "{first}");
    assert_eq!(Deal::from_hands(*first.hands()), Ok(first), "no card twice");
    assert_eq!(Deal::shuffled(source(1)), first, "the same source deals the same cards");
    assert_ne!(Deal::shuffled(source(2)), first, "another source deals other cards");
    // A source stuck at zero still deals a whole deck.
    assert!(Deal::shuffled(|| 0).is_complete());
}
