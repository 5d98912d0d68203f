-- One's own boards, as synced from devices. `revision` counts the changes of
-- one board; `seq` orders every change of the server, for pulls by cursor.
CREATE TABLE boards (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    code TEXT NOT NULL,
    revision BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    public INTEGER NOT NULL,
    removed INTEGER NOT NULL,
    record TEXT NOT NULL,
    updated BIGINT NOT NULL
);

CREATE INDEX boards_owner_seq ON boards (owner_id, seq);
CREATE INDEX boards_code ON boards (code);

CREATE TABLE counters (
    name TEXT PRIMARY KEY,
    value BIGINT NOT NULL
);

INSERT INTO counters (name, value) VALUES ('sync', 0);
