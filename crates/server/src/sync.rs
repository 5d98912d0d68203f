//! Sync of one's own boards and collections, and public boards and collections by their code.
//!
//! A push carries changes, each with the revision it was based on. A change
//! based on the current revision is applied (the board's revision grows by
//! one); any other is answered with the current version and not applied, so
//! nothing is silently overwritten: the device keeps both and the user
//! chooses. Every record goes through `training`'s write gate, the same as in
//! the app, and must belong to the account. The write is a conditional
//! update (or an insert that fails on an existing id), so two pushes racing
//! on one board cannot both win. Each accepted change takes the next value of
//! a server-wide counter, the cursor pulls ask from. Boards and collections
//! are two [`Kind`]s of the same rules, each in its own table.

use api_contract::{
    Change, ChangeResult, ErrorCode, Outcome, PublicBoard, PublicCollection, Pulled, Push, Pushed, ServerRecord,
    MAX_PULL_BOARDS, MAX_PUSH_CHANGES,
};
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use training::{read_board_record, read_collection_record, Ownership, Sharing};

use crate::accounts::{now_millis, SignedIn};
use crate::cache::Answers;
use crate::error::{ApiError, ApiJson};
use crate::{groups, storable, App, MAX_KEY_CHARS};

/// What is synced: each kind has its table (of the same columns) and its write gate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Board,
    Collection,
}

/// A record that passed its kind's gate, as stored.
struct Gated {
    code: String,
    public: bool,
    /// The groups it is shared with (none once in the trash).
    groups: Vec<String>,
    record: String,
}

impl Kind {
    const fn table(self) -> &'static str {
        match self {
            Kind::Board => "boards",
            Kind::Collection => "collections",
        }
    }

    /// The kind as the `shares` table names it.
    const fn name(self) -> &'static str {
        match self {
            Kind::Board => "board",
            Kind::Collection => "collection",
        }
    }

    /// The record `json` of `account`'s `id` through the kind's gate, or why it is refused.
    fn gate(self, json: &serde_json::Value, id: &str, account: &str) -> Result<Gated, String> {
        match self {
            Kind::Board => {
                let board = read_board_record(json)
                    .map_err(|error| format!("the board does not pass the write gate: {error}"))?;
                if board.id.0 != id {
                    return Err("the record is another board's".to_owned());
                }
                if !matches!(&board.owner, Ownership::User { user_id } if user_id.0 == account) {
                    return Err("the board belongs to another account".to_owned());
                }
                let record = serde_json::to_string(&board.to_record()).map_err(|error| error.to_string())?;
                let public = board.metadata.sharing == Sharing::Public && !board.is_deleted();
                let groups = if board.is_deleted() { Vec::new() } else { group_ids(&board.metadata.sharing) };
                Ok(Gated { code: board.code().to_owned(), public, groups, record })
            }
            Kind::Collection => {
                let collection =
                    read_collection_record(json).map_err(|error| format!("the collection does not read: {error}"))?;
                if collection.id.0 != id {
                    return Err("the record is another collection's".to_owned());
                }
                if collection.owner.0 != account {
                    return Err("the collection belongs to another account".to_owned());
                }
                if !collection.boards().all(|board| storable(&board.0, MAX_KEY_CHARS)) {
                    return Err("a board id of the collection has more than 128 characters or a NUL".to_owned());
                }
                let record = serde_json::to_string(&collection.to_record()).map_err(|error| error.to_string())?;
                let groups = group_ids(&collection.sharing);
                Ok(Gated { code: id.to_owned(), public: collection.sharing == Sharing::Public, groups, record })
            }
        }
    }
}

pub async fn push_boards(
    State(app): State<App>,
    signed_in: SignedIn,
    ApiJson(body): ApiJson<Push>,
) -> Result<Json<Pushed>, ApiError> {
    push(&app, Kind::Board, &signed_in, body).await
}

pub async fn push_collections(
    State(app): State<App>,
    signed_in: SignedIn,
    ApiJson(body): ApiJson<Push>,
) -> Result<Json<Pushed>, ApiError> {
    push(&app, Kind::Collection, &signed_in, body).await
}

pub async fn pull_boards(
    State(app): State<App>,
    signed_in: SignedIn,
    RawQuery(query): RawQuery,
) -> Result<Json<Pulled>, ApiError> {
    pull(&app, Kind::Board, &signed_in, query).await
}

pub async fn pull_collections(
    State(app): State<App>,
    signed_in: SignedIn,
    RawQuery(query): RawQuery,
) -> Result<Json<Pulled>, ApiError> {
    pull(&app, Kind::Collection, &signed_in, query).await
}

async fn push(app: &App, kind: Kind, signed_in: &SignedIn, body: Push) -> Result<Json<Pushed>, ApiError> {
    if body.changes.len() > MAX_PUSH_CHANGES {
        return Err(ErrorCode::PayloadTooLarge.into());
    }
    let mut results = Vec::with_capacity(body.changes.len());
    for change in body.changes {
        let id = change.id.clone();
        let outcome = apply(app, kind, &signed_in.account.id, change).await?;
        results.push(ChangeResult { id, outcome });
    }
    Ok(Json(Pushed { results }))
}

async fn pull(app: &App, kind: Kind, signed_in: &SignedIn, query: Option<String>) -> Result<Json<Pulled>, ApiError> {
    let since = match query.as_deref().unwrap_or_default() {
        "" => 0,
        query => query
            .strip_prefix("since=")
            .and_then(|since| since.parse::<i64>().ok())
            .filter(|since| *since >= 0)
            .ok_or(ErrorCode::MalformedBody)?,
    };
    let limit = i64::try_from(MAX_PULL_BOARDS + 1).unwrap_or(i64::MAX);
    let table = kind.table();
    let rows: Vec<(String, i64, i64, i64, String)> = sqlx::query_as(&format!(
        "SELECT id, revision, seq, removed, record FROM {table} WHERE owner_id = $1 AND seq > $2 ORDER BY seq LIMIT $3"
    ))
    .bind(&signed_in.account.id)
    .bind(since)
    .bind(limit)
    .fetch_all(&app.db)
    .await?;
    let more = rows.len() > MAX_PULL_BOARDS;
    let rows = &rows[..rows.len().min(MAX_PULL_BOARDS)];
    let cursor = rows.last().map_or(since, |row| row.2);
    let records = rows
        .iter()
        .map(|(id, revision, _, removed, record)| server_record(id, *revision, *removed != 0, record))
        .collect();
    Ok(Json(Pulled { records, cursor, more }))
}

pub async fn public_board(State(app): State<App>, Path(code): Path<String>) -> Result<Response, ApiError> {
    cached(&app, Answers::Boards, &code, async {
        let row: Option<(String,)> =
            sqlx::query_as("SELECT record FROM boards WHERE code = $1 AND public = 1 AND removed = 0 LIMIT 1")
                .bind(&code)
                .fetch_optional(&app.db)
                .await?;
        let record = row.and_then(|(record,)| serde_json::from_str(&record).ok()).ok_or(ErrorCode::NotFound)?;
        json_body(&PublicBoard { code: code.clone(), record })
    })
    .await
}

pub async fn public_collection(State(app): State<App>, Path(code): Path<String>) -> Result<Response, ApiError> {
    cached(&app, Answers::Collections, &code, async {
        let row: Option<(String,)> =
            sqlx::query_as("SELECT record FROM collections WHERE code = $1 AND public = 1 AND removed = 0")
                .bind(&code)
                .fetch_optional(&app.db)
                .await?;
        let json: serde_json::Value =
            row.and_then(|(record,)| serde_json::from_str(&record).ok()).ok_or(ErrorCode::NotFound)?;
        let collection = read_collection_record(&json).map_err(|_| ErrorCode::Internal)?;
        let boards = readable_boards(&app, &collection, None).await?;
        json_body(&PublicCollection { code: code.clone(), collection: json, boards })
    })
    .await
}

/// The answer for `code` from the public cache, else from `answer`, kept for the next reads
/// unless a write changed it meanwhile. A code that cannot be stored matches nothing.
async fn cached(
    app: &App,
    answers: Answers,
    code: &str,
    answer: impl std::future::Future<Output = Result<Bytes, ApiError>>,
) -> Result<Response, ApiError> {
    if !storable(code, MAX_KEY_CHARS) {
        return Err(ErrorCode::NotFound.into());
    }
    if let Some(body) = app.public.get(answers, code) {
        return Ok(json_bytes(body));
    }
    let generation = app.public.generation(answers, code);
    let body = answer.await?;
    app.public.put(answers, code, body.clone(), generation);
    Ok(json_bytes(body))
}

/// The records of the boards of `collection` that anyone may read (public), or also those shared
/// with a group `member` (an email) belongs to; in the collection's order, the others left out.
pub async fn readable_boards(
    app: &App,
    collection: &training::Collection,
    member: Option<&str>,
) -> Result<Vec<serde_json::Value>, ApiError> {
    let mut boards = Vec::new();
    for id in collection.boards().filter(|id| storable(&id.0, MAX_KEY_CHARS)) {
        let row: Option<(String,)> = sqlx::query_as(
            "SELECT b.record FROM boards b WHERE b.id = $1 AND b.removed = 0 AND (b.public = 1 OR EXISTS (\
             SELECT 1 FROM shares s JOIN sharing_members m ON m.group_id = s.group_id \
             WHERE s.kind = 'board' AND s.item_id = b.id AND m.email = $2))",
        )
        .bind(&id.0)
        // No account's email is empty.
        .bind(member.unwrap_or_default())
        .fetch_optional(&app.db)
        .await?;
        boards.extend(row.and_then(|(record,)| serde_json::from_str(&record).ok()));
    }
    Ok(boards)
}

/// `answer` as JSON bytes.
fn json_body(answer: &impl serde::Serialize) -> Result<Bytes, ApiError> {
    Ok(Bytes::from(serde_json::to_vec(answer).map_err(|_| ErrorCode::Internal)?))
}

/// A JSON answer of bytes serialised once.
fn json_bytes(body: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// A stored record as answered: none once removed.
fn server_record(id: &str, revision: i64, removed: bool, record: &str) -> ServerRecord {
    let record = if removed { None } else { serde_json::from_str(record).ok() };
    ServerRecord { id: id.to_owned(), revision, record }
}

/// The stored row of a board or collection: owner, revision, removed, record, public.
type Row = (String, i64, i64, String, i64);

async fn current(app: &App, kind: Kind, id: &str) -> Result<Option<Row>, ApiError> {
    let table = kind.table();
    Ok(sqlx::query_as(&format!("SELECT owner_id, revision, removed, record, public FROM {table} WHERE id = $1"))
        .bind(id)
        .fetch_optional(&app.db)
        .await?)
}

async fn conflict(app: &App, kind: Kind, id: &str) -> Result<Outcome, ApiError> {
    let row = current(app, kind, id).await?;
    let current = match row {
        Some((_, revision, removed, record, _)) => server_record(id, revision, removed != 0, &record),
        None => ServerRecord { id: id.to_owned(), revision: 0, record: None },
    };
    Ok(Outcome::Conflict { current })
}

async fn apply(app: &App, kind: Kind, account: &str, change: Change) -> Result<Outcome, ApiError> {
    let rejected = |reason: &str| Ok(Outcome::Rejected { reason: reason.to_owned() });
    let id = change.id.as_str();
    if id.is_empty() || !storable(id, MAX_KEY_CHARS) {
        return rejected("an id has 1 to 128 characters, none of them NUL");
    }
    let existing = current(app, kind, id).await?;
    if existing.as_ref().is_some_and(|(owner, ..)| owner != account) {
        return rejected("this id is another account's");
    }
    if let Some((_, revision, ..)) = &existing {
        if change.base_revision != Some(*revision) {
            return conflict(app, kind, id).await;
        }
    }
    // What to store: the gated record, or the removal of the stored one.
    let (code, public, groups, removed, record) = match &change.record {
        Some(json) => match kind.gate(json, id, account) {
            Ok(Gated { code, public, groups, record }) => {
                if !groups::all_owned(app, account, &groups).await? {
                    return rejected("shared with a group that is not one of the account's");
                }
                (code, public, groups, false, record)
            }
            Err(reason) => return rejected(&reason),
        },
        None => match &existing {
            // Nothing to remove: the server never had it.
            None => return Ok(Outcome::Accepted { revision: 0 }),
            Some((_, _, _, record, _)) => (code_of(kind, id, record), false, Vec::new(), true, record.clone()),
        },
    };
    let mut tx = app.db.begin().await?;
    let (seq,): (i64,) = sqlx::query_as("UPDATE counters SET value = value + 1 WHERE name = 'sync' RETURNING value")
        .fetch_one(&mut *tx)
        .await?;
    let now = now_millis();
    let revision = match &existing {
        Some((_, revision, ..)) => {
            let updated = sqlx::query(&format!(
                "UPDATE {} SET code = $1, revision = revision + 1, seq = $2, public = $3, removed = $4, \
                 record = $5, updated = $6 WHERE id = $7 AND revision = $8 AND owner_id = $9",
                kind.table()
            ))
            .bind(&code)
            .bind(seq)
            .bind(i64::from(public))
            .bind(i64::from(removed))
            .bind(&record)
            .bind(now)
            .bind(id)
            .bind(*revision)
            .bind(account)
            .execute(&mut *tx)
            .await?;
            if updated.rows_affected() != 1 {
                // Another push won the race.
                tx.rollback().await?;
                return conflict(app, kind, id).await;
            }
            revision + 1
        }
        None => {
            let inserted = sqlx::query(&format!(
                "INSERT INTO {} (id, owner_id, code, revision, seq, public, removed, record, updated) \
                 VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8)",
                kind.table()
            ))
            .bind(id)
            .bind(account)
            .bind(&code)
            .bind(seq)
            .bind(i64::from(public))
            .bind(i64::from(removed))
            .bind(&record)
            .bind(now)
            .execute(&mut *tx)
            .await;
            match inserted {
                Ok(_) => 1,
                Err(sqlx::Error::Database(error)) if error.is_unique_violation() => {
                    tx.rollback().await?;
                    return conflict(app, kind, id).await;
                }
                Err(error) => return Err(error.into()),
            }
        }
    };
    sqlx::query("DELETE FROM shares WHERE kind = $1 AND item_id = $2")
        .bind(kind.name())
        .bind(id)
        .execute(&mut *tx)
        .await?;
    for group in &groups {
        sqlx::query("INSERT INTO shares (kind, item_id, group_id) VALUES ($1, $2, $3)")
            .bind(kind.name())
            .bind(id)
            .bind(group)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    let was_public = existing.as_ref().is_some_and(|(.., public)| *public != 0);
    match kind {
        Kind::Board => {
            app.public.board_written(&code, public || was_public);
            // A record may come with another code: the old one answers no more.
            if let Some((.., record, _)) = &existing {
                let old = code_of(kind, id, record);
                if old != code {
                    app.public.board_written(&old, was_public);
                }
            }
        }
        Kind::Collection => app.public.collection_written(&code),
    }
    Ok(Outcome::Accepted { revision })
}

/// The groups `sharing` names, each once.
fn group_ids(sharing: &Sharing) -> Vec<String> {
    match sharing {
        Sharing::Groups(groups) => {
            let ids: std::collections::BTreeSet<&str> = groups.iter().map(|group| group.0.as_str()).collect();
            ids.into_iter().map(str::to_owned).collect()
        }
        Sharing::Private | Sharing::Public => Vec::new(),
    }
}

/// The code of a stored record: a board's deal code, a collection's id.
fn code_of(kind: Kind, id: &str, record: &str) -> String {
    match kind {
        Kind::Board => serde_json::from_str::<serde_json::Value>(record)
            .ok()
            .and_then(|json| json.get("code")?.as_str().map(str::to_owned))
            .unwrap_or_default(),
        Kind::Collection => id.to_owned(),
    }
}
