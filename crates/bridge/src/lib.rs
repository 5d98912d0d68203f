//! The rules of contract bridge: cards, deals, the auction, the play, scoring,
//! the Portable Bridge Notation (PBN) and Bridge Base Online's LIN.
//!
//! Everything here is pure: no I/O, no clock, no randomness. Invalid input is
//! an error value, never a panic.
//!
//! ```
//! use bridge::{Auction, Call, Deal, Play, Seat, Strain, Side, score};
//!
//! let deal: Deal = "N:AKQ2.KQ3.A54.K32 JT98.J98.KQ2.QJT 76.AT76.JT98.A98 543.542.763.7654"
//!     .parse()
//!     .unwrap();
//! assert_eq!(deal.hand(Seat::North).hcp(), 21);
//!
//! // North deals and opens 1NT; South raises to 3NT.
//! let calls = ["1NT", "Pass", "3NT", "Pass", "Pass", "Pass"].map(|c| c.parse::<Call>().unwrap());
//! let auction = Auction::from_calls(Seat::North, calls).unwrap();
//! let contract = auction.contract().unwrap();
//! assert_eq!(auction.declarer(), Some(Seat::North));
//!
//! // East leads; the play checks that every card follows suit.
//! let mut play = Play::new(deal, contract.strain(), Seat::East);
//! play.play("SJ".parse().unwrap()).unwrap();
//! assert!(play.play("H2".parse().unwrap()).is_err()); // South holds no H2
//! assert_eq!(play.next_player(), Some(Seat::South));
//! assert_eq!(play.tricks_won(Side::NorthSouth), 0);
//!
//! // 3NT made with an overtrick, not vulnerable.
//! assert_eq!(score(contract, false, 10), 430);
//! assert_eq!(contract.strain(), Strain::NoTrump);
//! ```

mod auction;
mod card;
mod deal;
mod game;
mod hand;
mod play;
mod score;
mod seat;
mod vulnerability;

pub mod lin;
pub mod order;
pub mod pbn;
#[cfg(feature = "testing")]
pub mod testing;

pub use auction::{
    Auction, AuctionError, AuctionReplayError, Bid, Call, Contract, ParseCallError, ParseContractError, Penalty,
};
pub use card::{Card, ParseCardError, ParseStrainError, Rank, Strain, Suit};
pub use deal::{Deal, DealError};
pub use game::Game;
pub use hand::{Hand, ParseHandError};
pub use play::{legal_cards, winning_index, Play, PlayError, PlayReplayError, Trick};
pub use score::{imps, matchpoints, score};
pub use seat::{BySeat, ParseSeatError, Seat, Side};
pub use vulnerability::{board_dealer, board_vulnerability, ParseVulnerabilityError, Vulnerability};
