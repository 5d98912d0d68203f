//! Reading PBN text into a [`PbnFile`]: tags, sections, commentary,
//! directives and `#` inheritance, leniently and with located diagnostics.

use crate::pbn::{
    decode, CommentStyle, Commentary, Diagnostic, Item, ParsedFile, PbnFile, PbnGame, Pos, Section, Severity, Tag,
    Token, TokenKind, Word,
};

/// Reads PBN text. Never fails: what could not be read is reported in the
/// diagnostics, and reading goes on with the next line or game.
#[must_use]
pub fn parse(text: &str) -> ParsedFile {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let mut parser = Parser::default();
    for (idx, line) in lines(text).enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let line_no = u32::try_from(idx + 1).unwrap_or(u32::MAX);
        parser.line(line_no, line);
    }
    parser.finish()
}

/// Reads the bytes of a PBN file: UTF-8 (a byte-order mark is skipped), or
/// else Windows-1252 / Latin-1 with a warning. LF and CRLF line ends.
#[must_use]
pub fn parse_bytes(bytes: &[u8]) -> ParsedFile {
    let (text, fallback) = decode(bytes);
    let mut res = parse(&text);
    if fallback {
        res.diagnostics.insert(
            0,
            Diagnostic {
                pos: Pos { line: 1, column: 1 },
                severity: Severity::Warning,
                game: None,
                message: "the file is not UTF-8; read as Latin-1 (Windows-1252)".to_owned(),
            },
        );
    }
    res
}

/// What the text that follows a tag belongs to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Open {
    /// No section: text here is out of place.
    #[default]
    None,
    /// The section of the last tag of the game.
    Section,
    /// An Auction or Play section closed by `*`.
    Ended,
}

#[derive(Default)]
struct Parser {
    file: PbnFile,
    diagnostics: Vec<Diagnostic>,
    game: PbnGame,
    game_has_tag: bool,
    open: Open,
    /// A `{` commentary not closed on its line: its text, start and depth of nested braces.
    commentary: Option<(String, Pos, u32)>,
    /// A tag whose `]` is on a later line: its text so far, first line and number of lines.
    tag_lines: Option<(String, u32, u32)>,
    /// Reading a tag joined from several lines: do not wait for more lines.
    joined: bool,
    /// Tags whose value `##` copies into the following games.
    sticky: Vec<(String, String)>,
    tab_reported: bool,
}

/// One line being read, with its number, to locate tokens.
struct Line<'a> {
    text: &'a str,
    line_no: u32,
    ascii: bool,
}

impl Line<'_> {
    fn pos(&self, byte: usize) -> Pos {
        let column =
            if self.ascii { byte } else { self.text.get(..byte).map_or(byte, |prefix| prefix.chars().count()) };
        Pos { line: self.line_no, column: u32::try_from(column + 1).unwrap_or(u32::MAX) }
    }
}

impl Parser {
    fn line(&mut self, line_no: u32, text: &str) {
        let line = Line { text, line_no, ascii: text.is_ascii() };
        let mut idx = 0;
        if let Some((mut joined, first_line, n_lines)) = self.tag_lines.take() {
            let trimmed = text.trim_start();
            let stop = trimmed.is_empty() || trimmed.starts_with('[') || trimmed.starts_with('%') || n_lines >= 8;
            if !stop {
                joined.push(' ');
                joined.push_str(text);
            }
            if stop || text.contains(']') {
                self.warn(Pos { line: first_line, column: 1 }, "tag spread over several lines");
                self.joined = true;
                let tag_line = Line { text: &joined, line_no: first_line, ascii: joined.is_ascii() };
                self.rest_of_line(&tag_line, 0, false);
                self.joined = false;
                if !stop {
                    return;
                }
            } else {
                self.tag_lines = Some((joined, first_line, n_lines + 1));
                return;
            }
        }
        if let Some((mut body, start, mut depth)) = self.commentary.take() {
            let mut probe = depth;
            if close_brace(text, &mut probe).is_none() && is_tag_line(text) {
                // A real file forgot a `}`: end the commentary before this tag rather than swallow the game.
                self.warn(start, format!("commentary `{{` not closed before the tag on line {line_no}"));
                body.pop();
                self.push_commentary(Commentary { text: body, style: CommentStyle::Brace, pos: start });
                self.rest_of_line(&line, 0, false);
                return;
            }
            match close_brace(text, &mut depth) {
                Some(end) => {
                    body.push_str(&text[..end]);
                    self.push_commentary(Commentary { text: body, style: CommentStyle::Brace, pos: start });
                    idx = end + 1;
                }
                None => {
                    body.push_str(text);
                    body.push('\n');
                    self.commentary = Some((body, start, depth));
                    return;
                }
            }
        } else {
            let trimmed = text.trim_start();
            if trimmed.is_empty() {
                self.blank();
                return;
            }
            if let Some(directive) = trimmed.strip_prefix('%') {
                self.directive(directive, line.pos(text.len() - trimmed.len()));
                return;
            }
        }
        self.rest_of_line(&line, idx, false);
    }

    /// Reads the line from byte `idx`; `after_tag` when a tag came before on the line.
    fn rest_of_line(&mut self, line: &Line<'_>, mut idx: usize, mut after_tag: bool) {
        let text = line.text;
        let bytes = text.as_bytes();
        while idx < bytes.len() {
            match bytes[idx] {
                b' ' | b'\r' => idx += 1,
                b'\t' => {
                    if !self.tab_reported {
                        self.tab_reported = true;
                        self.warn(line.pos(idx), "tab character used as a separator");
                    }
                    idx += 1;
                }
                b'[' => {
                    // Most tag lines end with their `]`: no need to look for it.
                    if !self.joined && !text.ends_with(']') && !text[idx..].contains(']') {
                        self.tag_lines = Some((text[idx..].to_owned(), line.line_no, 1));
                        return;
                    }
                    idx = self.tag(line, idx);
                    after_tag = true;
                }
                b'{' | b';'
                    if !after_tag && self.in_table() && (bytes[idx] == b';' || text.trim_end().ends_with('}')) =>
                {
                    // A comment line inside a table stays among its rows.
                    if let Some(Section::Rows(rows)) = self.last_section() {
                        rows.push(text[idx..].trim_end().to_owned());
                    }
                    return;
                }
                b'{' => {
                    let mut depth = 1;
                    match close_brace(&text[idx + 1..], &mut depth) {
                        Some(len) => {
                            let body = text[idx + 1..idx + 1 + len].to_owned();
                            let pos = line.pos(idx);
                            self.push_commentary(Commentary { text: body, style: CommentStyle::Brace, pos });
                            idx += len + 2;
                        }
                        None => {
                            let mut body = text[idx + 1..].to_owned();
                            body.push('\n');
                            self.commentary = Some((body, line.pos(idx), depth));
                            return;
                        }
                    }
                }
                b';' => {
                    let body = text[idx + 1..].to_owned();
                    self.push_commentary(Commentary { text: body, style: CommentStyle::Line, pos: line.pos(idx) });
                    return;
                }
                _ => {
                    if after_tag && self.open == Open::Section {
                        self.warn(line.pos(idx), "section data on the tag line");
                        after_tag = false;
                    }
                    match self.section_kind() {
                        Some(true) => idx = self.token(line, idx),
                        Some(false) => {
                            let row = text[idx..].trim_end();
                            if let Some(Section::Rows(rows)) = self.last_section() {
                                rows.push(row.to_owned());
                            }
                            return;
                        }
                        None => {
                            let message = match self.open {
                                Open::Ended => "text after the end of the section (`*`)",
                                _ => "text outside a tag or section",
                            };
                            self.error(line.pos(idx), message);
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Reads the tag starting at the `[` at byte `start`; returns where reading goes on.
    fn tag(&mut self, line: &Line<'_>, start: usize) -> usize {
        let text = line.text;
        let bytes = text.as_bytes();
        let mut idx = start + 1;
        let spaces_before = skip_spaces(bytes, idx);
        if spaces_before > idx {
            self.warn(line.pos(idx), "space before the tag name");
            idx = spaces_before;
        }
        let name_start = idx;
        while idx < bytes.len() && (bytes[idx].is_ascii_alphanumeric() || bytes[idx] == b'_') {
            idx += 1;
        }
        let name = &text[name_start..idx];
        if name.is_empty() {
            self.error(line.pos(start), "missing tag name after `[`");
            self.open = Open::None;
            return skip_past(bytes, idx, b']');
        }
        let value_start = skip_spaces(bytes, idx);
        let n_spaces = value_start - idx;
        idx = value_start;
        let value_pos = line.pos(value_start);
        let value = match bytes.get(idx) {
            Some(b'"') => {
                if n_spaces != 1 {
                    self.warn(value_pos, "one space should separate the tag name and value");
                }
                let (value, end, closed) = quoted(text, idx + 1);
                if !closed {
                    self.error(value_pos, "missing closing quote of the tag value");
                }
                idx = skip_spaces(bytes, end);
                match bytes.get(idx) {
                    Some(b']') => idx += 1,
                    _ => {
                        self.error(line.pos(idx), "missing `]` after the tag value");
                        idx = skip_past(bytes, idx, b']');
                    }
                }
                value
            }
            Some(b']') => {
                self.error(value_pos, format!("tag {name} has no value"));
                idx += 1;
                String::new()
            }
            _ => {
                let end = text[idx..].find(']').map_or(text.len(), |len| idx + len);
                let value = text[idx..end].trim().to_owned();
                if end < text.len() {
                    self.warn(value_pos, "tag value without quotes");
                    idx = end + 1;
                } else {
                    self.error(value_pos, "missing `]` after the tag value");
                    idx = end;
                }
                value
            }
        };
        self.push_tag(name.to_owned(), value, line.pos(start), value_pos);
        idx
    }

    /// Reads one section token at byte `idx`; returns where reading goes on.
    fn token(&mut self, line: &Line<'_>, start: usize) -> usize {
        let text = line.text;
        let bytes = text.as_bytes();
        let pos = line.pos(start);
        let (kind, end) = match bytes[start] {
            b'=' => {
                let digits_end = end_of(bytes, start + 1, |byte| byte.is_ascii_digit());
                match (text[start + 1..digits_end].parse::<u32>(), bytes.get(digits_end)) {
                    (Ok(number), Some(b'=')) => (Some(TokenKind::NoteRef(number)), digits_end + 1),
                    _ => {
                        let end = end_of(bytes, start, |byte| !is_separator(byte));
                        self.error(pos, format!("invalid note reference {:?}", &text[start..end]));
                        (None, end)
                    }
                }
            }
            b'$' => {
                let digits_end = end_of(bytes, start + 1, |byte| byte.is_ascii_digit());
                match text[start + 1..digits_end].parse::<u32>() {
                    Ok(number) if number <= 255 => (Some(TokenKind::Nag(number)), digits_end),
                    _ => {
                        let end = end_of(bytes, start + 1, |byte| !is_separator(byte));
                        self.error(pos, format!("invalid annotation glyph {:?}", &text[start..end]));
                        (None, end)
                    }
                }
            }
            b'!' | b'?' => {
                let end = end_of(bytes, start, |byte| byte == b'!' || byte == b'?');
                let suffix = &text[start..end];
                if suffix.len() > 2 {
                    self.error(pos, format!("invalid suffix {suffix:?}"));
                    (None, end)
                } else {
                    (Some(TokenKind::Suffix(suffix.to_owned())), end)
                }
            }
            b'*' => (Some(TokenKind::End), start + 1),
            _ => {
                let end = end_of(bytes, start, |byte| {
                    !is_separator(byte) && !matches!(byte, b'!' | b'?' | b'=' | b'$' | b'*')
                });
                let end =
                    if end == start { start + text[start..].chars().next().map_or(1, char::len_utf8) } else { end };
                let word = Word::from(&text[start..end]);
                self.push_token(Token { kind: TokenKind::Word(word), pos });
                if bytes.get(end) == Some(&b'*') && bytes.get(end + 1).is_none_or(|byte| is_separator(*byte)) {
                    self.warn(line.pos(end), "`*` right after a call or card read as an alert `!`");
                    self.push_token(Token { kind: TokenKind::Suffix("!".to_owned()), pos: line.pos(end) });
                    return end + 1;
                }
                return end;
            }
        };
        if let Some(kind) = kind {
            let ends = kind == TokenKind::End;
            self.push_token(Token { kind, pos });
            if ends {
                self.open = Open::Ended;
            }
        }
        end
    }

    fn push_tag(&mut self, name: String, value: String, pos: Pos, value_pos: Pos) {
        if name != "Note" && self.find_tag(&name).is_some() {
            self.error(pos, format!("tag {name} appears twice in the game"));
        }
        // Room for a typical auction, and for a whole play with its `*`.
        let section = match name.as_str() {
            "Auction" => Section::Tokens(Vec::with_capacity(16)),
            "Play" => Section::Tokens(Vec::with_capacity(53)),
            _ => Section::Rows(Vec::new()),
        };
        self.game.items.push(Item::Tag(Tag { name, value, section, pos, value_pos }));
        self.game_has_tag = true;
        self.open = Open::Section;
    }

    fn find_tag(&self, name: &str) -> Option<&Tag> {
        self.game.items.iter().find_map(|item| match item {
            Item::Tag(tag) if tag.name == name => Some(tag),
            _ => None,
        })
    }

    /// `Some(true)` in an open Auction or Play section, `Some(false)` in another open section.
    fn section_kind(&self) -> Option<bool> {
        if self.open != Open::Section {
            return None;
        }
        match self.game.items.last() {
            Some(Item::Tag(tag)) => Some(matches!(tag.section, Section::Tokens(_))),
            _ => None,
        }
    }

    /// In the open section of a table tag (ScoreTable, OptimumResultTable...).
    fn in_table(&self) -> bool {
        self.open == Open::Section
            && matches!(self.game.items.last(), Some(Item::Tag(tag)) if tag.name.ends_with("Table"))
    }

    fn last_section(&mut self) -> Option<&mut Section> {
        match self.game.items.last_mut() {
            Some(Item::Tag(tag)) => Some(&mut tag.section),
            _ => None,
        }
    }

    fn push_token(&mut self, token: Token) {
        if let Some(Section::Tokens(tokens)) = self.last_section() {
            tokens.push(token);
        }
    }

    /// Commentary inside an open Auction or Play section stays in it; elsewhere it is an item of the game.
    fn push_commentary(&mut self, commentary: Commentary) {
        if self.section_kind() == Some(true) {
            self.push_token(Token { pos: commentary.pos, kind: TokenKind::Commentary(commentary) });
            return;
        }
        if self.open == Open::Section {
            self.open = Open::None;
        }
        self.game.items.push(Item::Commentary(commentary));
    }

    fn directive(&mut self, text: &str, pos: Pos) {
        self.open = Open::None;
        if self.file.games.is_empty() && self.game.items.is_empty() {
            self.file.header.push(text.to_owned());
        } else {
            self.game.items.push(Item::Directive { text: text.to_owned(), pos });
        }
    }

    fn blank(&mut self) {
        self.open = Open::None;
        if self.game_has_tag {
            self.end_game();
        }
    }

    fn end_game(&mut self) {
        // The next game likely has as many items as this one.
        let items = Vec::with_capacity(self.game.items.len());
        let mut game = std::mem::replace(&mut self.game, PbnGame { items });
        self.game_has_tag = false;
        self.inherit(&mut game);
        self.file.games.push(game);
    }

    /// Applies `#` (the previous game's value) and `##` (this value, and for
    /// the following games that lack the tag).
    fn inherit(&mut self, game: &mut PbnGame) {
        let game_idx = self.file.games.len();
        let previous = self.file.games.last();
        let mut first_pos = None;
        for item in &mut game.items {
            let Item::Tag(tag) = item else { continue };
            first_pos.get_or_insert(tag.pos);
            if !tag.value.starts_with('#') {
                self.sticky.retain(|(name, _)| *name != tag.name);
                continue;
            }
            let copied = if tag.value == "#" || tag.value == "##" {
                match previous.and_then(|game| game.tag(&tag.name)) {
                    Some(previous) => previous.value.clone(),
                    None => {
                        self.diagnostics.push(Diagnostic {
                            pos: tag.value_pos,
                            severity: Severity::Warning,
                            game: Some(game_idx),
                            message: format!("no previous {} value to copy", tag.name),
                        });
                        continue;
                    }
                }
            } else if let Some(rest) = tag.value.strip_prefix("##") {
                rest.to_owned()
            } else {
                continue;
            };
            if tag.value.starts_with("##") {
                self.sticky.retain(|(name, _)| *name != tag.name);
                self.sticky.push((tag.name.clone(), copied.clone()));
            }
            tag.value = copied;
        }
        let pos = first_pos.unwrap_or_default();
        for (name, value) in &self.sticky {
            if game.tag(name).is_none() {
                let section = Section::Rows(Vec::new());
                game.items.push(Item::Tag(Tag {
                    name: name.clone(),
                    value: value.clone(),
                    section,
                    pos,
                    value_pos: pos,
                }));
            }
        }
    }

    fn finish(mut self) -> ParsedFile {
        if let Some((_, pos, _)) = self.commentary.take() {
            self.error(pos, "commentary `{` never closed");
        }
        if let Some((joined, first_line, _)) = self.tag_lines.take() {
            self.joined = true;
            let tag_line = Line { text: &joined, line_no: first_line, ascii: joined.is_ascii() };
            self.rest_of_line(&tag_line, 0, false);
        }
        if self.game_has_tag {
            self.end_game();
        } else if !self.game.items.is_empty() {
            let items = std::mem::take(&mut self.game.items);
            match self.file.games.last_mut() {
                Some(game) => game.items.extend(items),
                None => self.file.games.push(PbnGame { items }),
            }
        }
        ParsedFile { file: self.file, diagnostics: self.diagnostics }
    }

    fn warn(&mut self, pos: Pos, message: impl Into<String>) {
        self.report(pos, Severity::Warning, message.into());
    }

    fn error(&mut self, pos: Pos, message: impl Into<String>) {
        self.report(pos, Severity::Error, message.into());
    }

    fn report(&mut self, pos: Pos, severity: Severity, message: String) {
        let game = if self.game.items.is_empty() && !self.game_has_tag { None } else { Some(self.file.games.len()) };
        self.diagnostics.push(Diagnostic { pos, severity, game, message });
    }
}

/// The lines of `text`, as `text.split('\n')` gives them but quicker on
/// lines as short as PBN's: `str::split` sets up a search for each line.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let text = rest?;
        match text.bytes().position(|byte| byte == b'\n') {
            Some(end) => {
                rest = Some(&text[end + 1..]);
                Some(&text[..end])
            }
            None => {
                rest = None;
                Some(text)
            }
        }
    })
}

/// The byte index of the `}` closing a commentary at `depth` nested braces, if on this line.
fn close_brace(text: &str, depth: &mut u32) -> Option<usize> {
    for (idx, byte) in text.bytes().enumerate() {
        match byte {
            b'{' => *depth += 1,
            b'}' => {
                *depth = depth.saturating_sub(1);
                if *depth == 0 {
                    return Some(idx);
                }
            }
            _ => {}
        }
    }
    None
}

/// The whole line is one tag pair such as `[Board "1"]`.
fn is_tag_line(text: &str) -> bool {
    let text = text.trim();
    let Some(inner) = text.strip_prefix('[').and_then(|rest| rest.strip_suffix(']')) else { return false };
    let Some((name, value)) = inner.split_once(' ') else { return false };
    !name.is_empty()
        && name.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'_')
        && value.len() >= 2
        && value.starts_with('"')
        && value.ends_with('"')
}

/// Characters that end a word in a section.
fn is_separator(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'{' | b'}' | b';' | b'[' | b']')
}

/// The first byte from `from` on that is not `pred`, or the end.
fn end_of(bytes: &[u8], from: usize, pred: impl Fn(u8) -> bool) -> usize {
    let mut idx = from;
    while idx < bytes.len() && pred(bytes[idx]) {
        idx += 1;
    }
    idx
}

fn skip_spaces(bytes: &[u8], mut idx: usize) -> usize {
    while idx < bytes.len() && matches!(bytes[idx], b' ' | b'\t') {
        idx += 1;
    }
    idx
}

/// The byte after the next `byte` from `idx`, or the end.
fn skip_past(bytes: &[u8], idx: usize, byte: u8) -> usize {
    bytes.get(idx..).and_then(|rest| rest.iter().position(|b| *b == byte)).map_or(bytes.len(), |len| idx + len + 1)
}

/// The string starting after an opening quote at `start`: its value with
/// `\"` and `\\` resolved, the byte after the closing quote, and whether
/// there was one. Other backslashes stay as they are.
fn quoted(text: &str, start: usize) -> (String, usize, bool) {
    let bytes = text.as_bytes();
    // Most values have no escapes: copy them in one piece.
    if let Some(len) = bytes[start..].iter().position(|byte| matches!(byte, b'"' | b'\\')) {
        if bytes[start + len] == b'"' {
            return (text[start..start + len].to_owned(), start + len + 1, true);
        }
    }
    let mut res = String::new();
    let mut idx = start;
    let mut chunk_start = start;
    while idx < bytes.len() {
        match bytes[idx] {
            b'"' => {
                res.push_str(&text[chunk_start..idx]);
                return (res, idx + 1, true);
            }
            b'\\' if matches!(bytes.get(idx + 1), Some(b'"' | b'\\')) => {
                res.push_str(&text[chunk_start..idx]);
                chunk_start = idx + 1;
                idx += 2;
            }
            _ => idx += 1,
        }
    }
    res.push_str(&text[chunk_start..]);
    (res, bytes.len(), false)
}
