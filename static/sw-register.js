// Registers the service worker under the build's hash (taken from the wasm
// file's name), so each build is a new worker. When a new build is installed
// and waiting, the page hears `bridge-training-update`; calling
// `window.bridgeTrainingUpdate()` lets it take over and reloads.
(function () {
  if (!("serviceWorker" in navigator)) {
    return;
  }
  const wasm = document.querySelector('link[href$="_bg.wasm"]');
  const hash = wasm && /-([0-9a-f]+)_bg\.wasm$/.exec(wasm.getAttribute("href"));
  const version = hash ? hash[1] : "dev";
  let waiting = null;
  const announce = (worker) => {
    waiting = worker;
    window.dispatchEvent(new CustomEvent("bridge-training-update"));
  };
  window.bridgeTrainingUpdate = () => {
    if (waiting) {
      waiting.postMessage("skip-waiting");
    }
  };
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (waiting && !reloading) {
      reloading = true;
      window.location.reload();
    }
  });
  window.addEventListener("load", () => {
    navigator.serviceWorker
      .register("./sw.js?v=" + version)
      .then((registration) => {
        if (registration.waiting && navigator.serviceWorker.controller) {
          announce(registration.waiting);
        }
        registration.addEventListener("updatefound", () => {
          const installing = registration.installing;
          if (!installing) {
            return;
          }
          installing.addEventListener("statechange", () => {
            if (installing.state === "installed" && navigator.serviceWorker.controller) {
              announce(installing);
            }
          });
        });
      })
      .catch((error) => console.warn("service worker not registered:", error));
  });
})();
