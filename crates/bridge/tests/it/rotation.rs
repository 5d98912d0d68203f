//! Rotating a game: the deal, the dealer, the auction, the vulnerability and the play turn together.

use bridge::{Auction, Call, Deal, Game, PlayError, Seat, Side, Suit, Vulnerability};
use expect_test::{expect, Expect};

const DEAL: &str = "N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654";

fn game() -> Game {
    let calls = ["1NT", "Pass", "3NT", "Pass", "Pass", "Pass"].map(|call| call.parse::<Call>().unwrap());
    let play = ["SJ", "S6", "S3", "SQ", "DA", "D2", "D8", "D3"].map(|card| card.parse().unwrap()).to_vec();
    Game {
        deal: DEAL.parse().unwrap(),
        vulnerability: Vulnerability::NorthSouth,
        auction: Auction::from_calls(Seat::North, calls).unwrap(),
        play,
    }
}

/// The game rotated by `steps`: dealer, vulnerability, deal, contract and
/// declarer, and the tricks won by each side after replaying the play.
#[track_caller]
fn check(steps: usize, expect: Expect) {
    let game = game().rotate(steps);
    let play = game.replay_play().expect("the auction has a contract").expect("the play is legal");
    let actual = format!(
        "dealer {} vul {} declarer {} contract {}\n{}\nNS {} EW {} next {:?}",
        game.dealer(),
        game.vulnerability,
        game.auction.declarer().unwrap(),
        game.auction.contract().unwrap(),
        game.deal,
        play.tricks_won(Side::NorthSouth),
        play.tricks_won(Side::EastWest),
        play.next_player(),
    );
    expect.assert_eq(&actual);
}

#[test]
fn rotate_a_game() {
    check(
        0,
        expect![[r#"
            dealer N vul NS declarer N contract 3NT
            N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654
            NS 2 EW 0 next Some(North)"#]],
    );
    check(
        1,
        expect![[r#"
            dealer E vul EW declarer E contract 3NT
            N:543.542.763.7654 AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98
            NS 0 EW 2 next Some(East)"#]],
    );
    check(
        2,
        expect![[r#"
            dealer S vul NS declarer S contract 3NT
            N:76.AT76.JT98.A98 543.542.763.7654 AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT
            NS 2 EW 0 next Some(South)"#]],
    );
    check(
        7,
        expect![[r#"
            dealer W vul EW declarer W contract 3NT
            N:JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654 AKQ2.KQ3.A54.K32
            NS 0 EW 2 next Some(West)"#]],
    );
}

#[test]
fn rotate_the_parts() {
    let deal: Deal = DEAL.parse().unwrap();
    assert_eq!(deal.rotate(1).hand(Seat::East), deal.hand(Seat::North));
    assert_eq!(deal.rotate(3).hand(Seat::West).to_string(), "AKQ2.KQ3.A54.K32");
    assert_eq!(deal.rotate(usize::MAX), deal.rotate(3));
    assert_eq!(Vulnerability::Both.rotate(1), Vulnerability::Both);
    assert_eq!(Vulnerability::None.rotate(3), Vulnerability::None);
    assert_eq!(Vulnerability::EastWest.rotate(1), Vulnerability::NorthSouth);
    assert_eq!(Vulnerability::EastWest.rotate(2), Vulnerability::EastWest);
    assert_eq!(Auction::new(Seat::West).rotate(2).dealer(), Seat::East);
}

#[test]
fn a_game_without_contract_has_no_play() {
    let calls = [Call::Pass; 4];
    let game = Game {
        deal: DEAL.parse().unwrap(),
        vulnerability: Vulnerability::None,
        auction: Auction::from_calls(Seat::South, calls).unwrap(),
        play: Vec::new(),
    };
    assert_eq!(game.replay_play(), None);
    assert_eq!(game.rotate(1).dealer(), Seat::West);
}

#[test]
fn an_illegal_play_is_reported_after_rotation() {
    let mut game = game();
    // West discards a spade on North's diamond ace while holding diamonds.
    game.play[7] = "S4".parse().unwrap();
    for steps in 0..4 {
        let err = game.clone().rotate(steps).replay_play().expect("the auction has a contract").unwrap_err();
        let seat = Seat::West.rotate(steps);
        assert_eq!(err.index, 7);
        assert_eq!(err.error, PlayError::Revoke { seat, card: game.play[7], led: Suit::Diamonds });
    }
}
