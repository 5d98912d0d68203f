//! The built app: its files, with the headers the app needs on every answer.
//!
//! Every answer is cross-origin isolated (COOP `same-origin`, COEP
//! `require-corp`, CORP `same-origin`), which the solver's thread pool needs.
//! Files whose name carries trunk's content hash never change and are cached
//! for a year; the page, the service worker and the unhashed files (manifest,
//! icons) are revalidated at each use, so an update is seen at once.

use std::path::Path;

use axum::http::{header, HeaderValue, Request, Response};
use tower::Layer;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

/// The app's files from `dist`.
pub fn service(dist: &Path) -> ServeDir {
    ServeDir::new(dist).append_index_html_on_directories(true)
}

/// The isolation headers on every answer, and the caching header by path.
pub fn headers() -> Headers {
    Headers
}

#[derive(Clone, Copy)]
pub struct Headers;

impl<S> Layer<S> for Headers {
    type Service = HeaderService<S>;

    fn layer(&self, inner: S) -> HeaderService<S> {
        let coop = SetResponseHeaderLayer::overriding(
            header::HeaderName::from_static("cross-origin-opener-policy"),
            HeaderValue::from_static("same-origin"),
        );
        let coep = SetResponseHeaderLayer::overriding(
            header::HeaderName::from_static("cross-origin-embedder-policy"),
            HeaderValue::from_static("require-corp"),
        );
        let corp = SetResponseHeaderLayer::overriding(
            header::HeaderName::from_static("cross-origin-resource-policy"),
            HeaderValue::from_static("same-origin"),
        );
        HeaderService { inner: coop.layer(coep.layer(corp.layer(inner))) }
    }
}

type Isolated<S> = tower_http::set_header::SetResponseHeader<
    tower_http::set_header::SetResponseHeader<tower_http::set_header::SetResponseHeader<S, HeaderValue>, HeaderValue>,
    HeaderValue,
>;

#[derive(Clone)]
pub struct HeaderService<S> {
    inner: Isolated<S>,
}

impl<S, B, ResBody> tower::Service<Request<B>> for HeaderService<S>
where
    Isolated<S>: tower::Service<Request<B>, Response = Response<ResBody>>,
    <Isolated<S> as tower::Service<Request<B>>>::Future: Send + 'static,
{
    type Response = Response<ResBody>;
    type Error = <Isolated<S> as tower::Service<Request<B>>>::Error;
    type Future = std::pin::Pin<Box<dyn std::future::Future<Output = Result<Self::Response, Self::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let caching = cache_control(request.uri().path());
        let future = self.inner.call(request);
        Box::pin(async move {
            let mut response = future.await?;
            if !response.headers().contains_key(header::CACHE_CONTROL) {
                response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(caching));
            }
            Ok(response)
        })
    }
}

/// The caching of `path`: a year for trunk's hashed files, revalidation for
/// everything else (the API answers are never stored).
pub fn cache_control(path: &str) -> &'static str {
    if path.starts_with("/api/") {
        return "no-store";
    }
    let name = path.rsplit('/').next().unwrap_or_default();
    let stem = name.split('.').next().unwrap_or_default();
    // The wasm beside a script is `NAME-<hash>_bg.wasm`.
    let stem = stem.strip_suffix("_bg").unwrap_or(stem);
    // trunk names its outputs `NAME-<16 hex digits>.EXT`.
    let hashed =
        stem.rsplit_once('-').is_some_and(|(_, hash)| hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()));
    if hashed {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
}
