//! The root component: language, the local library, the header and the routes.

use std::rc::Rc;

use ui::Strings;
use yew::prelude::*;
use yew_router::prelude::*;

use crate::library::{self, Action, Library, LibraryHandle, Notice, Status};
use crate::pages::{
    AccountPage, BoardPage, BoardsPage, CollectionHandout, CollectionPage, CollectionsPage, EditorPage, LessonStepPage,
    OpenShared, OverviewPage, PlayPage, RewritePage, SamplePage, SelectionHandout, SettingsPage,
};
use crate::solver::{SolverHandle, SolverTimes};
use crate::store::schema::DB_NAME;
use crate::store::Settings;
use crate::strings::{AppStrings, Language};

pub use crate::pages::{SAMPLE_BOARD, SAMPLE_DEAL};

/// The pages, in the URL's fragment (`#/boards/ID`) so the app works from any
/// static host and offline without server-side routes.
#[derive(Clone, Debug, PartialEq, Eq, Routable)]
pub enum Route {
    #[at("/")]
    Boards,
    #[at("/boards/:id")]
    Board { id: String },
    #[at("/boards/:id/edit")]
    EditBoard { id: String },
    /// Playing a board against the solver.
    #[at("/play/:id")]
    Play { id: String },
    #[at("/new")]
    NewBoard,
    #[at("/collections")]
    Collections,
    #[at("/collections/:id")]
    Collection { id: String },
    /// One step of a collection (from 1): a text to read or a board to play, with the way on.
    #[at("/collections/:id/steps/:step")]
    LessonStep { id: String, step: usize },
    /// Playing a board within a collection: progress and the next board.
    #[at("/collections/:id/play/:board")]
    PlayInCollection { id: String, board: String },
    #[at("/collections/:id/handout")]
    CollectionHandout { id: String },
    /// A handout of the boards listed, ids separated by commas.
    #[at("/handout/:ids")]
    Handout { ids: String },
    #[at("/sample")]
    Sample,
    #[at("/settings")]
    Settings,
    /// Signing in, and where sync stands.
    #[at("/account")]
    Account,
    /// Counts of one's boards.
    #[at("/overview")]
    Overview,
    /// Rewriting the comments of one's boards in bulk.
    #[at("/rewrite")]
    Rewrite,
    /// Opening a shared collection by its code.
    #[at("/open/:code")]
    Open { code: String },
    #[not_found]
    #[at("/not-found")]
    NotFound,
}

#[derive(Properties, PartialEq)]
pub struct AppProps {
    /// The IndexedDB database to use; tests give each run its own.
    #[prop_or(DB_NAME)]
    pub database: &'static str,
    /// How long the app waits on the solver's worker; tests shorten it.
    #[prop_or_default]
    pub solver_times: SolverTimes,
}

impl Default for AppProps {
    fn default() -> AppProps {
        AppProps { database: DB_NAME, solver_times: SolverTimes::default() }
    }
}

#[component]
pub fn App(props: &AppProps) -> Html {
    let language = use_state(Language::from_browser);
    let strings: Rc<AppStrings> = use_memo(*language, |language| AppStrings::load(*language));
    let ui_strings: Rc<Strings> = use_memo(strings.clone(), |strings| strings.ui());
    let library = use_reducer(Library::default);
    // One solver worker for the app's life, started at the first question.
    let solver = use_memo((), |()| SolverHandle::new(props.solver_times));
    {
        let library = library.clone();
        let database = props.database;
        use_effect_with((), move |()| library::open(&library, database));
    }
    {
        let library = library.clone();
        use_effect_with((), move |()| {
            crate::browser::on_update_ready(move || {
                library.dispatch(Action::Notify(Notice::UpdateReady));
            })
        });
    }
    {
        // Sync runs once the store is open, whenever the network comes back, and every few
        // minutes while the app is open (each run does nothing when signed out).
        let library = library.clone();
        use_effect_with(library.store.is_some(), move |ready| {
            let listeners = ready.then(|| {
                crate::sync::request(&library);
                let window = gloo_events::EventListener::new(&gloo_utils::window(), "online", {
                    let library = library.clone();
                    move |_| crate::sync::request(&library)
                });
                let every = gloo_timers::callback::Interval::new(crate::sync::PERIOD_MS, move || {
                    crate::sync::request(&library);
                });
                (window, every)
            });
            move || drop(listeners)
        });
    }
    {
        // The stored choice wins over the browser's language once the store is read.
        let language = language.clone();
        let stored = library.settings.language.clone();
        use_effect_with(stored, move |stored| {
            if let Some(choice) = stored.as_deref().and_then(Language::from_tag) {
                language.set(choice);
            }
        });
    }
    let on_language = {
        let language = language.clone();
        let library = library.clone();
        Callback::from(move |next: Language| {
            language.set(next);
            let settings = Settings { language: Some(next.tag().to_owned()), ..library.settings.clone() };
            library::save_settings(&library, settings);
        })
    };
    html! {
        <ContextProvider<Rc<Strings>> context={ui_strings}>
        <ContextProvider<Rc<AppStrings>> context={strings.clone()}>
        <ContextProvider<LibraryHandle> context={library.clone()}>
        <ContextProvider<SolverHandle> context={(*solver).clone()}>
            <HashRouter>
                <header class="app-header">
                    <h1><Link<Route> to={Route::Boards}>{ strings.get("app-title") }</Link<Route>></h1>
                    <nav class="languages" aria-label={strings.get("language")}>
                        { for Language::ALL.into_iter().map(|choice| {
                            let on_language = on_language.clone();
                            html! {
                                <button
                                    class={classes!("language", (choice == *language).then_some("active"))}
                                    lang={choice.tag()}
                                    onclick={Callback::from(move |_| on_language.emit(choice))}
                                >
                                    { choice.native_name() }
                                </button>
                            }
                        }) }
                    </nav>
                </header>
                <nav class="sections">
                    <Link<Route> to={Route::Boards}>{ strings.get("boards") }</Link<Route>>
                    <Link<Route> to={Route::Collections}>{ strings.get("collections") }</Link<Route>>
                    <Link<Route> to={Route::Settings}>{ strings.get("settings") }</Link<Route>>
                    <AccountLink />
                </nav>
                <NoticeBar />
                <main>
                    <Switch<Route> render={switch} />
                </main>
            </HashRouter>
        </ContextProvider<SolverHandle>>
        </ContextProvider<LibraryHandle>>
        </ContextProvider<Rc<AppStrings>>>
        </ContextProvider<Rc<Strings>>>
    }
}

fn switch(route: Route) -> Html {
    match route {
        Route::Boards => html! { <BoardsPage /> },
        Route::Board { id } => html! { <BoardPage {id} /> },
        Route::EditBoard { id } => {
            let key = format!("edit-{id}");
            html! { <EditorPage {key} id={Some(id)} /> }
        }
        Route::NewBoard => html! { <EditorPage key="new" /> },
        Route::Play { id } => {
            let key = id.clone();
            html! { <PlayPage {key} {id} /> }
        }
        Route::PlayInCollection { id, board } => {
            let key = format!("{id}/{board}");
            html! { <PlayPage {key} id={board} collection={Some(id)} /> }
        }
        Route::Collections => html! { <CollectionsPage /> },
        Route::Collection { id } => html! { <CollectionPage {id} /> },
        Route::LessonStep { id, step } => {
            let key = format!("{id}/{step}");
            html! { <LessonStepPage {key} {id} {step} /> }
        }
        Route::CollectionHandout { id } => html! { <CollectionHandout {id} /> },
        Route::Handout { ids } => html! { <SelectionHandout {ids} /> },
        Route::Sample => html! { <SamplePage /> },
        Route::Settings => html! { <SettingsPage /> },
        Route::Account => html! { <AccountPage /> },
        Route::Rewrite => html! { <RewritePage /> },
        Route::Overview => html! { <OverviewPage /> },
        Route::Open { code } => html! { <OpenShared {code} /> },
        Route::NotFound => html! { <NotFound /> },
    }
}

#[component]
fn NotFound() -> Html {
    let strings = use_app_strings();
    html! {
        <p class="empty">
            { strings.get("page-not-found") }{ " " }
            <Link<Route> to={Route::Boards}>{ strings.get("back-to-boards") }</Link<Route>>
        </p>
    }
}

/// The account's link, with where sync stands once signed in.
#[component]
fn AccountLink() -> Html {
    let strings = use_app_strings();
    let library = use_library();
    let state = library.sync.label_key();
    html! {
        <Link<Route> classes="account-link" to={Route::Account}>
            { strings.get(if library.sync.signed_in.is_some() { "account" } else { "account-sign-in" }) }
            if let Some(key) = state {
                { " " }
                <span class="sync-badge" data-sync={key}>{ strings.get(key).replace("{count}", &library.sync.pending.to_string()) }</span>
            }
        </Link<Route>>
    }
}

/// The current notice, or where the database stands when it holds nothing.
#[component]
fn NoticeBar() -> Html {
    let strings = use_app_strings();
    let library = use_library();
    let route = use_route::<Route>();
    {
        // A report such as the import's is of the page it was made on.
        let library = library.clone();
        let report = library.notice.as_ref().is_some_and(Notice::is_report);
        use_effect_with(route, move |_| {
            if report {
                library.dispatch(Action::LeftPage);
            }
        });
    }
    let text = match (&library.notice, &library.status) {
        (Some(Notice::Store(error)), _) => Some(strings.get(error.message_key())),
        (Some(Notice::Blocked), _) => Some(strings.get("store-blocked")),
        (Some(Notice::Imported { created, failed }), _) => Some(
            strings
                .get("import-done")
                .replace("{created}", &created.to_string())
                .replace("{failed}", &failed.to_string()),
        ),
        (Some(Notice::UpdateReady), _) => Some(strings.get("update-ready")),
        (None, Status::Failed(error)) => Some(strings.get(error.message_key())),
        (None, _) => None,
    };
    let Some(text) = text else { return html! {} };
    let dismissable = library.notice.is_some();
    let on_dismiss = {
        let library = library.clone();
        Callback::from(move |_| library.dispatch(Action::Dismiss))
    };
    html! {
        <div class="notice" role="alert">
            <span>{ text }</span>
            if library.notice == Some(Notice::UpdateReady) {
                <button class="reload" onclick={Callback::from(|_| crate::browser::apply_update())}>
                    { strings.get("update-reload") }
                </button>
            }
            if dismissable {
                <button class="dismiss" onclick={on_dismiss} aria-label={strings.get("dismiss")}>{ "×" }</button>
            }
        </div>
    }
}

/// The interface strings of the current language.
#[hook]
pub fn use_app_strings() -> Rc<AppStrings> {
    use_context::<Rc<AppStrings>>().unwrap_or_else(|| Rc::new(AppStrings::load(Language::English)))
}

/// The shared library; every page sits under the provider of [`App`].
#[hook]
pub fn use_library() -> LibraryHandle {
    use_context::<LibraryHandle>().expect("pages are rendered inside App, which provides the library")
}
