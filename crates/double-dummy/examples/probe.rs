//! Times the solves of one table, strain by strain, with node counts
//! (`TABLE=1`: the whole table at once, as `Solver::table` solves it).

use std::time::Instant;

use bridge::{Deal, Seat, Strain};
use double_dummy::{Position, Solver};

fn main() {
    let file = std::env::var("FILE").unwrap_or_else(|_| "dd-tables.txt".to_owned());
    let text = std::fs::read_to_string(format!("testdata/dd/{file}")).expect("run from the workspace root");
    let line_no: usize = std::env::args().nth(1).and_then(|arg| arg.parse().ok()).unwrap_or(0);
    let line = text.lines().nth(line_no).expect("line exists");
    let deal: Deal = line.split_whitespace().take(4).collect::<Vec<_>>().join(" ").parse().expect("deal");
    let mb: usize = std::env::var("MB").ok().and_then(|v| v.parse().ok()).unwrap_or(64);
    let mut solver = Solver::with_memory(mb << 20);
    let start = Instant::now();
    if std::env::var_os("TABLE").is_some() {
        // The whole table as `Solver::table` solves it (guesses passed on).
        let table = solver.table(&deal).expect("a full deal");
        println!("{table}");
        println!("total {:.1} ms, {} nodes", start.elapsed().as_secs_f64() * 1e3, solver.nodes());
        return;
    }
    for strain in Strain::ALL {
        for declarer in Seat::ALL {
            let before = solver.nodes();
            let t = Instant::now();
            let position = Position::from_deal(&deal, strain, declarer.next()).expect("position");
            let value = solver.solve(&position);
            println!(
                "{strain:?} {declarer}: leader side {value}  nodes {}  {:.1} ms",
                solver.nodes() - before,
                t.elapsed().as_secs_f64() * 1e3
            );
        }
    }
    println!("total {:.1} ms, {} nodes", start.elapsed().as_secs_f64() * 1e3, solver.nodes());
}
