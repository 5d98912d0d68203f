//! Speed of the PBN reader and writer on a generated file of 10,000 games
//! with auctions and play. Run with `cargo bench -p bridge --bench pbn`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use bridge::pbn::{self, PbnFile, PbnGame};
use bridge::{Auction, BySeat, Call, Card, Deal, Game, Hand, Play, Rank, Seat, Suit, Vulnerability};

const N_GAMES: usize = 10_000;
const N_RUNS: usize = 5;

fn main() {
    let mut rng = SplitMix64(0x5EED_0FB4_1D6E);
    let games: Vec<PbnGame> = (0..N_GAMES)
        .map(|idx| {
            let mut game = PbnGame::from_game(&random_game(&mut rng, idx));
            // Real files name the event and board too.
            game.items.insert(0, tag("Event", "Benchmark"));
            game.items.insert(1, tag("Board", &(idx + 1).to_string()));
            game
        })
        .collect();
    let text = PbnFile { header: Vec::new(), games }.to_string();
    println!("pbn: {} games, {} bytes", N_GAMES, text.len());

    let parse = best_of(|| {
        let parsed = pbn::parse(black_box(&text));
        assert_eq!(parsed.file.games.len(), N_GAMES, "every generated game is read");
        parsed
    });
    report("parse", parse);
    let parsed = pbn::parse(&text).file;
    let format = best_of(|| black_box(&parsed).to_string());
    report("format", format);
    let check = best_of(|| pbn::check(black_box(&parsed)));
    report("check", check);
}

/// The fastest of a few runs.
fn best_of<T>(mut run: impl FnMut() -> T) -> Duration {
    (0..N_RUNS)
        .map(|_| {
            let start = Instant::now();
            black_box(run());
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn report(what: &str, elapsed: Duration) {
    let secs = elapsed.as_secs_f64();
    println!(
        "pbn {what}: {N_GAMES} games in {:.1} ms = {:.0} games/s",
        secs * 1000.0,
        N_GAMES as f64 / secs.max(f64::EPSILON)
    );
}

fn tag(name: &str, value: &str) -> pbn::Item {
    pbn::Item::Tag(pbn::Tag {
        name: name.to_owned(),
        value: value.to_owned(),
        section: pbn::Section::Rows(Vec::new()),
        pos: pbn::Pos::default(),
        value_pos: pbn::Pos::default(),
    })
}

/// A random deal, a random legal auction and a random legal play to the end.
fn random_game(rng: &mut SplitMix64, idx: usize) -> Game {
    let mut deck: Vec<Card> =
        Suit::ALL.iter().flat_map(|suit| Rank::DESCENDING.iter().map(move |rank| Card::new(*suit, *rank))).collect();
    for idx in (1..deck.len()).rev() {
        deck.swap(idx, rng.below(idx + 1));
    }
    let hands =
        BySeat::from_fn(|seat| deck[seat.index() * 13..seat.index() * 13 + 13].iter().copied().collect::<Hand>());
    let deal = Deal::from_hands(hands).expect("a shuffled deck deals a valid deal");
    let dealer = Seat::from_index(idx);
    let mut auction = Auction::new(dealer);
    while !auction.is_complete() {
        let legal = auction.legal_calls();
        // Pass half the time, so auctions end at a sensible level.
        let call = if rng.below(2) == 0 { Call::Pass } else { legal[rng.below(legal.len())] };
        auction.call(call).expect("a legal call is accepted");
    }
    let mut cards = Vec::new();
    if let (Some(contract), Some(declarer)) = (auction.contract(), auction.declarer()) {
        let mut play = Play::new(deal, contract.strain(), declarer.next());
        while !play.is_over() {
            let legal: Vec<Card> = play.legal_cards().iter().collect();
            let card = legal[rng.below(legal.len())];
            play.play(card).expect("a legal card is accepted");
            cards.push(card);
        }
    }
    Game { deal, vulnerability: Vulnerability::Both, auction, play: cards }
}

/// Sebastiano Vigna's splitmix64: a small, fast, deterministic generator.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
