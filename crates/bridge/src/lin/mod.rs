//! Bridge Base Online's LIN format: files of `tag|value|` pairs and the
//! handviewer links that carry them.
//!
//! [`parse`] reads LIN text into one result per board, so a broken board
//! does not lose the others; [`parse_handviewer_url`] reads the board of a
//! handviewer link (its `lin=` parameter, or its `n=`, `s=`, `d=`, `a=`...
//! parameters). A [`LinGame`] holds the same [`Game`] the PBN reader gives,
//! with the alerts and their explanations per call, the players, the board
//! number and the claim; [`LinGame::to_pbn`] turns it into a PBN game so the
//! PBN import can take it. Errors are [`LinError`]s naming the tag, its
//! index and its byte offset; no input panics.
//!
//! ```
//! let text = "pn|Sam,Wes,Nat,Eve|md|3S76HAT76DJT98CA98,S543H542D763C7654,SAKQ2HKQ3DA54CK32,|\
//!             sv|o|ah|Board 1|mb|1N!|an|15-17|mb|p|mb|3N|mb|p|mb|p|mb|p|pc|SJ|";
//! let boards = bridge::lin::parse(text);
//! let board = boards[0].as_ref().unwrap();
//! assert_eq!(board.board, Some(1));
//! assert_eq!(board.game.dealer(), bridge::Seat::North);
//! assert_eq!(board.calls[0].explanation.as_deref(), Some("15-17"));
//! assert_eq!(board.game.auction.declarer(), Some(bridge::Seat::North));
//! assert_eq!(board.game.play.len(), 1);
//! ```

mod read;
mod url;
mod write;

#[cfg(test)]
mod tests;

pub use read::{parse, tags};
pub use url::parse_handviewer_url;

use crate::{AuctionError, BySeat, Call, DealError, Game, PlayError, Seat};

/// A `tag|value|` pair as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinTag {
    /// The name in lower case, without the white space around it.
    pub name: String,
    /// The value, untouched.
    pub value: String,
    /// The byte offset of the name in the text.
    pub offset: usize,
    /// The index of the pair in the text, from 0.
    pub index: usize,
}

/// A board of a LIN file as bridge types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinGame {
    /// The board number: from the `ah` heading (`Board 12`), else from the
    /// `qx` board id (`o12`).
    pub board: Option<u32>,
    /// The `qx` board id, such as `o12` (open room) or `c12` (closed room).
    pub id: Option<String>,
    /// The player names of `pn`, empty when unknown.
    pub players: BySeat<String>,
    /// The deal, vulnerability, auction and cards played. The dealer is the
    /// `md` digit, else the board number's dealer.
    pub game: Game,
    /// One entry per call of `game.auction`, in order.
    pub calls: Vec<LinCall>,
    /// The tricks declarer claimed in all (`mc`), including those already won.
    pub claim: Option<u8>,
    /// The chat (`nt`) and the explanations found before any call, in order.
    pub notes: Vec<String>,
    /// The byte offset of the board's first tag.
    pub offset: usize,
}

/// A call with its alert.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinCall {
    pub call: Call,
    /// The call was written with `!`.
    pub alerted: bool,
    /// The `an` text after the call, trimmed; `None` when absent or empty.
    pub explanation: Option<String>,
}

/// A problem in a board, located at one of its tags.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("tag {} ({tag}) at byte {offset}: {kind}", tag_index + 1)]
pub struct LinError {
    /// The byte offset of the tag's name in the text.
    pub offset: usize,
    /// The index of the tag, from 0.
    pub tag_index: usize,
    /// The tag's name, in lower case.
    pub tag: String,
    pub kind: LinErrorKind,
}

/// What is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinErrorKind {
    #[error("invalid tag name {0:?}: expected two letters")]
    TagName(String),
    #[error("the board has no deal (md tag)")]
    MissingDeal,
    #[error("invalid dealer {0:?}: expected 1 (South), 2 (West), 3 (North) or 4 (East)")]
    Dealer(char),
    #[error("no dealer: the md tag has no dealer digit and the board no number")]
    NoDealer,
    #[error("{0} hands; a deal has four")]
    HandCount(usize),
    #[error("invalid hand of {seat} {text:?}: {reason}")]
    Hand { seat: Seat, text: String, reason: &'static str },
    #[error("a hand holds 13 cards; {seat} holds {len}")]
    HandSize { seat: Seat, len: usize },
    #[error("invalid deal: {0}")]
    Deal(DealError),
    #[error("invalid vulnerability {0:?}: expected o, n, e or b")]
    Vulnerability(String),
    #[error("a call before the deal (md tag)")]
    CallBeforeDeal,
    #[error("invalid call {0:?}: expected p, d, r or a bid such as 1c, 3n")]
    Call(String),
    #[error("illegal call {call}: {source}")]
    IllegalCall { call: Call, source: AuctionError },
    #[error("invalid card {0:?}: expected a suit then a rank, such as sa or h10")]
    Card(String),
    #[error("a card played before the auction ended in a contract")]
    NoContract,
    #[error("impossible play: {0}")]
    IllegalPlay(PlayError),
    #[error("invalid claim {0:?}: expected a number of tricks from 0 to 13")]
    Claim(String),
    #[error("claim of {claimed} tricks: declarer has won {won} with {left} still to play")]
    ImpossibleClaim { claimed: u8, won: usize, left: usize },
    #[error("the link holds neither a lin parameter nor hands")]
    NoBoard,
}

impl LinCall {
    /// The comment a teacher sees beside the call: its explanation.
    #[must_use]
    pub fn comment(&self) -> Option<&str> {
        self.explanation.as_deref()
    }
}

impl LinGame {
    /// The tricks declarer took: the claim, else the count of a finished play.
    #[must_use]
    pub fn result(&self) -> Option<u8> {
        if self.claim.is_some() {
            return self.claim;
        }
        let play = self.game.replay_play()?.ok().filter(crate::Play::is_over)?;
        let declarer = self.game.auction.declarer()?;
        u8::try_from(play.tricks_won(declarer.side())).ok()
    }
}
