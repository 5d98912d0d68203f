//! Sync of one's own boards, and public boards by their deal code.
//!
//! A push carries changes, each with the revision it was based on. A change
//! based on the current revision is applied (the board's revision grows by
//! one); any other is answered with the current version and not applied, so
//! nothing is silently overwritten: the device keeps both and the user
//! chooses. Every record goes through `training`'s write gate, the same as in
//! the app, and must belong to the account. The write is a conditional
//! update (or an insert that fails on an existing id), so two pushes racing
//! on one board cannot both win. Each accepted change takes the next value of
//! a server-wide counter, the cursor pulls ask from.

use api_contract::{
    BoardChange, ChangeResult, ErrorCode, Outcome, PublicBoard, Pulled, PushBoards, Pushed, ServerBoard,
    MAX_PULL_BOARDS, MAX_PUSH_CHANGES,
};
use axum::extract::{Path, RawQuery, State};
use axum::Json;
use training::{read_board_record, Ownership, Sharing};

use crate::accounts::{now_millis, SignedIn};
use crate::error::{ApiError, ApiJson};
use crate::App;

/// The longest board id accepted.
const MAX_ID_CHARS: usize = 128;

pub async fn push(
    State(app): State<App>,
    signed_in: SignedIn,
    ApiJson(body): ApiJson<PushBoards>,
) -> Result<Json<Pushed>, ApiError> {
    if body.changes.len() > MAX_PUSH_CHANGES {
        return Err(ErrorCode::PayloadTooLarge.into());
    }
    let mut results = Vec::with_capacity(body.changes.len());
    for change in body.changes {
        let id = change.id.clone();
        let outcome = apply(&app, &signed_in.account.id, change).await?;
        results.push(ChangeResult { id, outcome });
    }
    Ok(Json(Pushed { results }))
}

pub async fn pull(
    State(app): State<App>,
    signed_in: SignedIn,
    RawQuery(query): RawQuery,
) -> Result<Json<Pulled>, ApiError> {
    let since = match query.as_deref().unwrap_or_default() {
        "" => 0,
        query => query
            .strip_prefix("since=")
            .and_then(|since| since.parse::<i64>().ok())
            .filter(|since| *since >= 0)
            .ok_or(ErrorCode::MalformedBody)?,
    };
    let limit = i64::try_from(MAX_PULL_BOARDS + 1).unwrap_or(i64::MAX);
    let rows: Vec<(String, i64, i64, i64, String)> = sqlx::query_as(
        "SELECT id, revision, seq, removed, record FROM boards WHERE owner_id = $1 AND seq > $2 ORDER BY seq LIMIT $3",
    )
    .bind(&signed_in.account.id)
    .bind(since)
    .bind(limit)
    .fetch_all(&app.db)
    .await?;
    let more = rows.len() > MAX_PULL_BOARDS;
    let rows = &rows[..rows.len().min(MAX_PULL_BOARDS)];
    let cursor = rows.last().map_or(since, |row| row.2);
    let boards = rows
        .iter()
        .map(|(id, revision, _, removed, record)| server_board(id, *revision, *removed != 0, record))
        .collect();
    Ok(Json(Pulled { boards, cursor, more }))
}

pub async fn public_board(State(app): State<App>, Path(code): Path<String>) -> Result<Json<PublicBoard>, ApiError> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT record FROM boards WHERE code = $1 AND public = 1 AND removed = 0 LIMIT 1")
            .bind(&code)
            .fetch_optional(&app.db)
            .await?;
    let record = row.and_then(|(record,)| serde_json::from_str(&record).ok()).ok_or(ErrorCode::NotFound)?;
    Ok(Json(PublicBoard { code, record }))
}

/// A stored board as answered: no record once removed.
fn server_board(id: &str, revision: i64, removed: bool, record: &str) -> ServerBoard {
    let record = if removed { None } else { serde_json::from_str(record).ok() };
    ServerBoard { id: id.to_owned(), revision, record }
}

/// The stored row of a board: owner, revision, removed, record.
type Row = (String, i64, i64, String);

async fn current(app: &App, id: &str) -> Result<Option<Row>, ApiError> {
    Ok(sqlx::query_as("SELECT owner_id, revision, removed, record FROM boards WHERE id = $1")
        .bind(id)
        .fetch_optional(&app.db)
        .await?)
}

async fn conflict(app: &App, id: &str) -> Result<Outcome, ApiError> {
    let row = current(app, id).await?;
    let current = match row {
        Some((_, revision, removed, record)) => server_board(id, revision, removed != 0, &record),
        None => ServerBoard { id: id.to_owned(), revision: 0, record: None },
    };
    Ok(Outcome::Conflict { current })
}

async fn apply(app: &App, account: &str, change: BoardChange) -> Result<Outcome, ApiError> {
    let rejected = |reason: &str| Ok(Outcome::Rejected { reason: reason.to_owned() });
    let id = change.id.as_str();
    if id.is_empty() || id.chars().count() > MAX_ID_CHARS {
        return rejected("a board id has 1 to 128 characters");
    }
    let existing = current(app, id).await?;
    if existing.as_ref().is_some_and(|(owner, ..)| owner != account) {
        return rejected("this id is another board's");
    }
    if let Some((_, revision, ..)) = &existing {
        if change.base_revision != Some(*revision) {
            return conflict(app, id).await;
        }
    }
    // What to store: the gated record, or the removal of the stored one.
    let (code, public, removed, record) = match &change.record {
        Some(json) => {
            let board = match read_board_record(json) {
                Ok(board) => board,
                Err(error) => return rejected(&format!("the board does not pass the write gate: {error}")),
            };
            if board.id.0 != id {
                return rejected("the record is another board's");
            }
            if !matches!(&board.owner, Ownership::User { user_id } if user_id.0 == account) {
                return rejected("the board belongs to another account");
            }
            let record = serde_json::to_string(&board.to_record()).map_err(|_| ErrorCode::Internal)?;
            (board.code().to_owned(), matches!(board.metadata.sharing, Sharing::Public), false, record)
        }
        None => match &existing {
            // Nothing to remove: the server never had it.
            None => return Ok(Outcome::Accepted { revision: 0 }),
            Some((_, _, _, record)) => (code_of(record), false, true, record.clone()),
        },
    };
    let mut tx = app.db.begin().await?;
    let (seq,): (i64,) = sqlx::query_as("UPDATE counters SET value = value + 1 WHERE name = 'sync' RETURNING value")
        .fetch_one(&mut *tx)
        .await?;
    let now = now_millis();
    let revision = match &existing {
        Some((_, revision, ..)) => {
            let updated = sqlx::query(
                "UPDATE boards SET code = $1, revision = revision + 1, seq = $2, public = $3, removed = $4, \
                 record = $5, updated = $6 WHERE id = $7 AND revision = $8 AND owner_id = $9",
            )
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
                return conflict(app, id).await;
            }
            revision + 1
        }
        None => {
            let inserted = sqlx::query(
                "INSERT INTO boards (id, owner_id, code, revision, seq, public, removed, record, updated) \
                 VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8)",
            )
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
                    return conflict(app, id).await;
                }
                Err(error) => return Err(error.into()),
            }
        }
    };
    tx.commit().await?;
    Ok(Outcome::Accepted { revision })
}

/// The deal code in a stored record.
fn code_of(record: &str) -> String {
    serde_json::from_str::<serde_json::Value>(record)
        .ok()
        .and_then(|json| json.get("code")?.as_str().map(str::to_owned))
        .unwrap_or_default()
}
