//! One board, to read: the deal, the auction with the comment of each call,
//! the play trick by trick with the comment of each card, the contract, the
//! teaching metadata and the review, all in the reader's language.

use bridge::{Seat, Trick};
use training::{BoardId, Localized, TeachingMode};
use ui::{AuctionTable, DealDiagram};
use yew::prelude::*;
use yew_router::prelude::*;

use super::dd::DdAnalysis;
use crate::app::{use_app_strings, use_library, Route};
use crate::library::viewer;
use crate::store::Dealt;
use crate::themes;

#[derive(Properties, PartialEq)]
pub struct BoardPageProps {
    pub id: String,
}

#[component]
pub fn BoardPage(props: &BoardPageProps) -> Html {
    let strings = use_app_strings();
    let ui_strings = ui::use_strings();
    let library = use_library();
    let service = library.service();
    let Some(board) = service.boards.boards.get(&BoardId(props.id.clone())) else {
        if !library.has_boards() {
            // Opened from the list, which is read before the boards themselves.
            return html! { <p class="loading">{ strings.get("loading") }</p> };
        }
        return html! {
            <p class="empty">
                { strings.get("board-missing") }{ " " }
                <Link<Route> classes="back" to={Route::Boards}>{ strings.get("back-to-boards") }</Link<Route>>
            </p>
        };
    };
    let locale = strings.locale();
    let game = board.game();
    let text = |localized: &Localized| localized.for_reader(&locale).map(|text| text.to_plain(&locale));
    let name = if board.metadata.name.is_empty() { board.code().to_owned() } else { board.metadata.name.clone() };
    let contract = board.derived().contract.map(|contract| ui_strings.contract_text(contract));
    let metadata = &board.metadata;
    let theme_names: Vec<String> = metadata
        .auction_themes
        .iter()
        .chain(&metadata.play_themes)
        .map(|id| strings.get(&themes::name_key(id)))
        .chain(metadata.user_themes.iter().cloned())
        .collect();
    let auction = game.auction();
    let commented_calls: Vec<(usize, Seat, String, String)> = auction
        .calls()
        .iter()
        .zip(game.call_comments())
        .enumerate()
        .filter_map(|(idx, (call, comment))| {
            Some((idx, auction.seat_of(idx), ui_strings.call_text(*call), text(comment)?))
        })
        .collect();
    let tricks = tricks_of(board.game());
    html! {
        <article class="board-page" data-board={board.id.0.clone()}>
            <h2>{ name }</h2>
            <p class="board-facts">
                <span class="code">{ format!("{} {}", strings.get("deal-code"), board.code()) }</span>
                if let Some(contract) = &contract {
                    <span class="contract">{ format!(" · {} {contract}", strings.get("contract")) }</span>
                }
                if let Some(level) = metadata.level.get() {
                    <span class="level">{ format!(" · {} {level}", strings.get("level")) }</span>
                }
                if !metadata.auction_system.is_empty() {
                    <span class="auction-system">{ format!(" · {}", metadata.auction_system) }</span>
                }
                if metadata.teaching_mode != TeachingMode::Full {
                    <span class="teaching-mode" data-mode={metadata.teaching_mode.as_str()}>
                        { format!(" · {}", strings.get(&format!("mode-{}", metadata.teaching_mode.as_str()))) }
                    </span>
                }
            </p>
            if !theme_names.is_empty() {
                <p class="board-themes">{ theme_names.join(" · ") }</p>
            }
            <p class="board-actions">
                if board.is_playable() {
                    <Link<Route> classes="button primary play-board" to={Route::Play { id: board.id.0.clone() }}>
                        { strings.get("play-board") }
                    </Link<Route>>{ " " }
                }
                if viewer().owns(board) {
                    <Link<Route> classes="button edit-board" to={Route::EditBoard { id: board.id.0.clone() }}>
                        { strings.get("edit") }
                    </Link<Route>>
                }
            </p>
            <DealDiagram deal={*game.deal()} dealer={game.dealer()} vulnerability={game.vulnerability()} />
            <h3>{ strings.get("auction") }</h3>
            <AuctionTable dealer={game.dealer()} calls={auction.calls().to_vec()} />
            if !commented_calls.is_empty() {
                <dl class="call-comments">
                    { for commented_calls.into_iter().map(|(idx, seat, call, comment)| html! {
                        <>
                            <dt data-call-index={idx.to_string()}>{ format!("{} {call}", ui_strings.seat(seat)) }</dt>
                            <dd>{ comment }</dd>
                        </>
                    }) }
                </dl>
            }
            if !tricks.is_empty() {
                <h3>{ strings.get("play") }</h3>
                <ol class="play-record">
                    { for tricks.iter().map(|(trick, first)| html! {
                        <li>
                            { for trick.plays().enumerate().map(|(offset, (seat, card))| {
                                let comment = game.card_comments().get(first + offset).and_then(&text);
                                html! {
                                    <span class="played" data-card={card.to_string()} title={ui_strings.seat(seat).to_owned()}>
                                        { format!("{} ", ui_strings.card_label(card)) }
                                        if let Some(comment) = comment {
                                            <em class="card-comment">{ comment }</em>
                                        }
                                    </span>
                                }
                            }) }
                        </li>
                    }) }
                </ol>
            }
            if let Some(review) = text(game.review()) {
                <h3>{ strings.get("review") }</h3>
                <p class="review">{ review }</p>
            }
            // Keyed by the board: another board's page starts afresh, not with this table.
            <DdAnalysis key={props.id.clone()} dealt={Dealt::of(game)} />
            <p><Link<Route> classes="back" to={Route::Boards}>{ strings.get("back-to-boards") }</Link<Route>></p>
        </article>
    }
}

/// The tricks of the recorded play (the last one possibly unfinished), each
/// with the index of its first card.
fn tricks_of(game: &training::BoardGame) -> Vec<(Trick, usize)> {
    let Some(Ok(play)) = game.game().replay_play() else { return Vec::new() };
    let mut res: Vec<(Trick, usize)> =
        play.tricks().iter().cloned().enumerate().map(|(idx, trick)| (trick, idx * 4)).collect();
    if !play.current_trick().cards.is_empty() {
        res.push((play.current_trick().clone(), play.tricks().len() * 4));
    }
    res
}
