//! One trick on the table: each seat's card in its place.

use bridge::{Card, Seat, Trick};
use yew::prelude::*;

use crate::use_strings;

#[derive(Properties, PartialEq)]
pub struct TrickViewProps {
    pub trick: Trick,
    /// The seat that won it, once complete.
    #[prop_or_default]
    pub winner: Option<Seat>,
}

/// North at the top, South at the bottom, West and East on the sides; an
/// empty place for a seat yet to play. Each card carries `data-card` and its
/// place `data-seat`, and is named by its seat and the card (`North: spades
/// Q`) for assistive technology; the winner's card has the class `winner`.
#[component]
pub fn TrickView(props: &TrickViewProps) -> Html {
    let strings = use_strings();
    let played = |seat: Seat| -> Option<Card> {
        (0..props.trick.cards.len())
            .find(|idx| props.trick.leader.rotate(*idx) == seat)
            .map(|idx| props.trick.cards[idx])
    };
    html! {
        <div class="trick">
            { for Seat::ALL.into_iter().map(|seat| {
                let place = format!("trick-card seat-{}", seat.to_char().to_ascii_lowercase());
                match played(seat) {
                    Some(card) => {
                        let colour = if card.suit.is_red() { "suit red" } else { "suit black" };
                        html! {
                            <div
                                class={classes!(place, (props.winner == Some(seat)).then_some("winner"))}
                                data-seat={seat.to_char().to_string()}
                                data-card={card.to_string()}
                                role="img"
                                aria-label={format!("{}: {}", strings.seat(seat), strings.card(card))}
                            >
                                <span class={colour}>{ card.suit.symbol() }</span>
                                { strings.rank(card.rank) }
                            </div>
                        }
                    }
                    None => html! { <div class={place} data-seat={seat.to_char().to_string()}></div> },
                }
            }) }
        </div>
    }
}
