// The service worker: the app shell (the page and every file it links:
// script, wasm, styles, manifest, icons; and the solver's worker) is cached
// at install in a cache named after the build, so the app starts offline.
// The page is fetched from the network first (a new version shows when
// online) and from the cache when offline; the build's files (their names
// carry their hash, or the cache is the build's own) from the cache first.
// A new build waits until the page asks it to take over.

const PREFIX = "bridge-training-";
// The build's hash, given by the page that registers this worker.
const VERSION = new URL(self.location.href).searchParams.get("v") || "dev";
const CACHE = PREFIX + VERSION;
const SHELL = "./";
// The solver's worker: trunk links it from no tag of the page (the app
// starts it), under names without a hash.
const WORKER_FILES = ["solver-worker.js", "solver-worker_bg.wasm"];

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
      await cache.addAll([...new Set([...linked, ...WORKER_FILES])]);
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
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request)
        .then((response) => (response.ok ? response : shellOr(response)))
        .catch(() => shellOr(Response.error())),
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
    ),
  );
});

async function shellOr(fallback) {
  return (await caches.match(SHELL, { cacheName: CACHE })) || fallback;
}
