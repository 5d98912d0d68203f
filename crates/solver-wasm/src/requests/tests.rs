//! The bookkeeping of requests: ids, staleness by lane, one request of each
//! lane in flight.

use bridge::{Seat, Strain};
use futures_channel::oneshot::Receiver;

use crate::{Answer, ClientError, Lane, PositionMsg, Requests, Response, ResponseBody, SolverError, TableMsg};
use crate::{Request, RequestBody};

fn table(deal: &str) -> RequestBody {
    RequestBody::Table { deal: deal.to_owned() }
}

/// A position (the hands need not be legal here).
fn position(hands: &str) -> PositionMsg {
    PositionMsg { hands: hands.to_owned(), trump: Strain::NoTrump, leader: Seat::West, played: Vec::new(), value: None }
}

/// A question of the play.
fn analyse(hands: &str) -> RequestBody {
    RequestBody::Analyse(position(hands))
}

fn answered(id: u64) -> Response {
    Response { id, body: Ok(ResponseBody::Table(TableMsg { tricks: [[id as u8; 4]; 5] })) }
}

/// What a receiver holds now: `None` while its answer is still to come.
#[track_caller]
fn now(receiver: &mut Receiver<Answer>) -> Option<Answer> {
    receiver.try_recv().expect("the sender is kept until an answer")
}

#[test]
fn a_lone_request_is_posted_and_answered() {
    let mut requests = Requests::default();
    let (mut first, post) = requests.send(table("a"));
    assert_eq!(post, Some(Request { id: 1, body: table("a") }));
    assert_eq!(now(&mut first), None);
    assert_eq!(requests.answer(answered(1)), None);
    assert_eq!(now(&mut first), Some(Ok(answered(1).body.unwrap())));
}

#[test]
fn ids_increase_from_one() {
    let mut requests = Requests::default();
    let mut ids = Vec::new();
    for deal in ["a", "b", "c"] {
        let (_receiver, post) = requests.send(table(deal));
        if let Some(request) = post {
            ids.push(request.id);
            assert_eq!(requests.answer(answered(request.id)), None);
        }
    }
    assert_eq!(ids, [1, 2, 3]);
}

/// Three requests of a lane while the worker is busy with the first: the second, never begun,
/// is replaced by the third; the first is made stale too for a question of the play, and still
/// answered for a table (`Lane::drops_in_flight`).
#[test]
fn a_newer_request_replaces_the_waiting_one_and_a_question_the_one_in_flight() {
    let question: fn(&str) -> RequestBody = analyse;
    for (body, first_answered) in [(question, false), (table, true)] {
        let lane = body("a").lane();
        let mut requests = Requests::default();
        let (mut first, post) = requests.send(body("a"));
        assert_eq!(post.map(|request| request.id), Some(1));
        let (mut second, post) = requests.send(body("b"));
        assert_eq!(post, None, "{lane:?}: one request with the worker at a time");
        let (mut third, post) = requests.send(body("c"));
        assert_eq!(post, None);
        assert_eq!(now(&mut second), Some(Err(ClientError::Stale)), "{lane:?}: never begun, replaced");
        let first_now = if first_answered { None } else { Some(Err(ClientError::Stale)) };
        assert_eq!(now(&mut first), first_now, "{lane:?}: the request with the worker");

        // 3, never 2, goes to the worker once 1 is answered.
        assert_eq!(requests.answer(answered(1)), Some(Request { id: 3, body: body("c") }));
        if first_answered {
            assert_eq!(now(&mut first), Some(Ok(answered(1).body.unwrap())), "{lane:?}: 1 answered");
        }
        assert_eq!(now(&mut third), None);
        assert_eq!(requests.answer(answered(3)), None);
        assert_eq!(now(&mut third), Some(Ok(answered(3).body.unwrap())));
    }
}

#[test]
fn an_answer_to_an_unknown_or_repeated_id_changes_nothing() {
    let mut requests = Requests::default();
    let (mut first, _) = requests.send(table("a"));
    assert_eq!(requests.answer(answered(7)), None);
    assert_eq!(now(&mut first), None);
    assert_eq!(requests.answer(answered(1)), None);
    assert_eq!(requests.answer(answered(1)), None);
    assert!(now(&mut first).is_some());
}

#[test]
fn a_solver_error_reaches_the_caller() {
    let mut requests = Requests::default();
    let (mut first, _) = requests.send(table("nonsense"));
    let error = SolverError::Deal("no first seat".to_owned());
    requests.answer(Response { id: 1, body: Err(error.clone()) });
    assert_eq!(now(&mut first), Some(Err(ClientError::Solver(error))));
}

#[test]
fn a_caller_that_stopped_waiting_does_not_block_the_next() {
    let mut requests = Requests::default();
    let (first, _) = requests.send(table("a"));
    drop(first);
    let (mut second, post) = requests.send(table("b"));
    assert_eq!(post, None);
    assert_eq!(requests.answer(answered(1)).map(|request| request.id), Some(2));
    requests.answer(answered(2));
    assert!(matches!(now(&mut second), Some(Ok(_))));
}

#[test]
fn a_worker_given_up_fails_the_waiting_request_and_every_later_one() {
    let mut requests = Requests::default();
    let (mut first, _) = requests.send(analyse("a"));
    let (mut second, post) = requests.send(analyse("b"));
    assert_eq!(post, None, "queued behind the first");
    assert!(!requests.started());
    requests.fail_all();
    // The older one was stale already; the waiting one fails, and nothing is left to post.
    assert_eq!(now(&mut first), Some(Err(ClientError::Stale)));
    assert_eq!(now(&mut second), Some(Err(ClientError::Unavailable)));
    let (mut third, post) = requests.send(table("c"));
    assert_eq!(post, None, "nothing goes to a worker given up");
    assert_eq!(now(&mut third), Some(Err(ClientError::Unavailable)));
    // A late answer posts nothing, and the worker stays given up.
    assert_eq!(requests.answer(answered(1)), None);
    let (mut fourth, post) = requests.send(table("d"));
    assert_eq!(post, None);
    assert_eq!(now(&mut fourth), Some(Err(ClientError::Unavailable)));
}

#[test]
fn any_answer_even_a_stale_one_shows_the_worker_started() {
    let mut requests = Requests::default();
    let (mut probe, post) = requests.send(RequestBody::Threads);
    assert_eq!(post.map(|request| request.id), Some(1));
    let (mut asked, post) = requests.send(analyse("a"));
    assert_eq!(post, None);
    assert_eq!(now(&mut probe), Some(Err(ClientError::Stale)), "the play's lane, as the probe's");
    assert!(!requests.started());
    // The probe's answer is stale, yet the worker runs: the next request goes.
    assert_eq!(requests.answer(answered(1)), Some(Request { id: 2, body: analyse("a") }));
    assert!(requests.started());
    assert_eq!(requests.answer(answered(2)), None);
    assert_eq!(now(&mut asked), Some(Ok(answered(2).body.unwrap())));
}

#[test]
fn requests_have_the_lane_of_their_kind() {
    assert_eq!(analyse("a").lane(), Lane::Play);
    assert_eq!(RequestBody::BestCards(position("a")).lane(), Lane::Play);
    assert_eq!(RequestBody::Threads.lane(), Lane::Play);
    assert_eq!(table("a").lane(), Lane::Tables);
    let par =
        RequestBody::Par { deal: "a".to_owned(), vulnerability: bridge::Vulnerability::None, dealer: Seat::North };
    assert_eq!(par.lane(), Lane::Tables);
    for (place, lane) in Lane::ALL.into_iter().enumerate() {
        assert_eq!(lane.index(), place, "{lane:?} at its place in Lane::ALL");
    }
}

#[test]
fn a_newer_request_leaves_the_other_lane_alone() {
    let mut requests = Requests::default();
    let (mut first_table, post) = requests.send(table("a"));
    assert_eq!(post.map(|request| request.id), Some(1));
    // The play asks twice while the table is solved: the first question
    // goes to the worker at once, the second waits behind it and makes it
    // stale; the table is not.
    let (mut first_question, post) = requests.send(analyse("p"));
    assert_eq!(post, Some(Request { id: 2, body: analyse("p") }), "the play does not wait for the table");
    let (mut second_question, post) = requests.send(analyse("q"));
    assert_eq!(post, None, "one question of the play with the worker at a time");
    assert_eq!(now(&mut first_question), Some(Err(ClientError::Stale)));
    assert_eq!(now(&mut first_table), None, "a question of the play leaves the table alone");
    // A newer table waits behind the first, which stays asked.
    let (mut second_table, post) = requests.send(table("b"));
    assert_eq!(post, None);
    assert_eq!(now(&mut first_table), None);

    // The stale question's answer is dropped and frees the play's lane.
    assert_eq!(requests.answer(answered(2)), Some(Request { id: 3, body: analyse("q") }));
    assert_eq!(requests.answer(answered(3)), None);
    assert_eq!(now(&mut second_question), Some(Ok(answered(3).body.unwrap())));
    // The first table's answer goes to its caller and frees the tables' lane.
    assert_eq!(requests.answer(answered(1)), Some(Request { id: 4, body: table("b") }));
    assert_eq!(now(&mut first_table), Some(Ok(answered(1).body.unwrap())));
    assert_eq!(now(&mut second_table), None);
    assert_eq!(requests.answer(answered(4)), None);
    assert_eq!(now(&mut second_table), Some(Ok(answered(4).body.unwrap())));
}

#[test]
fn a_table_in_flight_is_answered_whatever_the_play_asks_meanwhile() {
    let mut requests = Requests::default();
    let (mut asked_table, post) = requests.send(table("a"));
    assert_eq!(post.map(|request| request.id), Some(1));
    let (mut question, post) = requests.send(analyse("p"));
    assert_eq!(post, Some(Request { id: 2, body: analyse("p") }));
    // The worker answers the question between two steps of the table.
    assert_eq!(requests.answer(answered(2)), None);
    assert_eq!(now(&mut question), Some(Ok(answered(2).body.unwrap())));
    assert_eq!(now(&mut asked_table), None);
    assert_eq!(requests.answer(answered(1)), None);
    assert_eq!(now(&mut asked_table), Some(Ok(answered(1).body.unwrap())));
}

#[test]
fn a_worker_given_up_fails_the_waiting_request_of_every_lane() {
    let mut requests = Requests::default();
    let (mut asked_table, _) = requests.send(table("a"));
    let (mut question, _) = requests.send(analyse("p"));
    let (mut next_question, post) = requests.send(analyse("q"));
    assert_eq!(post, None);
    requests.fail_all();
    assert_eq!(now(&mut asked_table), Some(Err(ClientError::Unavailable)));
    assert_eq!(now(&mut question), Some(Err(ClientError::Stale)));
    assert_eq!(now(&mut next_question), Some(Err(ClientError::Unavailable)));
    assert_eq!(requests.answer(answered(1)), None, "nothing left to post");
    assert_eq!(requests.answer(answered(2)), None, "nothing left to post");
}
