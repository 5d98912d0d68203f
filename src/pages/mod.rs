//! The pages of the app.

mod board;
mod boards;
mod import;
mod sample;

pub use board::BoardPage;
pub use boards::BoardsPage;
pub use sample::{SamplePage, SAMPLE_DEAL};
