//! The integration tests of `bridge`, one module per area of the rules.

mod auction;
mod cards;
mod deal;
mod play;
mod properties;
mod rotation;
mod score;

mod lin;
mod pbn;
mod pbn_corpus;
