//! One board, to read: the deal, the auction, the contract and the review.

use training::BoardId;
use ui::{AuctionTable, DealDiagram};
use yew::prelude::*;
use yew_router::prelude::*;

use crate::app::{use_app_strings, use_library, Route};

#[derive(Properties, PartialEq)]
pub struct BoardPageProps {
    pub id: String,
}

#[component]
pub fn BoardPage(props: &BoardPageProps) -> Html {
    let strings = use_app_strings();
    let library = use_library();
    let Some(board) = library.service.boards.boards.get(&BoardId(props.id.clone())) else {
        return html! {
            <p class="empty">
                { strings.get("board-missing") }{ " " }
                <Link<Route> to={Route::Boards}>{ strings.get("back-to-boards") }</Link<Route>>
            </p>
        };
    };
    let locale = strings.locale();
    let game = board.game();
    let review = game.review().for_reader(&locale).map(|text| text.to_plain(&locale));
    let name = if board.metadata.name.is_empty() { board.code().to_owned() } else { board.metadata.name.clone() };
    let contract = board.derived().contract.map(|contract| contract.to_string());
    html! {
        <article class="board-page" data-board={board.id.0.clone()}>
            <h2>{ name }</h2>
            <p class="board-facts">
                <span class="code">{ format!("{} {}", strings.get("deal-code"), board.code()) }</span>
                if let Some(contract) = contract {
                    <span class="contract">{ format!(" · {} {contract}", strings.get("contract")) }</span>
                }
            </p>
            <DealDiagram deal={*game.deal()} dealer={game.dealer()} vulnerability={game.vulnerability()} />
            <h3>{ strings.get("auction") }</h3>
            <AuctionTable dealer={game.dealer()} calls={game.auction().calls().to_vec()} />
            if let Some(review) = review {
                <h3>{ strings.get("review") }</h3>
                <p class="review">{ review }</p>
            }
            <p><Link<Route> to={Route::Boards}>{ strings.get("back-to-boards") }</Link<Route>></p>
        </article>
    }
}
