//! Presentational Yew components for bridge: hands, deal diagrams, auctions,
//! the bid box, tricks and the double-dummy table.
//!
//! Components here take small view models built from `bridge` types and
//! report through callbacks; they make no rule decisions and never see the
//! product model (`training`). Their text comes from a [`Strings`] context
//! with English defaults, which the app fills in the reader's language.

mod auction;
mod bidding;
mod dd_table;
mod deck;
mod diagram;
mod hand;
mod strings;
mod trick;

pub use auction::{AuctionTable, AuctionTableProps};
pub use bidding::{BidBox, BidBoxProps};
pub use dd_table::{DdTableView, DdTableViewProps};
pub use deck::{DeckPicker, DeckPickerProps};
pub use diagram::{DealDiagram, DealDiagramProps};
pub use hand::{HandView, HandViewProps};
pub use strings::{use_strings, Strings};
pub use trick::{TrickView, TrickViewProps};
