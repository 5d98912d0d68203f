//! Board queries: an immutable filter, sort and page, evaluated over boards in memory.

use std::cmp::Ordering;

use bridge::Strain;

use crate::{Board, Locale};

/// Which boards a query looks at, by trash state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lifecycle {
    #[default]
    Active,
    Trash,
    All,
}

/// The columns a query may sort by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SortColumn {
    Name,
    Level,
    Created,
    #[default]
    Updated,
    FirstPublished,
}

/// A filter over boards, built by chaining methods that each return a new query.
/// An empty criterion (no level, no language, no trump, no text) filters nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardQuery {
    levels: Vec<u8>,
    languages: Vec<Locale>,
    trumps: Vec<Strain>,
    text: String,
    lifecycle: Lifecycle,
    sort: SortColumn,
    descending: bool,
    offset: usize,
    limit: usize,
}

/// One page of a query's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryPage<'a> {
    /// How many boards match, across all pages.
    pub total: usize,
    pub boards: Vec<&'a Board>,
}

impl Default for BoardQuery {
    fn default() -> BoardQuery {
        BoardQuery {
            levels: Vec::new(),
            languages: Vec::new(),
            trumps: Vec::new(),
            text: String::new(),
            lifecycle: Lifecycle::Active,
            sort: SortColumn::Updated,
            descending: true,
            offset: 0,
            limit: BoardQuery::DEFAULT_LIMIT,
        }
    }
}

impl BoardQuery {
    /// The page size unless [`BoardQuery::page`] says otherwise.
    pub const DEFAULT_LIMIT: usize = 50;

    /// Active boards, most recently updated first, the first page.
    #[must_use]
    pub fn new() -> BoardQuery {
        BoardQuery::default()
    }

    /// Boards of one of `levels`; a board of unset level matches none.
    #[must_use]
    pub fn levels(self, levels: impl IntoIterator<Item = u8>) -> BoardQuery {
        BoardQuery { levels: levels.into_iter().collect(), ..self }
    }

    /// Boards with text in one of `languages` (compared by primary language,
    /// so `fr` matches `fr-CA`), and language-agnostic boards.
    #[must_use]
    pub fn languages(self, languages: impl IntoIterator<Item = Locale>) -> BoardQuery {
        BoardQuery { languages: languages.into_iter().collect(), ..self }
    }

    /// Boards whose contract is in one of `trumps` (`Strain::NoTrump` for notrump).
    #[must_use]
    pub fn trumps(self, trumps: impl IntoIterator<Item = Strain>) -> BoardQuery {
        BoardQuery { trumps: trumps.into_iter().collect(), ..self }
    }

    /// Boards whose name or one of whose themes contains `text`, ignoring case.
    #[must_use]
    pub fn text(self, text: &str) -> BoardQuery {
        BoardQuery { text: text.trim().to_lowercase(), ..self }
    }

    #[must_use]
    pub fn lifecycle(self, lifecycle: Lifecycle) -> BoardQuery {
        BoardQuery { lifecycle, ..self }
    }

    /// Sorts by `column`; boards without a value (unpublished, unset level)
    /// come last both ways, and ties go by board id.
    #[must_use]
    pub fn sort(self, column: SortColumn, descending: bool) -> BoardQuery {
        BoardQuery { sort: column, descending, ..self }
    }

    /// The page of `limit` boards after skipping `offset`.
    #[must_use]
    pub fn page(self, offset: usize, limit: usize) -> BoardQuery {
        BoardQuery { offset, limit, ..self }
    }

    /// Whether `board` passes every filter of the query.
    #[must_use]
    pub fn matches(&self, board: &Board) -> bool {
        let derived = board.derived();
        let lifecycle = match self.lifecycle {
            Lifecycle::Active => !board.is_deleted(),
            Lifecycle::Trash => board.is_deleted(),
            Lifecycle::All => true,
        };
        let level =
            self.levels.is_empty() || board.metadata.level.get().is_some_and(|level| self.levels.contains(&level));
        let language = self.languages.is_empty()
            || derived.languages.is_empty()
            || derived
                .languages
                .iter()
                .any(|have| self.languages.iter().any(|want| want.language() == have.language()));
        let trump = self.trumps.is_empty() || derived.strain.is_some_and(|strain| self.trumps.contains(&strain));
        lifecycle && level && language && trump && self.matches_text(board)
    }

    /// The boards matching the query, sorted, and the requested page of them.
    #[must_use]
    pub fn evaluate<'a>(&self, boards: impl IntoIterator<Item = &'a Board>) -> QueryPage<'a> {
        let mut res: Vec<&Board> = boards.into_iter().filter(|board| self.matches(board)).collect();
        res.sort_by(|a, b| self.compare(a, b));
        let total = res.len();
        let boards = res.into_iter().skip(self.offset).take(self.limit).collect();
        QueryPage { total, boards }
    }

    fn matches_text(&self, board: &Board) -> bool {
        if self.text.is_empty() {
            return true;
        }
        let metadata = &board.metadata;
        std::iter::once(&metadata.name)
            .chain(&metadata.auction_themes)
            .chain(&metadata.play_themes)
            .chain(&metadata.user_themes)
            .any(|field| field.to_lowercase().contains(&self.text))
    }

    fn compare(&self, a: &Board, b: &Board) -> Ordering {
        let directed = |ordering: Ordering| if self.descending { ordering.reverse() } else { ordering };
        // Missing values last whichever the direction.
        let optional = |a: Option<i64>, b: Option<i64>| match (a, b) {
            (Some(a), Some(b)) => directed(a.cmp(&b)),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        };
        let by_column = match self.sort {
            SortColumn::Name => directed(a.metadata.name.to_lowercase().cmp(&b.metadata.name.to_lowercase())),
            SortColumn::Level => optional(a.metadata.level.get().map(i64::from), b.metadata.level.get().map(i64::from)),
            SortColumn::Created => directed(a.timestamps.created.cmp(&b.timestamps.created)),
            SortColumn::Updated => directed(a.timestamps.updated.cmp(&b.timestamps.updated)),
            SortColumn::FirstPublished => optional(
                a.timestamps.first_published.map(|stamp| stamp.0),
                b.timestamps.first_published.map(|stamp| stamp.0),
            ),
        };
        by_column.then_with(|| a.id.cmp(&b.id))
    }
}
