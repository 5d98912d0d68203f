//! The bookkeeping of a client's requests, apart from the worker so it can
//! be tested anywhere: ids in order, one request of each lane in flight,
//! the newest one of the lane queued behind it, and every older one stale;
//! whether the worker ever answered, and once it is given up on, every
//! request failing at once.

use futures_channel::oneshot;

use crate::{Lane, Request, RequestBody, Response, ResponseBody, SolverError};

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
    /// The worker never answered within its time to start (its script did
    /// not load, or it does not run): no request of this client will be.
    #[error("the solver worker did not start")]
    Unavailable,
}

/// The requests of one client. A newer request makes every older one of
/// its [`Lane`] stale: its receiver gets [`ClientError::Stale`] at once and
/// its answer, if one comes, is dropped. Each lane has at most one request
/// with the worker and only its newest waits behind it, so the worker never
/// starts a position nobody waits for; the lanes do not wait for each
/// other, since the worker answers the play's questions between the steps
/// of a table (`crate::Desk`), and a table still comes whatever the play
/// asks meanwhile. Once [`Requests::fail_all`] gives the worker up, every
/// request, waiting or newer, gets [`ClientError::Unavailable`].
#[derive(Debug)]
pub(crate) struct Requests {
    next_id: u64,
    /// Per lane (`Lane::index`, in `Lane::ALL`'s order), its requests.
    lanes: [Pending; Lane::ALL.len()],
    /// The worker answered once (even a stale request): it runs.
    started: bool,
    /// The worker was given up on.
    unavailable: bool,
}

/// The requests of a lane.
#[derive(Debug, Default)]
struct Pending {
    /// The id of its request the worker is solving.
    in_flight: Option<u64>,
    /// Its newest request, waiting for the one in flight to finish.
    queued: Option<Request>,
    /// Its newest request's id and where its answer goes.
    waiter: Option<(u64, oneshot::Sender<Answer>)>,
}

impl Default for Requests {
    fn default() -> Requests {
        Requests { next_id: 1, lanes: Default::default(), started: false, unavailable: false }
    }
}

impl Requests {
    /// Numbers `body` as the newest request of its lane: where its answer
    /// will come, and the request to post to the worker now, if its lane
    /// has none with the worker.
    pub(crate) fn send(&mut self, body: RequestBody) -> (oneshot::Receiver<Answer>, Option<Request>) {
        let id = self.next_id;
        self.next_id += 1;
        let lane = &mut self.lanes[body.lane().index()];
        if let Some((_, older)) = lane.waiter.take() {
            // The caller may have stopped waiting: nobody to tell then.
            let _ = older.send(Err(ClientError::Stale));
        }
        let (sender, receiver) = oneshot::channel();
        if self.unavailable {
            // The receiver is returned: nobody else can have dropped it.
            let _ = sender.send(Err(ClientError::Unavailable));
            return (receiver, None);
        }
        lane.waiter = Some((id, sender));
        let request = Request { id, body };
        if lane.in_flight.is_some() {
            lane.queued = Some(request);
            return (receiver, None);
        }
        lane.in_flight = Some(id);
        (receiver, Some(request))
    }

    /// Takes the worker's answer: gives it to its caller unless it is stale,
    /// and returns the queued request of its lane to post now that the
    /// lane has none with the worker.
    pub(crate) fn answer(&mut self, response: Response) -> Option<Request> {
        self.started = true;
        if self.unavailable {
            // Too late: every caller was told already.
            return None;
        }
        if let Some(lane) =
            self.lanes.iter_mut().find(|lane| lane.waiter.as_ref().is_some_and(|(id, _)| *id == response.id))
        {
            if let Some((_, sender)) = lane.waiter.take() {
                let _ = sender.send(response.body.map_err(ClientError::from));
            }
        }
        let lane = self.lanes.iter_mut().find(|lane| lane.in_flight == Some(response.id))?;
        lane.in_flight = None;
        let request = lane.queued.take()?;
        lane.in_flight = Some(request.id);
        Some(request)
    }

    /// Whether the worker answered anything yet.
    pub(crate) fn started(&self) -> bool {
        self.started
    }

    /// Whether the worker was given up ([`Requests::fail_all`]).
    pub(crate) fn is_unavailable(&self) -> bool {
        self.unavailable
    }

    /// Gives the worker up (it did not start in time): the waiting requests
    /// get [`ClientError::Unavailable`], nothing stays in flight or queued,
    /// and every later request gets it at once, without being posted.
    pub(crate) fn fail_all(&mut self) {
        self.unavailable = true;
        for lane in &mut self.lanes {
            lane.in_flight = None;
            lane.queued = None;
            if let Some((_, sender)) = lane.waiter.take() {
                // The caller may have stopped waiting: nobody to tell then.
                let _ = sender.send(Err(ClientError::Unavailable));
            }
        }
    }
}

#[cfg(test)]
mod tests;
