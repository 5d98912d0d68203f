//! Duplicate scoring, IMPs and matchpoints.

use crate::{Contract, Penalty, Strain};

/// The duplicate score of `contract` when declarer's side takes `tricks`
/// tricks (0..=13), from declarer's side: positive when it makes.
#[must_use]
pub fn score(contract: Contract, vulnerable: bool, tricks: u8) -> i32 {
    let target = i32::from(contract.target());
    let tricks = i32::from(tricks.min(13));
    if tricks >= target {
        made_score(contract, vulnerable, tricks - target)
    } else {
        -undertrick_penalty(contract.penalty, vulnerable, target - tricks)
    }
}

fn made_score(contract: Contract, vulnerable: bool, overtricks: i32) -> i32 {
    let level = i32::from(contract.level());
    let per_trick = if contract.strain().is_minor() { 20 } else { 30 };
    let notrump_extra = if contract.strain() == Strain::NoTrump { 10 } else { 0 };
    let multiplier = match contract.penalty {
        Penalty::Undoubled => 1,
        Penalty::Doubled => 2,
        Penalty::Redoubled => 4,
    };
    let trick_score = (level * per_trick + notrump_extra) * multiplier;
    let mut res = trick_score;
    res += match (trick_score >= 100, vulnerable) {
        (false, _) => 50,
        (true, false) => 300,
        (true, true) => 500,
    };
    res += match (contract.level(), vulnerable) {
        (6, false) => 500,
        (6, true) => 750,
        (7, false) => 1000,
        (7, true) => 1500,
        _ => 0,
    };
    res += match contract.penalty {
        Penalty::Undoubled => overtricks * per_trick,
        Penalty::Doubled => 50 + overtricks * if vulnerable { 200 } else { 100 },
        Penalty::Redoubled => 100 + overtricks * if vulnerable { 400 } else { 200 },
    };
    res
}

fn undertrick_penalty(penalty: Penalty, vulnerable: bool, down: i32) -> i32 {
    let doubled = match (vulnerable, down) {
        (false, 1) => 100,
        (false, 2) => 300,
        (false, n) => 500 + (n - 3) * 300,
        (true, n) => 200 + (n - 1) * 300,
    };
    match penalty {
        Penalty::Undoubled => down * if vulnerable { 100 } else { 50 },
        Penalty::Doubled => doubled,
        Penalty::Redoubled => 2 * doubled,
    }
}

/// The upper bound of each IMP band: a difference up to `IMP_BANDS[i]` is worth `i` IMPs.
const IMP_BANDS: [i32; 24] = [
    10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990,
    3490, 3990,
];

/// The IMPs for a score difference, with its sign.
#[must_use]
pub fn imps(difference: i32) -> i32 {
    let abs = difference.saturating_abs();
    let imps = IMP_BANDS.iter().position(|bound| abs <= *bound).unwrap_or(IMP_BANDS.len());
    let imps = i32::try_from(imps).unwrap_or(24);
    if difference < 0 {
        -imps
    } else {
        imps
    }
}

/// Matchpoints of each score among `scores` (all from the same side's point
/// of view): one point for each score beaten, half a point for each tie.
#[must_use]
pub fn matchpoints(scores: &[i32]) -> Vec<f64> {
    scores
        .iter()
        .map(|score| {
            let beaten = scores.iter().filter(|other| *other < score).count();
            let tied = scores.iter().filter(|other| *other == score).count() - 1;
            beaten as f64 + tied as f64 / 2.0
        })
        .collect()
}
