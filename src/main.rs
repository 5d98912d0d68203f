//! The entry point trunk builds: mounts the app on the page body.

fn main() {
    yew::Renderer::<bridge_training::App>::new().render();
}
