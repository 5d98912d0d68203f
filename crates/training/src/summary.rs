//! Board summaries: what a list of boards shows, filters and sorts, without the game and its
//! comments, and their durable form, the [`BoardListRecord`] a client keeps beside the full
//! records so a long list appears before the boards themselves are read.
//!
//! A summary is made from a gated [`Board`] only ([`BoardSummary::of`]), or read back from a
//! record written that way; [`BoardQuery`](crate::BoardQuery) filters and sorts summaries exactly
//! as it does boards, through [`Listed`].

use std::collections::BTreeSet;

use bridge::{Call, Contract, Strain};
use serde::{Deserialize, Serialize};

use crate::board::{Board, BoardId, GroupId, Ownership, Sharing, Timestamp, Timestamps, UserId};
use crate::record::{SharingRecord, TeachingModeRecord};
use crate::{Level, Locale, RecordReadError, TeachingMode};

/// The version of [`BoardListRecord`] written today.
/// Version 2 adds the teaching mode; a list of version 1 is rebuilt from the boards.
pub const BOARD_LIST_RECORD_VERSION: u32 = 2;

/// What a list reads of a board: its owner, sharing, level, trump, languages, themes, calls,
/// name, deal code and times. [`Board`] and [`BoardSummary`] both offer it, so the same query
/// filters and sorts either.
pub trait Listed {
    fn board_id(&self) -> &BoardId;
    fn code(&self) -> &str;
    /// The owner's id; `None` for an orphan.
    fn owner_id(&self) -> Option<&UserId>;
    fn sharing(&self) -> &Sharing;
    fn level(&self) -> Option<u8>;
    /// The strain of the final contract, when the auction has one.
    fn strain(&self) -> Option<Strain>;
    /// The locales holding visible text; none means language-agnostic.
    fn languages(&self) -> &BTreeSet<Locale>;
    /// The auction, play and user themes, in that order.
    fn themes(&self) -> impl Iterator<Item = &String>;
    /// The calls from the dealer.
    fn calls(&self) -> &[Call];
    fn name(&self) -> &str;
    fn timestamps(&self) -> &Timestamps;
    fn teaching_mode(&self) -> TeachingMode;
}

/// The part of a gated board a list needs: everything [`Listed`] reads, plus its deal code and
/// contract to show. Built by [`BoardSummary::of`] or read by [`read_board_list_record_text`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSummary {
    id: BoardId,
    owner: Option<UserId>,
    name: String,
    code: String,
    level: Option<u8>,
    contract: Option<Contract>,
    calls: Vec<Call>,
    languages: BTreeSet<Locale>,
    auction_themes: Vec<String>,
    play_themes: Vec<String>,
    user_themes: Vec<String>,
    sharing: Sharing,
    timestamps: Timestamps,
    teaching_mode: TeachingMode,
}

/// The summaries of a list of boards as stored, version [`BOARD_LIST_RECORD_VERSION`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardListRecord {
    pub version: u32,
    pub boards: Vec<BoardSummaryRecord>,
}

/// One board of a [`BoardListRecord`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSummaryRecord {
    pub id: String,
    /// The owner's user id; `None` for an orphan.
    pub owner: Option<String>,
    pub name: String,
    pub code: String,
    pub level: Option<u8>,
    /// The final contract in PBN spelling (`3NT`, `4SX`), when the auction has one.
    pub contract: Option<String>,
    /// The calls from the dealer in PBN spelling, separated by spaces: `1S Pass 2S Pass`.
    pub auction: String,
    pub languages: Vec<Locale>,
    pub auction_themes: Vec<String>,
    pub play_themes: Vec<String>,
    pub user_themes: Vec<String>,
    pub sharing: SharingRecord,
    pub teaching_mode: TeachingModeRecord,
    pub created: i64,
    pub updated: i64,
    pub deleted: Option<i64>,
    pub first_published: Option<i64>,
}

impl BoardSummary {
    /// The summary of `board`.
    #[must_use]
    pub fn of(board: &Board) -> BoardSummary {
        let metadata = &board.metadata;
        BoardSummary {
            id: board.id.clone(),
            owner: board.owner_id().cloned(),
            name: metadata.name.clone(),
            code: Board::code(board).to_owned(),
            level: metadata.level.get(),
            contract: board.derived().contract,
            calls: board.game().auction().calls().to_vec(),
            languages: board.derived().languages.clone(),
            auction_themes: metadata.auction_themes.clone(),
            play_themes: metadata.play_themes.clone(),
            user_themes: metadata.user_themes.clone(),
            sharing: metadata.sharing.clone(),
            timestamps: board.timestamps,
            teaching_mode: metadata.teaching_mode,
        }
    }

    #[must_use]
    pub fn id(&self) -> &BoardId {
        &self.id
    }

    /// The final contract, when the auction has one.
    #[must_use]
    pub fn contract(&self) -> Option<Contract> {
        self.contract
    }

    /// The teacher's own themes.
    #[must_use]
    pub fn user_themes(&self) -> &[String] {
        &self.user_themes
    }

    /// Whether the board is in the trash.
    #[must_use]
    pub const fn is_deleted(&self) -> bool {
        self.timestamps.deleted.is_some()
    }

    /// The durable form of the summary.
    #[must_use]
    pub fn to_record(&self) -> BoardSummaryRecord {
        let flat: Vec<String> = self.calls.iter().map(ToString::to_string).collect();
        BoardSummaryRecord {
            id: self.id.0.clone(),
            owner: self.owner.as_ref().map(|owner| owner.0.clone()),
            name: self.name.clone(),
            code: self.code.clone(),
            level: self.level,
            contract: self.contract.map(|contract| contract.to_string()),
            auction: flat.join(" "),
            languages: self.languages.iter().cloned().collect(),
            auction_themes: self.auction_themes.clone(),
            play_themes: self.play_themes.clone(),
            user_themes: self.user_themes.clone(),
            sharing: match &self.sharing {
                Sharing::Private => SharingRecord::Private,
                Sharing::Groups(groups) => {
                    SharingRecord::Groups { groups: groups.iter().map(|group| group.0.clone()).collect() }
                }
                Sharing::Public => SharingRecord::Public,
            },
            teaching_mode: self.teaching_mode.into(),
            created: self.timestamps.created.0,
            updated: self.timestamps.updated.0,
            deleted: self.timestamps.deleted.map(|at| at.0),
            first_published: self.timestamps.first_published.map(|at| at.0),
        }
    }
}

impl BoardListRecord {
    /// The record of `summaries`, at the current version.
    #[must_use]
    pub fn of<'a>(summaries: impl IntoIterator<Item = &'a BoardSummary>) -> BoardListRecord {
        BoardListRecord {
            version: BOARD_LIST_RECORD_VERSION,
            boards: summaries.into_iter().map(BoardSummary::to_record).collect(),
        }
    }
}

impl BoardSummaryRecord {
    /// The summary this record describes, its values checked.
    ///
    /// # Errors
    /// A call, contract or level its version does not allow.
    pub fn into_summary(self) -> Result<BoardSummary, RecordReadError> {
        let calls: Vec<Call> = self
            .auction
            .split_whitespace()
            .map(|spelling| spelling.parse::<Call>().map_err(|err| invalid("auction", err)))
            .collect::<Result<_, _>>()?;
        let contract = match &self.contract {
            Some(spelling) => Some(spelling.parse::<Contract>().map_err(|err| invalid("contract", err))?),
            None => None,
        };
        if let Some(level) = self.level {
            if !(1..=Level::MAX).contains(&level) {
                return Err(invalid("level", format!("{level} is not between 1 and {}", Level::MAX)));
            }
        }
        Ok(BoardSummary {
            id: BoardId(self.id),
            owner: self.owner.map(UserId),
            name: self.name,
            code: self.code,
            level: self.level,
            contract,
            calls,
            languages: bridge::order::set(self.languages),
            auction_themes: self.auction_themes,
            play_themes: self.play_themes,
            user_themes: self.user_themes,
            sharing: match self.sharing {
                SharingRecord::Private => Sharing::Private,
                SharingRecord::Groups { groups } => Sharing::Groups(groups.into_iter().map(GroupId).collect()),
                SharingRecord::Public => Sharing::Public,
            },
            timestamps: Timestamps {
                created: Timestamp(self.created),
                updated: Timestamp(self.updated),
                deleted: self.deleted.map(Timestamp),
                first_published: self.first_published.map(Timestamp),
            },
            teaching_mode: self.teaching_mode.into(),
        })
    }
}

/// The summaries of a stored [`BoardListRecord`], from its JSON text: the one migrate function of
/// the list (a list of an older version is rebuilt from the boards, never migrated).
///
/// # Errors
/// Text that is not JSON, a missing or unknown version, a shape its version does not allow, or an
/// invalid call, contract or level in any summary: a list that does not read is rebuilt whole
/// from the boards, never half used. Never panics, whatever the text.
pub fn read_board_list_record_text(text: &str) -> Result<Vec<BoardSummary>, RecordReadError> {
    let record = match serde_json::from_str::<BoardListRecord>(text) {
        Ok(record) => record,
        Err(err) => {
            // Name the version when the shape is wrong because the version is another.
            #[derive(Deserialize)]
            struct Versioned {
                version: Option<u64>,
            }
            return Err(match serde_json::from_str::<Versioned>(text) {
                Ok(Versioned { version: None }) => RecordReadError::MissingVersion { record: RECORD },
                Ok(Versioned { version: Some(version) }) if version != u64::from(BOARD_LIST_RECORD_VERSION) => {
                    RecordReadError::UnknownVersion { record: RECORD, version, max: BOARD_LIST_RECORD_VERSION }
                }
                _ => RecordReadError::Malformed { record: RECORD, detail: err.to_string() },
            });
        }
    };
    if record.version != BOARD_LIST_RECORD_VERSION {
        return Err(RecordReadError::UnknownVersion {
            record: RECORD,
            version: record.version.into(),
            max: BOARD_LIST_RECORD_VERSION,
        });
    }
    record.boards.into_iter().map(BoardSummaryRecord::into_summary).collect()
}

impl Listed for Board {
    fn board_id(&self) -> &BoardId {
        &self.id
    }

    fn code(&self) -> &str {
        Board::code(self)
    }

    fn owner_id(&self) -> Option<&UserId> {
        match &self.owner {
            Ownership::User { user_id } => Some(user_id),
            Ownership::Orphaned { .. } => None,
        }
    }

    fn sharing(&self) -> &Sharing {
        &self.metadata.sharing
    }

    fn level(&self) -> Option<u8> {
        self.metadata.level.get()
    }

    fn strain(&self) -> Option<Strain> {
        self.derived().strain
    }

    fn languages(&self) -> &BTreeSet<Locale> {
        &self.derived().languages
    }

    fn themes(&self) -> impl Iterator<Item = &String> {
        let metadata = &self.metadata;
        metadata.auction_themes.iter().chain(&metadata.play_themes).chain(&metadata.user_themes)
    }

    fn calls(&self) -> &[Call] {
        self.game().auction().calls()
    }

    fn name(&self) -> &str {
        &self.metadata.name
    }

    fn timestamps(&self) -> &Timestamps {
        &self.timestamps
    }

    fn teaching_mode(&self) -> TeachingMode {
        self.metadata.teaching_mode
    }
}

impl Listed for BoardSummary {
    fn board_id(&self) -> &BoardId {
        &self.id
    }

    fn code(&self) -> &str {
        &self.code
    }

    fn owner_id(&self) -> Option<&UserId> {
        self.owner.as_ref()
    }

    fn sharing(&self) -> &Sharing {
        &self.sharing
    }

    fn level(&self) -> Option<u8> {
        self.level
    }

    fn strain(&self) -> Option<Strain> {
        self.contract.map(|contract| contract.strain())
    }

    fn languages(&self) -> &BTreeSet<Locale> {
        &self.languages
    }

    fn themes(&self) -> impl Iterator<Item = &String> {
        self.auction_themes.iter().chain(&self.play_themes).chain(&self.user_themes)
    }

    fn calls(&self) -> &[Call] {
        &self.calls
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn timestamps(&self) -> &Timestamps {
        &self.timestamps
    }

    fn teaching_mode(&self) -> TeachingMode {
        self.teaching_mode
    }
}

/// A reference lists as what it points to, so `query.matches(board)` reads the same over
/// `&Board` items as over `Board`s.
impl<T: Listed + ?Sized> Listed for &T {
    fn board_id(&self) -> &BoardId {
        (**self).board_id()
    }

    fn code(&self) -> &str {
        (**self).code()
    }

    fn owner_id(&self) -> Option<&UserId> {
        (**self).owner_id()
    }

    fn sharing(&self) -> &Sharing {
        (**self).sharing()
    }

    fn level(&self) -> Option<u8> {
        (**self).level()
    }

    fn strain(&self) -> Option<Strain> {
        (**self).strain()
    }

    fn languages(&self) -> &BTreeSet<Locale> {
        (**self).languages()
    }

    fn themes(&self) -> impl Iterator<Item = &String> {
        (**self).themes()
    }

    fn calls(&self) -> &[Call] {
        (**self).calls()
    }

    fn name(&self) -> &str {
        (**self).name()
    }

    fn timestamps(&self) -> &Timestamps {
        (**self).timestamps()
    }

    fn teaching_mode(&self) -> TeachingMode {
        (**self).teaching_mode()
    }
}

const RECORD: &str = "board list";

fn invalid(field: &'static str, detail: impl ToString) -> RecordReadError {
    RecordReadError::InvalidField { record: RECORD, field, detail: detail.to_string() }
}
