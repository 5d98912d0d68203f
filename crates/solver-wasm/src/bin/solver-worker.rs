//! The solver's Web Worker, built by trunk beside the app (`data-type="worker"`
//! in `index.html`): it registers [`solver_wasm::SolverWorker`] and waits.

#[cfg(target_arch = "wasm32")]
fn main() {
    use gloo_worker::Registrable;

    solver_wasm::SolverWorker::registrar().register();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("solver-worker runs in a browser: trunk builds it to wasm beside the app");
    std::process::exit(2);
}
