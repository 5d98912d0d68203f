//! Unit tests of PBN reading and writing on small inline files.

use expect_test::{expect, Expect};

use crate::pbn::{check, parse, parse_bytes, Annotation, Item, PbnContract, PbnGame, Word};
use crate::{Bid, Call, Card, Game, Rank, Seat, Suit, Vulnerability};

/// Parses `text`, checks it, and prints the canonical output then every diagnostic.
#[track_caller]
fn check_fmt(text: &str, expect: Expect) {
    let parsed = parse(text);
    let mut actual = parsed.file.to_string();
    for diagnostic in parsed.diagnostics.iter().chain(check(&parsed.file).iter()) {
        actual.push_str(&format!("-- {diagnostic}\n"));
    }
    expect.assert_eq(&actual);
}

#[test]
fn inheritance_copies_the_previous_and_sticky_values() {
    let text = "[Event \"##Club\"]\n[Board \"1\"]\n[West \"Ann\"]\n\n[Board \"2\"]\n[West \"#\"]\n\n[Event \"Other\"]\n[Board \"3\"]\n";
    let file = parse(text).file;
    let events: Vec<Option<&str>> = file.games.iter().map(|game| game.value("Event")).collect();
    assert_eq!(events, [Some("Club"), Some("Club"), Some("Other")]);
    assert_eq!(file.games[1].value("West"), Some("Ann"));
}

#[test]
fn inheritance_without_a_previous_game_is_a_warning() {
    check_fmt(
        "[Event \"#\"]\n",
        expect![[r##"
            % PBN 2.1
            % EXPORT

            [Event "#"]
            -- 1:8: warning: no previous Event value to copy
        "##]],
    );
}

#[test]
fn auction_with_notes_annotations_and_commentary() {
    let text = "[Dealer \"N\"]\n[Auction \"N\"]\n1C =1= ! Pass $2 {why} 1NT AP\n[Note \"1:strong\"]\n";
    let game = &parse(text).file.games[0];
    let auction = game.auction().unwrap().unwrap();
    assert_eq!(auction.auction.calls().len(), 6);
    assert_eq!(auction.auction.contract().map(|contract| contract.to_string()), Some("1NT".to_owned()));
    assert_eq!(auction.calls[0].annotations, [Annotation::Note(1), Annotation::Suffix("!".to_owned())]);
    assert_eq!(auction.calls[1].annotations, [Annotation::Nag(2), Annotation::Commentary("why".to_owned())]);
    assert_eq!(auction.notes[0].text, "strong");
}

#[test]
fn play_rows_are_put_in_play_order() {
    // West leads SK; North wins the first trick with SA and leads the second.
    let text = "[Deal \"N:A32.AKQJ.AKQ.AKQ KQJ.T98.JT9.JT98 T98.765.8765.765 7654.432.432.432\"]\n\
                [Declarer \"S\"]\n[Contract \"3NT\"]\n[Play \"W\"]\nS4 SA SJ S8\n-  HA H8 H7\n*\n";
    let game = &parse(text).file.games[0];
    let play = game.play().unwrap().unwrap();
    let cards: Vec<String> = play.cards.iter().map(ToString::to_string).collect();
    assert_eq!(cards, ["S4", "SA", "SJ", "S8", "HA", "H8", "H7"]);
    assert!(play.ended);
}

#[test]
fn commentary_and_comments_stay_where_they_were() {
    check_fmt(
        "{before}\n[Event \"E\"] ; after event\n[Board \"1\"]\n{multi\nline}\n[Auction \"N\"]\nPass {in auction} Pass\n",
        expect![[r#"
            % PBN 2.1
            % EXPORT

            {before}
            [Event "E"]
            ; after event
            [Board "1"]
            {multi
            line}
            [Auction "N"]
            Pass {in auction} Pass
        "#]],
    );
}

#[test]
fn escapes_in_tag_values() {
    let file = parse(r#"[Event "say \"hi\" \\ \S"]"#).file;
    assert_eq!(file.games[0].value("Event"), Some(r#"say "hi" \ \S"#));
    let again = parse(&file.to_string()).file;
    assert_eq!(again.games[0].value("Event"), file.games[0].value("Event"));
}

#[test]
fn latin1_bytes_and_crlf() {
    let parsed = parse_bytes(b"[Event \"Chorz\xF3w\"]\r\n[Board \"1\"]\r\n\r\n[Board \"2\"]\r\n");
    assert_eq!(parsed.file.games.len(), 2);
    assert_eq!(parsed.file.games[0].value("Event"), Some("Chorzów"));
    assert_eq!(parsed.diagnostics.len(), 1, "one warning for the encoding");
}

#[test]
fn utf8_with_a_byte_order_mark() {
    let parsed = parse_bytes("\u{FEFF}% PBN 2.1\n[Event \"Étoile\"]\n".as_bytes());
    assert!(parsed.diagnostics.is_empty());
    assert_eq!(parsed.file.version(), Some("2.1"));
    assert_eq!(parsed.file.games[0].value("Event"), Some("Étoile"));
}

#[test]
fn nonstandard_files_read_with_warnings() {
    check_fmt(
        "[Event Random Deal #]\n[Date  \"2-Aug-2023\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1h p 3N P\nP P\n[Play \"E\"]cq\n",
        expect![[r#"
            % PBN 2.1
            % EXPORT

            [Event "Random Deal #"]
            [Date "2-Aug-2023"]
            [Dealer "N"]
            [Auction "N"]
            1H Pass 3NT Pass
            Pass Pass
            [Play "E"]
            CQ
            -- 1:8: warning: tag value without quotes
            -- 2:8: warning: one space should separate the tag name and value
            -- 7:11: warning: section data on the tag line
            -- 2:8: warning: nonstandard Date "2-Aug-2023": expected yyyy.mm.dd
            -- 5:1: warning: nonstandard call "1h" read as 1H
            -- 5:4: warning: nonstandard call "p" read as Pass
            -- 5:6: warning: nonstandard call "3N" read as 3NT
            -- 5:9: warning: nonstandard call "P" read as Pass
            -- 6:1: warning: nonstandard call "P" read as Pass
            -- 6:3: warning: nonstandard call "P" read as Pass
            -- 7:11: warning: nonstandard card "cq" read as CQ
            -- 7:7: error: the opening leader is E, not W on declarer S's left
        "#]],
    );
}

#[test]
fn illegal_calls_and_contradictions_are_errors() {
    check_fmt(
        "[Dealer \"N\"]\n[Declarer \"N\"]\n[Contract \"2S\"]\n[Auction \"N\"]\n1S 1H\n",
        expect![[r#"
            % PBN 2.1
            % EXPORT

            [Dealer "N"]
            [Declarer "N"]
            [Contract "2S"]
            [Auction "N"]
            1S 1H
            -- 5:4: error: illegal call 1H: insufficient bid 1H: it must outrank 1S
        "#]],
    );
    check_fmt(
        "[Dealer \"E\"]\n[Declarer \"N\"]\n[Contract \"2S\"]\n[Auction \"N\"]\n1S AP\n",
        expect![[r#"
            % PBN 2.1
            % EXPORT

            [Dealer "E"]
            [Declarer "N"]
            [Contract "2S"]
            [Auction "N"]
            1S AP
            -- 4:10: error: the auction starts with N but E is the dealer
            -- 3:11: error: Contract "2S" contradicts the auction, which ends in 1S
        "#]],
    );
}

#[test]
fn malformed_text_keeps_going() {
    let parsed = parse("[Event \"unclosed]\n[Board \"x\"]\n}{\n\n[Board \"2\"]\n");
    assert_eq!(parsed.file.games.len(), 2);
    assert!(parsed.error_count() >= 1);
    assert!(check(&parsed.file).iter().any(|diagnostic| diagnostic.message.contains("Board")));
}

#[test]
fn game_round_trip_through_pbn() {
    let text = "[Board \"3\"]\n[Dealer \"S\"]\n[Vulnerable \"EW\"]\n\
                [Deal \"S:AQ3.J42.KQ63.T85 T84.AT763.98.AJ7 9765.K98.A54.Q96 KJ2.Q5.JT72.K432\"]\n\
                [Auction \"S\"]\n1NT Pass 3NT AP\n[Play \"W\"]\nH6 H2 H3 HA\n";
    let game = parse(text).file.games[0].to_game().unwrap();
    assert_eq!(game.dealer(), Seat::South);
    assert_eq!(game.vulnerability, Vulnerability::EastWest);
    assert_eq!(game.auction.calls()[0], "1NT".parse::<Call>().unwrap());
    let pbn_game = PbnGame::from_game(&game);
    assert_eq!(pbn_game.contract(), Some(Ok(PbnContract::Contract("3NT".parse().unwrap()))));
    let back: Game = parse(&pbn_game.to_string()).file.games[0].to_game().unwrap();
    assert_eq!(back, game);
}

#[test]
fn tables_keep_their_rows() {
    let text = "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 9\nS  C 10\n";
    let file = parse(text).file;
    let Some(Item::Tag(tag)) = file.games[0].items.first() else { panic!("a tag") };
    assert_eq!(tag.section, crate::pbn::Section::Rows(vec!["N NT 9".to_owned(), "S  C 10".to_owned()]));
    assert_eq!(parse(&file.to_string()).file, parse(&parse(&file.to_string()).file.to_string()).file);
}

#[test]
fn words_keep_their_spelling() {
    let calls = [Call::Pass, Call::Double, Call::Redouble].into_iter().chain(Bid::all().map(Call::Bid));
    let cards = Suit::ALL.into_iter().flat_map(|suit| Rank::DESCENDING.map(|rank| Card::new(suit, rank)));
    let standard: Vec<String> = calls
        .map(|call| call.to_string())
        .chain(cards.map(|card| card.to_string()))
        .chain(["-".into(), "AP".into()])
        .collect();
    assert_eq!(standard.len(), 3 + 35 + 52 + 2);
    for spelling in &standard {
        let word = Word::from(spelling.as_str());
        assert_eq!((word.as_str(), word.is_standard()), (spelling.as_str(), true));
    }
    for spelling in ["", "p", "PASS", "Dbl", "1nt", "1N", "8C", "0S", "sa", "S10", "S1", "^S", "Pass!", "ÉX", "--"] {
        let word = Word::from(spelling);
        assert_eq!((word.as_str(), word.is_standard()), (spelling, false));
    }
}
