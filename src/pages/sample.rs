//! A sample deal, for a first look before any board exists, with its
//! double-dummy table and par from the solver's worker on request.

use bridge::{board_dealer, board_vulnerability, Deal};
use ui::DealDiagram;
use yew::prelude::*;

use super::dd::DdAnalysis;
use crate::app::use_app_strings;
use crate::store::Dealt;

/// The sample deal, as a PBN deal string.
pub const SAMPLE_DEAL: &str = "N:AQ97.KJ3.A842.Q5 K863.Q95.K7.K942 J2.A862.QJ3.AJT3 T54.T74.T965.876";
/// The board number of the sample deal, which sets its dealer and vulnerability.
pub const SAMPLE_BOARD: u32 = 7;

#[component]
pub fn SamplePage() -> Html {
    let strings = use_app_strings();
    let deal = match SAMPLE_DEAL.parse::<Deal>() {
        Ok(deal) => deal,
        Err(err) => return html! { <p class="error">{ format!("{}: {err}", strings.get("sample-deal-error")) }</p> },
    };
    let dealer = board_dealer(SAMPLE_BOARD);
    let vulnerability = board_vulnerability(SAMPLE_BOARD);
    html! {
        <>
            <h2>{ format!("{} {SAMPLE_BOARD}", strings.get("board")) }</h2>
            <DealDiagram deal={deal} dealer={dealer} vulnerability={vulnerability} />
            <DdAnalysis dealt={Dealt { deal, vulnerability, dealer }} />
        </>
    }
}
