//! Par: the score and contracts reached when both sides bid perfectly on a
//! double-dummy table, following the rules of DDS's `DealerPar` (the side
//! that can bid higher gets the plus score; the dealer decides ties; the
//! other side sacrifices when that loses less).

use std::fmt;

use bridge::{Bid, Contract, Penalty, Seat, Strain, Vulnerability};

use crate::DdTable;

/// The par result of a table: the score from North-South's side (negative
/// when East-West score plus) and the par contracts (none when passed out).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Par {
    pub score: i32,
    pub contracts: Vec<ParContract>,
}

/// One par contract: a bid, doubled when it is a sacrifice, the seats that
/// can declare it, and its result (overtricks, or undertricks below zero).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParContract {
    pub bid: Bid,
    pub doubled: bool,
    /// One seat, or both seats of a side, North or East first.
    pub declarers: Vec<Seat>,
    pub result: i32,
}

/// The par score and contracts of `table` when `dealer` deals at `vulnerability`.
#[must_use]
pub fn par(table: &DdTable, vulnerability: Vulnerability, dealer: Seat) -> Par {
    Survey::new(table, vulnerability, dealer).par()
}

impl fmt::Display for ParContract {
    /// The DDS spelling: `4S-NS`, `3N-W+2`, `5H*-EW-2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let strain = match self.bid.strain() {
            Strain::NoTrump => 'N',
            strain => strain.to_char(),
        };
        write!(f, "{}{}{}-", self.bid.level(), strain, if self.doubled { "*" } else { "" })?;
        for seat in &self.declarers {
            write!(f, "{seat}")?;
        }
        match self.result {
            0 => Ok(()),
            result if result > 0 => write!(f, "+{result}"),
            result => write!(f, "{result}"),
        }
    }
}

impl fmt::Display for Par {
    /// The contracts joined by commas, or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.contracts.is_empty() {
            return f.write_str("pass");
        }
        for (idx, contract) in self.contracts.iter().enumerate() {
            if idx > 0 {
                f.write_str(",")?;
            }
            write!(f, "{contract}")?;
        }
        Ok(())
    }
}

/// A contract number: 1 is 1C, 2 is 1D, ..., 5 is 1NT, ..., 35 is 7NT
/// (five strains a level, clubs first). The highest making contract of a
/// strain where a side takes fewer than 7 tricks gets a number below 1.
type ContractNo = i32;

/// A "never" number of undertricks.
const NEVER: i32 = 9999;

/// What a side can make in one strain.
#[derive(Clone, Copy, Debug)]
struct Making {
    strain_idx: usize,
    /// The highest contract the side makes in the strain (below 1: none).
    no: ContractNo,
    /// Its score, 0 when none makes.
    score: i32,
}

/// The survey of both sides' making contracts that par starts from.
struct Survey<'a> {
    table: &'a DdTable,
    dealer: Seat,
    vulnerable: [bool; 2],
    making: [[Making; 5]; 2],
}

impl<'a> Survey<'a> {
    fn new(table: &'a DdTable, vulnerability: Vulnerability, dealer: Seat) -> Survey<'a> {
        let vulnerable = [
            vulnerability.is_vulnerable(bridge::Side::NorthSouth),
            vulnerability.is_vulnerable(bridge::Side::EastWest),
        ];
        let making = [0, 1].map(|side: usize| {
            core::array::from_fn(|strain_idx| {
                let best = side_tricks(table, side, strain_idx);
                let no = 5 * (best - 7) + strain_idx as i32 + 1;
                let score = if best < 7 { 0 } else { made_score(no, vulnerable[side]) };
                Making { strain_idx, no, score }
            })
        });
        Survey { table, dealer, vulnerable, making }
    }

    fn par(&self) -> Par {
        let highest =
            [0, 1].map(|side| self.making[side].iter().filter(|m| m.score > 0).map(|m| m.no).max().unwrap_or(0));
        let side = match highest[0].cmp(&highest[1]) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal if highest[0] == 0 => return Par { score: 0, contracts: Vec::new() },
            // Both sides make the same contract: the first to bid it gets it.
            std::cmp::Ordering::Equal => {
                let strain_idx = ((highest[0] - 1) % 5) as usize;
                let t_max = side_tricks(self.table, 0, strain_idx);
                (0..4)
                    .map(|step| self.dealer.rotate(step))
                    .find(|seat| self.tricks(strain_idx, seat.index()) == t_max)
                    .map_or(0, |seat| seat.index() % 2)
            }
        };
        let other = 1 - side;
        let sign = if side == 0 { 1 } else { -1 };
        // The dearest score; among equal ones the lowest contract.
        let dearest = self.making[side].iter().filter(|m| m.score > 0).fold((0, 0), |(score, no), m| {
            if m.score > score || (m.score == score && m.no < no) {
                (m.score, m.no)
            } else {
                (score, no)
            }
        });
        let mut candidates: Vec<Making> = self.making[side].iter().copied().filter(|m| m.no >= dearest.1).collect();
        candidates.sort_by_key(|m| std::cmp::Reverse(m.no));

        let mut kinds = Vec::new();
        let mut sacrifice_table = [[NEVER; 5]; 5];
        let mut best_plus = 0;
        let mut best_down = 0;
        let mut sacrifice_found = false;
        for candidate in &candidates {
            let target = self.down_target(candidate.no, side);
            let down = self.best_sacrifice(side, candidate, &mut sacrifice_table);
            if down <= target {
                best_down = best_down.max(down);
                if sacrifice_found {
                    // A lower contract never draws a dearer sacrifice, nor is it worth bidding.
                    kinds.push(Kind::Neither);
                } else {
                    sacrifice_found = true;
                    kinds.push(Kind::Sacrificed { down });
                }
            } else {
                best_plus = best_plus.max(candidate.score);
                kinds.push(Kind::Bid { gap: target - down });
            }
        }

        let penalty = doubled_penalty(self.vulnerable[other], best_down);
        let mut contracts = Vec::new();
        if !sacrifice_found || best_plus > penalty {
            for (candidate, kind) in candidates.iter().zip(&kinds) {
                if let Kind::Bid { gap } = kind {
                    if candidate.score == best_plus {
                        let (no, plus) = reduce_contract(candidate.no, *gap);
                        contracts.push(self.side_contract(side, no, candidate.strain_idx, plus));
                    }
                }
            }
            return Par { score: sign * best_plus, contracts };
        }
        for (candidate, kind) in candidates.iter().zip(&kinds) {
            if matches!(kind, Kind::Sacrificed { down } if *down == best_down) {
                self.sacrifices(side, best_down, candidate, &sacrifice_table, &mut contracts);
            }
        }
        Par { score: sign * penalty, contracts }
    }

    /// The cheapest sacrifice of the side not entitled to a plus score against
    /// `candidate`, in undertricks, over all strains; fills its row of `table`.
    fn best_sacrifice(&self, side: usize, candidate: &Making, table: &mut [[i32; 5]; 5]) -> i32 {
        let other = 1 - side;
        let no = candidate.no;
        let mut res = NEVER;
        for sacrifice in &self.making[other] {
            let mut down = if sacrifice.strain_idx == candidate.strain_idx {
                self.same_strain_hits(side, no, candidate.strain_idx).iter().map(|hit| hit.down).min().unwrap_or(NEVER)
            } else {
                // Truncating division, as the reference does.
                (no - sacrifice.no + 4) / 5
            };
            if sacrifice.no + 5 * down > 35 {
                down = NEVER;
            }
            table[candidate.strain_idx][sacrifice.strain_idx] = down;
            res = res.min(down);
        }
        res
    }

    /// The opponents' sacrifices in the candidate's own strain, seat by seat
    /// in bidding order from the dealer: a seat of the bidding side that
    /// already reached the level pushes the sacrifice one level higher.
    fn same_strain_hits(&self, side: usize, no: ContractNo, strain_idx: usize) -> Vec<Hit> {
        let t_max = (no + 34) / 5;
        let mut pushed = 0;
        let mut res = Vec::new();
        for step in 0..4 {
            let seat = self.dealer.rotate(step).index();
            let diff = t_max - self.tricks(strain_idx, seat);
            if seat % 2 == side {
                if diff == 0 {
                    pushed = 1;
                }
            } else {
                res.push(Hit { seat, down: diff + pushed, no: no + 5 * pushed });
            }
        }
        res
    }

    /// The par sacrifices against `candidate` costing `best_down`.
    fn sacrifices(
        &self,
        side: usize,
        best_down: i32,
        candidate: &Making,
        table: &[[i32; 5]; 5],
        out: &mut Vec<ParContract>,
    ) {
        let other = 1 - side;
        for sacrifice in &self.making[other] {
            if table[candidate.strain_idx][sacrifice.strain_idx] != best_down {
                continue;
            }
            if sacrifice.strain_idx != candidate.strain_idx {
                let no = sacrifice.no + 5 * best_down;
                out.push(self.side_contract(other, no, sacrifice.strain_idx, -best_down));
                continue;
            }
            let hits: Vec<Hit> = self
                .same_strain_hits(side, candidate.no, candidate.strain_idx)
                .into_iter()
                .filter(|hit| hit.down == best_down)
                .collect();
            match hits.as_slice() {
                [] => {}
                [hit] => out.push(seat_sacrifice(hit, best_down)),
                [first, second, ..] if first.no == second.no => {
                    out.push(self.side_contract(other, first.no, sacrifice.strain_idx, -best_down));
                }
                [first, second, ..] => {
                    out.push(seat_sacrifice(if first.no < second.no { first } else { second }, best_down))
                }
            }
        }
    }

    /// Contract `no` by whichever seats of `side` take the most tricks in it.
    fn side_contract(&self, side: usize, no: ContractNo, strain_idx: usize, result: i32) -> ParContract {
        let t_max = side_tricks(self.table, side, strain_idx);
        let declarers = [side, side + 2]
            .into_iter()
            .filter(|seat| self.tricks(strain_idx, *seat) == t_max)
            .map(Seat::from_index)
            .collect();
        ParContract { bid: bid_of(no), doubled: result < 0, declarers, result }
    }

    /// The most undertricks doubled that cost the side not entitled to plus
    /// less than contract `no` scores for `side`.
    fn down_target(&self, no: ContractNo, side: usize) -> i32 {
        let score = made_score(no, self.vulnerable[side]);
        (0..=13).take_while(|down| doubled_penalty(self.vulnerable[1 - side], *down) < score).last().unwrap_or(0)
    }

    fn tricks(&self, strain_idx: usize, seat: usize) -> i32 {
        i32::from(self.table.tricks[strain_idx][seat])
    }
}

/// How a candidate contract of the side entitled to plus fares.
#[derive(Clone, Copy)]
enum Kind {
    /// Bid and made: no sacrifice pays; `gap` is how far the cheapest sacrifice
    /// is from paying (at most -1).
    Bid { gap: i32 },
    /// The opponents sacrifice against it, going `down`.
    Sacrificed { down: i32 },
    /// Neither worth bidding nor drawing a dearer sacrifice.
    Neither,
}

/// A seat's sacrifice in the candidate's own strain.
struct Hit {
    seat: usize,
    down: i32,
    no: ContractNo,
}

fn seat_sacrifice(hit: &Hit, down: i32) -> ParContract {
    ParContract { bid: bid_of(hit.no), doubled: true, declarers: vec![Seat::from_index(hit.seat)], result: -down }
}

/// The lowest contract of the same strain that keeps the score of `no`
/// while the opponents' sacrifice stays unprofitable (`gap` levels spare),
/// and the overtricks it then makes.
fn reduce_contract(no: ContractNo, gap: i32) -> (ContractNo, i32) {
    if gap >= -1 {
        return (no, 0);
    }
    let lowest = floor_contract(no);
    let new_no = (no + 5 * (gap + 1)).max(lowest);
    (new_no, (no - new_no) / 5)
}

/// The lowest contract of the same strain with the same bonus: the 1-level
/// for a part score, the game level for a game, the slam itself.
fn floor_contract(no: ContractNo) -> ContractNo {
    let level = (no - 1) / 5 + 1;
    let strain_idx = (no - 1) % 5;
    if level >= 6 {
        return no;
    }
    let game_level = match strain_idx {
        4 => 3,
        3 | 2 => 4,
        _ => 5,
    };
    if level >= game_level {
        5 * (game_level - 1) + strain_idx + 1
    } else {
        strain_idx + 1
    }
}

/// The bid of a contract number in 1..=35.
fn bid_of(no: ContractNo) -> Bid {
    let no = no.clamp(1, 35);
    let level = ((no - 1) / 5 + 1) as u8;
    let strain = Strain::ALL[((no - 1) % 5) as usize];
    // Levels 1..=7 are valid bids.
    Bid::new(level, strain).unwrap_or_else(|| unreachable!("contract numbers 1..=35 are bids"))
}

/// The score of contract `no` (1..=35) just made, undoubled.
fn made_score(no: ContractNo, vulnerable: bool) -> i32 {
    let bid = bid_of(no);
    let contract = Contract { bid, penalty: Penalty::Undoubled };
    bridge::score(contract, vulnerable, contract.target())
}

/// The penalty for going `down` doubled (0 for none).
fn doubled_penalty(vulnerable: bool, down: i32) -> i32 {
    if down <= 0 {
        return 0;
    }
    let down = down.min(13) as u8;
    let contract = Contract { bid: bid_of(35), penalty: Penalty::Doubled };
    -bridge::score(contract, vulnerable, 13 - down)
}

/// The most tricks either seat of `side` takes as declarer in the strain.
fn side_tricks(table: &DdTable, side: usize, strain_idx: usize) -> i32 {
    i32::from(table.tricks[strain_idx][side].max(table.tricks[strain_idx][side + 2]))
}
