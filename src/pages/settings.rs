//! The user's settings: the interface language and the language new
//! comments are written in first (the editor shows it first, plain comments
//! of imported files are read in it).

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::app::{use_app_strings, use_library};
use crate::library;
use crate::store::Settings;
use crate::strings::Language;

#[component]
pub fn SettingsPage() -> Html {
    let strings = use_app_strings();
    let library = use_library();
    let settings = library.settings.clone();
    let chosen = |tag: &Option<String>| tag.as_deref().and_then(Language::from_tag);
    let interface = chosen(&settings.language).unwrap_or(strings.language());
    let comments = chosen(&settings.comment_language).unwrap_or(interface);
    let on_change = |set: fn(&mut Settings, String)| {
        let library = library.clone();
        Callback::from(move |event: Event| {
            let tag = event.target_unchecked_into::<HtmlSelectElement>().value();
            let mut next = library.settings.clone();
            set(&mut next, tag);
            library::save_settings(&library, next);
        })
    };
    let options = |selected: Language| {
        html! {
            { for Language::ALL.into_iter().map(|language| html! {
                <option value={language.tag()} selected={language == selected}>{ language.native_name() }</option>
            }) }
        }
    };
    html! {
        <section class="settings-page">
            <h2>{ strings.get("settings") }</h2>
            <label class="field">
                <span>{ strings.get("interface-language") }</span>
                <select class="interface-language" onchange={on_change(|settings, tag| settings.language = Some(tag))}>
                    { options(interface) }
                </select>
            </label>
            <label class="field">
                <span>{ strings.get("comment-language") }</span>
                <select class="comment-language" onchange={on_change(|settings, tag| settings.comment_language = Some(tag))}>
                    { options(comments) }
                </select>
            </label>
            <p class="hint">{ strings.get("comment-language-hint") }</p>
        </section>
    }
}
