//! Collections: the list with a form to create one and a form to open a shared one by its code,
//! and one collection with its boards in order (move up or down, remove, add), renamed, shared
//! (published by its code) or deleted. A board that was deleted or went to the trash stays in its
//! place, shown as unavailable. A collection opened from someone else is read and played, not
//! changed.

use training::{
    Board, BoardId, BoardProgress, Collection, CollectionEntry, CollectionId, CollectionMove, CollectionProgress,
    GroupId, ServiceError, Sharing,
};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;
use yew_router::prelude::*;

use super::boards::board_name;
use crate::app::{use_app_strings, use_library, Route};
use crate::library::{self, viewer, LibraryHandle};

/// The message key of a refused change.
fn refusal_key(error: &ServiceError) -> &'static str {
    match error {
        ServiceError::BlankName => "name-required",
        _ => "change-refused",
    }
}

#[component]
pub fn CollectionsPage() -> Html {
    let strings = use_app_strings();
    let library = use_library();
    let name = use_state(String::new);
    let code = use_state(String::new);
    let error = use_state(|| None::<&'static str>);
    let navigator = use_navigator();

    let on_code = {
        let code = code.clone();
        Callback::from(move |event: InputEvent| code.set(event.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let on_open = {
        let code = code.clone();
        let navigator = navigator.clone();
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let typed = code.trim().to_owned();
            if let (false, Some(navigator)) = (typed.is_empty(), &navigator) {
                navigator.push(&Route::Open { code: typed });
            }
        })
    };

    let mut collections: Vec<_> = library.service().collections.collections.values().cloned().collect();
    collections.sort_by_key(|collection| collection.name.to_lowercase());

    let on_name = {
        let name = name.clone();
        Callback::from(move |event: InputEvent| name.set(event.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let on_create = {
        let library = library.clone();
        let name = name.clone();
        let error = error.clone();
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            match library::create_collection(&library, &name) {
                Ok(id) => {
                    name.set(String::new());
                    error.set(None);
                    if let Some(navigator) = &navigator {
                        navigator.push(&Route::Collection { id: id.0 });
                    }
                }
                Err(refused) => error.set(Some(refusal_key(&refused))),
            }
        })
    };
    html! {
        <section class="collections-page">
            <h2>{ strings.get("collections") }</h2>
            <form class="new-collection" onsubmit={on_create}>
                <label>
                    <span>{ strings.get("collection-name") }</span>
                    <input type="text" class="collection-name" value={(*name).clone()} oninput={on_name} />
                </label>
                <button type="submit" class="create-collection">{ strings.get("create-collection") }</button>
                if let Some(key) = *error {
                    <p class="field-error" role="alert">{ strings.get(key) }</p>
                }
            </form>
            <form class="open-by-code" onsubmit={on_open}>
                <label>
                    <span>{ strings.get("open-code") }</span>
                    <input type="text" class="open-code" value={(*code).clone()} oninput={on_code} autocapitalize="off" spellcheck="false" />
                </label>
                <button type="submit" class="open-shared-button" disabled={code.trim().is_empty()}>{ strings.get("open") }</button>
            </form>
            if collections.is_empty() {
                <p class="empty">{ strings.get("no-collections") }</p>
            }
            <ul class="collection-list">
                { for collections.iter().map(|collection| html! {
                    <li class="collection-row" data-collection={collection.id.0.clone()}>
                        <Link<Route> classes="collection-link" to={Route::Collection { id: collection.id.0.clone() }}>
                            { collection.name.clone() }
                        </Link<Route>>
                        <span class="board-meta">
                            { strings.get("boards-count").replace("{count}", &collection.boards.len().to_string()) }
                        </span>
                    </li>
                }) }
            </ul>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct CollectionPageProps {
    pub id: String,
}

#[component]
pub fn CollectionPage(props: &CollectionPageProps) -> Html {
    let strings = use_app_strings();
    let library = use_library();
    let id = CollectionId(props.id.clone());
    let rename = use_state(|| None::<String>);
    let error = use_state(|| None::<&'static str>);
    let adding = use_state(String::new);
    // The board being dragged to a new place, if any.
    let dragging = use_state(|| None::<BoardId>);
    let navigator = use_navigator();
    // The learner's progress through the collection, read from the store.
    let progress = use_state(|| None::<CollectionProgress>);
    {
        let progress = progress.clone();
        let store = library.store.clone();
        let id = id.clone();
        use_effect_with((id.clone(), store.is_some()), move |_| {
            if let Some(store) = store {
                wasm_bindgen_futures::spawn_local(async move {
                    if let Ok(read) = store.progress(&id).await {
                        progress.set(Some(read));
                    }
                });
            }
        });
    }
    let Some(collection) = library.service().collections.collections.get(&id).cloned() else {
        return html! {
            <p class="empty">
                { strings.get("collection-missing") }{ " " }
                <Link<Route> to={Route::Collections}>{ strings.get("back-to-collections") }</Link<Route>>
            </p>
        };
    };
    let own = collection.owner == viewer().user_id;
    let entries = library.service().entries(&viewer(), &collection);
    let service = library.service();
    let candidates: Vec<&Board> = service
        .boards
        .boards
        .values()
        .filter(|board| !board.is_deleted() && viewer().owns(board) && !collection.boards.contains(&board.id))
        .collect();

    let report = {
        let error = error.clone();
        move |result: Result<(), ServiceError>| error.set(result.err().map(|refused| refusal_key(&refused)))
    };
    let on_rename_input = {
        let rename = rename.clone();
        Callback::from(move |event: InputEvent| {
            rename.set(Some(event.target_unchecked_into::<HtmlInputElement>().value()));
        })
    };
    let on_rename = {
        let library = library.clone();
        let id = id.clone();
        let rename = rename.clone();
        let report = report.clone();
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            if let Some(name) = &*rename {
                let result = library::rename_collection(&library, &id, name);
                if result.is_ok() {
                    rename.set(None);
                }
                report(result);
            }
        })
    };
    let on_pick = {
        let adding = adding.clone();
        Callback::from(move |event: Event| adding.set(event.target_unchecked_into::<HtmlSelectElement>().value()))
    };
    let on_add = {
        let library = library.clone();
        let id = id.clone();
        let adding = adding.clone();
        let report = report.clone();
        Callback::from(move |_| {
            if !adding.is_empty() {
                report(library::add_to_collection(&library, &id, &BoardId((*adding).clone())));
                adding.set(String::new());
            }
        })
    };
    let on_delete = {
        let library = library.clone();
        let id = id.clone();
        let report = report.clone();
        Callback::from(move |_| {
            let result = library::delete_collection(&library, &id);
            if result.is_ok() {
                if let Some(navigator) = &navigator {
                    navigator.push(&Route::Collections);
                }
            }
            report(result);
        })
    };
    let last = entries.len().saturating_sub(1);
    let played = progress.as_ref().map_or(0, |progress| progress.played_among(&collection.boards));
    let resume = progress
        .as_ref()
        .and_then(|progress| progress.last_board.clone())
        .or_else(|| collection.boards.first().cloned());
    let resume = resume.and_then(|board| Some((board.clone(), board_name(service.boards.boards.get(&board)?))));
    let progress_line = html! {
        <p class="collection-progress" data-played={played.to_string()}>
            { strings.get("progress-played").replace("{played}", &played.to_string()).replace("{total}", &collection.boards.len().to_string()) }
            if let Some((board, name)) = resume {
                { " " }
                <Link<Route> classes="button primary continue" to={Route::PlayInCollection { id: collection.id.0.clone(), board: board.0 }}>
                    { strings.get("progress-continue").replace("{name}", &name) }
                </Link<Route>>
            }
        </p>
    };
    // The viewer's own collection is changed here; someone else's is read and played.
    let entries_list = html! {
        <ol class="collection-entries">
            { for entries.iter().enumerate().map(|(index, entry)| html! {
                <EntryRow
                    library={library.clone()}
                    collection={id.clone()}
                    entry={entry.clone()}
                    index={index}
                    last={index == last}
                    dragging={dragging.clone()}
                    progress={progress.as_ref().and_then(|progress| progress.boards.get(entry.id()).copied())}
                    editable={own}
                />
            }) }
        </ol>
    };
    if !own {
        // Someone else's collection, opened by its code or shared with a group.
        return html! {
            <section class="collection-page shared" data-collection={collection.id.0.clone()}>
                <h2 class="collection-title">{ collection.name.clone() }</h2>
                { progress_line }
                { entries_list }
                <p><Link<Route> to={Route::Collections}>{ strings.get("back-to-collections") }</Link<Route>></p>
            </section>
        };
    }
    html! {
        <section class="collection-page" data-collection={collection.id.0.clone()}>
            <form class="rename-collection" onsubmit={on_rename}>
                <label>
                    <span>{ strings.get("collection-name") }</span>
                    <input
                        type="text"
                        class="collection-name"
                        value={rename.as_ref().cloned().unwrap_or_else(|| collection.name.clone())}
                        oninput={on_rename_input}
                    />
                </label>
                <button type="submit" class="rename" disabled={rename.is_none()}>{ strings.get("rename") }</button>
            </form>
            if let Some(key) = *error {
                <p class="field-error" role="alert">{ strings.get(key) }</p>
            }
            { progress_line }
            { entries_list }
            <ShareCollection library={library.clone()} collection={collection.clone()} />
            <div class="add-board">
                <label>
                    <span>{ strings.get("add-board") }</span>
                    <select class="board-to-add" onchange={on_pick}>
                        <option value="" selected={adding.is_empty()}>{ "—" }</option>
                        { for candidates.iter().map(|board| html! {
                            <option value={board.id.0.clone()} selected={*adding == board.id.0}>
                                { format!("{} ({})", board_name(board), board.code()) }
                            </option>
                        }) }
                    </select>
                </label>
                <button class="add" onclick={on_add} disabled={adding.is_empty()}>{ strings.get("add") }</button>
            </div>
            <p>
                <Link<Route> classes="button handout-link" to={Route::CollectionHandout { id: collection.id.0.clone() }}>
                    { strings.get("handout") }
                </Link<Route>>
                { " " }
                <button class="delete-collection" onclick={on_delete}>{ strings.get("delete-collection") }</button>
                { " " }
                <Link<Route> to={Route::Collections}>{ strings.get("back-to-collections") }</Link<Route>>
            </p>
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct EntryRowProps {
    library: LibraryHandle,
    collection: CollectionId,
    entry: CollectionEntry,
    index: usize,
    last: bool,
    dragging: UseStateHandle<Option<BoardId>>,
    /// The learner's games on this board.
    progress: Option<BoardProgress>,
    /// The viewer owns the collection: the board can be moved or removed.
    editable: bool,
}

#[component]
fn EntryRow(props: &EntryRowProps) -> Html {
    let strings = use_app_strings();
    let board_id = props.entry.id().clone();
    let act = |change: fn(&LibraryHandle, &CollectionId, &BoardId) -> Result<(), ServiceError>| {
        let library = props.library.clone();
        let collection = props.collection.clone();
        let board_id = board_id.clone();
        // A refused move or removal changes nothing; the page keeps showing the truth.
        Callback::from(move |_| {
            let _ = change(&library, &collection, &board_id);
        })
    };
    let up =
        act(|library, collection, board| library::move_in_collection(library, collection, board, CollectionMove::Up));
    let down =
        act(|library, collection, board| library::move_in_collection(library, collection, board, CollectionMove::Down));
    let remove = act(library::remove_from_collection);
    // Dragging a row onto another puts the dragged board at that place.
    let on_drag_start = {
        let dragging = props.dragging.clone();
        let board_id = board_id.clone();
        Callback::from(move |event: DragEvent| {
            if let Some(transfer) = event.data_transfer() {
                // Some browsers start a drag only with data set.
                let _ = transfer.set_data("text/plain", &board_id.0);
                transfer.set_effect_allowed("move");
            }
            dragging.set(Some(board_id.clone()));
        })
    };
    let on_drag_over = Callback::from(|event: DragEvent| event.prevent_default());
    let on_drop = {
        let dragging = props.dragging.clone();
        let library = props.library.clone();
        let collection = props.collection.clone();
        let index = props.index;
        Callback::from(move |event: DragEvent| {
            event.prevent_default();
            if let Some(moved) = (*dragging).clone() {
                let _ = library::move_in_collection(&library, &collection, &moved, CollectionMove::To(index));
            }
            dragging.set(None);
        })
    };
    let on_drag_end = {
        let dragging = props.dragging.clone();
        Callback::from(move |_: DragEvent| dragging.set(None))
    };
    let dragged = props.dragging.as_ref() == Some(&board_id);
    let (label, available) = match &props.entry {
        CollectionEntry::Available(board) => (
            html! {
                <div class="entry-board">
                    <Link<Route> classes="board-name" to={Route::Board { id: board.id.0.clone() }}>{ board_name(&**board) }</Link<Route>>
                    <ui::DealDiagram compact=true deal={*board.game().deal()} dealer={board.game().dealer()}
                        vulnerability={board.game().vulnerability()} />
                    if board.is_playable() {
                        <Link<Route> classes="button play-entry" to={Route::PlayInCollection { id: props.collection.0.clone(), board: board.id.0.clone() }}>
                            { strings.get("play-board") }
                        </Link<Route>>
                    }
                    if let Some(progress) = props.progress {
                        <span class="entry-progress" data-games={progress.games.to_string()}>
                            { strings.get("progress-best").replace("{tricks}", &progress.best.learner_tricks.to_string()) }
                        </span>
                    }
                </div>
            },
            true,
        ),
        CollectionEntry::Unavailable(_) => {
            (html! { <span class="board-name">{ strings.get("board-unavailable") }</span> }, false)
        }
    };
    html! {
        <li
            class={classes!("entry", (!available).then_some("unavailable"), dragged.then_some("dragged"))}
            data-board={board_id.0.clone()}
            draggable={if props.editable { "true" } else { "false" }}
            ondragstart={props.editable.then_some(on_drag_start)}
            ondragover={props.editable.then_some(on_drag_over)}
            ondrop={props.editable.then_some(on_drop)}
            ondragend={props.editable.then_some(on_drag_end)}
        >
            if props.editable {
                <span class="drag-handle" aria-hidden="true">{ "⠿" }</span>
            }
            { label }
            if props.editable {
                <span class="entry-actions">
                    <button class="up" onclick={up} disabled={props.index == 0} aria-label={strings.get("move-up")}>{ "↑" }</button>
                    <button class="down" onclick={down} disabled={props.last} aria-label={strings.get("move-down")}>{ "↓" }</button>
                    <button class="remove" onclick={remove}>{ strings.get("remove") }</button>
                </span>
            }
        </li>
    }
}

#[derive(Properties, PartialEq)]
struct ShareCollectionProps {
    library: LibraryHandle,
    collection: Collection,
}

/// Sharing one's collection: published, anyone with its code (the collection's id) or link
/// opens it; shared with one of one's groups, its members receive it at their next sync. Either
/// way once it has reached the server (sync, when signed in).
#[component]
fn ShareCollection(props: &ShareCollectionProps) -> Html {
    let strings = use_app_strings();
    let error = use_state(|| None::<&'static str>);
    // One's groups, fetched when signed in (they live on the server).
    let groups = use_state(Vec::<api_contract::Group>::new);
    let signed_in = props.library.sync.signed_in.is_some();
    {
        let groups = groups.clone();
        let library = props.library.clone();
        use_effect_with(signed_in, move |signed_in| {
            if *signed_in {
                wasm_bindgen_futures::spawn_local(async move {
                    let Some(token) = super::account::token(&library).await else { return };
                    if let Ok(listed) = crate::api::groups(&token).await {
                        groups.set(listed.groups);
                    }
                });
            }
        });
    }
    let share = |sharing: Sharing| {
        let library = props.library.clone();
        let id = props.collection.id.clone();
        let error = error.clone();
        move || {
            error.set(
                library::share_collection(&library, &id, sharing.clone()).err().map(|refused| refusal_key(&refused)),
            )
        }
    };
    let public = props.collection.sharing == Sharing::Public;
    let on_toggle = {
        let share = share(if public { Sharing::Private } else { Sharing::Public });
        Callback::from(move |_| share())
    };
    let on_group = {
        let library = props.library.clone();
        let id = props.collection.id.clone();
        let error = error.clone();
        Callback::from(move |event: Event| {
            let value = event.target_unchecked_into::<HtmlSelectElement>().value();
            let sharing = if value.is_empty() { Sharing::Private } else { Sharing::Groups(vec![GroupId(value)]) };
            error.set(library::share_collection(&library, &id, sharing).err().map(|refused| refusal_key(&refused)));
        })
    };
    let shared_with = match &props.collection.sharing {
        Sharing::Groups(shared) => shared.first().map(|group| group.0.clone()),
        _ => None,
    };
    let code = props.collection.id.0.clone();
    let link = web_sys::window()
        .and_then(|window| window.location().href().ok())
        .map(|href| format!("{}#/open/{code}", href.split('#').next().unwrap_or_default()))
        .unwrap_or_default();
    let state = match props.collection.sharing {
        Sharing::Public => "public",
        Sharing::Groups(_) => "groups",
        Sharing::Private => "private",
    };
    html! {
        <div class="share-collection" data-sharing={state}>
            if public {
                <p>{ strings.get("collection-public") }{ " " }<code class="share-code">{ code }</code></p>
                <input type="text" class="share-link" readonly=true value={link} aria-label={strings.get("collection-share-link")} />
                <button class="unpublish-collection" onclick={on_toggle}>{ strings.get("collection-unpublish") }</button>
            } else {
                <p class="hint">{ strings.get(if shared_with.is_some() { "collection-group-shared" } else { "collection-private" }) }</p>
                <button class="publish-collection" onclick={on_toggle}>{ strings.get("collection-publish") }</button>
            }
            if !groups.is_empty() && !public {
                <label class="field">
                    <span>{ strings.get("collection-share-group") }</span>
                    <select class="share-with-group" onchange={on_group}>
                        <option value="" selected={shared_with.is_none()}>{ "—" }</option>
                        { for groups.iter().map(|group| html! {
                            <option value={group.id.clone()} selected={shared_with.as_deref() == Some(group.id.as_str())}>{ group.name.clone() }</option>
                        }) }
                    </select>
                </label>
            }
            if !signed_in {
                <p class="hint">
                    { strings.get("collection-share-sign-in") }{ " " }
                    <Link<Route> to={Route::Account}>{ strings.get("account-sign-in") }</Link<Route>>
                </p>
            }
            if let Some(key) = *error {
                <p class="field-error" role="alert">{ strings.get(key) }</p>
            }
        </div>
    }
}
