//! The durable record of a collection: what is stored, versioned, and read back through one
//! migrate function.
//!
//! Like [`crate::BoardRecord`], the record has its own shape, so reshaping [`Collection`] never
//! changes what is stored.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::{BoardId, Collection, CollectionId, UserId};

/// The version of [`CollectionRecord`] written today.
pub const COLLECTION_RECORD_VERSION: u32 = 1;

/// A collection as stored, version [`COLLECTION_RECORD_VERSION`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CollectionRecord {
    pub version: u32,
    pub id: String,
    /// The user id of the owner.
    pub owner: String,
    pub name: String,
    /// The board ids in the owner's order, each once.
    pub boards: Vec<String>,
}

/// Why a stored record could not be read back as a collection.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CollectionRecordError {
    /// The JSON has no numeric `version` field.
    #[error("the record has no version number")]
    MissingVersion,
    /// A version this build does not know, such as one written by a newer app.
    #[error("unknown collection record version {0} (this build reads up to {COLLECTION_RECORD_VERSION})")]
    UnknownVersion(u64),
    /// The JSON does not have the shape of its version.
    #[error("malformed collection record: {0}")]
    Malformed(String),
    /// A field holds a value its version does not allow.
    #[error("invalid {field} in collection record: {detail}")]
    InvalidField { field: &'static str, detail: String },
}

impl From<&Collection> for CollectionRecord {
    fn from(collection: &Collection) -> CollectionRecord {
        CollectionRecord {
            version: COLLECTION_RECORD_VERSION,
            id: collection.id.0.clone(),
            owner: collection.owner.0.clone(),
            name: collection.name.clone(),
            boards: collection.boards.iter().map(|id| id.0.clone()).collect(),
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
/// name, an empty or repeated board id. Never panics, whatever the JSON.
pub fn read_collection_record(json: &serde_json::Value) -> Result<Collection, CollectionRecordError> {
    let version =
        json.get("version").and_then(serde_json::Value::as_u64).ok_or(CollectionRecordError::MissingVersion)?;
    let record: CollectionRecord = match version {
        1 => CollectionRecord::deserialize(json).map_err(|err| CollectionRecordError::Malformed(err.to_string()))?,
        other => return Err(CollectionRecordError::UnknownVersion(other)),
    };
    record.into_collection()
}

impl CollectionRecord {
    /// The collection of a current-version record.
    ///
    /// # Errors
    /// As [`read_collection_record`].
    pub fn into_collection(self) -> Result<Collection, CollectionRecordError> {
        if self.version != COLLECTION_RECORD_VERSION {
            return Err(CollectionRecordError::UnknownVersion(self.version.into()));
        }
        let invalid = |field: &'static str, detail: String| Err(CollectionRecordError::InvalidField { field, detail });
        if self.id.is_empty() {
            return invalid("id", "the id is empty".to_owned());
        }
        if self.owner.is_empty() {
            return invalid("owner", "the owner is empty".to_owned());
        }
        if self.name.trim().is_empty() {
            return invalid("name", "the name is blank".to_owned());
        }
        let mut seen: BTreeSet<&str> = BTreeSet::new();
        for board in &self.boards {
            if board.is_empty() {
                return invalid("boards", "a board id is empty".to_owned());
            }
            if !seen.insert(board) {
                return invalid("boards", format!("{board:?} is listed twice"));
            }
        }
        Ok(Collection {
            id: CollectionId(self.id),
            owner: UserId(self.owner),
            name: self.name,
            boards: self.boards.into_iter().map(BoardId).collect(),
        })
    }
}
