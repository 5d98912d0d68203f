//! The pages of the app.

mod board;
mod boards;
mod collections;
mod editor;
mod import;
mod sample;

pub use board::BoardPage;
pub use boards::BoardsPage;
pub use collections::{CollectionPage, CollectionsPage};
pub use editor::EditorPage;
pub use sample::{SamplePage, SAMPLE_DEAL};
