//! Board queries over boards in memory: filters (owner, sharing, themes, bidding sequence, ...),
//! sort with missing values last, pages, limits, and the criteria of bulk operations.

use bridge::testing::{arb_auction, arb_strain};
use bridge::{Call, Card, Deal, Seat, Strain};
use expect_test::{expect, Expect};
use proptest::prelude::*;
use training::{
    gate, BiddingPattern, Board, BoardCriteria, BoardDraft, BoardId, BoardQuery, DraftCall, DraftCard, DraftComment,
    GroupId, Level, Lifecycle, Listed, Metadata, OrphanReason, Ownership, QueryError, Sharing, SharingFilter,
    SortColumn, Timestamp, UserId, MAX_BIDDING_POSITIONS, MAX_LEADING_PASSES, MAX_SHARING_GROUPS,
};

const DEAL: &str = "N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654";

/// A gated board: `id`, its name, level, calls, the locale of its review
/// (none for no review), updated at `updated`, published at `published`,
/// in the trash when `deleted`.
struct Spec {
    id: &'static str,
    name: &'static str,
    level: u8,
    calls: &'static str,
    review: Option<&'static str>,
    updated: i64,
    published: Option<i64>,
    deleted: bool,
}

fn board(spec: &Spec) -> Board {
    let deal: Deal = DEAL.parse().expect("the test deal is well formed");
    let review = match spec.review {
        Some(tag) => DraftComment::Plain(format!("review in {tag}")),
        None => DraftComment::None,
    };
    let draft = BoardDraft {
        id: BoardId(spec.id.to_owned()),
        code: "AbCd2345".to_owned(),
        owner: Ownership::User { user_id: UserId("u1".to_owned()) },
        metadata: Metadata {
            name: spec.name.to_owned(),
            level: Level::new(spec.level),
            play_themes: vec!["Squeeze".to_owned()],
            ..Metadata::default()
        },
        created: Some(Timestamp(0)),
        deleted: spec.deleted.then_some(Timestamp(1)),
        first_published: spec.published.map(Timestamp),
        dealer: Seat::North,
        vulnerability: bridge::Vulnerability::None,
        hands: deal.hands().map(|hand| hand.iter().collect::<Vec<Card>>()),
        declarer: None,
        player: Some(Seat::South),
        calls: spec
            .calls
            .split_whitespace()
            .map(|call| DraftCall {
                seat: None,
                call: call.parse().expect("test calls are well formed"),
                comment: DraftComment::None,
            })
            .collect::<Vec<DraftCall>>(),
        play: Vec::<DraftCard>::new(),
        review,
    };
    let locale = spec.review.map(|tag| tag.parse().expect("test locales are well formed"));
    match gate(draft, None, Timestamp(spec.updated), locale.as_ref()) {
        Ok(gated) => gated.board,
        Err(rejections) => panic!("test board {} is rejected: {rejections:?}", spec.id),
    }
}

fn boards() -> Vec<Board> {
    let spec = |id, name, level, calls, review, updated, published, deleted| Spec {
        id,
        name,
        level,
        calls,
        review,
        updated,
        published,
        deleted,
    };
    [
        spec("a", "Finesse", 1, "1NT Pass 3NT Pass Pass Pass", Some("fr"), 10, Some(5), false),
        spec("b", "Trump control", 2, "1S Pass 4S Pass Pass Pass", Some("en"), 30, None, false),
        spec("c", "Endplay", 0, "1H Pass 2H Pass Pass Pass", None, 20, Some(7), false),
        spec("d", "Deleted finesse", 1, "1NT Pass 3NT Pass Pass Pass", Some("fr-CA"), 40, None, true),
        spec("e", "Slam", 3, "2C Pass 2D Pass 6NT Pass Pass Pass", Some("en"), 50, Some(1), false),
    ]
    .iter()
    .map(board)
    .collect()
}

#[track_caller]
fn check(query: BoardQuery, expect: Expect) {
    let boards = boards();
    let page = query.evaluate(&boards);
    let ids: Vec<&str> = page.boards.iter().map(|board| board.id.0.as_str()).collect();
    assert_same_over_summaries(&query, &boards);
    expect.assert_eq(&format!("{} of {}", ids.join(" "), page.total));
}

/// Checks that `query` lists the summaries of `boards` (read back from their stored list) as it
/// lists the boards themselves.
#[track_caller]
fn assert_same_over_summaries(query: &BoardQuery, boards: &[Board]) {
    let summaries = crate::summary::through_record(boards);
    let of_boards = query.evaluate(boards);
    let of_summaries = query.evaluate(&summaries);
    let ids = |page: Vec<&BoardId>| page.into_iter().map(|id| id.0.clone()).collect::<Vec<String>>();
    assert_eq!(of_summaries.total, of_boards.total);
    assert_eq!(
        ids(of_summaries.boards.iter().map(|summary| summary.board_id()).collect()),
        ids(of_boards.boards.iter().map(|board| &board.id).collect()),
    );
}

#[test]
fn filters() {
    check(BoardQuery::new(), expect!["e b c a of 4"]);
    check(BoardQuery::new().lifecycle(Lifecycle::Trash), expect!["d of 1"]);
    check(BoardQuery::new().lifecycle(Lifecycle::All), expect!["e d b c a of 5"]);
    check(BoardQuery::new().levels([1, 3]), expect!["e a of 2"]);
    check(BoardQuery::new().languages(["fr".parse().expect("a locale")]), expect!["c a of 2"]);
    check(
        BoardQuery::new().languages(["fr".parse().expect("a locale")]).lifecycle(Lifecycle::All),
        expect!["d c a of 3"],
    );
    check(BoardQuery::new().languages(["en-US".parse().expect("a locale")]), expect!["e b c of 3"]);
    check(BoardQuery::new().trumps([Strain::NoTrump]), expect!["e a of 2"]);
    check(BoardQuery::new().trumps([Strain::Spades, Strain::Hearts]), expect!["b c of 2"]);
    check(BoardQuery::new().text("FINESSE").lifecycle(Lifecycle::All), expect!["d a of 2"]);
    check(BoardQuery::new().text("squeeze"), expect!["e b c a of 4"]);
    check(BoardQuery::new().text("nothing"), expect![" of 0"]);
}

#[test]
fn sorts_and_pages() {
    check(BoardQuery::new().sort(SortColumn::Name, false), expect!["c a e b of 4"]);
    check(BoardQuery::new().sort(SortColumn::Updated, false), expect!["a c b e of 4"]);
    check(BoardQuery::new().sort(SortColumn::FirstPublished, false), expect!["e a c b of 4"]);
    check(BoardQuery::new().sort(SortColumn::FirstPublished, true), expect!["c a e b of 4"]);
    check(BoardQuery::new().sort(SortColumn::Level, true), expect!["e b a c of 4"]);
    check(BoardQuery::new().sort(SortColumn::Level, false), expect!["a b e c of 4"]);
    check(BoardQuery::new().sort(SortColumn::Created, false), expect!["a b c e of 4"]);
    check(BoardQuery::new().page(1, 2), expect!["b c of 4"]);
    check(BoardQuery::new().page(3, 5), expect!["a of 4"]);
    check(BoardQuery::new().page(9, 5), expect![" of 4"]);
}

/// The boards of `boards()` with owners, sharing and themes varied, and `f`, whose auction opens
/// after two passes: `a` u1 public, notrump theme; `b` u2 shared with `club`, user theme
/// `trump_control`; `c` orphan shared with `school`; `d` (trash) u1 private; `e` u1 private;
/// `f` u2 public.
fn varied_boards() -> Vec<Board> {
    let mut boards = boards();
    boards.push(board(&Spec {
        id: "f",
        name: "Third seat",
        level: 2,
        calls: "Pass Pass 1NT Pass 3NT Pass Pass Pass",
        review: None,
        updated: 60,
        published: None,
        deleted: false,
    }));
    let user = |name: &str| Ownership::User { user_id: UserId(name.to_owned()) };
    let group = |name: &str| GroupId(name.to_owned());
    for board in &mut boards {
        let (owner, sharing) = match board.id.0.as_str() {
            "a" => (user("u1"), Sharing::Public),
            "b" => (user("u2"), Sharing::Groups(vec![group("club")])),
            "c" => (
                Ownership::Orphaned { orphaned_at: Timestamp(3), reason: OrphanReason::BoardDeleted },
                Sharing::Groups(vec![group("school")]),
            ),
            "f" => (user("u2"), Sharing::Public),
            _ => (user("u1"), Sharing::Private),
        };
        board.owner = owner;
        board.metadata.sharing = sharing;
    }
    boards[0].metadata.auction_themes = vec!["notrump_opening".to_owned()];
    boards[1].metadata.user_themes = vec!["trump_control".to_owned()];
    boards
}

#[track_caller]
fn check_varied(query: Result<BoardQuery, QueryError>, expect: Expect) {
    let actual = match query {
        Ok(query) => {
            let boards = varied_boards();
            assert_same_over_summaries(&query, &boards);
            let page = query.evaluate(&boards);
            let ids: Vec<&str> = page.boards.iter().map(|board| board.id.0.as_str()).collect();
            format!("{} of {}", ids.join(" "), page.total)
        }
        Err(err) => format!("error: {err}"),
    };
    expect.assert_eq(&actual);
}

fn user(name: &str) -> UserId {
    UserId(name.to_owned())
}

fn groups(names: &[&str]) -> SharingFilter {
    SharingFilter::Groups(names.iter().map(|name| GroupId((*name).to_owned())).collect())
}

fn pattern(text: &str) -> BiddingPattern {
    text.parse().expect("test patterns are well formed")
}

#[test]
fn owner_filters() {
    let query = || BoardQuery::new().sort(SortColumn::Name, false);
    check_varied(Ok(query().owner(user("u1"))), expect!["a e of 2"]);
    check_varied(Ok(query().owner(user("u1")).lifecycle(Lifecycle::All)), expect!["d a e of 3"]);
    check_varied(Ok(query().owner(user("u2"))), expect!["f b of 2"]);
    // Orphans belong to nobody: never "mine", always "not mine".
    check_varied(Ok(query().not_owner(user("u1"))), expect!["c f b of 3"]);
    check_varied(Ok(query().owner(user("nobody"))), expect![" of 0"]);
    // The last owner filter wins.
    check_varied(Ok(query().not_owner(user("u1")).owner(user("u1"))), expect!["a e of 2"]);
}

#[test]
fn sharing_filters() {
    let query = || BoardQuery::new().sort(SortColumn::Name, false);
    check_varied(query().sharing([SharingFilter::Public]), expect!["a f of 2"]);
    check_varied(query().sharing([SharingFilter::Private]), expect!["e of 1"]);
    check_varied(query().sharing([groups(&[])]), expect!["c b of 2"]);
    check_varied(query().sharing([groups(&["club", "nowhere"])]), expect!["b of 1"]);
    check_varied(query().sharing([SharingFilter::Private, groups(&["school"])]), expect!["c e of 2"]);
    check_varied(query().sharing([]), expect!["c a e f b of 5"]);
}

#[test]
fn sharing_filters_name_at_most_the_maximum_of_groups() {
    let names: Vec<String> = (0..=MAX_SHARING_GROUPS).map(|idx| format!("g{idx}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let (last, within) = names.split_last().expect("at least one group");
    check_varied(BoardQuery::new().sharing([groups(within)]), expect![" of 0"]);
    // A group repeated in one filter counts once.
    let repeated: Vec<&str> = within.iter().chain(&within[..3]).copied().collect();
    check_varied(BoardQuery::new().sharing([groups(&repeated)]), expect![" of 0"]);
    check_varied(
        BoardQuery::new().sharing([groups(within), groups(&[last])]),
        expect!["error: the sharing filter names 33 groups, at most 32 are allowed"],
    );
}

#[test]
fn theme_filters() {
    let query = || BoardQuery::new().sort(SortColumn::Name, false);
    check_varied(Ok(query().themes(["notrump_opening"])), expect!["a of 1"]);
    check_varied(Ok(query().themes(["notrump_opening", " trump_control "])), expect!["a b of 2"]);
    check_varied(Ok(query().themes(["Squeeze"])), expect!["c a e f b of 5"]);
    // Ids are matched exactly, unlike the text search.
    check_varied(Ok(query().themes(["squeeze", "notrump"])), expect![" of 0"]);
    check_varied(Ok(query().themes(Vec::<String>::new())), expect!["c a e f b of 5"]);
}

#[test]
fn bidding_filters() {
    let query = |text: &str| Ok(BoardQuery::new().sort(SortColumn::Name, false).bidding(pattern(text)));
    check_varied(query("1NT"), expect!["a f of 2"]);
    check_varied(query("1NT Pass 3NT"), expect!["a f of 2"]);
    check_varied(query("Pass Pass 1NT"), expect!["f of 1"]);
    check_varied(query("1S/1H Pass"), expect!["c b of 2"]);
    check_varied(query("1S/1H Pass 4S/3NT"), expect!["b of 1"]);
    check_varied(query("2C Pass 2D Pass 6NT Pass Pass Pass"), expect!["e of 1"]);
    // Longer than the auction: no match.
    check_varied(query("2C Pass 2D Pass 6NT Pass Pass Pass Pass"), expect![" of 0"]);
}

/// Whether the auction `calls` (PBN spelling) starts with `pattern`.
#[track_caller]
fn check_pattern(pattern: &str, calls: &str, expected: bool) {
    let calls: Vec<Call> = calls.split_whitespace().map(|call| call.parse().expect("test calls")).collect();
    let parsed: BiddingPattern = pattern.parse().expect("test patterns are well formed");
    assert_eq!(parsed.matches(&calls), expected, "{pattern} against {calls:?}");
}

#[test]
fn bidding_patterns_allow_up_to_three_leading_passes() {
    for (pattern, calls, expected) in [
        ("1NT", "1NT Pass 3NT Pass Pass Pass", true),
        ("1NT", "Pass 1NT Pass 3NT Pass Pass Pass", true),
        ("1NT", "Pass Pass Pass 1NT Pass Pass Pass", true),
        ("1NT Pass", "Pass Pass Pass 1NT Pass Pass Pass", true),
        ("1NT", "1S 1NT Pass Pass Pass", false),
        ("1NT", "Pass 1S 1NT Pass Pass Pass", false),
        ("Pass 1NT", "Pass Pass 1NT Pass Pass Pass", true),
        ("1NT 2C", "Pass Pass 1NT X 2C", false),
        ("1NT X/2C", "Pass Pass 1NT X 2C", true),
        ("1nt x/2c", "Pass Pass 1NT X 2C", true),
        ("1NT", "", false),
        ("Pass", "Pass Pass Pass Pass", true),
    ] {
        check_pattern(pattern, calls, expected);
    }
}

#[track_caller]
fn check_parse(text: &str, expect: Expect) {
    let actual = match text.parse::<BiddingPattern>() {
        Ok(pattern) => format!("{pattern}"),
        Err(err) => format!("error: {err}"),
    };
    expect.assert_eq(&actual);
}

#[test]
fn bidding_patterns_parse_and_refuse_what_is_over_the_limits() {
    check_parse(" 1s/1H/1S  p 2n ", expect!["1S/1H Pass 2NT"]);
    check_parse("", expect!["error: the bidding pattern is empty"]);
    check_parse("1S / 2S", expect!["error: position 2 of the bidding pattern has no call"]);
    check_parse("1S 2Z", expect![[r#"error: position 2 of the bidding pattern: "2Z" is not a call"#]]);
    check_parse("1S 8C", expect![[r#"error: position 2 of the bidding pattern: "8C" is not a call"#]]);
    let long = vec!["Pass"; MAX_BIDDING_POSITIONS + 1].join(" ");
    check_parse(&long, expect!["error: the bidding pattern has 17 positions, at most 16 are allowed"]);
    check_parse(&long[5..], expect!["Pass Pass Pass Pass Pass Pass Pass Pass Pass Pass Pass Pass Pass Pass Pass Pass"]);
    let wide = "1C/1D/1H/1S/1NT/2C/2D/2H/2S";
    check_parse(
        &format!("Pass {wide}"),
        expect!["error: position 2 of the bidding pattern has 9 alternatives, at most 8 are allowed"],
    );
    check_parse(&wide[3..], expect!["1D/1H/1S/1NT/2C/2D/2H/2S"]);
    assert_eq!(BiddingPattern::new(vec![vec![Call::Pass], Vec::new()]), Err(QueryError::EmptyPosition { position: 2 }));
    assert_eq!(BiddingPattern::new(Vec::new()), Err(QueryError::EmptyBiddingPattern));
}

#[test]
fn criteria_refuse_an_empty_filter() {
    for query in [
        BoardQuery::new(),
        BoardQuery::new().lifecycle(Lifecycle::Trash),
        BoardQuery::new().sort(SortColumn::Name, true).page(3, 4),
        BoardQuery::new().levels([]).themes(Vec::<String>::new()).text("  "),
    ] {
        assert_eq!(BoardCriteria::from_query(&query), Err(QueryError::EmptyCriteria), "{query:?}");
    }
    assert_eq!(QueryError::EmptyCriteria.to_string(), "the criteria select every board: give at least one filter");
}

#[test]
fn criteria_select_what_the_query_filters_whatever_its_page() {
    let boards = varied_boards();
    let query = BoardQuery::new().owner(user("u1")).lifecycle(Lifecycle::All).page(1, 1);
    let criteria = BoardCriteria::from_query(&query).expect("an owner is a filter");
    let ids: Vec<&str> = criteria.select(&boards).iter().map(|board| board.id.0.as_str()).collect();
    assert_eq!(ids, ["a", "d", "e"]);
    assert_eq!(query.evaluate(&boards).total, 3);
    // The lifecycle is kept: active boards unless the query says otherwise.
    let active = BoardCriteria::from_query(&BoardQuery::new().owner(user("u1"))).expect("a filter");
    let ids: Vec<&str> = active.select(&boards).iter().map(|board| board.id.0.as_str()).collect();
    assert_eq!(ids, ["a", "e"]);
}

/// A query over `varied_boards()` from generated choices of every filter, with its offset, limit
/// and lifecycle.
fn arb_query() -> impl Strategy<Value = (BoardQuery, usize, usize, Lifecycle)> {
    let owner = prop_oneof![Just(None), Just(Some((true, "u1"))), Just(Some((false, "u1"))), Just(Some((true, "u2")))];
    let sharing = proptest::collection::vec(
        prop_oneof![
            Just(SharingFilter::Private),
            Just(SharingFilter::Public),
            Just(groups(&[])),
            Just(groups(&["club"])),
            Just(groups(&["school", "club"])),
        ],
        0..3,
    );
    let levels = proptest::collection::vec(0u8..4, 0..3);
    let trumps = proptest::collection::vec(arb_strain(), 0..3);
    let themes = proptest::sample::subsequence(vec!["notrump_opening", "trump_control", "Squeeze"], 0..=2);
    let bidding = prop_oneof![Just(None), Just(Some("1NT")), Just(Some("1S/1H Pass")), Just(Some("Pass"))];
    let lifecycle = prop_oneof![Just(Lifecycle::Active), Just(Lifecycle::Trash), Just(Lifecycle::All)];
    let text = prop_oneof![Just(""), Just("fin"), Just("SLAM")];
    (owner, sharing, levels, trumps, themes, bidding, lifecycle, text, (0usize..8, 0usize..8)).prop_map(
        |(owner, sharing, levels, trumps, themes, bidding, lifecycle, text, (offset, limit))| {
            let mut query = BoardQuery::new()
                .sharing(sharing)
                .expect("few groups")
                .levels(levels)
                .trumps(trumps)
                .themes(themes)
                .lifecycle(lifecycle)
                .text(text)
                .page(offset, limit);
            query = match owner {
                None => query,
                Some((true, name)) => query.owner(user(name)),
                Some((false, name)) => query.not_owner(user(name)),
            };
            let query = match bidding {
                Some(text) => query.bidding(pattern(text)),
                None => query,
            };
            (query, offset, limit, lifecycle)
        },
    )
}

proptest! {
    #[test]
    fn a_page_is_a_slice_of_the_sorted_matches((query, offset, limit, lifecycle) in arb_query()) {
        let boards = varied_boards();
        assert_same_over_summaries(&query, &boards);
        let all = query.clone().page(0, usize::MAX).evaluate(&boards);
        let matching: Vec<&Board> = boards.iter().filter(|board| query.matches(board)).collect();
        prop_assert_eq!(all.total, matching.len());
        prop_assert_eq!(all.boards.len(), matching.len());
        let page = query.evaluate(&boards);
        prop_assert_eq!(page.total, all.total);
        let expected: Vec<&Board> = all.boards.iter().copied().skip(offset).take(limit).collect();
        prop_assert_eq!(page.boards, expected);
        match BoardCriteria::from_query(&query) {
            Ok(criteria) => {
                let mut ids: Vec<&BoardId> = matching.iter().map(|board| &board.id).collect();
                ids.sort();
                let selected: Vec<&BoardId> = criteria.select(&boards).iter().map(|board| &board.id).collect();
                prop_assert_eq!(selected, ids);
            }
            // Only a query without filters (besides the lifecycle) is refused.
            Err(err) => {
                prop_assert_eq!(err, QueryError::EmptyCriteria);
                prop_assert_eq!(all.total, BoardQuery::new().lifecycle(lifecycle).evaluate(&boards).total);
            }
        }
    }

    #[test]
    fn an_auction_matches_its_own_prefixes_after_leading_passes(
        auction in arb_auction(),
        n_passes in 0..=MAX_LEADING_PASSES,
        len in 1..=MAX_BIDDING_POSITIONS,
    ) {
        let calls: Vec<Call> = std::iter::repeat_n(Call::Pass, n_passes).chain(auction.calls().iter().copied()).collect();
        let len = len.min(auction.calls().len());
        prop_assume!(0 < len);
        let positions: Vec<Vec<Call>> = auction.calls()[..len].iter().map(|call| vec![*call]).collect();
        let pattern = BiddingPattern::new(positions).expect("within the limits");
        prop_assert!(pattern.matches(&calls));
        // Its text reads back as the same pattern.
        prop_assert_eq!(pattern.to_string().parse::<BiddingPattern>(), Ok(pattern.clone()));
        // Past the allowed passes, it no longer matches unless the auction itself opens with passes.
        let late: Vec<Call> = std::iter::repeat_n(Call::Pass, MAX_LEADING_PASSES + 1).chain(auction.calls().iter().copied()).collect();
        if auction.calls()[0] != Call::Pass {
            prop_assert!(!pattern.matches(&late));
        }
    }
}

proptest! {
    /// The text search ignores case as lower-casing both sides would, ASCII or not.
    #[test]
    fn text_search_ignores_case_in_any_script(name in "[aAeEéÉlLiIK\u{212A} ]{0,12}", needle in "[aAeEéÉlLiIkK ]{0,4}") {
        let mut board = boards().swap_remove(0);
        board.metadata.name = name.clone();
        let wanted = needle.trim().to_lowercase();
        let expected = [name.as_str(), "Squeeze"].iter().any(|field| field.to_lowercase().contains(&wanted));
        prop_assert_eq!(BoardQuery::new().text(&needle).matches(&board), expected);
    }
}

#[test]
fn text_search_reads_accents_and_case() {
    let mut boards = boards();
    boards[0].metadata.name = "Élimination".to_owned();
    let ids = |text: &str| -> Vec<String> {
        BoardQuery::new().text(text).evaluate(&boards).boards.iter().map(|board| board.id.0.clone()).collect()
    };
    assert_eq!(ids("élim"), ["a"]);
    assert_eq!(ids("ÉLIM"), ["a"]);
    assert_eq!(ids("LIMIN"), ["a"]);
    assert_eq!(ids("elim"), Vec::<String>::new());
}

/// The ids of `boards` in the order a sort by `column` should give, written independently of the
/// crate: present keys in the asked direction, missing ones last, ties by id.
fn reference_order(boards: &[Board], column: SortColumn, descending: bool) -> Vec<String> {
    let key = |board: &Board| -> Option<(i64, String)> {
        match column {
            SortColumn::Name => Some((0, board.metadata.name.to_lowercase())),
            SortColumn::Level => board.metadata.level.get().map(|level| (i64::from(level), String::new())),
            SortColumn::Created => Some((board.timestamps.created.0, String::new())),
            SortColumn::Updated => Some((board.timestamps.updated.0, String::new())),
            SortColumn::FirstPublished => board.timestamps.first_published.map(|at| (at.0, String::new())),
        }
    };
    let mut present: Vec<(Option<(i64, String)>, &Board)> = boards.iter().map(|board| (key(board), board)).collect();
    present.sort_by(|(a_key, a), (b_key, b)| match (a_key, b_key) {
        (None, None) => a.id.cmp(&b.id),
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (Some(_), None) => std::cmp::Ordering::Less,
        (Some(a_key), Some(b_key)) => {
            let ordering = a_key.cmp(b_key);
            (if descending { ordering.reverse() } else { ordering }).then_with(|| a.id.cmp(&b.id))
        }
    });
    present.into_iter().map(|(_, board)| board.id.0.clone()).collect()
}

proptest! {
    #[test]
    fn sorts_follow_the_column_with_missing_values_last(
        column in prop_oneof![
            Just(SortColumn::Name),
            Just(SortColumn::Level),
            Just(SortColumn::Created),
            Just(SortColumn::Updated),
            Just(SortColumn::FirstPublished),
        ],
        descending in any::<bool>(),
        names in proptest::collection::vec(prop_oneof![Just("b"), Just("B"), Just("a"), Just("é")], 6),
    ) {
        let mut boards = varied_boards();
        for (board, name) in boards.iter_mut().zip(names) {
            board.metadata.name = name.to_owned();
        }
        let query = BoardQuery::new().lifecycle(Lifecycle::All).sort(column, descending).page(0, 100);
        let ids: Vec<String> = query.evaluate(&boards).boards.iter().map(|board| board.id.0.clone()).collect();
        prop_assert_eq!(ids, reference_order(&boards, column, descending));
    }
}
