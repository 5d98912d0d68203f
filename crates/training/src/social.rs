//! What users attach to boards besides their content: catalogue themes, bookmarks and votes.
//!
//! Bookmarks and votes go through [`SocialService`], which applies the board service's read rule:
//! one bookmarks or votes only on a board one may read, and a missing board answers the same
//! [`ServiceError::AccessDenied`] as an unreadable one.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{
    BoardId, BoardRepository, BoardService, BookmarkRepository, CollectionEntry, CollectionRepository, Locale,
    Metadata, ServiceError, ThemeRepository, Timestamp, UserId, Viewer, VoteRepository,
};

/// The identifier of a catalogue theme, such as `notrump_opening`: what a board's
/// [`Metadata`] theme lists hold.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ThemeId(pub String);

/// Which theme list of a board a theme belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ThemeKind {
    /// A bidding theme: [`Metadata::auction_themes`].
    Auction,
    /// A card-play theme: [`Metadata::play_themes`].
    Play,
    /// A suggestion for the teacher's free themes: [`Metadata::user_themes`].
    User,
}

/// A theme of the catalogue: an id, the list it goes to, and its name in some locales. Stored as a
/// [`crate::ThemeRecord`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    id: ThemeId,
    kind: ThemeKind,
    names: BTreeMap<Locale, String>,
}

/// Why a theme could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThemeError {
    /// The id is empty or has white space, which the gate's trimmed theme lists could not hold.
    #[error("invalid theme id {0:?}: expected a non-empty id without white space")]
    InvalidId(String),
    /// No locale holds a non-blank name.
    #[error("the theme {0:?} has no name")]
    Unnamed(String),
}

/// A bookmark: a user keeps a board at hand. Stored as a [`crate::BookmarkRecord`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bookmark {
    pub user_id: UserId,
    pub board_id: BoardId,
    pub created: Timestamp,
}

/// What toggling a bookmark did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BookmarkToggle {
    Added,
    Removed,
}

/// A user's opinion of a board. Stored as a [`crate::VoteRecord`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Vote {
    Up,
    Down,
}

/// What a vote changed: the user's vote now, and how the board's counters move, so a stored
/// counter is updated without counting every vote again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VoteChange {
    /// The user's vote after the change; `None` when voting the same again took it back.
    pub vote: Option<Vote>,
    /// -1, 0 or 1.
    pub up_delta: i32,
    /// -1, 0 or 1.
    pub down_delta: i32,
}

/// The votes of a board, counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    pub up: u64,
    pub down: u64,
}

/// Bookmarks and votes over their repositories, with the board service's read rule.
#[derive(Clone, Debug, Default)]
pub struct SocialService<K, V> {
    pub bookmarks: K,
    pub votes: V,
}

impl Theme {
    /// A theme of `kind` named in the locales of `names`; the id is trimmed and blank names are
    /// dropped.
    ///
    /// # Errors
    /// An id empty or holding white space, or no non-blank name.
    pub fn new(
        id: &str,
        kind: ThemeKind,
        names: impl IntoIterator<Item = (Locale, String)>,
    ) -> Result<Theme, ThemeError> {
        let trimmed = id.trim();
        if trimmed.is_empty() || trimmed.chars().any(char::is_whitespace) {
            return Err(ThemeError::InvalidId(id.to_owned()));
        }
        let names: BTreeMap<Locale, String> = names
            .into_iter()
            .map(|(locale, name)| (locale, name.trim().to_owned()))
            .filter(|(_, name)| !name.is_empty())
            .collect();
        if names.is_empty() {
            return Err(ThemeError::Unnamed(trimmed.to_owned()));
        }
        Ok(Theme { id: ThemeId(trimmed.to_owned()), kind, names })
    }

    /// The id the theme lists of a board hold.
    #[must_use]
    pub const fn id(&self) -> &ThemeId {
        &self.id
    }

    /// The theme list the theme goes to.
    #[must_use]
    pub const fn kind(&self) -> ThemeKind {
        self.kind
    }

    /// The names by locale.
    pub fn names(&self) -> impl Iterator<Item = (&Locale, &str)> {
        self.names.iter().map(|(locale, name)| (locale, name.as_str()))
    }

    /// The name to show a reader of `locale`: in that locale, else in its primary language
    /// (`fr` for `fr-CA`, or a regional `fr-CA` for `fr`), else in English, else the first there
    /// is, so a theme always shows some name.
    #[must_use]
    pub fn name(&self, locale: &Locale) -> &str {
        let same_language = || self.names.iter().find(|(have, _)| have.language() == locale.language());
        let english = || self.names.iter().find(|(have, _)| have.language() == "en");
        self.names
            .get_key_value(locale)
            .or_else(same_language)
            .or_else(english)
            .or_else(|| self.names.iter().next())
            .map_or(self.id.0.as_str(), |(_, name)| name.as_str())
    }

    /// Adds the theme to the list of its kind in `metadata`, unless it is there already.
    pub fn attach_to(&self, metadata: &mut Metadata) {
        let list = self.kind.list_mut(metadata);
        if !list.contains(&self.id.0) {
            list.push(self.id.0.clone());
        }
    }

    /// Removes the theme from the list of its kind in `metadata`.
    pub fn detach_from(&self, metadata: &mut Metadata) {
        self.kind.list_mut(metadata).retain(|id| id != &self.id.0);
    }
}

impl ThemeKind {
    /// The theme ids of this kind on a board.
    #[must_use]
    pub fn themes_of(self, metadata: &Metadata) -> &[String] {
        match self {
            ThemeKind::Auction => &metadata.auction_themes,
            ThemeKind::Play => &metadata.play_themes,
            ThemeKind::User => &metadata.user_themes,
        }
    }

    fn list_mut(self, metadata: &mut Metadata) -> &mut Vec<String> {
        match self {
            ThemeKind::Auction => &mut metadata.auction_themes,
            ThemeKind::Play => &mut metadata.play_themes,
            ThemeKind::User => &mut metadata.user_themes,
        }
    }
}

/// The themes of `kind` in the catalogue, as a picker shows them to a reader of `locale`: by name
/// in that locale ignoring case, then by id.
#[must_use]
pub fn theme_catalogue(themes: &impl ThemeRepository, kind: ThemeKind, locale: &Locale) -> Vec<Theme> {
    let mut res: Vec<(String, Theme)> = themes
        .all()
        .into_iter()
        .filter(|theme| theme.kind == kind)
        .map(|theme| (theme.name(locale).to_lowercase(), theme))
        .collect();
    bridge::order::sort_by(&mut res, |(a_name, a), (b_name, b)| a_name.cmp(b_name).then_with(|| a.id.cmp(&b.id)));
    res.into_iter().map(|(_, theme)| theme).collect()
}

impl VoteChange {
    /// How the score (ups minus downs) moves: -2 to 2.
    #[must_use]
    pub const fn score_delta(self) -> i32 {
        self.up_delta - self.down_delta
    }
}

impl Tally {
    /// The counters after `change`; they never go below zero.
    #[must_use]
    pub fn apply(self, change: VoteChange) -> Tally {
        Tally {
            up: self.up.saturating_add_signed(change.up_delta.into()),
            down: self.down.saturating_add_signed(change.down_delta.into()),
        }
    }

    /// Ups minus downs.
    #[must_use]
    pub fn score(self) -> i64 {
        i64::try_from(self.up).unwrap_or(i64::MAX).saturating_sub(i64::try_from(self.down).unwrap_or(i64::MAX))
    }

    /// The votes of `board_id`, counted from the repository: what the deltas of
    /// [`SocialService::vote`] keep a stored counter equal to.
    #[must_use]
    pub fn count(votes: &impl VoteRepository, board_id: &BoardId) -> Tally {
        votes.of_board(board_id).into_iter().fold(Tally::default(), |tally, (_, vote)| match vote {
            Vote::Up => Tally { up: tally.up + 1, ..tally },
            Vote::Down => Tally { down: tally.down + 1, ..tally },
        })
    }
}

impl<K: BookmarkRepository, V: VoteRepository> SocialService<K, V> {
    /// The service over these repositories.
    #[must_use]
    pub const fn new(bookmarks: K, votes: V) -> SocialService<K, V> {
        SocialService { bookmarks, votes }
    }

    /// Bookmarks the board `board_id` at `now`, or removes the viewer's bookmark of it.
    ///
    /// # Errors
    /// `AccessDenied` when the board is missing or the viewer may not read it.
    pub fn toggle_bookmark<B: BoardRepository, C: CollectionRepository>(
        &mut self,
        boards: &BoardService<B, C>,
        viewer: &Viewer,
        board_id: &BoardId,
        now: Timestamp,
    ) -> Result<BookmarkToggle, ServiceError> {
        readable(boards, viewer, board_id)?;
        if self.bookmarks.remove(&viewer.user_id, board_id).is_some() {
            return Ok(BookmarkToggle::Removed);
        }
        self.bookmarks.put(Bookmark { user_id: viewer.user_id.clone(), board_id: board_id.clone(), created: now });
        Ok(BookmarkToggle::Added)
    }

    /// Removes the viewer's bookmark of `board_id`, readable or not any more, so a bookmark of a
    /// board since hidden can still be cleared. Says whether there was one: it is the viewer's own
    /// data, so this reveals nothing about the board.
    pub fn remove_bookmark(&mut self, viewer: &Viewer, board_id: &BoardId) -> bool {
        self.bookmarks.remove(&viewer.user_id, board_id).is_some()
    }

    /// The viewer's bookmarks, newest first (then by board id), each available when the viewer may
    /// still read the board and it is not in the trash, as the entries of a collection.
    #[must_use]
    pub fn bookmarks<B: BoardRepository, C: CollectionRepository>(
        &self,
        boards: &BoardService<B, C>,
        viewer: &Viewer,
    ) -> Vec<CollectionEntry> {
        let mut bookmarks = self.bookmarks.of_user(&viewer.user_id);
        bridge::order::sort_by(&mut bookmarks, |a, b| {
            b.created.cmp(&a.created).then_with(|| a.board_id.cmp(&b.board_id))
        });
        bookmarks
            .into_iter()
            .map(|bookmark| match boards.get(viewer, &bookmark.board_id) {
                Some(board) if !board.is_deleted() => CollectionEntry::Available(Box::new(board)),
                _ => CollectionEntry::Unavailable(bookmark.board_id),
            })
            .collect()
    }

    /// Votes `vote` on the board `board_id`: a first vote counts, the same vote again takes it
    /// back, the other vote replaces it. One vote per user and board.
    ///
    /// # Errors
    /// `AccessDenied` when the board is missing or the viewer may not read it.
    pub fn vote<B: BoardRepository, C: CollectionRepository>(
        &mut self,
        boards: &BoardService<B, C>,
        viewer: &Viewer,
        board_id: &BoardId,
        vote: Vote,
    ) -> Result<VoteChange, ServiceError> {
        readable(boards, viewer, board_id)?;
        let before = self.votes.get(&viewer.user_id, board_id);
        let after = match before {
            Some(previous) if previous == vote => {
                self.votes.remove(&viewer.user_id, board_id);
                None
            }
            _ => {
                self.votes.put(&viewer.user_id, board_id, vote);
                Some(vote)
            }
        };
        let count = |vote: Option<Vote>, which: Vote| i32::from(vote == Some(which));
        Ok(VoteChange {
            vote: after,
            up_delta: count(after, Vote::Up) - count(before, Vote::Up),
            down_delta: count(after, Vote::Down) - count(before, Vote::Down),
        })
    }

    /// The viewer's vote on `board_id`, if any.
    #[must_use]
    pub fn vote_of(&self, viewer: &Viewer, board_id: &BoardId) -> Option<Vote> {
        self.votes.get(&viewer.user_id, board_id)
    }
}

fn readable<B: BoardRepository, C: CollectionRepository>(
    boards: &BoardService<B, C>,
    viewer: &Viewer,
    board_id: &BoardId,
) -> Result<(), ServiceError> {
    boards.get(viewer, board_id).map(|_| ()).ok_or(ServiceError::AccessDenied)
}
