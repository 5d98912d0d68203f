//! The messages between the app and the solver's worker.
//!
//! Hands and deals travel as PBN text and are checked by the worker, so a
//! message can never smuggle in an illegal position: it comes back as a
//! [`SolverError`]. Small vocabulary (`Card`, `Seat`, `Strain`,
//! `Vulnerability`) travels as `bridge`'s own serde values.

use std::fmt::Write as _;

use bridge::{BySeat, Card, Deal, Hand, Seat, Strain, Vulnerability};
use double_dummy::{DdTable, Par};
use serde::{Deserialize, Serialize};

/// A question for the worker. Ids increase: an answer to an older id than
/// the latest request of its [`Lane`] is stale.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    pub id: u64,
    pub body: RequestBody,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RequestBody {
    /// The value of every legal card of the player to play.
    Analyse(PositionMsg),
    /// The position's value and only the cards worth it: a robot's choice,
    /// cheaper than `Analyse`.
    BestCards(PositionMsg),
    /// The double-dummy table of a deal (a PBN deal string).
    Table { deal: String },
    /// The table of a deal and its par.
    Par { deal: String, vulnerability: Vulnerability, dealer: Seat },
    /// How many threads the worker solves a table with: 1, or the size of
    /// its thread pool.
    Threads,
}

impl RequestBody {
    /// The lane of the request: a newer request makes the older ones of its
    /// own lane stale, never those of the other.
    #[must_use]
    pub fn lane(&self) -> Lane {
        match self {
            RequestBody::Analyse(_) | RequestBody::BestCards(_) | RequestBody::Threads => Lane::Play,
            RequestBody::Table { .. } | RequestBody::Par { .. } => Lane::Tables,
        }
    }
}

/// The requests that a newer one makes stale (see
/// [`Lane::drops_in_flight`]). Each lane has one request at most with the
/// worker; the worker answers a question of the play at once, and solves a
/// table a few rows at a time, reading its messages between them
/// (`crate::Desk`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// The questions of the play: a card's values, a robot's cards (and the
    /// worker's threads, asked once at its start). The next position's
    /// question replaces the last one's.
    Play,
    /// Whole tables and par: the end of a game waits for its table even
    /// when the learner goes back and the play asks again meanwhile, and a
    /// table with the worker is answered even when another is asked.
    Tables,
}

impl Lane {
    /// Every lane.
    pub const ALL: [Lane; 2] = [Lane::Play, Lane::Tables];

    /// Whether a newer request of the lane makes the one with the worker
    /// stale too, not only the one waiting behind it. A question of the
    /// play does: the page shows only the newest position's answer. A table
    /// does not: the worker goes on solving it, and its answer, kept for its
    /// deal, is the table of a board the learner may come back to (a page
    /// left while its table was solved, the next board asked during a
    /// review), where dropping it meant solving it again.
    #[must_use]
    pub fn drops_in_flight(self) -> bool {
        matches!(self, Lane::Play)
    }

    /// Its place in [`Lane::ALL`], whose order is the declaration's.
    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// The answer to the request of the same id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Response {
    pub id: u64,
    pub body: Result<ResponseBody, SolverError>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResponseBody {
    /// Every legal card with its tricks, spades first and each suit from the ace.
    Analyse(Vec<CardValueMsg>),
    /// The tricks the side of the player to play takes with best play, and
    /// the legal cards worth them, in `Analyse`'s order.
    BestCards {
        value: u8,
        cards: Vec<Card>,
    },
    Table(TableMsg),
    Par {
        table: TableMsg,
        par: ParMsg,
    },
    /// The threads a table is solved with (1 without a thread pool).
    Threads(u32),
}

/// A position as sent: the cards still held, the trump strain, the leader of
/// the current trick and the cards already played to it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PositionMsg {
    /// The hands still held as a PBN deal string (`N:` then North, East,
    /// South, West); in the middle of a trick the hands differ by one card.
    pub hands: String,
    pub trump: Strain,
    pub leader: Seat,
    /// The cards played to the current trick, in play order (0 to 3).
    pub played: Vec<Card>,
    /// The position's value (the tricks the side of the player to play
    /// takes with best play, the current trick included) when the app
    /// knows it from its answer about the position before: the worker then
    /// tests no card above it, which spares it a third to a half of the
    /// work (`Solver::analyse_knowing`). Always written: the worker's codec
    /// (bincode) reads every field in order.
    pub value: Option<u8>,
}

/// The tricks the side of the player to play takes when `card` is played now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardValueMsg {
    pub card: Card,
    pub tricks: u8,
}

/// A double-dummy table: `tricks[strain][declarer]`, indexed by
/// [`Strain::index`] and [`Seat::index`], as [`DdTable::tricks`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TableMsg {
    pub tricks: [[u8; 4]; 5],
}

/// Par: the score from North-South's side and the contracts in DDS's
/// spelling (`4S-NS`, `3N-W+2`, `5H*-EW-2`; `pass` when passed out).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ParMsg {
    pub score: i32,
    pub contracts: Vec<String>,
}

/// Why the worker could not answer. The detail is the solver's or the deal
/// reader's message, in English, for logs; the variant is the stable code.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
pub enum SolverError {
    #[error("the deal does not parse: {0}")]
    Deal(String),
    #[error("the position is not legal: {0}")]
    Position(String),
}

impl PositionMsg {
    /// The message for the position with `hands` still held, `leader` to lead
    /// (or having led) the current trick and `played` played to it.
    #[must_use]
    pub fn new(hands: &BySeat<Hand>, trump: Strain, leader: Seat, played: &[Card]) -> PositionMsg {
        let mut text = String::from("N:");
        for (idx, seat) in Seat::ALL.into_iter().enumerate() {
            if idx > 0 {
                text.push(' ');
            }
            // Writing to a String cannot fail.
            let _ = write!(text, "{}", hands[seat]);
        }
        PositionMsg { hands: text, trump, leader, played: played.to_vec(), value: None }
    }

    /// The same position with its value known (see [`PositionMsg::value`]).
    #[must_use]
    pub fn knowing(self, value: Option<u8>) -> PositionMsg {
        PositionMsg { value, ..self }
    }

    /// The message for the opening lead of `deal` by `leader`.
    #[must_use]
    pub fn opening_lead(deal: &Deal, trump: Strain, leader: Seat) -> PositionMsg {
        PositionMsg::new(deal.hands(), trump, leader, &[])
    }
}

impl From<&DdTable> for TableMsg {
    fn from(table: &DdTable) -> TableMsg {
        TableMsg { tricks: table.tricks }
    }
}

impl From<TableMsg> for DdTable {
    fn from(table: TableMsg) -> DdTable {
        DdTable { tricks: table.tricks }
    }
}

impl TableMsg {
    /// The tricks `declarer` takes in `strain`.
    #[must_use]
    pub fn tricks(&self, strain: Strain, declarer: Seat) -> u8 {
        self.tricks[strain.index()][declarer.index()]
    }
}

impl From<&Par> for ParMsg {
    fn from(par: &Par) -> ParMsg {
        ParMsg { score: par.score, contracts: par.contracts.iter().map(ToString::to_string).collect() }
    }
}

impl ParMsg {
    /// The contracts joined by commas, or `pass`: the text of [`Par`]'s `Display`.
    #[must_use]
    pub fn contracts_text(&self) -> String {
        if self.contracts.is_empty() {
            return "pass".to_owned();
        }
        self.contracts.join(",")
    }
}
