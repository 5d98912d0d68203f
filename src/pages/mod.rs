//! The pages of the app.

mod account;
mod board;
mod boards;
mod collections;
mod dd;
mod editor;
mod handout;
mod import;
mod lesson;
mod open;
mod overview;
mod play;
mod rewrite;
mod sample;
mod settings;
mod waiting;

pub use account::AccountPage;
pub use board::BoardPage;
pub use boards::BoardsPage;
pub use collections::{CollectionPage, CollectionsPage};
pub use editor::EditorPage;
pub use handout::{CollectionHandout, SelectionHandout};
pub use lesson::LessonStepPage;
pub use open::OpenShared;
pub use overview::OverviewPage;
pub use play::PlayPage;
pub use rewrite::RewritePage;
pub use sample::{SamplePage, SAMPLE_BOARD, SAMPLE_DEAL};
pub use settings::SettingsPage;

use yew::prelude::*;

use crate::strings::AppStrings;

/// The notice of a solver's answer far later than usual: why (`why`, a
/// string's key), and the button that restarts the worker.
fn solver_late_notice(strings: &AppStrings, why: &str, on_restart: Callback<MouseEvent>) -> Html {
    html! {
        <p class="solver-late" role="status">
            { strings.get(why) }{ " " }
            <button class="retry" onclick={on_restart}>{ strings.get("game-solver-restart") }</button>
        </p>
    }
}
