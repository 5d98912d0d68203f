//! The durable record of a collection: what is stored, versioned, and read back through one
//! migrate function.
//!
//! Like [`crate::BoardRecord`], the record has its own shape, so reshaping [`Collection`] never
//! changes what is stored.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::record::SharingRecord;
use crate::{BoardId, Collection, CollectionId, Localized, Step, TextStep, UserId};

/// The version of [`CollectionRecord`] written today.
///
/// Version 2 added `sharing`; a version 1 record reads as a private collection. Version 3
/// replaced the list of board ids by `steps`, boards and texts; an older record's boards read as
/// its steps, in order.
pub const COLLECTION_RECORD_VERSION: u32 = 3;

/// A collection as stored, version [`COLLECTION_RECORD_VERSION`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CollectionRecord {
    pub version: u32,
    pub id: String,
    /// The user id of the owner.
    pub owner: String,
    pub name: String,
    /// The boards and texts in the owner's order, each once.
    pub steps: Vec<StepRecord>,
    /// Who may read the collection besides its owner.
    pub sharing: SharingRecord,
}

/// One step as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum StepRecord {
    /// A board, by its id.
    Board { board: String },
    /// A text, by its id within the collection, in each of its languages.
    Text { id: String, text: Localized },
}

/// A collection as stored by version 2, a list of board ids.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CollectionRecordV2 {
    /// Always 2: read only to be allowed.
    #[serde(rename = "version")]
    _version: u32,
    id: String,
    owner: String,
    name: String,
    boards: Vec<String>,
    sharing: SharingRecord,
}

impl From<CollectionRecordV2> for CollectionRecord {
    fn from(record: CollectionRecordV2) -> CollectionRecord {
        let CollectionRecordV2 { _version: _, id, owner, name, boards, sharing } = record;
        CollectionRecord {
            version: COLLECTION_RECORD_VERSION,
            id,
            owner,
            name,
            steps: boards.into_iter().map(|board| StepRecord::Board { board }).collect(),
            sharing,
        }
    }
}

/// A collection as stored by version 1, before collections could be shared.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CollectionRecordV1 {
    /// Always 1: read only to be allowed.
    #[serde(rename = "version")]
    _version: u32,
    id: String,
    owner: String,
    name: String,
    boards: Vec<String>,
}

impl From<CollectionRecordV1> for CollectionRecord {
    fn from(record: CollectionRecordV1) -> CollectionRecord {
        let CollectionRecordV1 { _version: _, id, owner, name, boards } = record;
        CollectionRecordV2 { _version: 2, id, owner, name, boards, sharing: SharingRecord::Private }.into()
    }
}

/// Why a stored record of the small kinds (collection, theme, bookmark, vote) could not be read
/// back; each message names the kind of record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordReadError {
    /// The JSON has no numeric `version` field.
    #[error("the {record} record has no version number")]
    MissingVersion { record: &'static str },
    /// A version this build does not know, such as one written by a newer app.
    #[error("unknown {record} record version {version} (this build reads up to {max})")]
    UnknownVersion { record: &'static str, version: u64, max: u32 },
    /// The JSON does not have the shape of its version.
    #[error("malformed {record} record: {detail}")]
    Malformed { record: &'static str, detail: String },
    /// A field holds a value its version does not allow.
    #[error("invalid {field} in {record} record: {detail}")]
    InvalidField { record: &'static str, field: &'static str, detail: String },
}

impl From<&Collection> for CollectionRecord {
    fn from(collection: &Collection) -> CollectionRecord {
        CollectionRecord {
            version: COLLECTION_RECORD_VERSION,
            id: collection.id.0.clone(),
            owner: collection.owner.0.clone(),
            name: collection.name.clone(),
            steps: collection
                .steps
                .iter()
                .map(|step| match step {
                    Step::Board(id) => StepRecord::Board { board: id.0.clone() },
                    Step::Text(text) => StepRecord::Text { id: text.id.clone(), text: text.text.clone() },
                })
                .collect(),
            sharing: SharingRecord::from(&collection.sharing),
        }
    }
}

impl Collection {
    /// The collection as its durable record, at the current version.
    #[must_use]
    pub fn to_record(&self) -> CollectionRecord {
        CollectionRecord::from(self)
    }
}

/// Reads a stored collection record of any known version: the one migrate function of
/// collections. The version is read first; a record of an older version would be migrated here to
/// the current shape.
///
/// # Errors
/// A missing or unknown version, a shape its version does not allow, an empty id or owner, a blank
/// name, an empty or repeated board or text id, a blank text or one longer than
/// [`crate::MAX_TEXT_STEP_CHARS`] in a language. Never panics, whatever the JSON.
pub fn read_collection_record(json: &serde_json::Value) -> Result<Collection, RecordReadError> {
    let record: CollectionRecord = match version_of(json, RECORD)? {
        1 => deserialize::<CollectionRecordV1>(json, RECORD)?.into(),
        2 => deserialize::<CollectionRecordV2>(json, RECORD)?.into(),
        3 => deserialize(json, RECORD)?,
        other => return Err(unknown_version(RECORD, other, COLLECTION_RECORD_VERSION)),
    };
    record.into_collection()
}

const RECORD: &str = "collection";

/// The `version` field of a stored record of kind `record`.
pub(crate) fn version_of(json: &serde_json::Value, record: &'static str) -> Result<u64, RecordReadError> {
    json.get("version").and_then(serde_json::Value::as_u64).ok_or(RecordReadError::MissingVersion { record })
}

/// The record of kind `record` in `json`, in the shape of its version.
pub(crate) fn deserialize<T: serde::de::DeserializeOwned>(
    json: &serde_json::Value,
    record: &'static str,
) -> Result<T, RecordReadError> {
    T::deserialize(json).map_err(|err| RecordReadError::Malformed { record, detail: err.to_string() })
}

pub(crate) const fn unknown_version(record: &'static str, version: u64, max: u32) -> RecordReadError {
    RecordReadError::UnknownVersion { record, version, max }
}

pub(crate) fn invalid<T>(record: &'static str, field: &'static str, detail: String) -> Result<T, RecordReadError> {
    Err(RecordReadError::InvalidField { record, field, detail })
}

impl CollectionRecord {
    /// The collection of a current-version record.
    ///
    /// # Errors
    /// As [`read_collection_record`].
    pub fn into_collection(self) -> Result<Collection, RecordReadError> {
        if self.version != COLLECTION_RECORD_VERSION {
            return Err(unknown_version(RECORD, self.version.into(), COLLECTION_RECORD_VERSION));
        }
        let reject = |field: &'static str, detail: String| invalid(RECORD, field, detail);
        if self.id.is_empty() {
            return reject("id", "the id is empty".to_owned());
        }
        if self.owner.is_empty() {
            return reject("owner", "the owner is empty".to_owned());
        }
        if self.name.trim().is_empty() {
            return reject("name", "the name is blank".to_owned());
        }
        let mut boards: BTreeSet<&str> = BTreeSet::new();
        let mut texts: BTreeSet<&str> = BTreeSet::new();
        for step in &self.steps {
            match step {
                StepRecord::Board { board } if board.is_empty() => {
                    return reject("steps", "a board id is empty".to_owned());
                }
                StepRecord::Board { board } if !boards.insert(board) => {
                    return reject("steps", format!("board {board:?} is listed twice"));
                }
                StepRecord::Board { .. } => {}
                StepRecord::Text { id, .. } if id.is_empty() => {
                    return reject("steps", "a text id is empty".to_owned());
                }
                StepRecord::Text { id, .. } if !texts.insert(id) => {
                    return reject("steps", format!("text {id:?} is listed twice"));
                }
                StepRecord::Text { id, text } => {
                    if let Err(problem) = TextStep::check(text) {
                        return reject("steps", format!("text {id:?}: {problem}"));
                    }
                }
            }
        }
        Ok(Collection {
            id: CollectionId(self.id),
            owner: UserId(self.owner),
            name: self.name,
            steps: self
                .steps
                .into_iter()
                .map(|step| match step {
                    StepRecord::Board { board } => Step::Board(BoardId(board)),
                    StepRecord::Text { id, text } => Step::Text(TextStep { id, text: text.without_blanks() }),
                })
                .collect(),
            sharing: self.sharing.into(),
        })
    }
}
