//! The harness of the end-to-end tests: a local server for the built app
//! and a headless Chromium driven through chromedriver.
//!
//! `cargo xtask test` builds the app into `dist/` and runs these tests with
//! `E2E_DIST` naming it; `CHROMEDRIVER` and `CHROMIUM` name the driver and
//! the browser (Debian's by default).

pub mod pool;

use std::net::{SocketAddr, TcpListener as StdTcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use axum::http::HeaderValue;
use axum::Router;
use fantoccini::{Client, ClientBuilder, Locator};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

/// How long a page may take to show what a test waits for.
pub const WAIT: Duration = Duration::from_secs(30);

/// The built app's folder from `E2E_DIST`, or `None` when the tests run
/// outside `cargo xtask test` (they then say so and check nothing).
#[must_use]
pub fn dist_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("E2E_DIST")?);
    Some(dir)
}

/// Serves a folder on a free loopback port, with the cross-origin isolation
/// headers the app expects, until dropped.
pub struct StaticServer {
    addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
}

impl StaticServer {
    /// Starts serving `dir`; unknown paths get `index.html` (a single-page app).
    /// Every answer carries the cross-origin isolation headers
    /// (`Cross-Origin-Opener-Policy: same-origin`,
    /// `Cross-Origin-Embedder-Policy: require-corp`), as `cargo xtask run`'s.
    ///
    /// # Errors
    /// When `dir` has no `index.html` or no port can be bound.
    pub async fn start(dir: &Path) -> Result<StaticServer> {
        StaticServer::start_with(dir, true).await
    }

    /// As [`StaticServer::start`] without the isolation headers, as a host
    /// that does not send them: the page is not cross-origin isolated.
    ///
    /// # Errors
    /// As [`StaticServer::start`].
    pub async fn start_without_isolation(dir: &Path) -> Result<StaticServer> {
        StaticServer::start_with(dir, false).await
    }

    async fn start_with(dir: &Path, isolation: bool) -> Result<StaticServer> {
        let index = dir.join("index.html");
        if !index.exists() {
            bail!("{} has no index.html: build the app first (cargo xtask test does)", dir.display());
        }
        let mut app = Router::new().fallback_service(ServeDir::new(dir).fallback(ServeFile::new(index)));
        if isolation {
            app = app
                .layer(SetResponseHeaderLayer::overriding(
                    axum::http::header::HeaderName::from_static("cross-origin-opener-policy"),
                    HeaderValue::from_static("same-origin"),
                ))
                .layer(SetResponseHeaderLayer::overriding(
                    axum::http::header::HeaderName::from_static("cross-origin-embedder-policy"),
                    HeaderValue::from_static("require-corp"),
                ));
        }
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.context("could not bind a local port")?;
        let addr = listener.local_addr()?;
        let (shutdown, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            // The server ends with the test; an error here shows as failed page loads.
            let _ = axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    let _ = stopped.await;
                })
                .await;
        });
        Ok(StaticServer { addr, task, shutdown: Some(shutdown) })
    }

    /// Stops serving, as if the network were gone: the port is closed and open
    /// connections end once their current request is answered.
    pub async fn stop(mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        let _ = tokio::time::timeout(Duration::from_secs(5), &mut self.task).await;
    }

    /// The address of `path` on this server, such as `http://127.0.0.1:41234/`.
    #[must_use]
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The real server (`crates/server`) serving the built app and the API on a loopback port, over
/// a fresh SQLite database in a temporary directory (removed when dropped). It can be stopped, as
/// if the network were gone, and started again on the same port (the same origin, so the
/// browsers keep their data) over the same database.
pub struct AppServer {
    addr: SocketAddr,
    dist: PathBuf,
    data_dir: PathBuf,
    task: Option<tokio::task::JoinHandle<()>>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
}

impl AppServer {
    /// Starts the server over a fresh database.
    ///
    /// # Errors
    /// When `dist` has no `index.html`, no port can be bound or the database cannot be created.
    pub async fn start(dist: &Path) -> Result<AppServer> {
        if !dist.join("index.html").exists() {
            bail!("{} has no index.html: build the app first (cargo xtask test does)", dist.display());
        }
        let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let data_dir = std::env::temp_dir().join(format!("bridge-e2e-server-{}-{stamp}", std::process::id()));
        let mut server = AppServer {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            dist: dist.to_owned(),
            data_dir,
            task: None,
            shutdown: None,
        };
        server.serve().await?;
        Ok(server)
    }

    async fn serve(&mut self) -> Result<()> {
        let config = server::Config {
            address: "127.0.0.1".to_owned(),
            port: self.addr.port(),
            data_dir: self.data_dir.clone(),
            dist: self.dist.clone(),
            database_url: None,
        };
        let listener = tokio::net::TcpListener::bind(self.addr).await.context("could not bind a local port")?;
        self.addr = listener.local_addr()?;
        let app = server::App::start(&config).await?;
        let (shutdown, stopped) = tokio::sync::oneshot::channel::<()>();
        self.task = Some(tokio::spawn(async move {
            // The server ends with the test; an error here shows as failed requests.
            let _ = server::serve(listener, app, async {
                let _ = stopped.await;
            })
            .await;
        }));
        self.shutdown = Some(shutdown);
        Ok(())
    }

    /// Stops serving, as if the network were gone; the database stays.
    pub async fn stop(&mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        if let Some(mut task) = self.task.take() {
            if tokio::time::timeout(Duration::from_secs(5), &mut task).await.is_err() {
                task.abort();
            }
        }
    }

    /// Serves again on the same port over the same database.
    ///
    /// # Errors
    /// When the port cannot be bound again.
    pub async fn restart(&mut self) -> Result<()> {
        self.stop().await;
        self.serve().await
    }

    /// The address of `path` on this server, such as `http://127.0.0.1:41234/`.
    #[must_use]
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }
}

impl Drop for AppServer {
    fn drop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
        }
        let _ = std::fs::remove_dir_all(&self.data_dir);
    }
}

/// A headless Chromium session. Dropping it ends chromedriver and every
/// browser process it started, even when a test fails half-way.
pub struct Browser {
    pub client: Client,
    driver: Child,
    profile_dir: PathBuf,
}

impl Browser {
    /// Starts chromedriver on a free port and opens a fresh browser profile
    /// sized like a phone held upright (360×640) when `phone` is set.
    ///
    /// # Errors
    /// When chromedriver or Chromium cannot start.
    pub async fn start(window: (u32, u32)) -> Result<Browser> {
        let chromedriver = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
        let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        let port = free_port()?;
        let profile_dir = std::env::temp_dir().join(format!("bridge-e2e-{}-{port}", std::process::id()));
        std::fs::create_dir_all(&profile_dir)?;
        let mut driver = spawn_in_own_group(Command::new(&chromedriver).arg(format!("--port={port}")))
            .with_context(|| format!("could not start {chromedriver}"))?;
        let browser = Browser {
            // Filled in below; until then Drop still ends the driver.
            client: match wait_for_driver(port, &chromium, &profile_dir, window).await {
                Ok(client) => client,
                Err(err) => {
                    kill_group(&mut driver);
                    let _ = driver.wait();
                    return Err(err);
                }
            },
            driver,
            profile_dir,
        };
        browser.client.set_window_size(window.0, window.1).await.ok();
        Ok(browser)
    }

    /// Waits for an element matching `css` and returns it.
    ///
    /// # Errors
    /// When none appears within [`WAIT`].
    pub async fn find(&self, css: &str) -> Result<fantoccini::elements::Element> {
        self.find_within(css, WAIT).await
    }

    /// Waits up to `wait` for an element matching `css` (for what takes
    /// longer than [`WAIT`], such as the solver's answers) and returns it.
    ///
    /// # Errors
    /// When none appears within `wait`.
    pub async fn find_within(&self, css: &str, wait: Duration) -> Result<fantoccini::elements::Element> {
        self.client
            .wait()
            .at_most(wait)
            .for_element(Locator::Css(css))
            .await
            .with_context(|| format!("no element matches {css:?} within {wait:?}"))
    }

    /// The text of the element matching `css`, once there. The page may draw the element again
    /// between finding it and reading it (a solver answer arriving, say): the stale element is
    /// then found again, within [`WAIT`].
    ///
    /// # Errors
    /// When no element matches within [`WAIT`], or it keeps being replaced.
    pub async fn text(&self, css: &str) -> Result<String> {
        let start = std::time::Instant::now();
        loop {
            match self.find(css).await?.text().await {
                Ok(text) => return Ok(text),
                Err(fantoccini::error::CmdError::Standard(error))
                    if error.error == fantoccini::error::ErrorStatus::StaleElementReference
                        && start.elapsed() < WAIT =>
                {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                Err(error) => return Err(error).with_context(|| format!("reading the text of {css:?}")),
            }
        }
    }

    /// Every element matching `css`, once at least one is there.
    ///
    /// # Errors
    /// When none appears within [`WAIT`].
    pub async fn find_all(&self, css: &str) -> Result<Vec<fantoccini::elements::Element>> {
        self.find(css).await?;
        Ok(self.client.find_all(Locator::Css(css)).await?)
    }

    /// Waits until the service worker controls the page and has cached the app, so the page
    /// starts without the server from then on.
    ///
    /// # Errors
    /// When it does not within [`WAIT`].
    pub async fn wait_for_offline_cache(&self) -> Result<()> {
        let start = std::time::Instant::now();
        while start.elapsed() < WAIT {
            let state = self
                .client
                .execute(
                    "return navigator.serviceWorker.controller !== null
                        && caches.keys().then(keys => keys.some(k => k.startsWith('bridge-training-')));",
                    vec![],
                )
                .await?;
            if state.as_bool() == Some(true) {
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        bail!("the service worker did not take control of the page within {WAIT:?}")
    }

    /// Where the browser saves downloaded files.
    #[must_use]
    pub fn downloads(&self) -> PathBuf {
        downloads_dir(&self.profile_dir)
    }

    /// Waits for a downloaded file named `name` to be complete and reads it.
    ///
    /// # Errors
    /// When no such file is complete within [`WAIT`].
    pub async fn downloaded(&self, name: &str) -> Result<String> {
        let path = self.downloads().join(name);
        let start = std::time::Instant::now();
        while start.elapsed() < WAIT {
            if let Ok(text) = std::fs::read_to_string(&path) {
                if !text.is_empty() {
                    return Ok(text);
                }
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        bail!("no download {name:?} in {} within {WAIT:?}", self.downloads().display())
    }

    /// How many pixels the page scrolls sideways (0 when it fits its width).
    ///
    /// # Errors
    /// When the script cannot run.
    pub async fn sideways_overflow(&self) -> Result<Option<i64>> {
        let overflow = self
            .client
            .execute("return document.documentElement.scrollWidth - document.documentElement.clientWidth;", vec![])
            .await?;
        Ok(overflow.as_i64())
    }

    /// The shown elements matching `css` less than 40 px high (too small to touch), each as its
    /// class and height; empty when every target is large enough.
    ///
    /// # Errors
    /// When the script cannot run.
    pub async fn small_touch_targets(&self, css: &str) -> Result<serde_json::Value> {
        let script = "return [...document.querySelectorAll(arguments[0])]
            .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 40)
            .map(e => e.className + ' ' + e.getBoundingClientRect().height);";
        Ok(self.client.execute(script, vec![serde_json::Value::from(css)]).await?)
    }

    /// Picks the file `name` holding `text` in the page's `input[type=file]` matching `css`, as a user would.
    ///
    /// # Errors
    /// When the file cannot be written or the input is not there.
    pub async fn pick_file(&self, css: &str, name: &str, text: &str) -> Result<()> {
        let file = self.profile_dir.join(name);
        std::fs::write(&file, text)?;
        self.find(css).await?.send_keys(&file.display().to_string()).await?;
        Ok(())
    }

    /// Saves a screenshot of the page as `name` in `target/e2e-screenshots/`, to look at.
    ///
    /// # Errors
    /// When the browser cannot take it or the file cannot be written.
    pub async fn save_screenshot(&self, name: &str) -> Result<PathBuf> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/e2e-screenshots");
        std::fs::create_dir_all(&dir)?;
        let path = dir.join(name);
        std::fs::write(&path, self.client.screenshot().await?)?;
        Ok(path)
    }

    /// Ends the session cleanly; dropping does the rest.
    pub async fn close(self) {
        let _ = self.client.clone().close().await;
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        kill_group(&mut self.driver);
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile_dir);
    }
}

async fn wait_for_driver(port: u16, chromium: &str, profile_dir: &Path, window: (u32, u32)) -> Result<Client> {
    let capabilities = serde_json::json!({
        "goog:chromeOptions": {
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", format!("--window-size={},{}", window.0, window.1),
                format!("--user-data-dir={}", profile_dir.display()),
            ],
            "prefs": {
                "download.default_directory": downloads_dir(profile_dir).display().to_string(),
                "download.prompt_for_download": false,
            },
        }
    });
    let serde_json::Value::Object(capabilities) = capabilities else {
        unreachable!("the capabilities literal is an object")
    };
    let url = format!("http://127.0.0.1:{port}");
    let mut last_error = None;
    // Up to 30 seconds: a loaded machine starts chromedriver slowly.
    for _ in 0..300 {
        match ClientBuilder::native().capabilities(capabilities.clone()).connect(&url).await {
            Ok(client) => return Ok(client),
            Err(err) => last_error = Some(err),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    bail!("chromedriver on port {port} did not open a session: {last_error:?}")
}

fn downloads_dir(profile_dir: &Path) -> PathBuf {
    profile_dir.join("downloads")
}

fn free_port() -> Result<u16> {
    Ok(StdTcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// Starts `command` as the leader of a new process group, so that the
/// browsers it starts can be ended with it.
fn spawn_in_own_group(command: &mut Command) -> std::io::Result<Child> {
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(command, 0);
    command.stdout(Stdio::null()).stderr(Stdio::null()).spawn()
}

/// Ends the process group led by `child`: chromedriver and its browsers.
fn kill_group(child: &mut Child) {
    // `--` so that the negative process-group id is not read as an option.
    let _ = Command::new("kill").args(["-KILL", "--", &format!("-{}", child.id())]).status();
    let _ = child.kill();
}
