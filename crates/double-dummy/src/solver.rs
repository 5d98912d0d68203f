//! The solver: a transposition table kept between calls, and the questions
//! asked of it (a position's value, every card's value, a deal's table).

use bridge::{Card, Deal, Rank, Seat, Strain, Suit};

use crate::search::{Search, TrickCards, NOTRUMP};
use crate::tt::TransTable;
use crate::{DdTable, Position, PositionError};

/// The memory cap of [`Solver::new`]: 64 MiB.
pub const DEFAULT_MEMORY: usize = 64 << 20;

/// A double-dummy solver. Its transposition table survives between calls,
/// so successive positions of one play and the solves of one table share
/// work; it is allocated at the first solve and never grows past its cap.
pub struct Solver {
    tt: TransTable,
    nodes: u64,
}

/// The value of one card: the tricks the side of the player to play takes
/// from the current trick on when that card is played now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardValue {
    pub card: Card,
    pub tricks: u8,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver using at most [`DEFAULT_MEMORY`] bytes for its table.
    #[must_use]
    pub fn new() -> Solver {
        Solver::with_memory(DEFAULT_MEMORY)
    }

    /// A solver whose table uses at most `bytes` (a few hundred bytes at least).
    #[must_use]
    pub fn with_memory(bytes: usize) -> Solver {
        Solver { tt: TransTable::new(bytes), nodes: 0 }
    }

    /// The bytes the table takes once allocated (never more than the cap).
    #[must_use]
    pub fn memory(&self) -> usize {
        self.tt.memory()
    }

    /// The search nodes visited since the solver was made: a measure of work.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets every stored position and frees the table.
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// The tricks the side to play takes from here, the current trick
    /// included, with best play by both sides.
    pub fn solve(&mut self, position: &Position) -> u8 {
        let n_tricks = tricks_u8(position.tricks_left());
        let guess = i32::from(n_tricks).div_euclid(2);
        let ns = self.ns_tricks(position, guess);
        from_ns(position.to_play(), n_tricks, ns)
    }

    /// The value of every legal card of the player to play, equivalent cards
    /// included, sorted by suit (spades first) and then rank from the ace.
    pub fn analyse(&mut self, position: &Position) -> Vec<CardValue> {
        self.tt.next_age();
        let (hands, trump, leader, trick, count) = parts(position);
        let player = position.to_play();
        let n_tricks = tricks_u8(position.tricks_left());
        let legal = position.legal_cards().bits();
        let mut present = hands[0] | hands[1] | hands[2] | hands[3];
        for card in &trick[..count] {
            present |= 1u64 << card;
        }
        let others = present & !hands[player.index()];
        let mut search = Search::new(hands, trump, &mut self.tt);
        let mut values = [None::<u8>; 64];
        let mut guess = i32::from(n_tricks).div_euclid(2);
        let mut group_value = 0;
        // High to low: a new group starts when another player's card (or a
        // card of the trick) lies between two of this player's cards.
        let mut prev: Option<u8> = None;
        for card in (0..64u8).rev().filter(|card| legal >> card & 1 != 0) {
            let same_group = prev.is_some_and(|prev| {
                prev >> 4 == card >> 4 && others & ((1u64 << prev) - 1) & !((2u64 << card) - 1) == 0
            });
            if !same_group {
                let ns = search.ns_tricks_after(leader, trick, count, card, guess);
                guess = ns;
                group_value = from_ns(player, n_tricks, ns);
            }
            values[usize::from(card)] = Some(group_value);
            prev = Some(card);
        }
        self.nodes += search.nodes;
        let mut res = Vec::new();
        for suit in Suit::PBN_ORDER {
            for rank in Rank::DESCENDING {
                let card = Card::new(suit, rank);
                // Bit indices are below 64.
                if let Some(tricks) = values[card.bit_index() as usize] {
                    res.push(CardValue { card, tricks });
                }
            }
        }
        res
    }

    /// The double-dummy table of `deal`: for each strain and declarer, the
    /// tricks declarer takes when the next seat leads.
    ///
    /// # Errors
    /// When the hands do not hold the same number of cards (an unknown hand
    /// is empty), or hold none.
    pub fn table(&mut self, deal: &Deal) -> Result<DdTable, PositionError> {
        let mut res = DdTable::default();
        for strain in Strain::ALL {
            res.tricks[strain.index()] = self.strain_tricks(deal, strain)?;
        }
        Ok(res)
    }

    /// One row of [`Solver::table`]: the tricks each declarer takes in
    /// `strain`, indexed by [`Seat::index`]. The rows of a table do not
    /// depend on each other, so they can be solved apart (on several
    /// threads, each with its own solver) with the same results.
    ///
    /// # Errors
    /// As [`Solver::table`].
    pub fn strain_tricks(&mut self, deal: &Deal, strain: Strain) -> Result<[u8; 4], PositionError> {
        let mut res = [0; 4];
        let mut ns_guess: Option<i32> = None;
        for declarer in [Seat::North, Seat::South, Seat::East, Seat::West] {
            let position = Position::from_deal(deal, strain, declarer.next())?;
            let n_tricks = tricks_u8(position.tricks_left());
            let guess = ns_guess.unwrap_or((i32::from(n_tricks) + 1) / 2);
            let ns = self.ns_tricks(&position, guess);
            ns_guess = Some(i32::from(ns));
            res[declarer.index()] = match declarer {
                Seat::North | Seat::South => ns,
                Seat::East | Seat::West => n_tricks - ns,
            };
        }
        Ok(res)
    }

    /// North-South's tricks from `position`.
    fn ns_tricks(&mut self, position: &Position, guess: i32) -> u8 {
        self.tt.next_age();
        let (hands, trump, leader, trick, count) = parts(position);
        let mut search = Search::new(hands, trump, &mut self.tt);
        let ns = search.ns_tricks(leader, trick, count, guess);
        self.nodes += search.nodes;
        // The search never answers more tricks than remain (at most 13).
        tricks_u8(usize::try_from(ns).unwrap_or(0))
    }
}

/// The position in the search's terms: hands as bit sets, the trump suit
/// (or notrump), the leader and the current trick.
fn parts(position: &Position) -> ([u64; 4], usize, usize, TrickCards, usize) {
    let hands = position.hands().0.map(|hand| hand.bits());
    let trump = position.trump().trump().map_or(NOTRUMP, Suit::index);
    let mut trick = [0u8; 4];
    let mut count = 0;
    for card in position.played() {
        // Bit indices are below 64.
        trick[count] = card.bit_index() as u8;
        count += 1;
    }
    (hands, trump, position.leader().index(), trick, count)
}

/// The tricks of `seat`'s side, from North-South's.
fn from_ns(seat: Seat, n_tricks: u8, ns: impl TryInto<u8>) -> u8 {
    let ns: u8 = ns.try_into().unwrap_or(0);
    match seat {
        Seat::North | Seat::South => ns,
        Seat::East | Seat::West => n_tricks - ns,
    }
}

/// A trick count, at most 13 in a legal position.
fn tricks_u8(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}
