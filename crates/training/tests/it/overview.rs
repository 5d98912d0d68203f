//! The teacher's overview: counts by level, theme, sharing, teaching mode and month, the names used most, the
//! trash left out, the same over boards and over their summaries; and months from timestamps.

use training::TeachingMode::{BiddingPractice, Full, Minibridge, ShowContract, ShowTrumpAndGoal};
use training::{month_of, Board, BoardSummary, BoardsOverview, GroupId, Level, Sharing, Timestamp};

use crate::service::{alice, draft, Service};

/// Milliseconds of a UTC date at noon.
fn at(year: i64, month: u32, day: u32) -> Timestamp {
    // Days from the epoch by counting whole months; enough for the dates below.
    let mut days = 0i64;
    for y in 1970..year {
        days += if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 { 366 } else { 365 };
    }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let lengths = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    days += lengths[..(month - 1) as usize].iter().sum::<i64>() + i64::from(day - 1);
    Timestamp(days * 86_400_000 + 43_200_000)
}

#[test]
fn months_are_read_from_timestamps_in_utc() {
    assert_eq!(month_of(Timestamp(0)), "1970-01");
    assert_eq!(month_of(Timestamp(-1)), "1969-12");
    assert_eq!(month_of(at(2000, 2, 29)), "2000-02");
    assert_eq!(month_of(at(2026, 11, 30)), "2026-11");
    assert_eq!(month_of(at(2024, 12, 31)), "2024-12");
    assert_eq!(month_of(at(2100, 3, 1)), "2100-03");
    // The last millisecond of January 2025 and the first of February.
    assert_eq!(month_of(Timestamp(at(2025, 2, 1).0 - 43_200_001)), "2025-01");
    assert_eq!(month_of(Timestamp(at(2025, 2, 1).0 - 43_200_000)), "2025-02");
}

#[test]
fn the_overview_counts_boards_by_level_theme_sharing_month_and_name_without_the_trash() {
    let mut service = Service::default();
    let boards = [
        ("a", "Squeeze", 1, Sharing::Private, vec!["squeeze"], at(2026, 9, 3), Full),
        ("b", "Squeeze", 1, Sharing::Public, vec!["squeeze", "counting"], at(2026, 9, 20), ShowContract),
        (
            "c",
            "Finesse",
            2,
            Sharing::Groups(vec![GroupId("club".to_owned())]),
            vec!["finesse"],
            at(2026, 10, 1),
            ShowTrumpAndGoal { tricks: 9 },
        ),
        ("d", "Finesse", 0, Sharing::Private, vec![], at(2026, 11, 2), Minibridge),
        ("e", "Alone", 3, Sharing::Private, vec!["counting"], at(2026, 11, 5), ShowTrumpAndGoal { tricks: 10 }),
        ("trashed", "Squeeze", 4, Sharing::Private, vec!["squeeze"], at(2026, 11, 6), BiddingPractice),
    ];
    for (id, name, level, sharing, themes, created, mode) in boards {
        let mut board = draft(id, sharing);
        board.metadata.teaching_mode = mode;
        board.metadata.name = name.to_owned();
        board.metadata.level = Level::new(level);
        board.metadata.play_themes = themes.into_iter().map(str::to_owned).collect();
        service.create(&alice(), board, created, None).expect("created");
    }
    service.soft_delete(&alice(), &training::BoardId("trashed".to_owned()), at(2026, 11, 7)).expect("trashed");

    let all: Vec<Board> = service.readable_boards(&alice());
    let overview = BoardsOverview::of(&all);
    assert_eq!(overview.total, 5);
    let levels: Vec<(Option<u8>, usize)> = overview.by_level.iter().map(|(level, count)| (*level, *count)).collect();
    assert_eq!(levels, [(None, 1), (Some(1), 2), (Some(2), 1), (Some(3), 1)]);
    let themes: Vec<(&str, usize)> = overview.by_theme.iter().map(|(theme, count)| (theme.as_str(), *count)).collect();
    assert_eq!(themes, [("counting", 2), ("squeeze", 2), ("finesse", 1)]);
    let months: Vec<(&str, usize)> = overview.by_month.iter().map(|(month, count)| (month.as_str(), *count)).collect();
    assert_eq!(months, [("2026-09", 2), ("2026-10", 1), ("2026-11", 2)]);
    assert_eq!(overview.by_sharing, [3, 1, 1]);
    assert_eq!(
        overview.by_mode,
        [("full", 1), ("show_contract", 1), ("show_trump_and_goal", 2), ("minibridge", 1)],
        "every goal together, the trash left out, unused modes not listed"
    );
    let names: Vec<(&str, usize)> = overview.top_names.iter().map(|(name, count)| (name.as_str(), *count)).collect();
    assert_eq!(names, [("Finesse", 2), ("Squeeze", 2)], "names used once are not listed");

    // The same over the summaries the boards page keeps.
    let summaries: Vec<BoardSummary> = all.iter().map(BoardSummary::of).collect();
    assert_eq!(BoardsOverview::of(&summaries), overview);
    assert_eq!(BoardsOverview::of(&Vec::<Board>::new()), BoardsOverview::default());
}
