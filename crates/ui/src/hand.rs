//! One hand: four lines, one per suit, with its symbol and ranks.

use bridge::{Hand, Rank, Seat, Suit};
use yew::prelude::*;

use crate::use_strings;

#[derive(Properties, PartialEq)]
pub struct HandViewProps {
    pub seat: Seat,
    pub hand: Hand,
}

/// A hand as bridge columns print it: spades, hearts, diamonds, clubs, each
/// with its symbol and ranks from high to low. Each card carries
/// `data-card="SA"` so tests and styles can find it.
#[component]
pub fn HandView(props: &HandViewProps) -> Html {
    let strings = use_strings();
    let seat = props.seat;
    html! {
        <div class="hand" data-seat={seat.to_char().to_string()}>
            <div class="hand-seat">{ strings.seat(seat).to_owned() }</div>
            { for Suit::PBN_ORDER.into_iter().map(|suit| {
                let ranks: Vec<Rank> = props.hand.suit(suit).iter().map(|card| card.rank).collect();
                let colour = if suit.is_red() { "suit red" } else { "suit black" };
                html! {
                    <div class="holding" data-suit={suit.to_char().to_string()}>
                        <span class={colour} aria-label={suit.to_char().to_string()}>{ suit.symbol() }</span>
                        if ranks.is_empty() {
                            <span class="void">{ strings.void.clone() }</span>
                        }
                        { for ranks.into_iter().map(|rank| html! {
                            <span class="card" data-card={format!("{}{}", suit.to_char(), rank.to_char())}>
                                { if rank == Rank::Ten { "10".to_owned() } else { rank.to_char().to_string() } }
                            </span>
                        }) }
                    </div>
                }
            }) }
        </div>
    }
}
