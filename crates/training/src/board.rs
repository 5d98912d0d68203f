//! Boards: a game with its comments, its teaching metadata, ownership and the fields derived by the gate.

use std::collections::BTreeSet;
use std::fmt;

use bridge::{Auction, Card, Contract, Deal, Game, Play, Seat, Strain, Vulnerability};
use serde::{Deserialize, Serialize};

use crate::{DoubleStatus, Level, Locale, Localized, Scoring, SolverPosition, TeachingMode};

/// The identifier of a board.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct BoardId(pub String);

/// The identifier of a user account.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct UserId(pub String);

/// The identifier of a group of users.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GroupId(pub String);

/// A moment, in milliseconds since the Unix epoch. The model never reads a
/// clock: callers pass the time in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Timestamp(pub i64);

/// Who a board belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ownership {
    User {
        user_id: UserId,
    },
    /// Its owner let go of it while it sat in someone else's collection: it
    /// stays readable from there but belongs to nobody.
    Orphaned {
        orphaned_at: Timestamp,
        reason: OrphanReason,
    },
}

/// Why a board lost its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OrphanReason {
    /// The owner deleted the board for good.
    BoardDeleted,
    /// The owner's account was closed.
    AccountClosed,
}

/// Who may read a board besides its owner.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sharing {
    #[default]
    Private,
    Groups(Vec<GroupId>),
    Public,
}

/// What a teacher says about a board, apart from its game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Metadata {
    pub name: String,
    pub level: Level,
    pub scoring: Scoring,
    /// The bidding system the auction follows, such as `SEF` or `2/1`.
    pub auction_system: String,
    /// Themes of the product's catalogue, by identifier.
    pub auction_themes: Vec<String>,
    pub play_themes: Vec<String>,
    /// Free themes and inspirations of the teacher.
    pub user_themes: Vec<String>,
    pub inspirations: Vec<String>,
    pub sharing: Sharing,
    /// How the player presents the board.
    pub teaching_mode: TeachingMode,
}

/// The life of a board; all passed in, never read from a clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Timestamps {
    pub created: Timestamp,
    pub updated: Timestamp,
    /// When the board went to the trash, if it is there.
    pub deleted: Option<Timestamp>,
    pub first_published: Option<Timestamp>,
}

/// A comment slot of a board: the review, or the comment of one call or card
/// (indexed from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CommentSlot {
    Review,
    Call(usize),
    Card(usize),
}

impl fmt::Display for CommentSlot {
    /// `review`, `call 1`, `card 13`: numbered from 1 for people.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommentSlot::Review => f.write_str("review"),
            CommentSlot::Call(idx) => write!(f, "call {}", idx + 1),
            CommentSlot::Card(idx) => write!(f, "card {}", idx + 1),
        }
    }
}

/// The game of a gated board, declarer South, with a comment per call and per card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardGame {
    pub(crate) game: Game,
    pub(crate) declarer: Seat,
    pub(crate) player: Seat,
    pub(crate) call_comments: Vec<Localized>,
    pub(crate) card_comments: Vec<Localized>,
    pub(crate) review: Localized,
}

impl BoardGame {
    #[must_use]
    pub const fn game(&self) -> &Game {
        &self.game
    }

    #[must_use]
    pub const fn deal(&self) -> &Deal {
        &self.game.deal
    }

    #[must_use]
    pub const fn dealer(&self) -> Seat {
        self.game.auction.dealer()
    }

    #[must_use]
    pub const fn vulnerability(&self) -> Vulnerability {
        self.game.vulnerability
    }

    #[must_use]
    pub const fn auction(&self) -> &Auction {
        &self.game.auction
    }

    /// The cards played, from the opening lead.
    #[must_use]
    pub fn play(&self) -> &[Card] {
        &self.game.play
    }

    /// Always South on a gated board.
    #[must_use]
    pub const fn declarer(&self) -> Seat {
        self.declarer
    }

    /// The seat the learner plays.
    #[must_use]
    pub const fn player(&self) -> Seat {
        self.player
    }

    /// One comment per call, possibly blank.
    #[must_use]
    pub fn call_comments(&self) -> &[Localized] {
        &self.call_comments
    }

    /// One comment per card played, possibly blank.
    #[must_use]
    pub fn card_comments(&self) -> &[Localized] {
        &self.card_comments
    }

    /// The teacher's comment on `card` played to trick `trick_idx` (from 0) in another play of the
    /// board: the comment of the recorded play's same card in the same trick, if it has one.
    #[must_use]
    pub fn comment_on(&self, trick_idx: usize, card: Card) -> Option<&Localized> {
        let first = trick_idx.checked_mul(4)?;
        let at = (first..(first + 4).min(self.game.play.len())).find(|at| self.game.play[*at] == card)?;
        self.card_comments.get(at)
    }

    /// The teacher's comments a learner reads with `play` as it stands,
    /// `learner_plays` saying whose cards the learner plays
    /// ([`crate::TableState::is_learner`]): those on the cards played since
    /// the learner's last card, that card included, each where the recorded
    /// play has the same card in the same trick ([`BoardGame::comment_on`]),
    /// in the order played, blank ones left out. Before the learner's first
    /// card, those of the trick on the table (the current one, else the
    /// last one complete). So a comment stays until the learner plays
    /// again, however fast the other seats play.
    #[must_use]
    pub fn comments_shown(&self, play: &Play, learner_plays: impl Fn(Seat) -> bool) -> Vec<(Card, &Localized)> {
        let played: Vec<(usize, Seat, Card)> = play
            .tricks()
            .iter()
            .chain(std::iter::once(play.current_trick()))
            .enumerate()
            .flat_map(|(trick_idx, trick)| trick.plays().map(move |(seat, card)| (trick_idx, seat, card)))
            .collect();
        let shown_trick = if play.current_trick().cards.is_empty() {
            play.tricks().last().map_or(0, |last| last.cards.len())
        } else {
            play.current_trick().cards.len()
        };
        let from = played
            .iter()
            .rposition(|&(_, seat, _)| learner_plays(seat))
            .unwrap_or(played.len().saturating_sub(shown_trick));
        played[from..]
            .iter()
            .filter_map(|&(trick_idx, _, card)| Some((card, self.comment_on(trick_idx, card)?)))
            .filter(|(_, comment)| !comment.is_blank())
            .collect()
    }

    #[must_use]
    pub const fn review(&self) -> &Localized {
        &self.review
    }

    /// Every comment slot with its text: the review, then the calls, then the cards.
    pub fn comment_slots(&self) -> impl Iterator<Item = (CommentSlot, &Localized)> {
        std::iter::once((CommentSlot::Review, &self.review))
            .chain(self.call_comments.iter().enumerate().map(|(idx, text)| (CommentSlot::Call(idx), text)))
            .chain(self.card_comments.iter().enumerate().map(|(idx, text)| (CommentSlot::Card(idx), text)))
    }
}

/// How high a contract is, by what it scores when made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum LevelClass {
    PartScore,
    Game,
    SmallSlam,
    GrandSlam,
}

impl LevelClass {
    /// The class of a contract: game from 3NT, 4♥/4♠ and 5♣/5♦.
    #[must_use]
    pub fn of(contract: Contract) -> LevelClass {
        let game_level = match contract.strain() {
            Strain::NoTrump => 3,
            Strain::Spades | Strain::Hearts => 4,
            Strain::Diamonds | Strain::Clubs => 5,
        };
        match contract.level() {
            7 => LevelClass::GrandSlam,
            6 => LevelClass::SmallSlam,
            level if game_level <= level => LevelClass::Game,
            _ => LevelClass::PartScore,
        }
    }
}

/// Which side opened the auction, seen from the declarer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OpeningSide {
    /// Declarer or dummy opened.
    Declarer,
    /// A defender opened: a competitive auction.
    Defence,
}

/// The fields the gate computes for filtering and search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derived {
    /// The final contract, when the auction is complete.
    pub contract: Option<Contract>,
    pub strain: Option<Strain>,
    pub level_class: Option<LevelClass>,
    /// The seat of the first bid.
    pub opener: Option<Seat>,
    pub opening_side: Option<OpeningSide>,
    pub double_status: DoubleStatus,
    /// The calls from the dealer in PBN spelling, separated by spaces: `1S Pass 2S Pass`.
    pub flat_auction: String,
    pub n_calls: usize,
    pub n_cards_played: usize,
    /// The cards each hand held before the play: 13, or fewer for an end position.
    pub hand_len: usize,
    /// The locales holding visible text; none means language-agnostic.
    pub languages: BTreeSet<Locale>,
}

/// A board that passed the write gate: persistable and trusted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub id: BoardId,
    pub owner: Ownership,
    pub metadata: Metadata,
    pub timestamps: Timestamps,
    pub(crate) code: String,
    pub(crate) game: BoardGame,
    pub(crate) derived: Derived,
    pub(crate) gate_version: u32,
    pub(crate) gated_at: Timestamp,
}

impl Board {
    /// The deal code, new or grandfathered.
    #[must_use]
    pub fn code(&self) -> &str {
        &self.code
    }

    #[must_use]
    pub const fn game(&self) -> &BoardGame {
        &self.game
    }

    /// Whether a learner can play the board: it has a contract, or it is
    /// minibridge, whose contract the learner announces.
    #[must_use]
    pub fn is_playable(&self) -> bool {
        self.derived.contract.is_some() || self.metadata.teaching_mode == TeachingMode::Minibridge
    }

    #[must_use]
    pub const fn derived(&self) -> &Derived {
        &self.derived
    }

    /// The opening lead against the board's contract, the first position a
    /// game of the board asks the solver about whatever seat the learner
    /// takes (the robot's lead, or the advice on the learner's): none when
    /// the learner's own auction or announcement makes the contract, or
    /// when the board has no contract or no full deal. The player asks it
    /// while the learner reads the auction.
    #[must_use]
    pub fn opening_lead(&self) -> Option<SolverPosition> {
        if matches!(self.metadata.teaching_mode, TeachingMode::Minibridge | TeachingMode::BiddingPractice) {
            return None;
        }
        let game = self.game();
        let (contract, declarer) = (self.derived.contract?, game.auction().declarer()?);
        game.deal()
            .is_complete()
            .then(|| SolverPosition::of_play(&Play::new(*game.deal(), contract.strain(), declarer.next())))
    }

    /// The value of `position` when it is [`Board::opening_lead`] (the
    /// tricks the leading side takes with best play from there), read from
    /// the deal's double-dummy table, which `declarer_tricks` gives for a
    /// strain and a declarer: the tricks the contract's declarer does not
    /// take. Given with the opening lead's question when the table is known
    /// (kept from an earlier game or the board page), the solver skips the
    /// tests above it (a quarter fewer nodes at the opening leads of
    /// solve-board.jsonl). None for any other position (the board's table
    /// says nothing of them), or when the table's entry is more than 13.
    #[must_use]
    pub fn opening_lead_value(
        &self,
        position: &SolverPosition,
        declarer_tricks: impl FnOnce(Strain, Seat) -> u8,
    ) -> Option<u8> {
        if self.opening_lead().as_ref() != Some(position) {
            return None;
        }
        let (contract, declarer) = (self.derived.contract?, self.game().auction().declarer()?);
        13u8.checked_sub(declarer_tricks(contract.strain(), declarer))
    }

    /// The version of the gate that checked the board.
    #[must_use]
    pub const fn gate_version(&self) -> u32 {
        self.gate_version
    }

    /// When the gate checked the board.
    #[must_use]
    pub const fn gated_at(&self) -> Timestamp {
        self.gated_at
    }

    /// Whether the board is in the trash.
    #[must_use]
    pub const fn is_deleted(&self) -> bool {
        self.timestamps.deleted.is_some()
    }
}
