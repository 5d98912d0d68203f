//! The account: sign up or sign in, where sync stands (with "sync now"), the conflicts to
//! settle and the changes the server refused, sign out, and deleting the account.
//!
//! The app works fully without an account; signing in adds a copy of one's boards and
//! collections on the server, shared between one's devices (see `crate::sync`).

use api_contract::{Audience, DeleteAccount, Group, GroupBody, SignIn, SignUp};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::api::{self, Kind};
use crate::app::{use_app_strings, use_library};
use crate::library::{Action, LibraryHandle, Notice};
use crate::store::Conflict;
use crate::sync::{self, ClaimPlan, Phase};

/// What the forms hold.
#[derive(Clone, Default, PartialEq)]
struct Form {
    email: String,
    password: String,
    audience: Option<Audience>,
}

#[component]
pub fn AccountPage() -> Html {
    let strings = use_app_strings();
    let library = use_library();
    let form = use_state(Form::default);
    let error = use_state(|| None::<&'static str>);
    let busy = use_state(|| false);
    {
        let library = library.clone();
        use_effect_with(library.store.is_some(), move |_| sync::refresh(&library));
    }
    let view = library.sync.clone();

    let field = |set: fn(&mut Form, String)| {
        let form = form.clone();
        Callback::from(move |event: InputEvent| {
            let mut next = (*form).clone();
            set(&mut next, event.target_unchecked_into::<HtmlInputElement>().value());
            form.set(next);
        })
    };
    let on_audience = {
        let form = form.clone();
        Callback::from(move |event: Event| {
            let value = event.target_unchecked_into::<HtmlSelectElement>().value();
            form.set(Form { audience: Audience::from_str_opt(&value), ..(*form).clone() });
        })
    };
    // Signs in (or up), binds the device and runs sync.
    let open_session = |sign_up: bool| {
        let library = library.clone();
        let form = form.clone();
        let error = error.clone();
        let busy = busy.clone();
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let Some(store) = library.store.clone() else { return };
            // The buttons wait for the boards to be in memory, so this sees them all.
            let own_records = {
                let service = library.service();
                ClaimPlan::of(service.boards.boards.values(), service.collections.collections.values(), &[]).has_own()
            };
            let Form { email, password, audience } = (*form).clone();
            let (library, form, error, busy) = (library.clone(), form.clone(), error.clone(), busy.clone());
            busy.set(true);
            wasm_bindgen_futures::spawn_local(async move {
                let session = if sign_up {
                    let audience = audience.unwrap_or(Audience::Learner);
                    api::sign_up(&SignUp { email, password, audience }).await
                } else {
                    api::sign_in(&SignIn { email, password }).await
                };
                let opened = match session {
                    Ok(session) => sync::signed_in(&store, session, own_records).await,
                    Err(failure) => Err(failure.message_key()),
                };
                busy.set(false);
                match opened {
                    Ok(()) => {
                        form.set(Form::default());
                        error.set(None);
                        sync::request(&library);
                    }
                    Err(key) => error.set(Some(key)),
                }
            });
        })
    };
    let on_sign_out = {
        let library = library.clone();
        Callback::from(move |_| {
            let Some(store) = library.store.clone() else { return };
            let library = library.clone();
            wasm_bindgen_futures::spawn_local(async move {
                if let Err(error) = sync::sign_out(&store).await {
                    library.dispatch(Action::Notify(Notice::Store(error)));
                }
                sync::refresh(&library);
            });
        })
    };
    let on_sync = {
        let library = library.clone();
        Callback::from(move |_| sync::request(&library))
    };
    let on_delete = {
        let library = library.clone();
        let form = form.clone();
        let error = error.clone();
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let Some(store) = library.store.clone() else { return };
            let (library, form, error) = (library.clone(), form.clone(), error.clone());
            let password = form.password.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let Ok(state) = store.sync_state().await else { return };
                let Some(session) = state.session else { return };
                match api::delete_account(&session.token, &DeleteAccount { password }).await {
                    Ok(()) => {
                        if let Err(failure) = sync::forget_account(&store).await {
                            library.dispatch(Action::Notify(Notice::Store(failure)));
                        }
                        form.set(Form::default());
                        error.set(None);
                        sync::refresh(&library);
                    }
                    Err(failure) => error.set(Some(failure.message_key())),
                }
            });
        })
    };

    let error_line = error.map(|key| html! { <p class="field-error" role="alert">{ strings.get(key) }</p> });
    // The email and password fields of both forms (`password` is the browser's autocomplete hint).
    let credentials = |password: &'static str| {
        html! {
            <>
                <label class="field">
                    <span>{ strings.get("account-email") }</span>
                    <input type="email" class="email" autocomplete="username" value={form.email.clone()} oninput={field(|form, value| form.email = value)} />
                </label>
                <label class="field">
                    <span>{ strings.get("account-password") }</span>
                    <input type="password" class="password" autocomplete={password} value={form.password.clone()} oninput={field(|form, value| form.password = value)} />
                </label>
            </>
        }
    };
    let Some(email) = view.signed_in.clone() else {
        return html! {
            <section class="account-page" data-signed-in="false">
                <h2>{ strings.get("account") }</h2>
                <p class="hint">{ strings.get("account-why") }</p>
                if let Some(bound) = &view.bound_to {
                    <p class="hint device-account">{ strings.get("account-device-bound").replace("{email}", bound) }</p>
                }
                { error_line }
                <form class="sign-in" onsubmit={open_session(false)}>
                    <h3>{ strings.get("account-sign-in") }</h3>
                    { credentials("current-password") }
                    <button type="submit" class="primary sign-in-button" disabled={*busy || !library.has_boards()}>{ strings.get("account-sign-in") }</button>
                </form>
                <form class="sign-up" onsubmit={open_session(true)}>
                    <h3>{ strings.get("account-sign-up") }</h3>
                    { credentials("new-password") }
                    // Under the password it is about.
                    <p class="hint">{ strings.get("account-password-hint") }</p>
                    <label class="field">
                        <span>{ strings.get("account-audience") }</span>
                        <select class="audience" onchange={on_audience}>
                            <option value="learner" selected={form.audience != Some(Audience::Teacher)}>{ strings.get("account-learner") }</option>
                            <option value="teacher" selected={form.audience == Some(Audience::Teacher)}>{ strings.get("account-teacher") }</option>
                        </select>
                    </label>
                    <button type="submit" class="sign-up-button" disabled={*busy || !library.has_boards()}>{ strings.get("account-sign-up") }</button>
                </form>
            </section>
        };
    };
    let state_key = view.label_key().unwrap_or("sync-state-synced");
    let phase = match &view.phase {
        Phase::Idle if !view.conflicts.is_empty() => "conflict",
        Phase::Idle if view.pending > 0 => "pending",
        Phase::Idle => "synced",
        Phase::Running => "running",
        Phase::Offline => "offline",
        Phase::Failed(_) => "failed",
    };
    html! {
        <section class="account-page" data-signed-in="true">
            <h2>{ strings.get("account") }</h2>
            <p class="account-email">{ strings.get("account-signed-in-as").replace("{email}", &email) }</p>
            <div class="sync-panel" data-sync={phase} data-pending={view.pending.to_string()}
                data-conflicts={view.conflicts.len().to_string()} data-last-synced={view.last_synced.map(|at| at.to_string())}>
                <p class="sync-state">
                    { strings.get(state_key).replace("{count}", &view.pending.to_string()) }
                    if let Phase::Failed(key) = &view.phase {
                        { " " }{ strings.get(key) }
                    }
                </p>
                <button class="sync-now" onclick={on_sync} disabled={view.phase == Phase::Running}>{ strings.get("sync-now") }</button>
            </div>
            if view.claim_waiting {
                <ClaimPanel library={library.clone()} />
            }
            if !view.conflicts.is_empty() {
                <section class="conflicts">
                    <h3>{ strings.get("sync-conflicts") }</h3>
                    <p class="hint">{ strings.get("sync-conflicts-hint") }</p>
                    <ul>
                        { for view.conflicts.iter().map(|conflict| html! { <ConflictRow library={library.clone()} conflict={conflict.clone()} /> }) }
                    </ul>
                </section>
            }
            if !view.rejected.is_empty() {
                <section class="rejected">
                    <h3>{ strings.get("sync-rejected") }</h3>
                    <ul>
                        { for view.rejected.iter().map(|rejected| html! {
                            <li class="rejected-row" data-id={rejected.id.clone()}>
                                { local_name(&library, rejected.kind, &rejected.id) }{ ": " }{ rejected.reason.clone() }
                            </li>
                        }) }
                    </ul>
                </section>
            }
            { error_line }
            <GroupsPanel library={library.clone()} />
            <p><button class="sign-out" onclick={on_sign_out}>{ strings.get("account-sign-out") }</button></p>
            <details class="delete-account">
                <summary>{ strings.get("account-delete") }</summary>
                <form onsubmit={on_delete}>
                    <p class="hint">{ strings.get("account-delete-hint") }</p>
                    <label class="field">
                        <span>{ strings.get("account-password") }</span>
                        <input type="password" class="password" autocomplete="current-password" value={form.password.clone()} oninput={field(|form, value| form.password = value)} />
                    </label>
                    <button type="submit" class="danger delete-account-button">{ strings.get("account-delete") }</button>
                </form>
            </details>
        </section>
    }
}

/// The name of the device's record `id` of `kind`, or its id.
fn local_name(library: &LibraryHandle, kind: Kind, id: &str) -> String {
    let service = library.service();
    let name = match kind {
        Kind::Board => service.boards.boards.get(&training::BoardId(id.to_owned())).map(super::boards::board_name),
        Kind::Collection => {
            service.collections.collections.get(&training::CollectionId(id.to_owned())).map(|c| c.name.clone())
        }
    };
    name.unwrap_or_else(|| id.to_owned())
}

/// The name in a record's JSON: a board's metadata name, a collection's name.
fn record_name(kind: Kind, record: &serde_json::Value) -> Option<String> {
    let name = match kind {
        Kind::Board => record.get("metadata")?.get("name")?,
        Kind::Collection => record.get("name")?,
    };
    name.as_str().filter(|name| !name.is_empty()).map(str::to_owned)
}

#[derive(Properties, PartialEq)]
struct ConflictRowProps {
    library: LibraryHandle,
    conflict: Conflict,
}

/// One conflict: both versions named, and the two choices.
#[component]
fn ConflictRow(props: &ConflictRowProps) -> Html {
    let strings = use_app_strings();
    let conflict = &props.conflict;
    let error = use_state(|| None::<String>);
    let choose = |keep: bool| {
        let library = props.library.clone();
        let (kind, id) = (conflict.kind, conflict.id.clone());
        let error = error.clone();
        Callback::from(move |_| {
            let Some(store) = library.store.clone() else { return };
            let (library, id, error) = (library.clone(), id.clone(), error.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let chosen = if keep {
                    sync::keep_mine(&store, kind, &id).await.map(Ok)
                } else {
                    sync::take_theirs(&store, kind, &id)
                        .await
                        .map(|taken| taken.map(|synced| library.dispatch(Action::Synced(synced))))
                };
                match chosen {
                    Ok(Ok(())) => sync::request(&library),
                    Ok(Err(reason)) => error.set(Some(reason)),
                    Err(failure) => library.dispatch(Action::Notify(Notice::Store(failure))),
                }
            });
        })
    };
    let mine = local_name(&props.library, conflict.kind, &conflict.id);
    let theirs = match &conflict.record {
        Some(record) => strings
            .get("sync-conflict-theirs")
            .replace("{name}", &record_name(conflict.kind, record).unwrap_or_else(|| conflict.id.clone())),
        None => strings.get("sync-conflict-removed"),
    };
    html! {
        <li class="conflict-row" data-id={conflict.id.clone()}>
            <p>
                <strong class="conflict-mine">{ strings.get("sync-conflict-mine").replace("{name}", &mine) }</strong>
                <br />
                <span class="conflict-theirs">{ theirs }</span>
            </p>
            <button class="keep-mine" onclick={choose(true)}>{ strings.get("sync-keep-mine") }</button>
            { " " }
            <button class="take-theirs" onclick={choose(false)}>{ strings.get("sync-take-theirs") }</button>
            if let Some(reason) = &*error {
                <p class="field-error" role="alert">{ reason.clone() }</p>
            }
        </li>
    }
}

/// The signed-in account's session token, as sync keeps it.
pub async fn token(library: &LibraryHandle) -> Option<String> {
    let store = library.store.clone()?;
    store.sync_state().await.ok()?.session.map(|session| session.token)
}

/// The emails typed in a members field: separated by commas, semicolons, spaces or lines.
fn typed_members(text: &str) -> Vec<String> {
    text.split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|part| !part.is_empty())
        .map(str::to_owned)
        .collect()
}

#[derive(Properties, PartialEq)]
struct GroupsPanelProps {
    library: LibraryHandle,
}

/// One's groups, fetched from the server (they live there only): create one with its members'
/// emails, change its members, delete it.
#[component]
fn GroupsPanel(props: &GroupsPanelProps) -> Html {
    let strings = use_app_strings();
    let groups = use_state(|| None::<Vec<Group>>);
    let error = use_state(|| None::<&'static str>);
    let name = use_state(String::new);
    let members = use_state(String::new);
    let reload = {
        let library = props.library.clone();
        let groups = groups.clone();
        let error = error.clone();
        move || {
            let (library, groups, error) = (library.clone(), groups.clone(), error.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let Some(token) = token(&library).await else { return };
                match api::groups(&token).await {
                    Ok(listed) => groups.set(Some(listed.groups)),
                    Err(failure) => error.set(Some(failure.message_key())),
                }
            });
        }
    };
    {
        let reload = reload.clone();
        use_effect_with((), move |()| reload());
    }
    let on_create = {
        let library = props.library.clone();
        let (name, members, error) = (name.clone(), members.clone(), error.clone());
        let reload = reload.clone();
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let body = GroupBody { name: (*name).clone(), members: typed_members(&members) };
            let (library, name, members, error, reload) =
                (library.clone(), name.clone(), members.clone(), error.clone(), reload.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let Some(token) = token(&library).await else { return };
                match api::create_group(&token, &body).await {
                    Ok(_) => {
                        name.set(String::new());
                        members.set(String::new());
                        error.set(None);
                        reload();
                    }
                    Err(failure) => error.set(Some(failure.message_key())),
                }
            });
        })
    };
    let text = |state: &UseStateHandle<String>| {
        let state = state.clone();
        Callback::from(move |event: InputEvent| state.set(event.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let on_members = {
        let members = members.clone();
        Callback::from(move |event: InputEvent| {
            members.set(event.target_unchecked_into::<web_sys::HtmlTextAreaElement>().value());
        })
    };
    html! {
        <section class="groups">
            <h3>{ strings.get("groups") }</h3>
            <p class="hint">{ strings.get("groups-hint") }</p>
            if let Some(groups) = &*groups {
                <ul class="group-list">
                    { for groups.iter().map(|group| html! {
                        <GroupRow library={props.library.clone()} group={group.clone()} on_change={Callback::from({
                            let reload = reload.clone();
                            move |()| reload()
                        })} />
                    }) }
                </ul>
            }
            <form class="new-group" onsubmit={on_create}>
                <label class="field">
                    <span>{ strings.get("group-name") }</span>
                    <input type="text" class="group-name" value={(*name).clone()} oninput={text(&name)} />
                </label>
                <label class="field">
                    <span>{ strings.get("group-members") }</span>
                    <textarea class="group-members" value={(*members).clone()} oninput={on_members} rows="3" />
                </label>
                <button type="submit" class="create-group" disabled={name.trim().is_empty()}>{ strings.get("group-create") }</button>
            </form>
            if let Some(key) = *error {
                <p class="field-error" role="alert">{ strings.get(key) }</p>
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct GroupRowProps {
    library: LibraryHandle,
    group: Group,
    on_change: Callback<()>,
}

/// One group: its members, editable, and delete.
#[component]
fn GroupRow(props: &GroupRowProps) -> Html {
    let strings = use_app_strings();
    let members = use_state(|| props.group.members.join("\n"));
    let error = use_state(|| None::<&'static str>);
    let act = |delete: bool| {
        let library = props.library.clone();
        let group = props.group.clone();
        let (members, error, on_change) = (members.clone(), error.clone(), props.on_change.clone());
        Callback::from(move |_| {
            let (library, group, members, error, on_change) =
                (library.clone(), group.clone(), members.clone(), error.clone(), on_change.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let Some(token) = token(&library).await else { return };
                let done = if delete {
                    api::delete_group(&token, &group.id).await
                } else {
                    let body = GroupBody { name: group.name.clone(), members: typed_members(&members) };
                    api::update_group(&token, &group.id, &body).await.map(|_| ())
                };
                match done {
                    Ok(()) => {
                        error.set(None);
                        on_change.emit(());
                    }
                    Err(failure) => error.set(Some(failure.message_key())),
                }
            });
        })
    };
    let on_members = {
        let members = members.clone();
        Callback::from(move |event: InputEvent| {
            members.set(event.target_unchecked_into::<web_sys::HtmlTextAreaElement>().value());
        })
    };
    html! {
        <li class="group-row" data-group={props.group.id.clone()}>
            <strong>{ props.group.name.clone() }</strong>
            { " " }
            <span class="board-meta">{ strings.get("group-count").replace("{count}", &props.group.members.len().to_string()) }</span>
            <textarea class="group-members" value={(*members).clone()} oninput={on_members} rows="3" aria-label={strings.get("group-members")} />
            <button class="save-group" onclick={act(false)}>{ strings.get("save") }</button>
            { " " }
            <button class="danger delete-group" onclick={act(true)}>{ strings.get("group-delete") }</button>
            if let Some(key) = *error {
                <p class="field-error" role="alert">{ strings.get(key) }</p>
            }
        </li>
    }
}

#[derive(Properties, PartialEq)]
struct ClaimPanelProps {
    library: LibraryHandle,
}

/// The plan of the first sign-in on a device with boards of its own: what goes into the account,
/// what stays on the device and why; nothing is sent before the user confirms.
#[component]
fn ClaimPanel(props: &ClaimPanelProps) -> Html {
    let strings = use_app_strings();
    let library = &props.library;
    let plan = {
        let service = library.service();
        ClaimPlan::of(service.boards.boards.values(), service.collections.collections.values(), &library.unreadable)
    };
    let on_claim = {
        let library = library.clone();
        Callback::from(move |_| {
            let Some(store) = library.store.clone() else { return };
            let library = library.clone();
            wasm_bindgen_futures::spawn_local(async move {
                match sync::claim(&store).await {
                    Ok(()) => sync::request(&library),
                    Err(error) => library.dispatch(Action::Notify(Notice::Store(error))),
                }
            });
        })
    };
    html! {
        <section class="claim" data-boards={plan.boards.to_string()} data-collections={plan.collections.to_string()}>
            <h3>{ strings.get("claim-title") }</h3>
            <p>
                { strings.get("claim-plan").replace("{boards}", &plan.boards.to_string()).replace("{collections}", &plan.collections.to_string()) }
            </p>
            if !plan.left.is_empty() {
                <p class="hint">{ strings.get("claim-left") }</p>
                <ul class="claim-left">
                    { for plan.left.iter().map(|(name, reason)| html! {
                        <li>{ name.clone() }{ ": " }{ strings.get(reason) }</li>
                    }) }
                </ul>
            }
            <button class="primary claim-boards" onclick={on_claim} disabled={!library.has_boards()}>{ strings.get("claim-confirm") }</button>
        </section>
    }
}
