//! Files in and out: an import (a PBN or LIN file, or a BBO handviewer link
//! pasted) shows its plan (what will be created, what is refused and why)
//! before anything is stored, then stores the boards in small batches with a
//! progress bar, so a file of thousands of games leaves the page responsive;
//! an export downloads the boards shown as one PBN file in the reader's
//! language.

use std::time::Duration;

use training::{
    apply_import, export_pbn, Board, BoardQuery, ExportOptions, ExportVulnerability, ImportOptions, ImportPlan,
    ImportPlanner, ImportRejection, PlannedOutcome,
};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::app::{use_app_strings, use_library};
use crate::browser::{download, now, read_file, BrowserRandom};
use crate::library::{self, local_user, Action, Notice};

/// How many refused games the plan lists one by one.
const SHOWN_REJECTIONS: usize = 20;

/// How many games are planned, or stored, between two paints of the progress bar.
const BATCH: usize = 100;

/// What an import is doing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Reading the file and checking each game.
    Reading,
    /// Storing the boards planned.
    Storing,
}

/// Plans the import of `bytes` a batch of games at a time, showing the
/// progress and yielding to the browser between batches, then shows the plan.
async fn plan_in_batches(
    bytes: &[u8],
    file: String,
    options: ImportOptions,
    progress: UseStateHandle<Option<(Phase, usize, usize)>>,
    pending: UseStateHandle<Option<Pending>>,
) {
    let mut planner = ImportPlanner::new(bytes, &options, now());
    let total = planner.total();
    while !planner.plan_next(BATCH) {
        progress.set(Some((Phase::Reading, planner.planned(), total)));
        yew::platform::time::sleep(Duration::ZERO).await;
    }
    progress.set(None);
    pending.set(Some(Pending { file, plan: planner.finish() }));
}

/// A plan waiting for the user's go, with the name of its file.
#[derive(Clone, PartialEq)]
struct Pending {
    file: String,
    plan: ImportPlan,
}

#[component]
pub fn ImportPanel() -> Html {
    let strings = use_app_strings();
    let library = use_library();
    let pending = use_state(|| None::<Pending>);
    let error = use_state(|| None::<String>);
    let link = use_state(String::new);
    // What the import does, with the games done so far and in all, while it runs.
    let progress = use_state(|| None::<(Phase, usize, usize)>);
    let locale = strings.comment_locale(&library.settings);

    let on_file = {
        let pending = pending.clone();
        let error = error.clone();
        let progress = progress.clone();
        let locale = locale.clone();
        Callback::from(move |event: Event| {
            let input: HtmlInputElement = event.target_unchecked_into();
            let Some(file) = input.files().and_then(|files| files.get(0)) else { return };
            // Let the same file be picked again after a cancel.
            input.set_value("");
            let pending = pending.clone();
            let error = error.clone();
            let progress = progress.clone();
            let options = ImportOptions { owner: local_user(), comment_locale: Some(locale.clone()) };
            wasm_bindgen_futures::spawn_local(async move {
                match read_file(&file).await {
                    Ok(bytes) => {
                        error.set(None);
                        plan_in_batches(&bytes, file.name(), options, progress, pending).await;
                    }
                    Err(reason) => error.set(Some(reason)),
                }
            });
        })
    };
    let on_cancel = {
        let pending = pending.clone();
        Callback::from(move |_| pending.set(None))
    };
    let on_link_input = {
        let link = link.clone();
        Callback::from(move |event: InputEvent| link.set(event.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let on_link = {
        let link = link.clone();
        let pending = pending.clone();
        let error = error.clone();
        let progress = progress.clone();
        let options = ImportOptions { owner: local_user(), comment_locale: Some(locale.clone()) };
        let name = strings.get("handviewer-link");
        Callback::from(move |_| {
            error.set(None);
            let text = link.trim().to_owned();
            link.set(String::new());
            let (name, options, progress, pending) = (name.clone(), options.clone(), progress.clone(), pending.clone());
            wasm_bindgen_futures::spawn_local(async move {
                plan_in_batches(text.as_bytes(), name, options, progress, pending).await;
            });
        })
    };
    let on_confirm = {
        let pending = pending.clone();
        let progress = progress.clone();
        let library = library.clone();
        Callback::from(move |_| {
            let Some(Pending { plan, .. }) = (*pending).clone() else { return };
            pending.set(None);
            let progress = progress.clone();
            let library = library.clone();
            wasm_bindgen_futures::spawn_local(async move {
                // The boards already there, so no code is drawn twice.
                let mut boards = library.service().boards.clone();
                let total = plan.n_created();
                let (mut created, mut failed) = (0, 0);
                progress.set(Some((Phase::Storing, 0, total)));
                for games in plan.games.chunks(BATCH) {
                    let part = ImportPlan { games: games.to_vec(), file_diagnostics: Vec::new() };
                    let applied = apply_import(&part, &mut boards, &mut BrowserRandom, now());
                    failed += applied.failed.len();
                    let stored: Vec<Board> = applied.created.into_iter().map(|(_, board)| board).collect();
                    created += stored.len();
                    library::save(&library, stored);
                    progress.set(Some((Phase::Storing, created + failed, total)));
                    // Let the page paint the bar and answer the user between batches.
                    yew::platform::time::sleep(Duration::ZERO).await;
                }
                progress.set(None);
                library.dispatch(Action::Notify(Notice::Imported { created, failed }));
            });
        })
    };

    html! {
        <div class="import">
            <label class="button file-button">
                { strings.get("import-pbn") }
                <input type="file" class="import-file" accept=".pbn,.lin,.txt,text/plain" onchange={on_file} />
            </label>
            <div class="handviewer">
                <input type="url" class="handviewer-link" value={(*link).clone()} oninput={on_link_input}
                    placeholder={strings.get("handviewer-placeholder")} aria-label={strings.get("handviewer-link")} />
                <button class="read-link" disabled={link.trim().is_empty()} onclick={on_link}>{ strings.get("read-link") }</button>
            </div>
            if let Some((phase, done, total)) = *progress {
                <div class="import-progress" role="status">
                    <progress max={total.to_string()} value={done.to_string()} />
                    <span>{ strings.get(match phase { Phase::Reading => "import-reading", Phase::Storing => "import-progress" })
                        .replace("{done}", &done.to_string())
                        .replace("{total}", &total.to_string()) }</span>
                </div>
            }
            if let Some(reason) = &*error {
                <p class="field-error" role="alert">{ format!("{}: {reason}", strings.get("file-unreadable")) }</p>
            }
            if let Some(Pending { file, plan }) = &*pending {
                <div class="import-plan" role="dialog" aria-label={strings.get("import-plan")}>
                    <h3>{ file.clone() }</h3>
                    <p class="plan-summary">
                        { strings.get("import-summary")
                            .replace("{created}", &plan.n_created().to_string())
                            .replace("{rejected}", &plan.n_rejected().to_string()) }
                    </p>
                    <ul class="rejections">
                        { for rejections(plan).into_iter().take(SHOWN_REJECTIONS).map(|(label, reason)| html! {
                            <li><strong>{ label }</strong>{ " " }{ reason }</li>
                        }) }
                    </ul>
                    <div class="plan-actions">
                        <button class="confirm-import" disabled={plan.n_created() == 0 || !library.has_boards()} onclick={on_confirm}>
                            { strings.get("import-confirm").replace("{created}", &plan.n_created().to_string()) }
                        </button>
                        <button class="cancel-import" onclick={on_cancel}>{ strings.get("cancel") }</button>
                    </div>
                </div>
            }
        </div>
    }
}

/// Each refused game: where it is (board number, line) and why.
fn rejections(plan: &ImportPlan) -> Vec<(String, String)> {
    plan.games
        .iter()
        .filter_map(|game| {
            let PlannedOutcome::Rejected(rejection) = &game.outcome else { return None };
            let reason = match rejection {
                ImportRejection::Pbn(diagnostics) => {
                    diagnostics.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
                }
                ImportRejection::Gate(rejections) => {
                    rejections.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
                }
                ImportRejection::Lin(error) => error.to_string(),
            };
            let label = match game.board_number {
                Some(number) => format!("#{number} ({}:{})", game.pos.line, game.pos.column),
                None => format!("({}:{})", game.pos.line, game.pos.column),
            };
            Some((label, reason))
        })
        .collect()
}

#[derive(Properties, PartialEq)]
pub struct ExportButtonProps {
    /// The boards to export, in its order and without paging: they are
    /// gathered when the button is pressed, not at every render.
    pub query: BoardQuery,
    /// How many boards the query matches, for the label.
    pub count: usize,
}

/// Downloads the boards as `bridge-training.pbn`, numbered from 1, comments in the reader's language.
#[component]
pub fn ExportButton(props: &ExportButtonProps) -> Html {
    let strings = use_app_strings();
    let library = use_library();
    let error = use_state(|| None::<String>);
    let onclick = {
        let query = props.query.clone().page(0, props.count);
        let library = library.clone();
        let error = error.clone();
        let locale = strings.locale();
        let event = strings.get("app-title");
        Callback::from(move |_| {
            let options = ExportOptions {
                event: event.clone(),
                first_number: 1,
                series: 1,
                locale: locale.clone(),
                vulnerability: ExportVulnerability::default(),
            };
            let boards: Vec<Board> =
                query.evaluate(library.service().boards.boards.values()).boards.into_iter().cloned().collect();
            let written = export_pbn(&boards, &options)
                .map_err(|reason| reason.to_string())
                .and_then(|file| download("bridge-training.pbn", "application/x-chess-pbn", &file.to_string()));
            error.set(written.err());
        })
    };
    html! {
        <>
            <button class="export-pbn" disabled={props.count == 0 || !library.has_boards()} {onclick}>
                { strings.get("export-pbn").replace("{count}", &props.count.to_string()) }
            </button>
            if let Some(reason) = &*error {
                <p class="field-error" role="alert">{ reason.clone() }</p>
            }
        </>
    }
}
