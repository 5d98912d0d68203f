//! Presentational Yew components for bridge: hands, deal diagrams and auctions.
//!
//! Components here take small view models built from `bridge` types and
//! report through callbacks; they make no rule decisions and never see the
//! product model (`training`). Their text comes from a [`Strings`] context
//! with English defaults, which the app fills in the reader's language.

mod auction;
mod diagram;
mod hand;
mod strings;

pub use auction::{AuctionTable, AuctionTableProps};
pub use diagram::{DealDiagram, DealDiagramProps};
pub use hand::{HandView, HandViewProps};
pub use strings::{use_strings, Strings};
