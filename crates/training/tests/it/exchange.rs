//! PBN in and out: export numbering, rotation, vulnerability and comments; import plans with their
//! refusals; applying a plan; round trips; the real-world corpus.

use std::path::PathBuf;

use bridge::pbn;
use bridge::testing::{arb_seat, SplitMix64};
use bridge::{board_dealer, board_vulnerability, Seat, Vulnerability};
use expect_test::{expect, Expect};
use proptest::prelude::*;
use training::testing::InMemoryBoards;
use training::{
    apply_import, export_pbn, gate, plan_import, plan_import_bytes, plan_import_file, plan_import_lin, ApplyError,
    Board, BoardRepository, DraftComment, ExportError, ExportOptions, ExportVulnerability, ImportOptions, ImportPlan,
    ImportPlanner, ImportRejection, Level, Localized, Metadata, PlannedOutcome, RandomSource, RichText, Scoring,
    Sharing, TeachingMode, Timestamp, UserId,
};

use crate::gate::{arb_contract_game, game_draft, locale, three_notrump, NOW};

/// Random draws from splitmix64, the project's deterministic generator.
struct Mix(SplitMix64);

impl RandomSource for Mix {
    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
}

/// A source that always draws the same number, so always the same code.
struct Stuck;

impl RandomSource for Stuck {
    fn next_u64(&mut self) -> u64 {
        0
    }
}

fn localized(entries: &[(&str, &str)]) -> Localized {
    entries.iter().map(|(tag, text)| (locale(tag), RichText::parse(text))).collect()
}

/// The 3NT board of the gate's tests (declarer North, so turned two seats) with metadata and
/// comments in French and English.
fn teaching_board() -> Board {
    let mut draft = three_notrump();
    draft.metadata = Metadata {
        name: "Count your \"winners\"".to_owned(),
        level: Level::new(2),
        scoring: Scoring::Imps,
        auction_system: "SEF".to_owned(),
        auction_themes: vec!["notrump_opening".to_owned()],
        play_themes: vec!["counting".to_owned(), "hold_up".to_owned()],
        user_themes: Vec::new(),
        inspirations: vec!["Le Bridge, 1998".to_owned()],
        sharing: Sharing::Public,
        teaching_mode: TeachingMode::ShowTrumpAndGoal { tricks: 9 },
    };
    draft.review = DraftComment::Localized(localized(&[
        ("fr", "Neuf levées : comptez-les {avant}.\n\n- ♠ quatre\n- !H trois"),
        ("en", "Nine tricks: count them {first}.\n\n- ♠ four\n- !H three"),
    ]));
    draft.calls[0].comment = DraftComment::Localized(localized(&[("fr", "Nord ouvre 1SA"), ("en", "North opens 1NT")]));
    draft.calls[2].comment = DraftComment::Localized(localized(&[("fr", "Sud conclut"), ("en", "South bids game")]));
    draft.play[0].comment = DraftComment::Localized(localized(&[("fr", "Entame d'Est ♠V"), ("en", "East leads ♠J")]));
    match gate(draft, None, NOW, None) {
        Ok(gated) => gated.board,
        Err(rejections) => panic!("the teaching board passes the gate: {rejections:?}"),
    }
}

fn options(first_number: u32, series: u32) -> ExportOptions {
    ExportOptions {
        event: "Club night".to_owned(),
        first_number,
        series,
        locale: locale("fr"),
        vulnerability: ExportVulnerability::Keep,
    }
}

fn import_options() -> ImportOptions {
    ImportOptions { owner: UserId("importer".to_owned()), comment_locale: Some(locale("en")) }
}

fn export_text(boards: &[Board], options: &ExportOptions) -> String {
    match export_pbn(boards, options) {
        Ok(file) => file.to_string(),
        Err(err) => panic!("export fails: {err}"),
    }
}

#[test]
fn export_writes_tags_and_comments_in_the_chosen_language() {
    let text = export_text(&[teaching_board()], &options(2, 1));
    expect![[r#"
        % PBN 2.1
        % EXPORT

        [Event "Club night"]
        [Board "2"]
        [Dealer "E"]
        [Vulnerable "EW"]
        [Deal "E:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654"]
        [Scoring "IMP"]
        [Declarer "E"]
        [Contract "3NT"]
        [Result ""]
        [TrainingName "Count your \"winners\""]
        [TrainingLevel "2"]
        [TrainingSystem "SEF"]
        [TrainingAuctionThemes "notrump_opening"]
        [TrainingPlayThemes "counting;hold_up"]
        [TrainingInspirations "Le Bridge, 1998"]
        [TrainingMode "show_trump_and_goal 9"]
        [TrainingPlayer "E"]
        [TrainingLocale "fr"]
        [TrainingCode "AbCd2345"]
        {Neuf levées : comptez-les (avant).

        - ♠ quatre
        - ♥ trois}
        [Auction "E"]
        1NT {Est ouvre 1SA} Pass 3NT {Ouest conclut} Pass
        Pass Pass
        [Play "S"]
        SJ {Entame d'Est ♠V} S6 S3 S2
    "#]]
    .assert_eq(&text);
}

#[test]
fn export_numbers_series_and_turns_each_copy_to_its_standard_dealer() {
    let board = teaching_board();
    let file = export_pbn(&[board.clone(), board.clone(), board.clone()], &options(5, 2)).expect("numbers fit");
    let actual: Vec<String> = file
        .games
        .iter()
        .map(|game| {
            let number = game.board_number().and_then(Result::ok).expect("every game is numbered");
            let played = game.to_game().expect("every game reads");
            assert_eq!(played.dealer(), board_dealer(number), "board {number}");
            format!(
                "{number} {} {} {} {}",
                played.dealer(),
                played.vulnerability,
                game.value("Declarer").unwrap_or("-"),
                game.value("TrainingPlayer").unwrap_or("-")
            )
        })
        .collect();
    // The board deals South and is vulnerable NS (its declarer's side): each copy turns so the
    // standard dealer deals, the vulnerability and the player turning with it.
    expect![[r#"
        5 N NS N N
        6 E EW E E
        7 S NS S S
        8 W EW W W
        9 N NS N N
        10 E EW E E"#]]
    .assert_eq(&actual.join("\n"));
}

#[test]
fn export_by_number_sets_the_standard_vulnerability() {
    let board = teaching_board();
    let mut options = options(1, 1);
    options.vulnerability = ExportVulnerability::ByNumber;
    let boards = vec![board; 16];
    let file = export_pbn(&boards, &options).expect("numbers fit");
    for (idx, game) in file.games.iter().enumerate() {
        let number = u32::try_from(idx + 1).expect("small");
        let played = game.to_game().expect("every game reads");
        assert_eq!(played.vulnerability, board_vulnerability(number), "board {number}");
        assert_eq!(played.dealer(), board_dealer(number), "board {number}");
    }
}

#[test]
fn export_refuses_numbers_it_cannot_write() {
    let board = teaching_board();
    let check = |first_number: u32, series: u32, n_boards: usize, expect: Expect| {
        let boards = vec![board.clone(); n_boards];
        let actual = match export_pbn(&boards, &options(first_number, series)) {
            Ok(file) => format!("{} games", file.games.len()),
            Err(err) => err.to_string(),
        };
        expect.assert_eq(&actual);
    };
    check(0, 1, 1, expect!["board numbers start at 1, not 0"]);
    check(1, 0, 1, expect!["at least one series is needed"]);
    check(u32::MAX, 1, 1, expect!["1 games"]);
    check(u32::MAX, 1, 2, expect!["2 boards from number 4294967295 run past the largest board number"]);
    check(u32::MAX - 3, 2, 2, expect!["4 games"]);
    check(1, 3, 0, expect!["0 games"]);
    assert_eq!(export_pbn(&[board], &options(0, 1)), Err(ExportError::ZeroFirstNumber));
}

#[test]
fn export_falls_back_to_the_same_language_then_und_then_nothing() {
    let check = |entries: &[(&str, &str)], expect: Expect| {
        let mut draft = three_notrump();
        draft.review = DraftComment::Localized(localized(entries));
        let board = gate(draft, None, NOW, None).expect("a one-language review passes").board;
        let text = export_text(&[board], &options(1, 1));
        let parsed = pbn::parse(&text);
        let review: Vec<String> = parsed.file.games[0]
            .items
            .iter()
            .filter_map(|item| match item {
                pbn::Item::Commentary(commentary) => Some(commentary.text.clone()),
                _ => None,
            })
            .collect();
        expect.assert_eq(&review.join("|"));
    };
    check(&[("fr", "exact"), ("fr-CA", "région"), ("und", "inconnue")], expect!["exact"]);
    check(&[("fr-CA", "région"), ("und", "inconnue")], expect!["région"]);
    check(&[("en", "English"), ("und", "inconnue Nord")], expect!["inconnue Nord"]);
    check(&[("en", "English only")], expect![[r#""#]]);
}

/// Describes a plan: one line per game, then the file's own diagnostics.
fn describe(plan: &ImportPlan) -> String {
    let mut res: Vec<String> = Vec::new();
    for game in &plan.games {
        let head = format!(
            "game {} board {} line {}",
            game.index,
            game.board_number.map_or("-".to_owned(), |number| number.to_string()),
            game.pos.line
        );
        match &game.outcome {
            PlannedOutcome::Create(planned) => {
                let board = &planned.preview;
                let en = locale("en");
                let comments: Vec<String> = board
                    .game()
                    .comment_slots()
                    .filter_map(|(slot, text)| Some(format!("{slot}: {}", text.get(&en)?.to_plain(&en))))
                    .collect();
                res.push(format!(
                    "{head}: create {:?} {} by {} player {} {:?}",
                    board.metadata.name,
                    board.derived().flat_auction,
                    board.game().declarer(),
                    board.game().player(),
                    planned.report.notes,
                ));
                res.extend(comments.into_iter().map(|comment| format!("  {}", comment.replace('\n', "/"))));
            }
            PlannedOutcome::Rejected(ImportRejection::Pbn(errors)) => {
                res.push(format!("{head}: rejected (pbn)"));
                res.extend(errors.iter().map(|err| format!("  {err}")));
            }
            PlannedOutcome::Rejected(ImportRejection::Gate(rejections)) => {
                res.push(format!("{head}: rejected (gate)"));
                res.extend(rejections.iter().map(|rejection| format!("  {rejection}")));
            }
            PlannedOutcome::Rejected(ImportRejection::Lin(error)) => {
                res.push(format!("{head}: rejected (lin)"));
                res.push(format!("  {error}"));
            }
        }
        res.extend(game.diagnostics.iter().map(|diagnostic| format!("  note {diagnostic}")));
    }
    res.extend(plan.file_diagnostics.iter().map(|diagnostic| format!("file {diagnostic}")));
    res.join("\n")
}

const FOREIGN: &str = r#"% A file from elsewhere
[Event "Monday pairs"]
[Board "3"]
[Dealer "N"]
[Vulnerable "EW"]
[Deal "N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654"]
[Declarer "W"]
{A classic: count first.}
[Auction "N"]
1NT {15-17} Pass 3NT =1= AP
[Note "1:to play"]
[Play "E"]
SJ {top of a sequence} S6 S3 S2 {low from dummy}
*

[Board "4"]
[Dealer "W"]
[Deal "N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.AKQ"]
[Auction "W"]
1C

[Board "5"]
[Dealer "N"]
[Deal "N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654"]
[Auction "N"]
Pass Pass Pass Pass

[Board "6"]
[Dealer "E"]
[Deal "N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654"]
[Auction "E"]
1NT 1C
"#;

#[test]
fn import_plans_every_game_with_its_comments_or_refusals() {
    let plan = plan_import(FOREIGN, &import_options(), NOW);
    expect![[r#"
        game 0 board 3 line 2: create "Monday pairs 3" 1NT Pass 3NT Pass Pass Pass by S player S [DeclarerCorrected { given: West, actual: North }, Rotated { steps: 2 }]
          review: A classic: count first.
          call 1: 15-17
          call 3: to play
          card 1: top of a sequence
          card 4: low from dummy
          note 7:11: error: Declarer W contradicts the auction, which gives N
          note 12:7: error: the opening leader is E, not N on declarer W's left
        game 1 board 4 line 16: rejected (pbn)
          18:7: error: invalid deal: card CK is in the hands of both N and W
        game 2 board 5 line 22: rejected (gate)
          missing_declarer: the auction is passed out: nobody declares
          missing_player: the seat the learner plays is not given
        game 3 board 6 line 28: rejected (pbn)
          32:5: error: illegal call 1C: insufficient bid 1C: it must outrank 1NT"#]].assert_eq(&describe(&plan));
    assert_eq!((plan.n_created(), plan.n_rejected()), (1, 3));
}

#[test]
fn import_without_a_comment_locale_refuses_commented_games_only() {
    let options = ImportOptions { comment_locale: None, ..import_options() };
    let plan = plan_import(FOREIGN, &options, NOW);
    match &plan.games[0].outcome {
        PlannedOutcome::Rejected(ImportRejection::Gate(rejections)) => {
            assert_eq!(rejections[0].reason.code(), "comment_locale_required");
        }
        other => panic!("a commented game needs a locale: {other:?}"),
    }
    let text = "[Board \"1\"]\n[Deal \"N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654\"]\n[Declarer \"S\"]\n";
    let plan = plan_import(text, &options, NOW);
    assert_eq!(plan.n_created(), 1, "{}", describe(&plan));
}

#[test]
fn import_of_empty_or_broken_text_plans_no_board() {
    let check = |text: &str, expect: Expect| expect.assert_eq(&describe(&plan_import(text, &import_options(), NOW)));
    check("", expect![[r#""#]]);
    check("not pbn at all\n", expect!["file 1:1: error: text outside a tag or section"]);
    check(
        "[Board \"1\"]\n[Deal \"N:AKQ.KQ3 x\"]\n[Declarer \"S\"]\n",
        expect![[r#"
        game 0 board 1 line 1: rejected (pbn)
          2:7: error: invalid deal: a deal string holds four hands separated by spaces; found 2"#]],
    );
}

#[test]
fn import_reads_our_tags_leniently() {
    let text = "[Board \"1\"]\n[Deal \"N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654\"]\n\
        [Declarer \"E\"]\n[TrainingName \"\"]\n[TrainingLevel \"9\"]\n[TrainingPlayer \"Q\"]\n\
        [TrainingLocale \"x\"]\n[TrainingUserThemes \" b; a ;;a\"]\n{Nord joue}\n";
    let plan = plan_import(text, &import_options(), NOW);
    expect![[r#"
        game 0 board 1 line 1: create ""  by S player S [Rotated { steps: 1 }]
          review: East joue
          note 6:17: warning: invalid seat "Q": expected N, E, S or W
          note 7:17: warning: invalid locale "x": expected a BCP-47 tag such as fr, en-GB or und"#]]
    .assert_eq(&describe(&plan));
    let PlannedOutcome::Create(planned) = &plan.games[0].outcome else { panic!("the game is created") };
    expect![[r#"Metadata { name: "", level: Unset, scoring: Unset, auction_system: "", auction_themes: [], play_themes: [], user_themes: ["a", "b"], inspirations: [], sharing: Private, teaching_mode: Full }"#]].assert_eq(&format!("{:?}", planned.preview.metadata));
}

/// The stored version 1 fixture of a board record, exported in English and imported back.
#[test]
fn the_stored_fixture_board_survives_export_and_import() {
    let json: serde_json::Value =
        serde_json::from_str(include_str!("../data/board-record-v1.json")).expect("the fixture is JSON");
    let board = training::read_board_record(&json).expect("the fixture reads");
    let mut options = options(4, 1);
    options.locale = locale("en");
    let text = export_text(std::slice::from_ref(&board), &options);
    let plan = plan_import(&text, &import_options(), NOW);
    let applied = apply_import(&plan, &mut InMemoryBoards::default(), &mut Mix(SplitMix64(5)), NOW);
    let [(_, imported)] = applied.created.as_slice() else { panic!("one board: {}", describe(&plan)) };
    assert_eq!(imported.game().game(), board.game().game());
    assert_eq!(imported.game().player(), board.game().player());
    let en = locale("en");
    let english = |board: &Board| -> Vec<Option<String>> {
        board.game().comment_slots().map(|(_, text)| text.get(&en).map(|text| text.to_plain(&en))).collect()
    };
    assert_eq!(english(imported), english(&board));
}

/// The teaching mode goes out in a `TrainingMode` tag and comes back; a mode this build does not
/// know reads as full, and a goal that is no number is left to the gate, which refuses it.
#[test]
fn teaching_modes_survive_export_and_import() {
    let json: serde_json::Value =
        serde_json::from_str(include_str!("../data/board-record-v2.json")).expect("the fixture is JSON");
    let board = training::read_board_record(&json).expect("the fixture reads");
    assert_eq!(board.metadata.teaching_mode, TeachingMode::ShowTrumpAndGoal { tricks: 9 });
    let text = export_text(std::slice::from_ref(&board), &options(1, 1));
    assert!(text.contains("[TrainingMode \"show_trump_and_goal 9\"]"), "{text}");
    let plan = plan_import(&text, &import_options(), NOW);
    let PlannedOutcome::Create(planned) = &plan.games[0].outcome else { panic!("created: {}", describe(&plan)) };
    assert_eq!(planned.preview.metadata.teaching_mode, TeachingMode::ShowTrumpAndGoal { tricks: 9 });

    let with_mode = |mode: &str| {
        let text = text.replace("show_trump_and_goal 9", mode);
        let plan = plan_import(&text, &import_options(), NOW);
        match &plan.games[0].outcome {
            PlannedOutcome::Create(planned) => format!("{:?}", planned.preview.metadata.teaching_mode),
            _ => describe(&plan).lines().skip(1).collect::<Vec<_>>().join(" "),
        }
    };
    assert_eq!(with_mode("minibridge"), "Minibridge");
    assert_eq!(with_mode("blindfold"), "Full");
    assert!(
        with_mode("show_trump_and_goal nine").contains("invalid_goal"),
        "{}",
        with_mode("show_trump_and_goal nine")
    );
}

#[test]
fn apply_stores_the_planned_boards_with_fresh_codes() {
    let plan = plan_import(FOREIGN, &import_options(), NOW);
    let mut boards = InMemoryBoards::default();
    let later = Timestamp(NOW.0 + 60_000);
    let applied = apply_import(&plan, &mut boards, &mut Mix(SplitMix64(7)), later);
    assert!(applied.failed.is_empty(), "{:?}", applied.failed);
    assert_eq!(applied.created.len(), 1);
    let (index, board) = &applied.created[0];
    assert_eq!(*index, 0);
    assert!(training::is_valid_deal_code(board.code()));
    assert_eq!(board.id.0, board.code());
    assert_eq!(board.timestamps.created, later);
    assert_eq!(board.owner, training::Ownership::User { user_id: UserId("importer".to_owned()) });
    assert_eq!(boards.get(&board.id).as_ref(), Some(board));
    let PlannedOutcome::Create(planned) = &plan.games[0].outcome else { panic!("the first game is created") };
    assert_eq!(board.game(), planned.preview.game(), "the preview shows the board to be created");
}

#[test]
fn apply_never_reuses_a_code_and_gives_up_on_a_stuck_source() {
    let plan = plan_import(FOREIGN, &import_options(), NOW);
    let mut boards = InMemoryBoards::default();
    let first = apply_import(&plan, &mut boards, &mut Stuck, NOW);
    assert_eq!(first.created.len(), 1);
    let second = apply_import(&plan, &mut boards, &mut Stuck, NOW);
    assert_eq!(second.created.len(), 0);
    assert_eq!(second.failed, vec![(0, ApplyError::NoFreeCode { attempts: 16 })]);
    assert_eq!(boards.all().len(), 1);
}

#[test]
fn the_teaching_board_survives_export_and_import() {
    let board = teaching_board();
    // What the file can carry: the metadata but sharing, the French comments as plain text.
    let mut expected_metadata = board.metadata.clone();
    let text = export_text(std::slice::from_ref(&board), &options(9, 1));
    let plan = plan_import(&text, &import_options(), NOW);
    let applied = apply_import(&plan, &mut InMemoryBoards::default(), &mut Mix(SplitMix64(1)), NOW);
    let [(_, imported)] = applied.created.as_slice() else { panic!("one board: {}", describe(&plan)) };
    expected_metadata.sharing = Sharing::Private;
    assert_eq!(imported.metadata, expected_metadata);
    assert_eq!(imported.game().game(), board.game().game());
    assert_eq!(imported.game().player(), board.game().player());
    let fr = locale("fr");
    let plain = |board: &Board| -> Vec<String> {
        board
            .game()
            .comment_slots()
            .map(|(_, text)| text.get(&fr).map(|text| text.to_plain(&fr)).unwrap_or_default())
            .collect()
    };
    // Braces come back as parentheses.
    let expected: Vec<String> = plain(&board).iter().map(|text| text.replace('{', "(").replace('}', ")")).collect();
    assert_eq!(plain(imported), expected);
    assert_eq!(imported.derived().languages.iter().map(|locale| locale.as_str()).collect::<Vec<_>>(), ["fr"]);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Any one-line text in a list of the metadata reads back as written, `;` and `\\` included.
    #[test]
    fn exported_metadata_lists_read_back(
        items in proptest::collection::vec("[ a-z;\\\\é]{0,8}", 0..4),
        themes in proptest::collection::vec("[a-z_;]{1,8}", 0..3),
    ) {
        let mut draft = three_notrump();
        draft.metadata.inspirations = items;
        draft.metadata.user_themes = themes;
        let board = gate(draft, None, NOW, None).expect("the 3NT board passes").board;
        let text = export_text(std::slice::from_ref(&board), &options(1, 1));
        let plan = plan_import(&text, &import_options(), NOW);
        let PlannedOutcome::Create(planned) = &plan.games[0].outcome else { panic!("{}", describe(&plan)) };
        prop_assert_eq!(&planned.preview.metadata.inspirations, &board.metadata.inspirations);
        prop_assert_eq!(&planned.preview.metadata.user_themes, &board.metadata.user_themes);
    }

    #[test]
    fn export_then_import_gives_back_the_same_games(
        game in arb_contract_game(),
        player in arb_seat(),
        first_number in 1..200u32,
        series in 1..3u32,
    ) {
        let board = gate(game_draft(&game, player), None, NOW, Some(&locale("fr"))).expect("legal games pass").board;
        let text = export_text(std::slice::from_ref(&board), &options(first_number, series));
        let plan = plan_import(&text, &import_options(), NOW);
        prop_assert_eq!(plan.games.len(), series as usize);
        let applied = apply_import(&plan, &mut InMemoryBoards::default(), &mut Mix(SplitMix64(3)), NOW);
        prop_assert!(applied.failed.is_empty());
        prop_assert_eq!(applied.created.len(), series as usize, "{}", describe(&plan));
        for (_, imported) in &applied.created {
            prop_assert_eq!(imported.game(), board.game());
            prop_assert_eq!(&imported.metadata, &board.metadata);
        }
    }

    #[test]
    fn import_never_panics_and_plans_every_game(text in "(\\[[A-Za-z]{1,8} \"[^\"\\n]{0,20}\"\\]\n|[ -~{}\\n]{0,40}){0,12}") {
        let plan = plan_import(&text, &import_options(), NOW);
        prop_assert_eq!(plan.games.len(), pbn::parse(&text).file.games.len());
    }

    #[test]
    fn by_number_vulnerability_follows_the_number(first_number in 1..1000u32) {
        let mut options = options(first_number, 1);
        options.vulnerability = ExportVulnerability::ByNumber;
        let file = export_pbn(&[teaching_board()], &options).expect("numbers fit");
        let played = file.games[0].to_game().expect("the game reads");
        prop_assert_eq!(played.vulnerability, board_vulnerability(first_number));
        prop_assert_eq!(played.dealer(), board_dealer(first_number));
    }
}

/// Every file of the real-world corpus of `shared/data/pbn`, when present: planning never panics
/// and gives a plan for every game the reader finds.
#[test]
fn the_pbn_corpus_plans_every_game() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pbn");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!("PBN corpus not found at {}, skipping", dir.display());
        return;
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "pbn"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "the corpus folder holds PBN files");
    let (mut n_games, mut n_created) = (0, 0);
    for path in &paths {
        let bytes = std::fs::read(path).unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
        let plan = plan_import_bytes(&bytes, &import_options(), NOW);
        let parsed = pbn::parse_bytes(&bytes);
        assert_eq!(plan.games.len(), parsed.file.games.len(), "{}", path.display());
        for (idx, game) in plan.games.iter().enumerate() {
            assert_eq!(game.index, idx);
            if let PlannedOutcome::Rejected(ImportRejection::Pbn(errors)) = &game.outcome {
                assert!(!errors.is_empty(), "{}: a refusal says why", path.display());
                assert!(errors.iter().all(|err| 0 < err.pos.line), "{}: errors are located", path.display());
            }
        }
        n_games += plan.games.len();
        n_created += plan.n_created();
    }
    println!("PBN corpus: {} files, {n_games} games, {n_created} would become boards", paths.len());
    assert!(0 < n_created, "some real games make boards");
}

#[test]
fn the_vulnerability_of_a_kept_board_turns_with_it() {
    let board = teaching_board();
    assert_eq!(board.game().vulnerability(), Vulnerability::NorthSouth);
    // The board deals South, vulnerable NS; as board 2, dealt by East, it turns three seats.
    let file = export_pbn(&[board], &options(2, 1)).expect("numbers fit");
    let played = file.games[0].to_game().expect("the game reads");
    assert_eq!(played.dealer(), Seat::East);
    assert_eq!(played.vulnerability, Vulnerability::EastWest);
}

/// A LIN fixture of the bridge crate, read at test time.
fn lin_fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../bridge/tests/data/lin").join(name);
    std::fs::read(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

#[test]
fn a_lin_file_is_planned_like_a_pbn_file_with_alerts_as_call_comments() {
    let text = lin_fixture("single.lin");
    let plan = plan_import_file(&text, &import_options(), NOW);
    assert_eq!(plan, plan_import_lin(std::str::from_utf8(&text).expect("UTF-8"), &import_options(), NOW));
    assert_eq!((plan.n_created(), plan.n_rejected()), (1, 0), "{}", describe(&plan));
    let PlannedOutcome::Create(planned) = &plan.games[0].outcome else { unreachable!("checked above") };
    let board = &planned.preview;
    assert_eq!(plan.games[0].board_number, Some(9));
    assert_eq!(board.derived().contract.map(|contract| contract.to_string()).as_deref(), Some("3NT"));
    let en = locale("en");
    let alerted: Vec<String> = board
        .game()
        .call_comments()
        .iter()
        .filter_map(|comment| comment.get(&en).map(|text| text.to_plain(&en)))
        .collect();
    assert_eq!(alerted, ["15-17"], "the alert's explanation is the comment of its call");
    assert_eq!(board.game().play().len(), 20, "the play up to the claim");
}

#[test]
fn a_vugraph_file_plans_each_board_and_a_broken_board_loses_no_other() {
    let plan = plan_import_file(&lin_fixture("vugraph.lin"), &import_options(), NOW);
    assert!(plan.n_created() >= 2, "{}", describe(&plan));
    assert_eq!(plan.n_rejected(), 0, "{}", describe(&plan));

    let broken = plan_import_file(&lin_fixture("broken.lin"), &import_options(), NOW);
    assert!(broken.n_created() >= 1 && broken.n_rejected() == 1, "{}", describe(&broken));
    let refused = broken
        .games
        .iter()
        .find(|game| matches!(game.outcome, PlannedOutcome::Rejected(ImportRejection::Lin(_))))
        .expect("the broken board is refused by the LIN reader");
    assert_eq!(refused.pos.line, 2, "the refusal points at the line of the broken board");
}

#[test]
fn a_handviewer_link_is_planned_as_one_board() {
    let link = lin_fixture("handviewer.txt");
    let plan = plan_import_file(&link, &import_options(), NOW);
    assert_eq!((plan.n_created(), plan.n_rejected()), (1, 0), "{}", describe(&plan));
    assert_eq!(plan.games[0].board_number, Some(3));
    let garbage =
        plan_import_file(b"https://www.bridgebase.com/tools/handviewer.html?lin=md|9|", &import_options(), NOW);
    assert_eq!((garbage.n_created(), garbage.n_rejected()), (0, 1), "{}", describe(&garbage));
}

#[test]
fn pbn_text_is_never_taken_for_lin() {
    assert_eq!(
        plan_import_file(FOREIGN.as_bytes(), &import_options(), NOW),
        plan_import(FOREIGN, &import_options(), NOW)
    );
}

#[test]
fn an_import_planned_a_few_games_at_a_time_gives_the_same_plan() {
    for bytes in [FOREIGN.as_bytes().to_vec(), lin_fixture("vugraph.lin"), lin_fixture("broken.lin")] {
        let whole = plan_import_file(&bytes, &import_options(), NOW);
        let mut planner = ImportPlanner::new(&bytes, &import_options(), NOW);
        assert_eq!(planner.total(), whole.games.len());
        let mut steps = 0;
        while !planner.plan_next(1) {
            steps += 1;
            assert_eq!(planner.planned(), steps, "one game per step");
        }
        assert_eq!(planner.planned(), planner.total());
        assert_eq!(planner.finish(), whole);
    }
}
