//! The play journal: a played board as an append-only tree of events, replayed to know the table at any
//! of them, so undo, redo and "replay from here" never lose a card the learner played.
//!
//! Every event names its parent. Undo moves the cursor to the parent, redo to the most recent child,
//! and appending at an older event starts a new branch beside the old one, which stays. The state at
//! an event is never stored: it is the replay of the events from the root through `bridge`'s
//! [`Auction`] and [`Play`], and an event that is illegal in its state is refused when appended.
//!
//! The cards of the seats the learner does not play come from the [`SolverPort`]: among the equally
//! best cards ([`SolverPort::best_cards`]), a group of equivalent cards is drawn uniformly, and in
//! it the card a player shows, the top when leading and the bottom when following
//! ([`RobotChoice::Conventional`]; journals started before choose any best card,
//! [`RobotChoice::AnyBest`]), with a draw derived from the journal's seed and the index of the card
//! in the play (see [`robot_draw`]), never from a shared mutable stream, so the same position reached
//! again (after an undo, on another branch, or in a replay of the same cards from the stored seed)
//! gets the same card.

use std::collections::btree_map::Entry;
use std::collections::BTreeMap;
use std::fmt;

use bridge::{Auction, AuctionError, Call, Card, Contract, Deal, Hand, Play, PlayError, Seat};

use crate::advice::{Advice, CardReview, PlayReview, TrickReview};
use crate::{Board, BoardId, CardValue, MinibridgeContract, RandomSource, SolverPort, SolverPosition};

/// The identifier of an event: its rank in append order, from 1 for the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EventId(pub u32);

impl fmt::Display for EventId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One event of a journal. Events are never changed or removed once appended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub id: EventId,
    /// `None` for the root only.
    pub parent: Option<EventId>,
    pub kind: EventKind,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// The root of every journal, and only the root.
    PlayStarted(PlayStart),
    /// A call of bidding practice, before the play.
    CallMade { call: Call },
    /// A card played by the seat whose turn it was.
    CardPlayed { card: Card },
    /// The learner's side claims `tricks` of the tricks left (the current one included); `accepted`
    /// is the solver's verdict when the claim was made: the side can take at least that many.
    Claimed { tricks: u8, accepted: bool },
    /// The play is over: every card played or a claim accepted. `declarer_tricks` is the result.
    PlayEnded { declarer_tricks: u8 },
}

/// What the root records: the board, how the play begins, who the learner is, and the seed of the
/// robots' draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayStart {
    pub board: BoardId,
    /// The hands before the first call or card: 13 cards each, or an end position.
    pub deal: Deal,
    pub opening: Opening,
    /// The learner's seat. On the declaring side the learner plays both declarer's and dummy's
    /// cards (declarer mode); on the defending side, that one defender's (defence mode).
    pub learner: Seat,
    /// The seed of the robots' draws; see [`robot_draw`].
    pub seed: u64,
    /// How the robots pick a card among the solver's equally best.
    pub robots: RobotChoice,
    /// The tricks the learner's side aims at, stated before the play when the board shows only
    /// the trump (or given with it); `None` otherwise.
    pub goal: Option<u8>,
}

/// How the robots pick their card among the solver's equally best ([`Journal::play_robots`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RobotChoice {
    /// Any of the best cards, each as likely: the journals of the first players (event versions
    /// 1 and 2), which replay so.
    AnyBest,
    /// A group of equivalent best cards (touching in the suit once the cards played are gone),
    /// each group as likely, and in the group the card a player shows: its top when leading (the
    /// top of a sequence), else its bottom, so that the robots' cards read as a teacher's would.
    /// Every new game's.
    Conventional,
}

/// How a journal begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// The contract is known: the play begins, the seat after declarer leads.
    Contract { contract: Contract, declarer: Seat },
    /// Bidding practice: calls first from `dealer`; the play begins when the auction ends with a contract.
    Auction { dealer: Seat },
}

/// Why an event cannot be appended, or a question cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JournalError {
    #[error("no event {0} in the journal")]
    UnknownEvent(EventId),
    #[error("the hand of {0} is empty: a journal starts from four known hands")]
    UnknownHand(Seat),
    #[error("the board has no contract to play")]
    NoContract,
    #[error("only the root of a journal starts the play")]
    SecondStart,
    #[error("no call can be made: the auction is over")]
    NotInAuction,
    #[error("no card can be played: there is no contract yet")]
    NotInPlay,
    #[error("illegal call {call}: {source}")]
    IllegalCall { call: Call, source: AuctionError },
    #[error("illegal card: {source}")]
    IllegalCard { source: PlayError },
    #[error("it is {seat}'s turn, a seat the learner does not play")]
    NotLearnersTurn { seat: Seat },
    #[error("the play is finished")]
    Finished,
    #[error("the play has ended; nothing may follow")]
    Ended,
    #[error("a claim of {claimed} tricks exceeds the {left} tricks left")]
    ClaimTooLarge { claimed: u8, left: u8 },
    #[error("the play is not finished")]
    NotFinished,
    #[error("declarer took {actual} tricks, not {stated}")]
    WrongResult { stated: u8, actual: u8 },
    #[error("event {0} is not a decision of the learner's in the play")]
    NotADecision(EventId),
    #[error("unusable solver answer: {0}")]
    SolverAnswer(String),
    #[error("the journal holds as many events as it can")]
    Full,
}

/// One branch of a journal, as a list of branches shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BranchSummary {
    /// The branch's last event: going there switches to the branch.
    pub leaf: EventId,
    /// The cards played on it.
    pub cards: usize,
    /// Declarer's tricks, once its play is finished.
    pub declarer_tricks: Option<u8>,
    /// The cursor is on the branch: at or before its leaf on its path.
    pub current: bool,
}

/// The table at one event: the auction, the contract, the play, and how it finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableState {
    deal: Deal,
    learner: Seat,
    auction: Option<Auction>,
    contract: Option<(Contract, Seat)>,
    play: Option<Play>,
    claim: Option<AcceptedClaim>,
    ended: bool,
}

/// An accepted claim: `tricks` of the `tricks_left` for the learner's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct AcceptedClaim {
    tricks: u8,
    tricks_left: u8,
}

/// A played board: the events, the solver's advice attached to them, and the cursor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Journal {
    /// In append order: `events[idx].id == EventId(idx + 1)`, the root first.
    events: Vec<Event>,
    advice: BTreeMap<EventId, Advice>,
    current: EventId,
}

/// The draw that picks a robot's card among the equally best, for the card of index `card_idx` in the
/// play (from 0 for the opening lead).
///
/// It is output number `card_idx + 1` of the SplitMix64 generator seeded with `seed`, computed
/// directly (SplitMix64 is counter-based), so it depends on nothing but the seed and the place in the
/// play: undo, redo and branches replay the same choices, and a replay of the same cards from the
/// stored seed is the same game. The draw maps onto `n` candidates as `draw * n >> 64`: the best
/// cards sorted by card ([`RobotChoice::AnyBest`]), or their groups of equivalent cards from the
/// spades' down ([`RobotChoice::Conventional`]).
#[must_use]
pub fn robot_draw(seed: u64, card_idx: usize) -> u64 {
    const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut z = seed.wrapping_add(GAMMA.wrapping_mul(card_idx as u64 + 1));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The candidate `draw` picks: `draw * n >> 64` of `n` candidates.
fn drawn<T>(candidates: &[T], draw: u64) -> Option<&T> {
    candidates.get(((u128::from(draw) * candidates.len() as u128) >> 64) as usize)
}

/// `cards` (some of one player's, the one to play in `play`) in groups of equivalent cards, each
/// from its highest card down: cards of a suit between which no other player holds a card and
/// no card of the trick in progress lies (the cards played before are gone). The groups come in
/// the order of their highest card, spades' first.
fn equivalent_groups(cards: &[Card], play: &Play) -> Vec<Vec<Card>> {
    let player = play.next_player();
    let mut others = Hand::EMPTY;
    for seat in Seat::ALL {
        if Some(seat) != player {
            others = others.union(play.remaining()[seat]);
        }
    }
    for card in &play.current_trick().cards {
        others.insert(*card);
    }
    let mut cards = cards.to_vec();
    bridge::order::sort_by_key(&mut cards, |card| std::cmp::Reverse(card.bit_index()));
    let mut groups: Vec<Vec<Card>> = Vec::new();
    for card in cards {
        let joins = groups.last().and_then(|group| group.last()).is_some_and(|&above| {
            // Bit indices of one suit are adjacent, 16 a suit: nothing between means the same suit.
            let between = ((1u64 << above.bit_index()) - 1) & !((2u64 << card.bit_index()) - 1);
            above.suit == card.suit && others.bits() & between == 0
        });
        match groups.last_mut() {
            Some(group) if joins => group.push(card),
            _ => groups.push(vec![card]),
        }
    }
    groups
}

impl PlayStart {
    /// The play of a board's contract, with a fresh seed from `random`.
    ///
    /// # Errors
    /// [`JournalError::NoContract`] when the board's auction is passed out or unfinished.
    pub fn from_board(board: &Board, learner: Seat, random: &mut impl RandomSource) -> Result<PlayStart, JournalError> {
        let game = board.game();
        let contract = board.derived().contract.ok_or(JournalError::NoContract)?;
        let declarer = game.auction().declarer().ok_or(JournalError::NoContract)?;
        Ok(PlayStart {
            board: board.id.clone(),
            deal: *game.deal(),
            opening: Opening::Contract { contract, declarer },
            learner,
            seed: random.next_u64(),
            goal: None,
            robots: RobotChoice::Conventional,
        })
    }

    /// Minibridge on a board: its declarer (the stronger hand of the stronger side, who is the
    /// learner) plays the contract the learner announced after seeing dummy.
    pub fn minibridge_from_board(
        board: &Board,
        announced: MinibridgeContract,
        random: &mut impl RandomSource,
    ) -> PlayStart {
        let game = board.game();
        PlayStart {
            board: board.id.clone(),
            deal: *game.deal(),
            opening: Opening::Contract { contract: announced.to_contract(), declarer: game.declarer() },
            learner: game.declarer(),
            seed: random.next_u64(),
            goal: None,
            robots: RobotChoice::Conventional,
        }
    }

    /// The same start with the learner's side aiming at `goal` tricks.
    #[must_use]
    pub fn with_goal(self, goal: u8) -> PlayStart {
        PlayStart { goal: Some(goal), ..self }
    }

    /// Bidding practice on a board: the auction from the board's dealer, then the play.
    pub fn bidding_from_board(board: &Board, learner: Seat, random: &mut impl RandomSource) -> PlayStart {
        let game = board.game();
        PlayStart {
            board: board.id.clone(),
            deal: *game.deal(),
            opening: Opening::Auction { dealer: game.dealer() },
            learner,
            seed: random.next_u64(),
            goal: None,
            robots: RobotChoice::Conventional,
        }
    }
}

impl TableState {
    /// The table before any event.
    pub(crate) fn new(start: &PlayStart) -> TableState {
        let mut res = TableState {
            deal: start.deal,
            learner: start.learner,
            auction: None,
            contract: None,
            play: None,
            claim: None,
            ended: false,
        };
        match start.opening {
            Opening::Contract { contract, declarer } => res.begin_play(contract, declarer),
            Opening::Auction { dealer } => res.auction = Some(Auction::new(dealer)),
        }
        res
    }

    fn begin_play(&mut self, contract: Contract, declarer: Seat) {
        self.contract = Some((contract, declarer));
        self.play = Some(Play::new(self.deal, contract.strain(), declarer.next()));
    }

    /// The auction of bidding practice; `None` when the journal started from a contract.
    #[must_use]
    pub const fn auction(&self) -> Option<&Auction> {
        self.auction.as_ref()
    }

    /// The contract, once known.
    #[must_use]
    pub fn contract(&self) -> Option<Contract> {
        self.contract.map(|(contract, _)| contract)
    }

    /// The declarer, once known.
    #[must_use]
    pub fn declarer(&self) -> Option<Seat> {
        self.contract.map(|(_, declarer)| declarer)
    }

    /// The play, once the contract is known.
    #[must_use]
    pub const fn play(&self) -> Option<&Play> {
        self.play.as_ref()
    }

    /// The learner's seat, as the root says.
    #[must_use]
    pub const fn learner(&self) -> Seat {
        self.learner
    }

    /// Whether the learner plays the cards of `seat`: declarer and dummy when the learner sits on the
    /// declaring side, else the learner's own seat only (and during the auction, the learner's seat).
    #[must_use]
    pub fn is_learner(&self, seat: Seat) -> bool {
        match self.contract {
            Some((_, declarer)) if self.learner.side() == declarer.side() => seat.side() == declarer.side(),
            _ => seat == self.learner,
        }
    }

    /// The seat to call or play next; `None` once the play is finished or the auction passed out.
    #[must_use]
    pub fn next_player(&self) -> Option<Seat> {
        if self.is_finished() {
            return None;
        }
        match (&self.play, &self.auction) {
            (Some(play), _) => play.next_player(),
            (None, Some(auction)) if !auction.is_complete() => Some(auction.next_seat()),
            _ => None,
        }
    }

    /// It is the learner's turn to play a card.
    #[must_use]
    pub fn is_learners_turn(&self) -> bool {
        self.play.is_some() && self.next_player().is_some_and(|seat| self.is_learner(seat))
    }

    /// It is the learner's turn to call (bidding practice).
    #[must_use]
    pub fn is_learners_call(&self) -> bool {
        self.play.is_none() && self.next_player() == Some(self.learner)
    }

    /// The tricks still to be decided, the current one included.
    #[must_use]
    pub fn tricks_left(&self) -> u8 {
        let Some(play) = &self.play else {
            return 0;
        };
        let left = play.next_player().map_or(0, |seat| play.remaining()[seat].len());
        u8::try_from(left).unwrap_or(u8::MAX)
    }

    /// No card may follow: every card is played, a claim was accepted, or the auction passed out.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        match &self.play {
            Some(play) => self.claim.is_some() || play.is_over(),
            None => self.auction.as_ref().is_some_and(Auction::is_complete),
        }
    }

    /// A `PlayEnded` event closed the play.
    #[must_use]
    pub const fn has_ended(&self) -> bool {
        self.ended
    }

    /// The tricks the learner's side claimed, when a claim was accepted.
    #[must_use]
    pub fn accepted_claim(&self) -> Option<u8> {
        self.claim.map(|claim| claim.tricks)
    }

    /// Declarer's tricks once the play is finished: those won, plus declarer's share of the tricks
    /// left at an accepted claim. `None` before, and for a passed-out auction.
    #[must_use]
    pub fn declarer_tricks(&self) -> Option<u8> {
        let play = self.play.as_ref()?;
        let declarer = self.declarer()?;
        let won = u8::try_from(play.tricks_won(declarer.side())).unwrap_or(u8::MAX);
        match self.claim {
            Some(claim) if self.learner.side() == declarer.side() => Some(won + claim.tricks),
            Some(claim) => Some(won + (claim.tricks_left - claim.tricks)),
            None if play.is_over() => Some(won),
            None => None,
        }
    }

    /// Checks `kind` against this state and applies it.
    pub(crate) fn apply(&mut self, kind: &EventKind) -> Result<(), JournalError> {
        if self.ended {
            return Err(JournalError::Ended);
        }
        match *kind {
            EventKind::PlayStarted(_) => Err(JournalError::SecondStart),
            EventKind::CallMade { call } => {
                let Some(auction) = self.auction.as_mut().filter(|auction| !auction.is_complete()) else {
                    return Err(JournalError::NotInAuction);
                };
                auction.call(call).map_err(|source| JournalError::IllegalCall { call, source })?;
                if let (Some(contract), Some(declarer)) = (auction.contract(), auction.declarer()) {
                    self.begin_play(contract, declarer);
                }
                Ok(())
            }
            EventKind::CardPlayed { card } => {
                if self.claim.is_some() {
                    return Err(JournalError::Finished);
                }
                let play = self.play.as_mut().ok_or(JournalError::NotInPlay)?;
                play.play(card).map_err(|source| JournalError::IllegalCard { source })
            }
            EventKind::Claimed { tricks, accepted } => {
                if self.play.is_none() {
                    return Err(JournalError::NotInPlay);
                }
                if self.is_finished() {
                    return Err(JournalError::Finished);
                }
                let left = self.tricks_left();
                if left < tricks {
                    return Err(JournalError::ClaimTooLarge { claimed: tricks, left });
                }
                if accepted {
                    self.claim = Some(AcceptedClaim { tricks, tricks_left: left });
                }
                Ok(())
            }
            EventKind::PlayEnded { declarer_tricks } => {
                let actual = self.declarer_tricks().ok_or(JournalError::NotFinished)?;
                if actual != declarer_tricks {
                    return Err(JournalError::WrongResult { stated: declarer_tricks, actual });
                }
                self.ended = true;
                Ok(())
            }
        }
    }

    /// The solver's position, at a card decision.
    fn solver_position(&self) -> Option<SolverPosition> {
        let play = self.play.as_ref().filter(|_| self.next_player().is_some())?;
        Some(SolverPosition::of_play(play))
    }
}

impl Journal {
    /// A journal holding only its root, `PlayStarted`, the cursor on it.
    ///
    /// # Errors
    /// [`JournalError::UnknownHand`] when a hand of the deal is empty.
    pub fn start(start: PlayStart) -> Result<Journal, JournalError> {
        if let Some((seat, _)) = start.deal.hands().iter().find(|(_, hand)| hand.is_empty()) {
            return Err(JournalError::UnknownHand(seat));
        }
        let root = Event { id: EventId(1), parent: None, kind: EventKind::PlayStarted(start) };
        Ok(Journal { events: vec![root], advice: BTreeMap::new(), current: EventId(1) })
    }

    /// What the root records.
    #[must_use]
    pub fn play_start(&self) -> &PlayStart {
        match &self.events[0].kind {
            EventKind::PlayStarted(start) => start,
            _ => unreachable!("a journal's first event is its PlayStarted root, checked when built"),
        }
    }

    /// Every event, in append order, the root first.
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The event `id`, if the journal holds it.
    #[must_use]
    pub fn event(&self, id: EventId) -> Option<&Event> {
        let idx = usize::try_from(id.0).ok()?.checked_sub(1)?;
        self.events.get(idx)
    }

    /// The root's id.
    #[must_use]
    pub const fn root(&self) -> EventId {
        EventId(1)
    }

    /// The event the table is at: where the next event is appended.
    #[must_use]
    pub const fn current(&self) -> EventId {
        self.current
    }

    /// The table at the cursor.
    #[must_use]
    pub fn state(&self) -> TableState {
        match self.state_at(self.current) {
            Ok(state) => state,
            Err(err) => unreachable!("the cursor is on an event checked when appended: {err}"),
        }
    }

    /// The table at event `id`: the replay of the events from the root to it.
    ///
    /// # Errors
    /// [`JournalError::UnknownEvent`].
    pub fn state_at(&self, id: EventId) -> Result<TableState, JournalError> {
        let path = self.path(id)?;
        let mut res = TableState::new(self.play_start());
        for event in path.iter().skip(1).filter_map(|id| self.event(*id)) {
            res.apply(&event.kind)?;
        }
        Ok(res)
    }

    /// The ids from the root to `id`, both included.
    ///
    /// # Errors
    /// [`JournalError::UnknownEvent`].
    pub fn path(&self, id: EventId) -> Result<Vec<EventId>, JournalError> {
        let mut res = Vec::new();
        let mut at = Some(self.event(id).ok_or(JournalError::UnknownEvent(id))?);
        while let Some(event) = at {
            res.push(event.id);
            // Parents precede their children, so the walk ends at the root.
            at = event.parent.and_then(|parent| self.event(parent));
        }
        res.reverse();
        Ok(res)
    }

    /// The children of `id`, oldest first.
    #[must_use]
    pub fn children(&self, id: EventId) -> Vec<EventId> {
        self.events.iter().filter(|event| event.parent == Some(id)).map(|event| event.id).collect()
    }

    /// The leaves: the last event of each branch, oldest first.
    #[must_use]
    pub fn branches(&self) -> Vec<&Event> {
        let mut has_child = vec![false; self.events.len()];
        for parent in self.events.iter().filter_map(|event| event.parent) {
            let idx = usize::try_from(parent.0).ok().and_then(|id| id.checked_sub(1));
            if let Some(slot) = idx.and_then(|idx| has_child.get_mut(idx)) {
                *slot = true;
            }
        }
        self.events.iter().zip(has_child).filter(|(_, has_child)| !has_child).map(|(event, _)| event).collect()
    }

    /// Each branch as a list of branches shows it, oldest first (see
    /// [`Journal::branches`]).
    #[must_use]
    pub fn branch_summaries(&self) -> Vec<BranchSummary> {
        let current_path = self.path(self.current).unwrap_or_default();
        self.branches()
            .into_iter()
            .map(|leaf| {
                let state = self.state_at(leaf.id).ok();
                BranchSummary {
                    leaf: leaf.id,
                    cards: state.as_ref().and_then(|state| state.play().map(|play| play.cards().count())).unwrap_or(0),
                    declarer_tricks: state.as_ref().and_then(TableState::declarer_tricks),
                    current: current_path.contains(&leaf.id)
                        || self.path(leaf.id).is_ok_and(|path| path.contains(&self.current)),
                }
            })
            .collect()
    }

    /// Moves the cursor to the parent; `None` (and no move) at the root.
    pub fn undo(&mut self) -> Option<EventId> {
        let parent = self.event(self.current)?.parent?;
        self.current = parent;
        Some(parent)
    }

    /// Moves the cursor to the most recent child; `None` (and no move) at a leaf.
    pub fn redo(&mut self) -> Option<EventId> {
        let child = self.children(self.current).pop()?;
        self.current = child;
        Some(child)
    }

    /// Moves the cursor to any event: to switch branches, or to replay from an earlier point (the next
    /// event appended there starts a new branch).
    ///
    /// # Errors
    /// [`JournalError::UnknownEvent`], the cursor unchanged.
    pub fn go_to(&mut self, id: EventId) -> Result<(), JournalError> {
        self.event(id).ok_or(JournalError::UnknownEvent(id))?;
        self.current = id;
        Ok(())
    }

    /// Makes a call of bidding practice at the cursor, for whichever seat is to call.
    ///
    /// # Errors
    /// An illegal call, or no auction in progress.
    pub fn make_call(&mut self, call: Call) -> Result<EventId, JournalError> {
        self.append(EventKind::CallMade { call })
    }

    /// Plays the learner's `card` at the cursor.
    ///
    /// # Errors
    /// [`JournalError::NotLearnersTurn`] when a robot is to play; an illegal card; no play in progress.
    pub fn play_card(&mut self, card: Card) -> Result<EventId, JournalError> {
        let state = self.state();
        if let Some(seat) = state.next_player().filter(|seat| state.play.is_some() && !state.is_learner(*seat)) {
            return Err(JournalError::NotLearnersTurn { seat });
        }
        self.append(EventKind::CardPlayed { card })
    }

    /// Plays the robots' cards from the cursor until it is the learner's turn or the play is finished,
    /// each one of the solver's best cards ([`SolverPort::best_cards`]), chosen as the journal's
    /// [`PlayStart::robots`] says, ties broken by [`robot_draw`].
    /// Returns the events appended.
    ///
    /// # Errors
    /// An unusable solver answer; the cards appended before it stay.
    pub fn play_robots(&mut self, solver: &mut impl SolverPort) -> Result<Vec<EventId>, JournalError> {
        let seed = self.play_start().seed;
        let mut res = Vec::new();
        loop {
            let state = self.state();
            let (Some(play), Some(position)) = (state.play(), state.solver_position()) else {
                return Ok(res);
            };
            if state.is_learners_turn() {
                return Ok(res);
            }
            // The same cards, in the same order, as the best of every card's value would be, so the
            // draw picks what it always picked.
            let best = Advice::checked_best_cards(&position, play.legal_cards(), solver.best_cards(&position))?;
            let draw = robot_draw(seed, play.cards().count());
            let card = match self.play_start().robots {
                RobotChoice::AnyBest => drawn(&best, draw).copied(),
                RobotChoice::Conventional => {
                    let groups = equivalent_groups(&best, play);
                    let leading = play.current_trick().cards.is_empty();
                    drawn(&groups, draw).and_then(|group| if leading { group.first() } else { group.last() }).copied()
                }
            };
            let card = card.ok_or_else(|| JournalError::SolverAnswer("no legal card".to_owned()))?;
            res.push(self.append(EventKind::CardPlayed { card })?);
        }
    }

    /// The learner's side claims `tricks` of the tricks left; the solver says whether the side can take
    /// at least that many. The claim is recorded either way; an accepted claim finishes the play, a
    /// refused one lets it go on from the claim.
    ///
    /// # Errors
    /// No play in progress, a finished play, more tricks than are left, an unusable solver answer.
    pub fn claim(&mut self, solver: &mut impl SolverPort, tricks: u8) -> Result<EventId, JournalError> {
        let state = self.state();
        // The checks of `apply`, before asking the solver anything.
        state.clone().apply(&EventKind::Claimed { tricks, accepted: false })?;
        let (Some(play), Some(position)) = (state.play(), state.solver_position()) else {
            return Err(JournalError::Finished);
        };
        let advice = Advice::checked_best(&position, play.legal_cards(), solver.best_cards(&position))?;
        let left = state.tricks_left();
        let to_play = position.to_play();
        let learners_side_takes = match to_play.side() == state.learner().side() {
            true => advice.best(),
            false => left.saturating_sub(advice.best()),
        };
        self.append(EventKind::Claimed { tricks, accepted: tricks <= learners_side_takes })
    }

    /// Ends a finished play with its result.
    ///
    /// # Errors
    /// [`JournalError::NotFinished`], or a play already ended.
    pub fn end_play(&mut self) -> Result<EventId, JournalError> {
        let declarer_tricks = self.state().declarer_tricks().ok_or(JournalError::NotFinished)?;
        self.append(EventKind::PlayEnded { declarer_tricks })
    }

    /// The advice attached to event `id`: the best cards at the learner's decision there, with their
    /// value, and the value of each other card played there once it is known.
    #[must_use]
    pub fn advice(&self, id: EventId) -> Option<&Advice> {
        self.advice.get(&id)
    }

    /// Every advice, by event.
    #[must_use]
    pub const fn all_advice(&self) -> &BTreeMap<EventId, Advice> {
        &self.advice
    }

    /// Asks the solver for the best cards at the learner's decision at event `id` (what the learner
    /// sees: whether a card cost tricks, and the best cards on request), and attaches them there
    /// (replacing any advice already attached).
    ///
    /// # Errors
    /// An unknown event, an event that is no learner's decision, an unusable solver answer.
    pub fn advise(&mut self, solver: &mut impl SolverPort, id: EventId) -> Result<&Advice, JournalError> {
        let (position, legal) = self.decision(id)?;
        let advice = Advice::checked_best(&position, legal, solver.best_cards(&position))?;
        Ok(self.advice.entry(id).insert_entry(advice).into_mut())
    }

    /// The tricks the learner's `card`, played at the decision at event `id`, cost: none for a best
    /// card; for another card, the advice there less its value, which the solver's best cards of the
    /// position it reaches give (the question the robots' next card, or the learner's next decision,
    /// asks anyway), kept in the advice. Asks for the advice first when there is none.
    ///
    /// # Errors
    /// As [`Journal::advise`]; an illegal card; an answer that does not fit the advice.
    pub fn cost_of(&mut self, solver: &mut impl SolverPort, id: EventId, card: Card) -> Result<u8, JournalError> {
        let (position, legal) = self.decision(id)?;
        if !legal.contains(card) {
            // The play's own refusal, naming why.
            self.state_at(id)?.apply(&EventKind::CardPlayed { card })?;
        }
        let advice = match self.advice.entry(id) {
            Entry::Occupied(advice) => advice.into_mut(),
            // As `advise`, on the decision's position already replayed.
            Entry::Vacant(entry) => entry.insert(Advice::checked_best(&position, legal, solver.best_cards(&position))?),
        };
        if let Some(cost) = advice.cost(card) {
            return Ok(cost);
        }
        let illegal = || JournalError::SolverAnswer(format!("{card} is not a legal card"));
        let next = position.after(card).ok_or_else(illegal)?;
        let best = solver.best_cards(&next);
        let next_value = best.tricks;
        Advice::checked_best_cards(&next, next.legal_cards(), best)?;
        let tricks = position.value_before(card, next_value).ok_or_else(|| {
            JournalError::SolverAnswer(format!("{next_value} tricks cannot be the value of the position after {card}"))
        })?;
        advice.add_value(&position, card, tricks)?;
        Ok(advice.cost(card).unwrap_or(0))
    }

    /// Advice for every learner decision on the path to `id` that has none yet, and the cost of each
    /// learner card there, so [`Journal::review`] can cost every learner card.
    ///
    /// # Errors
    /// As [`Journal::cost_of`].
    pub fn advise_path(&mut self, solver: &mut impl SolverPort, id: EventId) -> Result<(), JournalError> {
        for at in self.path(id)? {
            let Some(Event { kind: EventKind::CardPlayed { card }, parent: Some(before), .. }) =
                self.event(at).cloned()
            else {
                continue;
            };
            if self.state_at(before)?.is_learners_turn() {
                self.cost_of(solver, before, card)?;
            }
        }
        Ok(())
    }

    /// Attaches every legal card's value, computed elsewhere (such as by the solver's `analyse`), to
    /// the learner's decision at event `id`, after checking they value exactly the legal cards there.
    ///
    /// # Errors
    /// As [`Journal::advise`].
    pub fn attach_advice(&mut self, id: EventId, values: Vec<CardValue>) -> Result<&Advice, JournalError> {
        let (position, legal) = self.decision(id)?;
        let advice = Advice::checked(&position, legal, values)?;
        Ok(self.advice.entry(id).insert_entry(advice).into_mut())
    }

    /// Attaches stored advice (the best cards' values and maybe others') to the learner's decision at
    /// event `id`, after checking the cards are legal there.
    pub(crate) fn attach_known_values(&mut self, id: EventId, values: Vec<CardValue>) -> Result<(), JournalError> {
        let (position, legal) = self.decision(id)?;
        let advice = Advice::checked_known(&position, legal, values)?;
        self.advice.insert(id, advice);
        Ok(())
    }

    /// The review of the play on the path to `id`: every trick with its cards, and for each learner
    /// card with advice at its decision, the tricks it cost.
    ///
    /// # Errors
    /// [`JournalError::UnknownEvent`].
    pub fn review(&self, id: EventId) -> Result<PlayReview, JournalError> {
        let mut state = TableState::new(self.play_start());
        let mut tricks: Vec<TrickReview> = Vec::new();
        for at in self.path(id)?.into_iter().skip(1) {
            let Some(event) = self.event(at) else { continue };
            let before = event.parent.unwrap_or(at);
            if let (EventKind::CardPlayed { card }, Some(play)) = (&event.kind, state.play()) {
                let seat = play.next_player().unwrap_or(state.learner);
                let leader = play.current_trick().leader;
                if play.current_trick().cards.is_empty() {
                    tricks.push(TrickReview { leader, winner: None, cards: Vec::new() });
                }
                let by_learner = state.is_learner(seat);
                let cost = match by_learner {
                    true => self.advice(before).and_then(|advice| advice.cost(*card)),
                    false => None,
                };
                if let Some(trick) = tricks.last_mut() {
                    trick.cards.push(CardReview { event: at, seat, card: *card, by_learner, cost });
                }
            }
            state.apply(&event.kind)?;
            if let (Some(play), Some(trick)) = (state.play(), tricks.last_mut()) {
                if trick.winner.is_none() && trick.cards.len() == 4 {
                    trick.winner = play.tricks().last().and_then(|done| done.winner(play.trump()));
                }
            }
        }
        Ok(PlayReview { declarer_tricks: state.declarer_tricks(), tricks })
    }

    /// Appends `kind` as a child of the cursor and moves the cursor to it.
    fn append(&mut self, kind: EventKind) -> Result<EventId, JournalError> {
        let id = self.push(self.current, kind)?;
        self.current = id;
        Ok(id)
    }

    /// Appends `kind` as a child of `parent` after checking it against the state there.
    pub(crate) fn push(&mut self, parent: EventId, kind: EventKind) -> Result<EventId, JournalError> {
        let mut state = self.state_at(parent)?;
        state.apply(&kind)?;
        let id = EventId(u32::try_from(self.events.len() + 1).map_err(|_| JournalError::Full)?);
        self.events.push(Event { id, parent: Some(parent), kind });
        Ok(id)
    }

    /// The solver position of the learner's decision at `id`, with the legal cards there.
    fn decision(&self, id: EventId) -> Result<(SolverPosition, Hand), JournalError> {
        let state = self.state_at(id)?;
        let play = state.play().filter(|_| state.is_learners_turn()).ok_or(JournalError::NotADecision(id))?;
        Ok((SolverPosition::of_play(play), play.legal_cards()))
    }
}
