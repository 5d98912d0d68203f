//! The bookkeeping of a client's requests, apart from the worker so it can
//! be tested anywhere: ids in order, one request in flight, the newest one
//! queued behind it, and every older one stale.

use futures_channel::oneshot;

use crate::{Request, RequestBody, Response, ResponseBody, SolverError};

/// What a caller gets back: the answer, or why there is none.
pub type Answer = Result<ResponseBody, ClientError>;

/// Why a request got no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClientError {
    #[error("a newer request made this one stale")]
    Stale,
    #[error(transparent)]
    Solver(#[from] SolverError),
    #[error("the solver worker stopped before answering")]
    WorkerGone,
    #[error("the solver worker answered another kind of request")]
    Mismatch,
}

/// The requests of one client. A newer request makes every older one
/// stale: its receiver gets [`ClientError::Stale`] at once and its answer,
/// if one comes, is dropped. Only one request is with the worker at a time
/// and only the newest waits behind it, so the worker never starts a
/// position nobody waits for.
#[derive(Debug)]
pub(crate) struct Requests {
    next_id: u64,
    /// The id of the request the worker is solving.
    in_flight: Option<u64>,
    /// The newest request, waiting for the one in flight to finish.
    queued: Option<Request>,
    /// The newest request's id and where its answer goes.
    waiter: Option<(u64, oneshot::Sender<Answer>)>,
}

impl Default for Requests {
    fn default() -> Requests {
        Requests { next_id: 1, in_flight: None, queued: None, waiter: None }
    }
}

impl Requests {
    /// Numbers `body` as the newest request: where its answer will come, and
    /// the request to post to the worker now, if it is free.
    pub(crate) fn send(&mut self, body: RequestBody) -> (oneshot::Receiver<Answer>, Option<Request>) {
        let id = self.next_id;
        self.next_id += 1;
        if let Some((_, older)) = self.waiter.take() {
            // The caller may have stopped waiting: nobody to tell then.
            let _ = older.send(Err(ClientError::Stale));
        }
        let (sender, receiver) = oneshot::channel();
        self.waiter = Some((id, sender));
        let request = Request { id, body };
        if self.in_flight.is_some() {
            self.queued = Some(request);
            return (receiver, None);
        }
        self.in_flight = Some(id);
        (receiver, Some(request))
    }

    /// Takes the worker's answer: gives it to its caller unless it is stale,
    /// and returns the queued request to post now that the worker is free.
    pub(crate) fn answer(&mut self, response: Response) -> Option<Request> {
        if self.in_flight == Some(response.id) {
            self.in_flight = None;
        }
        if self.waiter.as_ref().is_some_and(|(id, _)| *id == response.id) {
            if let Some((_, sender)) = self.waiter.take() {
                let _ = sender.send(response.body.map_err(ClientError::from));
            }
        }
        if self.in_flight.is_some() {
            return None;
        }
        let request = self.queued.take()?;
        self.in_flight = Some(request.id);
        Some(request)
    }
}

#[cfg(test)]
mod tests;
