//! The double-dummy table and par of a deal, from the solver's worker on
//! request (the UI thread never solves), kept in the local store once
//! solved and then shown at once.

use bridge::{BySeat, Strain};
use solver_wasm::{ClientError, ParMsg, TableMsg};
use ui::DdTableView;
use yew::prelude::*;

use crate::app::{use_app_strings, use_library};
use crate::library::Status;
use crate::solver::{use_solver, SolverHandle, TableAnswer};
use crate::store::{known_table, solve_and_keep, Dealt, Known};

/// Where the double-dummy analysis of the deal stands.
#[derive(Clone, PartialEq)]
enum Analysis {
    /// The store has not said whether it keeps the table: no button yet, so
    /// that a kept table never comes in over one.
    Checking,
    NotAsked,
    Solving,
    /// The table, its par and the threads the worker solved it with (none
    /// when kept from an earlier solve).
    Solved(TableMsg, ParMsg, Option<u32>),
    Failed(String),
    /// The worker did not start: asking again starts a new one.
    Unavailable,
}

#[derive(Properties, PartialEq)]
pub struct DdAnalysisProps {
    pub dealt: Dealt,
}

/// The table and par kept for the deal, else a button that asks the worker
/// for them, then shows and keeps them.
#[component]
pub fn DdAnalysis(props: &DdAnalysisProps) -> Html {
    let strings = use_app_strings();
    let library = use_library();
    let store = library.store.clone();
    // A store that failed to open keeps nothing: the button at once.
    let no_store = store.is_none() && matches!(library.status, Status::Failed(_));
    let analysis = use_state(|| Analysis::Checking);
    // The app's worker, started at the first question of any page.
    let solver = use_solver();
    {
        // The store opens after the first page shows: read once it is there.
        let (analysis, store, solver) = (analysis.clone(), store.clone(), solver.clone());
        use_effect_with((props.dealt, store.is_some()), move |(dealt, _)| {
            let dealt = *dealt;
            if let Some(store) = store {
                wasm_bindgen_futures::spawn_local(async move {
                    match known_table(&solver, Some(&store), &dealt).await {
                        Known::Kept(table, par) => analysis.set(Analysis::Solved(table, par, None)),
                        Known::Solving(answer) => show(analysis, solver, answer),
                        Known::Unknown => analysis.set(Analysis::NotAsked),
                    }
                });
            }
        });
    }
    let on_solve = {
        let (analysis, dealt) = (analysis.clone(), props.dealt);
        Callback::from(move |_: MouseEvent| {
            show(analysis.clone(), solver.clone(), solve_and_keep(&solver, store.clone(), dealt));
        })
    };
    let solved = match &*analysis {
        Analysis::Checking if !no_store => html! {},
        Analysis::Checking | Analysis::NotAsked => html! {
            <p><button class="solve-deal" onclick={on_solve}>{ strings.get("dd-solve") }</button></p>
        },
        Analysis::Solving => html! { <p class="dd-solving">{ strings.get("dd-solving") }</p> },
        Analysis::Solved(table, par, threads) => {
            let tricks = BySeat::from_fn(|seat| Strain::ALL.map(|strain| table.tricks(strain, seat)));
            html! {
                <div class="dd-solved" data-threads={threads.map(|threads| threads.to_string())}
                    data-kept={threads.is_none().then_some("true")}>
                    <DdTableView tricks={tricks} />
                    <p class="par" data-score={par.score.to_string()} data-contracts={par.contracts_text()}>
                        { format!("{} {} ({:+})", strings.get("par"), par.contracts_text(), par.score) }
                    </p>
                </div>
            }
        }
        Analysis::Unavailable => html! {
            <p class="error dd-unavailable">
                { strings.get("dd-unavailable") }{ " " }
                <button class="solve-deal" onclick={on_solve}>{ strings.get("retry") }</button>
            </p>
        },
        Analysis::Failed(detail) => {
            html! { <p class="error">{ format!("{}: {detail}", strings.get("dd-failed")) }</p> }
        }
    };
    html! {
        <section class="dd-analysis">
            <h3>{ strings.get("dd-table") }</h3>
            { solved }
        </section>
    }
}

/// Shows the table `answer` brings, solving until then.
fn show(analysis: UseStateHandle<Analysis>, solver: SolverHandle, answer: TableAnswer) {
    analysis.set(Analysis::Solving);
    wasm_bindgen_futures::spawn_local(async move {
        match answer.await {
            Ok((table, par)) => {
                // Asked once the table is in, so it makes no question stale.
                let threads = solver.client().threads().await.unwrap_or(1);
                analysis.set(Analysis::Solved(table, par, Some(threads)));
            }
            // Another page's request for another table replaced it: asked again on a click.
            Err(ClientError::Stale) => analysis.set(Analysis::NotAsked),
            // The next request starts a new worker.
            Err(ClientError::Unavailable) => analysis.set(Analysis::Unavailable),
            Err(err) => analysis.set(Analysis::Failed(err.to_string())),
        }
    });
}
