//! Collections: a user's ordered lists of steps (boards to play, and texts between them). A
//! collection with text steps is a lesson; the learner walks its steps in order.

use serde::{Deserialize, Serialize};

use crate::{Board, BoardId, Locale, Localized, Sharing, UserId};

/// The most characters a text step may hold in one language, as plain text.
pub const MAX_TEXT_STEP_CHARS: usize = 20_000;

/// The identifier of a collection.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CollectionId(pub String);

/// An ordered list of steps, which may belong to anyone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Collection {
    pub id: CollectionId,
    pub owner: UserId,
    pub name: String,
    /// In the order the owner chose; each board and each text once. A board may since have been
    /// deleted or hidden.
    pub steps: Vec<Step>,
    /// Who may read the collection besides its owner. Its boards keep their own sharing: a
    /// reader of the collection sees only those of its boards they may read.
    pub sharing: Sharing,
}

/// One step of a collection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A board to play: an exercise.
    Board(BoardId),
    /// A text to read between boards.
    Text(TextStep),
}

/// A text step: the teacher's explanation, in one or more languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextStep {
    /// Unique among the texts of its collection, and kept when the text is edited or moved, so
    /// that a learner's progress still finds it.
    pub id: String,
    pub text: Localized,
}

/// Why a text cannot be a text step.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextStepError {
    #[error("the text is blank")]
    Blank,
    #[error("the text has more than {MAX_TEXT_STEP_CHARS} characters in {0}")]
    TooLong(Locale),
}

impl TextStep {
    /// Checks that `text` may be a text step: not blank, and at most [`MAX_TEXT_STEP_CHARS`]
    /// characters in each language.
    ///
    /// # Errors
    /// The first problem found.
    pub fn check(text: &Localized) -> Result<(), TextStepError> {
        if text.is_blank() {
            return Err(TextStepError::Blank);
        }
        match text.iter().find(|(locale, text)| text.to_plain(locale).chars().count() > MAX_TEXT_STEP_CHARS) {
            Some((locale, _)) => Err(TextStepError::TooLong(locale.clone())),
            None => Ok(()),
        }
    }
}

/// What names a step in a learner's progress: it does not change when steps are added, moved or
/// removed around it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StepKey {
    Board(BoardId),
    Text(String),
}

impl StepKey {
    /// The stored form: `board:ID` or `text:ID`.
    #[must_use]
    pub fn to_stored(&self) -> String {
        match self {
            StepKey::Board(id) => format!("board:{}", id.0),
            StepKey::Text(id) => format!("text:{id}"),
        }
    }

    /// Reads the stored form; `None` for anything else, an empty id included.
    #[must_use]
    pub fn from_stored(stored: &str) -> Option<StepKey> {
        let (kind, id) = stored.split_once(':')?;
        if id.is_empty() {
            return None;
        }
        match kind {
            "board" => Some(StepKey::Board(BoardId(id.to_owned()))),
            "text" => Some(StepKey::Text(id.to_owned())),
            _ => None,
        }
    }
}

impl From<BoardId> for StepKey {
    fn from(id: BoardId) -> StepKey {
        StepKey::Board(id)
    }
}

impl Step {
    /// The key naming the step in a learner's progress.
    #[must_use]
    pub fn key(&self) -> StepKey {
        match self {
            Step::Board(id) => StepKey::Board(id.clone()),
            Step::Text(text) => StepKey::Text(text.id.clone()),
        }
    }

    /// The board of a board step.
    #[must_use]
    pub const fn board(&self) -> Option<&BoardId> {
        match self {
            Step::Board(id) => Some(id),
            Step::Text(_) => None,
        }
    }

    /// Whether the step's key is `key`.
    #[must_use]
    pub fn has_key(&self, key: &StepKey) -> bool {
        match (self, key) {
            (Step::Board(id), StepKey::Board(other)) => id == other,
            (Step::Text(text), StepKey::Text(other)) => text.id == *other,
            _ => false,
        }
    }
}

impl Collection {
    /// The boards of the collection, in its order.
    pub fn boards(&self) -> impl DoubleEndedIterator<Item = &BoardId> + '_ {
        self.steps.iter().filter_map(Step::board)
    }

    /// The board after `id` among the collection's boards, texts skipped:
    /// the one its learner plays next. None after the last board, or when
    /// `id` is not one of them.
    #[must_use]
    pub fn board_after(&self, id: &BoardId) -> Option<&BoardId> {
        self.boards().skip_while(|board| *board != id).nth(1)
    }

    /// Whether the board is one of the collection's steps.
    #[must_use]
    pub fn contains_board(&self, id: &BoardId) -> bool {
        self.boards().any(|board| board == id)
    }

    /// A collection with text steps is a lesson.
    #[must_use]
    pub fn is_lesson(&self) -> bool {
        self.steps.iter().any(|step| matches!(step, Step::Text(_)))
    }

    /// The place (from 0) of the step named `key`.
    #[must_use]
    pub fn position(&self, key: &StepKey) -> Option<usize> {
        self.steps.iter().position(|step| step.has_key(key))
    }

    /// The id for a new text step: `t1`, `t2`, ... the first not used by the collection's texts.
    #[must_use]
    pub fn next_text_id(&self) -> String {
        (1..)
            .map(|n| format!("t{n}"))
            .find(|id| !self.steps.iter().any(|step| matches!(step, Step::Text(text) if text.id == *id)))
            .unwrap_or_default()
    }
}

/// A board of a collection as a reader sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CollectionEntry {
    /// The board, readable.
    Available(Box<Board>),
    /// The board was deleted, went to the trash or is no longer visible to the reader.
    Unavailable(BoardId),
}

impl CollectionEntry {
    /// The id of the board the entry stands for.
    #[must_use]
    pub fn id(&self) -> &BoardId {
        match self {
            CollectionEntry::Available(board) => &board.id,
            CollectionEntry::Unavailable(id) => id,
        }
    }
}

/// A step of a collection as a reader sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepEntry {
    Board(CollectionEntry),
    Text(TextStep),
}

impl StepEntry {
    /// The key naming the step in a learner's progress.
    #[must_use]
    pub fn key(&self) -> StepKey {
        match self {
            StepEntry::Board(entry) => StepKey::Board(entry.id().clone()),
            StepEntry::Text(text) => StepKey::Text(text.id.clone()),
        }
    }
}
