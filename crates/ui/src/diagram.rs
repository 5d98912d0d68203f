//! The four hands of a deal around a table, with dealer and vulnerability.

use bridge::{Card, Deal, Hand, Seat, Vulnerability};
use yew::prelude::*;

use crate::{use_strings, HandView};

#[derive(Properties, PartialEq)]
pub struct DealDiagramProps {
    pub deal: Deal,
    pub dealer: Seat,
    pub vulnerability: Vulnerability,
    /// The cards that may be clicked (the legal cards of the player to play).
    #[prop_or_default]
    pub playable: Hand,
    /// Called with the card clicked, one of `playable`.
    #[prop_or_default]
    pub on_card: Callback<Card>,
}

/// North at the top, South at the bottom, West and East on the sides, and in
/// the middle who dealt and who is vulnerable.
#[component]
pub fn DealDiagram(props: &DealDiagramProps) -> Html {
    let strings = use_strings();
    let hand = |seat: Seat| {
        html! {
            <div class={classes!("diagram-seat", format!("seat-{}", seat.to_char().to_ascii_lowercase()))}>
                <HandView
                    seat={seat}
                    hand={props.deal.hand(seat)}
                    playable={props.playable.intersection(props.deal.hand(seat))}
                    on_card={props.on_card.clone()}
                />
            </div>
        }
    };
    html! {
        <div class="deal-diagram">
            { hand(Seat::North) }
            { hand(Seat::West) }
            <div class="diagram-table">
                <div class="dealer">
                    { format!("{} ", strings.dealer) }
                    <strong data-dealer={props.dealer.to_char().to_string()}>{ strings.seat(props.dealer).to_owned() }</strong>
                </div>
                <div class="vulnerability">
                    { format!("{} ", strings.vulnerability) }
                    <strong>{ strings.vulnerability(props.vulnerability).to_owned() }</strong>
                </div>
            </div>
            { hand(Seat::East) }
            { hand(Seat::South) }
        </div>
    }
}
