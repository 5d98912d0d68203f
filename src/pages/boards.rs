//! The boards of the device: filters, sort, trash, search by deal code,
//! PBN import and export.
//!
//! The list shows, filters and sorts the boards' summaries (`Library::list`), which the store
//! reads in one request at opening; the actions that need the full boards (trash, restore,
//! export) wait for them.

use bridge::Strain;
use training::{BiddingPattern, BoardQuery, BoardSummary, Level, Lifecycle, Listed, Locale, SharingFilter, SortColumn};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;
use yew_router::prelude::*;

use super::import::{ExportButton, ImportPanel};
use crate::app::{use_app_strings, use_library, Route};
use crate::library::{self, Status};
use crate::themes::{self, AUCTION_THEMES, PLAY_THEMES};

/// The most boards one page shows; the count says how many matched.
const PAGE_SIZE: usize = 200;

/// The sort choices of the menu: column, descending, string key.
const SORTS: [(SortColumn, bool, &str); 4] = [
    (SortColumn::Updated, true, "sort-updated"),
    (SortColumn::Name, false, "sort-name"),
    (SortColumn::Level, false, "sort-level"),
    (SortColumn::Created, true, "sort-created"),
];

#[component]
pub fn BoardsPage() -> Html {
    let strings = use_app_strings();
    let library = use_library();
    let text = use_state(String::new);
    let bidding = use_state(String::new);
    let level = use_state(|| None::<u8>);
    // The menus below the text fields: language, trump, theme, sharing ("" for any).
    let language = use_state(String::new);
    let trump = use_state(String::new);
    let theme = use_state(String::new);
    let sharing = use_state(String::new);
    let in_trash = use_state(|| false);
    let sort = use_state(|| 0usize);

    let pattern = bidding.trim().parse::<BiddingPattern>();
    let (column, descending, _) = SORTS[*sort % SORTS.len()];
    let mut query = BoardQuery::new()
        .text(text.trim())
        .lifecycle(if *in_trash { Lifecycle::Trash } else { Lifecycle::Active })
        .sort(column, descending);
    if let Some(level) = *level {
        query = query.levels([level]);
    }
    if let Ok(pattern) = &pattern {
        query = query.bidding(pattern.clone());
    }
    if let Ok(locale) = language.parse::<Locale>() {
        query = query.languages([locale]);
    }
    if let Some(strain) = Strain::ALL.into_iter().find(|strain| strain.to_string() == *trump) {
        query = query.trumps([strain]);
    }
    if !theme.is_empty() {
        query = query.themes([(*theme).clone()]);
    }
    let sharing_filter = match sharing.as_str() {
        "private" => Some(SharingFilter::Private),
        "groups" => Some(SharingFilter::Groups(Vec::new())),
        "public" => Some(SharingFilter::Public),
        _ => None,
    };
    if let Some(filter) = sharing_filter {
        // One filter is always within the limits.
        query = query.clone().sharing([filter]).unwrap_or(query);
    }
    let list = library.list();
    let found = query.clone().page(0, PAGE_SIZE).evaluate(list.values());
    let handout_ids: String = found.boards.iter().map(|board| board.id().0.as_str()).collect::<Vec<_>>().join(",");
    let by_code: Option<&BoardSummary> = Some(text.trim())
        .filter(|code| !code.is_empty())
        .and_then(|code| list.values().find(|board| board.code() == code));

    let on_text = {
        let text = text.clone();
        Callback::from(move |event: InputEvent| text.set(event.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let on_bidding = {
        let bidding = bidding.clone();
        Callback::from(move |event: InputEvent| bidding.set(event.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let on_level = {
        let level = level.clone();
        Callback::from(move |event: Event| {
            level.set(event.target_unchecked_into::<HtmlSelectElement>().value().parse().ok());
        })
    };
    let on_menu = |state: &UseStateHandle<String>| {
        let state = state.clone();
        Callback::from(move |event: Event| state.set(event.target_unchecked_into::<HtmlSelectElement>().value()))
    };
    let menu = |class: &'static str, label: String, state: &UseStateHandle<String>, choices: Vec<(String, String)>| {
        html! {
            <label>
                <span>{ label }</span>
                <select class={class} onchange={on_menu(state)}>
                    <option value="" selected={state.is_empty()}>{ strings.get("any") }</option>
                    { for choices.into_iter().map(|(value, text)| html! {
                        <option value={value.clone()} selected={**state == value}>{ text }</option>
                    }) }
                </select>
            </label>
        }
    };
    let theme_choices: Vec<(String, String)> = AUCTION_THEMES
        .iter()
        .chain(&PLAY_THEMES)
        .map(|id| ((*id).to_owned(), strings.get(&themes::name_key(id))))
        .chain(own_themes(list.values()).into_iter().map(|theme| (theme.clone(), theme)))
        .collect();
    let on_sort = {
        let sort = sort.clone();
        Callback::from(move |event: Event| {
            sort.set(event.target_unchecked_into::<HtmlSelectElement>().value().parse().unwrap_or(0));
        })
    };
    let on_view = |trash: bool| {
        let in_trash = in_trash.clone();
        Callback::from(move |_| in_trash.set(trash))
    };
    let bidding_error = (!bidding.trim().is_empty()).then(|| pattern.as_ref().err()).flatten();

    html! {
        <section class="boards-page">
            <h2>{ strings.get("boards") }</h2>
            <div class="toolbar">
                <Link<Route> classes="button new-board" to={Route::NewBoard}>{ strings.get("new-board") }</Link<Route>>
                <ImportPanel />
                <Link<Route> classes="button rewrite-link" to={Route::Rewrite}>{ strings.get("rewrite-title") }</Link<Route>>
                <Link<Route> classes="button overview-link" to={Route::Overview}>{ strings.get("overview-title") }</Link<Route>>
                <ExportButton query={query.clone()} count={found.total} />
                if !found.boards.is_empty() {
                    <Link<Route> classes="button handout-link" to={Route::Handout { ids: handout_ids.clone() }}>
                        { strings.get("handout") }
                    </Link<Route>>
                }
            </div>
            <div class="filters">
                <label>
                    <span>{ strings.get("search") }</span>
                    <input type="search" class="filter-text" value={(*text).clone()} oninput={on_text}
                        placeholder={strings.get("search-placeholder")} />
                </label>
                <label>
                    <span>{ strings.get("bidding-sequence") }</span>
                    <input type="search" class="filter-bidding" value={(*bidding).clone()} oninput={on_bidding}
                        placeholder="1NT Pass 2C" />
                </label>
                if let Some(error) = bidding_error {
                    <p class="field-error">{ format!("{}: {error}", strings.get("bidding-invalid")) }</p>
                }
                <label>
                    <span>{ strings.get("level") }</span>
                    <select class="filter-level" onchange={on_level}>
                        <option value="" selected={level.is_none()}>{ strings.get("any") }</option>
                        { for (1..=Level::MAX).map(|value| html! {
                            <option value={value.to_string()} selected={*level == Some(value)}>{ value }</option>
                        }) }
                    </select>
                </label>
                { menu("filter-language", strings.get("comment-language-filter"), &language,
                    vec![("en".to_owned(), "English".to_owned()), ("fr".to_owned(), "Français".to_owned())]) }
                { menu("filter-trump", strings.get("trump"), &trump,
                    Strain::ALL.into_iter().map(|strain| (strain.to_string(), strain_label(strain, &strings.get("notrump")))).collect()) }
                { menu("filter-theme", strings.get("theme"), &theme, theme_choices) }
                { menu("filter-sharing", strings.get("sharing"), &sharing, vec![
                    ("private".to_owned(), strings.get("sharing-private")),
                    ("groups".to_owned(), strings.get("sharing-groups-any")),
                    ("public".to_owned(), strings.get("sharing-public")),
                ]) }
                <label>
                    <span>{ strings.get("sort") }</span>
                    <select class="sort" onchange={on_sort}>
                        { for SORTS.iter().enumerate().map(|(idx, (_, _, key))| html! {
                            <option value={idx.to_string()} selected={*sort == idx}>{ strings.get(key) }</option>
                        }) }
                    </select>
                </label>
            </div>
            <div class="views" role="tablist">
                <button role="tab" class="view-active" aria-selected={(!*in_trash).to_string()} onclick={on_view(false)}>
                    { strings.get("boards-active") }
                </button>
                <button role="tab" class="view-trash" aria-selected={in_trash.to_string()} onclick={on_view(true)}>
                    { strings.get("trash") }
                </button>
            </div>
            if library.status == Status::Opening {
                <p class="loading">{ strings.get("loading") }</p>
            }
            if let Some(board) = by_code {
                <p class="found-by-code">
                    { strings.get("found-by-code") }{ " " }
                    <Link<Route> to={Route::Board { id: board.id().0.clone() }}>{ board_name(board) }</Link<Route>>
                </p>
            }
            <p class="count">{ strings.get("boards-count").replace("{count}", &found.total.to_string()) }</p>
            if *in_trash && found.total > 0 {
                <p class="hint">{ strings.get("trash-hint") }</p>
            }
            if found.total == 0 && library.status != Status::Opening {
                <p class="empty">
                    { strings.get(if *in_trash { "trash-empty" } else { "no-boards" }) }{ " " }
                    if !*in_trash {
                        <Link<Route> to={Route::Sample}>{ strings.get("see-sample") }</Link<Route>>
                    }
                </p>
            }
            <ul class="board-list">
                { for found.boards.iter().map(|board| html! {
                    <BoardRow board={(*board).clone()} />
                }) }
            </ul>
            if !library.unreadable.is_empty() {
                <p class="unreadable" role="status">
                    { strings.get("unreadable-records").replace("{count}", &library.unreadable.len().to_string()) }
                </p>
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct BoardRowProps {
    board: BoardSummary,
}

#[component]
fn BoardRow(props: &BoardRowProps) -> Html {
    let strings = use_app_strings();
    let ui_strings = ui::use_strings();
    let library = use_library();
    let board = &props.board;
    let id = board.id().clone();
    let action = |run: fn(&library::LibraryHandle, &training::BoardId)| {
        let library = library.clone();
        let id = id.clone();
        Callback::from(move |_| run(&library, &id))
    };
    // The actions change the full board, read just after the list at opening.
    let waiting = !library.has_boards();
    let languages: Vec<String> = board.languages().iter().map(|locale| locale.as_str().to_owned()).collect();
    html! {
        <li class="board-row" data-code={board.code().to_owned()}>
            <Link<Route> classes="board-name" to={Route::Board { id: board.id().0.clone() }}>{ board_name(board) }</Link<Route>>
            <span class="board-meta">
                { board.code().to_owned() }
                if let Some(level) = board.level() {
                    { format!(" · {} {level}", strings.get("level")) }
                }
                if let Some(contract) = board.contract() {
                    { format!(" · {}", ui_strings.contract_text(contract)) }
                }
                if !languages.is_empty() {
                    { format!(" · {}", languages.join(", ")) }
                }
            </span>
            <span class="board-actions">
                if !library::viewer().owns(board) {
                    // Someone else's board (shared, orphaned): read only.
                } else if board.is_deleted() {
                    <button class="restore" disabled={waiting} onclick={action(library::restore)}>{ strings.get("restore") }</button>
                    <button class="delete" disabled={waiting} onclick={action(library::delete_for_good)}>{ strings.get("delete-for-good") }</button>
                } else {
                    <button class="to-trash" disabled={waiting} onclick={action(library::trash)}>{ strings.get("to-trash") }</button>
                }
            </span>
        </li>
    }
}

/// A board's name, or its code when it has none.
pub(crate) fn board_name(board: &impl Listed) -> String {
    if board.name().trim().is_empty() {
        board.code().to_owned()
    } else {
        board.name().to_owned()
    }
}

/// The teacher's own themes found on the boards, sorted, each once.
fn own_themes<'a>(boards: impl Iterator<Item = &'a BoardSummary>) -> Vec<String> {
    let mut res: Vec<String> = boards.flat_map(|board| board.user_themes().iter().cloned()).collect();
    bridge::order::sort(&mut res);
    res.dedup();
    res
}

/// A strain as a menu shows it: its suit symbol, or the notrump abbreviation.
fn strain_label(strain: Strain, notrump: &str) -> String {
    match strain.trump() {
        Some(suit) => suit.symbol().to_string(),
        None => notrump.to_owned(),
    }
}
