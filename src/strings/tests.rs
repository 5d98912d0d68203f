use super::*;

#[test]
fn every_language_defines_the_same_keys() {
    let english = AppStrings::load(Language::English);
    for language in Language::ALL {
        let strings = AppStrings::load(language);
        assert_eq!(strings.keys(), english.keys(), "keys of {language:?} differ from English");
    }
    assert!(english.keys().len() >= 10, "the English file defines too few keys: {:?}", english.keys());
}

#[test]
fn languages_are_found_from_browser_tags() {
    assert_eq!(Language::from_tag("fr-CA"), Some(Language::French));
    assert_eq!(Language::from_tag("en_GB"), Some(Language::English));
    assert_eq!(Language::from_tag("de"), None);
}

#[test]
fn a_missing_key_shows_itself() {
    assert_eq!(AppStrings::load(Language::French).get("no-such-key"), "no-such-key");
    assert_eq!(AppStrings::load(Language::French).get("seat-south"), "Sud");
}

#[test]
fn every_store_error_has_a_message_in_every_language() {
    use crate::store::StoreError;
    let errors =
        [StoreError::Unavailable, StoreError::Outdated, StoreError::QuotaExceeded, StoreError::Failed("x".into())];
    for language in Language::ALL {
        let strings = AppStrings::load(language);
        for error in &errors {
            let key = error.message_key();
            assert!(strings.keys().contains(&key), "{language:?} lacks {key}");
        }
        assert!(strings.keys().contains(&"store-blocked"), "{language:?} lacks store-blocked");
    }
}

#[test]
fn cards_are_written_and_read_in_the_interface_language() {
    let card = |text: &str| -> bridge::Card { text.parse().expect("a card") };
    let (english, french) = (AppStrings::load(Language::English).ui(), AppStrings::load(Language::French).ui());
    assert_eq!(english.card(card("HQ")), "hearts Q");
    assert_eq!(french.card(card("HQ")), "cœur D");
    // French players write the king, queen and jack R, D and V.
    let labels = |ui: &ui::Strings| ["SA", "SK", "HQ", "DJ", "CT", "C2"].map(|text| ui.card_label(card(text)));
    assert_eq!(labels(&english), ["♠A", "♠K", "♥Q", "♦J", "♣10", "♣2"]);
    assert_eq!(labels(&french), ["♠A", "♠R", "♥D", "♦V", "♣10", "♣2"]);
    // Calls and contracts too, as the auction's table writes them.
    let calls = |ui: &ui::Strings| ["1S", "3NT", "Pass", "X"].map(|text| ui.call_text(text.parse().expect("a call")));
    assert_eq!(calls(&english), ["1♠", "3NT", "Pass", "X"]);
    assert_eq!(calls(&french), ["1♠", "3SA", "Passe", "X"]);
    let doubled: bridge::Contract = "4HX".parse().expect("a contract");
    assert_eq!((english.contract_text(doubled), french.contract_text(doubled)), ("4♥X".to_owned(), "4♥X".to_owned()));
    for language in Language::ALL {
        let ui = AppStrings::load(language).ui();
        assert!(ui.suits.iter().all(|name| !name.starts_with("suit-")), "{language:?} names every suit");
        assert!(ui.honours.iter().all(|letter| letter.chars().count() == 1), "{language:?} has a letter per honour");
    }
}
