//! Rich text in the page: paragraphs, lists, emphasis, suit symbols in their colours and seats
//! named in the reader's language.

use training::{seat_name, Block, Inline, Locale, RichText};
use yew::prelude::*;

/// `text` as HTML blocks, seats named for `locale`.
pub fn rich_text(text: &RichText, locale: &Locale) -> Html {
    html! {
        { for text.blocks.iter().map(|block| match block {
            Block::Paragraph { content } => html! { <p>{ inlines(content, locale) }</p> },
            Block::List { ordered: true, items } => html! {
                <ol>{ for items.iter().map(|item| html! { <li>{ inlines(item, locale) }</li> }) }</ol>
            },
            Block::List { ordered: false, items } => html! {
                <ul>{ for items.iter().map(|item| html! { <li>{ inlines(item, locale) }</li> }) }</ul>
            },
        }) }
    }
}

fn inlines(content: &[Inline], locale: &Locale) -> Html {
    html! {
        { for content.iter().map(|inline| match inline {
            Inline::Text(text) => html! { { text.clone() } },
            Inline::Emphasis(inner) => html! { <em>{ inlines(inner, locale) }</em> },
            Inline::Suit(suit) => {
                html! { <span class={classes!("suit", suit.is_red().then_some("red"))}>{ suit.symbol().to_string() }</span> }
            }
            Inline::Seat(seat) => html! { <span class="seat">{ seat_name(*seat, locale) }</span> },
            Inline::LineBreak => html! { <br /> },
        }) }
    }
}
