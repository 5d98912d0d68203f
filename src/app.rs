//! The root component: the language choice and the sample deal.

use std::rc::Rc;

use bridge::{board_dealer, board_vulnerability, Deal};
use ui::{DealDiagram, Strings};
use yew::prelude::*;

use crate::strings::{AppStrings, Language};

/// The deal shown on the home page, as a PBN deal string.
pub const SAMPLE_DEAL: &str = "N:AQ97.KJ3.A842.Q5 K863.Q95.K7.K942 J2.A862.QJ3.AJT3 T54.T74.T965.876";
/// The board number of the sample deal, which sets its dealer and vulnerability.
const SAMPLE_BOARD: u32 = 7;

#[component]
pub fn App() -> Html {
    let language = use_state(Language::from_browser);
    let strings = use_memo(*language, |language| AppStrings::load(*language));
    let ui_strings: Rc<Strings> = use_memo(strings.clone(), |strings| strings.ui());
    let on_language = {
        let language = language.clone();
        Callback::from(move |next: Language| language.set(next))
    };
    let sample = match SAMPLE_DEAL.parse::<Deal>() {
        Ok(deal) => html! {
            <DealDiagram
                deal={deal}
                dealer={board_dealer(SAMPLE_BOARD)}
                vulnerability={board_vulnerability(SAMPLE_BOARD)}
            />
        },
        Err(err) => html! { <p class="error">{ format!("{}: {err}", strings.get("sample-deal-error")) }</p> },
    };
    html! {
        <ContextProvider<Rc<Strings>> context={ui_strings}>
            <header class="app-header">
                <h1>{ strings.get("app-title") }</h1>
                <nav class="languages" aria-label={strings.get("language")}>
                    { for Language::ALL.into_iter().map(|choice| {
                        let on_language = on_language.clone();
                        html! {
                            <button
                                class={classes!("language", (choice == *language).then_some("active"))}
                                lang={choice.tag()}
                                onclick={Callback::from(move |_| on_language.emit(choice))}
                            >
                                { choice.native_name() }
                            </button>
                        }
                    }) }
                </nav>
            </header>
            <main>
                <h2>{ format!("{} {SAMPLE_BOARD}", strings.get("board")) }</h2>
                { sample }
            </main>
        </ContextProvider<Rc<Strings>>>
    }
}
