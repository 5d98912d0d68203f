//! Bulk comment rewrite: rules that find text in the comments of many boards and search, replace,
//! delete or append, planned board by board before anything is written.
//!
//! A rule works on one locale of every comment slot (review, calls, cards) holding text in that
//! locale; slots without it are left alone, so `append` adds to existing texts only. Text is
//! matched line by line, a line being a paragraph or a list item, as its plain view shows it: a
//! suit as its symbol (`♠`), a seat by its name in the rule's language (`Nord` in French,
//! `North` otherwise), a line break as `\n`, emphasis invisible. So a find never spans two
//! paragraphs or list items; empty matches are ignored. `*` matches each non-empty line whole, so
//! replacing `*` replaces every line; a line a replacement leaves empty goes.
//!
//! Replacing inside one piece of text keeps its structure: the emphasis around it, and the
//! symbols and seats beside it. A match spanning pieces (text and a suit symbol or a seat, or
//! crossing an emphasis boundary) removes all it covers, symbols and seats even partly covered
//! included, and the replacement goes where the match starts, inside the emphasis there. The
//! replacement is read like a typed comment: `!S` or `♠` become suits, `North` or `Nord` seats.
//!
//! Every rewritten board passes the [`gate`] again when planned, so a rewrite cannot break a
//! board's invariants: deleting the French text of one slot of a board in French and English is
//! refused as an incomplete translation, and reported so before anything is written.

use std::ops::Range;

use crate::{
    gate, Block, Board, BoardId, BoardRepository, CommentSlot, DraftComment, GateRejection, Inline, Locale, Localized,
    RichText, Timestamp,
};

/// One rewrite rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RewriteRule {
    /// `*` for everything, a regular expression when it holds one of `\ . + * ? ( ) | [ ] { } ^ $`,
    /// else a literal; both case-sensitive (`(?i)` makes a regular expression insensitive).
    pub find: String,
    /// The locale of the texts the rule reads and writes.
    pub locale: Locale,
    pub action: RewriteAction,
    /// The replacement (`$1`, `${name}` name groups of a regular expression), or the text
    /// appended; unused by the other actions.
    pub replace: String,
}

/// What a rule does where its find matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RewriteAction {
    /// Only report the matches.
    Search,
    /// Replace each match by the replacement, inside the text.
    Replace,
    /// Remove the paragraphs and list items holding a match (a list left empty goes too).
    DeleteBlock,
    /// Add the replacement, read as a typed comment, after a text holding a match.
    Append,
    /// Remove the whole text of the locale from a slot holding a match.
    DeleteComment,
}

/// A rule that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RewriteError {
    #[error("the text to find is empty")]
    EmptyFind,
    #[error("invalid regular expression {pattern:?}: {message}")]
    InvalidRegex { pattern: String, message: String },
}

/// What the rules will do, board by board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RewritePlan {
    /// One entry per board given, in the same order.
    pub boards: Vec<BoardRewrite>,
}

/// What the rules do to one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardRewrite {
    pub id: BoardId,
    /// The board's update time when planned: [`apply_rewrite`] leaves a board changed since alone.
    pub planned_from: Timestamp,
    pub status: RewriteStatus,
}

/// The outcome of the rules on one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RewriteStatus {
    /// Nothing matched.
    NoChange,
    /// Something matched but the text stays the same: a search, or a replacement by the same text.
    Matched { found: Vec<SlotMatch> },
    /// The board will be written: the slots changed, what matched, and the board as the gate made it.
    WillUpdate { slots: Vec<CommentSlot>, found: Vec<SlotMatch>, board: Box<Board> },
    /// The rewritten board fails the gate: it will not be written.
    Rejected { slots: Vec<CommentSlot>, rejections: Vec<GateRejection> },
}

/// The matches of the rules in one slot, in one locale.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotMatch {
    pub slot: CommentSlot,
    pub locale: Locale,
    /// The text of each match, as the plain view shows it.
    pub found: Vec<String>,
}

/// What [`apply_rewrite`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AppliedRewrite {
    pub updated: Vec<BoardId>,
    /// Boards missing or changed since the plan, left as they are.
    pub stale: Vec<BoardId>,
}

/// A rule's regular expression, compiled by an engine (see [`CompilePattern`]).
pub trait RulePattern {
    /// The non-empty matches in `line`, left to right and not overlapping, each with `replace`
    /// expanded as [`expand_replacement`] says.
    fn matches(&self, line: &str, replace: &str) -> Vec<(Range<usize>, String)>;
}

/// Compiles a rule's regular expression, or says why it is not one. [`compile_regex`] natively;
/// the app hands in the browser's RegExp.
pub type CompilePattern = dyn Fn(&str) -> Result<Box<dyn RulePattern>, String>;

/// Expands a replacement as the `regex` crate does: `$1` or `${1}` is a numbered group, `$name`
/// or `${name}` a named one (a bare name runs over letters, digits and `_`; braces hold any name),
/// `$$` is a dollar; a group that did not match, or does not exist, is empty, and a `$` starting
/// no group stays as it is.
/// `group` gives a group's text by its number or name.
pub fn expand_replacement(replace: &str, group: impl Fn(&str) -> Option<String>) -> String {
    let mut res = String::new();
    let mut rest = replace;
    while let Some(at) = rest.find('$') {
        res.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        if let Some(after) = after.strip_prefix('$') {
            res.push('$');
            rest = after;
            continue;
        }
        // `${...}` names whatever the braces hold; a bare name runs over letters, digits and `_`.
        let (name, next) = match after.strip_prefix('{').and_then(|braced| Some(braced.split_at(braced.find('}')?))) {
            Some((name, closing)) => (Some(name), &closing[1..]),
            None => {
                let end = after.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(after.len());
                ((end > 0).then(|| &after[..end]), &after[end..])
            }
        };
        let Some(name) = name else {
            res.push('$');
            rest = after;
            continue;
        };
        res.push_str(&group(name).unwrap_or_default());
        rest = next;
    }
    res.push_str(rest);
    res
}

/// The `regex` crate's engine for rule patterns.
///
/// # Errors
/// The crate's message for an invalid pattern.
#[cfg(feature = "regex")]
pub fn compile_regex(pattern: &str) -> Result<Box<dyn RulePattern>, String> {
    struct Compiled(regex::Regex);
    impl RulePattern for Compiled {
        fn matches(&self, line: &str, replace: &str) -> Vec<(Range<usize>, String)> {
            self.0
                .captures_iter(line)
                .filter_map(|captures| {
                    let found = captures.get(0).filter(|found| !found.is_empty())?;
                    let mut with = String::new();
                    captures.expand(replace, &mut with);
                    Some((found.range(), with))
                })
                .collect()
        }
    }
    regex::Regex::new(pattern)
        .map(|regex| Box::new(Compiled(regex)) as Box<dyn RulePattern>)
        .map_err(|err| err.to_string())
}

/// Plans `rules`, applied in order, over `boards`, each rewritten board gated again at `now` with
/// its stored code, the regular expressions compiled by the `regex` crate. Access is the caller's
/// business: pass the boards the user may edit.
///
/// # Errors
/// The first rule with an empty find or an invalid regular expression.
#[cfg(feature = "regex")]
pub fn plan_rewrite(rules: &[RewriteRule], boards: &[Board], now: Timestamp) -> Result<RewritePlan, RewriteError> {
    plan_rewrite_with(&compile_regex, rules, boards, now)
}

/// [`plan_rewrite`], the regular expressions compiled by `compile`.
///
/// # Errors
/// The first rule with an empty find or an invalid regular expression.
pub fn plan_rewrite_with(
    compile: &CompilePattern,
    rules: &[RewriteRule],
    boards: &[Board],
    now: Timestamp,
) -> Result<RewritePlan, RewriteError> {
    let compiled: Vec<(Finder, &RewriteRule)> =
        rules.iter().map(|rule| Ok((Finder::new(&rule.find, compile)?, rule))).collect::<Result<_, RewriteError>>()?;
    let boards = boards.iter().map(|board| plan_board(&compiled, board, now)).collect();
    Ok(RewritePlan { boards })
}

/// Stores the boards `plan` updates, unless missing or changed since the plan: updated, or
/// trashed, restored or orphaned (which leave the update time alone).
pub fn apply_rewrite(plan: &RewritePlan, boards: &mut impl BoardRepository) -> AppliedRewrite {
    let mut res = AppliedRewrite::default();
    for entry in &plan.boards {
        let RewriteStatus::WillUpdate { board, .. } = &entry.status else { continue };
        match boards.get(&entry.id) {
            Some(stored) if stored.timestamps.updated == entry.planned_from && same_but_comments(&stored, board) => {
                boards.put(Board::clone(board));
                res.updated.push(entry.id.clone());
            }
            _ => res.stale.push(entry.id.clone()),
        }
    }
    res
}

/// Whether `stored` is still the board `planned` was rewritten from, comments aside: a rewrite
/// changes the comments only, so anything else differing was changed since the plan.
fn same_but_comments(stored: &Board, planned: &Board) -> bool {
    stored.owner == planned.owner
        && stored.code() == planned.code()
        && stored.metadata == planned.metadata
        && stored.timestamps.created == planned.timestamps.created
        && stored.timestamps.deleted == planned.timestamps.deleted
        && stored.timestamps.first_published == planned.timestamps.first_published
}

/// How a rule finds text.
enum Finder {
    Everything,
    /// A non-empty literal.
    Literal(String),
    Pattern(Box<dyn RulePattern>),
}

impl Finder {
    fn new(find: &str, compile: &CompilePattern) -> Result<Finder, RewriteError> {
        if find.is_empty() {
            return Err(RewriteError::EmptyFind);
        }
        if find == "*" {
            return Ok(Finder::Everything);
        }
        match find.chars().any(|c| "\\.+*?()|[]{}^$".contains(c)) {
            true => compile(find)
                .map(Finder::Pattern)
                .map_err(|message| RewriteError::InvalidRegex { pattern: find.to_owned(), message }),
            false => Ok(Finder::Literal(find.to_owned())),
        }
    }

    /// The non-empty matches in `line`, each with its replacement text.
    fn matches(&self, line: &str, replace: &str) -> Vec<(Range<usize>, String)> {
        match self {
            Finder::Everything if line.is_empty() => Vec::new(),
            Finder::Everything => vec![(0..line.len(), replace.to_owned())],
            Finder::Literal(find) => {
                line.match_indices(find.as_str()).map(|(at, _)| (at..at + find.len(), replace.to_owned())).collect()
            }
            Finder::Pattern(pattern) => pattern.matches(line, replace),
        }
    }
}

fn plan_board(rules: &[(Finder, &RewriteRule)], board: &Board, now: Timestamp) -> BoardRewrite {
    let game = board.game();
    let mut texts: Vec<(CommentSlot, Localized)> =
        game.comment_slots().map(|(slot, text)| (slot, text.clone())).collect();
    let mut found: Vec<SlotMatch> = Vec::new();
    for (finder, rule) in rules {
        for (slot, text) in &mut texts {
            let Some(rich) = text.get(&rule.locale) else { continue };
            let (rewritten, matched) = rewrite_text(finder, rule, rich);
            if matched.is_empty() {
                continue;
            }
            found.push(SlotMatch { slot: *slot, locale: rule.locale.clone(), found: matched });
            *text = match rewritten {
                Some(rich) => {
                    let mut res = text.clone();
                    res.insert(rule.locale.clone(), rich);
                    res
                }
                None => text.iter().filter(|(locale, _)| **locale != rule.locale).map(clone_entry).collect(),
            };
        }
    }
    let slots: Vec<CommentSlot> = game
        .comment_slots()
        .zip(&texts)
        .filter(|((_, before), (_, after))| Localized::clone(before).without_blanks() != after.clone().without_blanks())
        .map(|((slot, _), _)| slot)
        .collect();
    let status = match (slots.is_empty(), found.is_empty()) {
        (true, true) => RewriteStatus::NoChange,
        (true, false) => RewriteStatus::Matched { found },
        (false, _) => {
            let mut draft = board.to_draft();
            let mut texts = texts.into_iter().map(|(_, text)| DraftComment::localized(text));
            draft.review = texts.next().unwrap_or_default();
            for call in &mut draft.calls {
                call.comment = texts.next().unwrap_or_default();
            }
            for card in &mut draft.play {
                card.comment = texts.next().unwrap_or_default();
            }
            match gate(draft, Some(board.code()), now, None) {
                Ok(gated) => RewriteStatus::WillUpdate { slots, found, board: Box::new(gated.board) },
                Err(rejections) => RewriteStatus::Rejected { slots, rejections },
            }
        }
    };
    BoardRewrite { id: board.id.clone(), planned_from: board.timestamps.updated, status }
}

fn clone_entry((locale, text): (&Locale, &RichText)) -> (Locale, RichText) {
    (locale.clone(), text.clone())
}

/// The text after `rule` (`None`: the text goes) and the matches found.
fn rewrite_text(finder: &Finder, rule: &RewriteRule, text: &RichText) -> (Option<RichText>, Vec<String>) {
    let french = rule.locale.language() == "fr";
    let mut found: Vec<String> = Vec::new();
    // The rewritten line, `None` when the line holds a match and is to be deleted.
    let mut line = |inlines: &[Inline]| -> Option<Vec<Inline>> {
        let mut flat = String::new();
        flatten(inlines, french, &mut flat);
        let matches = finder.matches(&flat, &rule.replace);
        found.extend(matches.iter().map(|(range, _)| flat[range.clone()].to_owned()));
        match rule.action {
            RewriteAction::Replace if !matches.is_empty() => {
                let edits: Vec<(Range<usize>, Vec<Inline>)> =
                    matches.into_iter().map(|(range, with)| (range, typed_inlines(&with))).collect();
                let res = merge_text(rebuild(inlines, &mut 0, &edits, french));
                // A line left empty goes, rather than stay as an empty paragraph or list item.
                (!res.is_empty()).then_some(res)
            }
            RewriteAction::DeleteBlock if !matches.is_empty() => None,
            _ => Some(inlines.to_vec()),
        }
    };
    let mut blocks: Vec<Block> = Vec::new();
    for block in &text.blocks {
        match block {
            Block::Paragraph { content } => {
                if let Some(content) = line(content) {
                    blocks.push(Block::Paragraph { content });
                }
            }
            Block::List { ordered, items } => {
                let items: Vec<Vec<Inline>> = items.iter().filter_map(|item| line(item)).collect();
                if !items.is_empty() {
                    blocks.push(Block::List { ordered: *ordered, items });
                }
            }
        }
    }
    let res = match rule.action {
        _ if found.is_empty() => Some(text.clone()),
        RewriteAction::DeleteComment => None,
        RewriteAction::Append => {
            blocks.extend(RichText::parse(&rule.replace).blocks);
            Some(RichText { blocks })
        }
        RewriteAction::Search | RewriteAction::Replace | RewriteAction::DeleteBlock => Some(RichText { blocks }),
    };
    (res, found)
}

/// The plain view of a line, as matched: see the module.
fn flatten(inlines: &[Inline], french: bool, out: &mut String) {
    for inline in inlines {
        match inline {
            Inline::Text(text) => out.push_str(text),
            Inline::Emphasis(inner) => flatten(inner, french, out),
            atom => out.push_str(&atom_text(atom, french)),
        }
    }
}

/// The plain view of a suit, seat or line break, through the one plain-text view of rich text.
fn atom_text(atom: &Inline, french: bool) -> String {
    let locale = Locale::undetermined();
    let locale = match french {
        true => "fr".parse().unwrap_or(locale),
        false => locale,
    };
    RichText { blocks: vec![Block::Paragraph { content: vec![atom.clone()] }] }.to_plain(&locale)
}

/// The line with the `edits` (sorted, disjoint, non-empty ranges of its plain view, from
/// `offset`) made: see the module for matches spanning pieces.
fn rebuild(inlines: &[Inline], offset: &mut usize, edits: &[(Range<usize>, Vec<Inline>)], french: bool) -> Vec<Inline> {
    let mut res = Vec::new();
    for inline in inlines {
        match inline {
            Inline::Emphasis(inner) => {
                let inner = rebuild(inner, offset, edits, french);
                if !inner.is_empty() {
                    res.push(Inline::Emphasis(inner));
                }
            }
            Inline::Text(text) => {
                let (start, end) = (*offset, *offset + text.len());
                *offset = end;
                let mut cursor = start;
                for (range, with) in edits.iter().filter(|(range, _)| range.start < end && start < range.end) {
                    if start <= range.start {
                        res.push(Inline::Text(text[cursor - start..range.start - start].to_owned()));
                        res.extend(with.iter().cloned());
                    }
                    cursor = range.end.min(end);
                }
                res.push(Inline::Text(text[cursor - start..].to_owned()));
            }
            atom => {
                let (start, end) = (*offset, *offset + atom_text(atom, french).len());
                *offset = end;
                let mut covered = false;
                for (range, with) in edits.iter().filter(|(range, _)| range.start < end && start < range.end) {
                    covered = true;
                    if start <= range.start {
                        res.extend(with.iter().cloned());
                    }
                }
                if !covered {
                    res.push(atom.clone());
                }
            }
        }
    }
    res
}

/// Adjacent texts joined, empty texts and emphasis dropped.
fn merge_text(inlines: Vec<Inline>) -> Vec<Inline> {
    let mut res: Vec<Inline> = Vec::with_capacity(inlines.len());
    for inline in inlines {
        match inline {
            Inline::Text(text) if text.is_empty() => {}
            Inline::Text(text) => match res.last_mut() {
                Some(Inline::Text(last)) => last.push_str(&text),
                _ => res.push(Inline::Text(text)),
            },
            Inline::Emphasis(inner) => {
                let inner = merge_text(inner);
                if !inner.is_empty() {
                    res.push(Inline::Emphasis(inner));
                }
            }
            other => res.push(other),
        }
    }
    res
}

/// A replacement read as a typed comment, its surrounding spaces kept (the parser trims lines);
/// several lines or blocks are joined by line breaks.
fn typed_inlines(text: &str) -> Vec<Inline> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return vec![Inline::Text(text.to_owned())];
    }
    let lead = &text[..text.len() - text.trim_start().len()];
    let trail = &text[text.trim_end().len()..];
    let mut res = vec![Inline::Text(lead.to_owned())];
    let lines = RichText::parse(trimmed).blocks.into_iter().flat_map(|block| match block {
        Block::Paragraph { content } => vec![content],
        Block::List { items, .. } => items,
    });
    for (idx, line) in lines.enumerate() {
        if 0 < idx {
            res.push(Inline::LineBreak);
        }
        res.extend(line);
    }
    res.push(Inline::Text(trail.to_owned()));
    res
}
