//! Groups: the accounts (by email) one shares boards and collections with, and what is shared
//! with the signed-in account through the groups it belongs to.
//!
//! A board or collection whose sharing names groups is readable by their members. Only the
//! owner of a group may share with it (checked at every push, in `sync.rs`), and a group that
//! is missing or someone else's answers exactly like one that does not exist.

use std::collections::BTreeSet;

use api_contract::{
    normalise_email, ErrorCode, Group, GroupBody, Groups, PublicCollection, SharedCollections, MAX_GROUP_MEMBERS,
    MAX_GROUP_NAME_CHARS,
};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use training::read_collection_record;

use crate::accounts::{now_millis, random_hex, SignedIn};
use crate::error::{ApiError, ApiJson};
use crate::sync::readable_boards;
use crate::{storable, App, MAX_KEY_CHARS};

pub async fn list(State(app): State<App>, signed_in: SignedIn) -> Result<Json<Groups>, ApiError> {
    let rows: Vec<(String, String)> =
        sqlx::query_as("SELECT id, name FROM sharing_groups WHERE owner_id = $1 ORDER BY created, id")
            .bind(&signed_in.account.id)
            .fetch_all(&app.db)
            .await?;
    let mut groups = Vec::with_capacity(rows.len());
    for (id, name) in rows {
        let members = members(&app, &id).await?;
        groups.push(Group { id, name, members });
    }
    Ok(Json(Groups { groups }))
}

pub async fn create(
    State(app): State<App>,
    signed_in: SignedIn,
    ApiJson(body): ApiJson<GroupBody>,
) -> Result<(StatusCode, Json<Group>), ApiError> {
    let (name, members) = checked(body)?;
    let id = format!("g-{}", random_hex(8));
    let mut tx = app.db.begin().await?;
    sqlx::query("INSERT INTO sharing_groups (id, owner_id, name, created) VALUES ($1, $2, $3, $4)")
        .bind(&id)
        .bind(&signed_in.account.id)
        .bind(&name)
        .bind(now_millis())
        .execute(&mut *tx)
        .await?;
    insert_members(&mut tx, &id, &members).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(Group { id, name, members: members.into_iter().collect() })))
}

pub async fn update(
    State(app): State<App>,
    signed_in: SignedIn,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<GroupBody>,
) -> Result<Json<Group>, ApiError> {
    let (name, members) = checked(body)?;
    if !storable(&id, MAX_KEY_CHARS) {
        return Err(ErrorCode::NotFound.into());
    }
    let mut tx = app.db.begin().await?;
    let renamed = sqlx::query("UPDATE sharing_groups SET name = $1 WHERE id = $2 AND owner_id = $3")
        .bind(&name)
        .bind(&id)
        .bind(&signed_in.account.id)
        .execute(&mut *tx)
        .await?;
    if renamed.rows_affected() != 1 {
        return Err(ErrorCode::NotFound.into());
    }
    sqlx::query("DELETE FROM sharing_members WHERE group_id = $1").bind(&id).execute(&mut *tx).await?;
    insert_members(&mut tx, &id, &members).await?;
    tx.commit().await?;
    Ok(Json(Group { id, name, members: members.into_iter().collect() }))
}

pub async fn delete(
    State(app): State<App>,
    signed_in: SignedIn,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    if !storable(&id, MAX_KEY_CHARS) {
        return Err(ErrorCode::NotFound.into());
    }
    let mut tx = app.db.begin().await?;
    let deleted = sqlx::query("DELETE FROM sharing_groups WHERE id = $1 AND owner_id = $2")
        .bind(&id)
        .bind(&signed_in.account.id)
        .execute(&mut *tx)
        .await?;
    if deleted.rows_affected() != 1 {
        return Err(ErrorCode::NotFound.into());
    }
    sqlx::query("DELETE FROM sharing_members WHERE group_id = $1").bind(&id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM shares WHERE group_id = $1").bind(&id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

pub async fn shared(State(app): State<App>, signed_in: SignedIn) -> Result<Json<SharedCollections>, ApiError> {
    let email = &signed_in.account.email;
    let groups: Vec<(String,)> =
        sqlx::query_as("SELECT group_id FROM sharing_members WHERE email = $1 ORDER BY group_id")
            .bind(email)
            .fetch_all(&app.db)
            .await?;
    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT DISTINCT c.id, c.record FROM collections c \
         JOIN shares s ON s.kind = 'collection' AND s.item_id = c.id \
         JOIN sharing_members m ON m.group_id = s.group_id \
         WHERE m.email = $1 AND c.removed = 0 ORDER BY c.id",
    )
    .bind(email)
    .fetch_all(&app.db)
    .await?;
    let mut collections = Vec::with_capacity(rows.len());
    for (id, record) in rows {
        let Ok(json) = serde_json::from_str::<serde_json::Value>(&record) else { continue };
        let Ok(collection) = read_collection_record(&json) else { continue };
        let boards = readable_boards(&app, &collection, Some(email)).await?;
        collections.push(PublicCollection { code: id, collection: json, boards });
    }
    Ok(Json(SharedCollections { groups: groups.into_iter().map(|(id,)| id).collect(), collections }))
}

/// Adds `members` to group `id`.
async fn insert_members(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: &str,
    members: &BTreeSet<String>,
) -> Result<(), ApiError> {
    for email in members {
        sqlx::query("INSERT INTO sharing_members (group_id, email) VALUES ($1, $2)")
            .bind(id)
            .bind(email)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// The normalised members of group `id`, sorted.
async fn members(app: &App, id: &str) -> Result<Vec<String>, ApiError> {
    let rows: Vec<(String,)> = sqlx::query_as("SELECT email FROM sharing_members WHERE group_id = $1 ORDER BY email")
        .bind(id)
        .fetch_all(&app.db)
        .await?;
    Ok(rows.into_iter().map(|(email,)| email).collect())
}

/// The trimmed name and the normalised, deduplicated members of `body`.
fn checked(body: GroupBody) -> Result<(String, BTreeSet<String>), ApiError> {
    let name = body.name.trim().to_owned();
    if name.is_empty() || !storable(&name, MAX_GROUP_NAME_CHARS) {
        return Err(ErrorCode::MalformedBody.into());
    }
    if body.members.len() > MAX_GROUP_MEMBERS {
        return Err(ErrorCode::PayloadTooLarge.into());
    }
    let members = body
        .members
        .iter()
        .map(|email| normalise_email(email).ok_or(ErrorCode::InvalidEmail))
        .collect::<Result<BTreeSet<_>, _>>()?;
    Ok((name, members))
}

/// Whether every one of `groups` is a group of `account`.
pub async fn all_owned(app: &App, account: &str, groups: &[String]) -> Result<bool, ApiError> {
    for group in groups {
        if !storable(group, MAX_KEY_CHARS) {
            return Ok(false);
        }
        let row: Option<(String,)> = sqlx::query_as("SELECT id FROM sharing_groups WHERE id = $1 AND owner_id = $2")
            .bind(group)
            .bind(account)
            .fetch_optional(&app.db)
            .await?;
        if row.is_none() {
            return Ok(false);
        }
    }
    Ok(true)
}
