//! Benchmark: filter, sort and page 10,000 boards in memory with `BoardQuery`, every filter
//! exercised (owner, sharing, themes, bidding pattern with leading passes, levels, languages,
//! trumps, text, lifecycle).
//!
//! `cargo bench -p training --bench query` prints the median and worst time
//! of each query over repeated runs. Target: under 20 ms per query natively.

use std::time::Instant;

use bridge::testing::SplitMix64;
use bridge::{Card, Seat, Strain, Vulnerability};
use training::{
    gate, BiddingPattern, Board, BoardDraft, BoardId, BoardQuery, DraftCall, DraftCard, DraftComment, GroupId, Level,
    Lifecycle, Metadata, Ownership, Sharing, SharingFilter, SortColumn, Timestamp, UserId, MAX_SHARING_GROUPS,
};

const N_BOARDS: usize = 10_000;
const RUNS: usize = 30;
const NAMES: [&str; 6] = ["Finesse", "Trump control", "Endplay", "Squeeze", "Safety play", "Entries"];
const AUCTIONS: [&str; 7] = [
    "1NT Pass 3NT Pass Pass Pass",
    "1S Pass 4S Pass Pass Pass",
    "1H Pass 2H Pass Pass Pass",
    "2C Pass 2D Pass 6NT Pass Pass Pass",
    "1D Pass 1S Pass 3D Pass 5D Pass Pass Pass",
    "Pass 1NT Pass 2C Pass 2H Pass 4H Pass Pass Pass",
    "Pass Pass Pass 1S Pass 2S Pass 4S Pass Pass Pass",
];
const AUCTION_THEMES: [&str; 4] = ["notrump_opening", "stayman", "major_raise", "strong_two"];
const PLAY_THEMES: [&str; 7] = ["finesse", "squeeze", "endplay", "trump_control", "entries", "safety_play", "counting"];

fn main() {
    let start = Instant::now();
    let boards: Vec<Board> = (0..N_BOARDS).map(make_board).collect();
    println!("training query: {} boards gated in {:.0} ms", boards.len(), start.elapsed().as_secs_f64() * 1e3);

    let english: training::Locale = "en".parse().expect("en is a locale");
    let club = |idx: usize| GroupId(format!("club-{idx}"));
    let pattern = |text: &str| -> BiddingPattern { text.parse().expect("bench patterns are well formed") };
    let queries: [(&str, BoardQuery); 9] = [
        ("default page (active, by update)", BoardQuery::new()),
        (
            "levels 1-2, English, spades or NT, by name",
            BoardQuery::new()
                .levels([1, 2])
                .languages([english])
                .trumps([Strain::Spades, Strain::NoTrump])
                .sort(SortColumn::Name, false),
        ),
        (
            "text \"squeeze\", by level, page 3",
            BoardQuery::new().text("squeeze").sort(SortColumn::Level, true).page(100, 50),
        ),
        (
            "all lifecycles, by first published",
            BoardQuery::new().lifecycle(Lifecycle::All).sort(SortColumn::FirstPublished, true),
        ),
        (
            "owner user-7, by first published",
            BoardQuery::new().owner(UserId("user-7".to_owned())).sort(SortColumn::FirstPublished, false),
        ),
        (
            "not owner user-7, public or 2 groups, by name",
            BoardQuery::new()
                .not_owner(UserId("user-7".to_owned()))
                .sharing([SharingFilter::Public, SharingFilter::Groups(vec![club(1), club(2)])])
                .expect("within the limits")
                .sort(SortColumn::Name, true),
        ),
        ("themes (any of 3), by update", BoardQuery::new().themes(["stayman", "squeeze", "counting"])),
        (
            "bidding 1NT (leading passes allowed), by name",
            BoardQuery::new().bidding(pattern("1NT")).sort(SortColumn::Name, false),
        ),
        (
            "every filter: bidding 1S/1H Pass 2S/4S/2H, themes, sharing 32 groups, levels, English, not owner",
            BoardQuery::new()
                .bidding(pattern("1S/1H Pass 2S/4S/2H"))
                .themes(["major_raise", "trump_control", "finesse"])
                .sharing([
                    SharingFilter::Public,
                    SharingFilter::Groups((0..MAX_SHARING_GROUPS - 1).map(club).collect()),
                ])
                .expect("within the limits")
                .levels([1, 2, 3, 4])
                .languages(["en".parse().expect("en is a locale")])
                .not_owner(UserId("user-3".to_owned()))
                .sort(SortColumn::Level, false),
        ),
    ];
    for (what, query) in queries {
        let mut times: Vec<f64> = Vec::with_capacity(RUNS);
        let mut total = 0;
        for _ in 0..RUNS {
            let start = Instant::now();
            let page = query.evaluate(&boards);
            times.push(start.elapsed().as_secs_f64() * 1e3);
            total = page.total;
            std::hint::black_box(page);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "training query: {what}: {total} matches; median {:.2} ms, worst {:.2} ms over {RUNS} runs of {N_BOARDS} boards",
            times[RUNS / 2],
            times[RUNS - 1]
        );
    }
}

/// A board with a random deal and metadata varied by its index.
fn make_board(idx: usize) -> Board {
    let mut rng = SplitMix64(idx as u64 * 7919 + 1);
    let deal = rng.deal();
    let review = match idx % 3 {
        0 => (DraftComment::Plain(format!("Review {idx}: watch the ♠ entries")), Some("en")),
        1 => (DraftComment::Plain(format!("Bilan {idx} : attention aux communications")), Some("fr")),
        _ => (DraftComment::None, None),
    };
    let draft = BoardDraft {
        id: BoardId(format!("board-{idx}")),
        code: "AbCd2345".to_owned(),
        owner: Ownership::User { user_id: UserId(format!("user-{}", idx % 50)) },
        metadata: Metadata {
            name: format!("{} {idx}", NAMES[idx % NAMES.len()]),
            level: Level::new((idx % 6) as u8),
            auction_themes: vec![AUCTION_THEMES[idx % AUCTION_THEMES.len()].to_owned()],
            play_themes: vec![PLAY_THEMES[idx % PLAY_THEMES.len()].to_owned()],
            sharing: match idx % 3 {
                0 => Sharing::Private,
                1 => Sharing::Public,
                _ => Sharing::Groups(vec![GroupId(format!("club-{}", idx % 40))]),
            },
            ..Metadata::default()
        },
        created: Some(Timestamp(idx as i64)),
        deleted: idx.is_multiple_of(17).then_some(Timestamp(idx as i64 + 1)),
        first_published: idx.is_multiple_of(4).then_some(Timestamp(idx as i64 + 2)),
        dealer: Seat::North,
        vulnerability: Vulnerability::None,
        hands: deal.hands().map(|hand| hand.iter().collect::<Vec<Card>>()),
        declarer: None,
        player: Some(Seat::South),
        calls: AUCTIONS[idx % AUCTIONS.len()]
            .split_whitespace()
            .map(|call| DraftCall {
                seat: None,
                call: call.parse().expect("bench calls are well formed"),
                comment: DraftComment::None,
            })
            .collect(),
        play: Vec::<DraftCard>::new(),
        review: review.0,
    };
    let locale = review.1.map(|tag| tag.parse().expect("bench locales are well formed"));
    match gate(draft, None, Timestamp(((idx * 7_919) % N_BOARDS) as i64), locale.as_ref()) {
        Ok(gated) => gated.board,
        Err(rejections) => panic!("bench board {idx} is rejected: {rejections:?}"),
    }
}
