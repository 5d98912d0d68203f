//! Sync of the device's own boards and collections with the server.
//!
//! The device's own records are owned by the local user (`library::LOCAL_USER`) on the device
//! and by the account on the server: the owner is rewritten both ways at this boundary, so the
//! pages never deal with accounts. The account is bound to the device at its first sign-in
//! ([`SyncState::account`]); signing in with another account is refused while the device holds
//! the first one's records.
//!
//! A run pulls first, then pushes the outbox:
//! - a pulled version newer than the one the local record is based on replaces it, unless the
//!   record has a change of its own waiting: then it is a [`Conflict`], and both versions are
//!   kept (the local one in its store, the server's in the sync state) until the user chooses;
//! - each waiting change is pushed with the revision it was based on; the server accepts it,
//!   answers a conflict with its current version (kept the same way), or rejects it with a
//!   reason (kept to be shown). Nothing is silently overwritten on either side.
//!
//! Runs never overlap: a request during a run makes it run once more at its end.

use std::cell::Cell;
use std::rc::Rc;

use api_contract::{Change, Outcome, Push, ServerRecord, Session, MAX_PUSH_CHANGES};
use serde_json::{json, Value};
use training::{read_board_record, read_collection_record, Board, BoardId, Collection, CollectionId};
use yew::prelude::*;

use crate::api::{self, ApiFailure, Kind};
use crate::browser::now;
use crate::library::{Action, Library, LibraryHandle, LOCAL_USER};
use crate::store::{Conflict, Dealt, Pending, Rejected, Store, StoreError, SyncState};

/// Where sync stands, as the pages show it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SyncView {
    /// The signed-in account's email, when signed in.
    pub signed_in: Option<String>,
    /// The account bound to the device (see the module's documentation).
    pub bound_to: Option<String>,
    pub phase: Phase,
    /// Local changes not yet on the server.
    pub pending: usize,
    pub conflicts: Vec<Conflict>,
    pub rejected: Vec<Rejected>,
    pub last_synced: Option<i64>,
    /// The groups the account belongs to.
    pub member_of: Vec<String>,
    /// Signed in, the device's records wait for the user to claim them into the account.
    pub claim_waiting: bool,
}

/// What sync is doing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Phase {
    #[default]
    Idle,
    Running,
    /// The server cannot be reached; sync runs again when the network comes back.
    Offline,
    /// The last run failed: the message key.
    Failed(&'static str),
}

impl SyncView {
    fn of(state: &SyncState, pending: usize, phase: Phase) -> SyncView {
        SyncView {
            signed_in: state.session.as_ref().map(|session| session.account.email.clone()),
            bound_to: state.account.as_ref().map(|account| account.email.clone()),
            phase,
            pending,
            conflicts: state.conflicts.clone(),
            rejected: state.rejected.clone(),
            last_synced: state.last_synced,
            member_of: state.member_of.clone(),
            claim_waiting: state.session.is_some() && !state.claimed,
        }
    }

    /// The state the header shows: the key of its label.
    #[must_use]
    pub fn label_key(&self) -> Option<&'static str> {
        self.signed_in.as_ref()?;
        if self.claim_waiting {
            return Some("sync-state-claim");
        }
        Some(match self.phase {
            Phase::Running => "sync-running",
            Phase::Offline => "sync-state-offline",
            Phase::Failed(_) => "sync-state-failed",
            Phase::Idle if !self.conflicts.is_empty() => "sync-state-conflict",
            Phase::Idle if self.pending > 0 => "sync-state-pending",
            Phase::Idle => "sync-state-synced",
        })
    }
}

/// What a run changed on the device, for the library in memory.
#[derive(Debug, Default)]
pub struct Synced {
    pub boards: Vec<Board>,
    pub removed_boards: Vec<BoardId>,
    pub collections: Vec<Collection>,
    pub removed_collections: Vec<CollectionId>,
    /// The deals of the removed boards, whose kept tables go at the end of
    /// the run when no board has them (`Store::forget_unused_solved`).
    pub removed_deals: Vec<Dealt>,
}

/// Why a run stopped.
#[derive(Debug)]
enum RunError {
    Api(ApiFailure),
    Store(StoreError),
}

impl From<ApiFailure> for RunError {
    fn from(error: ApiFailure) -> RunError {
        RunError::Api(error)
    }
}

impl From<StoreError> for RunError {
    fn from(error: StoreError) -> RunError {
        RunError::Store(error)
    }
}

/// How often sync runs on its own while the app is open, in milliseconds.
pub const PERIOD_MS: u32 = 3 * 60 * 1000;

thread_local! {
    static RUNNING: Cell<bool> = const { Cell::new(false) };
    static AGAIN: Cell<bool> = const { Cell::new(false) };
}

/// Runs sync now (or once more at the end of the current run), when signed in.
pub fn request(library: &LibraryHandle) {
    if let Some(store) = library.store.clone() {
        start(store, library.dispatcher());
    }
}

/// [`request`], from a task that holds the store and the dispatcher (after a local write).
pub fn start(store: Rc<Store>, dispatcher: UseReducerDispatcher<Library>) {
    if RUNNING.with(|running| running.replace(true)) {
        AGAIN.with(|again| again.set(true));
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        loop {
            AGAIN.with(|again| again.set(false));
            run_and_report(&store, &dispatcher).await;
            if !AGAIN.with(Cell::get) {
                break;
            }
        }
        RUNNING.with(|running| running.set(false));
    });
}

/// Reads the sync state and shows it, without running.
pub fn refresh(library: &LibraryHandle) {
    let Some(store) = library.store.clone() else { return };
    let dispatcher = library.dispatcher();
    wasm_bindgen_futures::spawn_local(async move {
        if let (Ok(state), Ok(pending)) = (store.sync_state().await, store.pending().await) {
            let count = own_pending(&pending);
            dispatcher.dispatch(Action::Sync(SyncView::of(&state, count, Phase::Idle)));
        }
    });
}

async fn run_and_report(store: &Rc<Store>, dispatcher: &UseReducerDispatcher<Library>) {
    let Ok(mut state) = store.sync_state().await else { return };
    let Some(session) = state.session.clone() else {
        let pending = store.pending().await.map(|pending| own_pending(&pending)).unwrap_or(0);
        dispatcher.dispatch(Action::Sync(SyncView::of(&state, pending, Phase::Idle)));
        return;
    };
    let offline = web_sys::window().is_some_and(|window| !window.navigator().on_line());
    if offline || !state.claimed {
        let pending = store.pending().await.map(|pending| own_pending(&pending)).unwrap_or(0);
        let phase = if offline { Phase::Offline } else { Phase::Idle };
        dispatcher.dispatch(Action::Sync(SyncView::of(&state, pending, phase)));
        return;
    }
    dispatcher.dispatch(Action::Sync(SyncView::of(&state, 0, Phase::Running)));
    let mut synced = Synced::default();
    let result = run(store, &session, &mut state, &mut synced).await;
    let phase = match result {
        Ok(()) => {
            state.last_synced = Some(now().0);
            Phase::Idle
        }
        Err(RunError::Api(ApiFailure::Offline)) => Phase::Offline,
        Err(RunError::Api(ApiFailure::Refused(api_contract::ErrorCode::Unauthorized))) => {
            // The session expired or was closed elsewhere: sign in again.
            state.session = None;
            Phase::Failed("account-signed-out")
        }
        Err(RunError::Api(error)) => Phase::Failed(error.message_key()),
        Err(RunError::Store(error)) => Phase::Failed(error.message_key()),
    };
    // What the run learnt is kept even when it stopped halfway.
    let saved = store.put_sync_state(&state).await;
    // A table left behind costs a few hundred bytes, nothing shown.
    let _ = store.forget_unused_solved(&synced.removed_deals).await;
    dispatcher.dispatch(Action::Synced(synced));
    let pending = store.pending().await.map(|pending| own_pending(&pending)).unwrap_or(0);
    let phase = match saved {
        Ok(()) => phase,
        Err(error) => Phase::Failed(error.message_key()),
    };
    dispatcher.dispatch(Action::Sync(SyncView::of(&state, pending, phase)));
}

/// How many records have changes waiting.
fn own_pending(pending: &Pending) -> usize {
    pending.changes.len()
}

async fn run(store: &Store, session: &Session, state: &mut SyncState, synced: &mut Synced) -> Result<(), RunError> {
    let account = session.account.id.as_str();
    let pending = store.pending().await?;
    for kind in [Kind::Collection, Kind::Board] {
        pull(store, &session.token, account, kind, &pending, state, synced).await?;
    }
    for kind in [Kind::Board, Kind::Collection] {
        push(store, &session.token, account, kind, &pending, state).await?;
    }
    receive_shared(store, &session.token, state, synced).await
}

/// Keeps on the device the collections shared with the account's groups, with the boards it may
/// read, as they are on the server (they are someone else's: nothing is queued), and remembers
/// the groups so the device reads what is shared with them.
async fn receive_shared(
    store: &Store,
    token: &str,
    state: &mut SyncState,
    synced: &mut Synced,
) -> Result<(), RunError> {
    let shared = api::shared(token).await?;
    state.member_of = shared.groups;
    // Only what changed since the last run is written (and shown again).
    for public in shared.collections {
        let Ok(collection) = read_collection_record(&public.collection) else { continue };
        let mut boards = Vec::new();
        for json in &public.boards {
            let Ok(board) = read_board_record(json) else { continue };
            if !same_as_stored(store, Kind::Board, &board.id.0, json).await? {
                boards.push(board);
            }
        }
        if !boards.is_empty() {
            store.put_synced_boards(&boards).await?;
            synced.boards.extend(boards);
        }
        if !same_as_stored(store, Kind::Collection, &collection.id.0, &public.collection).await? {
            store.put_synced_collection(&collection).await?;
            synced.collections.push(collection);
        }
    }
    Ok(())
}

/// Whether the device stores the record `id` of `kind` exactly as `json`.
async fn same_as_stored(store: &Store, kind: Kind, id: &str, json: &Value) -> Result<bool, StoreError> {
    Ok(store.record_json(kind, id).await?.as_ref() == Some(json))
}

async fn pull(
    store: &Store,
    token: &str,
    account: &str,
    kind: Kind,
    pending: &Pending,
    state: &mut SyncState,
    synced: &mut Synced,
) -> Result<(), RunError> {
    loop {
        let since = state.cursors.get(&kind).copied().unwrap_or(0);
        let pulled = api::pull(token, kind, since).await?;
        for ServerRecord { id, revision, record } in pulled.records {
            if state.revision(kind, &id).is_some_and(|known| revision <= known) {
                // This device's own change coming back, or one it already has.
                continue;
            }
            let record = record.map(|json| owner_to_local(kind, json, account));
            if pending.changes.contains_key(&(kind, id.clone())) || state.conflict(kind, &id).is_some() {
                state.add_conflict(Conflict { kind, id, revision, record });
                continue;
            }
            match apply_locally(store, kind, &id, record.as_ref(), synced).await? {
                Ok(()) => state.set_revision(kind, &id, Some(revision)),
                Err(reason) => remember_rejected(state, kind, &id, reason),
            }
        }
        state.cursors.insert(kind, pulled.cursor);
        if !pulled.more {
            return Ok(());
        }
    }
}

/// Writes the server's version of `id` on the device (`None` removes it); `Err` with the reason
/// when this build cannot read it.
async fn apply_locally(
    store: &Store,
    kind: Kind,
    id: &str,
    record: Option<&Value>,
    synced: &mut Synced,
) -> Result<Result<(), String>, StoreError> {
    match (kind, record) {
        (Kind::Board, Some(json)) => match read_board_record(json) {
            Ok(board) => {
                store.put_synced_boards(std::slice::from_ref(&board)).await?;
                synced.boards.push(board);
            }
            Err(error) => return Ok(Err(error.to_string())),
        },
        (Kind::Board, None) => {
            let id = BoardId(id.to_owned());
            if let Some(dealt) = store.remove_synced_board(&id).await? {
                synced.removed_deals.push(dealt);
            }
            synced.removed_boards.push(id);
        }
        (Kind::Collection, Some(json)) => match read_collection_record(json) {
            Ok(collection) => {
                store.put_synced_collection(&collection).await?;
                synced.collections.push(collection);
            }
            Err(error) => return Ok(Err(error.to_string())),
        },
        (Kind::Collection, None) => {
            let id = CollectionId(id.to_owned());
            store.remove_synced_collection(&id).await?;
            synced.removed_collections.push(id);
        }
    }
    Ok(Ok(()))
}

async fn push(
    store: &Store,
    token: &str,
    account: &str,
    kind: Kind,
    pending: &Pending,
    state: &mut SyncState,
) -> Result<(), RunError> {
    let mut changes = Vec::new();
    for ((change_kind, id), removed) in &pending.changes {
        if *change_kind != kind || state.conflict(kind, id).is_some() {
            continue;
        }
        let base_revision = state.revision(kind, id);
        let record = if *removed { None } else { store.record_json(kind, id).await? };
        let change = match record {
            // Not the device's own (a shared collection's board, say): nothing to send.
            Some(json) => owner_to_account(kind, json, account).map(|record| Change {
                id: id.clone(),
                base_revision,
                record: Some(record),
            }),
            // A removal of what the server never had needs no sending either.
            None => base_revision.map(|_| Change { id: id.clone(), base_revision, record: None }),
        };
        match change {
            Some(change) => changes.push(change),
            None => store.drop_outbox(pending.keys_of(kind, id)).await?,
        }
    }
    for batch in changes.chunks(MAX_PUSH_CHANGES) {
        let pushed = api::push(token, kind, &Push { changes: batch.to_vec() }).await?;
        for result in pushed.results {
            let removed = batch.iter().any(|change| change.id == result.id && change.record.is_none());
            match result.outcome {
                Outcome::Accepted { revision } => {
                    state.set_revision(kind, &result.id, (!removed).then_some(revision));
                    state.rejected.retain(|rejected| !(rejected.kind == kind && rejected.id == result.id));
                }
                Outcome::Conflict { current } => {
                    let record = current.record.map(|json| owner_to_local(kind, json, account));
                    state.add_conflict(Conflict { kind, id: result.id.clone(), revision: current.revision, record });
                }
                Outcome::Rejected { reason } => remember_rejected(state, kind, &result.id, reason),
            }
            // Sent: the outcome is in the state now (a conflict keeps the local version in its store).
            store.drop_outbox(pending.keys_of(kind, &result.id)).await?;
        }
    }
    Ok(())
}

fn remember_rejected(state: &mut SyncState, kind: Kind, id: &str, reason: String) {
    state.rejected.retain(|rejected| !(rejected.kind == kind && rejected.id == id));
    state.rejected.push(Rejected { kind, id: id.to_owned(), reason });
}

/// The owner of a stored record: a board's user, a collection's owner.
fn owner_of(kind: Kind, json: &Value) -> Option<&str> {
    match kind {
        Kind::Board => json.get("owner").filter(|owner| owner["kind"] == "user")?.get("user_id")?.as_str(),
        Kind::Collection => json.get("owner")?.as_str(),
    }
}

fn set_owner(kind: Kind, json: &mut Value, owner: &str) {
    match kind {
        Kind::Board => json["owner"] = json!({ "kind": "user", "user_id": owner }),
        Kind::Collection => json["owner"] = json!(owner),
    }
}

/// A device record as the server holds it: the local user becomes the account. `None` when the
/// record is not the device's own.
fn owner_to_account(kind: Kind, mut json: Value, account: &str) -> Option<Value> {
    if owner_of(kind, &json) != Some(LOCAL_USER) {
        return None;
    }
    set_owner(kind, &mut json, account);
    Some(json)
}

/// A server record as the device holds it: the account becomes the local user.
fn owner_to_local(kind: Kind, mut json: Value, account: &str) -> Value {
    if owner_of(kind, &json) == Some(account) {
        set_owner(kind, &mut json, LOCAL_USER);
    }
    json
}

/// Keeps the user's version of a conflict: it is sent again, based on the server's revision.
///
/// # Errors
/// When the store fails.
pub async fn keep_mine(store: &Store, kind: Kind, id: &str) -> Result<(), StoreError> {
    let mut state = store.sync_state().await?;
    let Some(conflict) = state.conflict(kind, id).cloned() else { return Ok(()) };
    state.conflicts.retain(|kept| !(kept.kind == kind && kept.id == id));
    // The server's removal has no revision to build on: the record is created again.
    state.set_revision(kind, id, conflict.record.is_some().then_some(conflict.revision));
    store.requeue(kind, id).await?;
    store.put_sync_state(&state).await
}

/// Takes the server's version of a conflict in place of the user's.
///
/// # Errors
/// When the store fails; `Ok(Err(reason))` when this build cannot read the server's version.
pub async fn take_theirs(store: &Store, kind: Kind, id: &str) -> Result<Result<Synced, String>, StoreError> {
    let mut state = store.sync_state().await?;
    let Some(conflict) = state.conflict(kind, id).cloned() else { return Ok(Ok(Synced::default())) };
    let mut synced = Synced::default();
    if let Err(reason) = apply_locally(store, kind, id, conflict.record.as_ref(), &mut synced).await? {
        return Ok(Err(reason));
    }
    // A change made after the conflict was found is the user's too: it goes, the server's stays.
    let pending = store.pending().await?;
    store.drop_outbox(pending.keys_of(kind, id)).await?;
    state.conflicts.retain(|kept| !(kept.kind == kind && kept.id == id));
    state.set_revision(kind, id, conflict.record.is_some().then_some(conflict.revision));
    store.put_sync_state(&state).await?;
    Ok(Ok(synced))
}

/// Opens a session: binds the device to its account at the first sign-in; refuses (and closes
/// the session) when the device is bound to another account. A device bound now with records of
/// its own (`own_records`) waits for the user to claim them ([`claim`]); one without is claimed
/// at once.
///
/// # Errors
/// `Err(message key)` when the device belongs to another account or the store fails.
pub async fn signed_in(store: &Store, session: Session, own_records: bool) -> Result<(), &'static str> {
    let mut state = store.sync_state().await.map_err(|error| error.message_key())?;
    if state.account.as_ref().is_some_and(|account| account.id != session.account.id) {
        // Nothing to do if this fails: the token expires on its own.
        let _ = api::sign_out(&session.token).await;
        return Err("account-other-device-account");
    }
    if state.account.is_none() {
        state.claimed = !own_records;
    }
    state.account = Some(session.account.clone());
    state.session = Some(session);
    store.put_sync_state(&state).await.map_err(|error| error.message_key())
}

/// Claims the device's records into the account: sync sends them from now on.
///
/// # Errors
/// When the store fails.
pub async fn claim(store: &Store) -> Result<(), StoreError> {
    let mut state = store.sync_state().await?;
    state.claimed = true;
    store.put_sync_state(&state).await
}

/// What claiming the device's records into the account does: the device's own boards and
/// collections are sent; the others stay on the device only, each with the reason.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClaimPlan {
    pub boards: usize,
    pub collections: usize,
    /// What stays on the device: its name (or key) and the key of the reason.
    pub left: Vec<(String, &'static str)>,
}

impl ClaimPlan {
    /// The plan for `boards`, `collections` and the records that could not be read.
    #[must_use]
    pub fn of<'a>(
        boards: impl IntoIterator<Item = &'a Board>,
        collections: impl IntoIterator<Item = &'a Collection>,
        unreadable: &[crate::store::Unreadable],
    ) -> ClaimPlan {
        let mut plan = ClaimPlan::default();
        for board in boards {
            match &board.owner {
                training::Ownership::User { user_id } if user_id.0 == LOCAL_USER => plan.boards += 1,
                training::Ownership::User { .. } => plan.left.push((board.metadata.name.clone(), "claim-not-yours")),
                training::Ownership::Orphaned { .. } => plan.left.push((board.metadata.name.clone(), "claim-orphaned")),
            }
        }
        for collection in collections {
            if collection.owner.0 == LOCAL_USER {
                plan.collections += 1;
            } else {
                plan.left.push((collection.name.clone(), "claim-not-yours"));
            }
        }
        plan.left.extend(unreadable.iter().map(|record| (record.key.clone(), "claim-unreadable")));
        plan
    }

    /// Whether there is anything of the device's own to claim.
    #[must_use]
    pub const fn has_own(&self) -> bool {
        self.boards > 0 || self.collections > 0
    }
}

/// Closes the session (on the server when it can be reached); the device stays bound to the
/// account, and its changes wait for the next sign-in.
///
/// # Errors
/// When the store fails.
pub async fn sign_out(store: &Store) -> Result<(), StoreError> {
    let mut state = store.sync_state().await?;
    if let Some(session) = state.session.take() {
        // Offline, the token simply expires on the server.
        let _ = api::sign_out(&session.token).await;
    }
    store.put_sync_state(&state).await
}

/// Forgets the account after it was deleted: the device's records stay, its own again, and are
/// queued whole for whichever account it signs in with next.
///
/// # Errors
/// When the store fails.
pub async fn forget_account(store: &Store) -> Result<(), StoreError> {
    store.put_sync_state(&SyncState::default()).await?;
    store.requeue_all().await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_device_owner_becomes_the_account_on_the_way_out_and_back_on_the_way_in() {
        let board = json!({ "id": "b", "owner": { "kind": "user", "user_id": LOCAL_USER } });
        let sent = owner_to_account(Kind::Board, board.clone(), "acct-1").expect("the device's own board");
        assert_eq!(sent["owner"], json!({ "kind": "user", "user_id": "acct-1" }));
        assert_eq!(owner_to_local(Kind::Board, sent, "acct-1"), board);

        let collection = json!({ "id": "c", "owner": LOCAL_USER });
        let sent = owner_to_account(Kind::Collection, collection.clone(), "acct-1").expect("the device's own");
        assert_eq!(sent["owner"], json!("acct-1"));
        assert_eq!(owner_to_local(Kind::Collection, sent, "acct-1"), collection);
    }

    #[test]
    fn someone_elses_records_are_never_sent_and_come_in_unchanged() {
        let theirs = json!({ "id": "b", "owner": { "kind": "user", "user_id": "teacher-9" } });
        assert_eq!(owner_to_account(Kind::Board, theirs.clone(), "acct-1"), None);
        assert_eq!(owner_to_local(Kind::Board, theirs.clone(), "acct-1"), theirs);
        let orphan = json!({ "id": "b", "owner": { "kind": "orphaned", "orphaned_at": 1, "reason": "board_deleted" } });
        assert_eq!(owner_to_account(Kind::Board, orphan, "acct-1"), None);
        assert_eq!(owner_to_account(Kind::Collection, json!({ "owner": "teacher-9" }), "acct-1"), None);
        assert_eq!(owner_to_account(Kind::Collection, json!({ "name": "no owner" }), "acct-1"), None);
    }

    #[test]
    fn the_claim_plan_sends_the_devices_own_records_and_says_why_the_others_stay() {
        let json: Value = serde_json::from_str(include_str!("../crates/training/tests/data/board-record-v1.json"))
            .expect("the fixture is JSON");
        let board = |id: &str, owner: Value| {
            let mut record = json.clone();
            record["id"] = json!(id);
            record["owner"] = owner;
            read_board_record(&record).expect("a board")
        };
        let boards = [
            board("mine", json!({ "kind": "user", "user_id": LOCAL_USER })),
            board("theirs", json!({ "kind": "user", "user_id": "teacher-9" })),
            board("orphan", json!({ "kind": "orphaned", "orphaned_at": 1, "reason": "board_deleted" })),
        ];
        let collection = |owner: &str| Collection {
            id: CollectionId(format!("c-{owner}")),
            owner: training::UserId(owner.to_owned()),
            name: format!("{owner}'s"),
            steps: Vec::new(),
            sharing: training::Sharing::Private,
        };
        let collections = [collection(LOCAL_USER), collection("teacher-9")];
        let unreadable = [crate::store::Unreadable {
            store: "boards".to_owned(),
            key: "broken".to_owned(),
            error: "bad".to_owned(),
        }];
        let plan = ClaimPlan::of(&boards, &collections, &unreadable);
        assert_eq!((plan.boards, plan.collections), (1, 1));
        let reasons: Vec<&str> = plan.left.iter().map(|(_, reason)| *reason).collect();
        assert_eq!(reasons, ["claim-not-yours", "claim-orphaned", "claim-not-yours", "claim-unreadable"]);
        assert!(plan.has_own());
        assert!(!ClaimPlan::of(&boards[1..], &collections[1..], &[]).has_own());
    }

    #[test]
    fn the_header_shows_the_state_only_when_signed_in_conflicts_first() {
        let mut view = SyncView::default();
        assert_eq!(view.label_key(), None);
        view.signed_in = Some("a@b.org".to_owned());
        assert_eq!(view.label_key(), Some("sync-state-synced"));
        view.pending = 2;
        assert_eq!(view.label_key(), Some("sync-state-pending"));
        view.conflicts.push(Conflict { kind: Kind::Board, id: "b".to_owned(), revision: 3, record: None });
        assert_eq!(view.label_key(), Some("sync-state-conflict"));
        view.phase = Phase::Offline;
        assert_eq!(view.label_key(), Some("sync-state-offline"));
        view.claim_waiting = true;
        assert_eq!(view.label_key(), Some("sync-state-claim"));
    }
}
