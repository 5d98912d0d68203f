//! Writing canonical PBN 2.1: the export header, the mandatory tags in
//! standard order, sections in rows of four, commentary where it was.

use std::fmt::{self, Write};

use crate::pbn::{CommentStyle, Commentary, Item, PbnFile, PbnGame, Section, Tag, Token, TokenKind, Word};
use crate::{Call, Card};

/// The fifteen tags of PBN's mandatory tag set, in their export order.
pub const MANDATORY_TAGS: [&str; 15] = [
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
];

impl fmt::Display for PbnFile {
    /// The file in PBN 2.1 export format. Header lines naming a PBN version
    /// or an import/export format are replaced by `% PBN 2.1` and `% EXPORT`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("% PBN 2.1\n% EXPORT\n")?;
        for line in self.header.iter().filter(|line| !is_format_directive(line)) {
            writeln!(f, "%{line}")?;
        }
        for game in &self.games {
            f.write_char('\n')?;
            write!(f, "{game}")?;
        }
        Ok(())
    }
}

impl fmt::Display for PbnGame {
    /// The game's lines: the mandatory tags in standard order, then the
    /// others as found; each tag keeps its section, the commentary after it
    /// and, for Auction and Play, the Note tags after it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        let first_tag = self.items.iter().position(|item| matches!(item, Item::Tag(_))).unwrap_or(self.items.len());
        for item in &self.items[..first_tag] {
            write_item(&mut out, item);
        }
        let mut groups: Vec<(usize, &[Item])> = Vec::new();
        let mut idx = first_tag;
        while idx < self.items.len() {
            let start = idx;
            let owns_notes = matches!(&self.items[idx], Item::Tag(tag) if tag.name == "Auction" || tag.name == "Play");
            idx += 1;
            while let Some(item) = self.items.get(idx) {
                match item {
                    Item::Tag(tag) if !(owns_notes && tag.name == "Note") => break,
                    _ => idx += 1,
                }
            }
            let rank = match &self.items[start] {
                Item::Tag(tag) => {
                    MANDATORY_TAGS.iter().position(|name| *name == tag.name).unwrap_or(MANDATORY_TAGS.len())
                }
                _ => MANDATORY_TAGS.len(),
            };
            groups.push((rank, &self.items[start..idx]));
        }
        crate::order::sort_by_key(&mut groups, |(rank, _)| *rank);
        for (_, items) in groups {
            for item in items {
                write_item(&mut out, item);
            }
        }
        f.write_str(&out)
    }
}

/// `% PBN 2.1`, `% EXPORT`, `% IMPORT`: lines the writer sets itself.
fn is_format_directive(line: &str) -> bool {
    let line = line.trim();
    line.starts_with("PBN ") || line.eq_ignore_ascii_case("EXPORT") || line.eq_ignore_ascii_case("IMPORT")
}

fn write_item(out: &mut String, item: &Item) {
    match item {
        Item::Tag(tag) => write_tag(out, tag),
        Item::Commentary(commentary) => {
            write_commentary(out, commentary);
            out.push('\n');
        }
        Item::Directive { text, .. } => {
            if !is_format_directive(text) {
                out.push('%');
                out.push_str(text);
                out.push('\n');
            }
        }
    }
}

fn write_tag(out: &mut String, tag: &Tag) {
    out.push('[');
    out.push_str(&tag.name);
    out.push_str(" \"");
    escape(out, &tag.value);
    out.push_str("\"]\n");
    match &tag.section {
        Section::Rows(rows) => {
            for row in rows {
                out.push_str(row);
                out.push('\n');
            }
        }
        Section::Tokens(tokens) => write_tokens(out, tokens, tag.name == "Play"),
    }
}

/// Calls or cards four to a line; annotations after the call or card they follow.
fn write_tokens(out: &mut String, tokens: &[Token], cards: bool) {
    let mut n_words = 0;
    let mut line_empty = true;
    for token in tokens {
        if let TokenKind::Commentary(commentary) = &token.kind {
            if !line_empty {
                out.push(' ');
            }
            write_commentary(out, commentary);
            line_empty = false;
            if commentary.style == CommentStyle::Line {
                out.push('\n');
                line_empty = true;
                if n_words == 4 {
                    n_words = 0;
                }
            }
            continue;
        }
        if n_words == 4 && matches!(token.kind, TokenKind::Word(_) | TokenKind::End) {
            out.push('\n');
            n_words = 0;
            line_empty = true;
        }
        if !line_empty {
            out.push(' ');
        }
        line_empty = false;
        match &token.kind {
            TokenKind::Word(word) => {
                n_words += 1;
                write_word(out, word, cards);
            }
            TokenKind::NoteRef(number) => push_display(out, format_args!("={number}=")),
            TokenKind::Nag(number) => push_display(out, format_args!("${number}")),
            TokenKind::Suffix(suffix) => out.push_str(suffix),
            TokenKind::End => out.push('*'),
            TokenKind::Commentary(_) => unreachable!("commentary is written above"),
        }
    }
    if !line_empty {
        out.push('\n');
    }
}

/// Writes the PBN spelling of a call (`Pass`, `3NT`) or card (`CQ`); other words as written.
fn write_word(out: &mut String, word: &Word, cards: bool) {
    // `-`, `AP`, and calls and cards already spelled as PBN spells them, read
    // as a call or as a card, are written back the same.
    if word.is_standard() {
        out.push_str(word);
        return;
    }
    if cards {
        match word.parse::<Card>() {
            Ok(card) => {
                out.push(card.suit.to_char());
                out.push(card.rank.to_char());
            }
            Err(_) => out.push_str(word),
        }
        return;
    }
    if word.eq_ignore_ascii_case("AP") {
        out.push_str("AP");
        return;
    }
    match word.parse::<Call>() {
        Ok(call) => push_display(out, format_args!("{call}")),
        Err(_) => out.push_str(word),
    }
}

/// Appends formatted text to `out`, which as a `String` cannot fail to take it.
fn push_display(out: &mut String, args: fmt::Arguments<'_>) {
    out.write_fmt(args).expect("writing to a String cannot fail");
}

fn write_commentary(out: &mut String, commentary: &Commentary) {
    match commentary.style {
        CommentStyle::Brace => {
            out.push('{');
            out.push_str(&commentary.text);
            out.push('}');
        }
        CommentStyle::Line => {
            out.push(';');
            out.push_str(&commentary.text);
        }
    }
}

/// Escapes `"` as `\"`, and `\` as `\\` where it would otherwise read as an escape.
fn escape(out: &mut String, value: &str) {
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' if matches!(chars.peek(), None | Some('"' | '\\')) => out.push_str("\\\\"),
            _ => out.push(c),
        }
    }
}
