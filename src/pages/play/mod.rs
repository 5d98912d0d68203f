//! The player: a learner plays a board as declarer (declarer's and dummy's
//! cards) or as one defender, against robots whose cards come from the
//! double-dummy solver in its Web Worker.
//!
//! The page holds a `training::Game` and runs its steps: `Game::advance`
//! does what the answers it holds allow and names the position it needs
//! next; the page asks the worker, gives the answer back, and advances
//! again. After every change the journal is stored, so a closed tab resumes
//! exactly where it was. After each of the learner's cards the page shows
//! whether it cost tricks, the best cards on request, and the teacher's
//! comment on that card; undo, redo, replay from any earlier card, the
//! branches and a claim checked by the solver are at hand; the end shows
//! the result against the contract and par, the score, the review trick by
//! trick with the cards that cost tricks, the double-dummy table and the
//! teacher's review.

use std::rc::Rc;

use bridge::{BySeat, Call, Card, Contract, Hand, Penalty, Play, Seat, Side, Strain};
use solver_wasm::{ClientError, ParMsg, PositionMsg, SolverClient, TableMsg};
use training::{
    BestCards, Board, BoardId, CardValue, Collection, CollectionId, CollectionProgress, ContractResult, EventId,
    EventKind, Game, GameResult, Journal, JournalError, MinibridgeContract, PlayOutcome, PlayReview, PlayStart,
    RandomSource, SolverPosition, SolverQuestion, StepKey, TableState, TeachingMode,
};
use ui::{AuctionTable, BidBox, DdTableView, HandView, Strings, TrickView};
use yew::prelude::*;
use yew_router::prelude::*;

use crate::app::{use_app_strings, use_library, Route};
use crate::browser::{now, BrowserRandom};
use crate::library::{Action, Notice};
use crate::solver::{use_solver, SolverHandle};
use crate::store::{self, kept_or_solved, Dealt, Store, StoreError, StoredGame};
use crate::strings::AppStrings;

use super::waiting::Waiting;

mod modes;

#[derive(Properties, PartialEq)]
pub struct PlayPageProps {
    pub id: String,
    /// The collection the board is played in, for progress and the next board.
    #[prop_or_default]
    pub collection: Option<String>,
    /// Told the collection's progress each time playing the board changes
    /// it (the board seen when it opens, the result at the end of play), so
    /// a lesson's dots follow without reading the store again.
    #[prop_or_default]
    pub on_progress: Callback<CollectionProgress>,
}

/// The page at `#/play/ID` and `#/collections/ID/play/BOARD`.
#[component]
pub fn PlayPage(props: &PlayPageProps) -> Html {
    let strings = use_app_strings();
    let ui_strings = ui::use_strings();
    let library = use_library();
    let solver = use_solver();
    let board_id = BoardId(props.id.clone());
    let service = library.service();
    let Some(board) = service.boards.boards.get(&board_id) else {
        let key = if library.has_boards() { "board-missing" } else { "game-loading" };
        return html! {
            <p class="empty">
                { strings.get(key) }{ " " }
                <Link<Route> classes="back" to={Route::Boards}>{ strings.get("back-to-boards") }</Link<Route>>
            </p>
        };
    };
    if !library.has_boards() {
        return html! { <p class="empty">{ strings.get("game-loading") }</p> };
    }
    let collection = props
        .collection
        .as_ref()
        .and_then(|id| service.collections.collections.get(&CollectionId(id.clone())))
        .map(|collection| Rc::new(collection.clone()));
    // The step after this board in the collection, to go on with.
    let next = collection.as_ref().and_then(|collection| {
        let at = collection.position(&StepKey::Board(board_id.clone()))?;
        (at + 1 < collection.steps.len()).then(|| Route::LessonStep { id: collection.id.0.clone(), step: at + 2 })
    });
    // The collection's next board, whose table the player keeps while the learner reads the review.
    let next_board = collection
        .as_ref()
        .and_then(|collection| collection.board_after(&board_id))
        .and_then(|id| service.boards.boards.get(id))
        .map(|board| Rc::new(board.clone()));
    let on_store_error = {
        let library = library.clone();
        Callback::from(move |error: StoreError| library.dispatch(Action::Notify(Notice::Store(error))))
    };
    html! {
        <Player
            key={board_id.0.clone()}
            board={Rc::new(board.clone())}
            store={StoreRef(library.store.clone())}
            {collection}
            {next}
            {next_board}
            strings={strings.clone()}
            {ui_strings}
            {on_store_error}
            on_progress={props.on_progress.clone()}
            {solver}
        />
    }
}

/// A position in the worker's protocol.
fn position_msg(position: &SolverPosition) -> PositionMsg {
    PositionMsg::new(&position.hands, position.trump, position.leader, &position.trick)
}

/// Changes the progress of the collection the board is played in (when
/// there is one and a store), then tells the page the progress stored, or
/// the store's error.
fn update_progress(props: &PlayerProps, change: impl FnOnce(&mut CollectionProgress, &Collection) + 'static) {
    let (Some(store), Some(collection)) = (props.store.0.clone(), props.collection.clone()) else { return };
    let (on_error, on_progress) = (props.on_store_error.clone(), props.on_progress.clone());
    wasm_bindgen_futures::spawn_local(async move {
        match store.update_progress(&collection.id, |progress| change(progress, &collection)).await {
            Ok(progress) => on_progress.emit(progress),
            Err(error) => on_error.emit(error),
        }
    });
}

/// The store, compared by identity.
#[derive(Clone)]
pub struct StoreRef(Option<Rc<Store>>);

impl PartialEq for StoreRef {
    fn eq(&self, other: &StoreRef) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct PlayerProps {
    pub board: Rc<Board>,
    pub store: StoreRef,
    /// The collection the board is played in, for progress.
    pub collection: Option<Rc<Collection>>,
    /// The collection's next step.
    pub next: Option<Route>,
    /// The collection's next board (`Collection::board_after`).
    pub next_board: Option<Rc<Board>>,
    pub strings: Rc<AppStrings>,
    pub ui_strings: Rc<Strings>,
    pub on_store_error: Callback<StoreError>,
    /// See [`PlayPageProps::on_progress`].
    pub on_progress: Callback<CollectionProgress>,
    /// The app's solver worker.
    pub solver: SolverHandle,
}

pub struct Player {
    phase: Phase,
    /// The stored game's id.
    game_id: String,
    /// The question or table asked of the worker and not yet answered. The
    /// page offers to restart the worker when it is late (still waited for
    /// [`SolverHandle::patience`] after it was asked).
    waiting: Waiting,
    /// The board's opening lead, asked of the worker while the learner
    /// reads the auction (`Board::opening_lead`), until it is answered.
    early: Option<SolverPosition>,
    /// Its answer, for the game the learner starts.
    early_best: Option<(SolverPosition, BestCards)>,
    /// Why the solver could not answer, until the learner retries.
    failure: Option<String>,
    /// The solver's worker did not start: no robot card and no advice
    /// until the learner retries (with a new worker).
    unavailable: bool,
    show_best: bool,
    /// The claim being chosen: the tricks for the learner's side.
    claim: Option<u8>,
    /// The game just began or came back: the page shows it from its top
    /// once rendered, so that a phone's screen holds the whole table.
    scroll_to_game: bool,
    table: Option<(TableMsg, ParMsg)>,
    /// Whether `table` was not solved for this page: read from the store
    /// (kept from an earlier solve), or another page's request's answer.
    table_kept: bool,
    /// Where the table of the collection's next board stands (see `keep_next`).
    next_table: NextTable,
    /// The goal the learner is choosing (show trump).
    goal: u8,
    /// The minibridge announcement being chosen.
    announced: Option<MinibridgeContract>,
}

/// Whether the table of the collection's next board is kept.
#[derive(Clone, Copy, PartialEq, Eq)]
enum NextTable {
    NotAsked,
    /// Being read from the store, or solved.
    Asked,
    Kept,
}

enum Phase {
    Loading,
    Choosing,
    /// Boxed: a game with its solver answers is far larger than the other phases.
    Playing(Box<Game>),
}

/// What the worker answered: every card's value, or the best cards only.
pub enum Reply {
    Values(Vec<CardValue>),
    BestCards(BestCards),
}

pub enum Msg {
    /// The board's last game, and its table and par when kept from an
    /// earlier solve.
    Loaded(Option<StoredGame>, Option<(TableMsg, ParMsg)>),
    Start(Seat),
    ChooseGoal(u8),
    /// Starts as declarer aiming at the goal (show trump, and show trump and goal).
    StartWithGoal,
    Announce(MinibridgeContract),
    StartMinibridge,
    StartBidding,
    Call(Call),
    Card(Card),
    Undo,
    Redo,
    GoTo(EventId),
    ToggleBest,
    ChooseClaim(Option<u8>),
    Claim,
    /// The worker's answer to a question of the game.
    Answered(SolverQuestion, Reply),
    /// The worker's best cards of the opening lead, asked early; none
    /// when it could not answer (the game then asks again itself).
    Early(SolverPosition, Option<BestCards>),
    SolverFailed(String),
    /// The worker did not start in time ([`ClientError::Unavailable`]).
    SolverUnavailable,
    /// The question numbered so was asked [`SolverHandle::patience`] ago.
    Late(u64),
    Retry,
    /// The board's table and par, and whether they were kept (read from the
    /// store, or asked by another page; else the worker solved them for this one).
    Table(TableMsg, ParMsg, bool),
    /// The board's table asked ahead of the review did not come.
    TableAheadFailed,
    /// The table of the collection's next board is kept.
    NextKept,
    NewGame,
}

impl Component for Player {
    type Message = Msg;
    type Properties = PlayerProps;

    fn create(ctx: &Context<Self>) -> Player {
        let props = ctx.props();
        match props.store.0.clone() {
            Some(store) => {
                let board = props.board.id.clone();
                let dealt = Dealt::of(props.board.game());
                let reader = store.clone();
                ctx.link().send_future(async move {
                    let last = reader.games_of(&board).await.ok().and_then(|(games, _)| games.into_iter().next());
                    // A store that cannot be read: the worker solves it at the end.
                    let kept = reader.solved(&dealt).await.ok().flatten();
                    Msg::Loaded(last, kept)
                });
                let board = props.board.id.clone();
                update_progress(props, move |progress, collection| progress.saw(collection, StepKey::Board(board)));
            }
            None => ctx.link().send_message(Msg::Loaded(None, None)),
        }
        Player {
            phase: Phase::Loading,
            game_id: String::new(),
            waiting: Waiting::default(),
            early: None,
            early_best: None,
            failure: None,
            unavailable: false,
            show_best: false,
            claim: None,
            scroll_to_game: false,
            table: None,
            table_kept: false,
            next_table: NextTable::NotAsked,
            goal: 7,
            announced: None,
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let props = ctx.props();
        match msg {
            Msg::Loaded(stored, kept) => {
                if kept.is_some() {
                    self.table = kept;
                    self.table_kept = true;
                }
                self.phase = match stored {
                    Some(stored) => {
                        self.game_id = stored.id;
                        self.scroll_to_game = true;
                        Phase::Playing(Box::new(
                            Game::new(stored.journal).following(props.board.game().auction().calls()),
                        ))
                    }
                    None => {
                        self.ask_early(ctx);
                        Phase::Choosing
                    }
                };
                self.step(ctx, false);
            }
            Msg::Start(learner) => {
                let start = PlayStart::from_board(&props.board, learner, &mut BrowserRandom);
                self.begin(ctx, start);
            }
            Msg::ChooseGoal(goal) => self.goal = goal,
            Msg::StartWithGoal => {
                let board = &props.board;
                let goal = board.metadata.teaching_mode.given_goal().unwrap_or(self.goal);
                let start = PlayStart::from_board(board, board.game().declarer(), &mut BrowserRandom);
                self.begin(ctx, start.map(|start| start.with_goal(goal)));
            }
            Msg::Announce(announced) => self.announced = Some(announced),
            Msg::StartMinibridge => {
                let Some(announced) = self.announced else { return false };
                let start = PlayStart::minibridge_from_board(&props.board, announced, &mut BrowserRandom);
                self.begin(ctx, Ok(start));
            }
            Msg::StartBidding => {
                let board = &props.board;
                let start = PlayStart::bidding_from_board(board, board.game().player(), &mut BrowserRandom);
                self.begin(ctx, Ok(start));
            }
            Msg::Call(call) => {
                let Phase::Playing(game) = &mut self.phase else { return false };
                match game.make_call(call) {
                    Ok(_) => self.step(ctx, true),
                    Err(error) => self.failure = Some(error.to_string()),
                }
            }
            Msg::Card(card) => {
                let Phase::Playing(game) = &mut self.phase else { return false };
                match game.play_card(card) {
                    Ok(_) => {
                        self.show_best = false;
                        self.step(ctx, true);
                    }
                    Err(error) => self.failure = Some(error.to_string()),
                }
            }
            Msg::Undo | Msg::Redo | Msg::GoTo(_) => {
                let Phase::Playing(game) = &mut self.phase else { return false };
                let moved = match msg {
                    Msg::Undo => game.undo().is_some(),
                    Msg::Redo => game.redo().is_some(),
                    Msg::GoTo(id) => game.go_to(id).is_ok(),
                    _ => false,
                };
                if !moved {
                    return false;
                }
                self.show_best = false;
                self.claim = None;
                self.step(ctx, true);
            }
            Msg::ToggleBest => self.show_best = !self.show_best,
            Msg::ChooseClaim(tricks) => self.claim = tricks,
            Msg::Claim => {
                let (Phase::Playing(game), Some(tricks)) = (&mut self.phase, self.claim.take()) else { return false };
                match game.claim(tricks) {
                    Ok(()) => self.step(ctx, false),
                    Err(error) => self.failure = Some(error.to_string()),
                }
            }
            Msg::Answered(question, reply) => {
                self.waiting.answered(&question);
                let Phase::Playing(game) = &mut self.phase else { return false };
                let position = question.position().clone();
                match reply {
                    Reply::Values(values) => game.answer(position, values),
                    Reply::BestCards(best) => game.answer_best_cards(position, best),
                }
                self.step(ctx, false);
                self.keep_table(ctx);
            }
            Msg::Early(position, best) => {
                if self.early.as_ref() != Some(&position) {
                    return false;
                }
                self.early = None;
                // A game waiting for it takes it (or asks again when it failed).
                if self.waiting.question().is_some_and(|question| question.position() == &position) {
                    self.waiting.stop_asking();
                }
                if let Some(best) = best {
                    if let Phase::Playing(game) = &mut self.phase {
                        game.answer_best_cards(position.clone(), best.clone());
                    }
                    self.early_best = Some((position, best));
                }
                self.step(ctx, false);
                if self.early_best.is_some() {
                    self.keep_table(ctx);
                }
            }
            Msg::SolverFailed(detail) => {
                self.waiting.stop_asking();
                self.failure = Some(detail);
            }
            Msg::SolverUnavailable => {
                self.waiting.stop_asking();
                self.unavailable = true;
            }
            Msg::Late(asked) => {
                self.waiting.remind(asked);
                return self.waits_too_long();
            }
            Msg::Retry => {
                self.failure = None;
                self.unavailable = false;
                // Asked again of the new worker (the old one's answers, if
                // they ever come, are dropped with it), the table too.
                self.waiting.forget();
                ctx.props().solver.restart();
                self.early = None;
                self.step(ctx, false);
            }
            Msg::Table(table, par, kept) => {
                self.waiting.table_came();
                self.table = Some((table, par));
                self.table_kept = kept;
                // The next board's table once this game is over (the review's
                // time); this one's may come ahead, during the play.
                if matches!(&self.phase, Phase::Playing(game) if game.journal().state().has_ended()) {
                    self.keep_next(ctx);
                }
            }
            Msg::TableAheadFailed => {
                // The review waits for it: asked again, its failure shown this time.
                if self.waiting.ahead_failed() {
                    self.request_table(ctx, false);
                }
                return false;
            }
            Msg::NextKept => self.next_table = NextTable::Kept,
            Msg::NewGame => {
                self.phase = Phase::Choosing;
                self.waiting.stop_asking();
                self.failure = None;
                self.ask_early(ctx);
            }
        }
        true
    }

    fn rendered(&mut self, _ctx: &Context<Self>, _first_render: bool) {
        if std::mem::take(&mut self.scroll_to_game) {
            // The contract line, the table, the status and the controls:
            // 540 px, within a 360×640 phone's screen below the browser's bar.
            crate::browser::scroll_to_top_of("article.player section.game");
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let props = ctx.props();
        let strings = &props.strings;
        let board = &props.board;
        let name = if board.metadata.name.is_empty() { board.code().to_owned() } else { board.metadata.name.clone() };
        let back = match &props.collection {
            Some(collection) => html! {
                <Link<Route> classes="back" to={Route::Collection { id: collection.id.0.clone() }}>{ strings.get("back-to-collection") }</Link<Route>>
            },
            None => html! {
                <Link<Route> classes="back" to={Route::Board { id: board.id.0.clone() }}>{ strings.get("back-to-board") }</Link<Route>>
            },
        };
        let body = match &self.phase {
            Phase::Loading => html! { <p class="empty">{ strings.get("game-loading") }</p> },
            Phase::Choosing => self.view_choosing(ctx),
            Phase::Playing(game) => self.view_game(ctx, game),
        };
        html! {
            <article class="player" data-board={board.id.0.clone()}>
                <h2>{ name }</h2>
                if self.unavailable {
                    <p class="error solver-unavailable" role="alert">
                        { strings.get("game-solver-unavailable") }{ " " }
                        <button class="retry" onclick={ctx.link().callback(|_| Msg::Retry)}>{ strings.get("retry") }</button>
                    </p>
                } else if let Some(failure) = &self.failure {
                    <p class="error solver-failed" role="alert">
                        { format!("{} ({failure})", strings.get("game-solver-failed")) }{ " " }
                        <button class="retry" onclick={ctx.link().callback(|_| Msg::Retry)}>{ strings.get("retry") }</button>
                    </p>
                }
                { body }
                <p class="player-back">{ back }</p>
            </article>
        }
    }
}

impl Player {
    /// Starts a new game from `start`, stored under a new id.
    fn begin(&mut self, ctx: &Context<Self>, start: Result<PlayStart, JournalError>) {
        match start.and_then(Journal::start) {
            Ok(journal) => {
                let board = &ctx.props().board;
                self.game_id = store::new_game_id(&board.id, now(), BrowserRandom.next_u64() >> 32);
                let mut game = Game::new(journal).following(board.game().auction().calls());
                if let Some((position, best)) = &self.early_best {
                    // The opening lead's best cards: the first question of
                    // any game of the board.
                    game.answer_best_cards(position.clone(), best.clone());
                }
                self.phase = Phase::Playing(Box::new(game));
                self.scroll_to_game = true;
                self.show_best = false;
                self.claim = None;
                self.step(ctx, true);
            }
            Err(error) => self.failure = Some(error.to_string()),
        }
    }

    /// Advances the game as far as the answers held allow; stores the journal
    /// when it changed (or when `moved` says the cursor did), asks the worker
    /// for the next position, records the progress at the end of the play,
    /// and asks for the board's table once the game needs nothing more.
    fn step(&mut self, ctx: &Context<Self>, moved: bool) {
        let Phase::Playing(game) = &mut self.phase else { return };
        let was_ended = game.journal().state().has_ended();
        let advance = match game.advance() {
            Ok(advance) => advance,
            Err(error) => {
                self.failure = Some(error.to_string());
                return;
            }
        };
        let journal = game.journal().clone();
        let state = journal.state();
        // The game's verdict, when this step ended it.
        let ended = (!was_ended && state.has_ended()).then(|| game.solved().unwrap_or(false));
        if advance.changed || moved {
            self.save(ctx, &journal);
        }
        if let Some(solved) = ended {
            self.record_progress(ctx, &state, solved);
        }
        match advance.ask {
            Some(question) => self.ask(ctx, question),
            None => {
                self.waiting.stop_asking();
                if state.has_ended() && self.table.is_none() && !self.waiting.waits_for_table() {
                    self.ask_table(ctx);
                } else if state.has_ended() && self.table.is_some() {
                    self.keep_next(ctx);
                }
            }
        }
    }

    fn save(&self, ctx: &Context<Self>, journal: &Journal) {
        let props = ctx.props();
        let Some(store) = props.store.0.clone() else { return };
        let (id, journal, on_error) = (self.game_id.clone(), journal.clone(), props.on_store_error.clone());
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(error) = store.put_game(&id, &journal, now()).await {
                on_error.emit(error);
            }
        });
    }

    fn record_progress(&self, ctx: &Context<Self>, state: &TableState, solved: bool) {
        let Some(result) = GameResult::of(state) else { return };
        let board = ctx.props().board.id.clone();
        update_progress(ctx.props(), move |progress, collection| {
            progress.saw(collection, StepKey::Board(board.clone()));
            progress.finished(&board, result, solved);
        });
    }

    /// Asks the worker `question`: a position's best cards (the advice,
    /// a claim, the robots' cards, a learner card's cost from the position
    /// it reaches), or every card's value, as the game needs.
    fn ask(&mut self, ctx: &Context<Self>, question: SolverQuestion) {
        let Some(number) = self.waiting.ask(question.clone()) else { return };
        self.remind_later(ctx, number);
        if self.early.as_ref() == Some(question.position()) {
            // Asked already, while the learner read the auction: its
            // best cards come with `Msg::Early`.
            return;
        }
        // The position's value, when an answer about the position before
        // gives it: the worker then does a third to a half less work.
        let value = match &self.phase {
            Phase::Playing(game) => game.known_value(question.position()),
            _ => None,
        }
        .or_else(|| self.kept_value(ctx, question.position()));
        // Either question's answer, as one kind of future.
        let reply: std::pin::Pin<Box<dyn std::future::Future<Output = Result<Reply, ClientError>>>> = match &question {
            SolverQuestion::Analyse(position) => {
                let answer = Self::analyse(ctx, position, value);
                Box::pin(async move { answer.await.map(Reply::Values) })
            }
            SolverQuestion::BestCards(position) => {
                let answer = Self::best_cards(ctx, position, value);
                Box::pin(async move { answer.await.map(Reply::BestCards) })
            }
        };
        ctx.link().send_future_batch(async move {
            match reply.await {
                Ok(reply) => vec![Msg::Answered(question, reply)],
                Err(error) => Player::failed(error),
            }
        });
    }

    /// Has the page reminded of the question or table numbered `number`
    /// once [`SolverHandle::patience`] has gone by (`Msg::Late`).
    fn remind_later(&self, ctx: &Context<Self>, number: u64) {
        let patience = ctx.props().solver.patience();
        ctx.link().send_future(async move {
            yew::platform::time::sleep(patience).await;
            Msg::Late(number)
        });
    }

    /// Whether what the page waits for is late, and no failure is shown
    /// instead (its retry restarts the worker too).
    fn waits_too_long(&self) -> bool {
        self.waiting.is_late() && self.failure.is_none() && !self.unavailable
    }

    /// Asks the worker the best cards of the board's opening lead while the
    /// learner reads the auction, so that the first robot card or advice of
    /// the game is ready when play starts (the slowest answer of a game).
    fn ask_early(&mut self, ctx: &Context<Self>) {
        if self.early_best.is_some() || self.early.is_some() {
            return;
        }
        let Some(position) = ctx.props().board.opening_lead() else { return };
        let answer = Self::best_cards(ctx, &position, self.kept_value(ctx, &position));
        self.early = Some(position.clone());
        ctx.link().send_future(async move { Msg::Early(position, answer.await.ok()) });
    }

    /// The value of `position` when it is the board's opening lead and the
    /// board's table is known (kept from an earlier solve, or solved at the
    /// end of a game): the worker then skips the tests above it.
    fn kept_value(&self, ctx: &Context<Self>, position: &SolverPosition) -> Option<u8> {
        let (table, _) = self.table.as_ref()?;
        ctx.props().board.opening_lead_value(position, |strain, declarer| table.tricks(strain, declarer))
    }

    /// The app's solver worker (see [`SolverHandle`]).
    fn client(ctx: &Context<Self>) -> SolverClient {
        ctx.props().solver.client()
    }

    /// Asks the worker the value of every legal card of `position`, whose
    /// own value may be known.
    fn analyse(
        ctx: &Context<Self>,
        position: &SolverPosition,
        value: Option<u8>,
    ) -> impl std::future::Future<Output = Result<Vec<CardValue>, ClientError>> + 'static {
        let answer = Self::client(ctx).analyse(position_msg(position).knowing(value));
        async move {
            answer.await.map(|values| {
                values.into_iter().map(|value| CardValue { card: value.card, tricks: value.tricks }).collect()
            })
        }
    }

    /// Asks the worker the best cards of `position`, whose own value may be
    /// known.
    fn best_cards(
        ctx: &Context<Self>,
        position: &SolverPosition,
        value: Option<u8>,
    ) -> impl std::future::Future<Output = Result<BestCards, ClientError>> + 'static {
        let answer = Self::client(ctx).best_cards(position_msg(position).knowing(value));
        async move { answer.await.map(|(tricks, cards)| BestCards { tricks, cards }) }
    }

    /// What the page does when the worker gave no answer.
    fn failed(error: ClientError) -> Vec<Msg> {
        match error {
            // A newer question replaced it; its answer comes instead.
            ClientError::Stale => Vec::new(),
            // The learner restarted the worker (`Msg::Retry`), and the page
            // asked the new one again.
            ClientError::WorkerGone => Vec::new(),
            ClientError::Unavailable => vec![Msg::SolverUnavailable],
            error => vec![Msg::SolverFailed(error.to_string())],
        }
    }

    /// Once the play is over and this board's table is in, while the
    /// learner reads the review: makes sure the table of the collection's
    /// next board is kept, so that its review needs no worker and its
    /// opening lead goes to the worker with its value. Once per page; once
    /// asked, the table is kept even when the learner moves on before it
    /// comes (the app's worker outlives the page, see [`SolverHandle`]).
    fn keep_next(&mut self, ctx: &Context<Self>) {
        let props = ctx.props();
        let (Some(next), Some(store)) = (props.next_board.clone(), props.store.0.clone()) else { return };
        let game = next.game();
        if self.next_table != NextTable::NotAsked || !game.deal().is_complete() {
            return;
        }
        self.next_table = NextTable::Asked;
        let answer = kept_or_solved(props.solver.clone(), Some(store), Dealt::of(game));
        ctx.link().send_future_batch(async move {
            match answer.await {
                Ok(_) => vec![Msg::NextKept],
                Err(_) => Vec::new(),
            }
        });
    }

    /// Once the worker has answered the page's first question (the opening
    /// lead, asked while the learner reads the auction): solves and keeps
    /// the board's table unless it is kept already, so that the review
    /// shows it at once and the next game's opening lead goes to the worker
    /// with its value. The worker answers the play's questions between the
    /// table's steps (a declarer in a strain; on the pool, while its threads
    /// solve the table), and the learner reads the auction and thinks over
    /// each card meanwhile. Asked once per page. A game that ends before it comes
    /// waits for this request ([`Player::ask_table`]); its failure shows
    /// nothing until then, when the table is asked again and a failure shown.
    fn keep_table(&mut self, ctx: &Context<Self>) {
        let props = ctx.props();
        if self.table.is_some() || !props.board.game().deal().is_complete() || !self.waiting.ask_ahead() {
            return;
        }
        self.request_table(ctx, true);
    }

    /// The board's table, once a game has ended, waited for as a question
    /// is: the request asked ahead when there is one, else a new one.
    fn ask_table(&mut self, ctx: &Context<Self>) {
        let number = self.waiting.ask_table();
        self.remind_later(ctx, number);
        if !self.waiting.ahead_pending() {
            self.request_table(ctx, false);
        }
    }

    /// Asks for the board's table: from the store when it was kept since
    /// the page read it (the collection's previous board solved it during
    /// its review), else from the worker, and then kept. A failure is the
    /// review's to show, unless the table is asked `ahead` of it.
    fn request_table(&self, ctx: &Context<Self>, ahead: bool) {
        let props = ctx.props();
        // On the app's worker when not kept: a table is not made stale by
        // the play's questions (`solver_wasm::Lane`), so going back after
        // the end does not lose it. Kept for the next game and the board page.
        let answer = kept_or_solved(props.solver.clone(), props.store.0.clone(), Dealt::of(props.board.game()));
        ctx.link().send_future_batch(async move {
            match answer.await {
                Ok((table, par, kept)) => vec![Msg::Table(table, par, kept)],
                Err(_) if ahead => vec![Msg::TableAheadFailed],
                // Shown as a question's failure, with its retry.
                Err(error) => Player::failed(error),
            }
        });
    }

    /// The auction with its comments, and the seats the learner may take.
    fn view_choosing(&self, ctx: &Context<Self>) -> Html {
        let props = ctx.props();
        let strings = &props.strings;
        let ui_strings = &props.ui_strings;
        let game = props.board.game();
        let locale = strings.locale();
        let auction = game.auction();
        let mode = props.board.metadata.teaching_mode;
        if mode == TeachingMode::Minibridge {
            return html! {
                <modes::MinibridgeChoice board={props.board.clone()} chosen={self.announced}
                    strings={props.strings.clone()} ui_strings={props.ui_strings.clone()}
                    on_choose={ctx.link().callback(Msg::Announce)}
                    on_start={ctx.link().callback(|()| Msg::StartMinibridge)} />
            };
        }
        if mode == TeachingMode::BiddingPractice {
            let learner = game.player();
            return html! {
                <section class="choose-seat bidding-choice" data-learner={learner.to_char().to_string()}>
                    <p class="bidding-you">{ strings.get("bidding-you").replace("{seat}", ui_strings.seat(learner)) }</p>
                    <HandView seat={learner} hand={game.deal().hands()[learner]} />
                    <div class="seat-choice">
                        <button class="primary play-bidding" onclick={ctx.link().callback(|_| Msg::StartBidding)}>
                            { strings.get("bidding-start") }
                        </button>
                    </div>
                </section>
            };
        }
        let (Some(contract), Some(declarer)) = (auction.contract(), auction.declarer()) else {
            return html! { <p class="empty no-contract">{ strings.get("game-no-contract") }</p> };
        };
        if let TeachingMode::ShowTrump | TeachingMode::ShowTrumpAndGoal { .. } = mode {
            let tricks = u8::try_from(props.board.derived().hand_len).unwrap_or(13);
            return html! {
                <modes::GoalChoice strain={contract.strain()} given={mode.given_goal()} {tricks} chosen={self.goal.min(tricks)} {declarer}
                    strings={props.strings.clone()} ui_strings={props.ui_strings.clone()}
                    on_choose={ctx.link().callback(Msg::ChooseGoal)}
                    on_start={ctx.link().callback(|()| Msg::StartWithGoal)} />
            };
        }
        let comments: Vec<(usize, Seat, String, String)> = auction
            .calls()
            .iter()
            .zip(game.call_comments())
            .enumerate()
            .filter_map(|(idx, (call, comment))| {
                let text = comment.for_reader(&locale)?.to_plain(&locale);
                Some((idx, auction.seat_of(idx), ctx.props().ui_strings.call_text(*call), text))
            })
            .collect();
        let start = |seat: Seat| ctx.link().callback(move |_| Msg::Start(seat));
        let seat_name = |seat: Seat| ui_strings.seat(seat).to_owned();
        html! {
            <section class="choose-seat">
                <p class="game-contract">{ contract_line(strings, ui_strings, contract, declarer) }</p>
                if mode.shows_auction() {
                    <AuctionTable dealer={game.dealer()} calls={auction.calls().to_vec()} />
                }
                if mode.shows_auction() && !comments.is_empty() {
                    <dl class="call-comments">
                        { for comments.into_iter().map(|(idx, seat, call, comment)| html! {
                            <>
                                <dt data-call-index={idx.to_string()}>{ format!("{} {call}", ui_strings.seat(seat)) }</dt>
                                <dd>{ comment }</dd>
                            </>
                        }) }
                    </dl>
                }
                <div class="seat-choice">
                    <button class="primary play-declarer" onclick={start(declarer)}>
                        { strings.get("game-as-declarer").replace("{seat}", &seat_name(declarer)) }
                    </button>
                    { for [declarer.next(), declarer.prev()].into_iter().map(|seat| html! {
                        <button class="play-defender" data-seat={seat.to_char().to_string()} onclick={start(seat)}>
                            { strings.get("game-as-defender").replace("{seat}", &seat_name(seat)) }
                        </button>
                    }) }
                </div>
            </section>
        }
    }

    fn view_game(&self, ctx: &Context<Self>, game: &Game) -> Html {
        let props = ctx.props();
        let strings = &props.strings;
        let ui_strings = &props.ui_strings;
        let link = ctx.link();
        let journal = game.journal();
        let state = journal.state();
        if state.play().is_none() && state.auction().is_some() {
            return self.view_bidding(ctx, game, &state);
        }
        let (Some(play), Some(contract), Some(declarer)) = (state.play(), state.contract(), state.declarer()) else {
            return html! { <p class="empty no-contract">{ strings.get("game-no-contract") }</p> };
        };
        let learner = state.learner();
        let dummy = declarer.partner();
        let bottom = if learner.side() == declarer.side() { declarer } else { learner };
        let started = play.cards().count() > 0;
        let finished = state.is_finished();
        let to_play = state.next_player();
        let learners_turn = state.is_learners_turn() && game.pending_claim().is_none();
        let visible = |seat: Seat| finished || state.is_learner(seat) || (seat == dummy && started);
        let panel = |seat: Seat, place: &'static str| {
            let hand = play.remaining()[seat];
            let classes = classes!(
                "seat-panel",
                place,
                (seat == dummy).then_some("dummy"),
                (to_play == Some(seat)).then_some("to-play")
            );
            if visible(seat) {
                let playable = if learners_turn && to_play == Some(seat) { play.legal_cards() } else { Hand::EMPTY };
                html! {
                    <div class={classes}>
                        <HandView {seat} {hand} {playable} on_card={link.callback(Msg::Card)} />
                    </div>
                }
            } else {
                html! {
                    <div class={classes}>
                        <div class="hand hidden" data-seat={seat.to_char().to_string()}>
                            <div class="hand-seat">{ ui_strings.seat(seat).to_owned() }</div>
                            <div class="hidden-count">{ strings.get("game-cards-left").replace("{n}", &hand.len().to_string()) }</div>
                        </div>
                    </div>
                }
            }
        };
        // The trick in progress, or the one just completed while the next is empty.
        let (shown_trick, winner) = match (play.current_trick().cards.is_empty(), play.tricks().last()) {
            (true, Some(last)) => (last.clone(), last.winner(play.trump())),
            _ => (play.current_trick().clone(), None),
        };
        let declarer_won = play.tricks_won(declarer.side());
        let defence_won = play.tricks_won(declarer.side().opponents());
        let status = if finished {
            strings.get("game-over")
        } else if learners_turn {
            strings.get("game-your-turn").replace("{seat}", ui_strings.seat(to_play.unwrap_or(bottom)))
        } else if self.unavailable {
            strings.get("game-robots-stopped")
        } else if game.pending_claim().is_some() {
            strings.get("game-checking-claim")
        } else {
            strings.get("game-robots-thinking")
        };
        html! {
            <section class="game" data-cards={play.cards().count().to_string()} data-learner={learner.to_char().to_string()} data-state={if finished { "finished" } else if learners_turn { "your-turn" } else { "waiting" }}>
                <p class="game-contract">
                    { match modes::playing_line(strings, props.board.metadata.teaching_mode, contract, journal.play_start().goal) {
                        Some(line) if !finished => line,
                        _ => contract_line(strings, ui_strings, contract, declarer),
                    } }
                    <span class="game-tricks" data-declarer={declarer_won.to_string()} data-defence={defence_won.to_string()}>
                        { format!(" · {}", strings.get("game-tricks")
                            .replace("{declarer}", &declarer_won.to_string())
                            .replace("{defence}", &defence_won.to_string())) }
                    </span>
                </p>
                <div class="table-layout">
                    { panel(bottom.partner(), "top") }
                    { panel(bottom.next(), "left") }
                    <div class={classes!("table-centre", format!("rot-{}", bottom.to_char().to_ascii_lowercase()))}><TrickView trick={shown_trick.clone()} {winner} /></div>
                    { panel(bottom.prev(), "right") }
                    { panel(bottom, "bottom") }
                </div>
                <p class="game-status" aria-live="polite">{ status }</p>
                if self.waits_too_long() {
                    { super::solver_late_notice(strings, "game-solver-late", ctx.link().callback(|_| Msg::Retry)) }
                }
                if state.auction().is_some() {
                    { modes::bidding_score(strings, &game.call_verdicts()) }
                }
                { self.view_feedback(ctx, game) }
                { self.view_card_comments(ctx, play, &state) }
                { self.view_controls(ctx, game, &state) }
                if state.has_ended() {
                    { self.view_end(ctx, game, &state) }
                }
                { self.view_history(ctx, game) }
            </section>
        }
    }

    /// Bidding practice before the play: the auction so far, the learner's
    /// hand, the bid box at the learner's turn, the verdict on the last call
    /// with the teacher's comment, the score, and undo.
    fn view_bidding(&self, ctx: &Context<Self>, game: &Game, state: &TableState) -> Html {
        let props = ctx.props();
        let strings = &props.strings;
        let ui_strings = &props.ui_strings;
        let Some(auction) = state.auction() else { return html! {} };
        let learner = state.learner();
        let verdicts = game.call_verdicts();
        let locale = strings.locale();
        let comment = |index: usize| {
            props
                .board
                .game()
                .call_comments()
                .get(index)
                .and_then(|text| text.for_reader(&locale))
                .map(|text| text.to_plain(&locale))
        };
        let last = verdicts.last().copied();
        let passed_out = auction.is_passed_out();
        html! {
            <section class="game bidding" data-learner={learner.to_char().to_string()}
                data-calls={auction.calls().len().to_string()}
                data-state={if passed_out { "finished" } else if state.is_learners_call() { "your-call" } else { "waiting" }}>
                <p class="bidding-you">{ strings.get("bidding-you").replace("{seat}", ui_strings.seat(learner)) }</p>
                <AuctionTable dealer={auction.dealer()} calls={auction.calls().to_vec()} />
                <HandView seat={learner} hand={game.journal().play_start().deal.hands()[learner]} />
                if let Some(verdict) = last {
                    { modes::call_feedback(strings, &verdict, comment(verdict.index)) }
                }
                { modes::bidding_score(strings, &verdicts) }
                if state.is_learners_call() {
                    <BidBox auction={auction.clone()} on_call={ctx.link().callback(Msg::Call)} />
                }
                if passed_out {
                    <p class="passed-out">{ strings.get("bidding-passed-out") }</p>
                    <button class="primary new-game" onclick={ctx.link().callback(|_| Msg::NewGame)}>{ strings.get("game-again") }</button>
                }
                <div class="game-controls">
                    <button class="undo" disabled={game.learner_moves().is_empty()} onclick={ctx.link().callback(|_| Msg::Undo)}>
                        { strings.get("undo") }
                    </button>
                </div>
            </section>
        }
    }

    /// Whether the learner's last card cost tricks, and the best cards on request.
    fn view_feedback(&self, ctx: &Context<Self>, game: &Game) -> Html {
        let strings = &ctx.props().strings;
        let journal = game.journal();
        let refused_claim = match journal.event(journal.current()).map(|event| &event.kind) {
            Some(EventKind::Claimed { tricks, accepted: false }) => Some(*tricks),
            _ => None,
        };
        let feedback = game.last_learner_card().map(|(card, decision)| {
            let label = ctx.props().ui_strings.card_label(card);
            // The advice there and the card's cost: a card outside the best
            // cards is costed once the position it reaches is valued.
            let costed = journal.advice(decision).and_then(|advice| advice.cost(card).map(|cost| (advice, cost)));
            match costed {
                None if self.unavailable => html! {
                    <p class="card-feedback no-advice">{ strings.get("game-no-advice").replace("{card}", &label) }</p>
                },
                None => html! { <p class="card-feedback checking">{ strings.get("game-checking").replace("{card}", &label) }</p> },
                Some((advice, cost)) => {
                    let text = match cost {
                        0 => strings.get("game-card-best").replace("{card}", &label),
                        1 => strings.get("game-card-cost-one").replace("{card}", &label),
                        n => strings.get("game-card-cost").replace("{card}", &label).replace("{n}", &n.to_string()),
                    };
                    let best: Vec<String> = advice.best_cards().into_iter().map(|card| ctx.props().ui_strings.card_label(card)).collect();
                    html! {
                        <div class={classes!("card-feedback", if cost == 0 { "best" } else { "cost" })} data-cost={cost.to_string()}>
                            <p>{ text }</p>
                            if self.show_best {
                                <p class="best-cards">{ strings.get("game-best-cards").replace("{cards}", &best.join(" ")) }</p>
                            } else {
                                <button class="show-best" onclick={ctx.link().callback(|_| Msg::ToggleBest)}>
                                    { strings.get("game-show-best") }
                                </button>
                            }
                        </div>
                    }
                }
            }
        });
        html! {
            <>
                if let Some(tricks) = refused_claim {
                    <p class="claim-refused" role="status">{ strings.get("game-claim-refused").replace("{n}", &tricks.to_string()) }</p>
                }
                // Announced as it comes, like the status above.
                <div class="card-feedback-live" aria-live="polite">{ for feedback }</div>
            </>
        }
    }

    /// The teacher's comments the learner reads now, in the interface's
    /// language (`BoardGame::comments_shown`).
    fn view_card_comments(&self, ctx: &Context<Self>, play: &Play, state: &TableState) -> Html {
        let props = ctx.props();
        let locale = props.strings.locale();
        let comments: Vec<(Card, String)> = props
            .board
            .game()
            .comments_shown(play, |seat| state.is_learner(seat))
            .into_iter()
            .filter_map(|(card, comment)| Some((card, comment.for_reader(&locale)?.to_plain(&locale))))
            .collect();
        if comments.is_empty() {
            return html! {};
        }
        html! {
            <dl class="card-comments teacher">
                { for comments.into_iter().map(|(card, text)| html! {
                    <>
                        <dt data-card={card.to_string()}>{ ctx.props().ui_strings.card_label(card) }</dt>
                        <dd>{ text }</dd>
                    </>
                }) }
            </dl>
        }
    }

    fn view_controls(&self, ctx: &Context<Self>, game: &Game, state: &TableState) -> Html {
        let strings = &ctx.props().strings;
        let link = ctx.link();
        let journal = game.journal();
        let can_undo = !game.learner_moves().is_empty();
        let can_redo = !journal.children(journal.current()).is_empty();
        let can_claim = !state.is_finished() && game.pending_claim().is_none() && state.play().is_some();
        let left = state.tricks_left();
        html! {
            <div class="game-controls">
                <button class="undo" disabled={!can_undo} onclick={link.callback(|_| Msg::Undo)}>{ strings.get("undo") }</button>
                <button class="redo" disabled={!can_redo} onclick={link.callback(|_| Msg::Redo)}>{ strings.get("redo") }</button>
                if can_claim {
                    if let Some(chosen) = self.claim {
                        <label class="claim-count">
                            { strings.get("game-claim-tricks") }
                            <select onchange={link.callback(|event: Event| {
                                let value = event.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
                                Msg::ChooseClaim(value.parse().ok())
                            })}>
                                { for (0..=left).map(|n| html! {
                                    <option value={n.to_string()} selected={n == chosen}>{ n.to_string() }</option>
                                }) }
                            </select>
                        </label>
                        <button class="primary claim-confirm" onclick={link.callback(|_| Msg::Claim)}>
                            { strings.get("game-claim-confirm") }
                        </button>
                        <button class="claim-cancel" onclick={link.callback(|_| Msg::ChooseClaim(None))}>{ strings.get("cancel") }</button>
                    } else {
                        <button class="claim" onclick={link.callback(move |_| Msg::ChooseClaim(Some(left)))}>
                            { strings.get("game-claim") }
                        </button>
                    }
                }
            </div>
        }
    }

    /// Every trick on the path to the cursor, the learner's cards with what
    /// they cost and a "replay from here"; and the branches, to switch.
    fn view_history(&self, ctx: &Context<Self>, game: &Game) -> Html {
        let strings = &ctx.props().strings;
        let ui_strings = &ctx.props().ui_strings;
        let link = ctx.link();
        let journal = game.journal();
        let Ok(review) = journal.review(journal.current()) else { return html! {} };
        let branches = journal.branch_summaries();
        html! {
            <>
                if !review.tricks.is_empty() {
                    <details class="game-history">
                        <summary>{ strings.get("game-history") }</summary>
                        <ol class="history-tricks">
                            { for review.tricks.iter().map(|trick| html! {
                                <li>
                                    { for trick.cards.iter().map(|played| {
                                        let decision = journal.event(played.event).and_then(|event| event.parent);
                                        let cost = played.cost.filter(|cost| *cost > 0);
                                        html! {
                                            <span
                                                class={classes!("history-card", played.by_learner.then_some("learner"), cost.map(|_| "cost"), (trick.winner == Some(played.seat)).then_some("winner"))}
                                                data-card={played.card.to_string()}
                                                title={ui_strings.seat(played.seat).to_owned()}
                                            >
                                                { ui_strings.card_label(played.card) }
                                                if let Some(cost) = cost {
                                                    <sup class="cost-mark">{ format!("−{cost}") }</sup>
                                                }
                                                if let (true, Some(decision)) = (played.by_learner, decision) {
                                                    <button
                                                        class="replay-from"
                                                        title={strings.get("game-replay-from")}
                                                        aria-label={format!("{} {}", strings.get("game-replay-from"), ui_strings.card_label(played.card))}
                                                        onclick={link.callback(move |_| Msg::GoTo(decision))}
                                                    >{ "↺" }</button>
                                                }
                                            </span>
                                        }
                                    }) }
                                </li>
                            }) }
                        </ol>
                    </details>
                }
                if branches.len() > 1 {
                    <details class="game-branches" open=true>
                        <summary>{ strings.get("game-branches") }</summary>
                        <ol>
                            { for branches.iter().enumerate().map(|(idx, branch)| {
                                let (id, current) = (branch.leaf, branch.current);
                                let mut label = strings.get("game-branch").replace("{n}", &(idx + 1).to_string()).replace("{cards}", &branch.cards.to_string());
                                if let Some(tricks) = branch.declarer_tricks {
                                    label.push_str(&format!(" · {}", strings.get("game-branch-result").replace("{tricks}", &tricks.to_string())));
                                }
                                html! {
                                    <li class={classes!("branch", current.then_some("current"))}>
                                        <button class="switch-branch" disabled={current} onclick={link.callback(move |_| Msg::GoTo(id))}>{ label }</button>
                                    </li>
                                }
                            }) }
                        </ol>
                    </details>
                }
            </>
        }
    }

    /// The result against the contract and par, the score, the cards that
    /// cost tricks, the table and the teacher's review.
    fn view_end(&self, ctx: &Context<Self>, game: &Game, state: &TableState) -> Html {
        let props = ctx.props();
        let strings = &props.strings;
        let link = ctx.link();
        let board = &props.board;
        let Some(outcome) = PlayOutcome::of(state, board.game().vulnerability()) else {
            return html! {};
        };
        let PlayOutcome { contract, declarer, declarer_tricks: tricks, .. } = outcome;
        let result = match outcome.result() {
            ContractResult::Made { over } => {
                let over_text = if over == 0 { "=".to_owned() } else { format!("+{over}") };
                strings.get("game-made").replace("{tricks}", &tricks.to_string()).replace("{over}", &over_text)
            }
            ContractResult::Down { under } => {
                strings.get("game-down").replace("{tricks}", &tricks.to_string()).replace("{n}", &under.to_string())
            }
        };
        let learner_score = outcome.learner_score();
        let review = game.journal().review(game.journal().current()).ok();
        let costly: Vec<String> = review
            .iter()
            .flat_map(|review| review.learner_cards())
            .filter(|card| card.cost.is_some_and(|cost| cost > 0))
            .map(|card| format!("{} (−{})", ctx.props().ui_strings.card_label(card.card), card.cost.unwrap_or(0)))
            .collect();
        let lost = review.as_ref().map_or(0, PlayReview::total_cost);
        let locale = strings.locale();
        let teacher_review = board.game().review().for_reader(&locale).map(|text| text.to_plain(&locale));
        let mode = board.metadata.teaching_mode;
        let goal = game.journal().play_start().goal;
        let announced =
            (mode == TeachingMode::Minibridge).then(|| MinibridgeContract::from_contract(contract)).flatten();
        // Declarer's double-dummy tricks in each strain, once the table is solved.
        let declarer_dd =
            self.table.as_ref().map(|(table, _)| Strain::ALL.map(|strain| table.tricks(strain, declarer)));
        let dd_of = |strain: Strain| declarer_dd.map(|dd| dd[strain as usize]);
        let par = self.table.as_ref().map(|(table, par)| {
            let par_for_learner = outcome.for_learner(Side::NorthSouth, par.score);
            let tricks = BySeat::from_fn(|seat| Strain::ALL.map(|strain| table.tricks(strain, seat)));
            (tricks, par.contracts_text(), par_for_learner)
        });
        html! {
            <section class="game-end" data-table={self.table.as_ref().map(|_| if self.table_kept { "kept" } else { "solved" })}
                data-next-table={(self.next_table == NextTable::Kept).then_some("kept")}>
                <h3>{ strings.get("game-result") }</h3>
                <p class="game-result" data-declarer-tricks={tricks.to_string()}>{ result }</p>
                if let Some(goal) = goal {
                    { modes::goal_review(strings, goal, tricks, dd_of(contract.strain())) }
                }
                if let Some(announced) = announced {
                    { modes::minibridge_review(strings, announced, &outcome, declarer_dd) }
                } else {
                    <p class="game-score" data-score={learner_score.to_string()}>
                        { strings.get("game-score").replace("{score}", &format!("{learner_score:+}")) }
                    </p>
                }
                if announced.is_some() {
                } else if let Some((_, contracts, par_score)) = &par {
                    <p class="game-par" data-par={par_score.to_string()}>
                        { strings.get("game-par")
                            .replace("{contracts}", contracts)
                            .replace("{score}", &format!("{par_score:+}"))
                            .replace("{diff}", &format!("{:+}", learner_score - par_score)) }
                    </p>
                } else {
                    <p class="dd-solving">{ strings.get("dd-solving") }</p>
                }
                <p class="game-lost" data-lost={lost.to_string()}>
                    if costly.is_empty() {
                        { strings.get("game-no-loss") }
                    } else {
                        { strings.get("game-losses").replace("{n}", &lost.to_string()).replace("{cards}", &costly.join(", ")) }
                    }
                </p>
                if let Some((tricks, _, _)) = par {
                    <DdTableView {tricks} />
                }
                if let Some(text) = teacher_review {
                    <h3>{ strings.get("review") }</h3>
                    <p class="review">{ text }</p>
                }
                <p class="game-next">
                    <button class="primary new-game" onclick={link.callback(|_| Msg::NewGame)}>{ strings.get("game-again") }</button>
                    if let (Some(next), Some(collection)) = (&props.next, &props.collection) {
                        { " " }
                        <Link<Route> classes="button next-board" to={next.clone()}>
                            { strings.get(if collection.is_lesson() { "game-next-step" } else { "game-next-board" }) }
                        </Link<Route>>
                    }
                </p>
            </section>
        }
    }
}

/// "4♠ doubled by South".
fn contract_line(strings: &AppStrings, ui_strings: &Strings, contract: Contract, declarer: Seat) -> String {
    let strain = modes::strain_label(strings, contract.strain());
    let penalty = match contract.penalty {
        Penalty::Undoubled => "",
        Penalty::Doubled => "×",
        Penalty::Redoubled => "××",
    };
    strings
        .get("game-contract")
        .replace("{contract}", &format!("{}{strain}{penalty}", contract.level()))
        .replace("{seat}", ui_strings.seat(declarer))
}
