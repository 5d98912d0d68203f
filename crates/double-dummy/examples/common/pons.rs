//! Our positions in pons-dds's terms, for the examples and the bench that
//! run pons-dds beside our solver (each includes this file by `#[path]`).

#![allow(dead_code)]

use bridge::{Seat, Strain};
use double_dummy::Position;

/// A position as pons-dds's board: the hands, the trump and the trick so far.
pub fn pons_board(position: &Position) -> pons_dds::Board {
    let hands = Seat::ALL.map(|seat| position.hands()[seat].to_string());
    let remaining: contract_bridge::PartialDeal =
        format!("N:{}", hands.join(" ")).parse().expect("our hands read as a pons-dds partial deal");
    let played: Vec<contract_bridge::Card> =
        position.played().map(|card| card.to_string().parse().expect("cards are spelled alike")).collect();
    let trick =
        pons_dds::CurrentTrick::from_slice(pons_strain(position.trump()), pons_seat(position.leader()), &played)
            .expect("the trick of a legal position");
    pons_dds::Board::try_new(remaining, trick).expect("a legal position")
}

/// A seat in pons-dds's terms.
pub fn pons_seat(seat: Seat) -> contract_bridge::Seat {
    [
        contract_bridge::Seat::North,
        contract_bridge::Seat::East,
        contract_bridge::Seat::South,
        contract_bridge::Seat::West,
    ][seat.index()]
}

/// A strain in pons-dds's terms.
pub fn pons_strain(strain: Strain) -> contract_bridge::Strain {
    strain.as_str().parse().expect("strain names agree")
}
