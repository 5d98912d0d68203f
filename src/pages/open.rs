//! Opening a shared collection by its code or link (`#/open/CODE`): the public collection and
//! its boards are fetched once and kept on the device, so the learner plays them offline from
//! then on. No account is needed.

use training::{read_board_record, read_collection_record, Board, Collection};
use yew::prelude::*;
use yew_router::prelude::*;

use crate::api;
use crate::app::{use_app_strings, use_library, Route};
use crate::library;

#[derive(Properties, PartialEq)]
pub struct OpenSharedProps {
    pub code: String,
}

/// Where the opening stands.
#[derive(Clone, PartialEq)]
enum Opening {
    Fetching,
    /// Kept on the device: the collection's id and how many of its boards came.
    Kept {
        id: String,
        boards: usize,
    },
    /// The message key of the failure.
    Failed(&'static str),
}

#[component]
pub fn OpenShared(props: &OpenSharedProps) -> Html {
    let strings = use_app_strings();
    let library = use_library();
    let opening = use_state(|| Opening::Fetching);
    let navigator = use_navigator();
    {
        let opening = opening.clone();
        let library = library.clone();
        let code = props.code.trim().to_owned();
        // Once the store is open, so what is fetched is kept.
        use_effect_with((code.clone(), library.store.is_some()), move |(_, ready)| {
            if *ready {
                wasm_bindgen_futures::spawn_local(async move {
                    let fetched = api::public_collection(&code).await;
                    let outcome = match fetched.map(|public| read_shared(&public.collection, &public.boards)) {
                        Ok(Some((collection, boards))) => {
                            let kept = Opening::Kept { id: collection.id.0.clone(), boards: boards.len() };
                            library::keep_shared(&library, collection, boards);
                            kept
                        }
                        Ok(None) => Opening::Failed("api-failed"),
                        Err(failure) => Opening::Failed(failure.message_key()),
                    };
                    opening.set(outcome);
                });
            }
        });
    }
    {
        // Straight to the collection once it is kept.
        let opening = (*opening).clone();
        use_effect_with(opening, move |opening| {
            if let (Opening::Kept { id, .. }, Some(navigator)) = (opening, navigator) {
                navigator.replace(&Route::Collection { id: id.clone() });
            }
        });
    }
    let text = match &*opening {
        Opening::Fetching => strings.get("open-fetching"),
        Opening::Kept { boards, .. } => strings.get("open-kept").replace("{count}", &boards.to_string()),
        Opening::Failed(key) => strings.get(key),
    };
    let failed = matches!(*opening, Opening::Failed(_));
    html! {
        <section class="open-shared" data-code={props.code.clone()}>
            <h2>{ strings.get("open-shared") }</h2>
            <p class={classes!(failed.then_some("field-error"))} role={failed.then_some("alert")}>{ text }</p>
            <Link<Route> classes="back" to={Route::Collections}>{ strings.get("back-to-collections") }</Link<Route>>
        </section>
    }
}

/// The collection and the boards of a public answer; `None` when the collection does not read.
/// Boards this build cannot read are left out, like those the reader may not see.
fn read_shared(collection: &serde_json::Value, boards: &[serde_json::Value]) -> Option<(Collection, Vec<Board>)> {
    let collection = read_collection_record(collection).ok()?;
    let boards = boards.iter().filter_map(|board| read_board_record(board).ok()).collect();
    Some((collection, boards))
}
