//! The integration tests of `training`, one module per area of the model.

mod bulk;
mod collection;
mod collection_record;
mod comments;
mod deal_code;
mod exchange;
mod game;
mod gate;
mod journal;
mod journal_record;
mod lenient;
mod lesson;
mod locale;
mod outcome;
mod overview;
mod ports;
mod query;
mod record;
mod rewrite;
mod rich_text;
mod service;
mod social;
mod social_record;
mod summary;
mod teaching;
