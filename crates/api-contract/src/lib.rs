//! The wire between the app and the server: one route table, the request and
//! response bodies, the error codes each endpoint may answer, and the OpenAPI
//! document generated from them.
//!
//! The server builds its router from [`ROUTES`] through an exhaustive match on
//! [`Endpoint`], so an endpoint cannot be added to the table without a handler,
//! nor served without being in the table. Request bodies reject unknown fields.

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// The most bytes a request body may hold.
pub const MAX_BODY_BYTES: usize = 64 * 1024;
/// The longest email address accepted (RFC 5321's limit).
pub const MAX_EMAIL_CHARS: usize = 254;
/// The shortest and longest passwords accepted, in characters.
pub const MIN_PASSWORD_CHARS: usize = 10;
pub const MAX_PASSWORD_CHARS: usize = 256;
/// The header carrying the session token: `Authorization: Bearer TOKEN`.
pub const AUTHORIZATION: &str = "authorization";

/// An HTTP method of the API.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    Get,
    Post,
    Delete,
}

impl Method {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Delete => "DELETE",
        }
    }
}

/// Every endpoint of the API.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Endpoint {
    Health,
    OpenApi,
    SignUp,
    SignIn,
    SignOut,
    Account,
    DeleteAccount,
    PushBoards,
    PullBoards,
    PushCollections,
    PullCollections,
    PublicBoard,
    PublicCollection,
    Groups,
    CreateGroup,
    UpdateGroup,
    DeleteGroup,
    SharedCollections,
}

/// One row of the route table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    pub endpoint: Endpoint,
    pub method: Method,
    /// The path, with `{name}` for a path parameter.
    pub path: &'static str,
    /// What it does, for the OpenAPI document.
    pub summary: &'static str,
    /// A session token is required.
    pub authenticated: bool,
    /// The request body's schema name, if it takes one.
    pub request: Option<&'static str>,
    /// The success status and the response body's schema name.
    pub response: (u16, Option<&'static str>),
    /// The error codes it may answer.
    pub errors: &'static [ErrorCode],
}

/// The route table: the single description of what the server serves under `/api`.
pub const ROUTES: &[Route] = &[
    Route {
        endpoint: Endpoint::Health,
        method: Method::Get,
        path: "/api/health",
        summary: "The server is up and its database answers",
        authenticated: false,
        request: None,
        response: (200, Some("Health")),
        errors: &[ErrorCode::Internal],
    },
    Route {
        endpoint: Endpoint::OpenApi,
        method: Method::Get,
        path: "/api/openapi.json",
        summary: "This API as an OpenAPI 3.1 document",
        authenticated: false,
        request: None,
        response: (200, None),
        errors: &[],
    },
    Route {
        endpoint: Endpoint::SignUp,
        method: Method::Post,
        path: "/api/accounts",
        summary: "Create an account (its audience is fixed here) and open a session",
        authenticated: false,
        request: Some("SignUp"),
        response: (201, Some("Session")),
        errors: &[
            ErrorCode::MalformedBody,
            ErrorCode::PayloadTooLarge,
            ErrorCode::InvalidEmail,
            ErrorCode::WeakPassword,
            ErrorCode::EmailTaken,
            ErrorCode::Internal,
        ],
    },
    Route {
        endpoint: Endpoint::SignIn,
        method: Method::Post,
        path: "/api/sessions",
        summary: "Sign in with email and password",
        authenticated: false,
        request: Some("SignIn"),
        response: (200, Some("Session")),
        errors: &[
            ErrorCode::MalformedBody,
            ErrorCode::PayloadTooLarge,
            ErrorCode::InvalidCredentials,
            ErrorCode::RateLimited,
            ErrorCode::Internal,
        ],
    },
    Route {
        endpoint: Endpoint::SignOut,
        method: Method::Delete,
        path: "/api/sessions/current",
        summary: "Sign out: the session's token stops working",
        authenticated: true,
        request: None,
        response: (204, None),
        errors: &[ErrorCode::Unauthorized, ErrorCode::Internal],
    },
    Route {
        endpoint: Endpoint::Account,
        method: Method::Get,
        path: "/api/accounts/me",
        summary: "The signed-in account",
        authenticated: true,
        request: None,
        response: (200, Some("Account")),
        errors: &[ErrorCode::Unauthorized, ErrorCode::Internal],
    },
    Route {
        endpoint: Endpoint::DeleteAccount,
        method: Method::Delete,
        path: "/api/accounts/me",
        summary: "Delete the signed-in account and every session of it; the password confirms",
        authenticated: true,
        request: Some("DeleteAccount"),
        response: (204, None),
        errors: &[
            ErrorCode::Unauthorized,
            ErrorCode::MalformedBody,
            ErrorCode::InvalidCredentials,
            ErrorCode::Internal,
        ],
    },
    Route {
        endpoint: Endpoint::PushBoards,
        method: Method::Post,
        path: "/api/sync/boards",
        summary: "Push changes of one's own boards, each with the revision it was based on; a change based on \
                  an older revision is answered with the current version, never applied",
        authenticated: true,
        request: Some("Push"),
        response: (200, Some("Pushed")),
        errors: &[ErrorCode::Unauthorized, ErrorCode::MalformedBody, ErrorCode::PayloadTooLarge, ErrorCode::Internal],
    },
    Route {
        endpoint: Endpoint::PullBoards,
        method: Method::Get,
        path: "/api/sync/boards",
        summary: "One's own boards changed since a cursor (`?since=N`, 0 for all), oldest change first",
        authenticated: true,
        request: None,
        response: (200, Some("Pulled")),
        errors: &[ErrorCode::Unauthorized, ErrorCode::MalformedBody, ErrorCode::Internal],
    },
    Route {
        endpoint: Endpoint::PushCollections,
        method: Method::Post,
        path: "/api/sync/collections",
        summary: "Push changes of one's own collections, as boards are pushed",
        authenticated: true,
        request: Some("Push"),
        response: (200, Some("Pushed")),
        errors: &[ErrorCode::Unauthorized, ErrorCode::MalformedBody, ErrorCode::PayloadTooLarge, ErrorCode::Internal],
    },
    Route {
        endpoint: Endpoint::PullCollections,
        method: Method::Get,
        path: "/api/sync/collections",
        summary: "One's own collections changed since a cursor (`?since=N`, 0 for all), oldest change first",
        authenticated: true,
        request: None,
        response: (200, Some("Pulled")),
        errors: &[ErrorCode::Unauthorized, ErrorCode::MalformedBody, ErrorCode::Internal],
    },
    Route {
        endpoint: Endpoint::PublicBoard,
        method: Method::Get,
        path: "/api/public/boards/{code}",
        summary: "A public board by its deal code, without an account",
        authenticated: false,
        request: None,
        response: (200, Some("PublicBoard")),
        errors: &[ErrorCode::NotFound, ErrorCode::Internal],
    },
    Route {
        endpoint: Endpoint::PublicCollection,
        method: Method::Get,
        path: "/api/public/collections/{code}",
        summary: "A public collection by its code (its id), with those of its boards anyone may read, in its order, \
                  without an account",
        authenticated: false,
        request: None,
        response: (200, Some("PublicCollection")),
        errors: &[ErrorCode::NotFound, ErrorCode::Internal],
    },
    Route {
        endpoint: Endpoint::Groups,
        method: Method::Get,
        path: "/api/groups",
        summary: "One's groups: the accounts (by email) one shares boards and collections with",
        authenticated: true,
        request: None,
        response: (200, Some("Groups")),
        errors: &[ErrorCode::Unauthorized, ErrorCode::Internal],
    },
    Route {
        endpoint: Endpoint::CreateGroup,
        method: Method::Post,
        path: "/api/groups",
        summary: "Create a group with its members' emails (an email without an account yet counts once it signs up)",
        authenticated: true,
        request: Some("GroupBody"),
        response: (201, Some("Group")),
        errors: &[
            ErrorCode::Unauthorized,
            ErrorCode::MalformedBody,
            ErrorCode::PayloadTooLarge,
            ErrorCode::InvalidEmail,
            ErrorCode::Internal,
        ],
    },
    Route {
        endpoint: Endpoint::UpdateGroup,
        method: Method::Post,
        path: "/api/groups/{id}",
        summary: "Rename one's group and replace its members",
        authenticated: true,
        request: Some("GroupBody"),
        response: (200, Some("Group")),
        errors: &[
            ErrorCode::Unauthorized,
            ErrorCode::MalformedBody,
            ErrorCode::PayloadTooLarge,
            ErrorCode::InvalidEmail,
            ErrorCode::NotFound,
            ErrorCode::Internal,
        ],
    },
    Route {
        endpoint: Endpoint::DeleteGroup,
        method: Method::Delete,
        path: "/api/groups/{id}",
        summary: "Delete one's group: what was shared with it is no longer",
        authenticated: true,
        request: None,
        response: (204, None),
        errors: &[ErrorCode::Unauthorized, ErrorCode::NotFound, ErrorCode::Internal],
    },
    Route {
        endpoint: Endpoint::SharedCollections,
        method: Method::Get,
        path: "/api/shared/collections",
        summary: "The collections shared with a group one belongs to, each with those of its boards one may read, \
                  and the groups one belongs to",
        authenticated: true,
        request: None,
        response: (200, Some("SharedCollections")),
        errors: &[ErrorCode::Unauthorized, ErrorCode::Internal],
    },
];

/// The longest group name, in characters.
pub const MAX_GROUP_NAME_CHARS: usize = 100;
/// The most members a group may have.
pub const MAX_GROUP_MEMBERS: usize = 500;

/// The most changes one push may carry.
pub const MAX_PUSH_CHANGES: usize = 200;
/// The most bytes a push may hold (boards are a few kilobytes each).
pub const MAX_PUSH_BYTES: usize = 4 * 1024 * 1024;
/// The most boards one pull answers; the cursor tells where to go on.
pub const MAX_PULL_BOARDS: usize = 500;

impl Endpoint {
    /// The endpoint's row of [`ROUTES`].
    #[must_use]
    pub fn route(self) -> &'static Route {
        // Every endpoint has a row: checked by a test.
        ROUTES.iter().find(|route| route.endpoint == self).unwrap_or(&ROUTES[0])
    }
}

/// Who the account is for, fixed at sign-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    Teacher,
    Learner,
}

impl Audience {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Audience::Teacher => "teacher",
            Audience::Learner => "learner",
        }
    }

    /// The audience stored as `text`.
    #[must_use]
    pub fn from_str_opt(text: &str) -> Option<Audience> {
        match text {
            "teacher" => Some(Audience::Teacher),
            "learner" => Some(Audience::Learner),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SignUp {
    pub email: String,
    pub password: String,
    pub audience: Audience,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SignIn {
    pub email: String,
    pub password: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeleteAccount {
    pub password: String,
}

/// An open session: the token to send as `Authorization: Bearer TOKEN`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Session {
    pub token: String,
    /// Milliseconds since the epoch.
    pub expires_at: i64,
    pub account: Account,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Account {
    pub id: String,
    pub email: String,
    pub audience: Audience,
    /// Milliseconds since the epoch.
    pub created_at: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Health {
    pub status: String,
    pub version: String,
}

/// Changes of one's own boards, or of one's own collections.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Push {
    pub changes: Vec<Change>,
}

/// One board or collection written or removed on a device.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Change {
    pub id: String,
    /// The server revision the change was based on; `None` for a record the server never had.
    pub base_revision: Option<i64>,
    /// The record (`training::BoardRecord` or `training::CollectionRecord`); `None` removes it.
    pub record: Option<Value>,
}

/// What became of each change, in the order pushed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pushed {
    pub results: Vec<ChangeResult>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChangeResult {
    pub id: String,
    pub outcome: Outcome,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Outcome {
    /// Applied: the board's new revision.
    Accepted { revision: i64 },
    /// Based on another revision than the current one: nothing applied; the current version.
    Conflict { current: ServerRecord },
    /// Refused: the write gate's or the server's reason.
    Rejected { reason: String },
}

/// A board or collection as the server holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServerRecord {
    pub id: String,
    pub revision: i64,
    /// `None` once removed.
    pub record: Option<Value>,
}

/// The boards (or collections) changed since the cursor asked for, and the cursor to ask from
/// next time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pulled {
    pub records: Vec<ServerRecord>,
    pub cursor: i64,
    /// More changes wait: pull again from `cursor`.
    pub more: bool,
}

/// A public board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PublicBoard {
    pub code: String,
    pub record: Value,
}

/// A public collection: its record, and the records of those of its boards anyone may read, in
/// the collection's order (the others are left out).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PublicCollection {
    pub code: String,
    pub collection: Value,
    pub boards: Vec<Value>,
}

/// A group as its owner writes it: a name and the members' emails.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupBody {
    pub name: String,
    pub members: Vec<String>,
}

/// One of one's groups; its id is what a board's or collection's sharing names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    pub id: String,
    pub name: String,
    /// Normalised emails, sorted.
    pub members: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Groups {
    pub groups: Vec<Group>,
}

/// What is shared with the signed-in account through its groups.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharedCollections {
    /// The ids of the groups the account belongs to (its device reads what is shared with them).
    pub groups: Vec<String>,
    /// The collections shared with those groups, each with the boards the account may read.
    pub collections: Vec<PublicCollection>,
}

/// The stable code of an error answer; the message is for people, in English.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    #[error("the request body is not the JSON this endpoint takes")]
    MalformedBody,
    #[error("the request body is too large")]
    PayloadTooLarge,
    #[error("the email address is not valid")]
    InvalidEmail,
    #[error("the password is too short or too long")]
    WeakPassword,
    #[error("an account with this email exists")]
    EmailTaken,
    #[error("wrong email or password")]
    InvalidCredentials,
    #[error("too many attempts: wait a moment")]
    RateLimited,
    #[error("sign in first")]
    Unauthorized,
    #[error("not found")]
    NotFound,
    #[error("no such endpoint")]
    NoSuchEndpoint,
    #[error("this method is not allowed here")]
    MethodNotAllowed,
    #[error("the server failed")]
    Internal,
}

impl ErrorCode {
    /// The HTTP status of the code.
    #[must_use]
    pub const fn status(self) -> u16 {
        match self {
            ErrorCode::MalformedBody | ErrorCode::InvalidEmail | ErrorCode::WeakPassword => 400,
            ErrorCode::Unauthorized | ErrorCode::InvalidCredentials => 401,
            ErrorCode::NotFound | ErrorCode::NoSuchEndpoint => 404,
            ErrorCode::MethodNotAllowed => 405,
            ErrorCode::EmailTaken => 409,
            ErrorCode::PayloadTooLarge => 413,
            ErrorCode::RateLimited => 429,
            ErrorCode::Internal => 500,
        }
    }

    pub const ALL: [ErrorCode; 12] = [
        ErrorCode::MalformedBody,
        ErrorCode::PayloadTooLarge,
        ErrorCode::InvalidEmail,
        ErrorCode::WeakPassword,
        ErrorCode::EmailTaken,
        ErrorCode::InvalidCredentials,
        ErrorCode::RateLimited,
        ErrorCode::Unauthorized,
        ErrorCode::NotFound,
        ErrorCode::NoSuchEndpoint,
        ErrorCode::MethodNotAllowed,
        ErrorCode::Internal,
    ];
}

/// An error answer's body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrorBody {
    pub code: ErrorCode,
    pub message: String,
}

impl ErrorBody {
    #[must_use]
    pub fn new(code: ErrorCode) -> ErrorBody {
        ErrorBody { code, message: code.to_string() }
    }
}

/// A normalised email address (trimmed, lower case), or `None` when it is not one.
#[must_use]
pub fn normalise_email(email: &str) -> Option<String> {
    let email = email.trim().to_lowercase();
    let (local, domain) = email.split_once('@')?;
    let valid = !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains('@')
        && email.chars().count() <= MAX_EMAIL_CHARS
        && !email.chars().any(|c| c.is_whitespace() || c.is_control());
    valid.then_some(email)
}

/// Whether `password` has an acceptable length.
#[must_use]
pub fn password_acceptable(password: &str) -> bool {
    (MIN_PASSWORD_CHARS..=MAX_PASSWORD_CHARS).contains(&password.chars().count())
}

/// The OpenAPI 3.1 document of [`ROUTES`].
#[must_use]
pub fn openapi() -> Value {
    let mut paths = Map::new();
    for route in ROUTES {
        let mut responses = Map::new();
        let (status, schema) = route.response;
        let mut ok = json!({ "description": "success" });
        if let Some(schema) = schema {
            ok["content"] =
                json!({ "application/json": { "schema": { "$ref": format!("#/components/schemas/{schema}") } } });
        }
        responses.insert(status.to_string(), ok);
        for code in route.errors {
            let entry = responses.entry(code.status().to_string()).or_insert_with(|| {
                json!({
                    "description": "error",
                    "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ErrorBody" } } },
                    "x-error-codes": [],
                })
            });
            if let Some(codes) = entry["x-error-codes"].as_array_mut() {
                codes.push(json!(code));
            }
        }
        let mut operation = json!({
            "operationId": format!("{:?}", route.endpoint),
            "summary": route.summary,
            "responses": responses,
        });
        if let Some(schema) = route.request {
            operation["requestBody"] = json!({
                "required": true,
                "content": { "application/json": { "schema": { "$ref": format!("#/components/schemas/{schema}") } } },
            });
        }
        if route.authenticated {
            operation["security"] = json!([{ "bearer": [] }]);
        }
        let item = paths.entry(route.path.to_owned()).or_insert_with(|| json!({}));
        item[route.method.as_str().to_lowercase()] = operation;
    }
    let string = json!({ "type": "string" });
    let millis = json!({ "type": "integer", "format": "int64", "description": "milliseconds since the epoch" });
    let audience = json!({ "type": "string", "enum": ["teacher", "learner"] });
    let object = |properties: Value| {
        let required: Vec<String> = properties.as_object().map(|map| map.keys().cloned().collect()).unwrap_or_default();
        json!({ "type": "object", "additionalProperties": false, "required": required, "properties": properties })
    };
    json!({
        "openapi": "3.1.0",
        "info": { "title": "Bridge Training", "version": env!("CARGO_PKG_VERSION") },
        "paths": paths,
        "components": {
            "securitySchemes": { "bearer": { "type": "http", "scheme": "bearer" } },
            "schemas": {
                "Health": object(json!({ "status": string, "version": string })),
                "SignUp": object(json!({ "email": string, "password": string, "audience": audience })),
                "SignIn": object(json!({ "email": string, "password": string })),
                "DeleteAccount": object(json!({ "password": string })),
                "Account": object(json!({ "id": string, "email": string, "audience": audience, "created_at": millis })),
                "Session": object(json!({ "token": string, "expires_at": millis, "account": { "$ref": "#/components/schemas/Account" } })),
                "Push": object(json!({ "changes": { "type": "array", "maxItems": MAX_PUSH_CHANGES, "items": object(json!({
                    "id": string, "base_revision": { "type": ["integer", "null"] }, "record": { "type": ["object", "null"] } })) } })),
                "ServerRecord": object(json!({ "id": string, "revision": { "type": "integer" }, "record": { "type": ["object", "null"] } })),
                "Pushed": object(json!({ "results": { "type": "array", "items": object(json!({ "id": string, "outcome": {
                    "type": "object", "required": ["kind"], "properties": { "kind": { "type": "string", "enum": ["accepted", "conflict", "rejected"] } } } })) } })),
                "Pulled": object(json!({ "records": { "type": "array", "items": { "$ref": "#/components/schemas/ServerRecord" } },
                    "cursor": { "type": "integer" }, "more": { "type": "boolean" } })),
                "PublicBoard": object(json!({ "code": string, "record": { "type": "object" } })),
                "PublicCollection": object(json!({ "code": string, "collection": { "type": "object" },
                    "boards": { "type": "array", "items": { "type": "object" } } })),
                "GroupBody": object(json!({ "name": { "type": "string", "maxLength": MAX_GROUP_NAME_CHARS },
                    "members": { "type": "array", "maxItems": MAX_GROUP_MEMBERS, "items": string } })),
                "Group": object(json!({ "id": string, "name": string, "members": { "type": "array", "items": string } })),
                "Groups": object(json!({ "groups": { "type": "array", "items": { "$ref": "#/components/schemas/Group" } } })),
                "SharedCollections": object(json!({ "groups": { "type": "array", "items": string },
                    "collections": { "type": "array", "items": { "$ref": "#/components/schemas/PublicCollection" } } })),
                "ErrorBody": object(json!({ "code": { "type": "string", "enum": ErrorCode::ALL }, "message": string })),
            },
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_endpoint_has_one_route_and_every_route_one_method_and_path() {
        let endpoints = [
            Endpoint::Health,
            Endpoint::OpenApi,
            Endpoint::SignUp,
            Endpoint::SignIn,
            Endpoint::SignOut,
            Endpoint::Account,
            Endpoint::DeleteAccount,
            Endpoint::PushBoards,
            Endpoint::PullBoards,
            Endpoint::PushCollections,
            Endpoint::PullCollections,
            Endpoint::PublicBoard,
            Endpoint::PublicCollection,
            Endpoint::Groups,
            Endpoint::CreateGroup,
            Endpoint::UpdateGroup,
            Endpoint::DeleteGroup,
            Endpoint::SharedCollections,
        ];
        assert_eq!(endpoints.len(), ROUTES.len());
        for endpoint in endpoints {
            assert_eq!(ROUTES.iter().filter(|route| route.endpoint == endpoint).count(), 1, "{endpoint:?}");
            assert_eq!(endpoint.route().endpoint, endpoint);
        }
        let mut pairs: Vec<(&str, &str)> = ROUTES.iter().map(|route| (route.path, route.method.as_str())).collect();
        pairs.sort_unstable();
        pairs.dedup();
        assert_eq!(pairs.len(), ROUTES.len(), "no method and path served twice");
        assert!(ROUTES.iter().all(|route| route.path.starts_with("/api/")));
    }

    #[test]
    fn the_openapi_document_lists_every_route_and_error_code() {
        let doc = openapi();
        for route in ROUTES {
            let operation = &doc["paths"][route.path][route.method.as_str().to_lowercase()];
            assert_eq!(operation["operationId"], format!("{:?}", route.endpoint));
            for code in route.errors {
                let codes = &operation["responses"][code.status().to_string()]["x-error-codes"];
                assert!(codes.as_array().is_some_and(|codes| codes.contains(&json!(code))), "{route:?} {code:?}");
            }
        }
    }

    #[test]
    fn emails_are_normalised_or_refused() {
        assert_eq!(normalise_email("  Ann@Example.ORG "), Some("ann@example.org".to_owned()));
        for bad in [
            "",
            "ann",
            "@example.org",
            "ann@",
            "ann@example",
            "ann@.org",
            "ann@example.",
            "a b@example.org",
            "ann@@example.org",
        ] {
            assert_eq!(normalise_email(bad), None, "{bad:?}");
        }
        assert_eq!(normalise_email(&format!("{}@example.org", "a".repeat(250))), None);
    }

    #[test]
    fn requests_refuse_unknown_fields_and_wrong_types() {
        let good = r#"{"email": "a@b.org", "password": "0123456789", "audience": "teacher"}"#;
        assert!(serde_json::from_str::<SignUp>(good).is_ok());
        let unknown = r#"{"email": "a@b.org", "password": "0123456789", "audience": "teacher", "admin": true}"#;
        assert!(serde_json::from_str::<SignUp>(unknown).is_err());
        let wrong = r#"{"email": 7, "password": "0123456789", "audience": "teacher"}"#;
        assert!(serde_json::from_str::<SignUp>(wrong).is_err());
        let audience = r#"{"email": "a@b.org", "password": "0123456789", "audience": "admin"}"#;
        assert!(serde_json::from_str::<SignUp>(audience).is_err());
        assert!(password_acceptable("0123456789"));
        assert!(!password_acceptable("short"));
        assert!(!password_acceptable(&"x".repeat(257)));
    }
}
