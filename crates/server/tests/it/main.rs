//! The server over real HTTP against a real SQLite file: every endpoint's
//! success and failure, the route table against what is served, hostile
//! inputs, the sign-in limits, and the app's files with their headers.

mod accounts;
mod hostile;
mod routes;
mod sync;

use std::net::SocketAddr;
use std::path::PathBuf;

use server::{App, Config};
use tokio::sync::oneshot;

/// A server on a free loopback port over a fresh data directory and a small `dist/`.
pub struct TestServer {
    pub address: SocketAddr,
    pub client: reqwest::Client,
    pub data: tempfile::TempDir,
    stop: Option<oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl TestServer {
    pub async fn start() -> TestServer {
        let data = tempfile::tempdir().expect("a temporary directory");
        TestServer::start_in(data).await
    }

    /// A server over the data directory `data` (a restart keeps what was written).
    pub async fn start_in(data: tempfile::TempDir) -> TestServer {
        let dist = data.path().join("dist");
        std::fs::create_dir_all(&dist).expect("dist is created");
        std::fs::write(dist.join("index.html"), "<!doctype html><title>Bridge Training</title>").expect("written");
        std::fs::write(dist.join("app-0123456789abcdef_bg.wasm"), b"\0asm").expect("written");
        std::fs::write(dist.join("sw.js"), "self.addEventListener('fetch', () => {});").expect("written");
        let config = Config {
            address: "127.0.0.1".to_owned(),
            port: 0,
            data_dir: data.path().join("db"),
            dist: PathBuf::from(&dist),
            database_url: std::env::var("TEST_DATABASE_URL").ok(),
        };
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await.expect("a free port");
        let address = listener.local_addr().expect("an address");
        let app = App::start(&config).await.expect("the server starts");
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            server::serve(listener, app, async {
                let _ = stopped.await;
            })
            .await
            .expect("the server runs");
        });
        TestServer { address, client: reqwest::Client::new(), data, stop: Some(stop), task: Some(task) }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// Stops the server and gives back its data directory.
    pub async fn stop(mut self) -> tempfile::TempDir {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
        let empty = tempfile::tempdir().expect("a temporary directory");
        std::mem::replace(&mut self.data, empty)
    }
}

/// The error code of an error answer.
pub async fn error_code(response: reqwest::Response) -> String {
    let body: serde_json::Value = response.json().await.expect("an error answer is JSON");
    body["code"].as_str().expect("an error answer has a code").to_owned()
}
