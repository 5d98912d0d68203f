//! The catalogue of teaching themes a teacher ticks on a board; their names
//! live in the string files as `theme-<id>`.

/// Themes of the auction, by identifier.
pub const AUCTION_THEMES: [&str; 10] = [
    "opening",
    "notrump-opening",
    "overcall",
    "takeout-double",
    "stayman",
    "transfers",
    "preempt",
    "competitive",
    "game-try",
    "slam",
];

/// Themes of the play, by identifier.
pub const PLAY_THEMES: [&str; 12] = [
    "opening-lead",
    "finesse",
    "hold-up",
    "entries",
    "establishing",
    "ruffing",
    "trump-control",
    "safety-play",
    "elimination",
    "squeeze",
    "counting",
    "defence",
];

/// The string key of a theme's name.
#[must_use]
pub fn name_key(id: &str) -> String {
    format!("theme-{id}")
}
