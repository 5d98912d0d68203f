use std::str::FromStr;

use bridge::{Deal, Play, Seat, Strain};
use training::{SolverPosition, SolverQuestion};

use super::Waiting;

/// Two questions about the sample deal: the opening lead's values, and
/// its best cards only.
fn questions() -> (SolverQuestion, SolverQuestion) {
    let deal = Deal::from_str(crate::SAMPLE_DEAL).expect("the sample deal reads");
    let position = SolverPosition::of_play(&Play::new(deal, Strain::NoTrump, Seat::West));
    (SolverQuestion::Analyse(position.clone()), SolverQuestion::BestCards(position))
}

#[test]
fn each_new_question_is_numbered_and_the_same_one_is_asked_once() {
    let (analyse, best) = questions();
    let mut waiting = Waiting::default();
    assert_eq!(waiting.ask(analyse.clone()), Some(1));
    assert_eq!(waiting.ask(analyse.clone()), None, "already waited for");
    assert_eq!(waiting.ask(best.clone()), Some(2));
    assert_eq!(waiting.question(), Some(&best));
    waiting.answered(&analyse);
    assert_eq!(waiting.question(), Some(&best), "an older question's answer leaves the newer one waited for");
    waiting.answered(&best);
    assert_eq!(waiting.question(), None);
    assert_eq!(waiting.ask(analyse), Some(3), "asked again later, it is new");
}

#[test]
fn only_the_last_thing_asked_and_still_waited_for_is_late() {
    let (analyse, best) = questions();
    let mut waiting = Waiting::default();
    let first = waiting.ask(analyse).expect("new");
    let second = waiting.ask(best.clone()).expect("new");
    waiting.remind(first);
    assert!(!waiting.is_late(), "the first question's reminder comes after another was asked");
    assert!(!waiting.is_last(first) && waiting.is_last(second));
    waiting.remind(second);
    assert!(waiting.is_late());
    waiting.answered(&best);
    assert!(!waiting.is_late(), "answered since");

    let table = waiting.ask_table();
    assert!(waiting.waits_for_table());
    waiting.remind(table);
    assert!(waiting.is_late(), "the table is waited for too");
    waiting.table_came();
    assert!(!waiting.is_late() && !waiting.waits_for_table());

    let table = waiting.ask_table();
    waiting.stop_asking();
    waiting.remind(table);
    assert!(waiting.is_late(), "a question given up leaves the table waited for");
    waiting.forget();
    assert!(!waiting.is_late() && !waiting.waits_for_table(), "a restart forgets both");
}

#[test]
fn the_table_asked_ahead_is_asked_once_and_the_review_waits_for_it() {
    let mut waiting = Waiting::default();
    assert!(!waiting.ahead_pending());
    assert!(waiting.ask_ahead(), "asked the first time");
    assert!(!waiting.ask_ahead(), "once a page");
    assert!(waiting.ahead_pending());
    assert!(!waiting.waits_for_table(), "nobody waits for it before the review");
    // The game ends first: the review waits for that request, not a new one.
    let number = waiting.ask_table();
    assert!(waiting.waits_for_table() && waiting.ahead_pending());
    waiting.remind(number);
    assert!(waiting.is_late(), "late like any table the review waits for");
    waiting.table_came();
    assert!(!waiting.ahead_pending() && !waiting.waits_for_table());
    assert!(!waiting.ask_ahead(), "still once a page after it came");
    assert!(!waiting.ahead_failed(), "a failure after its answer asks nothing");
}

#[test]
fn a_table_asked_ahead_that_fails_is_asked_again_only_when_the_review_waits_for_it() {
    let mut waiting = Waiting::default();
    assert!(waiting.ask_ahead());
    assert!(!waiting.ahead_failed(), "during the play: nothing shown, the review asks anew");
    assert!(!waiting.ahead_pending(), "the review then makes its own request");

    let mut waiting = Waiting::default();
    assert!(waiting.ask_ahead());
    waiting.ask_table();
    assert!(waiting.ahead_failed(), "the review waits for it: asked again, its failure shown");
    assert!(!waiting.ahead_failed(), "once");

    // A restart ends it: the review asks the new worker, and the old request's failure
    // (`WorkerGone`) asks nothing more.
    let mut waiting = Waiting::default();
    assert!(waiting.ask_ahead());
    waiting.ask_table();
    waiting.forget();
    assert!(!waiting.ahead_pending() && !waiting.waits_for_table());
    waiting.ask_table();
    assert!(!waiting.ahead_failed(), "the old worker's failure");
    assert!(waiting.waits_for_table(), "the new request is still waited for");
}
