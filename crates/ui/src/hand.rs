//! One hand: four lines, one per suit, with its symbol and ranks.

use bridge::{Card, Hand, Seat, Suit};
use yew::prelude::*;

use crate::{use_strings, Strings};

#[derive(Properties, PartialEq)]
pub struct HandViewProps {
    pub seat: Seat,
    pub hand: Hand,
    /// The cards that may be clicked now (the legal cards of the player to
    /// play); none by default.
    #[prop_or_default]
    pub playable: Hand,
    /// Called with the card clicked, one of `playable`.
    #[prop_or_default]
    pub on_card: Callback<Card>,
}

/// A hand as bridge columns print it: spades, hearts, diamonds, clubs, each
/// with its symbol and ranks from high to low. Each card carries
/// `data-card="SA"` so tests and styles can find it; a playable card is a
/// button, named by the whole card (`spades A`) for assistive technology,
/// which reads each suit's symbol by its name.
#[component]
pub fn HandView(props: &HandViewProps) -> Html {
    let strings = use_strings();
    let seat = props.seat;
    html! {
        <div class="hand" data-seat={seat.to_char().to_string()}>
            <div class="hand-seat">{ strings.seat(seat).to_owned() }</div>
            { for Suit::PBN_ORDER.into_iter().map(|suit| {
                let cards: Vec<Card> = props.hand.suit(suit).iter().collect();
                let colour = if suit.is_red() { "suit red" } else { "suit black" };
                html! {
                    <div class="holding" data-suit={suit.to_char().to_string()}>
                        <span class={colour} role="img" aria-label={strings.suit(suit).to_owned()}>{ suit.symbol() }</span>
                        if cards.is_empty() {
                            <span class="void">{ strings.void.clone() }</span>
                        }
                        { for cards.into_iter().map(|card| card_view(card, props, &strings)) }
                    </div>
                }
            }) }
        </div>
    }
}

/// A card of the hand: its rank, a button named by the whole card when it
/// may be played.
fn card_view(card: Card, props: &HandViewProps, strings: &Strings) -> Html {
    let label = strings.rank(card.rank);
    let data = card.to_string();
    if props.playable.contains(card) {
        let on_card = props.on_card.clone();
        html! {
            <button class="card playable" data-card={data} aria-label={strings.card(card)} onclick={Callback::from(move |_| on_card.emit(card))}>
                { label }
            </button>
        }
    } else {
        html! { <span class="card" data-card={data}>{ label }</span> }
    }
}
