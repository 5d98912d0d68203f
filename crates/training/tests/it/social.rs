//! Themes of the catalogue, bookmarks and votes, with the board service's read rule.

use proptest::prelude::*;
use training::testing::{InMemoryBookmarks, InMemoryThemes, InMemoryVotes};
use training::{
    theme_catalogue, BookmarkToggle, CollectionEntry, Metadata, ServiceError, SocialService, Tally, Theme, ThemeError,
    ThemeId, ThemeKind, ThemeRepository, Viewer, Vote, VoteChange,
};

use crate::gate::locale;
use crate::service::{alice, bob, id, service, Service, T1, T2};

type Social = SocialService<InMemoryBookmarks, InMemoryVotes>;

fn theme(id: &str, kind: ThemeKind, names: &[(&str, &str)]) -> Theme {
    Theme::new(id, kind, names.iter().map(|(tag, name)| (locale(tag), (*name).to_owned()))).expect("a valid theme")
}

#[test]
fn themes_need_an_id_and_a_name() {
    let names = || [(locale("en"), "Finesse".to_owned())];
    assert_eq!(Theme::new("", ThemeKind::Play, names()), Err(ThemeError::InvalidId(String::new())));
    assert_eq!(
        Theme::new("two words", ThemeKind::Play, names()).map_err(|err| err.to_string()),
        Err(r#"invalid theme id "two words": expected a non-empty id without white space"#.to_owned())
    );
    assert_eq!(
        Theme::new("finesse", ThemeKind::Play, [(locale("en"), "  ".to_owned())]).map_err(|err| err.to_string()),
        Err(r#"the theme "finesse" has no name"#.to_owned())
    );
    let trimmed = Theme::new(" finesse ", ThemeKind::Play, names()).expect("trimmed");
    assert_eq!(trimmed.id(), &ThemeId("finesse".to_owned()));
}

#[test]
fn a_theme_name_falls_back_by_language_then_english_then_any() {
    let finesse = theme("finesse", ThemeKind::Play, &[("fr-CA", "Impasse (QC)"), ("en", "Finesse"), ("fr", "Impasse")]);
    let cases =
        [("fr-CA", "Impasse (QC)"), ("fr", "Impasse"), ("fr-BE", "Impasse"), ("en-GB", "Finesse"), ("de", "Finesse")];
    for (tag, expected) in cases {
        assert_eq!(finesse.name(&locale(tag)), expected, "{tag}");
    }
    let german_only = theme("squeeze", ThemeKind::Play, &[("de", "Squeeze (de)")]);
    assert_eq!(german_only.name(&locale("fr")), "Squeeze (de)");
}

#[test]
fn themes_attach_to_the_list_of_their_kind_once() {
    let mut metadata = Metadata::default();
    let stayman = theme("stayman", ThemeKind::Auction, &[("en", "Stayman")]);
    let squeeze = theme("squeeze", ThemeKind::Play, &[("en", "Squeeze")]);
    let mine = theme("my_class", ThemeKind::User, &[("en", "My class")]);
    for theme in [&stayman, &squeeze, &mine, &stayman] {
        theme.attach_to(&mut metadata);
    }
    assert_eq!(
        (&metadata.auction_themes, &metadata.play_themes, &metadata.user_themes),
        (&vec!["stayman".to_owned()], &vec!["squeeze".to_owned()], &vec!["my_class".to_owned()])
    );
    assert_eq!(ThemeKind::Play.themes_of(&metadata), ["squeeze"]);
    stayman.detach_from(&mut metadata);
    squeeze.detach_from(&mut metadata);
    assert!(metadata.auction_themes.is_empty() && metadata.play_themes.is_empty());
    assert_eq!(ThemeKind::User.themes_of(&metadata), ["my_class"]);
}

#[test]
fn the_catalogue_lists_one_kind_by_localized_name() {
    let mut themes = InMemoryThemes::default();
    for theme in [
        theme("squeeze", ThemeKind::Play, &[("en", "Squeeze"), ("fr", "Squeeze")]),
        theme("finesse", ThemeKind::Play, &[("en", "Finesse"), ("fr", "Impasse")]),
        theme("endplay", ThemeKind::Play, &[("en", "Endplay"), ("fr", "élimination")]),
        theme("stayman", ThemeKind::Auction, &[("en", "Stayman")]),
    ] {
        themes.put(theme);
    }
    let ids = |themes: &InMemoryThemes, kind, tag: &str| -> Vec<String> {
        theme_catalogue(themes, kind, &locale(tag)).into_iter().map(|theme| theme.id().0.clone()).collect()
    };
    assert_eq!(ids(&themes, ThemeKind::Play, "en"), ["endplay", "finesse", "squeeze"]);
    assert_eq!(ids(&themes, ThemeKind::Play, "fr"), ["finesse", "squeeze", "endplay"]);
    assert_eq!(ids(&themes, ThemeKind::Auction, "fr"), ["stayman"]);
    assert_eq!(ids(&themes, ThemeKind::User, "fr"), Vec::<String>::new());
    assert_eq!(themes.remove(&ThemeId("stayman".to_owned())).map(|theme| theme.kind()), Some(ThemeKind::Auction));
    assert_eq!(ids(&themes, ThemeKind::Auction, "fr"), Vec::<String>::new());
}

/// The viewer's bookmarks, as `id` or `(id)` when unavailable.
fn bookmarks(social: &Social, boards: &Service, viewer: &Viewer) -> Vec<String> {
    social
        .bookmarks(boards, viewer)
        .iter()
        .map(|entry| match entry {
            CollectionEntry::Available(board) => board.id.0.clone(),
            CollectionEntry::Unavailable(id) => format!("({})", id.0),
        })
        .collect()
}

#[test]
fn bookmarks_toggle_on_readable_boards_only() {
    let mut boards = service();
    let mut social = Social::default();
    assert_eq!(social.toggle_bookmark(&boards, &bob(), &id("pub"), T1), Ok(BookmarkToggle::Added));
    // Someone else's private board and a missing one answer alike, and store nothing.
    assert_eq!(social.toggle_bookmark(&boards, &bob(), &id("b1"), T1), Err(ServiceError::AccessDenied));
    assert_eq!(social.toggle_bookmark(&boards, &bob(), &id("nope"), T1), Err(ServiceError::AccessDenied));
    assert_eq!(social.toggle_bookmark(&boards, &alice(), &id("b1"), T1), Ok(BookmarkToggle::Added));
    assert_eq!(social.toggle_bookmark(&boards, &alice(), &id("pub"), T2), Ok(BookmarkToggle::Added));
    assert_eq!(bookmarks(&social, &boards, &bob()), ["pub"]);
    assert_eq!(bookmarks(&social, &boards, &alice()), ["pub", "b1"]);
    assert_eq!(social.toggle_bookmark(&boards, &alice(), &id("pub"), T2), Ok(BookmarkToggle::Removed));
    assert_eq!(bookmarks(&social, &boards, &alice()), ["b1"]);

    // A board since trashed stays listed, unavailable; its reader can no longer toggle it but can
    // still remove the bookmark.
    boards.soft_delete(&alice(), &id("pub"), T2).expect("trashed");
    assert_eq!(bookmarks(&social, &boards, &bob()), ["(pub)"]);
    assert_eq!(social.toggle_bookmark(&boards, &bob(), &id("pub"), T2), Err(ServiceError::AccessDenied));
    assert!(social.remove_bookmark(&bob(), &id("pub")));
    assert!(!social.remove_bookmark(&bob(), &id("pub")));
    assert_eq!(bookmarks(&social, &boards, &bob()), Vec::<String>::new());
}

#[test]
fn votes_count_switch_and_toggle_off() {
    let boards = service();
    let mut social = Social::default();
    let change = |vote, up_delta, down_delta| VoteChange { vote, up_delta, down_delta };
    let mut vote = |viewer: &Viewer, vote| social.vote(&boards, viewer, &id("pub"), vote);
    assert_eq!(vote(&bob(), Vote::Up), Ok(change(Some(Vote::Up), 1, 0)));
    assert_eq!(vote(&bob(), Vote::Down), Ok(change(Some(Vote::Down), -1, 1)));
    assert_eq!(vote(&bob(), Vote::Down), Ok(change(None, 0, -1)));
    assert_eq!(vote(&bob(), Vote::Down), Ok(change(Some(Vote::Down), 0, 1)));
    assert_eq!(vote(&bob(), Vote::Up).map(VoteChange::score_delta), Ok(2));
    assert_eq!(vote(&alice(), Vote::Up).map(VoteChange::score_delta), Ok(1));
    assert_eq!(social.vote_of(&bob(), &id("pub")), Some(Vote::Up));
    assert_eq!(Tally::count(&social.votes, &id("pub")), Tally { up: 2, down: 0 });
}

#[test]
fn votes_on_unreadable_or_missing_boards_are_refused_alike() {
    let boards = service();
    let mut social = Social::default();
    for board_id in ["b1", "grp", "nope"] {
        assert_eq!(social.vote(&boards, &bob(), &id(board_id), Vote::Up), Err(ServiceError::AccessDenied));
    }
    assert!(social.votes.votes.is_empty());
}

#[test]
fn a_tally_never_goes_below_zero() {
    let down = VoteChange { vote: None, up_delta: -1, down_delta: -1 };
    assert_eq!(Tally::default().apply(down), Tally::default());
    assert_eq!(Tally { up: 3, down: 5 }.score(), -2);
}

proptest! {
    /// Whatever the votes, the deltas keep a counter equal to a recount, one vote per user.
    #[test]
    fn vote_deltas_keep_a_counter_equal_to_a_recount(
        votes in proptest::collection::vec((0..4usize, any::<bool>()), 0..40),
    ) {
        let boards = service();
        let mut social = Social::default();
        let mut counter = Tally::default();
        let voters = ["alice", "bob", "carol", "dave"].map(Viewer::user);
        for (voter, up) in votes {
            let vote = if up { Vote::Up } else { Vote::Down };
            let change = social.vote(&boards, &voters[voter], &id("pub"), vote).expect("a public board");
            prop_assert!(matches!(change.score_delta(), -2..=2));
            prop_assert_eq!(change.vote, social.vote_of(&voters[voter], &id("pub")));
            counter = counter.apply(change);
            prop_assert_eq!(counter, Tally::count(&social.votes, &id("pub")));
        }
        prop_assert!(counter.up + counter.down <= 4);
    }
}
