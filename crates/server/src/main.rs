//! `server`: serves the built app and the API on one port.
//!
//! `cargo run --release -p server -- --port 8080 --data-dir ./data`; every flag
//! can also come from the environment (see `--help`).

use clap::Parser;
use server::Config;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let config = Config::parse();
    let listener = tokio::net::TcpListener::bind((config.address.as_str(), config.port)).await?;
    let address = listener.local_addr()?;
    let app = server::App::start(&config).await?;
    eprintln!("Bridge Training is served at http://{address} (data in {})", config.data_dir.display());
    server::serve(listener, app, shutdown()).await
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}
