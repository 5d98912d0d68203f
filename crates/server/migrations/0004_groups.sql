-- Groups an account shares with, their members by normalised email (an email
-- without an account yet counts once it signs up), and what is shared with
-- each group: one row per board or collection (`kind`) and group, rewritten
-- with every write of the record.
CREATE TABLE sharing_groups (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    name TEXT NOT NULL,
    created BIGINT NOT NULL
);

CREATE INDEX sharing_groups_owner ON sharing_groups (owner_id);

CREATE TABLE sharing_members (
    group_id TEXT NOT NULL,
    email TEXT NOT NULL,
    PRIMARY KEY (group_id, email)
);

CREATE INDEX sharing_members_email ON sharing_members (email);

CREATE TABLE shares (
    kind TEXT NOT NULL,
    item_id TEXT NOT NULL,
    group_id TEXT NOT NULL,
    PRIMARY KEY (kind, item_id, group_id)
);

CREATE INDEX shares_group ON shares (group_id);
