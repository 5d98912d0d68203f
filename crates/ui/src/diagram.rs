//! The four hands of a deal around a table, with dealer and vulnerability.

use bridge::{Card, Deal, Hand, Seat, Suit, Vulnerability};
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
    /// One line per hand in a small cross, for lists; no cards to click.
    #[prop_or_default]
    pub compact: bool,
}

/// North at the top, South at the bottom, West and East on the sides, and in
/// the middle who dealt and who is vulnerable.
#[component]
pub fn DealDiagram(props: &DealDiagramProps) -> Html {
    let strings = use_strings();
    if props.compact {
        return compact(props, &strings);
    }
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

/// Each hand on one line (`♠AKQ2 ♥KQ3 ♦A54 ♣K32`), North above West and East,
/// South below, with dealer and vulnerability in a caption.
fn compact(props: &DealDiagramProps, strings: &crate::Strings) -> Html {
    let hand = |seat: Seat| {
        let held = props.deal.hand(seat);
        html! {
            <div class={classes!("compact-hand", format!("seat-{}", seat.to_char().to_ascii_lowercase()))}
                data-seat={seat.to_char().to_string()} title={strings.seat(seat).to_owned()}>
                { for Suit::PBN_ORDER.into_iter().map(|suit| {
                    let ranks: String = held.suit(suit).iter().map(|card| strings.rank(card.rank)).collect();
                    let colour = if suit.is_red() { "suit red" } else { "suit black" };
                    html! {
                        <span class="compact-holding" data-suit={suit.to_char().to_string()}>
                            <span class={colour} role="img" aria-label={strings.suit(suit).to_owned()}>{ suit.symbol() }</span>
                            { if ranks.is_empty() { strings.void.clone() } else { ranks } }
                        </span>
                    }
                }) }
            </div>
        }
    };
    html! {
        <figure class="deal-diagram compact">
            { hand(Seat::North) }
            { hand(Seat::West) }
            { hand(Seat::East) }
            { hand(Seat::South) }
            <figcaption>
                { format!("{} {} · {} {}", strings.dealer, strings.seat(props.dealer), strings.vulnerability,
                    strings.vulnerability(props.vulnerability)) }
            </figcaption>
        </figure>
    }
}
