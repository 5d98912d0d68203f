//! Lessons: a learner's progress through the steps of a collection (seen, furthest, solved), its
//! status as steps are added, the durable progress record of both versions read leniently, and
//! when a game solves its exercise.

use bridge::Seat;
use serde_json::{json, Value};
use training::{
    read_collection_record, read_progress_record, BoardId, Collection, CollectionId, CollectionProgress, Game,
    GameResult, Journal, LessonStatus, Locale, Localized, RichText, Step, StepKey, TextStep,
};

use crate::game::{best_here, bidding_game, call, drive};
use crate::journal::{ending, start, DdSolver};

const PROGRESS_V1: &str = include_str!("../data/progress-record-v1.json");
const PROGRESS_V2: &str = include_str!("../data/progress-record-v2.json");
const LESSON: &str = include_str!("../data/collection-record-v3.json");

/// The lesson of the collection fixture: text t1, board-0003, text t2, board-0011.
fn lesson() -> Collection {
    read_collection_record(&serde_json::from_str(LESSON).expect("JSON")).expect("the lesson reads")
}

fn board(id: &str) -> StepKey {
    StepKey::Board(BoardId(id.to_owned()))
}

fn text(id: &str) -> StepKey {
    StepKey::Text(id.to_owned())
}

fn made(tricks: u8) -> GameResult {
    GameResult { learner_tricks: tricks, declarer_tricks: tricks, as_declarer: true }
}

#[test]
fn a_lesson_is_finished_when_every_step_is_seen_and_every_board_solved() {
    let mut lesson = lesson();
    let mut progress = CollectionProgress::new(lesson.id.clone());
    assert_eq!(progress.status(&lesson), LessonStatus::NotStarted);
    assert_eq!((progress.resume_at(&lesson), progress.furthest_at(&lesson)), (0, None));

    progress.saw(&lesson, text("t1"));
    progress.saw(&lesson, board("board-0003"));
    assert_eq!(progress.status(&lesson), LessonStatus::InProgress);
    assert_eq!((progress.resume_at(&lesson), progress.furthest_at(&lesson)), (1, Some(1)));
    // Back to the introduction: the last step seen moves back, the furthest stays.
    progress.saw(&lesson, text("t1"));
    assert_eq!((progress.resume_at(&lesson), progress.furthest_at(&lesson)), (0, Some(1)));
    assert_eq!(progress.furthest, Some(board("board-0003")));

    // A game that missed its aim is played, not solved; the best result is kept.
    let board_3 = BoardId("board-0003".to_owned());
    progress.finished(&board_3, made(8), false);
    progress.finished(&board_3, made(9), true);
    progress.finished(&board_3, made(7), false);
    assert_eq!(progress.boards[&board_3].games, 3);
    assert_eq!(progress.boards[&board_3].best, made(9));
    assert!(progress.is_solved(&board_3), "a later miss does not undo a solve");
    progress.saw(&lesson, text("t2"));
    progress.saw(&lesson, board("board-0011"));
    assert_eq!(progress.status(&lesson), LessonStatus::InProgress, "board-0011 is not solved");
    progress.finished(&BoardId("board-0011".to_owned()), made(10), true);
    assert_eq!(progress.status(&lesson), LessonStatus::Finished);
    assert_eq!(progress.solved_among(lesson.boards()), 2);
    assert_eq!(progress.furthest_at(&lesson), Some(3));

    // A text added at the end makes the lesson in progress again, until it is read.
    let summary = Localized::single("en".parse::<Locale>().expect("a locale"), RichText::parse("In short: count."));
    lesson.steps.push(Step::Text(TextStep { id: lesson.next_text_id(), text: summary }));
    assert_eq!(progress.status(&lesson), LessonStatus::InProgress);
    progress.saw(&lesson, text("t3"));
    assert_eq!(progress.status(&lesson), LessonStatus::Finished);
    // So does a board added anywhere, until it is solved.
    lesson.steps.insert(0, Step::Board(BoardId("board-0099".to_owned())));
    assert_eq!(progress.status(&lesson), LessonStatus::InProgress);
    assert_eq!(progress.furthest_at(&lesson), Some(5), "the furthest step moved with the steps before it");
}

#[test]
fn the_furthest_step_follows_the_steps_when_they_are_reordered() {
    let mut lesson = lesson();
    let mut progress = CollectionProgress::new(lesson.id.clone());
    progress.saw(&lesson, text("t1"));
    progress.saw(&lesson, board("board-0003"));
    assert_eq!(progress.furthest_at(&lesson), Some(1));
    // The intro moved last: the learner has seen the last step, though not those before it.
    let intro = lesson.steps.remove(0);
    lesson.steps.push(intro);
    assert_eq!(progress.furthest_at(&lesson), Some(3));
    assert_eq!(progress.resume_at(&lesson), 0, "board-0003 is now first");
    // A step removed from the lesson: resume from the start, never past the end.
    lesson.steps.retain(|step| step.key() != board("board-0003"));
    assert_eq!(progress.resume_at(&lesson), 0);
}

#[test]
fn progress_round_trips_and_reads_leniently() {
    let lesson = lesson();
    let mut progress = CollectionProgress::new(lesson.id.clone());
    progress.saw(&lesson, text("t1"));
    progress.saw(&lesson, board("board-0003"));
    progress.finished(&BoardId("board-0003".to_owned()), made(9), true);
    let record = progress.to_record();
    assert_eq!(record["version"], json!(2));
    assert_eq!(read_progress_record(&lesson.id, &record), progress);

    // Damaged entries are dropped alone.
    let mut damaged = record.clone();
    damaged["boards"]["broken"] = json!({ "games": "many" });
    damaged["boards"]["too-many-tricks"] =
        json!({ "games": 1, "best": { "learner_tricks": 40, "declarer_tricks": 1, "as_declarer": true } });
    damaged["boards"][""] =
        json!({ "games": 1, "best": { "learner_tricks": 4, "declarer_tricks": 1, "as_declarer": true } });
    damaged["seen"].as_array_mut().expect("a list").extend([json!("quiz:1"), json!("text:"), json!(7), json!(null)]);
    assert_eq!(read_progress_record(&lesson.id, &damaged), progress);
    let mut lost_places = record.clone();
    lost_places["last_step"] = json!("nowhere");
    lost_places["furthest"] = json!(3);
    let read = read_progress_record(&lesson.id, &lost_places);
    assert_eq!((read.last_step, read.furthest), (None, None), "an unreadable place reads as none");
    assert_eq!(read.seen, progress.seen);

    // An unknown version, another collection, or no record shape at all: no progress, no error.
    let empty = CollectionProgress::new(lesson.id.clone());
    let mut newer = record.clone();
    newer["version"] = json!(3);
    assert_eq!(read_progress_record(&lesson.id, &newer), empty);
    assert_eq!(read_progress_record(&CollectionId("other".to_owned()), &record).seen.len(), 0);
    for garbage in [json!("garbage"), json!(null), json!([1, 2]), json!({ "version": 2 }), json!({ "version": "2" })] {
        assert_eq!(read_progress_record(&lesson.id, &garbage), empty, "{garbage}");
    }
}

#[test]
fn the_stored_v1_fixture_keeps_its_games_and_resumes_at_its_last_board() {
    let lesson = lesson();
    let json: Value = serde_json::from_str(PROGRESS_V1).expect("the fixture is JSON");
    let progress = read_progress_record(&lesson.id, &json);
    assert_eq!(progress.last_step, Some(board("board-0011")));
    assert_eq!(progress.resume_at(&lesson), 3);
    assert_eq!(progress.boards.len(), 2);
    assert_eq!(progress.boards[&BoardId("board-0003".to_owned())].games, 2);
    assert_eq!(progress.played_among(lesson.boards()), 2);
    assert_eq!(progress.solved_among(lesson.boards()), 0, "version 1 did not know what was solved");
    assert_eq!(progress.status(&lesson), LessonStatus::InProgress);
    // Boards played count as seen; the texts were not.
    assert!(progress.has_seen(&board("board-0003")));
    assert!(!progress.has_seen(&text("t1")));
    assert_eq!(progress.furthest_at(&lesson), Some(3));
    // Written back at version 2, it reads the same.
    assert_eq!(progress.to_record()["version"], json!(2));
    assert_eq!(read_progress_record(&lesson.id, &progress.to_record()), progress);
}

#[test]
fn the_stored_v2_fixture_reads_back_and_writes_the_same() {
    let lesson = lesson();
    let json: Value = serde_json::from_str(PROGRESS_V2).expect("the fixture is JSON");
    let progress = read_progress_record(&lesson.id, &json);
    assert_eq!(progress.last_step, Some(text("t2")));
    assert_eq!((progress.resume_at(&lesson), progress.furthest_at(&lesson)), (2, Some(2)));
    assert_eq!(progress.solved_among(lesson.boards()), 1);
    assert_eq!(progress.to_record(), json);
}

/// Plays `game` to the end, the learner's cards the best by double dummy.
fn play_best(game: &mut Game, solver: &mut DdSolver) {
    loop {
        drive(game, solver);
        let state = game.journal().state();
        if state.is_finished() {
            return;
        }
        game.play_card(best_here(game)).expect("a legal card");
    }
}

#[test]
fn a_game_solves_its_exercise_when_the_learners_side_reaches_its_aim() {
    let mut solver = DdSolver::default();
    let deal = ending(11, 4);
    // South declares 1NT in a four-card ending: the contract's seven tricks are out of reach, so
    // declarer never solves it without a goal and the defenders always do.
    let mut declaring = Game::new(Journal::start(start(deal, "1NT", Seat::South, 1)).expect("a journal"));
    assert_eq!(declaring.solved(), None, "not before the end");
    play_best(&mut declaring, &mut solver);
    let tricks = declaring.journal().state().declarer_tricks().expect("finished");
    assert_eq!(declaring.solved(), Some(false));
    let mut defending = Game::new(Journal::start(start(deal, "1NT", Seat::West, 1)).expect("a journal"));
    play_best(&mut defending, &mut solver);
    assert_eq!(defending.solved(), Some(true));

    // With a goal, declarer solves it by taking that many tricks, not one fewer.
    for (goal, solved) in [(tricks, true), (tricks + 1, false)] {
        let goal_start = start(deal, "1NT", Seat::South, 1).with_goal(goal);
        let mut game = Game::new(Journal::start(goal_start).expect("a journal"));
        play_best(&mut game, &mut solver);
        assert_eq!(game.journal().state().declarer_tricks(), Some(tricks), "best play both ways");
        assert_eq!(game.solved(), Some(solved), "goal {goal}, {tricks} tricks");
    }
}

#[test]
fn bidding_practice_is_solved_only_with_the_boards_calls() {
    let mut solver = DdSolver::default();
    for (learners_call, solved) in [("3NT", true), ("2NT", false)] {
        let game = bidding_game(ending(7, 4));
        let start = game.journal().play_start().clone().with_goal(0);
        let script: Vec<_> = ["1NT", "Pass", "3NT", "Pass", "Pass", "Pass"].map(call).to_vec();
        let mut game = Game::new(Journal::start(start).expect("a journal")).following(&script);
        drive(&mut game, &mut solver);
        game.make_call(call(learners_call)).expect("a legal call");
        play_best(&mut game, &mut solver);
        assert_eq!(game.solved(), Some(solved), "South called {learners_call}");
    }
}

/// The board a learner plays next skips the texts between boards; the last board and a board of
/// another collection have none.
#[test]
fn the_board_after_a_board_skips_the_texts() {
    let lesson = lesson();
    let id = |id: &str| BoardId(id.to_owned());
    assert_eq!(lesson.board_after(&id("board-0003")), Some(&id("board-0011")), "over text t2");
    assert_eq!(lesson.board_after(&id("board-0011")), None, "the last board");
    assert_eq!(lesson.board_after(&id("board-9999")), None, "not in the lesson");
}
