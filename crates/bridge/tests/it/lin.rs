//! LIN files and handviewer links through the public API: the fixtures of
//! `tests/data/lin`, the same board read from LIN and from PBN, round trips
//! of generated games, and no panic on any input.

use expect_test::{expect_file, ExpectFile};
use proptest::prelude::*;

use bridge::lin::{self, LinCall, LinError, LinGame};
use bridge::{pbn, BySeat, Game, Seat};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/data/lin/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("cannot read {path}: {err}"))
}

/// Every board of `name` in short, checked against its snapshot.
#[track_caller]
fn check(name: &str, expect: ExpectFile) {
    let boards = lin::parse(&fixture(name));
    let actual: Vec<String> = boards.iter().map(summary).collect();
    expect.assert_eq(&actual.join("\n"));
}

fn summary(board: &Result<LinGame, LinError>) -> String {
    let board = match board {
        Ok(board) => board,
        Err(err) => return format!("error: {err}\n"),
    };
    let game = &board.game;
    let mut res = format!("board {:?} ({:?}) at byte {}\n", board.board, board.id, board.offset);
    let names: Vec<String> = board.players.iter().map(|(seat, name)| format!("{seat}={name}")).collect();
    res.push_str(&format!("players {}\n", names.join(" ")));
    res.push_str(&format!(
        "{} deals, {} vulnerable: {}\n",
        game.dealer(),
        game.vulnerability,
        game.deal.to_pbn(Seat::North)
    ));
    for (idx, call) in board.calls.iter().enumerate() {
        let alert = if call.alerted { " alerted" } else { "" };
        let comment = call.comment().map(|text| format!(": {text}")).unwrap_or_default();
        res.push_str(&format!("  {} {}{alert}{comment}\n", game.auction.seat_of(idx), call.call));
    }
    match (game.auction.contract(), game.auction.declarer()) {
        (Some(contract), Some(declarer)) => res.push_str(&format!("contract {contract} by {declarer}\n")),
        _ if game.auction.is_passed_out() => res.push_str("passed out\n"),
        _ => {}
    }
    for trick in game.play.chunks(4) {
        let cards: Vec<String> = trick.iter().map(ToString::to_string).collect();
        res.push_str(&format!("  {}\n", cards.join(" ")));
    }
    if let Some(claim) = board.claim {
        res.push_str(&format!("claim {claim}\n"));
    }
    if let Some(result) = board.result() {
        res.push_str(&format!("result {result}\n"));
    }
    for note in &board.notes {
        res.push_str(&format!("note {note:?}\n"));
    }
    res
}

#[test]
fn a_single_hand_with_alerts_play_and_claim() {
    check("single.lin", expect_file!["../data/lin/single.expected"]);
}

#[test]
fn a_vugraph_file_of_two_boards_in_two_rooms() {
    check("vugraph.lin", expect_file!["../data/lin/vugraph.expected"]);
}

#[test]
fn a_broken_board_does_not_lose_the_others() {
    check("broken.lin", expect_file!["../data/lin/broken.expected"]);
}

#[test]
fn a_handviewer_link() {
    let url = fixture("handviewer.txt");
    let board = lin::parse_handviewer_url(&url);
    expect_file!["../data/lin/handviewer.expected"].assert_eq(&summary(&board));
}

#[test]
fn the_same_board_from_lin_and_from_pbn() {
    let lin_board = lin::parse(&fixture("single.lin")).remove(0).unwrap();
    let parsed = pbn::parse(&fixture("single.pbn"));
    assert_eq!(parsed.error_count() + pbn::check(&parsed.file).len(), 0);
    let pbn_game = &parsed.file.games[0];
    assert_eq!(pbn_game.to_game(), Ok(lin_board.game.clone()));
    assert_eq!(pbn_game.board_number(), lin_board.board.map(Ok));
    assert_eq!(pbn_game.result(), lin_board.claim.map(Ok));
    for (name, seat) in [("North", Seat::North), ("East", Seat::East), ("South", Seat::South), ("West", Seat::West)] {
        assert_eq!(pbn_game.value(name), Some(lin_board.players[seat].as_str()));
    }
    // The alert's explanation is the PBN note of the same call.
    let auction = pbn_game.auction().unwrap().unwrap();
    for (lin_call, pbn_call) in lin_board.calls.iter().zip(&auction.calls) {
        let note = pbn_call.annotations.iter().find_map(|annotation| match annotation {
            pbn::Annotation::Note(number) => auction.notes.iter().find(|note| note.number == *number),
            _ => None,
        });
        assert_eq!(lin_call.comment(), note.map(|note| note.text.as_str()));
    }
    // And the PBN game written from the LIN board reads the same.
    let written = pbn::parse(&lin_board.to_pbn().to_string());
    assert_eq!(written.error_count(), 0);
    assert_eq!(written.file.games[0].to_game(), Ok(lin_board.game.clone()));
    assert_eq!(written.file.games[0].result(), Some(Ok(10)));
}

#[test]
fn fixture_boards_round_trip_through_lin_and_pbn() {
    for name in ["single.lin", "vugraph.lin", "broken.lin"] {
        for board in lin::parse(&fixture(name)).into_iter().flatten() {
            let again = lin::parse(&board.to_lin()).remove(0).unwrap();
            assert_eq!(LinGame { offset: board.offset, ..again }, board, "{name}");
            let pbn_game = &pbn::parse(&board.to_pbn().to_string()).file.games[0];
            assert_eq!(pbn_game.to_game().as_ref(), Ok(&board.game), "{name}");
        }
    }
}

proptest! {
    #[test]
    fn generated_games_round_trip_through_lin(game in bridge::testing::arb_game(), alerts in any::<u64>()) {
        let calls = game
            .auction
            .calls()
            .iter()
            .enumerate()
            .map(|(idx, call)| {
                let alerted = alerts >> (idx % 64) & 1 == 1;
                let explanation = alerted.then(|| format!("explained {idx}"));
                LinCall { call: *call, alerted, explanation }
            })
            .collect();
        let names = BySeat::from_fn(|seat| seat.to_string());
        let board = LinGame {
            board: Some(7), id: None, players: names, game, calls, claim: None, notes: Vec::new(), offset: 0,
        };
        let text = board.to_lin();
        let again = lin::parse(&text);
        prop_assert_eq!(again.len(), 1);
        let again = again.into_iter().next().unwrap().unwrap();
        prop_assert_eq!(LinGame { offset: 0, ..again }, board.clone());
        let pbn_game: Game = pbn::parse(&board.to_pbn().to_string()).file.games[0].to_game().unwrap();
        prop_assert_eq!(pbn_game, board.game);
    }

    #[test]
    fn any_text_reads_without_panic(text in "\\PC*") {
        let _ = lin::tags(&text);
        for board in lin::parse(&text).iter().flatten() {
            let _ = board.to_pbn().to_string();
            let _ = lin::parse(&board.to_lin());
        }
        let _ = lin::parse_handviewer_url(&text);
    }

    #[test]
    fn any_tag_sequence_reads_without_panic(pairs in prop::collection::vec((tag_name(), tag_value()), 0..60)) {
        let text: String = pairs.iter().map(|(name, value)| format!("{name}|{value}|")).collect();
        for board in lin::parse(&text).iter().flatten() {
            let _ = board.result();
            let _ = lin::parse(&board.to_lin());
            let _ = pbn::parse(&board.to_pbn().to_string());
        }
        let url = format!("https://www.bridgebase.com/tools/handviewer.html?lin={text}");
        let _ = lin::parse_handviewer_url(&url);
    }

    #[test]
    fn handviewer_parameters_read_without_panic(
        params in prop::collection::vec(("[nsewdvbap]|lin|[a-z]{1,3}", "[0-9a-z!()%+|&=, -]{0,30}"), 0..8)
    ) {
        let query: Vec<String> = params.iter().map(|(key, value)| format!("{key}={value}")).collect();
        let _ = lin::parse_handviewer_url(&format!("handviewer.html?{}", query.join("&")));
    }

    #[test]
    fn mutated_real_lin_reads_without_panic(cut in 0usize..3000, insert in "[|,!0-9a-z \\n]{0,5}") {
        let text = fixture("vugraph.lin");
        let at = cut.min(text.len());
        let at = (0..=at).rev().find(|idx| text.is_char_boundary(*idx)).unwrap_or(0);
        let mutated = format!("{}{insert}{}", &text[..at], &text[at..]);
        for board in lin::parse(&mutated).iter().flatten() {
            let _ = lin::parse(&board.to_lin());
        }
    }
}

/// The tags LIN files use, in either case and with white space, and a few that are not tags.
fn tag_name() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => prop::sample::select(vec!["pn", "md", "sv", "ah", "qx", "mb", "an", "pc", "mc", "nt", "pg", "st", "rh"])
            .prop_map(str::to_owned),
        1 => Just("MB".to_owned()),
        1 => Just("\n pc".to_owned()),
        1 => "[a-z0-9]{0,3}",
    ]
}

/// Values that look like deals, calls, cards, numbers or free text.
fn tag_value() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-5]?(([SHDCshdc][AKQJT2-9]{0,5}){0,4},?){0,5}",
        "[1-8][cdhsnCDHSNx]!?|[pdrx]!?|",
        "[SHDCshdcz](10|[AKQJT2-9])",
        "[0-9]{1,3}|[onebx0-]",
        "[oc]?[0-9]{0,3}|Board [0-9]{1,4}",
        "[^|]{0,8}",
    ]
}
