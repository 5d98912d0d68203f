//! Lenient readers for imported and legacy values: anything unknown becomes an explicit `Unset`.

use std::fmt;

use bridge::{Penalty, Vulnerability};
use serde::{Deserialize, Serialize};

/// A board's teaching level, from 1 (beginner) to [`Level::MAX`], or unset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Level {
    #[default]
    Unset,
    Set(u8),
}

impl Level {
    /// The highest teaching level.
    pub const MAX: u8 = 5;

    /// Level `level` when it is in `1..=Level::MAX`, else `Unset`.
    #[must_use]
    pub const fn new(level: u8) -> Level {
        if 1 <= level && level <= Level::MAX {
            Level::Set(level)
        } else {
            Level::Unset
        }
    }

    /// Reads a number such as `3`, `03` or `+3` (surrounding space ignored);
    /// anything else, or a number out of range, is `Unset`.
    #[must_use]
    pub fn parse_lenient(s: &str) -> Level {
        s.trim().parse::<u8>().map_or(Level::Unset, Level::new)
    }

    /// The level number, if set.
    #[must_use]
    pub const fn get(self) -> Option<u8> {
        match self {
            Level::Set(level) => Some(level),
            Level::Unset => None,
        }
    }
}

/// How a board is scored, as PBN's `Scoring` tag names it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scoring {
    #[default]
    Unset,
    Matchpoints,
    Imps,
    /// Board-a-match.
    BoardAMatch,
    TotalPoints,
    Rubber,
    Chicago,
}

impl Scoring {
    /// Reads `MP`, `Matchpoints`, `IMP`, `IMPs`, `Butler`, `BAM`, `TotalPoints`,
    /// `Rubber`, `Chicago` and their usual variants in any case; for a PBN
    /// list such as `IMP;Butler` the first item decides. Anything else is `Unset`.
    #[must_use]
    pub fn parse_lenient(s: &str) -> Scoring {
        let first = s.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
        match first.replace(['-', ' ', '_'], "").as_str() {
            "mp" | "mps" | "matchpoints" | "matchpoint" | "pairs" | "mpp" => Scoring::Matchpoints,
            "imp" | "imps" | "butler" | "teams" | "impp" | "crosssimps" | "crossimps" => Scoring::Imps,
            "bam" | "boardamatch" | "patton" => Scoring::BoardAMatch,
            "tp" | "total" | "totalpoints" => Scoring::TotalPoints,
            "rubber" => Scoring::Rubber,
            "chicago" => Scoring::Chicago,
            _ => Scoring::Unset,
        }
    }

    /// The PBN spelling, empty when unset.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Scoring::Unset => "",
            Scoring::Matchpoints => "MP",
            Scoring::Imps => "IMP",
            Scoring::BoardAMatch => "BAM",
            Scoring::TotalPoints => "TotalPoints",
            Scoring::Rubber => "Rubber",
            Scoring::Chicago => "Chicago",
        }
    }
}

impl fmt::Display for Scoring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Reads a vulnerability leniently: the PBN spellings `bridge` reads, plus
/// `NorthSouth`, `EastWest`, `N/S`, `E/W`, `Nord-Sud`, `Est-Ouest`, `Tous`,
/// `Personne`; anything else is the default, nobody vulnerable.
#[must_use]
pub fn parse_vulnerability_lenient(s: &str) -> Vulnerability {
    if let Ok(vulnerability) = s.parse::<Vulnerability>() {
        return vulnerability;
    }
    match s.trim().to_ascii_lowercase().replace(['-', ' ', '/', '_'], "").as_str() {
        "northsouth" | "ns" | "nordsud" => Vulnerability::NorthSouth,
        "eastwest" | "ew" | "estouest" | "eo" => Vulnerability::EastWest,
        "tous" | "all" | "both" => Vulnerability::Both,
        _ => Vulnerability::None,
    }
}

/// Whether a board's contract is doubled: a filter value, unset for a board
/// without a contract or an unreadable value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DoubleStatus {
    #[default]
    Unset,
    Undoubled,
    Doubled,
    Redoubled,
}

impl DoubleStatus {
    /// Reads `-` or `undoubled` (also an empty string), `X`, `D`, `*`,
    /// `doubled`, `XX`, `R`, `**`, `redoubled`, in any case; anything else is `Unset`.
    #[must_use]
    pub fn parse_lenient(s: &str) -> DoubleStatus {
        match s.trim().to_ascii_lowercase().as_str() {
            "" | "-" | "undoubled" | "none" | "p" | "pass" => DoubleStatus::Undoubled,
            "x" | "d" | "*" | "dbl" | "doubled" | "double" | "contre" | "contré" => DoubleStatus::Doubled,
            "xx" | "r" | "**" | "rdbl" | "redoubled" | "redouble" | "surcontre" | "surcontré" => {
                DoubleStatus::Redoubled
            }
            _ => DoubleStatus::Unset,
        }
    }
}

impl From<Penalty> for DoubleStatus {
    fn from(penalty: Penalty) -> DoubleStatus {
        match penalty {
            Penalty::Undoubled => DoubleStatus::Undoubled,
            Penalty::Doubled => DoubleStatus::Doubled,
            Penalty::Redoubled => DoubleStatus::Redoubled,
        }
    }
}
