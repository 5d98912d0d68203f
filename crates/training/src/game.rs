//! A game in progress: a [`Journal`] driven step by step by a solver that answers later, as the app's
//! Web Worker does.
//!
//! The page asks [`Game::advance`] what to do next. It does everything the answers it already holds
//! allow (the robots' cards, the advice at the learner's decisions, a claim waiting for its check, the
//! end of the play) and names the one position it needs next, in the order a learner wants them:
//! first the advice on the card just played (did it cost a trick?), then a claim, then the robots'
//! cards, then the advice at the decision now (the best cards on request), then the advice at older
//! decisions (for the review). Every question is a position's best cards: the advice at a decision is
//! its best cards, and a card played there that is not among them is costed by the value of the
//! position it reaches, the question the robots' next card (or the learner's next decision) asks
//! anyway. The page fetches the answer, gives it to [`Game::answer_best_cards`] (or every card's value
//! to [`Game::answer`]), and advances again. The same steps run natively with the real solver in the
//! tests.

use bridge::{Call, Card};

use crate::{
    BestCards, CardValue, Event, EventId, EventKind, GameResult, Journal, JournalError, SolverAnswers, SolverPosition,
    SolverQuestion, TableState,
};

/// A journal and the solver answers it was driven with.
#[derive(Clone, Debug)]
pub struct Game {
    journal: Journal,
    answers: SolverAnswers,
    /// A claim of that many tricks, made at the cursor, waiting for the solver's check.
    claim: Option<u8>,
    /// Bidding practice: the board's auction, which the robots follow and the learner's calls are
    /// compared with.
    script: Vec<Call>,
}

/// One of the learner's calls in bidding practice, against the board's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CallVerdict {
    /// The event of the call.
    pub event: EventId,
    /// The call's place in the auction, from 0.
    pub index: usize,
    pub made: Call,
    /// The board's call at that place; `None` past the board's auction.
    pub expected: Option<Call>,
}

impl CallVerdict {
    /// The learner made the board's call.
    #[must_use]
    pub fn matches(&self) -> bool {
        self.expected == Some(self.made)
    }
}

/// What [`Game::advance`] did and what it needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Advance {
    /// Events were appended or advice attached: the journal should be stored.
    pub changed: bool,
    /// The question about a position the game needs answered next; `None` when it has all it needs.
    pub ask: Option<SolverQuestion>,
}

impl Game {
    /// A game over `journal`, resumed where its cursor is.
    #[must_use]
    pub fn new(journal: Journal) -> Game {
        Game { journal, answers: SolverAnswers::default(), claim: None, script: Vec::new() }
    }

    /// Bidding practice: the robots call as in `calls`, the board's auction (a robot whose call
    /// there is no longer legal, after the learner left the board's auction, passes), and the
    /// learner's calls are compared with it.
    #[must_use]
    pub fn following(self, calls: &[Call]) -> Game {
        Game { script: calls.to_vec(), ..self }
    }

    /// Makes the learner's `call` at the cursor.
    ///
    /// # Errors
    /// [`JournalError::NotInAuction`] outside the auction, [`JournalError::NotLearnersTurn`] when a
    /// robot is to call, an illegal call.
    pub fn make_call(&mut self, call: Call) -> Result<EventId, JournalError> {
        let state = self.journal.state();
        let Some(seat) = state.next_player().filter(|_| state.play().is_none()) else {
            return Err(JournalError::NotInAuction);
        };
        if seat != state.learner() {
            return Err(JournalError::NotLearnersTurn { seat });
        }
        self.journal.make_call(call)
    }

    /// The learner's calls on the path to the cursor, each against the board's.
    #[must_use]
    pub fn call_verdicts(&self) -> Vec<CallVerdict> {
        let mut res = Vec::new();
        self.walk_path(|event, before| {
            if let (EventKind::CallMade { call }, Some(auction)) = (&event.kind, before.auction()) {
                if before.is_learners_call() {
                    let index = auction.calls().len();
                    res.push(CallVerdict {
                        event: event.id,
                        index,
                        made: *call,
                        expected: self.script.get(index).copied(),
                    });
                }
            }
        });
        res
    }

    /// Whether the learner reached the exercise's aim, once the game is over (`None` before): the
    /// learner's side took the tricks it aimed at (the goal of the journal's root when it has one,
    /// else the contract made as declaring side, or defeated when defending) and, in bidding practice, every call of the learner's was the board's. A
    /// passed-out auction is judged on the calls alone.
    #[must_use]
    pub fn solved(&self) -> Option<bool> {
        let state = self.journal.state();
        if !state.is_finished() {
            return None;
        }
        let calls_right = self.call_verdicts().iter().all(CallVerdict::matches);
        let (Some(contract), Some(declarer), Some(declarer_tricks)) =
            (state.contract(), state.declarer(), state.declarer_tricks())
        else {
            return Some(calls_right);
        };
        let target = contract.level() + 6;
        let learner_declares = state.learner().side() == declarer.side();
        let reached = match (self.journal.play_start().goal, GameResult::of(&state)) {
            (Some(goal), Some(result)) => result.learner_tricks >= goal,
            _ if learner_declares => declarer_tricks >= target,
            _ => declarer_tricks < target,
        };
        Some(calls_right && reached)
    }

    /// The robots' calls up to the learner's turn or the end of the auction; `true` when one was
    /// made.
    fn call_robots(&mut self) -> Result<bool, JournalError> {
        let mut called = false;
        loop {
            let state = self.journal.state();
            let Some(auction) = state.auction().filter(|_| state.play().is_none() && !state.is_finished()) else {
                return Ok(called);
            };
            if state.is_learners_call() {
                return Ok(called);
            }
            let call = match self.script.get(auction.calls().len()) {
                Some(call) if auction.clone().call(*call).is_ok() => *call,
                _ => Call::Pass,
            };
            self.journal.make_call(call)?;
            called = true;
        }
    }

    /// The journal.
    #[must_use]
    pub const fn journal(&self) -> &Journal {
        &self.journal
    }

    /// The tricks claimed and waiting for the solver's check, if any.
    #[must_use]
    pub const fn pending_claim(&self) -> Option<u8> {
        self.claim
    }

    /// Plays the learner's `card` at the cursor.
    ///
    /// # Errors
    /// As [`Journal::play_card`]; also while a claim waits for its check.
    pub fn play_card(&mut self, card: Card) -> Result<EventId, JournalError> {
        if self.claim.is_some() {
            return Err(JournalError::Finished);
        }
        self.journal.play_card(card)
    }

    /// The learner's side claims `tricks` of the tricks left; the claim is made once the solver has
    /// checked it, by a later [`Game::advance`].
    ///
    /// # Errors
    /// No play in progress, a finished play, more tricks than are left.
    pub fn claim(&mut self, tricks: u8) -> Result<(), JournalError> {
        let state = self.journal.state();
        if state.play().is_none() {
            return Err(JournalError::NotInPlay);
        }
        if state.is_finished() {
            return Err(JournalError::Finished);
        }
        let left = state.tricks_left();
        if left < tricks {
            return Err(JournalError::ClaimTooLarge { claimed: tricks, left });
        }
        self.claim = Some(tricks);
        Ok(())
    }

    /// Moves the cursor back one learner move: to the decision before the learner's last card or claim
    /// (the robots' cards after it are undone with it). `None` when no learner move precedes.
    pub fn undo(&mut self) -> Option<EventId> {
        let target = self.learner_moves().last().and_then(|id| self.journal.event(*id)?.parent)?;
        self.claim = None;
        self.journal.go_to(target).ok()?;
        Some(target)
    }

    /// Moves the cursor forward to the next learner decision along the most recent branch (or its end).
    /// `None` at a leaf.
    pub fn redo(&mut self) -> Option<EventId> {
        let start = self.journal.current();
        self.journal.redo()?;
        self.claim = None;
        // Through the learner's card (or call) and the robots' after it, to the next decision.
        while !Self::is_decision(&self.journal.state()) && self.journal.redo().is_some() {}
        (self.journal.current() != start).then_some(self.journal.current())
    }

    /// Moves the cursor to event `id`: replay from there (the next card starts a new branch), or switch
    /// to the end of another branch.
    ///
    /// # Errors
    /// [`JournalError::UnknownEvent`].
    pub fn go_to(&mut self, id: EventId) -> Result<(), JournalError> {
        self.journal.go_to(id)?;
        self.claim = None;
        Ok(())
    }

    /// Keeps the solver's `values` of `position`, the answer to [`SolverQuestion::Analyse`].
    pub fn answer(&mut self, position: SolverPosition, values: Vec<CardValue>) {
        self.answers.insert(position, values);
    }

    /// Keeps the solver's `best` cards of `position`, the answer to [`SolverQuestion::BestCards`].
    pub fn answer_best_cards(&mut self, position: SolverPosition, best: BestCards) {
        self.answers.insert_best_cards(position, best);
    }

    /// The value of `position` the answers held give, if any (see [`SolverAnswers::value`]): what the
    /// app passes its solver with the question about `position` that [`Game::advance`] names, so the
    /// solver searches at that value only.
    #[must_use]
    pub fn known_value(&self, position: &SolverPosition) -> Option<u8> {
        self.answers.value(position)
    }

    /// Does all that the answers held allow, and names the next question to answer.
    ///
    /// # Errors
    /// An unusable solver answer, or a claim that can no longer be made (it is dropped).
    pub fn advance(&mut self) -> Result<Advance, JournalError> {
        let mut res = Advance::default();
        res.changed |= self.call_robots()?;
        // Advice first on the learner's last card, so its cost shows at once.
        if let Some((card, before)) = self.last_learner_card() {
            if self.need_cost(before, card, &mut res)? {
                return Ok(res);
            }
        }
        if let Some(tricks) = self.claim {
            match self.journal.claim(&mut self.answers, tricks) {
                Ok(_) => {
                    self.claim = None;
                    res.changed = true;
                }
                Err(error) => match self.answers.take_missing() {
                    Some(question) => {
                        res.ask = Some(question);
                        return Ok(res);
                    }
                    None => {
                        self.claim = None;
                        return Err(error);
                    }
                },
            }
        }
        match self.journal.play_robots(&mut self.answers) {
            Ok(played) => res.changed |= !played.is_empty(),
            Err(error) => match self.answers.take_missing() {
                Some(question) => {
                    // The robots' cards played before the miss stay.
                    res.changed = true;
                    res.ask = Some(question);
                    return Ok(res);
                }
                None => return Err(error),
            },
        }
        let state = self.journal.state();
        if state.is_finished() && !state.has_ended() && state.play().is_some() {
            self.journal.end_play()?;
            res.changed = true;
        }
        let current = self.journal.current();
        if self.journal.state().is_learners_turn() && self.need_advice(current, &mut res)? {
            return Ok(res);
        }
        // Older decisions, for the review, the most recent first.
        for (card, before) in self.learner_cards_on_path().into_iter().rev() {
            if self.need_cost(before, card, &mut res)? {
                return Ok(res);
            }
        }
        Ok(res)
    }

    /// Costs the learner's `card` played at the decision `at` (asking for the advice there first) if
    /// its cost is not known and the answers held allow it; `true` when an answer is missing (then
    /// named in `res.ask`).
    fn need_cost(&mut self, at: EventId, card: Card, res: &mut Advance) -> Result<bool, JournalError> {
        let advised = self.journal.advice(at).is_some();
        if self.journal.advice(at).is_some_and(|advice| advice.cost(card).is_some()) {
            return Ok(false);
        }
        match self.journal.cost_of(&mut self.answers, at, card) {
            Ok(_) => {
                res.changed = true;
                Ok(false)
            }
            Err(error) => {
                // The advice may have come even though the card's value did not.
                res.changed |= !advised && self.journal.advice(at).is_some();
                self.ask_missing(error, res)
            }
        }
    }

    /// Attaches advice at the learner's decision `at` if it has none and the answer is held; `true`
    /// when the answer is missing (then named in `res.ask`).
    fn need_advice(&mut self, at: EventId, res: &mut Advance) -> Result<bool, JournalError> {
        if self.journal.advice(at).is_some() {
            return Ok(false);
        }
        match self.journal.advise(&mut self.answers, at) {
            Ok(_) => {
                res.changed = true;
                Ok(false)
            }
            Err(error) => self.ask_missing(error, res),
        }
    }

    /// After `error` from the journal: `true` with the question the answers missed named in
    /// `res.ask`, else the error itself (an unusable answer).
    fn ask_missing(&mut self, error: JournalError, res: &mut Advance) -> Result<bool, JournalError> {
        match self.answers.take_missing() {
            Some(question) => {
                res.ask = Some(question);
                Ok(true)
            }
            None => Err(error),
        }
    }

    /// The learner is to call or to play.
    fn is_decision(state: &TableState) -> bool {
        state.is_learners_turn() || state.is_learners_call()
    }

    /// The learner's moves on the path to the cursor, in order: the `CallMade` events of the
    /// learner's calls, the `CardPlayed` events of the learner's cards and the `Claimed` events.
    #[must_use]
    pub fn learner_moves(&self) -> Vec<EventId> {
        let mut res = Vec::new();
        self.walk_path(|event, before| match event.kind {
            EventKind::CardPlayed { .. } if before.is_learners_turn() => res.push(event.id),
            EventKind::CallMade { .. } if before.is_learners_call() => res.push(event.id),
            EventKind::Claimed { .. } => res.push(event.id),
            _ => {}
        });
        res
    }

    /// The learner's last card on the path to the cursor, with the event
    /// before it: the decision its advice is attached at. `None` before the
    /// learner's first card.
    #[must_use]
    pub fn last_learner_card(&self) -> Option<(Card, EventId)> {
        self.learner_cards_on_path().pop()
    }

    /// Calls `visit` with each event on the path to the cursor (the root left out) and the table
    /// just before it.
    fn walk_path(&self, mut visit: impl FnMut(&Event, &TableState)) {
        let journal = &self.journal;
        let Ok(path) = journal.path(journal.current()) else { return };
        let mut state = TableState::new(journal.play_start());
        for event in path.iter().skip(1).filter_map(|id| journal.event(*id)) {
            visit(event, &state);
            if state.apply(&event.kind).is_err() {
                break;
            }
        }
    }

    /// The learner's cards on the path to the cursor, in play order, each with the decision before it.
    fn learner_cards_on_path(&self) -> Vec<(Card, EventId)> {
        self.learner_moves()
            .into_iter()
            .filter_map(|id| self.journal.event(id))
            .filter_map(|event| match event.kind {
                EventKind::CardPlayed { card } => Some((card, event.parent?)),
                _ => None,
            })
            .collect()
    }
}
