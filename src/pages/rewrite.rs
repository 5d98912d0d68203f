//! Rewriting the comments of one's boards in bulk (`#/rewrite`): a rule (find a literal or a
//! regular expression, in one language or all; replace, delete the paragraph, append, delete the
//! comment, or only search), then the plan (every board and language that would change, before
//! and after, and the boards the write gate would refuse), and only then, on confirmation, the
//! write. The rules are `training`'s (`plan_rewrite_with`, `apply_rewrite`), their regular
//! expressions run by the browser's RegExp (`crate::pattern`).

use std::rc::Rc;

use training::{plan_rewrite_with, Board, BoardRewrite, RewriteAction, RewritePlan, RewriteRule, RewriteStatus};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;
use yew_router::prelude::*;

use super::boards::board_name;
use crate::app::{use_app_strings, use_library, Route};
use crate::browser::now;
use crate::library::{self, viewer};
use crate::strings::Language;

/// The form.
#[derive(Clone, PartialEq)]
struct Rule {
    find: String,
    /// A language tag, or empty for every language.
    language: String,
    action: RewriteAction,
    replace: String,
}

/// A change typed into the form.
enum Edit {
    Find(String),
    Language(String),
    Action(String),
    Replace(String),
}

impl Reducible for Rule {
    type Action = Edit;

    /// Each change applies to the latest form, however fast they come.
    fn reduce(self: Rc<Rule>, edit: Edit) -> Rc<Rule> {
        let mut next = (*self).clone();
        match edit {
            Edit::Find(find) => next.find = find,
            Edit::Language(language) => next.language = language,
            Edit::Action(value) => {
                next.action = ACTIONS
                    .iter()
                    .find(|(_, tag, _)| *tag == value)
                    .map_or(RewriteAction::Replace, |(action, ..)| *action);
            }
            Edit::Replace(replace) => next.replace = replace,
        }
        Rc::new(next)
    }
}

const ACTIONS: [(RewriteAction, &str, &str); 5] = [
    (RewriteAction::Replace, "replace", "rewrite-replace"),
    (RewriteAction::Search, "search", "rewrite-search"),
    (RewriteAction::DeleteBlock, "delete-block", "rewrite-delete-block"),
    (RewriteAction::Append, "append", "rewrite-append"),
    (RewriteAction::DeleteComment, "delete-comment", "rewrite-delete-comment"),
];

/// What the page shows under the form.
#[derive(Clone, PartialEq)]
enum Outcome {
    None,
    /// The plan of the rule, over the viewer's boards as they were.
    Planned(RewritePlan),
    /// Applied: boards updated, and boards changed since the plan (left alone).
    Applied {
        updated: usize,
        stale: usize,
    },
    /// The rule cannot be used: the message.
    Refused(String),
}

#[component]
pub fn RewritePage() -> Html {
    let strings = use_app_strings();
    let library = use_library();
    let rule = use_reducer(|| Rule {
        find: String::new(),
        language: String::new(),
        action: RewriteAction::Replace,
        replace: String::new(),
    });
    let outcome = use_state(|| Outcome::None);

    // A changed rule makes the plan shown stale: it goes.
    let text = |edit: fn(String) -> Edit| {
        let (rule, outcome) = (rule.dispatcher(), outcome.clone());
        Callback::from(move |event: InputEvent| {
            rule.dispatch(edit(event.target_unchecked_into::<HtmlInputElement>().value()));
            outcome.set(Outcome::None);
        })
    };
    let choice = |edit: fn(String) -> Edit| {
        let (rule, outcome) = (rule.dispatcher(), outcome.clone());
        Callback::from(move |event: Event| {
            rule.dispatch(edit(event.target_unchecked_into::<HtmlSelectElement>().value()));
            outcome.set(Outcome::None);
        })
    };
    let on_plan = {
        let (library, rule, outcome) = (library.clone(), rule.clone(), outcome.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let languages: Vec<Language> = match Language::from_tag(&rule.language) {
                Some(language) => vec![language],
                None => Language::ALL.to_vec(),
            };
            let rules: Vec<RewriteRule> = languages
                .into_iter()
                .map(|language| RewriteRule {
                    find: rule.find.clone(),
                    locale: language.tag().parse().unwrap_or_else(|_| training::Locale::undetermined()),
                    action: rule.action,
                    replace: rule.replace.clone(),
                })
                .collect();
            let boards: Vec<Board> = {
                let service = library.service();
                let viewer = viewer();
                service.boards.boards.values().filter(|board| viewer.owns(*board)).cloned().collect()
            };
            outcome.set(match plan_rewrite_with(&crate::pattern::compile, &rules, &boards, now()) {
                Ok(plan) => Outcome::Planned(plan),
                Err(error) => Outcome::Refused(error.to_string()),
            });
        })
    };
    let on_apply = {
        let (library, outcome) = (library.clone(), outcome.clone());
        Callback::from(move |_| {
            if let Outcome::Planned(plan) = &*outcome {
                let applied = library::apply_rewrite(&library, plan);
                outcome.set(Outcome::Applied { updated: applied.updated.len(), stale: applied.stale.len() });
            }
        })
    };
    let action_value =
        ACTIONS.iter().find(|(action, ..)| *action == rule.action).map_or("replace", |(_, value, _)| value);
    let shows_replacement = matches!(rule.action, RewriteAction::Replace | RewriteAction::Append);
    let result = match &*outcome {
        Outcome::None => html! {},
        Outcome::Refused(message) => html! { <p class="field-error" role="alert">{ message.clone() }</p> },
        Outcome::Applied { updated, stale } => html! {
            <p class="rewrite-applied" data-updated={updated.to_string()} data-stale={stale.to_string()}>
                { strings.get("rewrite-applied").replace("{updated}", &updated.to_string()).replace("{stale}", &stale.to_string()) }
            </p>
        },
        Outcome::Planned(plan) => {
            let count =
                |wanted: fn(&RewriteStatus) -> bool| plan.boards.iter().filter(|entry| wanted(&entry.status)).count();
            let updates = count(|status| matches!(status, RewriteStatus::WillUpdate { .. }));
            let rejected = count(|status| matches!(status, RewriteStatus::Rejected { .. }));
            let matched = count(|status| matches!(status, RewriteStatus::Matched { .. }));
            let service = library.service();
            html! {
                <section class="rewrite-plan" data-updates={updates.to_string()} data-rejected={rejected.to_string()} data-matched={matched.to_string()}>
                    <p>
                        { strings.get("rewrite-plan")
                            .replace("{updates}", &updates.to_string())
                            .replace("{rejected}", &rejected.to_string())
                            .replace("{matched}", &matched.to_string()) }
                    </p>
                    if updates > 0 {
                        <button class="primary apply-rewrite" onclick={on_apply}>
                            { strings.get("rewrite-apply").replace("{count}", &updates.to_string()) }
                        </button>
                    }
                    <ul class="rewrite-boards">
                        { for plan.boards.iter().filter(|entry| !matches!(entry.status, RewriteStatus::NoChange)).map(|entry| {
                            planned_board(entry, service.boards.boards.get(&entry.id), &strings)
                        }) }
                    </ul>
                </section>
            }
        }
    };
    html! {
        <section class="rewrite-page">
            <h2>{ strings.get("rewrite-title") }</h2>
            <p class="hint">{ strings.get("rewrite-hint") }</p>
            <form class="rewrite-rule" onsubmit={on_plan}>
                <label class="field">
                    <span>{ strings.get("rewrite-find") }</span>
                    <input type="text" class="rewrite-find" value={rule.find.clone()} oninput={text(Edit::Find)} />
                </label>
                <label class="field">
                    <span>{ strings.get("rewrite-language") }</span>
                    <select class="rewrite-language" onchange={choice(Edit::Language)}>
                        <option value="" selected={rule.language.is_empty()}>{ strings.get("rewrite-every-language") }</option>
                        { for Language::ALL.into_iter().map(|language| html! {
                            <option value={language.tag()} selected={rule.language == language.tag()}>{ language.native_name() }</option>
                        }) }
                    </select>
                </label>
                <label class="field">
                    <span>{ strings.get("rewrite-action") }</span>
                    <select class="rewrite-action" onchange={choice(Edit::Action)}>
                        { for ACTIONS.iter().map(|(_, value, key)| html! {
                            <option value={*value} selected={action_value == *value}>{ strings.get(key) }</option>
                        }) }
                    </select>
                </label>
                if shows_replacement {
                    <label class="field">
                        <span>{ strings.get(if rule.action == RewriteAction::Append { "rewrite-appended" } else { "rewrite-replacement" }) }</span>
                        <input type="text" class="rewrite-replace" value={rule.replace.clone()} oninput={text(Edit::Replace)} />
                    </label>
                }
                <button type="submit" class="plan-rewrite" disabled={rule.find.is_empty() || !library.has_boards()}>{ strings.get("rewrite-plan-button") }</button>
            </form>
            { result }
            <p><Link<Route> classes="back" to={Route::Boards}>{ strings.get("back-to-boards") }</Link<Route>></p>
        </section>
    }
}

/// One board of the plan: what matched, and for a change each slot and language before and after.
fn planned_board(entry: &BoardRewrite, stored: Option<&Board>, strings: &crate::strings::AppStrings) -> Html {
    let name = stored.map_or_else(|| entry.id.0.clone(), board_name);
    let (state, body) = match &entry.status {
        RewriteStatus::NoChange => ("none", html! {}),
        RewriteStatus::Matched { found } => (
            "matched",
            html! { <p class="hint">{ found.iter().flat_map(|slot| slot.found.iter().cloned()).collect::<Vec<_>>().join(" · ") }</p> },
        ),
        RewriteStatus::WillUpdate { slots, board, .. } => (
            "update",
            html! {
                <dl class="rewrite-changes">
                    { for slots.iter().flat_map(|slot| {
                        let before = stored.and_then(|stored| stored.game().comment_slots().find(|(at, _)| at == slot).map(|(_, text)| text.clone()));
                        let after = board.game().comment_slots().find(|(at, _)| at == slot).map(|(_, text)| text.clone());
                        Language::ALL.into_iter().filter_map(move |language| {
                            let locale: training::Locale = language.tag().parse().unwrap_or_else(|_| training::Locale::undetermined());
                            let plain = |text: &Option<training::Localized>| text.as_ref().and_then(|text| text.get(&locale)).map(|text| text.to_plain(&locale));
                            let (was, will) = (plain(&before), plain(&after));
                            (was != will).then(|| html! {
                                <>
                                    <dt>{ format!("{slot} ({})", language.tag()) }</dt>
                                    <dd class="before">{ was.unwrap_or_default() }</dd>
                                    <dd class="after">{ will.unwrap_or_default() }</dd>
                                </>
                            })
                        }).collect::<Vec<_>>()
                    }) }
                </dl>
            },
        ),
        RewriteStatus::Rejected { rejections, .. } => (
            "rejected",
            html! {
                <p class="field-error">
                    { strings.get("rewrite-rejected") }{ " " }
                    { rejections.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ") }
                </p>
            },
        ),
    };
    html! {
        <li class="rewrite-board" data-board={entry.id.0.clone()} data-status={state}>
            <strong>{ name }</strong>
            { body }
        </li>
    }
}
