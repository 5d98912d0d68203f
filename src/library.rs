//! The app's state: the boards of the local database held in memory (the
//! `training` ports over an in-memory cache), written through to the store.
//!
//! At opening, the boards list comes first, from the store's list record (a summary per board):
//! the boards page shows, filters and sorts it at once, while the full boards, which the other
//! pages need, are read behind it.
//!
//! Every change lands in memory first, so the page shows it and nothing the
//! user did is lost when the write to IndexedDB fails; the failure comes
//! back as a notice.

use std::cell::{Ref, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use training::{
    generate_deal_code, AppliedRewrite, Board, BoardDraft, BoardId, BoardService, BoardSummary, Collection,
    CollectionId, CollectionMove, GroupId, HardDeleted, InMemoryBoards, InMemoryCollections, Localized, RewritePlan,
    ServiceError, Sharing, StepKey, UserId, Viewer,
};
use yew::prelude::*;

use crate::browser::{now, BrowserRandom};
use crate::store::{pending, Dealt, Loaded, Settings, Store, StoreError, Unreadable};
use crate::sync::{self, SyncView, Synced};

/// The owner of the boards made on this device: sync rewrites it to the account and back
/// (see `crate::sync`), so the pages never deal with accounts.
pub const LOCAL_USER: &str = "local";

thread_local! {
    /// The groups the signed-in account belongs to, as sync last heard from the server.
    static MEMBER_OF: RefCell<BTreeSet<GroupId>> = RefCell::default();
}

/// The viewer the local boards belong to, in the groups the account belongs to (so boards and
/// collections shared with them read).
#[must_use]
pub fn viewer() -> Viewer {
    Viewer { user_id: UserId(LOCAL_USER.to_owned()), groups: MEMBER_OF.with(|groups| groups.borrow().clone()) }
}

/// The owner given to new and imported boards.
#[must_use]
pub fn local_user() -> UserId {
    UserId(LOCAL_USER.to_owned())
}

/// Where the local database stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Opening,
    /// The boards list is in memory (from the store's list record); the boards are being read.
    Listed,
    Ready,
    /// The boards live in memory only: nothing will be saved.
    Failed(StoreError),
}

/// A message for the user, at the top of the page until dismissed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A write or read failed (the message key comes from the error).
    Store(StoreError),
    /// Another tab with an older version delays the opening of the database.
    Blocked,
    /// Boards were imported.
    Imported { created: usize, failed: usize },
    /// A new version of the app is installed and waits for a reload.
    UpdateReady,
}

impl Notice {
    /// Whether it only reports what was done (the import's), so that it
    /// belongs to the page it was made on; errors and the update stay.
    #[must_use]
    pub fn is_report(&self) -> bool {
        matches!(self, Notice::Imported { .. })
    }
}

/// The state shared by the pages.
#[derive(Clone)]
pub struct Library {
    pub status: Status,
    pub store: Option<Rc<Store>>,
    /// The boards and collections in memory, shared by every state of the
    /// reducer and changed in place, so a change costs the change and not a
    /// copy of the library; read it with [`Library::service`].
    service: Rc<RefCell<Service>>,
    /// The summary of every board, as the boards page lists them: from the store's list at
    /// opening, then kept in step with the boards in memory; read it with [`Library::list`].
    list: Rc<RefCell<BoardList>>,
    /// Records of the database that could not be read (kept aside by the store).
    pub unreadable: Vec<Unreadable>,
    pub notice: Option<Notice>,
    /// The user's settings, as stored.
    pub settings: Settings,
    /// Whether the user changed the settings since the opening began: the stored ones, read
    /// meanwhile, are then older than these.
    settings_changed: bool,
    /// The writes asked for while the database opens; see [`with_store`].
    deferred: Rc<RefCell<Deferred>>,
    /// Where sync with the server stands.
    pub sync: SyncView,
    /// Bumped at each change, so comparing two states is cheap.
    revision: u64,
}

impl PartialEq for Library {
    fn eq(&self, other: &Library) -> bool {
        self.revision == other.revision
    }
}

impl Default for Library {
    fn default() -> Library {
        Library {
            status: Status::Opening,
            store: None,
            service: Rc::default(),
            list: Rc::default(),
            unreadable: Vec::new(),
            notice: None,
            settings: Settings::default(),
            settings_changed: false,
            deferred: Rc::default(),
            sync: SyncView::default(),
            revision: 0,
        }
    }
}

/// The writes asked for before the database is open, run by [`open`] as soon as it is.
#[derive(Default)]
struct Deferred {
    /// The open store, set by [`open`] the moment it has it. Unlike [`Library::store`], which a
    /// handle sees from the render that made it, every handle sees this at once.
    store: Option<Rc<Store>>,
    queued: Vec<Box<dyn FnOnce(Rc<Store>)>>,
}

/// Runs `write` with the store: now when it is open, else as soon as [`open`] opens it, so a
/// change made while the database opens is stored, not lost. Nothing runs if the opening fails:
/// the changes then live in memory only, and the notice says so.
fn with_store(library: &LibraryHandle, write: impl FnOnce(Rc<Store>) + 'static) {
    let mut deferred = library.deferred.borrow_mut();
    match deferred.store.clone() {
        Some(store) => {
            drop(deferred);
            write(store);
        }
        None => deferred.queued.push(Box::new(write)),
    }
}

/// The product's services over the boards and collections held in memory.
pub type Service = BoardService<InMemoryBoards, InMemoryCollections>;

/// The summaries of the boards, by id.
pub type BoardList = BTreeMap<BoardId, BoardSummary>;

impl Library {
    /// The boards and collections, to read during a render; never hold it
    /// across a dispatch. Empty of stored boards until [`Library::has_boards`].
    #[must_use]
    pub fn service(&self) -> Ref<'_, Service> {
        self.service.borrow()
    }

    /// The summaries of the boards, to read during a render; never hold it across a dispatch.
    #[must_use]
    pub fn list(&self) -> Ref<'_, BoardList> {
        self.list.borrow()
    }

    /// Whether the stored boards are in memory (or the store failed, and the boards in memory are
    /// all there is): what pages needing full boards wait for.
    #[must_use]
    pub fn has_boards(&self) -> bool {
        !matches!(self.status, Status::Opening | Status::Listed)
    }
}

/// What changes the state.
pub enum Action {
    /// The boards list is read; the boards follow.
    Listed {
        store: Rc<Store>,
        summaries: Vec<BoardSummary>,
        unreadable: Vec<Unreadable>,
        settings: Settings,
    },
    Opened {
        store: Rc<Store>,
        boards: Vec<Board>,
        collections: Vec<Collection>,
        unreadable: Vec<Unreadable>,
        /// `None` when [`Action::Listed`] brought them, and the user may have changed them since.
        settings: Option<Settings>,
    },
    PutCollection(Collection),
    RemovedCollection(CollectionId),
    Settings(Settings),
    OpenFailed(StoreError),
    Put(Vec<Board>),
    Removed(BoardId),
    Notify(Notice),
    Dismiss,
    /// The user went to another page: a notice that only reported what was
    /// done goes ([`Notice::is_report`]); the others stay until dismissed.
    LeftPage,
    /// Sync's state changed.
    Sync(SyncView),
    /// Sync wrote the server's versions of these records on the device.
    Synced(Synced),
}

impl Reducible for Library {
    type Action = Action;

    fn reduce(self: Rc<Library>, action: Action) -> Rc<Library> {
        let mut next = (*self).clone();
        next.revision += 1;
        let mut service = next.service.borrow_mut();
        let mut list = next.list.borrow_mut();
        match action {
            Action::Listed { store, summaries, unreadable, settings } => {
                next.status = Status::Listed;
                if !next.settings_changed {
                    next.settings = settings;
                }
                next.store = Some(store);
                // Boards made before the database opened stay; stored ones join them.
                for summary in summaries {
                    list.entry(summary.id().clone()).or_insert(summary);
                }
                next.unreadable = unreadable;
                if next.notice == Some(Notice::Blocked) {
                    next.notice = None;
                }
            }
            Action::Opened { store, boards, collections, unreadable, settings } => {
                next.status = Status::Ready;
                if let Some(settings) = settings.filter(|_| !next.settings_changed) {
                    next.settings = settings;
                }
                for collection in collections {
                    service.collections.collections.entry(collection.id.clone()).or_insert(collection);
                }
                next.store = Some(store);
                // Boards made (or changed) since the opening began stay; stored ones join them.
                for board in boards {
                    service.boards.boards.entry(board.id.clone()).or_insert(board);
                }
                // From now on the list follows the boards in memory, whatever the stored list said.
                *list = bridge::order::map(
                    service.boards.boards.values().map(|board| (board.id.clone(), BoardSummary::of(board))),
                );
                next.unreadable = unreadable;
                if next.notice == Some(Notice::Blocked) {
                    next.notice = None;
                }
            }
            Action::OpenFailed(error) => {
                next.status = Status::Failed(error.clone());
                next.notice = Some(Notice::Store(error));
            }
            Action::Put(boards) => {
                for board in boards {
                    list.insert(board.id.clone(), BoardSummary::of(&board));
                    service.boards.boards.insert(board.id.clone(), board);
                }
            }
            Action::Removed(id) => {
                list.remove(&id);
                service.boards.boards.remove(&id);
            }
            Action::Notify(notice) => {
                if let Notice::Store(StoreError::Outdated) = notice {
                    next.status = Status::Failed(StoreError::Outdated);
                }
                next.notice = Some(notice);
            }
            Action::Settings(settings) => {
                next.settings = settings;
                next.settings_changed = true;
            }
            Action::PutCollection(collection) => {
                service.collections.collections.insert(collection.id.clone(), collection);
            }
            Action::RemovedCollection(id) => {
                service.collections.collections.remove(&id);
            }
            Action::Dismiss => next.notice = None,
            Action::LeftPage => {
                if next.notice.as_ref().is_some_and(Notice::is_report) {
                    next.notice = None;
                }
            }
            Action::Sync(view) => {
                MEMBER_OF.with(|groups| {
                    *groups.borrow_mut() = bridge::order::set(view.member_of.iter().cloned().map(GroupId))
                });
                next.sync = view;
            }
            Action::Synced(synced) => {
                for board in synced.boards {
                    list.insert(board.id.clone(), BoardSummary::of(&board));
                    service.boards.boards.insert(board.id.clone(), board);
                }
                for id in synced.removed_boards {
                    list.remove(&id);
                    service.boards.boards.remove(&id);
                }
                for collection in synced.collections {
                    service.collections.collections.insert(collection.id.clone(), collection);
                }
                for id in synced.removed_collections {
                    service.collections.collections.remove(&id);
                }
            }
        }
        drop(service);
        drop(list);
        Rc::new(next)
    }
}

/// The shared state as the pages hold it.
pub type LibraryHandle = UseReducerHandle<Library>;

/// Opens the database and loads the boards list, then the boards, into `library`.
pub fn open(library: &LibraryHandle, name: &'static str) {
    let dispatcher = library.dispatcher();
    let deferred = library.deferred.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let hooks = crate::store::Hooks {
            on_blocked: Some(Box::new({
                let dispatcher = dispatcher.clone();
                move || dispatcher.dispatch(Action::Notify(Notice::Blocked))
            })),
            on_outdated: Some(Box::new({
                let dispatcher = dispatcher.clone();
                move || dispatcher.dispatch(Action::Notify(Notice::Store(StoreError::Outdated)))
            })),
        };
        let opened = async {
            let store = Rc::new(Store::open(name, hooks).await?);
            // Boards whose write failed last time are written first, so they win over older copies.
            let unsaved = pending::kept(name);
            if !unsaved.is_empty() && store.put_boards(&unsaved, now()).await.is_ok() {
                pending::clear(name);
            }
            // Then the changes made since this tab opened, newer still: those queued are written
            // now, and any later change at once (no await comes between the two).
            let queued = {
                let mut deferred = deferred.borrow_mut();
                deferred.store = Some(store.clone());
                std::mem::take(&mut deferred.queued)
            };
            for write in queued {
                write(store.clone());
            }
            let settings = store.settings().await?;
            let list = store.board_list().await?;
            let (loaded, settings) = match list.boards {
                // The list was rebuilt from the boards: they are read already.
                Some(boards) => (Loaded { items: boards, unreadable: list.unreadable }, Some(settings)),
                None => {
                    dispatcher.dispatch(Action::Listed {
                        store: store.clone(),
                        summaries: list.summaries,
                        unreadable: list.unreadable,
                        settings,
                    });
                    (store.load_boards().await?, None)
                }
            };
            let collections = store.load_collections().await?;
            Ok::<_, StoreError>(Action::Opened {
                store,
                boards: loaded.items,
                collections: collections.items,
                unreadable: loaded.unreadable.into_iter().chain(collections.unreadable).collect(),
                settings,
            })
        };
        match opened.await {
            Ok(action) => dispatcher.dispatch(action),
            Err(error) => dispatcher.dispatch(Action::OpenFailed(error)),
        }
    });
}

/// Shows `boards` at once and writes them to the store. A failed write
/// becomes a notice, and the boards are kept aside in `localStorage` to be
/// written at the next opening (see [`pending`]).
pub fn save(library: &LibraryHandle, boards: Vec<Board>) {
    save_then(library, boards, || {});
}

/// [`save`], then `saved` once the boards are in the store.
pub fn save_then(library: &LibraryHandle, boards: Vec<Board>, saved: impl FnOnce() + 'static) {
    library.dispatch(Action::Put(boards.clone()));
    let dispatcher = library.dispatcher();
    with_store(library, move |store| {
        wasm_bindgen_futures::spawn_local(async move {
            match store.put_boards(&boards, now()).await {
                Ok(()) => {
                    saved();
                    sync::start(store, dispatcher);
                }
                Err(error) => {
                    // Nothing more can be done if localStorage refuses too: the notice says the change was not saved.
                    let _ = pending::keep(&store.name(), &boards);
                    dispatcher.dispatch(Action::Notify(Notice::Store(error)));
                }
            }
        });
    });
}

/// Keeps `settings` and stores them; a failed write becomes a notice.
pub fn save_settings(library: &LibraryHandle, settings: Settings) {
    library.dispatch(Action::Settings(settings.clone()));
    let dispatcher = library.dispatcher();
    with_store(library, move |store| {
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(error) = store.put_settings(&settings).await {
                dispatcher.dispatch(Action::Notify(Notice::Store(error)));
            }
        });
    });
}

/// Creates the viewer's board from `draft` through the write gate, shows it
/// and stores it, then calls `saved`.
///
/// # Errors
/// The gate's rejections, or `AccessDenied` when the id is taken.
pub fn create_board(
    library: &LibraryHandle,
    draft: BoardDraft,
    saved: impl FnOnce() + 'static,
) -> Result<BoardId, ServiceError> {
    let gated = library.service.borrow_mut().create(&viewer(), draft, now(), None)?;
    let id = gated.board.id.clone();
    save_then(library, vec![gated.board], saved);
    Ok(id)
}

/// Replaces the viewer's board by `draft` through the write gate, shows it
/// and stores it, then calls `saved`.
///
/// # Errors
/// The gate's rejections, or `AccessDenied` when the board is not the viewer's.
pub fn update_board(
    library: &LibraryHandle,
    draft: BoardDraft,
    saved: impl FnOnce() + 'static,
) -> Result<BoardId, ServiceError> {
    let gated = library.service.borrow_mut().update(&viewer(), draft, now(), None)?;
    let id = gated.board.id.clone();
    save_then(library, vec![gated.board], saved);
    Ok(id)
}

/// Moves a board to the trash.
pub fn trash(library: &LibraryHandle, id: &BoardId) {
    let trashed = library.service.borrow_mut().soft_delete(&viewer(), id, now());
    if let Ok(board) = trashed {
        save(library, vec![board]);
    }
}

/// Takes a board out of the trash.
pub fn restore(library: &LibraryHandle, id: &BoardId) {
    let restored = library.service.borrow_mut().restore(&viewer(), id);
    if let Ok(board) = restored {
        save(library, vec![board]);
    }
}

/// Deletes a board of the trash for good (the viewer's collections lose
/// it), with its played games (`Store::remove_board`) and, when no other
/// board has its deal, its kept table. A board that stays readable from
/// someone else's collection (orphaned) keeps them.
pub fn delete_for_good(library: &LibraryHandle, id: &BoardId) {
    let before = library.service().collections.collections.clone();
    let dealt = library.service().get(&viewer(), id).map(|board| Dealt::of(board.game()));
    let result = library.service.borrow_mut().hard_delete(&viewer(), id, now());
    save_changed_collections(library, &before);
    match result {
        Ok(HardDeleted::Removed) => {
            library.dispatch(Action::Removed(id.clone()));
            // The deal's kept table goes with its last board.
            let boards = library.service().readable_boards(&viewer());
            let unused = dealt.filter(|dealt| boards.iter().all(|board| Dealt::of(board.game()) != *dealt));
            let dispatcher = library.dispatcher();
            let id = id.clone();
            with_store(library, move |store| {
                wasm_bindgen_futures::spawn_local(async move {
                    if let Some(dealt) = unused {
                        // A table left behind costs a few hundred bytes, nothing shown.
                        let _ = store.forget_solved(&dealt).await;
                    }
                    match store.remove_board(&id, now()).await {
                        Ok(()) => sync::start(store, dispatcher),
                        Err(error) => dispatcher.dispatch(Action::Notify(Notice::Store(error))),
                    }
                });
            });
        }
        Ok(HardDeleted::Orphaned(board)) => save(library, vec![*board]),
        Err(_) => {}
    }
}

/// Creates a collection named `name`; its id, or why not (a blank name).
///
/// # Errors
/// `BlankName` when the name is blank.
pub fn create_collection(library: &LibraryHandle, name: &str) -> Result<CollectionId, ServiceError> {
    let id = CollectionId(format!("c-{}", generate_deal_code(&mut BrowserRandom)));
    let collection = library.service.borrow_mut().create_collection(&viewer(), id.clone(), name)?;
    save_collection(library, collection);
    Ok(id)
}

/// Renames a collection.
///
/// # Errors
/// `BlankName`, or `AccessDenied` when it is not the viewer's.
pub fn rename_collection(library: &LibraryHandle, id: &CollectionId, name: &str) -> Result<(), ServiceError> {
    let changed = library.service.borrow_mut().rename_collection(&viewer(), id, name)?;
    save_collection(library, changed);
    Ok(())
}

/// Adds a board at the end of a collection.
///
/// # Errors
/// `AccessDenied` when the collection or the board is not the viewer's to use.
pub fn add_to_collection(library: &LibraryHandle, id: &CollectionId, board: &BoardId) -> Result<(), ServiceError> {
    let changed = library.service.borrow_mut().add_to_collection(&viewer(), id, board)?;
    save_collection(library, changed);
    Ok(())
}

/// Adds a text step to a collection, at `at` (from 0) or at the end.
///
/// # Errors
/// `AccessDenied`, `InvalidText` or `PositionOutOfRange`.
pub fn add_text_step(
    library: &LibraryHandle,
    id: &CollectionId,
    text: Localized,
    at: Option<usize>,
) -> Result<(), ServiceError> {
    let (changed, _) = library.service.borrow_mut().add_text_step(&viewer(), id, text, at)?;
    save_collection(library, changed);
    Ok(())
}

/// Replaces the text of a text step.
///
/// # Errors
/// `AccessDenied`, `NotInCollection` or `InvalidText`.
pub fn edit_text_step(
    library: &LibraryHandle,
    id: &CollectionId,
    text_id: &str,
    text: Localized,
) -> Result<(), ServiceError> {
    let changed = library.service.borrow_mut().edit_text_step(&viewer(), id, text_id, text)?;
    save_collection(library, changed);
    Ok(())
}

/// Takes a step (a board or a text) out of a collection.
///
/// # Errors
/// `AccessDenied` when the collection is not the viewer's.
pub fn remove_from_collection(library: &LibraryHandle, id: &CollectionId, step: &StepKey) -> Result<(), ServiceError> {
    let changed = library.service.borrow_mut().remove_from_collection(&viewer(), id, step)?;
    save_collection(library, changed);
    Ok(())
}

/// Moves a step within a collection.
///
/// # Errors
/// `AccessDenied`, `NotInCollection` or `PositionOutOfRange`.
pub fn move_in_collection(
    library: &LibraryHandle,
    id: &CollectionId,
    step: &StepKey,
    to: CollectionMove,
) -> Result<(), ServiceError> {
    let changed = library.service.borrow_mut().move_in_collection(&viewer(), id, step, to)?;
    save_collection(library, changed);
    Ok(())
}

/// Stores the boards `plan` rewrites (those unchanged since the plan; see
/// `training::apply_rewrite`), shows them and queues them for sync.
pub fn apply_rewrite(library: &LibraryHandle, plan: &RewritePlan) -> AppliedRewrite {
    let applied = training::apply_rewrite(plan, &mut library.service.borrow_mut().boards);
    let boards: Vec<Board> =
        applied.updated.iter().filter_map(|id| library.service().boards.boards.get(id).cloned()).collect();
    if !boards.is_empty() {
        save(library, boards);
    }
    applied
}

/// Shares a collection as `sharing`, and those of the viewer's boards in it that its readers could
/// not read yet (see `BoardService::share_collection`).
///
/// # Errors
/// `AccessDenied` when it is not the viewer's, the gate's rejection of one of its boards.
pub fn share_collection(library: &LibraryHandle, id: &CollectionId, sharing: Sharing) -> Result<(), ServiceError> {
    let (collection, boards) = library.service.borrow_mut().share_collection(&viewer(), id, sharing, now())?;
    if !boards.is_empty() {
        save(library, boards);
    }
    save_collection(library, collection);
    Ok(())
}

/// Keeps a collection opened by its code, with its boards, as they came from the server: they are
/// someone else's, so nothing is queued for sync.
pub fn keep_shared(library: &LibraryHandle, collection: Collection, boards: Vec<Board>) {
    library.dispatch(Action::Synced(Synced {
        boards: boards.clone(),
        collections: vec![collection.clone()],
        ..Synced::default()
    }));
    let dispatcher = library.dispatcher();
    with_store(library, move |store| {
        wasm_bindgen_futures::spawn_local(async move {
            let written = async {
                store.put_synced_boards(&boards).await?;
                store.put_synced_collection(&collection).await
            };
            if let Err(error) = written.await {
                dispatcher.dispatch(Action::Notify(Notice::Store(error)));
            }
        });
    });
}

/// Deletes a collection (its boards stay).
///
/// # Errors
/// `AccessDenied` when it is not the viewer's.
pub fn delete_collection(library: &LibraryHandle, id: &CollectionId) -> Result<(), ServiceError> {
    library.service.borrow_mut().delete_collection(&viewer(), id)?;
    library.dispatch(Action::RemovedCollection(id.clone()));
    let dispatcher = library.dispatcher();
    let id = id.clone();
    with_store(library, move |store| {
        wasm_bindgen_futures::spawn_local(async move {
            match store.remove_collection(&id).await {
                Ok(()) => sync::start(store, dispatcher),
                Err(error) => dispatcher.dispatch(Action::Notify(Notice::Store(error))),
            }
        });
    });
    Ok(())
}

/// Shows `collection` at once and writes it to the store.
fn save_collection(library: &LibraryHandle, collection: Collection) {
    library.dispatch(Action::PutCollection(collection.clone()));
    let dispatcher = library.dispatcher();
    with_store(library, move |store| {
        wasm_bindgen_futures::spawn_local(async move {
            match store.put_collection(&collection).await {
                Ok(()) => sync::start(store, dispatcher),
                Err(error) => dispatcher.dispatch(Action::Notify(Notice::Store(error))),
            }
        });
    });
}

/// Saves the collections that changed since `before`.
fn save_changed_collections(library: &LibraryHandle, before: &BTreeMap<CollectionId, Collection>) {
    let changed: Vec<Collection> = library
        .service()
        .collections
        .collections
        .iter()
        .filter(|(id, collection)| before.get(*id) != Some(*collection))
        .map(|(_, collection)| collection.clone())
        .collect();
    for collection in changed {
        save_collection(library, collection);
    }
}
