//! The double-dummy table of a deal: the tricks each seat takes as declarer in each strain.

use bridge::{BySeat, Seat, Strain};
use yew::prelude::*;

use crate::use_strings;

#[derive(Properties, PartialEq)]
pub struct DdTableViewProps {
    /// Per declarer, the tricks in each strain, indexed by `Strain::index` (clubs to notrump).
    pub tricks: BySeat<[u8; 5]>,
}

/// Rows North, South, East, West; columns notrump, spades, hearts, diamonds,
/// clubs, as bridge columns print them. Each cell carries `data-seat` and
/// `data-strain`.
#[component]
pub fn DdTableView(props: &DdTableViewProps) -> Html {
    let strings = use_strings();
    let columns = [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];
    let heading = |strain: Strain| match strain.trump() {
        Some(suit) => {
            let colour = if suit.is_red() { "suit red" } else { "suit black" };
            html! { <span class={colour}>{ suit.symbol() }</span> }
        }
        None => html! { strings.notrump.clone() },
    };
    html! {
        <table class="dd-table">
            <thead>
                <tr>
                    <th></th>
                    { for columns.iter().map(|strain| html! { <th scope="col">{ heading(*strain) }</th> }) }
                </tr>
            </thead>
            <tbody>
                { for [Seat::North, Seat::South, Seat::East, Seat::West].into_iter().map(|seat| html! {
                    <tr>
                        <th scope="row">{ strings.seat(seat).to_owned() }</th>
                        { for columns.iter().map(|strain| html! {
                            <td data-seat={seat.to_char().to_string()} data-strain={strain.to_char().to_string()}>
                                { props.tricks[seat][strain.index()] }
                            </td>
                        }) }
                    </tr>
                }) }
            </tbody>
        </table>
    }
}
