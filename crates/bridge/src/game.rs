//! A game: a deal with its dealer, vulnerability, auction and play, rotated as one.

use crate::{Auction, Card, Deal, Play, PlayReplayError, Seat, Vulnerability};

/// A deal at the table: who dealt, who is vulnerable, the calls and the cards played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub deal: Deal,
    pub vulnerability: Vulnerability,
    /// The auction, which also names the dealer.
    pub auction: Auction,
    /// The cards played, in order from the opening lead.
    pub play: Vec<Card>,
}

impl Game {
    #[must_use]
    pub const fn dealer(&self) -> Seat {
        self.auction.dealer()
    }

    /// The whole game with every player moved `steps` seats clockwise: the
    /// hands, the dealer (and so who made each call) and the vulnerability.
    /// The cards played stay the same cards.
    #[must_use]
    pub fn rotate(self, steps: usize) -> Game {
        Game {
            deal: self.deal.rotate(steps),
            vulnerability: self.vulnerability.rotate(steps),
            auction: self.auction.rotate(steps),
            play: self.play,
        }
    }

    /// Replays the cards played against the deal and the final contract.
    /// `None` when the auction has no final contract.
    ///
    /// # Errors
    /// The first card that may not be played, with its index.
    pub fn replay_play(&self) -> Option<Result<Play, PlayReplayError>> {
        let contract = self.auction.contract()?;
        let declarer = self.auction.declarer()?;
        Some(Play::replay(self.deal, contract.strain(), declarer.next(), self.play.iter().copied()))
    }
}
