//! The 52 cards, to deal them into seats by clicking.

use bridge::{BySeat, Card, Hand, Rank, Seat, Suit};
use yew::prelude::*;

use crate::use_strings;

#[derive(Properties, PartialEq)]
pub struct DeckPickerProps {
    /// The cards given to each seat so far.
    pub hands: BySeat<Hand>,
    /// The seat a click gives cards to.
    pub selected: Seat,
    /// Called when a seat tab is chosen.
    pub on_select: Callback<Seat>,
    /// Called with the card clicked; the app decides what it means (give it
    /// to the selected seat, or take it back when it is already there).
    pub on_card: Callback<Card>,
}

/// Four seat tabs with their card counts, then the deck suit by suit: each
/// card a button marked with the seat holding it (`data-holder`), pressed
/// when the selected seat holds it.
#[component]
pub fn DeckPicker(props: &DeckPickerProps) -> Html {
    let strings = use_strings();
    let holder = |card: Card| Seat::ALL.into_iter().find(|seat| props.hands[*seat].contains(card));
    html! {
        <div class="deck-picker">
            <div class="deck-seats" role="tablist">
                { for Seat::ALL.into_iter().map(|seat| {
                    let on_select = props.on_select.clone();
                    let selected = seat == props.selected;
                    html! {
                        <button
                            role="tab"
                            class={classes!("deck-seat", selected.then_some("selected"))}
                            data-seat={seat.to_char().to_string()}
                            aria-selected={selected.to_string()}
                            onclick={Callback::from(move |_| on_select.emit(seat))}
                        >
                            { format!("{} {}/13", strings.seat(seat), props.hands[seat].len()) }
                        </button>
                    }
                }) }
            </div>
            { for Suit::PBN_ORDER.into_iter().map(|suit| {
                let colour = if suit.is_red() { "suit red" } else { "suit black" };
                html! {
                    <div class="deck-suit" data-suit={suit.to_char().to_string()}>
                        <span class={colour} role="img" aria-label={strings.suit(suit).to_owned()}>{ suit.symbol() }</span>
                        { for Rank::DESCENDING.into_iter().map(|rank| {
                            let card = Card::new(suit, rank);
                            let held = holder(card);
                            let on_card = props.on_card.clone();
                            html! {
                                <button
                                    class={classes!("deck-card", held.map(|seat| format!("held-{}", seat.to_char().to_ascii_lowercase())))}
                                    data-card={card.to_string()}
                                    data-holder={held.map(|seat| seat.to_char().to_string())}
                                    aria-pressed={(held == Some(props.selected)).to_string()}
                                    aria-label={match held {
                                        Some(seat) => format!("{} ({})", strings.card(card), strings.seat(seat)),
                                        None => strings.card(card),
                                    }}
                                    onclick={Callback::from(move |_| on_card.emit(card))}
                                >
                                    { strings.rank(rank) }
                                    if let Some(seat) = held {
                                        <small>{ strings.seat(seat).chars().next().unwrap_or(seat.to_char()) }</small>
                                    }
                                </button>
                            }
                        }) }
                    </div>
                }
            }) }
        </div>
    }
}
