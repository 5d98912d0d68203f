//! The auction as a table: one column per seat from West, one row per round.

use bridge::{Call, Seat};
use yew::prelude::*;

use crate::{use_strings, Strings};

#[derive(Properties, PartialEq)]
pub struct AuctionTableProps {
    pub dealer: Seat,
    pub calls: Vec<Call>,
    /// The index of the call to highlight (the one being read), if any.
    #[prop_or_default]
    pub current: Option<usize>,
}

/// The seats in the order the columns show them.
const COLUMNS: [Seat; 4] = [Seat::West, Seat::North, Seat::East, Seat::South];

/// West, North, East, South across; the dealer's first call in its column,
/// the cells before it empty. Each call carries `data-call="1NT"` (its PBN
/// spelling) and its index in `data-index`.
#[component]
pub fn AuctionTable(props: &AuctionTableProps) -> Html {
    let strings = use_strings();
    let skip = COLUMNS.iter().position(|seat| *seat == props.dealer).unwrap_or(0);
    let cells: Vec<Option<(usize, Call)>> =
        std::iter::repeat_n(None, skip).chain(props.calls.iter().copied().enumerate().map(Some)).collect();
    html! {
        <table class="auction">
            <thead>
                <tr>
                    { for COLUMNS.iter().map(|seat| html! { <th scope="col">{ strings.seat(*seat).to_owned() }</th> }) }
                </tr>
            </thead>
            <tbody>
                { for cells.chunks(4).map(|row| html! {
                    <tr>
                        { for row.iter().map(|cell| match cell {
                            None => html! { <td></td> },
                            Some((index, call)) => html! {
                                <td
                                    class={classes!("call", (props.current == Some(*index)).then_some("current"))}
                                    data-call={call.to_string()}
                                    data-index={index.to_string()}
                                >
                                    { call_label(&strings, *call) }
                                </td>
                            },
                        }) }
                    </tr>
                }) }
            </tbody>
        </table>
    }
}

/// A call as players read it: [`Strings::call_text`], a suit's symbol in
/// its colour.
pub(crate) fn call_label(strings: &Strings, call: Call) -> Html {
    match call {
        Call::Bid(bid) => match bid.strain().trump() {
            Some(suit) => {
                let colour = if suit.is_red() { "suit red" } else { "suit black" };
                html! { <>{ bid.level() }<span class={colour}>{ suit.symbol() }</span></> }
            }
            None => html! { strings.call_text(call) },
        },
        other => html! { strings.call_text(other) },
    }
}
