//! Unit tests of LIN reading on small inline boards.

use expect_test::{expect, Expect};

use crate::lin::{parse, parse_handviewer_url, tags, LinError, LinErrorKind, LinGame};
use crate::pbn;
use crate::{Call, Seat, Vulnerability};

/// South, West and North of the deal of the crate's example; East is left to complete.
const MD: &str = "S76HAT76DJT98CA98,S543H542D763C7654,SAKQ2HKQ3DA54CK32,";

/// Reads `text` and prints every board, one block each.
#[track_caller]
fn check(text: &str, expect: Expect) {
    let actual: Vec<String> = parse(text).iter().map(summary).collect();
    expect.assert_eq(&actual.join("\n"));
}

fn summary(board: &Result<LinGame, LinError>) -> String {
    let board = match board {
        Ok(board) => board,
        Err(err) => return format!("error: {err}\n"),
    };
    let mut res = format!(
        "board {:?} id {:?} at {}: dealer {} vul {} deal {}\n",
        board.board,
        board.id,
        board.offset,
        board.game.dealer(),
        board.game.vulnerability,
        board.game.deal.to_pbn(Seat::North)
    );
    if board.players.0.iter().any(|name| !name.is_empty()) {
        let names: Vec<String> = board.players.iter().map(|(seat, name)| format!("{seat}={name}")).collect();
        res.push_str(&format!("players {}\n", names.join(" ")));
    }
    if !board.calls.is_empty() {
        let calls: Vec<String> = board
            .calls
            .iter()
            .map(|call| {
                let alert = if call.alerted { "!" } else { "" };
                let explanation = call.explanation.as_ref().map(|text| format!(" ({text})")).unwrap_or_default();
                format!("{}{alert}{explanation}", call.call)
            })
            .collect();
        res.push_str(&format!("auction {}\n", calls.join(" ")));
    }
    if !board.game.play.is_empty() {
        let cards: Vec<String> = board.game.play.iter().map(ToString::to_string).collect();
        res.push_str(&format!("play {}\n", cards.join(" ")));
    }
    if let Some(claim) = board.claim {
        res.push_str(&format!("claim {claim}\n"));
    }
    for note in &board.notes {
        res.push_str(&format!("note {note:?}\n"));
    }
    res
}

fn error_kind(text: &str) -> LinErrorKind {
    match parse(text).into_iter().next() {
        Some(Err(err)) => err.kind,
        other => panic!("expected an error, got {other:?}"),
    }
}

#[test]
fn pairs_split_on_bars_with_white_space_and_no_final_bar() {
    let found = tags("PN|a,b|\n md|3S2|\r\nSv|o");
    let pairs: Vec<(&str, &str, usize, usize)> =
        found.iter().map(|tag| (tag.name.as_str(), tag.value.as_str(), tag.offset, tag.index)).collect();
    assert_eq!(pairs, [("pn", "a,b", 0, 0), ("md", "3S2", 9, 1), ("sv", "o", 18, 2)]);
    assert_eq!(tags("pg||\n").len(), 1);
    assert_eq!(tags("pg||st").last().map(|tag| (tag.name.as_str(), tag.value.as_str())), Some(("st", "")));
    assert!(tags("").is_empty());
}

#[test]
fn a_single_hand_with_alerts_play_and_claim() {
    check(
        &format!(
            "pn|Sam,Wes,Nat,Eve|st||md|3{MD}|rh||ah|Board 1|sv|o|\
             mb|1N!|an|15-17|mb|p|mb|2C!|an|Stayman|mb|p|mb|2D|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||\
             pc|SJ|pc|S6|pc|S3|pc|SA|pg||pc|HK|pc|H8|pc|H6|pc|H2|pg||mc|10|"
        ),
        expect![[r#"
            board Some(1) id None at 23: dealer N vul None deal N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654
            players N=Nat E=Eve S=Sam W=Wes
            auction 1NT! (15-17) Pass 2C! (Stayman) Pass 2D Pass 3NT Pass Pass Pass
            play SJ S6 S3 SA HK H8 H6 H2
            claim 10
        "#]],
    );
}

#[test]
fn deal_spellings() {
    // Ranks in any order and case, `10` for the ten, all four hands given.
    let text = "md|1s67hT76Ad98JTc98A,S345H245D367C4567,S2QKAHK3QDA45C23K,sJ10 98hj98dkq2cqjt|";
    let board = parse(text).remove(0).unwrap();
    assert_eq!(board.game.dealer(), Seat::South);
    assert_eq!(
        board.game.deal.to_pbn(Seat::North),
        "N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654"
    );
    // No dealer digit: the board number deals; no sv: its vulnerability.
    let board = parse(&format!("qx|o6|md|{MD}|")).remove(0).unwrap();
    assert_eq!(
        (board.board, board.game.dealer(), board.game.vulnerability),
        (Some(6), Seat::East, Vulnerability::EastWest)
    );
    // Two hands only stay a two-hand deal.
    let board = parse("md|3SAKQ2HKQ3DA54CK32,,S76HAT76DJT98CA98|").remove(0).unwrap();
    assert!(board.game.deal.hand(Seat::West).is_empty() && board.game.deal.hand(Seat::East).is_empty());
}

#[test]
fn deal_errors() {
    check(
        &format!("md|5{MD}|md|3S76HAT76DJT98CA98,S543|md|3S76HAT76DJT98CA9Z,|md|37S6|md|3S76HAT76DJT98CA88,|"),
        expect![[r#"
            error: tag 1 (md) at byte 0: invalid dealer '5': expected 1 (South), 2 (West), 3 (North) or 4 (East)

            error: tag 2 (md) at byte 59: a hand holds 13 cards; W holds 3

            error: tag 3 (md) at byte 86: invalid hand of S "S76HAT76DJT98CA9Z": expected suit letters S, H, D, C and ranks

            error: tag 4 (md) at byte 109: invalid hand of S "7S6": a rank before any suit letter

            error: tag 5 (md) at byte 117: invalid hand of S "S76HAT76DJT98CA88": a card written twice
        "#]],
    );
    assert_eq!(error_kind("md|3,,,,S2|"), LinErrorKind::HandCount(5));
    assert!(matches!(error_kind(&format!("md|3{MD}S76HAT76DJT98CA98|")), LinErrorKind::Deal(_)));
    assert_eq!(error_kind(&format!("md|{MD}|")), LinErrorKind::NoDealer);
    assert_eq!(error_kind("sv|o|mb|p|"), LinErrorKind::CallBeforeDeal);
    assert_eq!(error_kind("ah|Board 1|sv|o|"), LinErrorKind::MissingDeal);
}

#[test]
fn vulnerability_spellings() {
    for (sv, expected) in [
        ("o", Vulnerability::None),
        ("0", Vulnerability::None),
        ("-", Vulnerability::None),
        ("n", Vulnerability::NorthSouth),
        ("E", Vulnerability::EastWest),
        ("b", Vulnerability::Both),
    ] {
        let board = parse(&format!("md|1{MD}|sv|{sv}|")).remove(0).unwrap();
        assert_eq!(board.game.vulnerability, expected, "sv {sv}");
    }
    assert_eq!(error_kind(&format!("md|1{MD}|sv|x|")), LinErrorKind::Vulnerability("x".to_owned()));
}

#[test]
fn call_spellings_and_alerts() {
    check(
        &format!("md|1{MD}|mb|1c!|an|16+|an|any shape|mb|D|mb|r!|mb|2n|mb|PASS|mb|3NT|mb|x|mb|p|an||mb|p|mb|p|"),
        expect![[r#"
            board None id None at 0: dealer S vul None deal N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654
            auction 1C! (16+ any shape) X XX! 2NT Pass 3NT X Pass Pass Pass
        "#]],
    );
}

#[test]
fn call_errors() {
    let illegal = |calls: &str| error_kind(&format!("md|1{MD}|{calls}"));
    assert!(matches!(illegal("mb|1s|mb|1h|"), LinErrorKind::IllegalCall { .. }));
    assert!(matches!(illegal("mb|1s|mb|p|mb|d|"), LinErrorKind::IllegalCall { call: Call::Double, .. }));
    assert!(matches!(illegal("mb|p|mb|p|mb|p|mb|p|mb|p|"), LinErrorKind::IllegalCall { call: Call::Pass, .. }));
    assert_eq!(illegal("mb|8c|"), LinErrorKind::Call("8c".to_owned()));
    assert_eq!(illegal("mb||"), LinErrorKind::Call(String::new()));
    let err = parse(&format!("md|1{MD}|mb|1s|mb|1h|")).remove(0).unwrap_err();
    assert_eq!(err.to_string(), "tag 3 (mb) at byte 65: illegal call 1H: insufficient bid 1H: it must outrank 1S");
}

#[test]
fn play_errors() {
    let auction = "mb|1n|mb|p|mb|p|mb|p|";
    let play = |cards: &str| error_kind(&format!("md|1{MD}|{auction}{cards}"));
    // West leads against South's 1NT.
    assert_eq!(play("pc|sz|"), LinErrorKind::Card("sz".to_owned()));
    assert!(matches!(play("pc|sa|"), LinErrorKind::IllegalPlay(crate::PlayError::NotOwned { .. })));
    assert!(matches!(play("pc|s3|pc|sa|pc|h9|"), LinErrorKind::IllegalPlay(crate::PlayError::Revoke { .. })));
    assert!(matches!(play("pc|s3|pc|s2|pc|s8|pc|s7|pc|s3|"), LinErrorKind::IllegalPlay(_)));
    assert_eq!(error_kind(&format!("md|1{MD}|mb|1n|pc|s3|")), LinErrorKind::NoContract);
    assert_eq!(error_kind(&format!("md|1{MD}|mb|p|mb|p|mb|p|mb|p|pc|s3|")), LinErrorKind::NoContract);
    let board = parse(&format!("md|1{MD}|{auction}pc|s3|pc|s2|pc|s10|pc|S6|")).remove(0).unwrap();
    assert_eq!(board.game.play.len(), 4);
}

#[test]
fn claims() {
    let auction = "mb|1n|mb|p|mb|p|mb|p|";
    let claim = |rest: &str| parse(&format!("md|1{MD}|{auction}{rest}")).remove(0);
    assert_eq!(claim("mc|7|").unwrap().claim, Some(7));
    assert_eq!(claim("mc|7|").unwrap().result(), Some(7));
    assert_eq!(claim("mc|14|").unwrap_err().kind, LinErrorKind::Claim("14".to_owned()));
    assert_eq!(claim("mc|x|").unwrap_err().kind, LinErrorKind::Claim("x".to_owned()));
    // West's S3 is won by North's SA: one trick to declarer, twelve to play.
    let after_trick = "pc|s3|pc|sa|pc|s8|pc|s7|";
    assert_eq!(
        claim(&format!("{after_trick}mc|0|")).unwrap_err().kind,
        LinErrorKind::ImpossibleClaim { claimed: 0, won: 1, left: 12 }
    );
    assert_eq!(claim(&format!("{after_trick}mc|13|")).unwrap().claim, Some(13));
}

#[test]
fn several_boards_and_vugraph_rooms() {
    check(
        &format!(
            "vg|Final,Segment 1,I,1,2,Alpha,0,Beta,0|pw|x|bn|1,1|pg||\n\
             pn|Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal|pg||\n\
             qx|o1|md|3{MD}|sv|o|nt|a quiet board|mb|p|mb|p|mb|p|mb|p|pg||\n\
             qx|c1|md|3{MD}|sv|o|mb|1h|mb|1s|pg||\n\
             qx|o2|md|3{MD}|mb|1h|mb|p|mb|1h|pg||\n\
             md|4{MD}|ah|Board 3|sv|b|mb|p|\n\
             md|1{MD}|sv|n|"
        ),
        expect![[r#"
            board Some(1) id Some("o1") at 97: dealer N vul None deal N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654
            players N=Cid E=Dan S=Ann W=Bob
            auction Pass Pass Pass Pass
            note "a quiet board"

            board Some(1) id Some("c1") at 209: dealer N vul None deal N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654
            players N=Gus E=Hal S=Eve W=Fay
            auction 1H 1S

            error: tag 26 (mb) at byte 372: illegal call 1H: insufficient bid 1H: it must outrank 1H

            board Some(3) id None at 383: dealer E vul All deal N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654
            players N=Cid E=Dan S=Ann W=Bob
            auction Pass

            board None id None at 464: dealer S vul NS deal N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654
            players N=Cid E=Dan S=Ann W=Bob
        "#]],
    );
}

#[test]
fn a_new_player_list_starts_a_new_board() {
    let text = format!("pn|a,b,c,d|md|1{MD}|mb|p|pn|e,f,g,h|md|2{MD}|");
    let boards: Vec<LinGame> = parse(&text).into_iter().map(Result::unwrap).collect();
    assert_eq!(boards.len(), 2);
    assert_eq!((boards[0].players[Seat::South].as_str(), boards[1].players[Seat::South].as_str()), ("a", "e"));
}

#[test]
fn invalid_tag_names() {
    check(
        "abc|x|md|1S2|",
        expect![[r#"
            error: tag 1 (abc) at byte 0: invalid tag name "abc": expected two letters

            error: tag 2 (md) at byte 6: a hand holds 13 cards; S holds 1
        "#]],
    );
    assert_eq!(error_kind(&format!("md|1{MD}|m1|p|")), LinErrorKind::TagName("m1".to_owned()));
}

#[test]
fn handviewer_links() {
    let lin = format!("pn|Sam,Wes,Nat,Eve|md|3{MD}|sv|n|ah|Board 2|mb|1N!|an|15-17 balanced|mb|p|mb|p|mb|p|pc|DK|");
    let expected = parse(&lin).remove(0).unwrap();
    let plain = format!("https://www.bridgebase.com/tools/handviewer.html?bbo=y&lin={}", lin.replace(' ', "+"));
    assert_eq!(parse_handviewer_url(&plain), Ok(expected.clone()));
    let encoded: String = form_urlencoded::Serializer::new(String::new()).append_pair("lin", &lin).finish();
    let url = format!("http://www.bridgebase.com/tools/handviewer.html?{encoded}&o=1");
    assert_eq!(parse_handviewer_url(&url), Ok(expected));
    let err = parse_handviewer_url("https://www.bridgebase.com/tools/handviewer.html?bbo=y").unwrap_err();
    assert_eq!(err.kind, LinErrorKind::NoBoard);
}

#[test]
fn handviewer_parameters() {
    let url = "https://www.bridgebase.com/tools/handviewer.html?s=s76hat76djt98ca98&w=s543h542d763c7654\
               &n=sakq2hkq3da54ck32&d=n&v=b&b=4&a=1n!(15-17)p3ntppp&p=sjs6s3sa";
    let board = parse_handviewer_url(url).unwrap();
    expect![[r#"
        board Some(4) id None at 0: dealer N vul All deal N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654
        auction 1NT! (15-17) Pass 3NT Pass Pass Pass
        play SJ S6 S3 SA
    "#]]
    .assert_eq(&summary(&Ok(board)));
    let err = parse_handviewer_url("handviewer.html?n=sakq2hkq3da54ck32&d=n&a=1n1h").unwrap_err();
    assert!(matches!(err.kind, LinErrorKind::IllegalCall { .. }), "{err}");
}

#[test]
fn the_same_board_in_pbn() {
    let lin = format!(
        "pn|Sam,Wes,Nat,Eve|md|3{MD}|ah|Board 1|sv|e|nt|hello|mb|1N!|an|15-17|mb|p|mb|3N|mb|p|mb|p|mb|p|\
         pc|SJ|pc|S6|pc|S3|pc|SA|mc|9|"
    );
    let board = parse(&lin).remove(0).unwrap();
    let pbn_game = board.to_pbn();
    expect![[r#"
        {hello}
        [Board "1"]
        [West "Wes"]
        [North "Nat"]
        [East "Eve"]
        [South "Sam"]
        [Dealer "N"]
        [Vulnerable "EW"]
        [Deal "N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654"]
        [Declarer "N"]
        [Contract "3NT"]
        [Result "9"]
        [Auction "N"]
        1NT =1= Pass 3NT Pass
        Pass Pass
        [Note "1:15-17"]
        [Play "E"]
        SJ S6 S3 SA
    "#]]
    .assert_eq(&pbn_game.to_string());
    let read = pbn::parse(&pbn_game.to_string());
    assert_eq!(read.error_count(), 0);
    let pbn_game = &read.file.games[0];
    assert_eq!(pbn_game.to_game(), Ok(board.game.clone()));
    assert_eq!(pbn_game.result(), Some(Ok(9)));
    // And back to LIN.
    expect!["pn|Sam,Wes,Nat,Eve|md|3S76HAT76DJT98CA98,S543H542D763C7654,SAKQ2HKQ3DA54CK32,SJT98HJ98DKQ2CQJT|ah|Board 1|sv|e|nt|hello|mb|1N!|an|15-17|mb|p|mb|3N|mb|p|mb|p|mb|p|pc|SJ|pc|S6|pc|S3|pc|SA|mc|9|"]
        .assert_eq(&board.to_lin());
    assert_eq!(parse(&board.to_lin()).remove(0), Ok(board));
}
