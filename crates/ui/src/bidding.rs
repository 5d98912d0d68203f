//! The bid box: every call, only the legal ones enabled.

use bridge::{Auction, Bid, Call};
use yew::prelude::*;

use crate::auction::call_label;
use crate::use_strings;

#[derive(Properties, PartialEq)]
pub struct BidBoxProps {
    /// The auction so far; the box offers the next call.
    pub auction: Auction,
    pub on_call: Callback<Call>,
}

/// Seven rows of bids (clubs to notrump), then Pass, double and redouble.
/// A call the rules forbid now is shown disabled, so the box never offers an
/// illegal call; a complete auction disables everything. Each button carries
/// `data-call` with the call's PBN spelling.
#[component]
pub fn BidBox(props: &BidBoxProps) -> Html {
    let strings = use_strings();
    let legal = if props.auction.is_complete() { Vec::new() } else { props.auction.legal_calls() };
    let button = |call: Call| {
        let on_call = props.on_call.clone();
        let enabled = legal.contains(&call);
        html! {
            <button
                class={classes!("call-button", matches!(call, Call::Bid(_)).then_some("bid"))}
                data-call={call.to_string()}
                disabled={!enabled}
                onclick={Callback::from(move |_| if enabled { on_call.emit(call) })}
            >
                { call_label(&strings, call) }
            </button>
        }
    };
    let bids: Vec<Bid> = Bid::all().collect();
    html! {
        <div class="bid-box" role="group">
            { for bids.chunks(5).map(|row| html! {
                <div class="bid-row">{ for row.iter().map(|bid| button(Call::Bid(*bid))) }</div>
            }) }
            <div class="bid-row other-calls">
                { button(Call::Pass) }{ button(Call::Double) }{ button(Call::Redouble) }
            </div>
        </div>
    }
}
