//! Benchmark: PBN import plans, export and a bulk comment rewrite over the real-world corpus.
//!
//! `cargo bench -p training --bench exchange` plans the import of every file of
//! `shared/data/pbn` (skipped with a message when absent), exports the boards it would create to
//! one file, and plans a rewrite over them, printing the median and worst of repeated runs.

use std::path::PathBuf;
use std::time::Instant;

use training::{
    export_pbn, plan_import_bytes, plan_rewrite, Board, ExportOptions, ExportVulnerability, ImportOptions,
    PlannedOutcome, RewriteAction, RewriteRule, Timestamp, UserId,
};

const RUNS: usize = 10;
const NOW: Timestamp = Timestamp(1_700_000_000_000);

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pbn");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!("training exchange: PBN corpus not found at {}, skipping", dir.display());
        return;
    };
    let files: Vec<Vec<u8>> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "pbn"))
        .filter_map(|path| std::fs::read(path).ok())
        .collect();
    let n_bytes: usize = files.iter().map(Vec::len).sum();
    let en: training::Locale = "en".parse().expect("en is a locale");
    let options = ImportOptions { owner: UserId("bench".to_owned()), comment_locale: Some(en.clone()) };

    let mut boards: Vec<Board> = Vec::new();
    let (median, worst) = time(|| {
        boards = files
            .iter()
            .flat_map(|bytes| plan_import_bytes(bytes, &options, NOW).games)
            .filter_map(|game| match game.outcome {
                PlannedOutcome::Create(planned) => Some(planned.preview),
                PlannedOutcome::Rejected(_) => None,
            })
            .collect();
    });
    println!(
        "training exchange: import plan of {} files ({:.1} MiB): {} boards; median {median:.1} ms, worst {worst:.1} ms",
        files.len(),
        n_bytes as f64 / (1024.0 * 1024.0),
        boards.len()
    );

    let export = ExportOptions {
        event: "Bench".to_owned(),
        first_number: 1,
        series: 1,
        locale: en.clone(),
        vulnerability: ExportVulnerability::Keep,
    };
    let mut n_chars = 0;
    let (median, worst) = time(|| n_chars = export_pbn(&boards, &export).map_or(0, |file| file.to_string().len()));
    println!(
        "training exchange: export of {} boards ({n_chars} bytes); median {median:.1} ms, worst {worst:.1} ms",
        boards.len()
    );

    let rule = RewriteRule {
        find: r"(\d)NT".to_owned(),
        locale: en,
        action: RewriteAction::Replace,
        replace: "${1}SA".to_owned(),
    };
    let mut n_updated = 0;
    let (median, worst) = time(|| {
        let plan = plan_rewrite(std::slice::from_ref(&rule), &boards, NOW).expect("the rule is valid");
        n_updated = plan
            .boards
            .iter()
            .filter(|entry| matches!(entry.status, training::RewriteStatus::WillUpdate { .. }))
            .count();
    });
    println!(
        "training exchange: rewrite plan over {} boards: {n_updated} to update; median {median:.1} ms, worst {worst:.1} ms",
        boards.len()
    );
}

/// The median and worst time of `RUNS` runs of `run`, in milliseconds.
fn time(mut run: impl FnMut()) -> (f64, f64) {
    let mut times: Vec<f64> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    (times[RUNS / 2], times[RUNS - 1])
}
