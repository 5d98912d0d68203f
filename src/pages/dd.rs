//! The double-dummy table and par of a deal, from the solver's worker on
//! request (the UI thread never solves), kept in the local store once
//! solved and then shown at once.

use std::cell::RefCell;
use std::rc::Rc;

use bridge::{BySeat, Strain};
use solver_wasm::{ClientError, ParMsg, TableMsg};
use ui::DdTableView;
use yew::prelude::*;

use crate::app::{use_app_strings, use_library};
use crate::library::Status;
use crate::solver::{use_solver, SolverHandle, TableAnswer};
use crate::store::{known_table, solve_and_keep, Dealt, Known};

use super::waiting::Waiting;

/// Where the double-dummy analysis of the deal stands.
#[derive(Clone, PartialEq)]
enum Analysis {
    /// The store has not said whether it keeps the table: no button yet, so
    /// that a kept table never comes in over one.
    Checking,
    NotAsked,
    /// Asked of the worker; `late` once [`SolverHandle::patience`] went by
    /// without the answer (the page then offers to restart the worker).
    Solving {
        late: bool,
    },
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
    // This page's requests, numbered: only the last one's answer or lateness is shown.
    let waiting: Rc<RefCell<Waiting>> = use_memo((), |()| RefCell::default());
    // The app's worker, started at the first question of any page.
    let solver = use_solver();
    let requests = TableRequests { analysis: analysis.clone(), solver: solver.clone(), waiting };
    {
        // The store opens after the first page shows: read once it is there.
        let (requests, store) = (requests.clone(), store.clone());
        use_effect_with((props.dealt, store.is_some()), move |(dealt, _)| {
            let dealt = *dealt;
            if let Some(store) = store {
                wasm_bindgen_futures::spawn_local(async move {
                    match known_table(&requests.solver, Some(&store), &dealt).await {
                        Known::Kept(table, par) => requests.analysis.set(Analysis::Solved(table, par, None)),
                        Known::Solving(answer) => requests.show(answer),
                        Known::Unknown => requests.analysis.set(Analysis::NotAsked),
                    }
                });
            }
        });
    }
    let on_solve = {
        let (requests, dealt, store) = (requests.clone(), props.dealt, store.clone());
        Callback::from(move |_: MouseEvent| requests.show(solve_and_keep(&requests.solver, store.clone(), dealt)))
    };
    let on_restart = {
        let (requests, dealt) = (requests, props.dealt);
        Callback::from(move |_: MouseEvent| {
            requests.solver.restart();
            requests.show(solve_and_keep(&requests.solver, store.clone(), dealt));
        })
    };
    let solved = match &*analysis {
        Analysis::Checking if !no_store => html! {},
        Analysis::Checking | Analysis::NotAsked => html! {
            <p><button class="solve-deal" onclick={on_solve}>{ strings.get("dd-solve") }</button></p>
        },
        Analysis::Solving { late } => html! {
            <>
                <p class="dd-solving">{ strings.get("dd-solving") }</p>
                if *late {
                    { super::solver_late_notice(&strings, "dd-late", on_restart) }
                }
            </>
        },
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
        Analysis::Failed(detail) => html! {
            <p class="error dd-failed">
                { format!("{}: {detail}", strings.get("dd-failed")) }{ " " }
                <button class="solve-deal" onclick={on_solve}>{ strings.get("retry") }</button>
            </p>
        },
    };
    html! {
        <section class="dd-analysis">
            <h3>{ strings.get("dd-table") }</h3>
            { solved }
        </section>
    }
}

/// The page's table requests to the worker, each shown as it goes.
#[derive(Clone)]
struct TableRequests {
    analysis: UseStateHandle<Analysis>,
    solver: SolverHandle,
    waiting: Rc<RefCell<Waiting>>,
}

impl TableRequests {
    /// Shows the table `answer` brings, solving until then, and says so
    /// when the worker's patience runs out first.
    fn show(&self, answer: TableAnswer) {
        let number = self.waiting.borrow_mut().ask_table();
        self.analysis.set(Analysis::Solving { late: false });
        let late = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            yew::platform::time::sleep(late.solver.patience()).await;
            late.waiting.borrow_mut().remind(number);
            if late.waiting.borrow().is_late() {
                late.analysis.set(Analysis::Solving { late: true });
            }
        });
        let this = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let res = answer.await;
            // A newer request (a restart) replaced it.
            if !this.waiting.borrow().is_last(number) {
                return;
            }
            this.waiting.borrow_mut().table_came();
            let analysis = match res {
                Ok((table, par)) => {
                    // Asked once the table is in, so it makes no question stale.
                    let threads = this.solver.client().threads().await.unwrap_or(1);
                    Analysis::Solved(table, par, Some(threads))
                }
                // Another page's request for another table replaced it, or
                // another page restarted the worker: asked again on a click.
                Err(ClientError::Stale | ClientError::WorkerGone) => Analysis::NotAsked,
                // The next request starts a new worker.
                Err(ClientError::Unavailable) => Analysis::Unavailable,
                Err(err) => Analysis::Failed(err.to_string()),
            };
            if this.waiting.borrow().is_last(number) {
                this.analysis.set(analysis);
            }
        });
    }
}
