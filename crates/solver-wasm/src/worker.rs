//! The worker's side of `gloo-worker`: requests are answered one at a time,
//! in the order they arrive, by one [`Handler`].

use gloo_worker::{HandlerId, Worker, WorkerScope};

use crate::{Handler, Request, Response};

/// The solver's Web Worker. The `solver-worker` binary registers it; the
/// app reaches it through [`crate::SolverClient`].
pub struct SolverWorker {
    handler: Handler,
}

impl Worker for SolverWorker {
    type Message = ();
    type Input = Request;
    type Output = Response;

    fn create(_scope: &WorkerScope<SolverWorker>) -> SolverWorker {
        SolverWorker { handler: Handler::new() }
    }

    fn update(&mut self, _scope: &WorkerScope<SolverWorker>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<SolverWorker>, request: Request, id: HandlerId) {
        // The solve runs to its end before the next message is read, so
        // answers leave in the order of the requests.
        let response = self.handler.handle(request);
        scope.respond(id, response);
    }
}
