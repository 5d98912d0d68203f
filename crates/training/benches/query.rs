//! Benchmark: filter, sort and page 10,000 boards in memory with `BoardQuery`.
//!
//! `cargo bench -p training --bench query` prints the median and worst time
//! of each query over repeated runs. Target: under 20 ms per query natively.

use std::time::Instant;

use bridge::testing::SplitMix64;
use bridge::{Card, Seat, Strain, Vulnerability};
use training::{
    gate, Board, BoardDraft, BoardId, BoardQuery, DraftCall, DraftCard, DraftComment, Level, Lifecycle, Metadata,
    Ownership, SortColumn, Timestamp, UserId,
};

const N_BOARDS: usize = 10_000;
const RUNS: usize = 30;
const NAMES: [&str; 6] = ["Finesse", "Trump control", "Endplay", "Squeeze", "Safety play", "Entries"];
const AUCTIONS: [&str; 5] = [
    "1NT Pass 3NT Pass Pass Pass",
    "1S Pass 4S Pass Pass Pass",
    "1H Pass 2H Pass Pass Pass",
    "2C Pass 2D Pass 6NT Pass Pass Pass",
    "1D Pass 1S Pass 3D Pass 5D Pass Pass Pass",
];

fn main() {
    let start = Instant::now();
    let boards: Vec<Board> = (0..N_BOARDS).map(make_board).collect();
    println!("training query: {} boards gated in {:.0} ms", boards.len(), start.elapsed().as_secs_f64() * 1e3);

    let english: training::Locale = "en".parse().expect("en is a locale");
    let queries: [(&str, BoardQuery); 4] = [
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
