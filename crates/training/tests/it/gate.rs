//! The write gate: codes, declarer and rotation, comments, validation, derived fields, properties.

use bridge::testing::{arb_card, arb_game, arb_seat, arb_vulnerability};
use bridge::{Bid, BySeat, Call, Card, Deal, Game, Seat};
use expect_test::{expect, Expect};
use proptest::prelude::*;
use training::{
    gate, BoardDraft, BoardId, DraftCall, DraftCard, DraftComment, GateNote, LevelClass, Locale, Localized, Metadata,
    Ownership, RichText, Timestamp, UserId, GATE_VERSION,
};

pub(crate) const DEAL: &str = "N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654";
const CODE: &str = "AbCd2345";
pub(crate) const NOW: Timestamp = Timestamp(1_700_000_000_000);

pub(crate) fn locale(tag: &str) -> Locale {
    tag.parse().expect("test locales are well formed")
}

/// A draft of `deal` (PBN) dealt by `dealer`, with space-separated calls and cards.
pub(crate) fn draft(deal: &str, dealer: Seat, calls: &str, play: &str) -> BoardDraft {
    let deal: Deal = deal.parse().expect("test deals are well formed");
    let calls = calls.split_whitespace().map(|call| DraftCall {
        seat: None,
        call: call.parse().expect("test calls are well formed"),
        comment: DraftComment::None,
    });
    let play = play
        .split_whitespace()
        .map(|card| DraftCard { card: card.parse().expect("test cards are well formed"), comment: DraftComment::None });
    BoardDraft {
        id: BoardId("b1".to_owned()),
        code: CODE.to_owned(),
        owner: Ownership::User { user_id: UserId("u1".to_owned()) },
        metadata: Metadata::default(),
        created: None,
        deleted: None,
        first_published: None,
        dealer,
        vulnerability: bridge::Vulnerability::NorthSouth,
        hands: deal.hands().map(|hand| hand.iter().collect()),
        declarer: None,
        player: Some(Seat::North),
        calls: calls.collect(),
        play: play.collect(),
        review: DraftComment::None,
    }
}

/// The north-deals 3NT by North, with the opening lead and three more cards.
pub(crate) fn three_notrump() -> BoardDraft {
    draft(DEAL, Seat::North, "1NT Pass 3NT Pass Pass Pass", "SJ S6 S3 S2")
}

/// Gates `draft` (no stored code, comments in `fr`) and describes the board or the rejections.
#[track_caller]
pub(crate) fn check(draft: BoardDraft, expect: Expect) {
    check_with(draft, None, Some(&locale("fr")), expect);
}

#[track_caller]
fn check_with(draft: BoardDraft, stored_code: Option<&str>, comment_locale: Option<&Locale>, expect: Expect) {
    let actual = match gate(draft, stored_code, NOW, comment_locale) {
        Ok(gated) => {
            let board = &gated.board;
            let game = board.game();
            let derived = board.derived();
            let mut res = vec![
                format!("deal {}", game.deal()),
                format!(
                    "dealer {} vul {} declarer {} player {}",
                    game.dealer(),
                    game.vulnerability(),
                    game.declarer(),
                    game.player()
                ),
                format!("auction {}", derived.flat_auction),
                format!(
                    "contract {} {:?} opener {} {:?} {:?}",
                    derived.contract.map_or("-".to_owned(), |contract| contract.to_string()),
                    derived.level_class,
                    derived.opener.map_or("-".to_owned(), |seat| seat.to_string()),
                    derived.opening_side,
                    derived.double_status,
                ),
                format!(
                    "calls {} cards {} hand {} languages {:?}",
                    derived.n_calls,
                    derived.n_cards_played,
                    derived.hand_len,
                    derived.languages.iter().map(Locale::as_str).collect::<Vec<&str>>()
                ),
            ];
            for (slot, text) in game.comment_slots() {
                for (locale, rich) in text.iter() {
                    res.push(format!("{slot} [{locale}] {}", rich.to_plain(locale)));
                }
            }
            res.push(format!("notes {:?}", gated.report.notes));
            res.join("\n")
        }
        Err(rejections) => {
            let lines: Vec<String> = rejections.iter().map(ToString::to_string).collect();
            format!("rejected\n{}", lines.join("\n"))
        }
    };
    expect.assert_eq(&actual);
}

#[test]
fn declarer_south_already() {
    let mut draft = draft(DEAL, Seat::South, "1D Pass 1S Pass 2NT Pass 3NT Pass Pass Pass", "");
    draft.declarer = Some(Seat::South);
    check(
        draft,
        expect![[r#"
            deal N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654
            dealer S vul NS declarer S player N
            auction 1D Pass 1S Pass 2NT Pass 3NT Pass Pass Pass
            contract 3NT Some(Game) opener S Some(Declarer) Undoubled
            calls 10 cards 0 hand 13 languages []
            notes []"#]],
    );
}

#[test]
fn rotation_and_declarer_correction() {
    let mut draft = three_notrump();
    draft.declarer = Some(Seat::East);
    draft.calls[0].comment = DraftComment::Plain("North opens, West !S lead".to_owned());
    check(
        draft,
        expect![[r#"
            deal N:76.AT76.JT98.A98 543.542.763.7654 AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT
            dealer S vul NS declarer S player S
            auction 1NT Pass 3NT Pass Pass Pass
            contract 3NT Some(Game) opener S Some(Declarer) Undoubled
            calls 6 cards 4 hand 13 languages ["fr"]
            call 1 [fr] Sud opens, Est ♠ lead
            notes [DeclarerCorrected { given: East, actual: North }, Rotated { steps: 2 }]"#]],
    );
}

#[test]
fn codes() {
    check_with(
        three_notrump(),
        Some(CODE),
        None,
        expect![[r#"
        deal N:76.AT76.JT98.A98 543.542.763.7654 AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT
        dealer S vul NS declarer S player S
        auction 1NT Pass 3NT Pass Pass Pass
        contract 3NT Some(Game) opener S Some(Declarer) Undoubled
        calls 6 cards 4 hand 13 languages []
        notes [Rotated { steps: 2 }]"#]],
    );
    let legacy = BoardDraft { code: "OoIl0123".to_owned(), ..three_notrump() };
    check_with(
        legacy.clone(),
        None,
        None,
        expect![[r#"
        rejected
        invalid_code: "OoIl0123" is not a valid deal code"#]],
    );
    assert!(gate(legacy.clone(), Some("OoIl0123"), NOW, None).is_ok(), "a stored legacy code is grandfathered");
    check_with(
        legacy.clone(),
        Some("OoIl0124"),
        None,
        expect![[r#"
        rejected
        code_mismatch: the code "OoIl0123" differs from the stored code "OoIl0124""#]],
    );
    check_with(
        three_notrump(),
        Some("OoIl0123"),
        None,
        expect![[r#"
        rejected
        code_mismatch: the code "AbCd2345" differs from the stored code "OoIl0123""#]],
    );
}

#[test]
fn comments_need_a_locale() {
    let mut draft = three_notrump();
    draft.review = DraftComment::Plain("Count your tricks.".to_owned());
    draft.calls[1].comment = DraftComment::Plain("   ".to_owned());
    draft.play[0].comment = DraftComment::Rich(RichText::parse("Top of a sequence"));
    draft.play[1].comment = DraftComment::Localized(Localized::single(locale("en"), RichText::text("low")));
    check_with(
        draft.clone(),
        None,
        None,
        expect![[r#"
        rejected
        comment_locale_required: plain or unlocalized comments without a comment locale: review, card 1"#]],
    );
    check_with(
        draft,
        None,
        Some(&locale("en")),
        expect![[r#"
        deal N:76.AT76.JT98.A98 543.542.763.7654 AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT
        dealer S vul NS declarer S player S
        auction 1NT Pass 3NT Pass Pass Pass
        contract 3NT Some(Game) opener S Some(Declarer) Undoubled
        calls 6 cards 4 hand 13 languages ["en"]
        review [en] Count your tricks.
        card 1 [en] Top of a sequence
        card 2 [en] low
        notes [Rotated { steps: 2 }]"#]],
    );
}

#[test]
fn two_languages_need_complete_translations() {
    let both = |fr: &str, en: &str| {
        DraftComment::Localized(
            [(locale("fr"), RichText::parse(fr)), (locale("en"), RichText::parse(en))].into_iter().collect(),
        )
    };
    let mut draft = three_notrump();
    draft.review = both("Comptez", "Count");
    draft.calls[0].comment = DraftComment::Plain("15-17".to_owned());
    draft.play[0].comment = both("", "top");
    check(
        draft.clone(),
        expect![[r#"
        rejected
        incomplete_translation: call 1 lacks en
        incomplete_translation: card 1 lacks fr"#]],
    );
    draft.calls[0].comment = both("15-17", "15-17");
    draft.play[0].comment = both("tête", "top");
    check(
        draft,
        expect![[r#"
        deal N:76.AT76.JT98.A98 543.542.763.7654 AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT
        dealer S vul NS declarer S player S
        auction 1NT Pass 3NT Pass Pass Pass
        contract 3NT Some(Game) opener S Some(Declarer) Undoubled
        calls 6 cards 4 hand 13 languages ["en", "fr"]
        review [en] Count
        review [fr] Comptez
        call 1 [en] 15-17
        call 1 [fr] 15-17
        card 1 [en] top
        card 1 [fr] tête
        notes [Rotated { steps: 2 }]"#]],
    );
}

#[test]
fn every_rejection_is_reported() {
    let mut draft = draft(DEAL, Seat::North, "1NT Pass 1S Pass Pass Pass", "");
    draft.code = "bad".to_owned();
    draft.hands[Seat::East].push("SA".parse().expect("a card"));
    draft.hands[Seat::West].pop();
    draft.player = None;
    check(
        draft,
        expect![[r#"
        rejected
        invalid_code: "bad" is not a valid deal code
        malformed_hands: SA is dealt more than once (N and E)
        malformed_hands: hands must hold 1 to 13 cards each, as many in every hand; they hold N 13, E 14, S 13, W 12
        illegal_call: call 3 (1S): insufficient bid 1S: it must outrank 1NT
        missing_player: the seat the learner plays is not given"#]],
    );
}

#[test]
fn auction_turns() {
    let mut draft = three_notrump();
    draft.calls[0].seat = Some(Seat::East);
    draft.calls[1].seat = Some(Seat::East);
    draft.calls[2].seat = Some(Seat::North);
    check(
        draft,
        expect![[r#"
        rejected
        auction_not_from_dealer: the auction starts with E but N deals
        call_out_of_turn: call 3 (3NT) is made by N but it is S's turn"#]],
    );
}

#[test]
fn declarers_and_incomplete_auctions() {
    check(
        draft(DEAL, Seat::West, "Pass Pass Pass Pass", ""),
        expect![[r#"
        rejected
        missing_declarer: the auction is passed out: nobody declares"#]],
    );
    check(
        draft(DEAL, Seat::West, "1C Pass", ""),
        expect![[r#"
        rejected
        missing_declarer: no declarer given and the auction is not complete"#]],
    );
    let given = BoardDraft { declarer: Some(Seat::West), ..draft(DEAL, Seat::West, "1C Pass", "") };
    check(
        given.clone(),
        expect![[r#"
        deal N:JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654 AKQ2.KQ3.A54.K32
        dealer S vul EW declarer S player W
        auction 1C Pass
        contract - None opener S Some(Declarer) Unset
        calls 2 cards 0 hand 13 languages []
        notes [Rotated { steps: 3 }]"#]],
    );
    let played = BoardDraft { declarer: Some(Seat::West), ..draft(DEAL, Seat::West, "1C Pass", "SA") };
    check(
        played,
        expect![[r#"
        rejected
        impossible_play: cards are played but the auction is not complete"#]],
    );
}

#[test]
fn impossible_plays() {
    check(
        draft(DEAL, Seat::North, "1NT Pass 3NT Pass Pass Pass", "SA"),
        expect![[r#"
        rejected
        impossible_play: card 1 of the play (SA): E does not hold SA"#]],
    );
    check(
        draft(DEAL, Seat::North, "1NT Pass 3NT Pass Pass Pass", "SJ S6 H2"),
        expect![[r#"
        rejected
        impossible_play: card 3 of the play (H2): revoke: W plays H2 but holds a card of the suit led (S)"#]],
    );
    check(
        draft(DEAL, Seat::North, "1NT Pass 3NT Pass Pass Pass", "SJ S6 S3 S2 SJ"),
        expect![[r#"
        rejected
        impossible_play: card 5 of the play (SJ): SJ was already played"#]],
    );
}

#[test]
fn end_positions_and_derived_fields() {
    let ending = "N:AK.2.. QJ.3.. T9.4.. 87.5..";
    check(
        draft(ending, Seat::East, "Pass 1S X XX 7S X Pass Pass XX Pass Pass Pass", "SQ"),
        expect![[r#"
        rejected
        impossible_play: card 1 of the play (SQ): S does not hold SQ"#]],
    );
    check(
        draft(ending, Seat::East, "Pass 1S X XX 7S X Pass Pass XX Pass Pass Pass", "S2"),
        expect![[r#"
        rejected
        impossible_play: card 1 of the play (S2): S does not hold S2"#]],
    );
    check(
        draft(ending, Seat::East, "Pass 1S X XX 7S X Pass Pass XX Pass Pass Pass", "ST S8 SA SQ H2"),
        expect![[r#"
        deal N:87.5.. AK.2.. QJ.3.. T9.4..
        dealer S vul EW declarer S player E
        auction Pass 1S X XX 7S X Pass Pass XX Pass Pass Pass
        contract 7SXX Some(GrandSlam) opener W Some(Defence) Redoubled
        calls 12 cards 5 hand 3 languages []
        notes [Rotated { steps: 1 }]"#]],
    );
    check(
        draft(DEAL, Seat::North, "1H 2C Pass Pass Pass", ""),
        expect![[r#"
        deal N:543.542.763.7654 AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98
        dealer E vul EW declarer S player E
        auction 1H 2C Pass Pass Pass
        contract 2C Some(PartScore) opener E Some(Defence) Undoubled
        calls 5 cards 0 hand 13 languages []
        notes [Rotated { steps: 1 }]"#]],
    );
}

/// Any call, legal or not.
fn arb_call() -> impl Strategy<Value = Call> {
    let bids: Vec<Call> = Bid::all().map(Call::Bid).collect();
    prop_oneof![Just(Call::Pass), Just(Call::Double), Just(Call::Redouble), prop::sample::select(bids)]
}

fn arb_comment() -> impl Strategy<Value = DraftComment> {
    prop_oneof![
        Just(DraftComment::None),
        "[ a-zA-Z!♠\n]{0,12}".prop_map(DraftComment::Plain),
        "[ a-zA-Z]{0,8}".prop_map(|text| DraftComment::Rich(RichText::parse(&text))),
        ("en|fr|und", "[ a-z]{0,6}").prop_map(|(tag, text)| {
            DraftComment::Localized(Localized::single(locale(&tag), RichText::parse(&text)))
        }),
    ]
}

/// Anything the types allow: hands of random cards, random calls and cards.
fn arb_draft() -> impl Strategy<Value = BoardDraft> {
    let hand = || prop::collection::vec(arb_card(), 0..15);
    (
        ("[a-zA-Z0-9]{6,9}", arb_seat(), arb_vulnerability(), [hand(), hand(), hand(), hand()]),
        (prop::option::of(arb_seat()), prop::option::of(arb_seat())),
        prop::collection::vec((prop::option::of(arb_seat()), arb_call(), arb_comment()), 0..12),
        prop::collection::vec((arb_card(), arb_comment()), 0..8),
        arb_comment(),
    )
        .prop_map(|((code, dealer, vulnerability, hands), (declarer, player), calls, play, review)| BoardDraft {
            code,
            dealer,
            vulnerability,
            hands: BySeat(hands),
            declarer,
            player,
            calls: calls.into_iter().map(|(seat, call, comment)| DraftCall { seat, call, comment }).collect(),
            play: play.into_iter().map(|(card, comment)| DraftCard { card, comment }).collect(),
            review,
            ..draft(DEAL, Seat::North, "", "")
        })
}

/// A legal game with a contract, as a draft with plain comments naming seats.
pub(crate) fn game_draft(game: &Game, player: Seat) -> BoardDraft {
    let comment = |idx: usize| DraftComment::Plain(format!("{} {idx} !S", seat_name(Seat::from_index(idx))));
    BoardDraft {
        dealer: game.dealer(),
        vulnerability: game.vulnerability,
        hands: game.deal.hands().map(|hand| hand.iter().collect()),
        player: Some(player),
        calls: game
            .auction
            .calls()
            .iter()
            .enumerate()
            .map(|(idx, call)| DraftCall { seat: Some(game.auction.seat_of(idx)), call: *call, comment: comment(idx) })
            .collect(),
        play: game
            .play
            .iter()
            .enumerate()
            .map(|(idx, card)| DraftCard { card: *card, comment: comment(idx) })
            .collect(),
        ..draft(DEAL, Seat::North, "", "")
    }
}

fn seat_name(seat: Seat) -> &'static str {
    ["North", "East", "South", "West"][seat.index()]
}

pub(crate) fn arb_contract_game() -> impl Strategy<Value = Game> {
    arb_game().prop_filter("the auction has a contract", |game| game.auction.contract().is_some())
}

proptest! {
    #[test]
    fn the_gate_never_panics(draft in arb_draft(), stored in prop::option::of("[a-zA-Z0-9]{8}"), fr in any::<bool>()) {
        let locale = locale("fr");
        let _ = gate(draft, stored.as_deref(), NOW, fr.then_some(&locale));
    }

    #[test]
    fn legal_games_pass_with_declarer_south(game in arb_contract_game(), player in arb_seat()) {
        let gated = gate(game_draft(&game, player), None, NOW, Some(&locale("en")));
        let gated = gated.map_err(|rejections| TestCaseError::fail(format!("{rejections:?}")))?;
        let board = gated.board;
        prop_assert_eq!(board.game().declarer(), Seat::South);
        prop_assert_eq!(board.game().auction().declarer(), Some(Seat::South));
        prop_assert_eq!(board.derived().contract, game.auction.contract());
        prop_assert_eq!(board.derived().strain, game.auction.contract().map(|contract| contract.strain()));
        let steps = game.auction.declarer().map_or(0, |declarer| declarer.steps_to(Seat::South));
        prop_assert_eq!(board.game().game(), &game.clone().rotate(steps));
        prop_assert_eq!(board.game().player(), player.rotate(steps));
        prop_assert_eq!(board.derived().n_cards_played, game.play.len());
        prop_assert_eq!(gated.report.notes.is_empty(), steps == 0);
        prop_assert_eq!((board.gate_version(), board.gated_at()), (GATE_VERSION, NOW), "the gate stamps itself");
    }

    #[test]
    fn the_gate_is_idempotent(game in arb_contract_game(), player in arb_seat()) {
        let first = gate(game_draft(&game, player), None, NOW, Some(&locale("en")));
        let first = first.map_err(|rejections| TestCaseError::fail(format!("{rejections:?}")))?.board;
        let second = gate(first.to_draft(), Some(first.code()), NOW, None);
        let second = second.map_err(|rejections| TestCaseError::fail(format!("{rejections:?}")))?;
        prop_assert_eq!(second.report.notes, Vec::<GateNote>::new());
        prop_assert_eq!(second.board, first);
    }

    #[test]
    fn a_rotated_draft_gives_the_same_board(game in arb_contract_game(), player in arb_seat(), steps in 1..4usize) {
        let gate_en = |draft: BoardDraft| gate(draft, None, NOW, Some(&locale("en"))).map(|gated| gated.board);
        let board = gate_en(game_draft(&game, player)).map_err(|rejections| TestCaseError::fail(format!("{rejections:?}")))?;
        let mut rotated = game_draft(&game.clone().rotate(steps), player.rotate(steps));
        // The comments name seats of the unrotated table: rotate them as the table turned.
        for (idx, call) in rotated.calls.iter_mut().enumerate() {
            call.comment = DraftComment::Plain(format!("{} {idx} !S", seat_name(Seat::from_index(idx).rotate(steps))));
        }
        for (idx, card) in rotated.play.iter_mut().enumerate() {
            card.comment = DraftComment::Plain(format!("{} {idx} !S", seat_name(Seat::from_index(idx).rotate(steps))));
        }
        let rotated = gate_en(rotated).map_err(|rejections| TestCaseError::fail(format!("{rejections:?}")))?;
        prop_assert_eq!(rotated, board);
    }
}

#[test]
fn a_card_in_two_hands_is_reported_once_per_extra_copy() {
    let mut draft = three_notrump();
    let ace: Card = "SA".parse().expect("a card");
    draft.hands[Seat::South][0] = ace;
    draft.hands[Seat::West][0] = ace;
    check(
        draft,
        expect![[r#"
        rejected
        malformed_hands: SA is dealt more than once (N and S)
        malformed_hands: SA is dealt more than once (N, S and W)"#]],
    );
}

#[test]
fn contracts_fall_in_their_level_class() {
    let classes: Vec<String> =
        ["1C", "4C", "5C", "5D", "2H", "3S", "4H", "4S", "2NT", "3NT", "5NTX", "6C", "6NT", "6SXX", "7D", "7NT"]
            .iter()
            .map(|text| {
                let contract: bridge::Contract = text.parse().expect("test contracts are well formed");
                format!("{text} {:?}", LevelClass::of(contract))
            })
            .collect();
    expect![[r#"
        1C PartScore
        4C PartScore
        5C Game
        5D Game
        2H PartScore
        3S PartScore
        4H Game
        4S Game
        2NT PartScore
        3NT Game
        5NTX Game
        6C SmallSlam
        6NT SmallSlam
        6SXX SmallSlam
        7D GrandSlam
        7NT GrandSlam"#]]
    .assert_eq(&classes.join("\n"));
}
