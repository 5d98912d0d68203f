//! The worker's side of `gloo-worker`: the play's requests are answered one
//! at a time, in the order they arrive, by one [`Handler`]; a table is
//! solved a part at a time, the worker going back to its messages between
//! them.

use gloo_worker::{HandlerId, Worker, WorkerScope};

use crate::{Begun, Handler, Progress, Request, Response, TableWork};

/// The solver's Web Worker. The `solver-worker` binary registers it; the
/// app reaches it through [`crate::SolverClient`].
pub struct SolverWorker {
    desk: Desk,
}

impl Worker for SolverWorker {
    type Message = TableStep;
    type Input = Request;
    type Output = Response;

    fn create(_scope: &WorkerScope<SolverWorker>) -> SolverWorker {
        SolverWorker { desk: Desk::new(Handler::new()) }
    }

    fn update(&mut self, scope: &WorkerScope<SolverWorker>, _step: TableStep) {
        self.desk.step(scope);
    }

    fn received(&mut self, scope: &WorkerScope<SolverWorker>, request: Request, id: HandlerId) {
        self.desk.received(scope, request, id);
    }
}

/// A worker's message to itself: solve the next rows of its table.
pub struct TableStep;

/// Where a [`Desk`] sends its answers and asks for its next step: a
/// worker's scope, or a test's record of them.
pub trait Post {
    /// Who asked (a worker's [`HandlerId`]).
    type Asker: Copy;

    /// Sends `response` to `asker`.
    fn respond(&self, asker: Self::Asker, response: Response);

    /// Asks for [`Desk::step`] after the messages waiting now.
    fn step_later(&self);

    /// Asks for [`Desk::step`] in [`LOOK_AGAIN_MS`]: the pool is solving
    /// the table meanwhile.
    fn look_later(&self);
}

/// How long the worker's thread leaves the pool to solve a table before it
/// looks again whether it is solved, in ms: a few looks per step of the
/// one-thread worker, and nothing to keep a core busy.
pub const LOOK_AGAIN_MS: u32 = 4;

impl<W> Post for WorkerScope<W>
where
    W: Worker<Output = Response, Message = TableStep> + 'static,
{
    type Asker = HandlerId;

    fn respond(&self, asker: HandlerId, response: Response) {
        WorkerScope::respond(self, asker, response);
    }

    /// A task of its own, which comes after the tasks already queued (a
    /// resolved promise would not: its callback runs before any other
    /// task).
    fn step_later(&self) {
        self.send_future(async {
            next_task().await;
            TableStep
        });
    }

    fn look_later(&self) {
        self.send_future(async {
            gloo_timers::future::TimeoutFuture::new(LOOK_AGAIN_MS).await;
            TableStep
        });
    }
}

/// Resolves in a task of its own, after the tasks queued now, as a zero
/// timer does, but without the browsers' clamping of nested timers to 4 ms
/// from the fifth (twenty chained zero timers took 59 ms in a worker in
/// headless Chromium, twenty messages 0.6 ms): a message to itself
/// through a `MessageChannel`, else a zero timer.
#[cfg(target_arch = "wasm32")]
async fn next_task() {
    let Ok(channel) = web_sys::MessageChannel::new() else {
        return gloo_timers::future::TimeoutFuture::new(0).await;
    };
    let port = channel.port1();
    let came = js_sys::Promise::new(&mut |resolve, _| port.set_onmessage(Some(&resolve)));
    if channel.port2().post_message(&wasm_bindgen::JsValue::UNDEFINED).is_err() {
        return gloo_timers::future::TimeoutFuture::new(0).await;
    }
    // The channel lives until its message has come.
    let _ = wasm_bindgen_futures::JsFuture::from(came).await;
    port.set_onmessage(None);
}

/// Natively (where the worker never runs): a zero timer.
#[cfg(not(target_arch = "wasm32"))]
async fn next_task() {
    gloo_timers::future::TimeoutFuture::new(0).await;
}

/// What a solver worker does with its messages (the one-thread worker's and
/// the thread pool's, `solver-mt`): a question of the play is answered at
/// once; a table or par is solved a part at a time
/// ([`Handler::advance`]), each step a task of its own after the worker
/// has read its waiting messages, so that a question asked while a table is
/// being solved waits for one step at most (a declarer in a strain), not
/// for the whole table; on the pool the table is solved by the pool's
/// threads, the worker's own thread answering the questions meanwhile and
/// looking every [`LOOK_AGAIN_MS`] whether it is solved. The client sends at
/// most one table at a time (see [`crate::SolverClient`]); a newer one
/// would replace the one being solved, whose answer nobody waits for any
/// more.
pub struct Desk<A = HandlerId> {
    handler: Handler,
    /// The table being solved, and who asked for it.
    table: Option<(TableWork, A)>,
}

impl<A: Copy> Desk<A> {
    /// A desk answering with `handler`.
    #[must_use]
    pub fn new(handler: Handler) -> Desk<A> {
        Desk { handler, table: None }
    }

    /// Takes `request`, from `asker`.
    pub fn received(&mut self, post: &impl Post<Asker = A>, request: Request, asker: A) {
        match self.handler.begin(request) {
            Begun::Answered(response) => post.respond(asker, response),
            Begun::Table(work) => {
                let stepping = self.table.is_some();
                self.table = Some((work, asker));
                if !stepping {
                    post.step_later();
                }
            }
        }
    }

    /// Solves the next rows of the table, answers it once it is whole, and
    /// else asks for another step.
    pub fn step(&mut self, post: &impl Post<Asker = A>) {
        let Some((work, asker)) = &mut self.table else { return };
        match self.handler.advance(work) {
            Progress::Answered(response) => {
                post.respond(*asker, response);
                self.table = None;
            }
            Progress::Stepped => post.step_later(),
            Progress::Solving => post.look_later(),
        }
    }
}
