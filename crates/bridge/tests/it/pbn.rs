//! PBN files through the public API: round trips of the shared deals and of
//! generated games, and no panic on any input.

use proptest::prelude::*;

use bridge::pbn::{self, PbnFile, PbnGame};
use bridge::{Deal, Game};

fn dd_deals() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/dd/dd-tables.txt");
    let text = std::fs::read_to_string(path).unwrap_or_else(|err| panic!("cannot read {path}: {err}"));
    text.lines()
        .filter_map(|line| line.split(' ').take(4).collect::<Vec<_>>().join(" ").into())
        .filter(|deal: &String| deal.contains(':'))
        .collect()
}

#[test]
fn dd_deals_round_trip_through_a_pbn_file() {
    let deals = dd_deals();
    assert!(deals.len() > 10);
    let mut text = String::new();
    for (idx, deal) in deals.iter().enumerate() {
        text.push_str(&format!("[Board \"{}\"]\n[Deal \"{deal}\"]\n\n", idx + 1));
    }
    let parsed = pbn::parse(&text);
    assert!(parsed.diagnostics.is_empty() && pbn::check(&parsed.file).is_empty());
    let again = pbn::parse(&parsed.file.to_string()).file;
    crate::pbn_corpus::assert_same_games("dd-tables", &parsed.file, &again);
    for (game, deal) in again.games.iter().zip(&deals) {
        let expected: Deal = deal.parse().unwrap();
        assert_eq!(game.deal(), Some(Ok(expected)));
        assert_eq!(game.value("Deal"), Some(deal.as_str()));
    }
}

proptest! {
    #[test]
    fn games_round_trip(game in bridge::testing::arb_game()) {
        let file = PbnFile { header: Vec::new(), games: vec![PbnGame::from_game(&game)] };
        let parsed = pbn::parse(&file.to_string());
        prop_assert_eq!(parsed.error_count(), 0);
        let back: Game = parsed.file.games[0].to_game().unwrap();
        prop_assert_eq!(back, game);
    }

    #[test]
    fn any_text_reads_without_panic(text in "\\PC*") {
        let parsed = pbn::parse(&text);
        let _ = pbn::check(&parsed.file);
        let _ = pbn::parse(&parsed.file.to_string());
        let _ = text.parse::<Deal>();
    }

    #[test]
    fn any_bytes_read_without_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let parsed = pbn::parse_bytes(&bytes);
        let _ = pbn::check(&parsed.file);
        for game in &parsed.file.games {
            let _ = game.to_game();
        }
    }

    #[test]
    fn pbn_like_text_reads_without_panic(
        text in "(\\[[A-Za-z]{1,8} \"[ -~]{0,12}\"\\]|\\{[^}]{0,10}\\}?|[=$!?*;%^+-]|[0-7][CDHSN]T?|[SHDCshdc][2-9TJQKA]|AP|Pass|X|[NESW]:|\\.| |\\n|\\t){0,60}"
    ) {
        let parsed = pbn::parse(&text);
        let _ = pbn::check(&parsed.file);
        for game in &parsed.file.games {
            let _ = game.to_game();
            let _ = game.result();
        }
        let again = pbn::parse(&parsed.file.to_string());
        let _ = pbn::check(&again.file);
    }

    #[test]
    fn mutated_real_pbn_reads_without_panic(cut in 0usize..2000, insert in "[\\[\\]{}\"#=*;%\\n -]{0,5}") {
        let text = SAMPLE;
        let at = cut.min(text.len());
        let at = (0..=at).rev().find(|idx| text.is_char_boundary(*idx)).unwrap_or(0);
        let mutated = format!("{}{insert}{}", &text[..at], &text[at..]);
        let parsed = pbn::parse(&mutated);
        let _ = pbn::check(&parsed.file);
        for game in &parsed.file.games {
            let _ = game.to_game();
        }
    }
}

const SAMPLE: &str = r###"% PBN 2.1
[Event "##Club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"]
[Declarer "S"]
[Contract "5HX"]
[Result "NS 9 EW 4"]
{ commentary
  on two lines }
[Auction "N"]
1D 1S 3H =1= 4S ; end
4NT =2= X Pass Pass
5C X 5H X
AP
[Note "1:non-forcing"]
[Note "2:two suits"]
[Play "W"]
SK {lead} H3 S4 S3
C5 C2 C6 CK
S2 H6 S5 S7
C8 CA CT C4
D2 DA DT D3
D4 DK H5 H7
- - - H2
*

[Board "2"]
[Event "#"]
[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]
N NT 9
S C 10
"###;
