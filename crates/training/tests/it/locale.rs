//! Locales, localized fields, the languages of a set of fields and their gaps.

use expect_test::{expect, Expect};
use training::{gaps, languages, Locale, Localized, RichText};

#[track_caller]
fn check_locale(tag: &str, expect: Expect) {
    let actual = match tag.parse::<Locale>() {
        Ok(locale) => format!("{locale} (language {})", locale.language()),
        Err(err) => format!("error: {err}"),
    };
    expect.assert_eq(&actual);
}

#[test]
fn parse_locales() {
    check_locale("fr", expect!["fr (language fr)"]);
    check_locale("EN_gb", expect!["en-GB (language en)"]);
    check_locale("zh-hant-tw", expect!["zh-Hant-TW (language zh)"]);
    check_locale("es-419", expect!["es-419 (language es)"]);
    check_locale("und", expect!["und (language und)"]);
    check_locale("", expect![[r#"error: invalid locale "": expected a BCP-47 tag such as fr, en-GB or und"#]]);
    check_locale("f", expect![[r#"error: invalid locale "f": expected a BCP-47 tag such as fr, en-GB or und"#]]);
    check_locale("12", expect![[r#"error: invalid locale "12": expected a BCP-47 tag such as fr, en-GB or und"#]]);
    check_locale(
        "fr--CA",
        expect![[r#"error: invalid locale "fr--CA": expected a BCP-47 tag such as fr, en-GB or und"#]],
    );
    check_locale(
        "fr-toolongtag",
        expect![[r#"error: invalid locale "fr-toolongtag": expected a BCP-47 tag such as fr, en-GB or und"#]],
    );
    assert!(Locale::undetermined().is_undetermined());
}

/// A localized field from `(locale, plain text)` pairs.
fn field(texts: &[(&str, &str)]) -> Localized {
    texts
        .iter()
        .map(|(tag, text)| (tag.parse().expect("test locales are well formed"), RichText::parse(text)))
        .collect()
}

/// The languages of `fields` and their gaps, slots numbered from 0.
#[track_caller]
fn check(fields: &[Localized], expect: Expect) {
    let langs: Vec<String> = languages(fields).iter().map(Locale::to_string).collect();
    let gaps: Vec<String> = gaps(fields.iter().enumerate())
        .into_iter()
        .map(|gap| {
            let missing: Vec<String> = gap.missing.iter().map(Locale::to_string).collect();
            format!("{}: {}", gap.slot, missing.join(" "))
        })
        .collect();
    expect.assert_eq(&format!("languages [{}]; gaps [{}]", langs.join(" "), gaps.join(", ")));
}

#[test]
fn languages_and_gaps() {
    check(&[], expect!["languages []; gaps []"]);
    check(&[field(&[]), field(&[("fr", " ")])], expect!["languages []; gaps []"]);
    check(&[field(&[("und", "texte")])], expect!["languages []; gaps []"]);
    check(&[field(&[("fr", "a"), ("en", "a")]), field(&[])], expect!["languages [en fr]; gaps []"]);
    check(
        &[field(&[("fr", "a"), ("en", "a")]), field(&[("fr", "b")]), field(&[("und", "c")]), field(&[("en", " ")])],
        expect!["languages [en fr]; gaps [1: en, 2: en fr]"],
    );
    check(&[field(&[("fr", "a")]), field(&[("fr-CA", "b")])], expect!["languages [fr fr-CA]; gaps [0: fr-CA, 1: fr]"]);
}

#[test]
fn localized_round_trips_through_json() {
    let localized = field(&[("fr", "Nord joue ♠"), ("en-GB", "- one\n- two")]);
    let json = serde_json::to_string(&localized).expect("a localized field serializes");
    let back: Localized = serde_json::from_str(&json).expect("its own JSON reads back");
    assert_eq!(back, localized);
    assert!(serde_json::from_str::<Localized>(r#"{"not a tag!": {"blocks": []}}"#).is_err());
}

#[test]
fn a_reader_sees_their_language_then_unknown_language_never_another() {
    let plain = |field: &Localized, tag: &str| {
        let locale: Locale = tag.parse().expect("a valid locale");
        field.for_reader(&locale).map(|text| text.to_plain(&locale))
    };
    let both = field(&[("fr-CA", "Bonjour"), ("en", "Hello"), ("und", "?!")]);
    assert_eq!(plain(&both, "en").as_deref(), Some("Hello"));
    assert_eq!(plain(&both, "fr").as_deref(), Some("Bonjour"), "another locale of the same language");
    assert_eq!(plain(&both, "de").as_deref(), Some("?!"), "text of unknown language");
    let english = field(&[("en", "Hello")]);
    assert_eq!(plain(&english, "fr"), None, "never a text in another language");
    let blank = field(&[("fr", "  ")]);
    assert_eq!(plain(&blank, "fr"), None, "never a blank text");
}
