//! A teacher's overview of their boards: how many there are by level, theme, sharing, teaching mode and month
//! of creation, and the names used most, counted over anything [`Listed`] (so over the boards
//! list's summaries, without reading the boards). Boards in the trash are left out.

use std::collections::BTreeMap;

use crate::{Listed, Sharing, TeachingMode, Timestamp};

/// The counts of an overview.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardsOverview {
    /// Boards counted (those not in the trash).
    pub total: usize,
    /// By teaching level (`None`: not set), lowest first.
    pub by_level: BTreeMap<Option<u8>, usize>,
    /// By theme (catalogue identifiers and the teacher's own), most used first, then by name.
    pub by_theme: Vec<(String, usize)>,
    /// By month of creation (`YYYY-MM`, UTC), oldest first.
    pub by_month: BTreeMap<String, usize>,
    /// Private, shared with groups, public.
    pub by_sharing: [usize; 3],
    /// By teaching mode, by its name (`full`, `minibridge`, ...; every goal of
    /// "show trump and goal" together), in the editor's order of the modes.
    pub by_mode: Vec<(&'static str, usize)>,
    /// The names given to more than one board, most used first, then by name; at most
    /// [`BoardsOverview::TOP_NAMES`].
    pub top_names: Vec<(String, usize)>,
}

impl BoardsOverview {
    /// How many names [`BoardsOverview::top_names`] keeps.
    pub const TOP_NAMES: usize = 10;

    /// The overview of `boards`.
    #[must_use]
    pub fn of<'a, B: Listed + 'a>(boards: impl IntoIterator<Item = &'a B>) -> BoardsOverview {
        let mut res = BoardsOverview::default();
        let mut themes: BTreeMap<&str, usize> = BTreeMap::new();
        let mut names: BTreeMap<String, usize> = BTreeMap::new();
        let mut modes = [0usize; TeachingMode::ALL.len()];
        for board in boards {
            let times = board.timestamps();
            if times.deleted.is_some() {
                continue;
            }
            res.total += 1;
            *res.by_level.entry(board.level()).or_default() += 1;
            for theme in board.themes() {
                *themes.entry(theme).or_default() += 1;
            }
            *res.by_month.entry(month_of(times.created)).or_default() += 1;
            res.by_sharing[match board.sharing() {
                Sharing::Private => 0,
                Sharing::Groups(_) => 1,
                Sharing::Public => 2,
            }] += 1;
            let mode = board.teaching_mode().as_str();
            if let Some(idx) = TeachingMode::ALL.iter().position(|known| known.as_str() == mode) {
                modes[idx] += 1;
            }
            let name = board.name().trim();
            if !name.is_empty() {
                *names.entry(name.to_owned()).or_default() += 1;
            }
        }
        res.by_mode = TeachingMode::ALL
            .iter()
            .zip(modes)
            .filter(|(_, count)| *count > 0)
            .map(|(mode, count)| (mode.as_str(), count))
            .collect();
        res.by_theme = most_first(themes.into_iter().map(|(theme, count)| (theme.to_owned(), count)));
        res.top_names = most_first(names.into_iter().filter(|(_, count)| *count > 1));
        res.top_names.truncate(BoardsOverview::TOP_NAMES);
        res
    }
}

/// `counts` sorted by count, most first, then by name.
fn most_first(counts: impl Iterator<Item = (String, usize)>) -> Vec<(String, usize)> {
    let mut res: Vec<(String, usize)> = counts.collect();
    bridge::order::sort_by(&mut res, |a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    res
}

/// The month (`YYYY-MM`, UTC) of a time in milliseconds since the epoch.
#[must_use]
pub fn month_of(at: Timestamp) -> String {
    let days = at.0.div_euclid(86_400_000);
    // Days since 1970-01-01 to a civil date (the proleptic Gregorian calendar), by 400-year eras.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}")
}
