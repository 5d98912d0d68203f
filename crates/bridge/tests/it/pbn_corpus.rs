//! The real-world PBN corpus of `shared/data/pbn`: every game of the valid
//! files reads without error, the invalid files are rejected with located
//! errors, and every file survives export and re-import.

use std::path::PathBuf;

use bridge::pbn::{self, PbnFile, PbnGame, Severity};

/// Files that break the standard on purpose (see the corpus README).
const INVALID: [&str; 2] = ["bridge-pbn__errors_10.pbn", "pybcdd__faulty.pbn"];

fn corpus() -> Option<Vec<(String, Vec<u8>)>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pbn");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!("PBN corpus not found at {}, skipping", dir.display());
        return None;
    };
    let mut res: Vec<(String, Vec<u8>)> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "pbn"))
        .map(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
            let bytes = std::fs::read(&path).unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
            (name, bytes)
        })
        .collect();
    res.sort();
    Some(res)
}

#[test]
fn valid_files_read_without_errors_and_invalid_ones_are_rejected() {
    let Some(files) = corpus() else { return };
    assert!(files.len() >= 30, "the corpus holds 34 files");
    for (name, bytes) in &files {
        let parsed = pbn::parse_bytes(bytes);
        let mut diagnostics = parsed.diagnostics.clone();
        diagnostics.extend(pbn::check(&parsed.file));
        let errors: Vec<String> = diagnostics
            .iter()
            .filter(|diagnostic| diagnostic.severity == Severity::Error)
            .map(|diagnostic| format!("{name}:{diagnostic}"))
            .collect();
        assert!(!parsed.file.games.is_empty(), "{name}: no game read");
        if INVALID.contains(&name.as_str()) {
            assert!(!errors.is_empty(), "{name}: an invalid file must be rejected");
            assert!(diagnostics.iter().all(|diagnostic| diagnostic.pos.line > 0), "{name}: errors are located");
        } else {
            assert!(errors.is_empty(), "{name}: unexpected errors:\n{}", errors.join("\n"));
        }
    }
}

#[test]
fn faulty_board_is_flagged_and_the_other_read() {
    let Some(files) = corpus() else { return };
    let Some((_, bytes)) = files.iter().find(|(name, _)| name == "pybcdd__faulty.pbn") else { return };
    let parsed = pbn::parse_bytes(bytes);
    let diagnostics = pbn::check(&parsed.file);
    assert_eq!(parsed.file.games.len(), 2);
    assert!(parsed.file.games[0].deal().is_some_and(|deal| deal.is_ok()));
    assert!(diagnostics.iter().all(|diagnostic| diagnostic.game == Some(1)));
    assert_eq!(diagnostics.iter().map(|diagnostic| diagnostic.pos.line).collect::<Vec<_>>(), [11]);
}

#[test]
fn every_file_survives_export_and_import() {
    let Some(files) = corpus() else { return };
    for (name, bytes) in &files {
        let first = pbn::parse_bytes(bytes).file;
        let exported = first.to_string();
        let second = pbn::parse(&exported);
        assert_eq!(second.file.to_string(), exported, "{name}: export is stable");
        assert_same_games(name, &first, &second.file);
        if !INVALID.contains(&name.as_str()) {
            assert_eq!(second.error_count(), 0, "{name}: the export reads without error: {:?}", second.diagnostics);
        }
    }
}

/// Same number of games, and in each the same tags, deal, auction and play.
#[track_caller]
pub fn assert_same_games(name: &str, first: &PbnFile, second: &PbnFile) {
    assert_eq!(first.games.len(), second.games.len(), "{name}: number of games");
    for (idx, (a, b)) in first.games.iter().zip(&second.games).enumerate() {
        assert_eq!(sorted_tags(a), sorted_tags(b), "{name}: game {idx}: tags");
        assert_eq!(a.deal().map(|deal| deal.ok()), b.deal().map(|deal| deal.ok()), "{name}: game {idx}: deal");
        let calls = |game: &PbnGame| game.auction().and_then(Result::ok).map(|auction| auction.auction);
        assert_eq!(calls(a), calls(b), "{name}: game {idx}: auction");
        let cards = |game: &PbnGame| game.play().and_then(Result::ok).map(|play| play.cards);
        assert_eq!(cards(a), cards(b), "{name}: game {idx}: play");
    }
}

fn sorted_tags(game: &PbnGame) -> Vec<(String, String)> {
    let mut res: Vec<(String, String)> = game.tags().map(|tag| (tag.name.clone(), tag.value.clone())).collect();
    res.sort();
    res
}
