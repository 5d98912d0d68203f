//! Where the trick starts of the tables of the first N deals of
//! bench-deals.txt go (default 5), ours per tricks left and pons-dds's in
//! total, side by side: the tuning view of the search's tree.
//!
//! `cargo run --release -p double-dummy --example funnel --features
//! profiling,pons-dds/profiling -- N` from the workspace root.

use bridge::Deal;
use double_dummy::Solver;

fn main() {
    let text = std::fs::read_to_string("testdata/dd/bench-deals.txt").expect("run from the workspace root");
    let n_deals: usize = std::env::args().nth(1).and_then(|arg| arg.parse().ok()).unwrap_or(5);
    let skip: usize = std::env::var("SKIP").ok().and_then(|value| value.parse().ok()).unwrap_or(0);
    let mut ours = Solver::new();
    let mut theirs = pons_dds::Solver::new(contract_bridge::Strain::Notrump);
    for line in text.lines().skip(skip).take(n_deals) {
        let deal: Deal = line.split_whitespace().take(4).collect::<Vec<_>>().join(" ").parse().expect("a deal");
        ours.table(&deal).expect("a full deal");
        let pons_deal: pons_dds::FullDeal = deal.to_string().parse().expect("a pons-dds deal");
        let _ = pons_dds::solve_deal_on(&mut theirs, pons_deal);
    }
    let stats = ours.stats();
    println!("ours: {} nodes, {} null-window searches", ours.nodes(), stats.iterations);
    println!("left   entries   trivial      sure     quick     later        tt  searched  cut@1st  cut@later   all");
    let sum = |row: &[u64; 14]| row.iter().sum::<u64>();
    for left in (1..14).rev() {
        let all = stats.searched[left] - stats.cut_first[left] - stats.cut_later[left];
        println!(
            "{left:>4} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>8} {:>9} {:>9}",
            stats.entries[left],
            stats.trivial[left],
            stats.sure[left],
            stats.quick[left],
            stats.later[left],
            stats.tt[left],
            stats.searched[left],
            stats.cut_first[left],
            stats.cut_later[left],
            all
        );
    }
    let searched = sum(&stats.searched);
    println!(
        " all {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>8} {:>9} {:>9}",
        sum(&stats.entries),
        sum(&stats.trivial),
        sum(&stats.sure),
        sum(&stats.quick),
        sum(&stats.later),
        sum(&stats.tt),
        searched,
        sum(&stats.cut_first),
        sum(&stats.cut_later),
        searched - sum(&stats.cut_first) - sum(&stats.cut_later)
    );
    let places = ["lead", "second", "third", "fourth"];
    for (label, plies) in [("all", &stats.ply), ("10+ tricks left", &stats.ply_top)] {
        println!("per place in the trick ({label}): cut-off nodes, moves tried per cut-off, nodes where all failed, moves each");
        for (place, ply) in places.iter().zip(plies) {
            let per = |sum: u64, count: u64| sum as f64 / count.max(1) as f64;
            println!(
                "  {place:<7} {:>9} {:>6.3} {:>9} {:>6.3}",
                ply[0],
                per(ply[2], ply[0]),
                ply[3],
                per(ply[4], ply[3])
            );
        }
    }
    println!("pons-dds: {:#?}", theirs.search_stats());
}
