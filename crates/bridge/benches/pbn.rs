//! Speed of the PBN reader and writer on a generated file of 10,000 games
//! with auctions and play. Run with `cargo bench -p bridge --bench pbn`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use bridge::pbn::{self, PbnFile, PbnGame};
use bridge::testing::SplitMix64;
use bridge::{Auction, Call, Card, Game, Play, Seat, Vulnerability};

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
    let deal = rng.deal();
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
