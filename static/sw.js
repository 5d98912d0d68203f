// The service worker: the app shell (the page and every file it links:
// script, wasm, styles, manifest, icons; and the solver's worker) is cached
// at install in a cache named after the build, so the app starts offline.
// The page is fetched from the network first (a new version shows when
// online) and from the cache when offline; the build's files (their names
// carry their hash, or the cache is the build's own) from the cache first.
// A new build waits until the page asks it to take over.
// Every answer it gives carries the cross-origin isolation headers, so a
// page started from the cache (offline) is isolated as online and the
// solver's thread pool still runs.

const PREFIX = "bridge-training-";
// The build's hash, given by the page that registers this worker.
const VERSION = new URL(self.location.href).searchParams.get("v") || "dev";
const CACHE = PREFIX + VERSION;
const SHELL = "./";
// The solver's worker: trunk links it from no tag of the page (the app
// starts it), under names without a hash.
const WORKER_FILES = ["solver-worker.js", "solver-worker_bg.wasm"];
// The threaded solver's files (its module, wasm, pool helper and worker
// script), listed at build time since the helper's folder name carries a hash.
const POOL_FILES = "solver-mt/files.json";

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const page = await fetch(SHELL, { cache: "no-store" });
      if (!page.ok) {
        throw new Error(`the app shell answered ${page.status}`);
      }
      const html = await page.clone().text();
      await cache.put(SHELL, page);
      const linked = [...html.matchAll(/(?:href|src)="([^"#?]+)"/g)]
        .map((match) => match[1])
        .filter((url) => !/^[a-z]+:/i.test(url) && !url.startsWith("//"));
      const pool = await fetch(POOL_FILES, { cache: "no-store" })
        .then((response) => (response.ok ? response.json() : []))
        .catch(() => []);
      await cache.addAll([...new Set([...linked, ...WORKER_FILES, ...pool])]);
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) {
          await caches.delete(key);
        }
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") {
    self.skipWaiting();
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // The API is live data (sync, shared collections): never cached, always the network's answer.
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) {
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request)
        .then((response) => (response.ok ? response : shellOr(response)))
        .catch(() => shellOr(Response.error()))
        .then(isolated),
    );
    return;
  }
  event.respondWith(
    caches.match(request, { cacheName: CACHE }).then(
      (hit) =>
        hit ||
        fetch(request).then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ).then(isolated),
  );
});

async function shellOr(fallback) {
  return (await caches.match(SHELL, { cacheName: CACHE })) || fallback;
}

// `response` with the cross-origin isolation headers (the page and its
// workers need them for `SharedArrayBuffer`): a cached answer keeps the
// headers it was stored with, and one stored without them gets them here.
function isolated(response) {
  // Errors, redirects and opaque answers pass as they are.
  const headers = response.headers;
  if (
    !["basic", "default"].includes(response.type) ||
    (headers.get("Cross-Origin-Opener-Policy") === "same-origin" &&
      headers.get("Cross-Origin-Embedder-Policy") === "require-corp")
  ) {
    return response;
  }
  const with_isolation = new Headers(headers);
  with_isolation.set("Cross-Origin-Opener-Policy", "same-origin");
  with_isolation.set("Cross-Origin-Embedder-Policy", "require-corp");
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: with_isolation,
  });
}
