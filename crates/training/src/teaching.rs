//! Teaching modes: how much of a board the player shows before the learner
//! plays, and the rules of minibridge ("petit bridge"), where there is no
//! auction at all.

use std::fmt;

use bridge::{Bid, Contract, Deal, Penalty, Seat, Strain};
use serde::{Deserialize, Serialize};

/// How the player presents a board. Chosen by the teacher in the editor and
/// stored with the board's metadata.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TeachingMode {
    /// The auction with its comments, then the play.
    #[default]
    Full,
    /// The auction hidden; the final contract and declarer shown.
    ShowContract,
    /// Only the trump strain shown: the learner states a goal in tricks
    /// before the play, and the review compares it with the result.
    ShowTrump,
    /// The trump strain and the tricks to take, given by the teacher.
    ShowTrumpAndGoal { tricks: u8 },
    /// No auction: the side with more high-card points declares and its
    /// declarer chooses the strain and a part score or a game.
    Minibridge,
    /// The learner bids one seat against the board's auction, then plays.
    BiddingPractice,
}

impl TeachingMode {
    /// Every mode, in the editor's order (the goal of
    /// [`TeachingMode::ShowTrumpAndGoal`] is a placeholder).
    pub const ALL: [TeachingMode; 6] = [
        TeachingMode::Full,
        TeachingMode::ShowContract,
        TeachingMode::ShowTrump,
        TeachingMode::ShowTrumpAndGoal { tricks: 0 },
        TeachingMode::Minibridge,
        TeachingMode::BiddingPractice,
    ];

    /// The stored and searchable name of the mode: `full`, `show_contract`,
    /// `show_trump`, `show_trump_and_goal`, `minibridge`, `bidding_practice`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            TeachingMode::Full => "full",
            TeachingMode::ShowContract => "show_contract",
            TeachingMode::ShowTrump => "show_trump",
            TeachingMode::ShowTrumpAndGoal { .. } => "show_trump_and_goal",
            TeachingMode::Minibridge => "minibridge",
            TeachingMode::BiddingPractice => "bidding_practice",
        }
    }

    /// The mode named `name` (see [`TeachingMode::as_str`]), with `tricks`
    /// as the goal of [`TeachingMode::ShowTrumpAndGoal`].
    #[must_use]
    pub fn from_name(name: &str, tricks: u8) -> Option<TeachingMode> {
        TeachingMode::ALL.into_iter().find(|mode| mode.as_str() == name).map(|mode| match mode {
            TeachingMode::ShowTrumpAndGoal { .. } => TeachingMode::ShowTrumpAndGoal { tricks },
            other => other,
        })
    }

    /// Whether the player shows the auction before the play.
    #[must_use]
    pub const fn shows_auction(self) -> bool {
        matches!(self, TeachingMode::Full)
    }

    /// The teacher's goal in tricks, in "show trump and goal".
    #[must_use]
    pub const fn given_goal(self) -> Option<u8> {
        match self {
            TeachingMode::ShowTrumpAndGoal { tricks } => Some(tricks),
            _ => None,
        }
    }

    /// Whether the board needs a contract from its auction to be played.
    #[must_use]
    pub const fn needs_contract(self) -> bool {
        !matches!(self, TeachingMode::Full | TeachingMode::Minibridge)
    }
}

impl fmt::Display for TeachingMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The declarer of a minibridge deal: the side with more high-card points
/// declares (the dealer's side on a 20-20 tie), and within it the hand with
/// more points (on a tie, the one who announces first, counting from the
/// dealer). Its partner is dummy.
#[must_use]
pub fn minibridge_declarer(deal: &Deal, dealer: Seat) -> Seat {
    let hands = deal.hands();
    let points = |seat: Seat| hands[seat].hcp();
    let side_points = |seat: Seat| points(seat) + points(seat.partner());
    let declaring = if side_points(dealer.next()) > side_points(dealer) { dealer.next() } else { dealer };
    // The side's two hands in the order they announce their points.
    let (first, second) = if dealer.steps_to(declaring) < dealer.steps_to(declaring.partner()) {
        (declaring, declaring.partner())
    } else {
        (declaring.partner(), declaring)
    };
    if points(second) > points(first) {
        second
    } else {
        first
    }
}

/// What a minibridge declarer announces after seeing dummy: a strain, and
/// whether the side plays for a part score (seven tricks) or a game (nine
/// at notrump, ten in a major, eleven in a minor).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MinibridgeContract {
    pub strain: Strain,
    pub game: bool,
}

impl MinibridgeContract {
    /// The tricks declarer must take.
    #[must_use]
    pub const fn target(self) -> u8 {
        if !self.game {
            return 7;
        }
        match self.strain {
            Strain::NoTrump => 9,
            Strain::Spades | Strain::Hearts => 10,
            Strain::Diamonds | Strain::Clubs => 11,
        }
    }

    /// The contract the play runs under: level 1 for a part score, the
    /// game's level for a game, undoubled.
    #[must_use]
    pub fn to_contract(self) -> Contract {
        match Bid::new(self.target() - 6, self.strain) {
            Some(bid) => Contract { bid, penalty: Penalty::Undoubled },
            // Targets are 7 to 11 tricks: levels 1 to 5.
            None => unreachable!("a minibridge target is a level from 1 to 5"),
        }
    }

    /// The announcement a contract stands for: an undoubled level 1 is a
    /// part score, an undoubled game level a game; any other is none.
    #[must_use]
    pub fn from_contract(contract: Contract) -> Option<MinibridgeContract> {
        if contract.penalty != Penalty::Undoubled {
            return None;
        }
        [false, true]
            .into_iter()
            .map(|game| MinibridgeContract { strain: contract.strain(), game })
            .find(|announced| announced.target() - 6 == contract.level())
    }

    /// The best announcement when declarer takes `tricks(strain)` tricks in
    /// each strain (double dummy, say), with its score: the highest score,
    /// and among equal scores the lower strain and the part score first.
    #[must_use]
    pub fn best(tricks: impl Fn(Strain) -> u8) -> (MinibridgeContract, i32) {
        let mut best = (MinibridgeContract { strain: Strain::Clubs, game: false }, i32::MIN);
        for strain in Strain::ALL {
            for game in [false, true] {
                let announced = MinibridgeContract { strain, game };
                let score = announced.score(tricks(strain));
                if score > best.1 {
                    best = (announced, score);
                }
            }
        }
        best
    }

    /// The declaring side's minibridge score for `tricks` taken by declarer
    /// (the EBU's rules, without vulnerability): made, the trick points of
    /// every trick over six (20 in a minor, 30 in a major, 40 then 30 at
    /// notrump) and a bonus of 300 for a game or 50 for a part score; short
    /// of the target, minus 50 for each missing trick.
    #[must_use]
    pub fn score(self, tricks: u8) -> i32 {
        let tricks = tricks.min(13);
        if tricks < self.target() {
            return -50 * i32::from(self.target() - tricks);
        }
        let odd = i32::from(tricks - 6);
        let trick_points = match self.strain {
            Strain::Clubs | Strain::Diamonds => 20 * odd,
            Strain::Hearts | Strain::Spades => 30 * odd,
            Strain::NoTrump => 10 + 30 * odd,
        };
        trick_points + if self.game { 300 } else { 50 }
    }
}
