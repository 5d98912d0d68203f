//! BCP-47 locales and localized fields: one rich text per locale, their languages and gaps.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::RichText;

/// A BCP-47 language tag such as `fr`, `en-GB` or `und`, kept in its
/// canonical case: language lower case, script title case, region upper case.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Locale(String);

/// The string is not a well-formed BCP-47 language tag.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid locale {0:?}: expected a BCP-47 tag such as fr, en-GB or und")]
pub struct ParseLocaleError(pub String);

impl Locale {
    /// The tag of text whose language is unknown.
    pub const UNDETERMINED: &'static str = "und";

    /// The locale `und`: text whose language is unknown.
    #[must_use]
    pub fn undetermined() -> Locale {
        Locale(Locale::UNDETERMINED.to_owned())
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The primary language subtag: `fr` for `fr-CA`.
    #[must_use]
    pub fn language(&self) -> &str {
        self.0.split('-').next().unwrap_or(&self.0)
    }

    /// Whether this is `und`, text of unknown language.
    #[must_use]
    pub fn is_undetermined(&self) -> bool {
        self.language() == Locale::UNDETERMINED
    }
}

impl FromStr for Locale {
    type Err = ParseLocaleError;

    /// Reads a tag such as `fr`, `EN_gb` or `zh-hant-TW`: a language of 2 to 8
    /// letters, then subtags of 1 to 8 letters or digits separated by `-` (or
    /// `_`). Canonicalises the case of each subtag.
    fn from_str(s: &str) -> Result<Locale, ParseLocaleError> {
        let err = || ParseLocaleError(s.to_owned());
        let mut res = String::with_capacity(s.len());
        for (idx, subtag) in s.trim().split(['-', '_']).enumerate() {
            let well_formed = (1..=8).contains(&subtag.len()) && subtag.chars().all(|c| c.is_ascii_alphanumeric());
            if !well_formed || (idx == 0 && (subtag.len() < 2 || !subtag.chars().all(|c| c.is_ascii_alphabetic()))) {
                return Err(err());
            }
            if idx > 0 {
                res.push('-');
            }
            let is_alpha = subtag.chars().all(|c| c.is_ascii_alphabetic());
            match (idx, subtag.len()) {
                (1.., 4) if is_alpha => {
                    res.push_str(&subtag[..1].to_ascii_uppercase());
                    res.push_str(&subtag[1..].to_ascii_lowercase());
                }
                (1.., 2) if is_alpha => res.push_str(&subtag.to_ascii_uppercase()),
                _ => res.push_str(&subtag.to_ascii_lowercase()),
            }
        }
        Ok(Locale(res))
    }
}

impl TryFrom<String> for Locale {
    type Error = ParseLocaleError;
    fn try_from(s: String) -> Result<Locale, ParseLocaleError> {
        s.parse()
    }
}

impl From<Locale> for String {
    fn from(locale: Locale) -> String {
        locale.0
    }
}

impl fmt::Display for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A text field in several languages: one rich text per locale.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Localized(BTreeMap<Locale, RichText>);

impl Localized {
    /// No text in any language.
    #[must_use]
    pub fn new() -> Localized {
        Localized(BTreeMap::new())
    }

    /// `text` in `locale` only.
    #[must_use]
    pub fn single(locale: Locale, text: RichText) -> Localized {
        Localized(BTreeMap::from([(locale, text)]))
    }

    /// The text in `locale`, if any.
    #[must_use]
    pub fn get(&self, locale: &Locale) -> Option<&RichText> {
        self.0.get(locale)
    }

    /// The text a reader of `locale` sees: that locale, else another locale of the
    /// same language (`fr-CA` for `fr`), else text of unknown language; never a
    /// text in another language, and never a blank one.
    #[must_use]
    pub fn for_reader(&self, locale: &Locale) -> Option<&RichText> {
        self.get(locale)
            .or_else(|| self.iter().find(|(other, _)| other.language() == locale.language()).map(|(_, text)| text))
            .or_else(|| self.get(&Locale::undetermined()))
            .filter(|text| !text.is_blank())
    }

    /// Sets the text in `locale`, returning the text it replaces.
    pub fn insert(&mut self, locale: Locale, text: RichText) -> Option<RichText> {
        self.0.insert(locale, text)
    }

    /// The texts by locale, in locale order.
    pub fn iter(&self) -> impl Iterator<Item = (&Locale, &RichText)> {
        self.0.iter()
    }

    /// No locale holds visible text.
    #[must_use]
    pub fn is_blank(&self) -> bool {
        self.0.values().all(RichText::is_blank)
    }

    /// The locales holding visible text, `und` excepted: text of unknown
    /// language neither adds a language nor fills one.
    #[must_use]
    pub fn languages(&self) -> BTreeSet<Locale> {
        bridge::order::set(
            self.0
                .iter()
                .filter(|(locale, text)| !locale.is_undetermined() && !text.is_blank())
                .map(|(locale, _)| locale.clone()),
        )
    }

    /// The same field without its blank texts.
    #[must_use]
    pub fn without_blanks(mut self) -> Localized {
        self.0.retain(|_, text| !text.is_blank());
        self
    }

    /// The same texts with every seat they name moved `steps` places clockwise.
    #[must_use]
    pub fn rotate_seats(self, steps: usize) -> Localized {
        Localized(bridge::order::map(self.0.into_iter().map(|(locale, text)| (locale, text.rotate_seats(steps)))))
    }
}

impl FromIterator<(Locale, RichText)> for Localized {
    fn from_iter<I: IntoIterator<Item = (Locale, RichText)>>(iter: I) -> Localized {
        Localized(bridge::order::map(iter))
    }
}

/// The languages of a set of fields: every locale holding visible text in
/// one of them, `und` excepted. None means the fields are language-agnostic.
pub fn languages<'a>(fields: impl IntoIterator<Item = &'a Localized>) -> BTreeSet<Locale> {
    bridge::order::set(fields.into_iter().flat_map(Localized::languages))
}

/// A comment slot missing some of the languages of its set of fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gap<S> {
    pub slot: S,
    pub missing: Vec<Locale>,
}

/// For each slot, the languages of the whole set missing from it, in slot
/// order. A slot with no visible text at all is never a gap: only a slot
/// written in some languages and not others needs translating.
pub fn gaps<'a, S>(slots: impl IntoIterator<Item = (S, &'a Localized)>) -> Vec<Gap<S>> {
    let slots: Vec<(S, &Localized)> = slots.into_iter().collect();
    let all = languages(slots.iter().map(|(_, field)| *field));
    slots
        .into_iter()
        .filter(|(_, field)| !field.is_blank())
        .filter_map(|(slot, field)| {
            let present = field.languages();
            let missing: Vec<Locale> = all.difference(&present).cloned().collect();
            if missing.is_empty() {
                None
            } else {
                Some(Gap { slot, missing })
            }
        })
        .collect()
}
