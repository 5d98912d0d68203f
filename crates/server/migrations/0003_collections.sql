-- One's own collections, synced like boards: `revision` counts the changes of
-- one collection, `seq` takes the same server-wide counter as boards. A
-- collection's code, what a learner types to open it, is its id.
CREATE TABLE collections (
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

CREATE INDEX collections_owner_seq ON collections (owner_id, seq);
