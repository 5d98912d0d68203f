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
    Word(Word),
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

/// The text of a [`TokenKind::Word`], as written. The PBN spellings of
/// calls and cards point into a static table, so reading a section does not
/// allocate once per token; other words go on the heap. Reads as a `&str`
/// through `Deref`.
#[derive(Clone)]
pub struct Word(WordRepr);

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

impl Word {
    /// The word as a string slice.
    #[must_use]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            WordRepr::Known(text) => text,
            WordRepr::Other(text) => text,
        }
    }

    /// The PBN spelling of a call or card, `-` or `AP`: a word written back as it is.
    pub(crate) fn is_standard(&self) -> bool {
        matches!(self.0, WordRepr::Known(_))
    }
}

impl From<&str> for Word {
    fn from(text: &str) -> Word {
        match known_word(text) {
            Some(known) => Word(WordRepr::Known(known)),
            None => Word(WordRepr::Other(text.into())),
        }
    }
}

impl From<String> for Word {
    fn from(text: String) -> Word {
        match known_word(&text) {
            Some(known) => Word(WordRepr::Known(known)),
            None => Word(WordRepr::Other(text.into_boxed_str())),
        }
    }
}

impl From<Word> for String {
    fn from(word: Word) -> String {
        word.as_str().to_owned()
    }
}

impl std::ops::Deref for Word {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Word {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for Word {
    fn eq(&self, other: &Word) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Word {}

impl PartialEq<str> for Word {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Word {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl std::hash::Hash for Word {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl std::fmt::Debug for Word {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl std::fmt::Display for Word {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PbnFile {
    /// The PBN version named by a `% PBN x.y` header line, if any.
    #[must_use]
    pub fn version(&self) -> Option<&str> {
        self.header.iter().find_map(|line| line.trim().strip_prefix("PBN ").map(str::trim))
    }
}

#[derive(Clone)]
enum WordRepr {
    /// One of the spellings of [`known_word`].
    Known(&'static str),
    Other(Box<str>),
}

/// The PBN spellings of the bids, by level and strain.
const BID_WORDS: [[&str; 5]; 7] = [
    ["1C", "1D", "1H", "1S", "1NT"],
    ["2C", "2D", "2H", "2S", "2NT"],
    ["3C", "3D", "3H", "3S", "3NT"],
    ["4C", "4D", "4H", "4S", "4NT"],
    ["5C", "5D", "5H", "5S", "5NT"],
    ["6C", "6D", "6H", "6S", "6NT"],
    ["7C", "7D", "7H", "7S", "7NT"],
];

/// The PBN spellings of the cards, by suit (`SHDC`) and rank (`AKQJT98765432`).
const CARD_WORDS: [[&str; 13]; 4] = [
    ["SA", "SK", "SQ", "SJ", "ST", "S9", "S8", "S7", "S6", "S5", "S4", "S3", "S2"],
    ["HA", "HK", "HQ", "HJ", "HT", "H9", "H8", "H7", "H6", "H5", "H4", "H3", "H2"],
    ["DA", "DK", "DQ", "DJ", "DT", "D9", "D8", "D7", "D6", "D5", "D4", "D3", "D2"],
    ["CA", "CK", "CQ", "CJ", "CT", "C9", "C8", "C7", "C6", "C5", "C4", "C3", "C2"],
];

/// `text` as a static string when it is the PBN spelling of a call or card, `-` or `AP`.
fn known_word(text: &str) -> Option<&'static str> {
    // Table look-ups rather than matches: the cards of a play come in no order a branch predictor could learn.
    match *text.as_bytes() {
        [suit, rank] => {
            let suit_idx = usize::from(SUIT_INDEX[usize::from(suit)]);
            let rank_idx = usize::from(RANK_INDEX[usize::from(rank)]);
            if suit_idx < 4 && rank_idx < 13 {
                return Some(CARD_WORDS[suit_idx][rank_idx]);
            }
            match text {
                "XX" => Some("XX"),
                "AP" => Some("AP"),
                _ => bid_word(text),
            }
        }
        [_, _, _] => bid_word(text),
        [b'X'] => Some("X"),
        [b'-'] => Some("-"),
        _ if text == "Pass" => Some("Pass"),
        _ => None,
    }
}

/// `text` as a static string when it is the PBN spelling of a bid.
fn bid_word(text: &str) -> Option<&'static str> {
    let bytes = text.as_bytes();
    let level_idx = usize::from(bytes[0].wrapping_sub(b'1'));
    let strain_idx = match &bytes[1..] {
        b"C" => 0,
        b"D" => 1,
        b"H" => 2,
        b"S" => 3,
        b"NT" => 4,
        _ => return None,
    };
    BID_WORDS.get(level_idx).map(|strains| strains[strain_idx])
}

/// The index of each byte in `keys`, `u8::MAX` for the other bytes.
const fn byte_index(keys: &[u8]) -> [u8; 256] {
    let mut res = [u8::MAX; 256];
    let mut idx = 0;
    while idx < keys.len() {
        res[keys[idx] as usize] = idx as u8;
        idx += 1;
    }
    res
}

/// The suit of a card's first byte, in the order of [`CARD_WORDS`].
const SUIT_INDEX: [u8; 256] = byte_index(b"SHDC");

/// The rank of a card's second byte, in the order of [`CARD_WORDS`].
const RANK_INDEX: [u8; 256] = byte_index(b"AKQJT98765432");
