//! The lenient readers: levels, scoring, vulnerability and double status never fail.

use bridge::{Penalty, Vulnerability};
use proptest::prelude::*;
use training::{parse_vulnerability_lenient, DoubleStatus, Level, Scoring};

#[test]
fn levels() {
    for (text, level) in [
        ("1", Level::Set(1)),
        (" 5 ", Level::Set(5)),
        ("03", Level::Set(3)),
        ("+2", Level::Set(2)),
        ("0", Level::Unset),
        ("6", Level::Unset),
        ("-1", Level::Unset),
        ("300", Level::Unset),
        ("two", Level::Unset),
        ("", Level::Unset),
    ] {
        assert_eq!(Level::parse_lenient(text), level, "{text:?}");
    }
    assert_eq!(Level::new(Level::MAX).get(), Some(Level::MAX));
    assert_eq!(Level::new(0).get(), None);
}

#[test]
fn scoring() {
    for (text, scoring) in [
        ("MP", Scoring::Matchpoints),
        ("MatchPoints", Scoring::Matchpoints),
        ("imps", Scoring::Imps),
        ("IMP;Butler", Scoring::Imps),
        ("Cross-IMPs", Scoring::Imps),
        ("BAM", Scoring::BoardAMatch),
        ("Total Points", Scoring::TotalPoints),
        ("rubber", Scoring::Rubber),
        ("Chicago", Scoring::Chicago),
        ("", Scoring::Unset),
        ("Swiss?", Scoring::Unset),
    ] {
        assert_eq!(Scoring::parse_lenient(text), scoring, "{text:?}");
        if scoring != Scoring::Unset {
            assert_eq!(Scoring::parse_lenient(scoring.as_str()), scoring, "{scoring} round trip");
        }
    }
}

#[test]
fn vulnerability() {
    for (text, vulnerability) in [
        ("None", Vulnerability::None),
        ("Love", Vulnerability::None),
        ("NS", Vulnerability::NorthSouth),
        ("N/S", Vulnerability::NorthSouth),
        ("NorthSouth", Vulnerability::NorthSouth),
        ("Nord-Sud", Vulnerability::NorthSouth),
        ("e-w", Vulnerability::EastWest),
        ("Est-Ouest", Vulnerability::EastWest),
        ("Both", Vulnerability::Both),
        ("Tous", Vulnerability::Both),
        ("all", Vulnerability::Both),
        ("??", Vulnerability::None),
    ] {
        assert_eq!(parse_vulnerability_lenient(text), vulnerability, "{text:?}");
    }
}

#[test]
fn double_status() {
    for (text, status) in [
        ("", DoubleStatus::Undoubled),
        ("-", DoubleStatus::Undoubled),
        ("X", DoubleStatus::Doubled),
        ("*", DoubleStatus::Doubled),
        ("Doubled", DoubleStatus::Doubled),
        ("xx", DoubleStatus::Redoubled),
        ("R", DoubleStatus::Redoubled),
        ("surcontré", DoubleStatus::Redoubled),
        ("XXX", DoubleStatus::Unset),
    ] {
        assert_eq!(DoubleStatus::parse_lenient(text), status, "{text:?}");
    }
    assert_eq!(DoubleStatus::from(Penalty::Redoubled), DoubleStatus::Redoubled);
}

proptest! {
    #[test]
    fn lenient_readers_accept_anything(text in any::<String>()) {
        let _ = Level::parse_lenient(&text);
        let _ = Scoring::parse_lenient(&text);
        let _ = parse_vulnerability_lenient(&text);
        let _ = DoubleStatus::parse_lenient(&text);
    }
}
