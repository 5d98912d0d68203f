//! A teacher's overview of their boards (`#/overview`): how many by level, theme, sharing and
//! month of creation, and the names used most, as numbers and bars. Counted over the boards
//! list's summaries (`training::BoardsOverview`), so it shows before the boards are read.

use training::BoardsOverview;
use yew::prelude::*;
use yew_router::prelude::*;

use crate::app::{use_app_strings, use_library, Route};
use crate::library::viewer;
use crate::strings::AppStrings;
use crate::themes;

#[component]
pub fn OverviewPage() -> Html {
    let strings = use_app_strings();
    let library = use_library();
    let overview = {
        let list = library.list();
        let viewer = viewer();
        BoardsOverview::of(list.values().filter(|summary| viewer.owns(*summary)))
    };
    let levels: Vec<(String, usize)> = overview
        .by_level
        .iter()
        .map(|(level, count)| {
            let label = level
                .map_or_else(|| strings.get("overview-no-level"), |level| format!("{} {level}", strings.get("level")));
            (label, *count)
        })
        .collect();
    let theme_name = |id: &str| {
        let key = themes::name_key(id);
        let name = strings.get(&key);
        // A teacher's own theme has no catalogue name: it shows as typed.
        if name == key {
            id.to_owned()
        } else {
            name
        }
    };
    let themes: Vec<(String, usize)> = overview.by_theme.iter().map(|(id, count)| (theme_name(id), *count)).collect();
    let sharing = [("sharing-private", 0), ("sharing-groups-any", 1), ("sharing-public", 2)]
        .map(|(key, idx)| (strings.get(key), overview.by_sharing[idx]))
        .to_vec();
    let modes: Vec<(String, usize)> =
        overview.by_mode.iter().map(|(mode, count)| (strings.get(&format!("mode-{mode}")), *count)).collect();
    let months: Vec<(String, usize)> = overview.by_month.iter().map(|(month, count)| (month.clone(), *count)).collect();
    html! {
        <section class="overview-page" data-total={overview.total.to_string()}>
            <h2>{ strings.get("overview-title") }</h2>
            <p class="overview-total">{ strings.get("overview-total").replace("{count}", &overview.total.to_string()) }</p>
            if overview.total > 0 {
                { bars(&strings, "levels", "overview-by-level", &levels) }
                { bars(&strings, "themes", "overview-by-theme", &themes) }
                { bars(&strings, "sharing", "overview-by-sharing", &sharing) }
                { bars(&strings, "modes", "overview-by-mode", &modes) }
                { bars(&strings, "months", "overview-by-month", &months) }
                if !overview.top_names.is_empty() {
                    { bars(&strings, "names", "overview-top-names", &overview.top_names) }
                }
            }
            <p><Link<Route> classes="back" to={Route::Boards}>{ strings.get("back-to-boards") }</Link<Route>></p>
        </section>
    }
}

/// A titled list of counts, each with a bar as long as its share of the largest.
fn bars(strings: &AppStrings, kind: &str, title_key: &str, rows: &[(String, usize)]) -> Html {
    let largest = rows.iter().map(|(_, count)| *count).max().unwrap_or(0).max(1);
    html! {
        <section class={classes!("overview-chart", kind.to_owned())} data-chart={kind.to_owned()}>
            <h3>{ strings.get(title_key) }</h3>
            <table>
                { for rows.iter().map(|(label, count)| html! {
                    <tr data-label={label.clone()} data-count={count.to_string()}>
                        <th scope="row">{ label.clone() }</th>
                        <td class="count">{ count.to_string() }</td>
                        <td class="bar-cell">
                            <span class="bar" style={format!("width: {}%", count * 100 / largest)}></span>
                        </td>
                    </tr>
                }) }
            </table>
        </section>
    }
}
