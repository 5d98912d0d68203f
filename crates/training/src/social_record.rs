//! The durable records of themes, bookmarks and votes: what is stored, versioned, and read back
//! through one migrate function per kind.
//!
//! As for boards and collections, each record has its own shape, so reshaping [`Theme`],
//! [`Bookmark`] or [`Vote`] never changes what is stored. Enums are spelled in snake case.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::collection_record::{deserialize, invalid, unknown_version, version_of};
use crate::{BoardId, Bookmark, Locale, RecordReadError, Theme, ThemeError, ThemeKind, Timestamp, UserId, Vote};

/// The version of [`ThemeRecord`] written today.
pub const THEME_RECORD_VERSION: u32 = 1;
/// The version of [`BookmarkRecord`] written today.
pub const BOOKMARK_RECORD_VERSION: u32 = 1;
/// The version of [`VoteRecord`] written today.
pub const VOTE_RECORD_VERSION: u32 = 1;

/// A catalogue theme as stored, version [`THEME_RECORD_VERSION`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThemeRecord {
    pub version: u32,
    pub id: String,
    pub kind: ThemeKindRecord,
    /// The name by BCP-47 locale.
    pub names: BTreeMap<String, String>,
}

/// The theme list of a stored theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThemeKindRecord {
    Auction,
    Play,
    User,
}

/// A bookmark as stored, version [`BOOKMARK_RECORD_VERSION`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BookmarkRecord {
    pub version: u32,
    pub user_id: String,
    pub board_id: String,
    /// Milliseconds since the Unix epoch.
    pub created: i64,
}

/// A vote as stored, version [`VOTE_RECORD_VERSION`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VoteRecord {
    pub version: u32,
    pub user_id: String,
    pub board_id: String,
    pub vote: VoteValueRecord,
}

/// The value of a stored vote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VoteValueRecord {
    Up,
    Down,
}

impl Theme {
    /// The theme as its durable record, at the current version.
    #[must_use]
    pub fn to_record(&self) -> ThemeRecord {
        ThemeRecord {
            version: THEME_RECORD_VERSION,
            id: self.id().0.clone(),
            kind: match self.kind() {
                ThemeKind::Auction => ThemeKindRecord::Auction,
                ThemeKind::Play => ThemeKindRecord::Play,
                ThemeKind::User => ThemeKindRecord::User,
            },
            names: self.names().map(|(locale, name)| (locale.as_str().to_owned(), name.to_owned())).collect(),
        }
    }
}

impl Bookmark {
    /// The bookmark as its durable record, at the current version.
    #[must_use]
    pub fn to_record(&self) -> BookmarkRecord {
        BookmarkRecord {
            version: BOOKMARK_RECORD_VERSION,
            user_id: self.user_id.0.clone(),
            board_id: self.board_id.0.clone(),
            created: self.created.0,
        }
    }
}

impl VoteRecord {
    /// The record of the vote of `user_id` on `board_id`, at the current version.
    #[must_use]
    pub fn new(user_id: &UserId, board_id: &BoardId, vote: Vote) -> VoteRecord {
        VoteRecord {
            version: VOTE_RECORD_VERSION,
            user_id: user_id.0.clone(),
            board_id: board_id.0.clone(),
            vote: match vote {
                Vote::Up => VoteValueRecord::Up,
                Vote::Down => VoteValueRecord::Down,
            },
        }
    }
}

/// Reads a stored theme record of any known version: the one migrate function of themes.
///
/// # Errors
/// A missing or unknown version, a shape its version does not allow, a malformed locale, or a
/// theme [`Theme::new`] refuses. Never panics, whatever the JSON.
pub fn read_theme_record(json: &serde_json::Value) -> Result<Theme, RecordReadError> {
    const RECORD: &str = "theme";
    let record: ThemeRecord = match version_of(json, RECORD)? {
        1 => deserialize(json, RECORD)?,
        other => return Err(unknown_version(RECORD, other, THEME_RECORD_VERSION)),
    };
    let mut names = Vec::with_capacity(record.names.len());
    for (tag, name) in record.names {
        match tag.parse::<Locale>() {
            Ok(locale) => names.push((locale, name)),
            Err(err) => return invalid(RECORD, "names", err.to_string()),
        }
    }
    let kind = match record.kind {
        ThemeKindRecord::Auction => ThemeKind::Auction,
        ThemeKindRecord::Play => ThemeKind::Play,
        ThemeKindRecord::User => ThemeKind::User,
    };
    Theme::new(&record.id, kind, names).or_else(|err| match err {
        ThemeError::InvalidId(_) => invalid(RECORD, "id", err.to_string()),
        ThemeError::Unnamed(_) => invalid(RECORD, "names", err.to_string()),
    })
}

/// Reads a stored bookmark record of any known version: the one migrate function of bookmarks.
///
/// # Errors
/// A missing or unknown version, a shape its version does not allow, an empty user or board id.
/// Never panics, whatever the JSON.
pub fn read_bookmark_record(json: &serde_json::Value) -> Result<Bookmark, RecordReadError> {
    const RECORD: &str = "bookmark";
    let record: BookmarkRecord = match version_of(json, RECORD)? {
        1 => deserialize(json, RECORD)?,
        other => return Err(unknown_version(RECORD, other, BOOKMARK_RECORD_VERSION)),
    };
    let (user_id, board_id) = ids(RECORD, record.user_id, record.board_id)?;
    Ok(Bookmark { user_id, board_id, created: Timestamp(record.created) })
}

/// Reads a stored vote record of any known version, giving back the voter, the board and the vote:
/// the one migrate function of votes.
///
/// # Errors
/// A missing or unknown version, a shape its version does not allow (an unknown vote value
/// included), an empty user or board id. Never panics, whatever the JSON.
pub fn read_vote_record(json: &serde_json::Value) -> Result<(UserId, BoardId, Vote), RecordReadError> {
    const RECORD: &str = "vote";
    let record: VoteRecord = match version_of(json, RECORD)? {
        1 => deserialize(json, RECORD)?,
        other => return Err(unknown_version(RECORD, other, VOTE_RECORD_VERSION)),
    };
    let (user_id, board_id) = ids(RECORD, record.user_id, record.board_id)?;
    let vote = match record.vote {
        VoteValueRecord::Up => Vote::Up,
        VoteValueRecord::Down => Vote::Down,
    };
    Ok((user_id, board_id, vote))
}

fn ids(record: &'static str, user_id: String, board_id: String) -> Result<(UserId, BoardId), RecordReadError> {
    if user_id.is_empty() {
        return invalid(record, "user_id", "the user id is empty".to_owned());
    }
    if board_id.is_empty() {
        return invalid(record, "board_id", "the board id is empty".to_owned());
    }
    Ok((UserId(user_id), BoardId(board_id)))
}
