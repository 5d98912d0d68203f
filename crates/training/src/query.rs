//! Board queries: an immutable filter, sort and page, evaluated over boards in memory, and the
//! [`BoardCriteria`] of bulk operations built from a query's filters.
//!
//! A query that exists is within the limits: the builder methods whose input could make a query
//! expensive (the groups of a sharing filter, a bidding pattern) check it and refuse with a
//! [`QueryError`], so [`BoardQuery::evaluate`] never fails.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use bridge::{Call, Strain};

use crate::{Board, GroupId, Listed, Locale, Sharing, UserId};

/// The most groups a sharing filter may name, all [`SharingFilter::Groups`] together: enough for
/// every club and class a teacher belongs to, few enough that a query stays a cheap set lookup.
pub const MAX_SHARING_GROUPS: usize = 32;

/// The most positions of a [`BiddingPattern`]: sixteen calls cover every teaching sequence of an
/// uncontested or competitive auction up to slam, and bound the work per board.
pub const MAX_BIDDING_POSITIONS: usize = 16;

/// The most alternative calls at one position of a [`BiddingPattern`]: a position asks for "one of
/// these few calls"; a longer list means the position should be left out of the pattern.
pub const MAX_BIDDING_ALTERNATIVES: usize = 8;

/// The most passes a [`BiddingPattern`] may be preceded by: the dealer and the two next seats may
/// pass before the opening, so a pattern `1NT` also matches `Pass Pass Pass 1NT ...`.
pub const MAX_LEADING_PASSES: usize = 3;

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

/// One kind of sharing a query accepts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SharingFilter {
    /// Boards nobody else reads.
    Private,
    /// Boards shared with one of these groups; with no group, boards shared with any group.
    Groups(Vec<GroupId>),
    /// Public boards.
    Public,
}

/// A bidding sequence to look for: one set of alternative calls per position, such as
/// `1S/1H Pass 2NT`. A board matches when its auction starts with a matching prefix, possibly
/// after up to [`MAX_LEADING_PASSES`] passes.
///
/// Only [`BiddingPattern::new`] (or [`str::parse`]) builds one, within the limits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BiddingPattern {
    positions: Vec<Vec<Call>>,
}

/// Why a query or criteria could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// A sharing filter names more groups than [`MAX_SHARING_GROUPS`].
    #[error("the sharing filter names {given} groups, at most {max} are allowed")]
    TooManyGroups { given: usize, max: usize },
    /// A bidding pattern without any position.
    #[error("the bidding pattern is empty")]
    EmptyBiddingPattern,
    /// A bidding pattern longer than [`MAX_BIDDING_POSITIONS`].
    #[error("the bidding pattern has {given} positions, at most {max} are allowed")]
    BiddingPatternTooLong { given: usize, max: usize },
    /// A position (numbered from 1) without any call.
    #[error("position {position} of the bidding pattern has no call")]
    EmptyPosition { position: usize },
    /// A position (numbered from 1) with more than [`MAX_BIDDING_ALTERNATIVES`] calls.
    #[error("position {position} of the bidding pattern has {given} alternatives, at most {max} are allowed")]
    TooManyAlternatives { position: usize, given: usize, max: usize },
    /// A token of a bidding pattern's text that is no call.
    #[error("position {position} of the bidding pattern: {token:?} is not a call")]
    InvalidCall { position: usize, token: String },
    /// Criteria without any filter would select every board.
    #[error("the criteria select every board: give at least one filter")]
    EmptyCriteria,
}

/// A filter over boards, built by chaining methods that each return a new query.
/// An empty criterion (no level, no language, no trump, no text, ...) filters nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardQuery {
    filters: Filters,
    sort: SortColumn,
    descending: bool,
    offset: usize,
    limit: usize,
}

/// One page of a query's result: boards, or the [`BoardSummary`](crate::BoardSummary)s of a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryPage<'a, B = Board> {
    /// How many boards match, across all pages.
    pub total: usize,
    pub boards: Vec<&'a B>,
}

/// The filters of a query with at least one of them set, for bulk updates and deletes: built
/// only by [`BoardCriteria::from_query`], which refuses a query that filters nothing, so a bulk
/// operation never reaches every board by accident.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardCriteria {
    filters: Filters,
}

/// Who owns the boards a query looks for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum OwnerFilter {
    Any,
    Is(UserId),
    IsNot(UserId),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Filters {
    owner: OwnerFilter,
    sharing: Vec<SharingFilter>,
    levels: Vec<u8>,
    languages: Vec<Locale>,
    trumps: Vec<Strain>,
    themes: Vec<String>,
    bidding: Option<BiddingPattern>,
    text: String,
    lifecycle: Lifecycle,
}

impl Default for BoardQuery {
    fn default() -> BoardQuery {
        BoardQuery {
            filters: Filters {
                owner: OwnerFilter::Any,
                sharing: Vec::new(),
                levels: Vec::new(),
                languages: Vec::new(),
                trumps: Vec::new(),
                themes: Vec::new(),
                bidding: None,
                text: String::new(),
                lifecycle: Lifecycle::Active,
            },
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

    /// Boards owned by `user_id`; orphans belong to nobody and never match. Replaces
    /// [`BoardQuery::not_owner`].
    #[must_use]
    pub fn owner(self, user_id: UserId) -> BoardQuery {
        self.with_filters(|filters| Filters { owner: OwnerFilter::Is(user_id), ..filters })
    }

    /// Boards not owned by `user_id`, orphans included: "what others wrote". Replaces
    /// [`BoardQuery::owner`].
    #[must_use]
    pub fn not_owner(self, user_id: UserId) -> BoardQuery {
        self.with_filters(|filters| Filters { owner: OwnerFilter::IsNot(user_id), ..filters })
    }

    /// Boards shared in one of the `filters` ways; none filters nothing.
    ///
    /// # Errors
    /// [`QueryError::TooManyGroups`] when the filters name more than [`MAX_SHARING_GROUPS`] groups.
    pub fn sharing(self, filters: impl IntoIterator<Item = SharingFilter>) -> Result<BoardQuery, QueryError> {
        let mut sharing: Vec<SharingFilter> = filters.into_iter().collect();
        for filter in &mut sharing {
            if let SharingFilter::Groups(groups) = filter {
                bridge::order::sort(groups);
                groups.dedup();
            }
        }
        let n_groups: usize = sharing
            .iter()
            .map(|filter| match filter {
                SharingFilter::Groups(groups) => groups.len(),
                SharingFilter::Private | SharingFilter::Public => 0,
            })
            .sum();
        if MAX_SHARING_GROUPS < n_groups {
            return Err(QueryError::TooManyGroups { given: n_groups, max: MAX_SHARING_GROUPS });
        }
        Ok(self.with_filters(|filters| Filters { sharing, ..filters }))
    }

    /// Boards of one of `levels`; a board of unset level matches none.
    #[must_use]
    pub fn levels(self, levels: impl IntoIterator<Item = u8>) -> BoardQuery {
        self.with_filters(|filters| Filters { levels: levels.into_iter().collect(), ..filters })
    }

    /// Boards with text in one of `languages` (compared by primary language,
    /// so `fr` matches `fr-CA`), and language-agnostic boards.
    #[must_use]
    pub fn languages(self, languages: impl IntoIterator<Item = Locale>) -> BoardQuery {
        self.with_filters(|filters| Filters { languages: languages.into_iter().collect(), ..filters })
    }

    /// Boards whose contract is in one of `trumps` (`Strain::NoTrump` for notrump).
    #[must_use]
    pub fn trumps(self, trumps: impl IntoIterator<Item = Strain>) -> BoardQuery {
        self.with_filters(|filters| Filters { trumps: trumps.into_iter().collect(), ..filters })
    }

    /// Boards carrying one of the theme ids `themes` among their auction, play or user themes
    /// (exact ids, as the gate stores them trimmed).
    #[must_use]
    pub fn themes<S: Into<String>>(self, themes: impl IntoIterator<Item = S>) -> BoardQuery {
        let themes: Vec<String> =
            themes.into_iter().map(|theme| theme.into().trim().to_owned()).filter(|theme| !theme.is_empty()).collect();
        self.with_filters(|filters| Filters { themes, ..filters })
    }

    /// Boards whose auction starts with `pattern`, after at most [`MAX_LEADING_PASSES`] passes.
    #[must_use]
    pub fn bidding(self, pattern: BiddingPattern) -> BoardQuery {
        self.with_filters(|filters| Filters { bidding: Some(pattern), ..filters })
    }

    /// Boards whose name or one of whose themes contains `text`, ignoring case.
    #[must_use]
    pub fn text(self, text: &str) -> BoardQuery {
        let text = text.trim().to_lowercase();
        self.with_filters(|filters| Filters { text, ..filters })
    }

    /// Active boards (the default), boards in the trash, or both.
    #[must_use]
    pub fn lifecycle(self, lifecycle: Lifecycle) -> BoardQuery {
        self.with_filters(|filters| Filters { lifecycle, ..filters })
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

    /// Whether `board` (a [`Board`] or its summary) passes every filter of the query.
    #[must_use]
    pub fn matches<B: Listed>(&self, board: &B) -> bool {
        self.filters.matches(board)
    }

    /// The boards (or summaries) matching the query, sorted, and the requested page of them.
    #[must_use]
    pub fn evaluate<'a, B: Listed + 'a>(&self, boards: impl IntoIterator<Item = &'a B>) -> QueryPage<'a, B> {
        let res: Vec<&B> = boards.into_iter().filter(|board| self.matches(*board)).collect();
        // Each board's key is read once, not at each comparison: the keys sit together in memory
        // and a name is lower-cased once.
        let descending = self.descending;
        let res: Vec<&B> = match self.sort {
            SortColumn::Name => sort_by_key(res, descending, |board| Some(board.name().to_lowercase())),
            SortColumn::Level => sort_by_key(res, descending, |board| board.level()),
            SortColumn::Created => sort_by_key(res, descending, |board| Some(board.timestamps().created)),
            SortColumn::Updated => sort_by_key(res, descending, |board| Some(board.timestamps().updated)),
            SortColumn::FirstPublished => sort_by_key(res, descending, |board| board.timestamps().first_published),
        };
        let total = res.len();
        let boards = res.into_iter().skip(self.offset).take(self.limit).collect();
        QueryPage { total, boards }
    }

    fn with_filters(self, change: impl FnOnce(Filters) -> Filters) -> BoardQuery {
        BoardQuery { filters: change(self.filters), ..self }
    }
}

impl BoardCriteria {
    /// The filters of `query`, its sort and page left aside. The lifecycle is kept (active boards
    /// unless the query says otherwise) but does not count as a filter: "every board in the trash"
    /// is still every board.
    ///
    /// # Errors
    /// [`QueryError::EmptyCriteria`] when the query sets no filter besides the lifecycle.
    pub fn from_query(query: &BoardQuery) -> Result<BoardCriteria, QueryError> {
        let filters = &query.filters;
        let is_empty = filters.owner == OwnerFilter::Any
            && filters.sharing.is_empty()
            && filters.levels.is_empty()
            && filters.languages.is_empty()
            && filters.trumps.is_empty()
            && filters.themes.is_empty()
            && filters.bidding.is_none()
            && filters.text.is_empty();
        if is_empty {
            return Err(QueryError::EmptyCriteria);
        }
        Ok(BoardCriteria { filters: filters.clone() })
    }

    /// Whether `board` passes every filter.
    #[must_use]
    pub fn matches(&self, board: &Board) -> bool {
        self.filters.matches(board)
    }

    /// Every board of `boards` the criteria select, by id: what a bulk update or delete acts on.
    #[must_use]
    pub fn select<'a>(&self, boards: impl IntoIterator<Item = &'a Board>) -> Vec<&'a Board> {
        let mut res: Vec<&Board> = boards.into_iter().filter(|board| self.matches(board)).collect();
        bridge::order::sort_by(&mut res, |a, b| a.id.cmp(&b.id));
        res
    }
}

impl BiddingPattern {
    /// The pattern of `positions`, each a set of alternative calls (repeated calls count once).
    ///
    /// # Errors
    /// An empty pattern or position, or one over [`MAX_BIDDING_POSITIONS`] or
    /// [`MAX_BIDDING_ALTERNATIVES`].
    pub fn new(positions: Vec<Vec<Call>>) -> Result<BiddingPattern, QueryError> {
        if positions.is_empty() {
            return Err(QueryError::EmptyBiddingPattern);
        }
        if MAX_BIDDING_POSITIONS < positions.len() {
            return Err(QueryError::BiddingPatternTooLong { given: positions.len(), max: MAX_BIDDING_POSITIONS });
        }
        let mut res = Vec::with_capacity(positions.len());
        for (idx, calls) in positions.into_iter().enumerate() {
            let mut alternatives: Vec<Call> = Vec::with_capacity(calls.len());
            for call in calls {
                if !alternatives.contains(&call) {
                    alternatives.push(call);
                }
            }
            let position = idx + 1;
            if alternatives.is_empty() {
                return Err(QueryError::EmptyPosition { position });
            }
            if MAX_BIDDING_ALTERNATIVES < alternatives.len() {
                return Err(QueryError::TooManyAlternatives {
                    position,
                    given: alternatives.len(),
                    max: MAX_BIDDING_ALTERNATIVES,
                });
            }
            res.push(alternatives);
        }
        Ok(BiddingPattern { positions: res })
    }

    /// The alternative calls of each position.
    #[must_use]
    pub fn positions(&self) -> &[Vec<Call>] {
        &self.positions
    }

    /// Whether `calls` start with the pattern, after 0 to [`MAX_LEADING_PASSES`] passes.
    #[must_use]
    pub fn matches(&self, calls: &[Call]) -> bool {
        (0..=MAX_LEADING_PASSES).any(|n_passes| {
            n_passes + self.positions.len() <= calls.len()
                && calls[..n_passes].iter().all(|call| *call == Call::Pass)
                && self.positions.iter().zip(&calls[n_passes..]).all(|(alternatives, call)| alternatives.contains(call))
        })
    }
}

impl FromStr for BiddingPattern {
    type Err = QueryError;

    /// Reads positions separated by white space, alternatives by `/`: `1S/1H Pass 2NT`. Calls are
    /// spelled as [`Call`] reads them (`Pass`, `X`, `XX`, `1C`, `3NT`, ...).
    fn from_str(s: &str) -> Result<BiddingPattern, QueryError> {
        let mut positions = Vec::new();
        for (idx, token) in s.split_whitespace().enumerate() {
            let mut calls = Vec::new();
            for spelling in token.split('/').filter(|spelling| !spelling.is_empty()) {
                let call: Call = spelling
                    .parse()
                    .map_err(|_| QueryError::InvalidCall { position: idx + 1, token: spelling.to_owned() })?;
                calls.push(call);
            }
            positions.push(calls);
        }
        BiddingPattern::new(positions)
    }
}

impl fmt::Display for BiddingPattern {
    /// The spelling [`BiddingPattern::from_str`] reads: `1S/1H Pass 2NT`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (idx, alternatives) in self.positions.iter().enumerate() {
            if idx > 0 {
                f.write_str(" ")?;
            }
            for (alt_idx, call) in alternatives.iter().enumerate() {
                if alt_idx > 0 {
                    f.write_str("/")?;
                }
                write!(f, "{call}")?;
            }
        }
        Ok(())
    }
}

impl Filters {
    fn matches<B: Listed>(&self, board: &B) -> bool {
        self.matches_lifecycle(board)
            && self.matches_owner(board)
            && self.matches_sharing(board)
            && self.matches_level(board)
            && self.matches_trump(board)
            && self.matches_language(board)
            && self.matches_themes(board)
            && self.bidding.as_ref().is_none_or(|pattern| pattern.matches(board.calls()))
            && self.matches_text(board)
    }

    fn matches_lifecycle<B: Listed>(&self, board: &B) -> bool {
        let deleted = board.timestamps().deleted.is_some();
        match self.lifecycle {
            Lifecycle::Active => !deleted,
            Lifecycle::Trash => deleted,
            Lifecycle::All => true,
        }
    }

    fn matches_owner<B: Listed>(&self, board: &B) -> bool {
        let owner = board.owner_id();
        match &self.owner {
            OwnerFilter::Any => true,
            OwnerFilter::Is(user_id) => owner == Some(user_id),
            OwnerFilter::IsNot(user_id) => owner != Some(user_id),
        }
    }

    fn matches_sharing<B: Listed>(&self, board: &B) -> bool {
        self.sharing.is_empty()
            || self.sharing.iter().any(|filter| match (filter, board.sharing()) {
                (SharingFilter::Private, Sharing::Private) | (SharingFilter::Public, Sharing::Public) => true,
                (SharingFilter::Groups(wanted), Sharing::Groups(groups)) => {
                    wanted.is_empty() || groups.iter().any(|group| wanted.binary_search(group).is_ok())
                }
                _ => false,
            })
    }

    fn matches_level<B: Listed>(&self, board: &B) -> bool {
        self.levels.is_empty() || board.level().is_some_and(|level| self.levels.contains(&level))
    }

    fn matches_trump<B: Listed>(&self, board: &B) -> bool {
        self.trumps.is_empty() || board.strain().is_some_and(|strain| self.trumps.contains(&strain))
    }

    fn matches_language<B: Listed>(&self, board: &B) -> bool {
        let languages = board.languages();
        self.languages.is_empty()
            || languages.is_empty()
            || languages.iter().any(|have| self.languages.iter().any(|want| want.language() == have.language()))
    }

    fn matches_themes<B: Listed>(&self, board: &B) -> bool {
        self.themes.is_empty() || board.themes().any(|theme| self.themes.contains(theme))
    }

    fn matches_text<B: Listed>(&self, board: &B) -> bool {
        if self.text.is_empty() {
            return true;
        }
        std::iter::once(board.name())
            .chain(board.themes().map(String::as_str))
            .any(|field| contains_ignoring_case(field, &self.text))
    }
}

/// `boards` by `key` in the direction asked, boards without a key last both ways, ties by id.
fn sort_by_key<B: Listed, K: Ord>(boards: Vec<&B>, descending: bool, key: impl Fn(&B) -> Option<K>) -> Vec<&B> {
    let mut keyed: Vec<(Option<K>, &B)> = boards.into_iter().map(|board| (key(board), board)).collect();
    bridge::order::sort_by(&mut keyed, |(a_key, a), (b_key, b)| {
        let by_key = match (a_key, b_key) {
            (Some(a_key), Some(b_key)) if descending => b_key.cmp(a_key),
            (Some(a_key), Some(b_key)) => a_key.cmp(b_key),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        };
        by_key.then_with(|| a.board_id().cmp(b.board_id()))
    });
    keyed.into_iter().map(|(_, board)| board).collect()
}

/// Whether `haystack` contains `lower_needle` (already lower case), ignoring case. ASCII text, the
/// common case, is compared in place; other text is lower-cased first, which allocates.
fn contains_ignoring_case(haystack: &str, lower_needle: &str) -> bool {
    if haystack.is_ascii() && lower_needle.is_ascii() {
        let (haystack, needle) = (haystack.as_bytes(), lower_needle.as_bytes());
        return needle.is_empty() || haystack.windows(needle.len()).any(|window| window.eq_ignore_ascii_case(needle));
    }
    haystack.to_lowercase().contains(lower_needle)
}
