//! Bulk comment rewrite: finds, the five actions on rich text, statuses, the gate, applying a plan.

use expect_test::{expect, Expect};
use proptest::prelude::*;
use training::testing::InMemoryBoards;
use training::{
    apply_rewrite, gate, plan_rewrite, Block, Board, BoardId, BoardRepository, DraftComment, Inline, Localized,
    OrphanReason, Ownership, RewriteAction, RewriteError, RewriteRule, RewriteStatus, RichText, Timestamp,
};

use crate::gate::{locale, three_notrump, NOW};
use crate::rich_text::describe_block;

const LATER: Timestamp = Timestamp(NOW.0 + 1_000);

/// The 3NT board of the gate's tests with a review and a comment on the first call.
fn board(review: Localized, first_call: Localized) -> Board {
    let mut draft = three_notrump();
    draft.review = DraftComment::Localized(review);
    draft.calls[0].comment = DraftComment::Localized(first_call);
    match gate(draft, None, NOW, None) {
        Ok(gated) => gated.board,
        Err(rejections) => panic!("the test board passes the gate: {rejections:?}"),
    }
}

fn text(entries: &[(&str, RichText)]) -> Localized {
    entries.iter().map(|(tag, text)| (locale(tag), text.clone())).collect()
}

fn parsed(entries: &[(&str, &str)]) -> Localized {
    entries.iter().map(|(tag, text)| (locale(tag), RichText::parse(text))).collect()
}

fn rule(find: &str, tag: &str, action: RewriteAction, replace: &str) -> RewriteRule {
    RewriteRule { find: find.to_owned(), locale: locale(tag), action, replace: replace.to_owned() }
}

/// "Play *the king* of ♠, South." in French and English seats alike.
fn emphasised() -> RichText {
    RichText {
        blocks: vec![Block::Paragraph {
            content: vec![
                Inline::Text("Play ".to_owned()),
                Inline::Emphasis(vec![Inline::Text("the king".to_owned())]),
                Inline::Text(" of ".to_owned()),
                Inline::Suit(bridge::Suit::Spades),
                Inline::Text(", ".to_owned()),
                Inline::Seat(bridge::Seat::South),
                Inline::Text(".".to_owned()),
            ],
        }],
    }
}

/// Plans `rules` over `board` and describes its status, with the new texts of changed slots.
#[track_caller]
fn check(rules: &[RewriteRule], board: &Board, expect: Expect) {
    let actual = match plan_rewrite(rules, std::slice::from_ref(board), LATER) {
        Err(err) => format!("error: {err}"),
        Ok(plan) => {
            let entry = &plan.boards[0];
            let found = |found: &[training::SlotMatch]| -> Vec<String> {
                found.iter().map(|slot| format!("found {} [{}] {:?}", slot.slot, slot.locale, slot.found)).collect()
            };
            let mut res: Vec<String> = Vec::new();
            match &entry.status {
                RewriteStatus::NoChange => res.push("no change".to_owned()),
                RewriteStatus::Matched { found: matches } => {
                    res.push("matched".to_owned());
                    res.extend(found(matches));
                }
                RewriteStatus::WillUpdate { slots, found: matches, board: updated } => {
                    let slots: Vec<String> = slots.iter().map(ToString::to_string).collect();
                    res.push(format!("will update {}", slots.join(", ")));
                    res.extend(found(matches));
                    let before: Vec<_> = board.game().comment_slots().collect();
                    for ((slot, after), (_, before)) in updated.game().comment_slots().zip(before) {
                        if after == before {
                            continue;
                        }
                        res.push(format!("{slot}:"));
                        for (locale, rich) in after.iter() {
                            let blocks: Vec<String> = rich.blocks.iter().map(describe_block).collect();
                            res.push(format!("  [{locale}] {}", blocks.join(" / ")));
                        }
                    }
                }
                RewriteStatus::Rejected { slots, rejections } => {
                    let slots: Vec<String> = slots.iter().map(ToString::to_string).collect();
                    res.push(format!("rejected {}", slots.join(", ")));
                    res.extend(rejections.iter().map(|rejection| format!("  {rejection}")));
                }
            }
            res.join("\n")
        }
    };
    expect.assert_eq(&actual);
}

fn english_board() -> Board {
    board(text(&[("en", emphasised())]), parsed(&[("en", "North opens 1NT\n\n- 15-17\n- balanced")]))
}

#[test]
fn replace_inside_text_keeps_emphasis_symbols_and_seats() {
    check(
        &[rule("king", "en", RewriteAction::Replace, "ace")],
        &english_board(),
        expect![[r#"
            will update review
            found review [en] ["king"]
            review:
              [en] para "Play " em("the ace") " of " suit:S ", " seat:N ".""#]],
    );
}

#[test]
fn replace_spanning_pieces_removes_what_it_covers_and_starts_where_the_match_starts() {
    let board = english_board();
    check(
        &[rule("of ♠", "en", RewriteAction::Replace, "of !H")],
        &board,
        expect![[r#"
        will update review
        found review [en] ["of ♠"]
        review:
          [en] para "Play " em("the king") " of " suit:H ", " seat:N ".""#]],
    );
    check(
        &[rule("king of", "en", RewriteAction::Replace, "queen from")],
        &board,
        expect![[r#"
        will update review
        found review [en] ["king of"]
        review:
          [en] para "Play " em("the queen from") " " suit:S ", " seat:N ".""#]],
    );
    check(
        &[rule("♠, Nor", "en", RewriteAction::Replace, " ")],
        &board,
        expect![[r#"
        will update review
        found review [en] ["♠, Nor"]
        review:
          [en] para "Play " em("the king") " of  .""#]],
    );
}

#[test]
fn replace_by_nothing_drops_the_lines_it_empties() {
    let board = english_board();
    check(
        &[rule("balanced", "en", RewriteAction::Replace, "")],
        &board,
        expect![[r#"
        will update call 1
        found call 1 [en] ["balanced"]
        call 1:
          [en] para seat:S " opens 1NT" / ul ["15-17"]"#]],
    );
    check(
        &[rule("*", "en", RewriteAction::Replace, "")],
        &board,
        expect![[r#"
        will update review, call 1
        found review [en] ["Play the king of ♠, North."]
        found call 1 [en] ["South opens 1NT", "15-17", "balanced"]
        review:
        call 1:"#]],
    );
}

#[test]
fn seats_read_in_the_language_of_the_rule() {
    let board = board(parsed(&[("fr", "Sud joue, Nord regarde")]), Localized::new());
    check(
        &[rule("Sud", "fr", RewriteAction::Replace, "Ouest")],
        &board,
        expect![[r#"
        will update review
        found review [fr] ["Sud"]
        review:
          [fr] para seat:N " joue, " seat:W " regarde""#]],
    );
    check(&[rule("South", "fr", RewriteAction::Search, "")], &board, expect!["no change"]);
}

#[test]
fn regular_expressions_expand_their_groups() {
    let board = board(parsed(&[("fr", "Ouvrez 1SA puis 3SA.")]), Localized::new());
    check(
        &[rule(r"(\d)SA", "fr", RewriteAction::Replace, "${1}NT")],
        &board,
        expect![[r#"
        will update review
        found review [fr] ["1SA", "3SA"]
        review:
          [fr] para "Ouvrez 1NT puis 3NT.""#]],
    );
    check(
        &[rule("(?i)ouvrez", "fr", RewriteAction::Search, "")],
        &board,
        expect![[r#"
        matched
        found review [fr] ["Ouvrez"]"#]],
    );
}

#[test]
fn invalid_rules_are_errors() {
    let board = english_board();
    check(&[rule("", "en", RewriteAction::Search, "")], &board, expect!["error: the text to find is empty"]);
    check(
        &[rule("(unclosed", "en", RewriteAction::Search, "")],
        &board,
        expect![[r#"
        error: invalid regular expression "(unclosed": regex parse error:
            (unclosed
            ^
        error: unclosed group"#]],
    );
    let err = plan_rewrite(&[rule("a[", "en", RewriteAction::Search, "")], &[], LATER);
    assert!(matches!(err, Err(RewriteError::InvalidRegex { .. })));
}

#[test]
fn search_reports_without_changing_and_star_finds_every_text() {
    let board = english_board();
    check(
        &[rule("1", "en", RewriteAction::Search, "")],
        &board,
        expect![[r#"
        matched
        found call 1 [en] ["1", "1", "1"]"#]],
    );
    check(
        &[rule("*", "en", RewriteAction::Search, "")],
        &board,
        expect![[r#"
        matched
        found review [en] ["Play the king of ♠, North."]
        found call 1 [en] ["South opens 1NT", "15-17", "balanced"]"#]],
    );
    check(&[rule("*", "fr", RewriteAction::Search, "")], &board, expect!["no change"]);
    check(&[rule("queen", "en", RewriteAction::Replace, "king")], &board, expect!["no change"]);
    check(
        &[rule("king", "en", RewriteAction::Replace, "king")],
        &board,
        expect![[r#"
        matched
        found review [en] ["king"]"#]],
    );
}

#[test]
fn delete_block_removes_matching_paragraphs_and_list_items() {
    let board = english_board();
    check(
        &[rule("15", "en", RewriteAction::DeleteBlock, "")],
        &board,
        expect![[r#"
        will update call 1
        found call 1 [en] ["15"]
        call 1:
          [en] para seat:S " opens 1NT" / ul ["balanced"]"#]],
    );
    check(
        &[rule(r"^\d|bal", "en", RewriteAction::DeleteBlock, "")],
        &board,
        expect![[r#"
        will update call 1
        found call 1 [en] ["1", "bal"]
        call 1:
          [en] para seat:S " opens 1NT""#]],
    );
    check(
        &[rule("opens", "en", RewriteAction::DeleteBlock, "")],
        &board,
        expect![[r#"
        will update call 1
        found call 1 [en] ["opens"]
        call 1:
          [en] ul ["15-17" | "balanced"]"#]],
    );
}

#[test]
fn append_adds_a_block_to_the_texts_that_match() {
    let board = english_board();
    check(
        &[rule("opens", "en", RewriteAction::Append, "See !S lesson 3.")],
        &board,
        expect![[r#"
        will update call 1
        found call 1 [en] ["opens"]
        call 1:
          [en] para seat:S " opens 1NT" / ul ["15-17" | "balanced"] / para "See " suit:S " lesson 3.""#]],
    );
    check(
        &[rule("*", "en", RewriteAction::Append, "- one\n- two")],
        &board,
        expect![[r#"
        will update review, call 1
        found review [en] ["Play the king of ♠, North."]
        found call 1 [en] ["South opens 1NT", "15-17", "balanced"]
        review:
          [en] para "Play " em("the king") " of " suit:S ", " seat:N "." / ul ["one" | "two"]
        call 1:
          [en] para seat:S " opens 1NT" / ul ["15-17" | "balanced"] / ul ["one" | "two"]"#]],
    );
}

#[test]
fn delete_comment_goes_through_the_gate() {
    check(
        &[rule("opens", "en", RewriteAction::DeleteComment, "")],
        &english_board(),
        expect![[r#"
        will update call 1
        found call 1 [en] ["opens"]
        call 1:"#]],
    );
    let bilingual = board(parsed(&[("en", "Count"), ("fr", "Comptez")]), parsed(&[("en", "1NT"), ("fr", "1SA")]));
    check(
        &[rule("1SA", "fr", RewriteAction::DeleteComment, "")],
        &bilingual,
        expect![[r#"
        rejected call 1
          incomplete_translation: call 1 lacks fr"#]],
    );
    // Deleting both languages of the slot is fine.
    check(
        &[rule("1SA", "fr", RewriteAction::DeleteComment, ""), rule("1NT", "en", RewriteAction::DeleteComment, "")],
        &bilingual,
        expect![[r#"
            will update call 1
            found call 1 [fr] ["1SA"]
            found call 1 [en] ["1NT"]
            call 1:"#]],
    );
}

#[test]
fn rules_apply_in_order() {
    check(
        &[rule("king", "en", RewriteAction::Replace, "queen"), rule("queen", "en", RewriteAction::Replace, "jack")],
        &english_board(),
        expect![[r#"
            will update review
            found review [en] ["king"]
            found review [en] ["queen"]
            review:
              [en] para "Play " em("the jack") " of " suit:S ", " seat:N ".""#]],
    );
}

#[test]
fn apply_writes_planned_boards_and_leaves_stale_ones() {
    let mut boards = InMemoryBoards::default();
    let mut first = english_board();
    first.id = BoardId("first".to_owned());
    let mut second = english_board();
    second.id = BoardId("second".to_owned());
    let mut untouched = board(parsed(&[("fr", "rien")]), Localized::new());
    untouched.id = BoardId("untouched".to_owned());
    for board in [&first, &second, &untouched] {
        boards.put(board.clone());
    }
    let plan = plan_rewrite(&[rule("king", "en", RewriteAction::Replace, "ace")], &boards.all(), LATER)
        .expect("the rule is valid");
    // The second board changes after the plan: the plan no longer holds for it.
    let mut changed = second.clone();
    changed.timestamps.updated = Timestamp(LATER.0 + 1);
    boards.put(changed.clone());
    let applied = apply_rewrite(&plan, &mut boards);
    assert_eq!(applied.updated, vec![BoardId("first".to_owned())]);
    assert_eq!(applied.stale, vec![BoardId("second".to_owned())]);
    let stored = boards.get(&first.id).expect("still there");
    assert_eq!(stored.timestamps.updated, LATER);
    assert_eq!(stored.timestamps.created, first.timestamps.created);
    assert_eq!(stored.code(), first.code());
    let review = stored.game().review().get(&locale("en")).expect("an English review");
    assert_eq!(review.to_plain(&locale("en")), "Play the ace of ♠, North.");
    assert_eq!(boards.get(&second.id), Some(changed));
    assert_eq!(boards.get(&untouched.id), Some(untouched));
}

/// Trashing, restoring and orphaning a board leave its update time alone: a plan made before them
/// must not write the board back as it was.
#[test]
fn apply_leaves_a_board_trashed_restored_or_orphaned_since_the_plan() {
    let mut boards = InMemoryBoards::default();
    let names = ["trashed", "restored", "orphaned"];
    for name in names {
        let mut board = english_board();
        board.id = BoardId(name.to_owned());
        if name == "restored" {
            board.timestamps.deleted = Some(NOW);
        }
        boards.put(board);
    }
    let plan = plan_rewrite(&[rule("king", "en", RewriteAction::Replace, "ace")], &boards.all(), LATER)
        .expect("the rule is valid");
    for name in names {
        let mut board = boards.get(&BoardId(name.to_owned())).expect("stored");
        match name {
            "trashed" => board.timestamps.deleted = Some(LATER),
            "restored" => board.timestamps.deleted = None,
            _ => {
                board.owner = Ownership::Orphaned { orphaned_at: LATER, reason: OrphanReason::BoardDeleted };
            }
        }
        boards.put(board);
    }
    let before = boards.all();
    let applied = apply_rewrite(&plan, &mut boards);
    assert_eq!(applied.updated, Vec::<BoardId>::new());
    let mut stale: Vec<&str> = applied.stale.iter().map(|id| id.0.as_str()).collect();
    stale.sort_unstable();
    assert_eq!(stale, ["orphaned", "restored", "trashed"]);
    assert_eq!(boards.all(), before);
}

proptest! {
    #[test]
    fn literal_replace_acts_as_on_the_plain_text(
        text in "[a-c ]{1,12}[a-c]",
        find in "[a-c]{1,2}",
        replace in "[a-d]{0,3}",
    ) {
        let en = locale("en");
        let board = board(parsed(&[("en", &text)]), Localized::new());
        let plan = plan_rewrite(&[rule(&find, "en", RewriteAction::Replace, &replace)], std::slice::from_ref(&board), LATER)
            .expect("a literal is a valid find");
        let plain = RichText::parse(&text).to_plain(&en);
        let expected = plain.replace(&find, &replace);
        let actual = match &plan.boards[0].status {
            RewriteStatus::WillUpdate { board, .. } => {
                board.game().review().get(&en).map(|rich| rich.to_plain(&en)).unwrap_or_default()
            }
            RewriteStatus::NoChange | RewriteStatus::Matched { .. } => plain.clone(),
            RewriteStatus::Rejected { rejections, .. } => panic!("a replacement stays valid: {rejections:?}"),
        };
        prop_assert_eq!(actual.trim(), expected.trim());
        prop_assert_eq!(matches!(plan.boards[0].status, RewriteStatus::NoChange), !plain.contains(&find));
    }

    #[test]
    fn search_never_changes_and_any_find_is_planned_or_refused(find in "[ -~]{0,8}") {
        let board = english_board();
        match plan_rewrite(&[rule(&find, "en", RewriteAction::Search, "")], &[board], LATER) {
            Ok(plan) => {
                let unchanged = matches!(plan.boards[0].status, RewriteStatus::NoChange | RewriteStatus::Matched { .. });
                prop_assert!(unchanged);
            }
            Err(err) => prop_assert!(!err.to_string().is_empty()),
        }
    }
}

proptest! {
    /// The app's regular expressions (the browser's) expand replacements through
    /// `expand_replacement`: it must read `$1`, `${name}`, `$$` and stray dollars as the `regex`
    /// crate does.
    #[test]
    fn replacements_expand_as_the_regex_crate_expands_them(replace in "[$a-z0-9_{} .]{0,14}", line in "[a-c ]{0,12}") {
        let regex = regex::Regex::new("(?P<first>a+)(b)?(?P<x_1>c)?").expect("a pattern");
        for captures in regex.captures_iter(&line) {
            let mut expected = String::new();
            captures.expand(&replace, &mut expected);
            let group = |name: &str| {
                match name.parse::<usize>() {
                    Ok(index) => captures.get(index),
                    Err(_) => captures.name(name),
                }
                .map(|found| found.as_str().to_owned())
            };
            prop_assert_eq!(training::expand_replacement(&replace, group), expected);
        }
    }
}
