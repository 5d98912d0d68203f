//! Rich text: a small block model of paragraphs, lists, emphasis, suit symbols and seats.

use bridge::{Seat, Suit};
use serde::{Deserialize, Serialize};

use crate::Locale;

/// A comment or review: blocks of inline content.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RichText {
    pub blocks: Vec<Block>,
}

/// A paragraph or a list.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Block {
    Paragraph { content: Vec<Inline> },
    List { ordered: bool, items: Vec<Vec<Inline>> },
}

/// A piece of a line.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Inline {
    Text(String),
    Emphasis(Vec<Inline>),
    /// A suit, shown as its symbol.
    Suit(Suit),
    /// A seat, shown by its name in the reader's language and rotated with the board.
    Seat(Seat),
    LineBreak,
}

impl RichText {
    /// One paragraph of plain text, taken as it is.
    #[must_use]
    pub fn text(text: &str) -> RichText {
        RichText { blocks: vec![Block::Paragraph { content: vec![Inline::Text(text.to_owned())] }] }
    }

    /// Reads a plain string: blank lines separate paragraphs; a paragraph whose
    /// lines all start with `- ` (or `* `, `• `) is a list, with `1. ` (or `1) `)
    /// a numbered list. Suit symbols (`♠ ♥ ♦ ♣`, also `♤ ♡ ♢ ♧`) and the
    /// letters `!S !H !D !C` become suits; the capitalised seat names `North`,
    /// `East`, `South`, `West`, `Nord`, `Est`, `Sud`, `Ouest` become seats.
    /// Lines are trimmed.
    #[must_use]
    pub fn parse(text: &str) -> RichText {
        let mut blocks = Vec::new();
        let mut lines: Vec<&str> = Vec::new();
        for line in text.lines().map(str::trim).chain(std::iter::once("")) {
            if !line.is_empty() {
                lines.push(line);
                continue;
            }
            if !lines.is_empty() {
                blocks.push(parse_block(&lines));
                lines.clear();
            }
        }
        RichText { blocks }
    }

    /// The plain-text view, seats named in the language of `locale` (French
    /// for `fr`, English otherwise): paragraphs separated by a blank line,
    /// list items on their own lines, emphasis dropped.
    #[must_use]
    pub fn to_plain(&self, locale: &Locale) -> String {
        let french = locale.language() == "fr";
        let mut res = String::new();
        for (block_idx, block) in self.blocks.iter().enumerate() {
            if block_idx > 0 {
                res.push_str("\n\n");
            }
            match block {
                Block::Paragraph { content } => push_plain(&mut res, content, french),
                Block::List { ordered, items } => {
                    for (item_idx, item) in items.iter().enumerate() {
                        if item_idx > 0 {
                            res.push('\n');
                        }
                        match ordered {
                            true => res.push_str(&format!("{}. ", item_idx + 1)),
                            false => res.push_str("- "),
                        }
                        push_plain(&mut res, item, french);
                    }
                }
            }
        }
        res
    }

    /// No visible character: no suit, no seat, and only white space.
    #[must_use]
    pub fn is_blank(&self) -> bool {
        self.blocks.iter().all(|block| match block {
            Block::Paragraph { content } => inlines_blank(content),
            Block::List { items, .. } => items.iter().all(|item| inlines_blank(item)),
        })
    }

    /// The same text with every seat moved `steps` places clockwise.
    #[must_use]
    pub fn rotate_seats(self, steps: usize) -> RichText {
        let rotate = |inlines: Vec<Inline>| rotate_inlines(inlines, steps);
        let blocks = self
            .blocks
            .into_iter()
            .map(|block| match block {
                Block::Paragraph { content } => Block::Paragraph { content: rotate(content) },
                Block::List { ordered, items } => {
                    Block::List { ordered, items: items.into_iter().map(rotate).collect() }
                }
            })
            .collect();
        RichText { blocks }
    }
}

const ENGLISH_SEATS: [&str; 4] = ["North", "East", "South", "West"];
const FRENCH_SEATS: [&str; 4] = ["Nord", "Est", "Sud", "Ouest"];

fn parse_block(lines: &[&str]) -> Block {
    if let Some(items) = lines.iter().map(|line| strip_bullet(line)).collect::<Option<Vec<&str>>>() {
        return Block::List {
            ordered: false,
            items: items.into_iter().map(|item| parse_inlines(item.trim())).collect(),
        };
    }
    if let Some(items) = lines.iter().map(|line| strip_number(line)).collect::<Option<Vec<&str>>>() {
        return Block::List {
            ordered: true,
            items: items.into_iter().map(|item| parse_inlines(item.trim())).collect(),
        };
    }
    let mut content = Vec::new();
    for (idx, line) in lines.iter().enumerate() {
        if idx > 0 {
            content.push(Inline::LineBreak);
        }
        content.extend(parse_inlines(line));
    }
    Block::Paragraph { content }
}

/// The rest of a line starting with `- `, `* ` or `• `.
fn strip_bullet(line: &str) -> Option<&str> {
    ["- ", "* ", "• "].into_iter().find_map(|prefix| line.strip_prefix(prefix))
}

/// The rest of a line starting with a number and `. ` or `) `.
fn strip_number(line: &str) -> Option<&str> {
    let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return None;
    }
    let rest = &line[digits..];
    rest.strip_prefix(". ").or_else(|| rest.strip_prefix(") "))
}

fn parse_inlines(line: &str) -> Vec<Inline> {
    let mut res: Vec<Inline> = Vec::new();
    let mut text = String::new();
    let mut rest = line;
    let mut prev: Option<char> = None;
    while let Some(c) = rest.chars().next() {
        let token = match_suit(rest).or_else(|| match_seat(rest, prev));
        match token {
            Some((inline, len)) => {
                if !text.is_empty() {
                    res.push(Inline::Text(std::mem::take(&mut text)));
                }
                res.push(inline);
                prev = rest[..len].chars().next_back();
                rest = &rest[len..];
            }
            None => {
                text.push(c);
                prev = Some(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    if !text.is_empty() {
        res.push(Inline::Text(text));
    }
    res
}

/// A suit symbol, or `!` and a suit letter not followed by a letter.
fn match_suit(rest: &str) -> Option<(Inline, usize)> {
    let mut chars = rest.chars();
    let first = chars.next()?;
    let symbol = match first {
        '♠' | '♤' => Some(Suit::Spades),
        '♥' | '♡' => Some(Suit::Hearts),
        '♦' | '♢' => Some(Suit::Diamonds),
        '♣' | '♧' => Some(Suit::Clubs),
        _ => None,
    };
    if let Some(suit) = symbol {
        return Some((Inline::Suit(suit), first.len_utf8()));
    }
    if first != '!' {
        return None;
    }
    let suit = chars.next().and_then(Suit::from_char)?;
    match chars.next() {
        Some(next) if next.is_alphabetic() => None,
        _ => Some((Inline::Suit(suit), 2)),
    }
}

/// A capitalised seat name standing as a whole word.
fn match_seat(rest: &str, prev: Option<char>) -> Option<(Inline, usize)> {
    if prev.is_some_and(is_word_char) {
        return None;
    }
    for names in [ENGLISH_SEATS, FRENCH_SEATS] {
        for (seat, name) in Seat::ALL.into_iter().zip(names) {
            let Some(after) = rest.strip_prefix(name) else { continue };
            if after.chars().next().is_some_and(is_word_char) {
                continue;
            }
            return Some((Inline::Seat(seat), name.len()));
        }
    }
    None
}

/// Letters, digits, and the hyphen and apostrophe that join words (`Est-ce`).
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '-' | '\'' | '’' | '_')
}

/// The name of `seat` in the language of `locale`, as [`RichText::to_plain`] writes it.
#[must_use]
pub fn seat_name(seat: Seat, locale: &Locale) -> &'static str {
    let names = if locale.language() == "fr" { FRENCH_SEATS } else { ENGLISH_SEATS };
    names[seat.index()]
}

fn push_plain(res: &mut String, inlines: &[Inline], french: bool) {
    for inline in inlines {
        match inline {
            Inline::Text(text) => res.push_str(text),
            Inline::Emphasis(inner) => push_plain(res, inner, french),
            Inline::Suit(suit) => res.push(suit.symbol()),
            Inline::Seat(seat) => res.push_str(if french { FRENCH_SEATS } else { ENGLISH_SEATS }[seat.index()]),
            Inline::LineBreak => res.push('\n'),
        }
    }
}

fn inlines_blank(inlines: &[Inline]) -> bool {
    inlines.iter().all(|inline| match inline {
        Inline::Text(text) => text.trim().is_empty(),
        Inline::Emphasis(inner) => inlines_blank(inner),
        Inline::Suit(_) | Inline::Seat(_) => false,
        Inline::LineBreak => true,
    })
}

fn rotate_inlines(inlines: Vec<Inline>, steps: usize) -> Vec<Inline> {
    inlines
        .into_iter()
        .map(|inline| match inline {
            Inline::Seat(seat) => Inline::Seat(seat.rotate(steps)),
            Inline::Emphasis(inner) => Inline::Emphasis(rotate_inlines(inner, steps)),
            other => other,
        })
        .collect()
}
