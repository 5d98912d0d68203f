//! Teaching modes: what the gate needs and canonicalises for each, the
//! minibridge declarer, and the minibridge contracts and scores.

use bridge::testing::{arb_deal, arb_seat};
use bridge::{Contract, Deal, Seat, Strain};
use expect_test::expect;
use proptest::prelude::*;
use training::{minibridge_declarer, MinibridgeContract, TeachingMode};

use crate::gate::{check, draft, three_notrump, DEAL};

/// Every hand 10 points: an ace, a king, a queen and a jack each.
const EVEN: &str = "N:AT62.K73.Q84.J95 J95.AT62.K73.Q84 Q84.J95.AT62.K73 K73.Q84.J95.AT62";
/// North 8, East 10, South 12, West 10: the sides tie at 20.
const TIED_SIDES: &str = "N:AT98765432.KT..J J.A98765432.KT.Q Q.J.AQ98765432.K K.Q.J.AT98765432";

fn deal(pbn: &str) -> Deal {
    pbn.parse().expect("test deals are well formed")
}

#[test]
fn the_stronger_side_declares_with_its_stronger_hand() {
    // North 21, East 10, South 9, West 0: North, whoever deals.
    for dealer in Seat::ALL {
        assert_eq!(minibridge_declarer(&deal(DEAL), dealer), Seat::North, "dealer {dealer}");
    }
}

#[test]
fn ties_go_to_the_dealer_side_and_to_the_first_to_announce() {
    let declarers = |pbn: &str| Seat::ALL.map(|dealer| minibridge_declarer(&deal(pbn), dealer));
    // Sides tied: the dealer's side; hands tied within it: the first from the dealer, the dealer.
    assert_eq!(declarers(EVEN), Seat::ALL);
    // Sides tied: North-South when North or South deals, and there South's 12 beat North's 8;
    // East-West when East or West deals, and there the tied hands go to the dealer.
    assert_eq!(declarers(TIED_SIDES), [Seat::South, Seat::East, Seat::South, Seat::West]);
}

proptest! {
    #[test]
    fn the_minibridge_declarer_follows_the_points(deal in arb_deal(), dealer in arb_seat()) {
        let declarer = minibridge_declarer(&deal, dealer);
        let points = |seat: Seat| deal.hands()[seat].hcp();
        let side = |seat: Seat| points(seat) + points(seat.partner());
        let (ours, theirs) = (side(declarer), side(declarer.next()));
        prop_assert!(ours > theirs || (ours == theirs && declarer.side() == dealer.side()));
        let partner = declarer.partner();
        prop_assert!(
            points(declarer) > points(partner)
                || (points(declarer) == points(partner) && dealer.steps_to(declarer) < dealer.steps_to(partner))
        );
    }
}

#[test]
fn minibridge_boards_drop_their_auction_and_play_and_seat_the_declarer_south() {
    // North declares 3NT in the draft and the learner is North; minibridge agrees on North.
    let mut board = three_notrump();
    board.metadata.teaching_mode = TeachingMode::Minibridge;
    board.player = Some(Seat::East);
    check(
        board,
        expect![[r#"
            deal N:76.AT76.JT98.A98 543.542.763.7654 AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT
            dealer S vul NS declarer S player S
            auction 
            contract - None opener - None Unset
            calls 0 cards 0 hand 13 languages []
            notes [MinibridgeCleared { calls: 6, cards: 4 }, PlayerCorrected { given: East, actual: North }, Rotated { steps: 2 }]"#]],
    );
    // No auction, no declarer given: the points decide, here South by the tie rules.
    let mut board = draft(TIED_SIDES, Seat::North, "", "");
    board.metadata.teaching_mode = TeachingMode::Minibridge;
    board.player = None;
    check(
        board,
        expect![[r#"
            deal N:AT98765432.KT..J J.A98765432.KT.Q Q.J.AQ98765432.K K.Q.J.AT98765432
            dealer N vul NS declarer S player S
            auction 
            contract - None opener - None Unset
            calls 0 cards 0 hand 13 languages []
            notes []"#]],
    );
}

#[test]
fn minibridge_needs_whole_hands() {
    let mut board = draft("N:AK... QJ... T9... 87...", Seat::North, "", "");
    board.metadata.teaching_mode = TeachingMode::Minibridge;
    check(
        board,
        expect![[r#"
            rejected
            mode_needs_full_deal: minibridge needs four hands of 13 cards, not an end position"#]],
    );
}

#[test]
fn modes_built_on_the_contract_need_a_complete_auction() {
    for mode in [
        TeachingMode::ShowContract,
        TeachingMode::ShowTrump,
        TeachingMode::ShowTrumpAndGoal { tricks: 9 },
        TeachingMode::BiddingPractice,
    ] {
        let mut board = draft(DEAL, Seat::North, "1NT Pass 3NT", "");
        board.declarer = Some(Seat::North);
        board.metadata.teaching_mode = mode;
        let rejections = training::gate(board, None, crate::gate::NOW, None).expect_err("an incomplete auction");
        let codes: Vec<&str> = rejections.iter().map(|rejection| rejection.reason.code()).collect();
        assert_eq!(codes, ["mode_needs_contract"], "{mode}");
        let mut board = three_notrump();
        board.metadata.teaching_mode = mode;
        assert!(training::gate(board, None, crate::gate::NOW, None).is_ok(), "{mode} with 3NT");
    }
    // A board in full may still be a draft without a contract.
    let mut board = draft(DEAL, Seat::North, "1NT Pass 3NT", "");
    board.declarer = Some(Seat::North);
    assert!(training::gate(board, None, crate::gate::NOW, None).is_ok());
}

#[test]
fn the_goal_is_a_number_of_tricks_of_the_deal() {
    let with_goal = |pbn: &str, calls: &str, tricks: u8| {
        let mut board = draft(pbn, Seat::North, calls, "");
        board.metadata.teaching_mode = TeachingMode::ShowTrumpAndGoal { tricks };
        match training::gate(board, None, crate::gate::NOW, None) {
            Ok(_) => "accepted".to_owned(),
            Err(rejections) => rejections.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "),
        }
    };
    let actual = [
        with_goal(DEAL, "1NT Pass 3NT Pass Pass Pass", 0),
        with_goal(DEAL, "1NT Pass 3NT Pass Pass Pass", 1),
        with_goal(DEAL, "1NT Pass 3NT Pass Pass Pass", 13),
        with_goal(DEAL, "1NT Pass 3NT Pass Pass Pass", 14),
        with_goal("N:AK... QJ... T9... 87...", "1NT Pass Pass Pass", 2),
        with_goal("N:AK... QJ... T9... 87...", "1NT Pass Pass Pass", 3),
    ]
    .join("\n");
    expect![[r#"
        invalid_goal: the goal of 0 tricks is not between 1 and the 13 tricks of the deal
        accepted
        accepted
        invalid_goal: the goal of 14 tricks is not between 1 and the 13 tricks of the deal
        accepted
        invalid_goal: the goal of 3 tricks is not between 1 and the 2 tricks of the deal"#]]
    .assert_eq(&actual);
}

#[test]
fn minibridge_contracts_are_a_part_score_or_a_game() {
    let announced = |strain: Strain, game: bool| MinibridgeContract { strain, game };
    let targets: Vec<(String, u8)> = Strain::ALL
        .into_iter()
        .flat_map(|strain| [false, true].map(|game| announced(strain, game)))
        .map(|contract| (contract.to_contract().to_string(), contract.target()))
        .collect();
    let targets: Vec<(&str, u8)> = targets.iter().map(|(contract, target)| (contract.as_str(), *target)).collect();
    assert_eq!(
        targets,
        [
            ("1C", 7),
            ("5C", 11),
            ("1D", 7),
            ("5D", 11),
            ("1H", 7),
            ("4H", 10),
            ("1S", 7),
            ("4S", 10),
            ("1NT", 7),
            ("3NT", 9)
        ]
    );
    for strain in Strain::ALL {
        for game in [false, true] {
            let contract = announced(strain, game);
            assert_eq!(MinibridgeContract::from_contract(contract.to_contract()), Some(contract));
        }
    }
    for other in ["2S", "3S", "4SX", "7NT", "1NTXX"] {
        let contract: Contract = other.parse().expect("test contracts are well formed");
        assert_eq!(MinibridgeContract::from_contract(contract), None, "{other}");
    }
}

#[test]
fn minibridge_scores_follow_the_ebu_table() {
    // The worked examples of the English Bridge Union's "How to score in Minibridge".
    let score = |strain: Strain, game: bool, tricks: u8| MinibridgeContract { strain, game }.score(tricks);
    assert_eq!(score(Strain::Clubs, false, 8), 90);
    assert_eq!(score(Strain::Hearts, false, 6), -50);
    assert_eq!(score(Strain::Spades, true, 10), 420);
    assert_eq!(score(Strain::Spades, false, 10), 170);
    assert_eq!(score(Strain::Hearts, true, 8), -100);
    assert_eq!(score(Strain::NoTrump, false, 9), 150);
    assert_eq!(score(Strain::NoTrump, true, 9), 400);
    assert_eq!(score(Strain::NoTrump, true, 8), -50);
    assert_eq!(score(Strain::Diamonds, true, 12), 420);
    assert_eq!(score(Strain::Clubs, true, 0), -550);
}

#[test]
fn modes_are_named_and_read_back_by_name() {
    for mode in TeachingMode::ALL {
        assert_eq!(TeachingMode::from_name(mode.as_str(), 0), Some(mode));
    }
    assert_eq!(TeachingMode::from_name("show_trump_and_goal", 8), Some(TeachingMode::ShowTrumpAndGoal { tricks: 8 }));
    assert_eq!(TeachingMode::from_name("blindfold", 0), None);
}

#[test]
fn the_best_announcement_scores_most() {
    // Ten tricks in spades, nine at notrump, eight in hearts, seven in the minors.
    let tricks = |strain: Strain| match strain {
        Strain::Spades => 10,
        Strain::NoTrump => 9,
        Strain::Hearts => 8,
        Strain::Clubs | Strain::Diamonds => 7,
    };
    // 4♠ makes 420; 3NT makes 400.
    assert_eq!(MinibridgeContract::best(tricks), (MinibridgeContract { strain: Strain::Spades, game: true }, 420));
    // Eight tricks everywhere: no game makes, and a part score at notrump (40 + 30 + 50) beats a major's (60 + 50).
    assert_eq!(MinibridgeContract::best(|_| 8), (MinibridgeContract { strain: Strain::NoTrump, game: false }, 120));
    // No tricks at all: every part score loses 350, less than any game; the first strain is kept.
    assert_eq!(MinibridgeContract::best(|_| 0), (MinibridgeContract { strain: Strain::Clubs, game: false }, -350));
}

#[test]
fn minibridge_boards_are_playable_without_a_contract() {
    let gated = |mode: TeachingMode, calls: &str| {
        let mut board = draft(DEAL, Seat::North, calls, "");
        board.declarer = Some(Seat::North);
        board.metadata.teaching_mode = mode;
        training::gate(board, None, crate::gate::NOW, None).expect("accepted").board
    };
    assert!(gated(TeachingMode::Minibridge, "").is_playable());
    assert!(gated(TeachingMode::Full, "1NT Pass 3NT Pass Pass Pass").is_playable());
    assert!(!gated(TeachingMode::Full, "1NT Pass").is_playable(), "a draft without its contract");
}
