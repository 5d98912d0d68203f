//! Board queries over boards in memory: filters, sort with missing values last, pages.

use bridge::{Card, Deal, Seat, Strain};
use expect_test::{expect, Expect};
use training::{
    gate, Board, BoardDraft, BoardId, BoardQuery, DraftCall, DraftCard, DraftComment, Level, Lifecycle, Metadata,
    Ownership, SortColumn, Timestamp, UserId,
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
    expect.assert_eq(&format!("{} of {}", ids.join(" "), page.total));
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
