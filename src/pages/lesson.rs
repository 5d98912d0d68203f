//! One step of a collection, as a learner walks a lesson: a text to read or a board to play,
//! with every step of the lesson as a dot (seen, solved, here) and the way to the previous and
//! next steps. Opening a text marks it seen; the player marks a board seen when it opens and
//! solved when a game reaches its aim, and tells the page, whose dots then follow at once.

use training::{CollectionEntry, CollectionId, CollectionProgress, StepEntry, StepKey};
use yew::prelude::*;
use yew_router::prelude::*;

use super::collections::step_title;
use super::PlayPage;
use crate::app::{use_app_strings, use_library, Route};
use crate::library::viewer;
use crate::rich_text::rich_text;

#[derive(Properties, PartialEq)]
pub struct LessonStepPageProps {
    pub id: String,
    /// From 1.
    pub step: usize,
}

/// The page at `#/collections/ID/steps/N`.
#[component]
pub fn LessonStepPage(props: &LessonStepPageProps) -> Html {
    let strings = use_app_strings();
    let library = use_library();
    let id = CollectionId(props.id.clone());
    let collection = library.service().collections.collections.get(&id).cloned();
    let index = props.step.checked_sub(1);
    let key: Option<StepKey> =
        collection.as_ref().zip(index).and_then(|(collection, at)| Some(collection.steps.get(at)?.key()));
    let progress = use_state(|| None::<CollectionProgress>);
    {
        let progress = progress.clone();
        let store = library.store.clone();
        let collection = collection.clone();
        use_effect_with((key.clone(), store.is_some()), move |(key, _)| {
            if let (Some(store), Some(collection), Some(key)) = (store, collection, key.clone()) {
                wasm_bindgen_futures::spawn_local(async move {
                    // A text is read by opening it; a board is seen once its player opens.
                    let read = match key {
                        StepKey::Text(_) => {
                            store.update_progress(&collection.id, |read| read.saw(&collection, key)).await
                        }
                        StepKey::Board(_) => store.progress(&collection.id).await,
                    };
                    // A progress that cannot be read or stored leaves the dots as they are.
                    if let Ok(read) = read {
                        progress.set(Some(read));
                    }
                });
            }
        });
    }
    let Some(collection) = collection else {
        let key = if library.has_boards() { "collection-missing" } else { "game-loading" };
        return html! {
            <p class="empty">
                { strings.get(key) }{ " " }
                <Link<Route> classes="back" to={Route::Collections}>{ strings.get("back-to-collections") }</Link<Route>>
            </p>
        };
    };
    let steps = library.service().steps(&viewer(), &collection);
    let Some((at, step)) = index.and_then(|at| Some((at, steps.get(at)?))) else {
        return html! {
            <p class="empty">
                { strings.get("step-missing") }{ " " }
                <Link<Route> classes="back" to={Route::Collection { id: collection.id.0.clone() }}>{ strings.get("back-to-collection") }</Link<Route>>
            </p>
        };
    };
    let route = |at: usize| Route::LessonStep { id: collection.id.0.clone(), step: at + 1 };
    let dots = html! {
        <ol class="lesson-dots">
            { for steps.iter().enumerate().map(|(n, other)| {
                let key = other.key();
                let seen = progress.as_ref().is_some_and(|progress| progress.has_seen(&key));
                let solved = matches!(&key, StepKey::Board(board) if progress.as_ref().is_some_and(|progress| progress.is_solved(board)));
                let kind = if matches!(other, StepEntry::Text(_)) { "text" } else { "board" };
                html! {
                    <li class={classes!("dot", kind, seen.then_some("seen"), solved.then_some("solved"), (n == at).then_some("here"))}>
                        <Link<Route> to={route(n)}>
                            <span class="visually-hidden">{ step_title(other, &strings) }</span>
                        </Link<Route>>
                    </li>
                }
            }) }
        </ol>
    };
    let nav = html! {
        <nav class="lesson-nav">
            if at > 0 {
                <Link<Route> classes="button previous-step" to={route(at - 1)}>{ strings.get("step-previous") }</Link<Route>>
            }
            <span class="step-of">
                { strings.get("step-of").replace("{step}", &(at + 1).to_string()).replace("{count}", &steps.len().to_string()) }
            </span>
            if at + 1 < steps.len() {
                <Link<Route> classes="button primary next-step" to={route(at + 1)}>{ strings.get("step-next") }</Link<Route>>
            } else {
                <Link<Route> classes="button primary lesson-end" to={Route::Collection { id: collection.id.0.clone() }}>
                    { strings.get("lesson-back") }
                </Link<Route>>
            }
        </nav>
    };
    let body = match step {
        StepEntry::Text(text) => {
            let locale = strings.locale();
            html! {
                <article class="text-step" data-step={step.key().to_stored()}>
                    { text.text.for_reader(&locale).map(|text| rich_text(text, &locale)).unwrap_or_default() }
                </article>
            }
        }
        StepEntry::Board(CollectionEntry::Available(board)) if board.is_playable() => {
            // The player marks the board seen, then solved: the dots follow.
            let on_progress = {
                let progress = progress.clone();
                Callback::from(move |read: CollectionProgress| progress.set(Some(read)))
            };
            html! {
                <PlayPage
                    key={board.id.0.clone()}
                    id={board.id.0.clone()}
                    collection={Some(collection.id.0.clone())}
                    {on_progress}
                />
            }
        }
        StepEntry::Board(_) => html! { <p class="empty">{ strings.get("board-unavailable") }</p> },
    };
    html! {
        <section class="lesson-step" data-collection={collection.id.0.clone()} data-step={(at + 1).to_string()}>
            <header class="lesson-header">
                <h2 class="lesson-title">
                    // A link back to the lesson, sized as the others.
                    <Link<Route> classes="back" to={Route::Collection { id: collection.id.0.clone() }}>{ collection.name.clone() }</Link<Route>>
                </h2>
                { dots }
            </header>
            { body }
            { nav }
        </section>
    }
}
