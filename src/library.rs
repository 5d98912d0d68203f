//! The app's state: the boards of the local database held in memory (the
//! `training` ports over an in-memory cache), written through to the store.
//!
//! Every change lands in memory first, so the page shows it and nothing the
//! user did is lost when the write to IndexedDB fails; the failure comes
//! back as a notice.

use std::rc::Rc;

use training::{Board, BoardId, BoardService, HardDeleted, InMemoryBoards, InMemoryCollections, UserId, Viewer};
use yew::prelude::*;

use crate::browser::now;
use crate::store::{Settings, Store, StoreError, Unreadable};

/// The owner of the boards made on this device until accounts exist.
pub const LOCAL_USER: &str = "local";

/// The viewer the local boards belong to.
#[must_use]
pub fn viewer() -> Viewer {
    Viewer::user(LOCAL_USER)
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

/// The state shared by the pages.
#[derive(Clone)]
pub struct Library {
    pub status: Status,
    pub store: Option<Rc<Store>>,
    pub service: BoardService<InMemoryBoards, InMemoryCollections>,
    /// Records of the database that could not be read (kept aside by the store).
    pub unreadable: Vec<Unreadable>,
    pub notice: Option<Notice>,
    /// The user's settings, as stored.
    pub settings: Settings,
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
            service: BoardService::default(),
            unreadable: Vec::new(),
            notice: None,
            settings: Settings::default(),
            revision: 0,
        }
    }
}

/// What changes the state.
pub enum Action {
    Opened { store: Rc<Store>, boards: Vec<Board>, unreadable: Vec<Unreadable>, settings: Settings },
    Settings(Settings),
    OpenFailed(StoreError),
    Put(Vec<Board>),
    Removed(BoardId),
    Notify(Notice),
    Dismiss,
}

impl Reducible for Library {
    type Action = Action;

    fn reduce(self: Rc<Library>, action: Action) -> Rc<Library> {
        let mut next = (*self).clone();
        next.revision += 1;
        match action {
            Action::Opened { store, boards, unreadable, settings } => {
                next.status = Status::Ready;
                next.settings = settings;
                next.store = Some(store);
                // Boards made before the database opened stay; stored ones join them.
                for board in boards {
                    next.service.boards.boards.entry(board.id.clone()).or_insert(board);
                }
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
                    next.service.boards.boards.insert(board.id.clone(), board);
                }
            }
            Action::Removed(id) => {
                next.service.boards.boards.remove(&id);
            }
            Action::Notify(notice) => {
                if let Notice::Store(StoreError::Outdated) = notice {
                    next.status = Status::Failed(StoreError::Outdated);
                }
                next.notice = Some(notice);
            }
            Action::Settings(settings) => next.settings = settings,
            Action::Dismiss => next.notice = None,
        }
        Rc::new(next)
    }
}

/// The shared state as the pages hold it.
pub type LibraryHandle = UseReducerHandle<Library>;

/// Opens the database and loads the boards into `library`.
pub fn open(library: &LibraryHandle, name: &'static str) {
    let dispatcher = library.dispatcher();
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
            let store = Store::open(name, hooks).await?;
            let loaded = store.load_boards().await?;
            let settings = store.settings().await?;
            Ok::<_, StoreError>((store, loaded, settings))
        };
        match opened.await {
            Ok((store, loaded, settings)) => dispatcher.dispatch(Action::Opened {
                store: Rc::new(store),
                boards: loaded.items,
                unreadable: loaded.unreadable,
                settings,
            }),
            Err(error) => dispatcher.dispatch(Action::OpenFailed(error)),
        }
    });
}

/// Shows `boards` at once and writes them to the store; a failed write becomes a notice.
pub fn save(library: &LibraryHandle, boards: Vec<Board>) {
    library.dispatch(Action::Put(boards.clone()));
    let Some(store) = library.store.clone() else { return };
    let dispatcher = library.dispatcher();
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(error) = store.put_boards(&boards, now()).await {
            dispatcher.dispatch(Action::Notify(Notice::Store(error)));
        }
    });
}

/// Keeps `settings` and stores them; a failed write becomes a notice.
pub fn save_settings(library: &LibraryHandle, settings: Settings) {
    library.dispatch(Action::Settings(settings.clone()));
    let Some(store) = library.store.clone() else { return };
    let dispatcher = library.dispatcher();
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(error) = store.put_settings(&settings).await {
            dispatcher.dispatch(Action::Notify(Notice::Store(error)));
        }
    });
}

/// Moves a board to the trash.
pub fn trash(library: &LibraryHandle, id: &BoardId) {
    let mut service = library.service.clone();
    if let Ok(board) = service.soft_delete(&viewer(), id, now()) {
        save(library, vec![board]);
    }
}

/// Takes a board out of the trash.
pub fn restore(library: &LibraryHandle, id: &BoardId) {
    let mut service = library.service.clone();
    if let Ok(board) = service.restore(&viewer(), id) {
        save(library, vec![board]);
    }
}

/// Deletes a board of the trash for good.
pub fn delete_for_good(library: &LibraryHandle, id: &BoardId) {
    let mut service = library.service.clone();
    match service.hard_delete(&viewer(), id, now()) {
        Ok(HardDeleted::Removed) => {
            library.dispatch(Action::Removed(id.clone()));
            let Some(store) = library.store.clone() else { return };
            let dispatcher = library.dispatcher();
            let id = id.clone();
            wasm_bindgen_futures::spawn_local(async move {
                if let Err(error) = store.remove_board(&id, now()).await {
                    dispatcher.dispatch(Action::Notify(Notice::Store(error)));
                }
            });
        }
        Ok(HardDeleted::Orphaned(board)) => save(library, vec![*board]),
        Err(_) => {}
    }
}
