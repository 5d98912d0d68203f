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
