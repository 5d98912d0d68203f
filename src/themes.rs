//! The catalogue of teaching themes a teacher ticks on a board; their names
//! live in the string files as `theme-<id>`.

/// Themes of the auction, by identifier.
pub const AUCTION_THEMES: [&str; 10] = [
    "opening",
    "notrump_opening",
    "overcall",
    "takeout_double",
    "stayman",
    "transfers",
    "preempt",
    "competitive",
    "game_try",
    "slam",
];

/// Themes of the play, by identifier.
pub const PLAY_THEMES: [&str; 12] = [
    "opening_lead",
    "finesse",
    "hold_up",
    "entries",
    "establishing",
    "ruffing",
    "trump_control",
    "safety_play",
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
