//! A handout to print: each board with its diagram, auction, the comments
//! of its calls and cards and its review, and a lesson's texts between them,
//! all in one language, two boards per A4 page (the print stylesheet hides
//! the rest of the app).

use std::rc::Rc;

use training::{Board, BoardId, Localized, Step};
use ui::{AuctionTable, DealDiagram, Strings};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::app::{use_app_strings, use_library};
use crate::library::viewer;
use crate::rich_text::rich_text;
use crate::strings::{AppStrings, Language};

#[derive(Properties, PartialEq)]
pub struct HandoutPageProps {
    /// The boards and texts, in order; boards missing on this device are left out.
    pub steps: Vec<Step>,
    /// The title printed above the first board.
    pub title: String,
}

#[component]
pub fn HandoutPage(props: &HandoutPageProps) -> Html {
    let strings = use_app_strings();
    let library = use_library();
    let language = use_state(|| strings.language());
    let printed: Rc<AppStrings> = use_memo(*language, |language| AppStrings::load(*language));
    let printed_ui: Rc<Strings> = use_memo(printed.clone(), |printed| printed.ui());
    let service = library.service();
    let readable = |id: &BoardId| service.boards.boards.get(id).filter(|board| viewer().can_read(board));
    let count = props.steps.iter().filter_map(Step::board).filter_map(readable).count();
    let printed_locale = printed.locale();
    let mut number = 0;
    let items: Vec<Html> = props
        .steps
        .iter()
        .filter_map(|step| match step {
            Step::Board(id) => {
                let board = readable(id)?;
                number += 1;
                Some(handout_board(&printed, number - 1, board))
            }
            Step::Text(text) => {
                let body = text.text.for_reader(&printed_locale)?;
                Some(html! { <div class="handout-text">{ rich_text(body, &printed_locale) }</div> })
            }
        })
        .collect();
    let on_language = {
        let language = language.clone();
        Callback::from(move |event: Event| {
            let tag = event.target_unchecked_into::<HtmlSelectElement>().value();
            if let Some(choice) = Language::from_tag(&tag) {
                language.set(choice);
            }
        })
    };
    let on_print = Callback::from(|_| {
        if let Some(window) = web_sys::window() {
            // A refused print dialog leaves the page as it is.
            let _ = window.print();
        }
    });
    html! {
        <section class="handout-page">
            <div class="handout-tools no-print">
                <label>
                    <span>{ strings.get("handout-language") }</span>
                    <select class="handout-language" onchange={on_language}>
                        { for Language::ALL.into_iter().map(|choice| html! {
                            <option value={choice.tag()} selected={choice == *language}>{ choice.native_name() }</option>
                        }) }
                    </select>
                </label>
                <button class="print" onclick={on_print}>{ strings.get("print") }</button>
                <p class="hint">{ strings.get("handout-hint").replace("{count}", &count.to_string()) }</p>
            </div>
            <ContextProvider<Rc<Strings>> context={printed_ui}>
                <h2 class="handout-title">{ props.title.clone() }</h2>
                { for items }
            </ContextProvider<Rc<Strings>>>
        </section>
    }
}

/// One board of the handout, in the language of `strings`.
fn handout_board(strings: &AppStrings, idx: usize, board: &Board) -> Html {
    let locale = strings.locale();
    let ui_strings = strings.ui();
    let text = |localized: &Localized| localized.for_reader(&locale).map(|text| text.to_plain(&locale));
    let game = board.game();
    let auction = game.auction();
    let name = if board.metadata.name.is_empty() { board.code().to_owned() } else { board.metadata.name.clone() };
    let call_comments: Vec<(String, String)> = auction
        .calls()
        .iter()
        .zip(game.call_comments())
        .filter_map(|(call, comment)| Some((ui_strings.call_text(*call), text(comment)?)))
        .collect();
    let card_comments: Vec<(String, String)> = game
        .play()
        .iter()
        .zip(game.card_comments())
        .filter_map(|(card, comment)| Some((ui_strings.card_label(*card), text(comment)?)))
        .collect();
    html! {
        <article class="handout-board" data-board={board.id.0.clone()}>
            <h3>{ format!("{}. {name}", idx + 1) }
                <small>{ format!(" · {} {}", strings.get("deal-code"), board.code()) }</small>
            </h3>
            <div class="handout-columns">
                <DealDiagram deal={*game.deal()} dealer={game.dealer()} vulnerability={game.vulnerability()} />
                <div>
                    <AuctionTable dealer={game.dealer()} calls={auction.calls().to_vec()} />
                    if !call_comments.is_empty() || !card_comments.is_empty() {
                        <dl class="handout-comments">
                            { for call_comments.into_iter().chain(card_comments).map(|(what, comment)| html! {
                                <><dt>{ what }</dt><dd>{ comment }</dd></>
                            }) }
                        </dl>
                    }
                </div>
            </div>
            if let Some(review) = text(game.review()) {
                <p class="review">{ review }</p>
            }
        </article>
    }
}

#[derive(Properties, PartialEq)]
pub struct CollectionHandoutProps {
    pub id: String,
}

/// The handout of a collection, in its order, titled with its name.
#[component]
pub fn CollectionHandout(props: &CollectionHandoutProps) -> Html {
    let library = use_library();
    let strings = use_app_strings();
    let collection = library.service().collections.collections.get(&training::CollectionId(props.id.clone())).cloned();
    match collection {
        Some(collection) => {
            html! { <HandoutPage steps={collection.steps.clone()} title={collection.name.clone()} /> }
        }
        None => html! { <p class="empty">{ strings.get("collection-missing") }</p> },
    }
}

#[derive(Properties, PartialEq)]
pub struct SelectionHandoutProps {
    /// Board ids separated by commas.
    pub ids: String,
}

/// The handout of the boards of a selection (from the boards list).
#[component]
pub fn SelectionHandout(props: &SelectionHandoutProps) -> Html {
    let strings = use_app_strings();
    let steps: Vec<Step> =
        props.ids.split(',').filter(|id| !id.is_empty()).map(|id| Step::Board(BoardId(id.to_owned()))).collect();
    html! { <HandoutPage {steps} title={strings.get("app-title")} /> }
}
