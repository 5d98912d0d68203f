//! A sample deal, for a first look before any board exists, with its
//! double-dummy table and par from the solver's worker on request.

use std::cell::RefCell;
use std::rc::Rc;

use bridge::{board_dealer, board_vulnerability, BySeat, Deal, Strain};
use solver_wasm::{ClientError, ParMsg, SolverClient, TableMsg, WORKER_SCRIPT};
use ui::{DdTableView, DealDiagram};
use yew::prelude::*;

use crate::app::use_app_strings;

/// The sample deal, as a PBN deal string.
pub const SAMPLE_DEAL: &str = "N:AQ97.KJ3.A842.Q5 K863.Q95.K7.K942 J2.A862.QJ3.AJT3 T54.T74.T965.876";
/// The board number of the sample deal, which sets its dealer and vulnerability.
pub const SAMPLE_BOARD: u32 = 7;

/// Where the double-dummy analysis of the deal stands.
#[derive(Clone, PartialEq)]
enum Analysis {
    NotAsked,
    Solving,
    Solved(TableMsg, ParMsg),
    Failed(String),
}

#[component]
pub fn SamplePage() -> Html {
    let strings = use_app_strings();
    let analysis = use_state(|| Analysis::NotAsked);
    // The worker starts at the first request and ends with the page.
    let client: Rc<RefCell<Option<SolverClient>>> = use_mut_ref(|| None);
    let deal = match SAMPLE_DEAL.parse::<Deal>() {
        Ok(deal) => deal,
        Err(err) => return html! { <p class="error">{ format!("{}: {err}", strings.get("sample-deal-error")) }</p> },
    };
    let dealer = board_dealer(SAMPLE_BOARD);
    let vulnerability = board_vulnerability(SAMPLE_BOARD);
    let on_solve = {
        let analysis = analysis.clone();
        Callback::from(move |_: MouseEvent| {
            let mut client = client.borrow_mut();
            let solver = client.get_or_insert_with(|| SolverClient::spawn(WORKER_SCRIPT));
            let answer = solver.par(&deal, vulnerability, dealer);
            analysis.set(Analysis::Solving);
            let analysis = analysis.clone();
            wasm_bindgen_futures::spawn_local(async move {
                match answer.await {
                    Ok((table, par)) => analysis.set(Analysis::Solved(table, par)),
                    // A newer request's answer will come instead.
                    Err(ClientError::Stale) => {}
                    Err(err) => analysis.set(Analysis::Failed(err.to_string())),
                }
            });
        })
    };
    let solved = match &*analysis {
        Analysis::NotAsked => html! {
            <p><button class="solve-deal" onclick={on_solve}>{ strings.get("dd-solve") }</button></p>
        },
        Analysis::Solving => html! { <p class="dd-solving">{ strings.get("dd-solving") }</p> },
        Analysis::Solved(table, par) => {
            let tricks = BySeat::from_fn(|seat| Strain::ALL.map(|strain| table.tricks(strain, seat)));
            html! {
                <>
                    <DdTableView tricks={tricks} />
                    <p class="par" data-score={par.score.to_string()} data-contracts={par.contracts_text()}>
                        { format!("{} {} ({:+})", strings.get("par"), par.contracts_text(), par.score) }
                    </p>
                </>
            }
        }
        Analysis::Failed(detail) => {
            html! { <p class="error">{ format!("{}: {detail}", strings.get("dd-failed")) }</p> }
        }
    };
    html! {
        <>
            <h2>{ format!("{} {SAMPLE_BOARD}", strings.get("board")) }</h2>
            <DealDiagram deal={deal} dealer={dealer} vulnerability={vulnerability} />
            <h3>{ strings.get("dd-table") }</h3>
            { solved }
        </>
    }
}
