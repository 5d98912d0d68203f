//! The benchmark of the boards list in headless Chromium (run by `cargo
//! xtask bench`, not by the tests): 5,000 boards seeded in IndexedDB, then
//! the time to open the store, read the boards list (one record of summaries)
//! and filter and sort it with the app's query, as the boards page does at
//! opening; and, for comparison, to read every full board through the migrate
//! function, as the app does next in the background. Then the player's first
//! read: the last game of one board among 1,000 full games of 200 boards.
#![cfg(target_arch = "wasm32")]

use bridge_training::store::{self, Hooks, Store};
use training::{
    generate_deal_code, read_board_list_record_text, read_board_record, read_board_record_text, Board, BoardListRecord,
    BoardQuery, BoardSummary, Lifecycle, RandomSource, SortColumn, Timestamp,
};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

mod common;

wasm_bindgen_test_configure!(run_in_browser);

const BOARD_V1: &str = include_str!("../crates/training/tests/data/board-record-v1.json");
const N_BOARDS: usize = 5_000;
const RUNS: usize = 5;
const WORDS: [&str; 8] = ["Squeeze", "Endplay", "Count", "Finesse", "Duck", "Ruff", "Elimination", "Safety play"];

/// A fixed generator, so every run seeds the same boards.
struct Seeded(u64);

impl RandomSource for Seeded {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn boards() -> Vec<Board> {
    let template: serde_json::Value = serde_json::from_str(BOARD_V1).expect("the fixture is JSON");
    let mut random = Seeded(7);
    (0..N_BOARDS)
        .map(|idx| {
            let mut json = template.clone();
            json["id"] = format!("bench-{idx}").into();
            json["code"] = generate_deal_code(&mut random).into();
            json["metadata"]["name"] = format!("{} {idx}", WORDS[idx % WORDS.len()]).into();
            json["metadata"]["level"] = (idx % 5 + 1).into();
            json["updated"] = (1_700_000_000_000_i64 + idx as i64).into();
            read_board_record(&json).expect("a bench board is readable")
        })
        .collect()
}

fn now_ms() -> f64 {
    web_sys::window().and_then(|window| window.performance()).map_or(0.0, |performance| performance.now())
}

fn median(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn query() -> BoardQuery {
    BoardQuery::new()
        .text("squeeze")
        .levels([2, 3, 4])
        .lifecycle(Lifecycle::Active)
        .sort(SortColumn::Name, false)
        .page(0, 200)
}

#[wasm_bindgen_test]
async fn the_boards_list_of_5000_boards() {
    let name = format!("bench-{}", js_sys::Math::random());
    let seeded = boards();
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    store.put_boards(&seeded, Timestamp(1)).await.expect("the boards are stored");
    // The first opening after an upgrade would build the list; make sure it is there.
    store.board_list().await.expect("the list reads");
    drop(store);

    // What the boards page does at opening: the store, the list, the query.
    let (mut opens, mut lists, mut queries, mut totals) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..RUNS {
        let start = now_ms();
        let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
        let opened = now_ms();
        let list = store.board_list().await.expect("the list reads");
        let listed = now_ms();
        assert!(list.boards.is_none(), "the stored list is in step: read, not rebuilt");
        assert_eq!(list.summaries.len(), N_BOARDS);
        let page = query().evaluate(list.summaries.iter());
        let done = now_ms();
        assert!(page.total > 0 && page.total < N_BOARDS, "the filter keeps some boards: {}", page.total);
        opens.push(opened - start);
        lists.push(listed - opened);
        queries.push(done - listed);
        totals.push(done - start);
    }
    // The share of reading the list's text into summaries, without IndexedDB.
    let summaries: Vec<BoardSummary> = seeded.iter().map(BoardSummary::of).collect();
    let list_text = serde_json::to_string(&BoardListRecord::of(&summaries)).expect("a list serializes");
    let mut list_reads = Vec::new();
    for _ in 0..RUNS {
        let start = now_ms();
        let read = read_board_list_record_text(&list_text).expect("the list reads");
        list_reads.push(now_ms() - start);
        assert_eq!(read.len(), N_BOARDS);
    }

    // What the list costs each write: one board changed among 5,000 (the list is read, changed
    // and written in the board's transaction).
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    let mut writes = Vec::new();
    for board in seeded.iter().take(RUNS) {
        let start = now_ms();
        store.put_board(board, Timestamp(2)).await.expect("the board is stored");
        writes.push(now_ms() - start);
    }
    drop(store);

    // For comparison: every full board, as the app reads them behind the list.
    let (mut full_reads, mut full_queries) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        let start = now_ms();
        let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
        let loaded = store.load_boards().await.expect("the boards load");
        let read = now_ms();
        assert_eq!(loaded.items.len(), N_BOARDS);
        let page = query().evaluate(loaded.items.iter());
        full_queries.push(now_ms() - read);
        full_reads.push(read - start);
        assert!(page.total > 0);
    }
    // The share of reading the records' text into boards (JSON, migrate, gate), without IndexedDB.
    let texts: Vec<String> =
        seeded.iter().map(|board| serde_json::to_string(&board.to_record()).expect("a record serializes")).collect();
    let mut reads = Vec::new();
    for _ in 0..RUNS {
        let start = now_ms();
        let read: Vec<Board> = texts.iter().map(|text| read_board_record_text(text).expect("readable")).collect();
        reads.push(now_ms() - start);
        assert_eq!(read.len(), N_BOARDS);
    }
    let figures = format!(
        "boards list, {N_BOARDS} boards in IndexedDB ({RUNS} runs, median): open {:.1} ms, read the list {:.1} ms \
         (of which its {} KB of text to summaries {:.1} ms), filter and sort {:.1} ms, total {:.1} ms \
         (target: under 150 ms); a board write, the list's upkeep included, {:.1} ms\n\
         for comparison, every full board: open and read {:.1} ms (of which records to boards {:.1} ms), \
         filter and sort {:.1} ms",
        median(&mut opens),
        median(&mut lists),
        list_text.len() / 1024,
        median(&mut list_reads),
        median(&mut queries),
        median(&mut totals),
        median(&mut writes),
        median(&mut full_reads),
        median(&mut reads),
        median(&mut full_queries),
    );
    web_sys::console::log_1(&figures.into());
}

const N_GAME_BOARDS: usize = 200;
const GAMES_PER_BOARD: usize = 5;

/// A whole game of `board` as the player stores it, the learner declaring
/// (see `common::play_to_the_end`).
fn full_game(board: &Board, seed: u64) -> training::Journal {
    let declarer = board.game().auction().declarer().expect("the fixture has a contract");
    let start = training::PlayStart::from_board(board, declarer, &mut Seeded(seed)).expect("a contract to play");
    let mut journal = training::Journal::start(start).expect("four hands");
    common::play_to_the_end(&mut journal);
    journal
}

#[wasm_bindgen_test]
async fn the_last_game_of_a_board_among_1000_games() {
    let name = format!("bench-games-{}", js_sys::Math::random());
    let template: serde_json::Value = serde_json::from_str(BOARD_V1).expect("the fixture is JSON");
    let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
    let mut size = 0;
    for idx in 0..N_GAME_BOARDS {
        let mut json = template.clone();
        json["id"] = format!("bench-{idx}").into();
        let board = read_board_record(&json).expect("a bench board is readable");
        for game in 0..GAMES_PER_BOARD {
            let journal = full_game(&board, (idx * GAMES_PER_BOARD + game) as u64);
            size = serde_json::to_string(&journal.to_record()).expect("a record serializes").len();
            let when = Timestamp((idx * GAMES_PER_BOARD + game) as i64);
            let id = store::new_game_id(&board.id, when, game as u64);
            store.put_game(&id, &journal, when).await.expect("the game is stored");
        }
    }
    drop(store);
    let board = training::BoardId(format!("bench-{}", N_GAME_BOARDS / 2));
    let mut reads = Vec::new();
    for _ in 0..RUNS {
        let store = Store::open(&name, Hooks::default()).await.expect("the store opens");
        let start = now_ms();
        let (games, unreadable) = store.games_of(&board).await.expect("the games read");
        reads.push(now_ms() - start);
        assert_eq!((games.len(), unreadable.len()), (GAMES_PER_BOARD, 0), "this board's games, all readable");
    }
    let figures = format!(
        "the player's first read, the games of one board among {} games of {N_GAME_BOARDS} boards in IndexedDB \
         ({} KB of record each; {RUNS} runs, median): {:.1} ms",
        N_GAME_BOARDS * GAMES_PER_BOARD,
        size / 1024,
        median(&mut reads),
    );
    web_sys::console::log_1(&figures.into());
}
