// The solver's worker with a thread pool (a module worker the app starts
// when the page is cross-origin isolated). It starts the wasm module with
// its shared memory, a pool of up to five threads (a table has five
// strains), then registers the worker. Where the shared memory or the pool
// cannot start (an older phone, too little memory), it runs the one-thread
// worker instead: the same answers, more slowly.
import init, { initThreadPool, start } from "./solver_mt.js";

const threads = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, 5));
try {
  await init();
  let pool = 0;
  try {
    await initThreadPool(threads);
    pool = threads;
  } catch (error) {
    console.warn("the solver's thread pool did not start; tables on one thread:", error);
  }
  start(pool);
} catch (error) {
  console.warn("the threaded solver did not start; the one-thread worker instead:", error);
  const single = await import("../solver-worker.js");
  await single.default();
}
