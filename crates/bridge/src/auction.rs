//! Calls, the auction from the dealer to the final contract.

use std::fmt;
use std::str::FromStr;

use crate::{Seat, Strain};

/// A bid: a level from 1 to 7 and a strain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bid {
    level: u8,
    strain: Strain,
}

impl Bid {
    /// The bid of `level` (1..=7) in `strain`, or `None` for another level.
    #[must_use]
    pub const fn new(level: u8, strain: Strain) -> Option<Bid> {
        if 1 <= level && level <= 7 {
            Some(Bid { level, strain })
        } else {
            None
        }
    }

    #[must_use]
    pub const fn level(self) -> u8 {
        self.level
    }

    #[must_use]
    pub const fn strain(self) -> Strain {
        self.strain
    }

    /// All 35 bids from 1♣ to 7NT.
    pub fn all() -> impl Iterator<Item = Bid> {
        (1..=7).flat_map(|level| Strain::ALL.into_iter().map(move |strain| Bid { level, strain }))
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.level, self.strain)
    }
}

/// A call: a bid, pass, double or redouble.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Call {
    Pass,
    Double,
    Redouble,
    Bid(Bid),
}

/// The call string was not a PBN call.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid call {0:?}: expected Pass, X, XX or a bid such as 1C, 3NT")]
pub struct ParseCallError(pub String);

impl FromStr for Call {
    type Err = ParseCallError;

    /// Reads `Pass` (also `P`, `PASS`), `X`, `XX` (also `D`, `R`, `Dbl`,
    /// `Rdbl`), and bids such as `1C`, `3NT`, `3N`, in either case. PBN's `AP`
    /// (all pass) stands for several calls, so it is not a call: the PBN
    /// reader expands it.
    fn from_str(s: &str) -> Result<Call, ParseCallError> {
        let spelled = |spellings: &[&str]| spellings.iter().any(|spelling| s.eq_ignore_ascii_case(spelling));
        if spelled(&["PASS", "P"]) {
            return Ok(Call::Pass);
        }
        if spelled(&["X", "D", "DBL"]) {
            return Ok(Call::Double);
        }
        if spelled(&["XX", "R", "RDBL", "REDBL"]) {
            return Ok(Call::Redouble);
        }
        let err = || ParseCallError(s.to_owned());
        // `Strain` reads either case too.
        let mut chars = s.chars();
        let level = chars.next().and_then(|c| c.to_digit(10)).ok_or_else(err)?;
        let strain: Strain = chars.as_str().parse().map_err(|_| err())?;
        let level = u8::try_from(level).map_err(|_| err())?;
        Bid::new(level, strain).map(Call::Bid).ok_or_else(err)
    }
}

impl fmt::Display for Call {
    /// The PBN spelling: `Pass`, `X`, `XX`, `1C`, `3NT`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("Pass"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
            Call::Bid(bid) => write!(f, "{bid}"),
        }
    }
}

/// Whether a contract is doubled or redoubled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Penalty {
    #[default]
    Undoubled,
    Doubled,
    Redoubled,
}

impl Penalty {
    /// `""`, `"X"` or `"XX"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Penalty::Undoubled => "",
            Penalty::Doubled => "X",
            Penalty::Redoubled => "XX",
        }
    }
}

/// A final contract, without its declarer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Contract {
    pub bid: Bid,
    pub penalty: Penalty,
}

impl Contract {
    #[must_use]
    pub const fn level(self) -> u8 {
        self.bid.level
    }

    #[must_use]
    pub const fn strain(self) -> Strain {
        self.bid.strain
    }

    /// The tricks declarer needs: six plus the level.
    #[must_use]
    pub const fn target(self) -> u8 {
        6 + self.bid.level
    }
}

/// The contract string was not a PBN contract.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid contract {0:?}: expected a bid with an optional X or XX, such as 4S, 3NTX")]
pub struct ParseContractError(pub String);

impl FromStr for Contract {
    type Err = ParseContractError;

    /// Reads `4S`, `4SX`, `3NTXX`, `3N` (and `*` for a double, as some
    /// programs write it), in either case.
    fn from_str(s: &str) -> Result<Contract, ParseContractError> {
        let upper = s.trim().to_ascii_uppercase().replace('*', "X");
        let (bid, penalty) = if let Some(bid) = upper.strip_suffix("XX") {
            (bid, Penalty::Redoubled)
        } else if let Some(bid) = upper.strip_suffix('X') {
            (bid, Penalty::Doubled)
        } else {
            (upper.as_str(), Penalty::Undoubled)
        };
        match bid.parse::<Call>() {
            Ok(Call::Bid(bid)) => Ok(Contract { bid, penalty }),
            _ => Err(ParseContractError(s.to_owned())),
        }
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.bid, self.penalty.as_str())
    }
}

/// Why a call may not be made now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AuctionError {
    #[error("the auction is over; no call may follow")]
    Over,
    #[error("insufficient bid {bid}: it must outrank {last}")]
    InsufficientBid { bid: Bid, last: Bid },
    #[error("double is only allowed over an opponent's undoubled bid")]
    Double,
    #[error("redouble is only allowed over an opponent's double")]
    Redouble,
}

/// An auction error and the index of the call that caused it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("call {} ({call}): {error}", index + 1)]
pub struct AuctionReplayError {
    /// The index of the offending call, from 0.
    pub index: usize,
    pub call: Call,
    pub error: AuctionError,
}

/// The calls made so far, starting with the dealer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Auction {
    dealer: Seat,
    calls: Vec<Call>,
}

impl Auction {
    /// An empty auction; `dealer` calls first.
    #[must_use]
    pub const fn new(dealer: Seat) -> Auction {
        Auction { dealer, calls: Vec::new() }
    }

    /// Replays `calls` from `dealer`, checking each one.
    ///
    /// # Errors
    /// The first illegal call, with its index.
    pub fn from_calls(dealer: Seat, calls: impl IntoIterator<Item = Call>) -> Result<Auction, AuctionReplayError> {
        let mut res = Auction::new(dealer);
        for (index, call) in calls.into_iter().enumerate() {
            res.call(call).map_err(|error| AuctionReplayError { index, call, error })?;
        }
        Ok(res)
    }

    #[must_use]
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }

    #[must_use]
    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// The seat that makes call number `index` (from 0).
    #[must_use]
    pub const fn seat_of(&self, index: usize) -> Seat {
        self.dealer.rotate(index)
    }

    /// The seat to call next.
    #[must_use]
    pub fn next_seat(&self) -> Seat {
        self.seat_of(self.calls.len())
    }

    /// Three passes after a call, or four passes, end the auction.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.calls.len() >= 4 && self.calls[self.calls.len() - 3..].iter().all(|call| *call == Call::Pass)
    }

    /// Four passes and no bid.
    #[must_use]
    pub fn is_passed_out(&self) -> bool {
        self.is_complete() && self.last_bid().is_none()
    }

    /// The last bid and the index of the call that made it.
    #[must_use]
    pub fn last_bid_at(&self) -> Option<(usize, Bid)> {
        self.calls.iter().enumerate().rev().find_map(|(idx, call)| match call {
            Call::Bid(bid) => Some((idx, *bid)),
            _ => None,
        })
    }

    #[must_use]
    pub fn last_bid(&self) -> Option<Bid> {
        self.last_bid_at().map(|(_, bid)| bid)
    }

    /// The contract as it stands: the last bid with any double or redouble
    /// made after it.
    #[must_use]
    pub fn current_contract(&self) -> Option<Contract> {
        let (idx, bid) = self.last_bid_at()?;
        let penalty = self.calls[idx + 1..].iter().fold(Penalty::Undoubled, |penalty, call| match call {
            Call::Double => Penalty::Doubled,
            Call::Redouble => Penalty::Redoubled,
            _ => penalty,
        });
        Some(Contract { bid, penalty })
    }

    /// The final contract, once the auction is complete and not passed out.
    #[must_use]
    pub fn contract(&self) -> Option<Contract> {
        if self.is_complete() {
            self.current_contract()
        } else {
            None
        }
    }

    /// The first player of the side that made the last bid to name its
    /// strain; the declarer once the auction is complete.
    #[must_use]
    pub fn current_declarer(&self) -> Option<Seat> {
        let (last_idx, bid) = self.last_bid_at()?;
        let side = self.seat_of(last_idx).side();
        self.calls.iter().enumerate().find_map(|(idx, call)| match call {
            Call::Bid(b) if b.strain == bid.strain && self.seat_of(idx).side() == side => Some(self.seat_of(idx)),
            _ => None,
        })
    }

    /// The declarer of the final contract.
    #[must_use]
    pub fn declarer(&self) -> Option<Seat> {
        if self.is_complete() {
            self.current_declarer()
        } else {
            None
        }
    }

    /// Whether `call` may be made now, and why not.
    ///
    /// # Errors
    /// The rule `call` breaks.
    pub fn check(&self, call: Call) -> Result<(), AuctionError> {
        if self.is_complete() {
            return Err(AuctionError::Over);
        }
        let last = self.last_bid_at();
        match call {
            Call::Pass => Ok(()),
            Call::Bid(bid) => match last {
                Some((_, last)) if bid <= last => Err(AuctionError::InsufficientBid { bid, last }),
                _ => Ok(()),
            },
            Call::Double => match (last, self.penalty_state()) {
                (Some((idx, _)), Penalty::Undoubled) if self.is_opponent(idx) => Ok(()),
                _ => Err(AuctionError::Double),
            },
            Call::Redouble => match (self.last_double(), self.penalty_state()) {
                (Some(idx), Penalty::Doubled) if self.is_opponent(idx) => Ok(()),
                _ => Err(AuctionError::Redouble),
            },
        }
    }

    /// Makes `call`.
    ///
    /// # Errors
    /// The rule `call` breaks; the auction is unchanged.
    pub fn call(&mut self, call: Call) -> Result<(), AuctionError> {
        self.check(call)?;
        self.calls.push(call);
        Ok(())
    }

    /// Takes back the last call.
    pub fn undo(&mut self) -> Option<Call> {
        self.calls.pop()
    }

    /// Every call that may be made now: pass, double, redouble and bids, in
    /// that order. Empty once the auction is complete.
    #[must_use]
    pub fn legal_calls(&self) -> Vec<Call> {
        [Call::Pass, Call::Double, Call::Redouble]
            .into_iter()
            .chain(Bid::all().map(Call::Bid))
            .filter(|call| self.check(*call).is_ok())
            .collect()
    }

    /// The same auction with the dealer moved `steps` seats clockwise.
    #[must_use]
    pub fn rotate(self, steps: usize) -> Auction {
        Auction { dealer: self.dealer.rotate(steps), calls: self.calls }
    }

    fn penalty_state(&self) -> Penalty {
        self.current_contract().map_or(Penalty::Undoubled, |contract| contract.penalty)
    }

    fn last_double(&self) -> Option<usize> {
        self.calls.iter().rposition(|call| *call == Call::Double)
    }

    /// The call at `idx` was made by an opponent of the player to call.
    fn is_opponent(&self, idx: usize) -> bool {
        self.seat_of(idx).side() != self.next_seat().side()
    }
}
