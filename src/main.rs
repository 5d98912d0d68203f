//! Bridge Training, the web app.

fn main() {}
