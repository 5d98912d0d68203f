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

/// The requests of one client. A newer request replaces the one of its
/// [`Lane`] that waits behind the worker's (its receiver gets
/// [`ClientError::Stale`] at once) and, for the play's questions, makes the
/// one with the worker stale too: its answer, if one comes, is dropped. A
/// table with the worker is not made stale: the worker solves it to its end
/// anyway, and its answer, kept for its deal, still goes to its caller
/// ([`Lane::drops_in_flight`]). Each lane has at most one request with the
/// worker and only its newest waits behind it, so the worker never starts a
/// position nobody waits for; the lanes do not wait for each other, since
/// the worker answers the play's questions between the steps of a table
/// (`crate::Desk`), and a table still comes whatever the play asks
/// meanwhile. Once [`Requests::fail_all`] gives the worker up, every
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

/// Where a request's answer goes.
type Waiter = oneshot::Sender<Answer>;

/// The requests of a lane.
#[derive(Debug, Default)]
struct Pending {
    /// The id of its request the worker is solving, and where its answer
    /// goes unless the request went stale.
    in_flight: Option<(u64, Option<Waiter>)>,
    /// Its newest request, waiting for the one in flight to finish, and
    /// where its answer will go.
    queued: Option<(Request, Waiter)>,
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
        let lane_kind = body.lane();
        let lane = &mut self.lanes[lane_kind.index()];
        let in_flight =
            lane.in_flight.as_mut().filter(|_| lane_kind.drops_in_flight()).and_then(|(_, waiter)| waiter.take());
        for older in lane.queued.take().map(|(_, waiter)| waiter).into_iter().chain(in_flight) {
            // The caller may have stopped waiting: nobody to tell then.
            let _ = older.send(Err(ClientError::Stale));
        }
        let (sender, receiver) = oneshot::channel();
        if self.unavailable {
            // The receiver is returned: nobody else can have dropped it.
            let _ = sender.send(Err(ClientError::Unavailable));
            return (receiver, None);
        }
        let request = Request { id, body };
        if lane.in_flight.is_some() {
            lane.queued = Some((request, sender));
            return (receiver, None);
        }
        lane.in_flight = Some((id, Some(sender)));
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
        let lane =
            self.lanes.iter_mut().find(|lane| lane.in_flight.as_ref().is_some_and(|(id, _)| *id == response.id))?;
        if let Some((_, Some(waiter))) = lane.in_flight.take() {
            // The caller may have stopped waiting: nobody to tell then.
            let _ = waiter.send(response.body.map_err(ClientError::from));
        }
        let (request, waiter) = lane.queued.take()?;
        lane.in_flight = Some((request.id, Some(waiter)));
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
            let in_flight = lane.in_flight.take().and_then(|(_, waiter)| waiter);
            for waiter in in_flight.into_iter().chain(lane.queued.take().map(|(_, waiter)| waiter)) {
                // The caller may have stopped waiting: nobody to tell then.
                let _ = waiter.send(Err(ClientError::Unavailable));
            }
        }
    }
}

#[cfg(test)]
mod tests;
