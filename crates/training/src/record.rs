//! The durable record of a board: what is stored, versioned, and read back through one migrate function
//! and the write gate.
//!
//! The record has its own shape, so reshaping [`Board`] never changes what is stored: seats, calls,
//! cards and hands are spelled as in PBN, enums as tagged snake-case objects. Rich and localized text
//! keep their own serde form.

use std::fmt;

use bridge::{BySeat, Call, Card, Hand, Seat, Vulnerability};
use serde::{Deserialize, Serialize};

use crate::board::{Board, BoardId, GroupId, Metadata, OrphanReason, Ownership, Sharing, Timestamp, UserId};
use crate::gate::{gate, join_rejections, BoardDraft, DraftCall, DraftCard, DraftComment, GateRejection, GATE_VERSION};
use crate::{is_legacy_compatible_code, is_valid_deal_code, Level, Localized, Scoring, TeachingMode};

/// The version of [`BoardRecord`] written today.
pub const BOARD_RECORD_VERSION: u32 = 2;

/// A board as stored, version [`BOARD_RECORD_VERSION`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardRecord {
    pub version: u32,
    pub id: String,
    pub code: String,
    pub owner: OwnerRecord,
    pub metadata: MetadataRecord,
    pub created: i64,
    pub updated: i64,
    pub deleted: Option<i64>,
    pub first_published: Option<i64>,
    pub gate_version: u32,
    pub gated_at: i64,
    /// `N`, `E`, `S` or `W`.
    pub dealer: String,
    /// `None`, `NS`, `EW` or `All`.
    pub vulnerability: String,
    /// The PBN hands of North, East, South and West, such as `AKQ2.KQ3.A54.K32`.
    pub hands: [String; 4],
    pub declarer: String,
    pub player: String,
    pub calls: Vec<CallRecord>,
    pub play: Vec<CardRecord>,
    pub review: Localized,
}

/// The owner of a stored board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum OwnerRecord {
    User { user_id: String },
    Orphaned { orphaned_at: i64, reason: OrphanReasonRecord },
}

/// Why a stored board lost its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrphanReasonRecord {
    BoardDeleted,
    AccountClosed,
}

/// The metadata of a stored board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MetadataRecord {
    pub name: String,
    /// `1..=Level::MAX`, or `null` when unset.
    pub level: Option<u8>,
    /// The PBN spelling (`MP`, `IMP`, ...), empty when unset.
    pub scoring: String,
    pub auction_system: String,
    pub auction_themes: Vec<String>,
    pub play_themes: Vec<String>,
    pub user_themes: Vec<String>,
    pub inspirations: Vec<String>,
    pub sharing: SharingRecord,
    /// Since version 2; a version-1 record has none and plays in full.
    #[serde(default)]
    pub teaching_mode: TeachingModeRecord,
}

/// How the player presents a stored board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum TeachingModeRecord {
    #[default]
    Full,
    ShowContract,
    ShowTrump,
    ShowTrumpAndGoal {
        tricks: u8,
    },
    Minibridge,
    BiddingPractice,
}

impl From<TeachingMode> for TeachingModeRecord {
    fn from(mode: TeachingMode) -> TeachingModeRecord {
        match mode {
            TeachingMode::Full => TeachingModeRecord::Full,
            TeachingMode::ShowContract => TeachingModeRecord::ShowContract,
            TeachingMode::ShowTrump => TeachingModeRecord::ShowTrump,
            TeachingMode::ShowTrumpAndGoal { tricks } => TeachingModeRecord::ShowTrumpAndGoal { tricks },
            TeachingMode::Minibridge => TeachingModeRecord::Minibridge,
            TeachingMode::BiddingPractice => TeachingModeRecord::BiddingPractice,
        }
    }
}

impl From<TeachingModeRecord> for TeachingMode {
    fn from(record: TeachingModeRecord) -> TeachingMode {
        match record {
            TeachingModeRecord::Full => TeachingMode::Full,
            TeachingModeRecord::ShowContract => TeachingMode::ShowContract,
            TeachingModeRecord::ShowTrump => TeachingMode::ShowTrump,
            TeachingModeRecord::ShowTrumpAndGoal { tricks } => TeachingMode::ShowTrumpAndGoal { tricks },
            TeachingModeRecord::Minibridge => TeachingMode::Minibridge,
            TeachingModeRecord::BiddingPractice => TeachingMode::BiddingPractice,
        }
    }
}

/// Who may read a stored board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SharingRecord {
    Private,
    Groups { groups: Vec<String> },
    Public,
}

impl From<&Sharing> for SharingRecord {
    fn from(sharing: &Sharing) -> SharingRecord {
        match sharing {
            Sharing::Private => SharingRecord::Private,
            Sharing::Groups(groups) => {
                SharingRecord::Groups { groups: groups.iter().map(|group| group.0.clone()).collect() }
            }
            Sharing::Public => SharingRecord::Public,
        }
    }
}

impl From<SharingRecord> for Sharing {
    fn from(record: SharingRecord) -> Sharing {
        match record {
            SharingRecord::Private => Sharing::Private,
            SharingRecord::Groups { groups } => Sharing::Groups(groups.into_iter().map(GroupId).collect()),
            SharingRecord::Public => Sharing::Public,
        }
    }
}

/// A stored call in PBN spelling (`1NT`, `Pass`, `X`, `XX`) with its comment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CallRecord {
    pub call: String,
    pub comment: Localized,
}

/// A stored card (`SJ`, `HT`) with its comment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardRecord {
    pub card: String,
    pub comment: Localized,
}

/// Why a stored record could not be read back as a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The JSON has no numeric `version` field.
    #[error("the record has no version number")]
    MissingVersion,
    /// A version this build does not know, such as one written by a newer app.
    #[error("unknown board record version {0} (this build reads up to {BOARD_RECORD_VERSION})")]
    UnknownVersion(u64),
    /// The JSON does not have the shape of its version.
    #[error("malformed board record: {0}")]
    Malformed(String),
    /// A field holds a value its version does not allow.
    #[error("invalid {field} in board record: {detail}")]
    InvalidField { field: &'static str, detail: String },
    /// The record is well formed but the write gate refuses the board.
    #[error("the stored board does not pass the gate: {}", join_rejections(.0))]
    Rejected(Vec<GateRejection>),
}

impl From<&Board> for BoardRecord {
    fn from(board: &Board) -> BoardRecord {
        let game = board.game();
        let metadata = &board.metadata;
        let strings = |items: &[Card]| -> Vec<String> { items.iter().map(ToString::to_string).collect() };
        let hands = game.deal().hands();
        BoardRecord {
            version: BOARD_RECORD_VERSION,
            id: board.id.0.clone(),
            code: board.code().to_owned(),
            owner: match &board.owner {
                Ownership::User { user_id } => OwnerRecord::User { user_id: user_id.0.clone() },
                Ownership::Orphaned { orphaned_at, reason } => OwnerRecord::Orphaned {
                    orphaned_at: orphaned_at.0,
                    reason: match reason {
                        OrphanReason::BoardDeleted => OrphanReasonRecord::BoardDeleted,
                        OrphanReason::AccountClosed => OrphanReasonRecord::AccountClosed,
                    },
                },
            },
            metadata: MetadataRecord {
                name: metadata.name.clone(),
                level: metadata.level.get(),
                scoring: metadata.scoring.as_str().to_owned(),
                auction_system: metadata.auction_system.clone(),
                auction_themes: metadata.auction_themes.clone(),
                play_themes: metadata.play_themes.clone(),
                user_themes: metadata.user_themes.clone(),
                inspirations: metadata.inspirations.clone(),
                sharing: SharingRecord::from(&metadata.sharing),
                teaching_mode: metadata.teaching_mode.into(),
            },
            created: board.timestamps.created.0,
            updated: board.timestamps.updated.0,
            deleted: board.timestamps.deleted.map(|at| at.0),
            first_published: board.timestamps.first_published.map(|at| at.0),
            gate_version: board.gate_version(),
            gated_at: board.gated_at().0,
            dealer: game.dealer().to_string(),
            vulnerability: game.vulnerability().to_string(),
            hands: [Seat::North, Seat::East, Seat::South, Seat::West].map(|seat| hands[seat].to_string()),
            declarer: game.declarer().to_string(),
            player: game.player().to_string(),
            calls: game
                .auction()
                .calls()
                .iter()
                .zip(game.call_comments())
                .map(|(call, comment)| CallRecord { call: call.to_string(), comment: comment.clone() })
                .collect(),
            play: strings(game.play())
                .into_iter()
                .zip(game.card_comments())
                .map(|(card, comment)| CardRecord { card, comment: comment.clone() })
                .collect(),
            review: game.review().clone(),
        }
    }
}

impl Board {
    /// The board as its durable record, at the current version.
    #[must_use]
    pub fn to_record(&self) -> BoardRecord {
        BoardRecord::from(self)
    }
}

/// Reads a stored board record of any known version: the one migrate function of boards.
///
/// The version is read first; a record of an older version would be migrated here to the current
/// shape. The board is then rebuilt through the write gate (its stored code grandfathered), so a
/// board read back holds every invariant a gated board holds; the stored update time, gate version
/// and gate time are kept.
///
/// # Errors
/// A missing or unknown version, a shape or field its version does not allow, or a board the gate
/// refuses. Never panics, whatever the JSON.
pub fn read_board_record(json: &serde_json::Value) -> Result<Board, RecordError> {
    let version = json.get("version").ok_or(RecordError::MissingVersion)?;
    let version = version.as_u64().ok_or(RecordError::MissingVersion)?;
    let malformed = |err: serde_json::Error| RecordError::Malformed(err.to_string());
    let record: BoardRecord = match version {
        // Version 1 had no teaching mode: the board plays in full.
        1 => {
            if json.get("metadata").and_then(|metadata| metadata.get("teaching_mode")).is_some() {
                return Err(RecordError::Malformed("a version-1 record has no teaching_mode".to_owned()));
            }
            let record = BoardRecord::deserialize(json).map_err(malformed)?;
            BoardRecord { version: BOARD_RECORD_VERSION, ..record }
        }
        2 => BoardRecord::deserialize(json).map_err(malformed)?,
        other => return Err(RecordError::UnknownVersion(other)),
    };
    record.into_board()
}

/// [`read_board_record`] from the stored JSON text: a record of the current version is read
/// straight into its typed form (the fast path when the app opens); any other text goes through
/// [`read_board_record`], which migrates older versions and names what is wrong.
///
/// # Errors
/// As [`read_board_record`], and text that is not JSON.
pub fn read_board_record_text(text: &str) -> Result<Board, RecordError> {
    match serde_json::from_str::<BoardRecord>(text) {
        Ok(record) if record.version == BOARD_RECORD_VERSION => record.into_board(),
        _ => {
            let json: serde_json::Value =
                serde_json::from_str(text).map_err(|err| RecordError::Malformed(err.to_string()))?;
            read_board_record(&json)
        }
    }
}

fn field<T, E: fmt::Display>(field: &'static str, value: Result<T, E>) -> Result<T, RecordError> {
    value.map_err(|err| RecordError::InvalidField { field, detail: err.to_string() })
}

impl BoardRecord {
    /// The board of a current-version record, through the gate.
    ///
    /// # Errors
    /// As [`read_board_record`].
    pub fn into_board(self) -> Result<Board, RecordError> {
        if self.version != BOARD_RECORD_VERSION {
            return Err(RecordError::UnknownVersion(self.version.into()));
        }
        if !is_valid_deal_code(&self.code) && !is_legacy_compatible_code(&self.code) {
            return Err(RecordError::InvalidField {
                field: "code",
                detail: format!("{:?} is no deal code", self.code),
            });
        }
        if GATE_VERSION < self.gate_version {
            return Err(RecordError::InvalidField {
                field: "gate_version",
                detail: format!("{} is newer than this build's gate {GATE_VERSION}", self.gate_version),
            });
        }
        let level = match self.metadata.level {
            None => Level::Unset,
            Some(level) => match Level::new(level) {
                Level::Unset => {
                    return Err(RecordError::InvalidField {
                        field: "level",
                        detail: format!("{level} is out of range"),
                    })
                }
                set => set,
            },
        };
        let scoring = Scoring::parse_lenient(&self.metadata.scoring);
        if scoring.as_str() != self.metadata.scoring {
            return Err(RecordError::InvalidField {
                field: "scoring",
                detail: format!("unknown scoring {:?}", self.metadata.scoring),
            });
        }
        let metadata = Metadata {
            name: self.metadata.name,
            level,
            scoring,
            auction_system: self.metadata.auction_system,
            auction_themes: self.metadata.auction_themes,
            play_themes: self.metadata.play_themes,
            user_themes: self.metadata.user_themes,
            inspirations: self.metadata.inspirations,
            sharing: self.metadata.sharing.into(),
            teaching_mode: self.metadata.teaching_mode.into(),
        };
        let owner = match self.owner {
            OwnerRecord::User { user_id } => Ownership::User { user_id: UserId(user_id) },
            OwnerRecord::Orphaned { orphaned_at, reason } => Ownership::Orphaned {
                orphaned_at: Timestamp(orphaned_at),
                reason: match reason {
                    OrphanReasonRecord::BoardDeleted => OrphanReason::BoardDeleted,
                    OrphanReasonRecord::AccountClosed => OrphanReason::AccountClosed,
                },
            },
        };
        let mut hands: BySeat<Vec<Card>> = BySeat::default();
        for (seat, text) in [Seat::North, Seat::East, Seat::South, Seat::West].into_iter().zip(&self.hands) {
            hands[seat] = field("hands", text.parse::<Hand>())?.iter().collect();
        }
        let comment = DraftComment::localized;
        let mut calls = Vec::with_capacity(self.calls.len());
        for call in self.calls {
            calls.push(DraftCall {
                seat: None,
                call: field("calls", call.call.parse::<Call>())?,
                comment: comment(call.comment),
            });
        }
        let mut play = Vec::with_capacity(self.play.len());
        for card in self.play {
            play.push(DraftCard { card: field("play", card.card.parse::<Card>())?, comment: comment(card.comment) });
        }
        let draft = BoardDraft {
            id: BoardId(self.id),
            code: self.code.clone(),
            owner,
            metadata,
            created: Some(Timestamp(self.created)),
            deleted: self.deleted.map(Timestamp),
            first_published: self.first_published.map(Timestamp),
            dealer: field("dealer", self.dealer.parse::<Seat>())?,
            vulnerability: field("vulnerability", self.vulnerability.parse::<Vulnerability>())?,
            hands,
            declarer: Some(field("declarer", self.declarer.parse::<Seat>())?),
            player: Some(field("player", self.player.parse::<Seat>())?),
            calls,
            play,
            review: comment(self.review),
        };
        let gated = gate(draft, Some(&self.code), Timestamp(self.gated_at), None).map_err(RecordError::Rejected)?;
        let mut board = gated.board;
        board.timestamps.updated = Timestamp(self.updated);
        board.gate_version = self.gate_version;
        Ok(board)
    }
}
