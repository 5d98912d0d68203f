//! Scoring: the duplicate scoring table, IMPs, matchpoints, and the par scores of the shared tables.

use std::path::PathBuf;

use bridge::{imps, matchpoints, score, Contract};
use expect_test::{expect, Expect};

/// The score of `contract` (such as `4SX`) when declarer takes `tricks`.
#[track_caller]
fn check(contract: &str, vulnerable: bool, tricks: u8, expect: Expect) {
    let contract: Contract = contract.parse().expect("test contracts are valid");
    expect.assert_eq(&score(contract, vulnerable, tricks).to_string());
}

#[test]
fn well_known_scores() {
    check("1NT", false, 7, expect!["90"]);
    check("2S", false, 8, expect!["110"]);
    check("2S", false, 10, expect!["170"]);
    check("3NT", false, 9, expect!["400"]);
    check("3NT", true, 10, expect!["630"]);
    check("4H", true, 10, expect!["620"]);
    check("5D", false, 11, expect!["400"]);
    check("6S", false, 12, expect!["980"]);
    check("7NT", true, 13, expect!["2220"]);
    // The insult: 50 for a doubled contract made, 100 redoubled.
    check("1CX", false, 7, expect!["140"]);
    check("1CXX", false, 7, expect!["230"]);
    check("1NTXX", false, 7, expect!["560"]);
    check("2HX", false, 8, expect!["470"]);
    check("4SX", true, 11, expect!["990"]);
    // Undertricks.
    check("4S", false, 9, expect!["-50"]);
    check("4S", true, 7, expect!["-300"]);
    check("4SX", false, 6, expect!["-800"]);
    check("4SX", true, 6, expect!["-1100"]);
    check("3NTXX", false, 7, expect!["-600"]);
    check("7NTXX", true, 0, expect!["-7600"]);
    // More than 13 tricks cannot be taken; they count as 13.
    check("1C", false, 200, expect!["190"]);
}

/// Every line of `tests/data/scoring-table.txt`, transcribed from the Laws'
/// scoring table, against `score` for every contract and result.
#[test]
fn scoring_table() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/scoring-table.txt");
    let text = std::fs::read_to_string(path).expect("the scoring table is readable");
    let mut made: Vec<(Contract, bool, Vec<i32>)> = Vec::new();
    let mut down: Vec<(String, bool, Vec<i32>)> = Vec::new();
    for (line_idx, line) in text.lines().enumerate() {
        let at = || format!("scoring-table.txt:{}", line_idx + 1);
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let (kind, what, vul, values) = match tokens.as_slice() {
            [] => continue,
            [first, ..] if first.starts_with('#') => continue,
            [kind, what, vul, values @ ..] => (*kind, *what, *vul, values),
            _ => panic!("{}: expected a kind, a contract or penalty, a vulnerability and scores", at()),
        };
        let vulnerable = match vul {
            "NV" => false,
            "V" => true,
            _ => panic!("{}: vulnerability {vul:?}", at()),
        };
        let values: Vec<i32> =
            values.iter().map(|value| value.parse().unwrap_or_else(|_| panic!("{}", at()))).collect();
        match kind {
            "made" => {
                let contract: Contract = what.parse().unwrap_or_else(|err| panic!("{}: {err}", at()));
                assert_eq!(values.len(), usize::from(14 - contract.target()), "{}: one score per result", at());
                made.push((contract, vulnerable, values));
            }
            "down" => {
                assert_eq!(values.len(), 13, "{}: 1 to 13 down", at());
                down.push((what.to_owned(), vulnerable, values));
            }
            _ => panic!("{}: kind {kind:?}", at()),
        }
    }
    // 7 levels, 5 strains, 3 penalties, 2 vulnerabilities; 3 penalties by 2 vulnerabilities.
    assert_eq!(made.len(), 210);
    assert_eq!(down.len(), 6);

    let mut n_checked = 0;
    for (contract, vulnerable, values) in &made {
        for (overtricks, expected) in values.iter().enumerate() {
            let tricks = contract.target() + u8::try_from(overtricks).unwrap();
            assert_eq!(score(*contract, *vulnerable, tricks), *expected, "{contract} vul {vulnerable} {tricks} tricks");
            n_checked += 1;
        }
        let penalty = match contract.penalty.as_str() {
            "" => "-",
            other => other,
        };
        let (_, _, penalties) = down
            .iter()
            .find(|(what, vul, _)| what == penalty && vul == vulnerable)
            .expect("the table has the undertricks of every penalty and vulnerability");
        for tricks in 0..contract.target() {
            let n_down = usize::from(contract.target() - tricks);
            assert_eq!(
                score(*contract, *vulnerable, tricks),
                -penalties[n_down - 1],
                "{contract} vul {vulnerable} {n_down} down"
            );
            n_checked += 1;
        }
    }
    // Every contract with each of its 14 results.
    assert_eq!(n_checked, 210 * 14);
}

/// The IMPs of each score difference.
#[track_caller]
fn check_imps(differences: &[i32], expect: Expect) {
    let actual: Vec<String> =
        differences.iter().map(|difference| format!("{difference}:{}", imps(*difference))).collect();
    expect.assert_eq(&actual.join(" "));
}

#[test]
fn imp_scale() {
    // The first and last difference of each band of the WBF scale.
    check_imps(
        &[
            0, 10, 20, 40, 50, 80, 90, 120, 130, 160, 170, 210, 220, 260, 270, 310, 320, 360, 370, 420, 430, 490, 500,
            590, 600, 740, 750, 890, 900, 1090, 1100, 1290, 1300, 1490, 1500, 1740, 1750, 1990, 2000, 2240, 2250,
            2490, 2500, 2990, 3000, 3490, 3500, 3990, 4000, 7600,
        ],
        expect!["0:0 10:0 20:1 40:1 50:2 80:2 90:3 120:3 130:4 160:4 170:5 210:5 220:6 260:6 270:7 310:7 320:8 360:8 370:9 420:9 430:10 490:10 500:11 590:11 600:12 740:12 750:13 890:13 900:14 1090:14 1100:15 1290:15 1300:16 1490:16 1500:17 1740:17 1750:18 1990:18 2000:19 2240:19 2250:20 2490:20 2500:21 2990:21 3000:22 3490:22 3500:23 3990:23 4000:24 7600:24"],
    );
    check_imps(
        &[-10, -20, -620, -4000, i32::MIN, i32::MAX],
        expect!["-10:0 -20:-1 -620:-12 -4000:-24 -2147483648:-24 2147483647:24"],
    );
    for difference in -5000..=5000 {
        assert_eq!(imps(-difference), -imps(difference));
    }
}

#[test]
fn matchpoint_scores() {
    let check_mp = |scores: &[i32], expect: Expect| expect.assert_eq(&format!("{:?}", matchpoints(scores)));
    check_mp(&[], expect!["[]"]);
    check_mp(&[420], expect!["[0.0]"]);
    check_mp(&[420, 450, -50, 420], expect!["[1.5, 3.0, 0.0, 1.5]"]);
    check_mp(&[100, 100, 100], expect!["[1.0, 1.0, 1.0]"]);
    check_mp(&[-200, 110, 140, 170, 620], expect!["[0.0, 1.0, 2.0, 3.0, 4.0]"]);
    // The points of a board always add up to n (n - 1) / 2.
    let scores = [620, 170, 620, -100, 140, 620, -800];
    let total: f64 = matchpoints(&scores).iter().sum();
    assert!((total - 21.0).abs() < 1e-9);
}

/// The par score of every deal of the shared double-dummy tables (dealer
/// North, none vulnerable) is the score of its par contracts.
#[test]
fn par_scores_of_the_dd_tables() {
    let text = std::fs::read_to_string(crate::deal::dd_tables_path()).expect("the double-dummy tables are readable");
    let mut n_contracts = 0;
    for (line_idx, line) in text.lines().enumerate() {
        let field = |key: &str| {
            line.split_whitespace()
                .find_map(|token| token.strip_prefix(key))
                .unwrap_or_else(|| panic!("line {}: no {key}", line_idx + 1))
        };
        let par_ns: i32 = field("par_ns=").parse().unwrap();
        let contracts = field("contracts=");
        if contracts == "pass" {
            assert_eq!(par_ns, 0);
            continue;
        }
        for item in contracts.split(',') {
            // `<level><strain>[*]-<seats>[+n|-n]`, such as `5D*-EW-2` or `3N-W+2`.
            let (bid, rest) = item.split_once('-').unwrap();
            let contract: Contract = bid.parse().unwrap_or_else(|err| panic!("line {}: {err}", line_idx + 1));
            let (seats, result) = match rest.find(['+', '-']) {
                Some(idx) => (&rest[..idx], rest[idx..].parse::<i32>().unwrap()),
                None => (rest, 0),
            };
            let tricks = u8::try_from(i32::from(contract.target()) + result).unwrap();
            let declarer_score = score(contract, false, tricks);
            let ns_score = if seats.contains(['N', 'S']) { declarer_score } else { -declarer_score };
            assert_eq!(ns_score, par_ns, "line {}: {item}", line_idx + 1);
            n_contracts += 1;
        }
    }
    assert!(n_contracts >= 200);
}
