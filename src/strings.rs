//! The interface text in French and English, read from `src/strings/*.txt`.
//!
//! Each file holds `key = text` lines; blank lines and lines starting with
//! `#` are ignored. Both files must define the same keys (a test checks it).

use std::collections::HashMap;
use ui::Strings;

/// An interface language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    English,
    French,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::English, Language::French];

    /// The BCP-47 tag: `en` or `fr`.
    #[must_use]
    pub const fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::French => "fr",
        }
    }

    /// The name of the language in itself, for the language menu.
    #[must_use]
    pub const fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::French => "Français",
        }
    }

    /// The language of a BCP-47 tag such as `fr-CA`, if the app speaks it.
    #[must_use]
    pub fn from_tag(tag: &str) -> Option<Language> {
        let primary = tag.split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase();
        Language::ALL.into_iter().find(|language| language.tag() == primary)
    }

    /// The browser's preferred language when the app speaks it, else English.
    #[must_use]
    pub fn from_browser() -> Language {
        web_language().as_deref().and_then(Language::from_tag).unwrap_or(Language::English)
    }

    /// The text of the string file of this language.
    #[must_use]
    pub const fn source(self) -> &'static str {
        match self {
            Language::English => include_str!("strings/en.txt"),
            Language::French => include_str!("strings/fr.txt"),
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn web_language() -> Option<String> {
    web_sys::window().and_then(|window| window.navigator().language())
}

#[cfg(not(target_arch = "wasm32"))]
fn web_language() -> Option<String> {
    None
}

/// The strings of one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppStrings {
    language: Language,
    entries: HashMap<String, String>,
}

impl AppStrings {
    /// Reads the string file of `language`.
    #[must_use]
    pub fn load(language: Language) -> AppStrings {
        AppStrings { language, entries: parse_strings(language.source()) }
    }

    #[must_use]
    pub const fn language(&self) -> Language {
        self.language
    }

    /// The interface language as the locale of comments (`en`, `fr`).
    #[must_use]
    pub fn locale(&self) -> training::Locale {
        self.language.tag().parse().unwrap_or_else(|_| training::Locale::undetermined())
    }

    /// The language new comments are written in: the one chosen in the
    /// settings, else the interface language.
    #[must_use]
    pub fn comment_locale(&self, settings: &crate::store::Settings) -> training::Locale {
        settings.comment_language.as_deref().and_then(|tag| tag.parse().ok()).unwrap_or_else(|| self.locale())
    }

    /// The text of `key`; the key itself when the file lacks it, so a missing
    /// string shows instead of breaking the page.
    #[must_use]
    pub fn get(&self, key: &str) -> String {
        self.entries.get(key).cloned().unwrap_or_else(|| key.to_owned())
    }

    /// The keys defined, sorted.
    #[must_use]
    pub fn keys(&self) -> Vec<&str> {
        let mut res: Vec<&str> = self.entries.keys().map(String::as_str).collect();
        bridge::order::sort(&mut res);
        res
    }

    /// The text the `ui` components show.
    #[must_use]
    pub fn ui(&self) -> Strings {
        Strings {
            north: self.get("seat-north"),
            east: self.get("seat-east"),
            south: self.get("seat-south"),
            west: self.get("seat-west"),
            dealer: self.get("dealer"),
            vulnerability: self.get("vulnerable"),
            vulnerable_none: self.get("vulnerable-none"),
            vulnerable_ns: self.get("vulnerable-ns"),
            vulnerable_ew: self.get("vulnerable-ew"),
            vulnerable_both: self.get("vulnerable-both"),
            void: self.get("void"),
            pass: self.get("call-pass"),
            notrump: self.get("notrump"),
            suits: ["suit-spades", "suit-hearts", "suit-diamonds", "suit-clubs"].map(|key| self.get(key)),
            honours: ["rank-ace", "rank-king", "rank-queen", "rank-jack"].map(|key| self.get(key)),
        }
    }
}

/// Reads `key = text` lines.
fn parse_strings(source: &str) -> HashMap<String, String> {
    source
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .filter_map(|line| line.split_once('='))
        .map(|(key, text)| (key.trim().to_owned(), text.trim().to_owned()))
        .collect()
}

#[cfg(test)]
mod tests;
