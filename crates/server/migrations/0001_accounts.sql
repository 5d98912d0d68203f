-- Accounts and their sessions. The same SQL runs on SQLite and PostgreSQL.
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    audience TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- A session is stored by the SHA-256 of its token: the token itself is never kept.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE INDEX sessions_account ON sessions (account_id);
