//! Installable and offline: the manifest is served, the service worker
//! caches the app and the solver's worker, and with the server gone a
//! reload still starts the app with its boards.

use anyhow::Result;
use e2e::{Browser, StaticServer};

use crate::boards::CLUB_NIGHT;
use crate::e2e;

#[tokio::test]
async fn the_app_starts_from_its_cache_with_its_boards_when_the_server_is_gone() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((1024, 768)).await?;
    browser.client.goto(&server.url("/")).await?;
    browser.find(".boards-page .empty").await?;

    let manifest = browser
        .client
        .execute(
            "const link = document.querySelector('link[rel=manifest]');
             return fetch(link.href).then(r => r.json());",
            vec![],
        )
        .await?;
    assert_eq!(manifest["display"], "standalone");
    let sizes: Vec<&str> =
        manifest["icons"].as_array().into_iter().flatten().filter_map(|i| i["sizes"].as_str()).collect();
    assert_eq!(sizes, ["192x192", "512x512"]);

    browser.pick_file("input.import-file", "club-night.pbn", CLUB_NIGHT).await?;
    browser.find("button.confirm-import").await?.click().await?;
    browser.find(".board-row").await?;

    browser.wait_for_offline_cache().await?;
    // The solver's worker is linked from no tag of the page: it is cached by name.
    let cached = browser
        .client
        .execute(
            "return Promise.all(['solver-worker.js', 'solver-worker_bg.wasm']
                .map(file => caches.match(file).then(hit => hit !== undefined)));",
            vec![],
        )
        .await?;
    assert_eq!(cached, serde_json::json!([true, true]), "the solver worker's files are in the cache");
    // The thread pool's worker too, every file its build listed.
    let cached = browser
        .client
        .execute(
            "return fetch('solver-mt/files.json').then(r => r.json()).then(files => Promise.all(
                files.map(file => caches.match(file).then(hit => hit === undefined ? file : null))))
                .then(missing => ({ count: missing.length, missing: missing.filter(f => f !== null) }));",
            vec![],
        )
        .await?;
    assert_eq!(cached["missing"], serde_json::json!([]), "the thread pool's files are in the cache");
    assert!(cached["count"].as_u64().unwrap_or(0) >= 4, "the pool's module, wasm, helper and worker: {cached}");

    let url = server.url("/");
    server.stop().await;
    browser.client.goto(&url).await?;
    let rows = browser.find_all(".board-row").await?;
    assert_eq!(rows.len(), 1, "offline, the app starts from its cache with the imported board");
    let isolated = browser.client.execute("return self.crossOriginIsolated === true;", vec![]).await?;
    assert_eq!(isolated, serde_json::json!(true), "offline, the page is still cross-origin isolated");
    browser.close().await;
    Ok(())
}
