//! Collections: the list with a form to create one and a form to open a shared one by its code,
//! and one collection with its steps in order, boards and texts (move up or down, remove, add a
//! board or a text, change a text), renamed, shared (published by its code) or deleted. A board
//! that was deleted or went to the trash stays in its place, shown as unavailable. A collection
//! opened from someone else is read and played, not changed. Each shows the learner's progress:
//! where they stopped, what they solved, and whether the lesson is finished.

use std::collections::BTreeMap;

use training::{
    Board, BoardProgress, Collection, CollectionEntry, CollectionId, CollectionMove, CollectionProgress, GroupId,
    LessonStatus, Localized, ServiceError, Sharing, StepEntry, StepKey, TextStepError,
};
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;
use yew_router::prelude::*;

use super::boards::board_name;
use super::editor::{Texts, LANGUAGES};
use crate::app::{use_app_strings, use_library, Route};
use crate::library::{self, viewer, LibraryHandle};
use crate::rich_text::rich_text;
use crate::strings::AppStrings;

/// The message key of a refused change.
fn refusal_key(error: &ServiceError) -> &'static str {
    match error {
        ServiceError::BlankName => "name-required",
        ServiceError::InvalidText(TextStepError::Blank) => "text-step-blank",
        ServiceError::InvalidText(TextStepError::TooLong(_)) => "text-step-too-long",
        _ => "change-refused",
    }
}

/// The key of a lesson status's label, also its `data-status`.
fn status_key(status: LessonStatus) -> &'static str {
    match status {
        LessonStatus::NotStarted => "lesson-not-started",
        LessonStatus::InProgress => "lesson-in-progress",
        LessonStatus::Finished => "lesson-finished",
    }
}

/// The learner's progress through each of `ids`, read from the store (none without a store).
#[hook]
fn use_progress(ids: Vec<CollectionId>) -> UseStateHandle<BTreeMap<CollectionId, CollectionProgress>> {
    let library = use_library();
    let progress = use_state(BTreeMap::new);
    {
        let progress = progress.clone();
        let store = library.store.clone();
        use_effect_with((ids, store.is_some()), move |(ids, _)| {
            if let Some(store) = store {
                let ids = ids.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    let mut read = BTreeMap::new();
                    for id in ids {
                        if let Ok(found) = store.progress(&id).await {
                            read.insert(id, found);
                        }
                    }
                    progress.set(read);
                });
            }
        });
    }
    progress
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
    bridge::order::sort_by_key(&mut collections, |collection| collection.name.to_lowercase());
    let progress = use_progress(collections.iter().map(|collection| collection.id.clone()).collect());

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
                { for collections.iter().map(|collection| {
                    let status = progress.get(&collection.id).map_or(LessonStatus::NotStarted, |progress| progress.status(collection));
                    let count = if collection.is_lesson() {
                        strings.get("steps-count").replace("{count}", &collection.steps.len().to_string())
                    } else {
                        strings.get("boards-count").replace("{count}", &collection.boards().count().to_string())
                    };
                    html! {
                        <li class="collection-row" data-collection={collection.id.0.clone()}>
                            <Link<Route> classes="collection-link" to={Route::Collection { id: collection.id.0.clone() }}>
                                { collection.name.clone() }
                            </Link<Route>>
                            <span class="board-meta">{ count }</span>
                            if status != LessonStatus::NotStarted {
                                <span class="lesson-status" data-status={status_key(status)}>{ strings.get(status_key(status)) }</span>
                            }
                        </li>
                    }
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
    // The step being dragged to a new place, if any.
    let dragging = use_state(|| None::<StepKey>);
    let navigator = use_navigator();
    // The learner's progress through the collection, read from the store.
    let progress = use_progress(vec![id.clone()]);
    let Some(collection) = library.service().collections.collections.get(&id).cloned() else {
        return html! {
            <p class="empty">
                { strings.get("collection-missing") }{ " " }
                <Link<Route> classes="back" to={Route::Collections}>{ strings.get("back-to-collections") }</Link<Route>>
            </p>
        };
    };
    let progress = progress.get(&id).cloned();
    let own = collection.owner == viewer().user_id;
    let steps = library.service().steps(&viewer(), &collection);
    let service = library.service();
    let candidates: Vec<&Board> = service
        .boards
        .boards
        .values()
        .filter(|board| !board.is_deleted() && viewer().owns(board) && !collection.contains_board(&board.id))
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
                report(library::add_to_collection(&library, &id, &training::BoardId((*adding).clone())));
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
    let last = steps.len().saturating_sub(1);
    let progress_line = progress_summary(&strings, &collection, &steps, progress.as_ref());
    // The viewer's own collection is changed here; someone else's is read and played.
    let entries_list = html! {
        <ol class="collection-entries">
            { for steps.iter().enumerate().map(|(index, step)| html! {
                <StepRow
                    key={step.key().to_stored()}
                    library={library.clone()}
                    collection={id.clone()}
                    step={step.clone()}
                    index={index}
                    last={index == last}
                    dragging={dragging.clone()}
                    progress={match step {
                        StepEntry::Board(entry) => progress.as_ref().and_then(|progress| progress.boards.get(entry.id()).copied()),
                        StepEntry::Text(_) => None,
                    }}
                    seen={progress.as_ref().is_some_and(|progress| progress.has_seen(&step.key()))}
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
                <p><Link<Route> classes="back" to={Route::Collections}>{ strings.get("back-to-collections") }</Link<Route>></p>
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
            <details class="add-text">
                <summary>{ strings.get("add-text-step") }</summary>
                <p class="hint">{ strings.get("text-step-hint") }</p>
                <TextStepForm library={library.clone()} collection={id.clone()} text_id={None::<String>} initial={Localized::new()} />
            </details>
            <p>
                <Link<Route> classes="button handout-link" to={Route::CollectionHandout { id: collection.id.0.clone() }}>
                    { strings.get("handout") }
                </Link<Route>>
                { " " }
                <button class="delete-collection" onclick={on_delete}>{ strings.get("delete-collection") }</button>
                { " " }
                <Link<Route> classes="back" to={Route::Collections}>{ strings.get("back-to-collections") }</Link<Route>>
            </p>
        </section>
    }
}

/// The short title of a step: a board's name, or a text's first words.
pub fn step_title(step: &StepEntry, strings: &AppStrings) -> String {
    match step {
        StepEntry::Board(CollectionEntry::Available(board)) => board_name(&**board),
        StepEntry::Board(CollectionEntry::Unavailable(_)) => strings.get("board-unavailable"),
        StepEntry::Text(text) => {
            let locale = strings.locale();
            let plain = text.text.for_reader(&locale).map(|text| text.to_plain(&locale)).unwrap_or_default();
            let first = plain.lines().find(|line| !line.trim().is_empty()).unwrap_or_default();
            match first.char_indices().nth(48) {
                Some((cut, _)) => format!("{}…", &first[..cut]),
                None => first.to_owned(),
            }
        }
    }
}

/// Where the learner stands in `collection`: the status, the boards played and solved, the
/// furthest step, and the way back in at the last step seen.
fn progress_summary(
    strings: &AppStrings,
    collection: &Collection,
    steps: &[StepEntry],
    progress: Option<&CollectionProgress>,
) -> Html {
    let empty = CollectionProgress::new(collection.id.clone());
    let progress = progress.unwrap_or(&empty);
    let status = progress.status(collection);
    let total = collection.boards().count();
    let played = progress.played_among(collection.boards());
    let solved = progress.solved_among(collection.boards());
    let resume = progress.resume_at(collection);
    let furthest = progress.furthest_at(collection);
    let count = |key: &str| {
        strings
            .get(key)
            .replace("{played}", &played.to_string())
            .replace("{solved}", &solved.to_string())
            .replace("{total}", &total.to_string())
    };
    html! {
        <div class="collection-progress" data-status={status_key(status)} data-played={played.to_string()}
            data-solved={solved.to_string()} data-furthest={furthest.map(|at| (at + 1).to_string()).unwrap_or_default()}>
            <p>
                <span class="lesson-status" data-status={status_key(status)}>{ strings.get(status_key(status)) }</span>
                { " " }
                if total > 0 {
                    <span class="progress-played">{ count("progress-played") }</span>
                    { " · " }
                    <span class="progress-solved">{ count("progress-solved") }</span>
                }
            </p>
            if let Some(at) = furthest {
                <p class="progress-furthest">
                    { strings.get("progress-furthest").replace("{step}", &(at + 1).to_string()).replace("{count}", &steps.len().to_string()) }
                </p>
            }
            if let Some(step) = steps.get(resume) {
                <p>
                    <Link<Route> classes="button primary continue" to={Route::LessonStep { id: collection.id.0.clone(), step: resume + 1 }}>
                        { if status == LessonStatus::NotStarted {
                            strings.get(if collection.is_lesson() { "lesson-start" } else { "collection-start" })
                        } else {
                            strings.get("progress-continue").replace("{step}", &(resume + 1).to_string()).replace("{name}", &step_title(step, strings))
                        } }
                    </Link<Route>>
                </p>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct StepRowProps {
    library: LibraryHandle,
    collection: CollectionId,
    step: StepEntry,
    index: usize,
    last: bool,
    dragging: UseStateHandle<Option<StepKey>>,
    /// The learner's games on a board step.
    progress: Option<BoardProgress>,
    /// The learner has seen the step.
    seen: bool,
    /// The viewer owns the collection: the step can be moved, removed, or its text changed.
    editable: bool,
}

#[component]
fn StepRow(props: &StepRowProps) -> Html {
    let strings = use_app_strings();
    let editing = use_state(|| false);
    let key = props.step.key();
    let act = |change: fn(&LibraryHandle, &CollectionId, &StepKey) -> Result<(), ServiceError>| {
        let library = props.library.clone();
        let collection = props.collection.clone();
        let key = key.clone();
        // A refused move or removal changes nothing; the page keeps showing the truth.
        Callback::from(move |_| {
            let _ = change(&library, &collection, &key);
        })
    };
    let up =
        act(|library, collection, step| library::move_in_collection(library, collection, step, CollectionMove::Up));
    let down =
        act(|library, collection, step| library::move_in_collection(library, collection, step, CollectionMove::Down));
    let remove = act(library::remove_from_collection);
    // Dragging a row onto another puts the dragged step at that place.
    let on_drag_start = {
        let dragging = props.dragging.clone();
        let key = key.clone();
        Callback::from(move |event: DragEvent| {
            if let Some(transfer) = event.data_transfer() {
                // Some browsers start a drag only with data set.
                let _ = transfer.set_data("text/plain", &key.to_stored());
                transfer.set_effect_allowed("move");
            }
            dragging.set(Some(key.clone()));
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
    let dragged = props.dragging.as_ref() == Some(&key);
    let step_link = Route::LessonStep { id: props.collection.0.clone(), step: props.index + 1 };
    let number = html! { <span class="step-number">{ (props.index + 1).to_string() }</span> };
    let (label, available, kind) = match &props.step {
        StepEntry::Board(CollectionEntry::Available(board)) => (
            html! {
                <div class="entry-board">
                    { number }
                    <Link<Route> classes="board-name" to={Route::Board { id: board.id.0.clone() }}>{ board_name(&**board) }</Link<Route>>
                    <ui::DealDiagram compact=true deal={*board.game().deal()} dealer={board.game().dealer()}
                        vulnerability={board.game().vulnerability()} />
                    if board.is_playable() {
                        <Link<Route> classes="button play-entry" to={step_link}>
                            { strings.get("play-board") }
                        </Link<Route>>
                    }
                    if let Some(progress) = props.progress {
                        <span class="entry-progress" data-games={progress.games.to_string()} data-solved={progress.solved.to_string()}>
                            if progress.solved {
                                <span class="solved-mark">{ strings.get("step-solved") }</span>{ " · " }
                            }
                            { strings.get("progress-best").replace("{tricks}", &progress.best.learner_tricks.to_string()) }
                        </span>
                    }
                </div>
            },
            true,
            "board",
        ),
        StepEntry::Board(CollectionEntry::Unavailable(_)) => {
            (html! { <span class="board-name">{ number }{ strings.get("board-unavailable") }</span> }, false, "board")
        }
        StepEntry::Text(text) if *editing => {
            let done = {
                let editing = editing.clone();
                Callback::from(move |()| editing.set(false))
            };
            (
                html! {
                    <div class="entry-text editing">
                        <TextStepForm library={props.library.clone()} collection={props.collection.clone()}
                            text_id={Some(text.id.clone())} initial={text.text.clone()} on_done={done} />
                    </div>
                },
                true,
                "text",
            )
        }
        StepEntry::Text(text) => {
            let locale = strings.locale();
            let body = text.text.for_reader(&locale).map(|text| rich_text(text, &locale)).unwrap_or_default();
            let on_edit = {
                let editing = editing.clone();
                Callback::from(move |_| editing.set(true))
            };
            (
                html! {
                    <div class="entry-text">
                        { number }
                        <div class="text-step-body">{ body }</div>
                        <Link<Route> classes="button read-step" to={step_link}>{ strings.get("step-read") }</Link<Route>>
                        if props.seen {
                            <span class="seen-mark">{ strings.get("step-seen") }</span>
                        }
                        if props.editable {
                            { " " }
                            <button class="edit-text" onclick={on_edit}>{ strings.get("edit") }</button>
                        }
                    </div>
                },
                true,
                "text",
            )
        }
    };
    html! {
        <li
            class={classes!("entry", kind, (!available).then_some("unavailable"), dragged.then_some("dragged"))}
            data-step={key.to_stored()}
            data-board={match &key { StepKey::Board(id) => Some(id.0.clone()), StepKey::Text(_) => None }}
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
struct TextStepFormProps {
    library: LibraryHandle,
    collection: CollectionId,
    /// The text step changed; `None` adds a new one at the end.
    text_id: Option<String>,
    initial: Localized,
    /// Called once the text is saved or the change given up.
    #[prop_or_default]
    on_done: Callback<()>,
}

/// A text step's text in each language, added at the end of the collection or saved in place.
#[component]
fn TextStepForm(props: &TextStepFormProps) -> Html {
    let strings = use_app_strings();
    let texts = use_state(|| Texts::from_localized(&props.initial));
    let error = use_state(|| None::<&'static str>);
    let on_submit = {
        let texts = texts.clone();
        let error = error.clone();
        let library = props.library.clone();
        let collection = props.collection.clone();
        let text_id = props.text_id.clone();
        let on_done = props.on_done.clone();
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let text = texts.localized();
            let result = match &text_id {
                Some(text_id) => library::edit_text_step(&library, &collection, text_id, text),
                None => library::add_text_step(&library, &collection, text, None),
            };
            match result {
                Ok(()) => {
                    error.set(None);
                    if text_id.is_none() {
                        texts.set(Texts::default());
                    }
                    on_done.emit(());
                }
                Err(refused) => error.set(Some(refusal_key(&refused))),
            }
        })
    };
    let on_cancel = {
        let on_done = props.on_done.clone();
        Callback::from(move |_| on_done.emit(()))
    };
    html! {
        <form class="text-step-form" onsubmit={on_submit}>
            { for LANGUAGES.iter().enumerate().map(|(lang, tag)| {
                let oninput = {
                    let texts = texts.clone();
                    Callback::from(move |event: InputEvent| {
                        let mut changed = (*texts).clone();
                        changed.0[lang] = event.target_unchecked_into::<HtmlTextAreaElement>().value();
                        texts.set(changed);
                    })
                };
                html! {
                    <label class="comment-text" lang={*tag}>
                        <span>{ tag.to_uppercase() }</span>
                        <textarea class={format!("text-step-{tag}")} value={texts.0[lang].clone()} {oninput} rows="4" />
                    </label>
                }
            }) }
            if let Some(key) = *error {
                <p class="field-error" role="alert">{ strings.get(key) }</p>
            }
            <button type="submit" class="primary save-text" disabled={!texts.has_text()}>
                { strings.get(if props.text_id.is_some() { "save" } else { "add-text-step" }) }
            </button>
            if props.text_id.is_some() {
                { " " }
                <button type="button" class="cancel-text" onclick={on_cancel}>{ strings.get("cancel") }</button>
            }
        </form>
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
