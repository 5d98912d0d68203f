//! Portable Bridge Notation: whole PBN 2.1 files, read and written.
//!
//! [`parse`] (or [`parse_bytes`] for raw file contents) reads a file into a
//! [`PbnFile`] of [`PbnGame`]s and never fails: problems come back as located
//! [`Diagnostic`]s beside whatever could be read. A game keeps its items in
//! order (tags, `{}` and `;` commentary, `%` directive lines), so writing it
//! back with [`PbnFile`]'s `Display` loses no content. Typed accessors such as
//! [`PbnGame::deal`] and [`PbnGame::auction`] interpret the tags, and
//! [`check`] reports every rule a game breaks.
//!
//! ```
//! let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1NT Pass 3NT AP\n";
//! let parsed = bridge::pbn::parse(text);
//! assert!(parsed.diagnostics.is_empty());
//! let game = &parsed.file.games[0];
//! assert_eq!(game.board_number(), Some(Ok(1)));
//! let auction = game.auction().unwrap().unwrap();
//! assert_eq!(auction.auction.declarer(), Some(bridge::Seat::North));
//! ```

mod check;
mod decode;
mod game;
mod parse;
mod write;

#[cfg(test)]
mod tests;

pub use check::check;
pub use decode::decode;
pub use game::{AnnotatedCall, Annotation, Note, PbnAuction, PbnContract, PbnPlay, PlayedCard};
pub use parse::{parse, parse_bytes};
pub use write::MANDATORY_TAGS;

/// A line and column in the text, both counted from 1; the column counts
/// characters, not bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    pub line: u32,
    pub column: u32,
}

/// A PBN file: the directive lines of its header, then its games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PbnFile {
    /// The `%` lines before the first game, without the `%`, such as `" PBN 2.1"`.
    pub header: Vec<String>,
    pub games: Vec<PbnGame>,
}

/// One game: its tags, commentary and directives in the order they came.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PbnGame {
    pub items: Vec<Item>,
}

/// Something a game holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    Tag(Tag),
    Commentary(Commentary),
    /// A `%` line inside or before the game, without the `%`.
    Directive {
        text: String,
        pos: Pos,
    },
}

/// A tag pair with the section that follows it, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    pub name: String,
    /// The value with escapes resolved and `#` inheritance applied.
    pub value: String,
    pub section: Section,
    /// Where the `[` is.
    pub pos: Pos,
    /// Where the value starts.
    pub value_pos: Pos,
}

/// The data lines after a tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Section {
    /// The Auction and Play sections, read as tokens.
    Tokens(Vec<Token>),
    /// Every other section (tables such as OptimumResultTable or ScoreTable),
    /// one string per line, trimmed. Empty when the tag has no section.
    Rows(Vec<String>),
}

/// A token of an Auction or Play section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub pos: Pos,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// A call, a card, `-`, `AP`, or anything else, as written.
    Word(String),
    /// `=n=`, a reference to a Note tag.
    NoteRef(u32),
    /// `$n`, a numeric annotation glyph.
    Nag(u32),
    /// `!`, `?`, `!!`, `??`, `!?` or `?!`.
    Suffix(String),
    Commentary(Commentary),
    /// `*`, the end of the section.
    End,
}

/// A comment: `{...}` (which may span lines) or `;` to the end of the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Commentary {
    /// The text between the braces or after the `;`, untouched.
    pub text: String,
    pub style: CommentStyle,
    pub pos: Pos,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommentStyle {
    /// `{...}`
    Brace,
    /// `;` to the end of the line.
    Line,
}

/// A file as read, with every problem found on the way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParsedFile {
    pub file: PbnFile,
    pub diagnostics: Vec<Diagnostic>,
}

impl ParsedFile {
    /// The number of diagnostics of severity error.
    #[must_use]
    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|diagnostic| diagnostic.severity == Severity::Error).count()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The text bends the standard but its meaning is clear.
    Warning,
    /// The text is wrong; what it meant is lost or doubtful.
    Error,
}

/// A located problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub pos: Pos,
    pub severity: Severity,
    /// The index of the game in [`PbnFile::games`], when the problem is in one.
    pub game: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for Diagnostic {
    /// `line:column: error: message`
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let severity = match self.severity {
            Severity::Warning => "warning",
            Severity::Error => "error",
        };
        write!(f, "{}:{}: {severity}: {}", self.pos.line, self.pos.column, self.message)
    }
}

/// Why a tag or section could not be read into bridge types.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PbnError {
    #[error("invalid {tag} value {value:?}: {reason}")]
    TagValue { line: u32, column: u32, tag: String, value: String, reason: String },
    #[error("invalid deal: {source}")]
    Deal {
        line: u32,
        column: u32,
        #[source]
        source: crate::DealError,
    },
    #[error("invalid call {token:?}")]
    Call { line: u32, column: u32, token: String },
    #[error("illegal call {call}: {source}")]
    IllegalCall {
        line: u32,
        column: u32,
        call: crate::Call,
        #[source]
        source: crate::AuctionError,
    },
    #[error("the auction starts with {found} but {dealer} is the dealer")]
    AuctionSeat { line: u32, column: u32, found: crate::Seat, dealer: crate::Seat },
    #[error("invalid card {token:?}")]
    Card { line: u32, column: u32, token: String },
    #[error("impossible play: {source}")]
    IllegalPlay {
        line: u32,
        column: u32,
        #[source]
        source: crate::PlayError,
    },
    #[error("missing {tag} tag")]
    MissingTag { line: u32, column: u32, tag: String },
    #[error("the play needs a contract to know the trumps")]
    NoTrump { line: u32, column: u32 },
    #[error("unexpected {token:?} in the {section} section")]
    Token { line: u32, column: u32, section: String, token: String },
}

impl PbnError {
    /// Where the problem is.
    #[must_use]
    pub const fn pos(&self) -> Pos {
        let (PbnError::TagValue { line, column, .. }
        | PbnError::Deal { line, column, .. }
        | PbnError::Call { line, column, .. }
        | PbnError::IllegalCall { line, column, .. }
        | PbnError::AuctionSeat { line, column, .. }
        | PbnError::Card { line, column, .. }
        | PbnError::IllegalPlay { line, column, .. }
        | PbnError::MissingTag { line, column, .. }
        | PbnError::NoTrump { line, column }
        | PbnError::Token { line, column, .. }) = *self;
        Pos { line, column }
    }
}

impl PbnFile {
    /// The PBN version named by a `% PBN x.y` header line, if any.
    #[must_use]
    pub fn version(&self) -> Option<&str> {
        self.header.iter().find_map(|line| line.trim().strip_prefix("PBN ").map(str::trim))
    }
}
