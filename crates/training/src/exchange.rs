//! PBN in and out: boards exported to one PBN file, and PBN files planned for import through the
//! write gate, then applied to a [`BoardRepository`].
//!
//! **Export.** [`export_pbn`] numbers the boards from [`ExportOptions::first_number`] and writes
//! them [`ExportOptions::series`] times: with `n` boards, series `k` (from 0) holds them again in
//! the same order, numbered on from `first_number + k * n`. Two series of 16 boards from 1 are
//! boards 1 to 32, board 17 being the first board again. Each copy turns as a whole
//! ([`Game::rotate`], comments' seats included) so that its dealer is the standard dealer of its
//! number: a rotation changes nothing of the board's teaching. The vulnerability turns with the
//! game by default, since comments often depend on it; [`ExportVulnerability::ByNumber`] sets the
//! standard vulnerability of the number instead, for physical duplicate boards.
//!
//! Comments are flattened to plain text in [`ExportOptions::locale`] (see [`RichText::to_plain`](crate::RichText::to_plain)):
//! the text of that locale, else of another locale of the same language, else of `und`, else no
//! comment — never a text in another language. Braces, which would end a PBN comment, are written
//! as parentheses. The review is a game comment before the Auction, the comment of a call or card
//! follows it in its section. Standard tags carry the game (Event, Board, Dealer, Vulnerable,
//! Deal, Scoring, Declarer, Contract, Result, Auction, Play); the teaching metadata go in tags of
//! our own: `TrainingName`, `TrainingLevel`, `TrainingSystem`, `TrainingAuctionThemes`,
//! `TrainingPlayThemes`, `TrainingUserThemes`, `TrainingInspirations` (lists separated by `;`, a
//! `;` or `\` inside an item escaped by `\`), `TrainingPlayer` (the learner's seat),
//! `TrainingLocale` (the language of the comments) and `TrainingCode` (the board's deal code, for
//! people; import gives new codes). `TrainingName` is written even when empty, so an unnamed board
//! stays unnamed. Sharing, owner and timestamps stay private.
//!
//! **Import.** [`plan_import`] reads a file, turns each game into a [`BoardDraft`] and passes it
//! through the [`gate`], writing nothing: the [`ImportPlan`] says per game what will be created
//! (with the gate's report) and what is refused and why. [`apply_import`] then stores the planned
//! boards with fresh deal codes. Games from elsewhere lack our tags: they are named after their
//! Event and Board tags, the learner plays the declarer, and the comments (commentary, and the
//! Note tags referred to) are read in [`ImportOptions::comment_locale`]; the commentary outside
//! the sections makes the review. A game is refused when the reader reports an error in its text
//! or it cannot be read as a game; the checker's findings are only reported, since the gate
//! corrects (a Declarer tag contradicting the auction) or refuses (an impossible play) on its own
//! rules. Exporting boards and importing the file gives back the same
//! games, comments and metadata (sharing excepted), the comments as plain text of one language.

use std::collections::{BTreeMap, BTreeSet};

use bridge::lin::{self, LinError, LinGame};
use bridge::pbn::{
    self, Annotation, CommentStyle, Commentary, Diagnostic, Item, Note, ParsedFile, PbnFile, PbnGame, PbnPlay, Pos,
    Section, Severity, Tag, Token, TokenKind,
};
use bridge::{board_dealer, board_vulnerability, Card, Game, Seat};

use crate::gate::join_rejections;
use crate::{
    gate, generate_deal_code, Board, BoardDraft, BoardId, BoardRepository, DraftCall, DraftCard, DraftComment,
    GateRejection, GateReport, Level, Locale, Localized, Metadata, Ownership, RandomSource, Scoring, TeachingMode,
    Timestamp, UserId,
};

/// How boards are written to PBN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportOptions {
    /// The value of every game's Event tag.
    pub event: String,
    /// The number of the first board, from 1.
    pub first_number: u32,
    /// How many times the boards are written, numbers running on (see the module).
    pub series: u32,
    /// The language the comments are written in.
    pub locale: Locale,
    pub vulnerability: ExportVulnerability,
}

/// Which vulnerability an exported board shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ExportVulnerability {
    /// The board's own, turned with the game: the teaching stays true.
    #[default]
    Keep,
    /// The standard vulnerability of the board's number, as on duplicate boards.
    ByNumber,
}

/// Why boards could not be numbered for export.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    #[error("board numbers start at 1, not 0")]
    ZeroFirstNumber,
    #[error("at least one series is needed")]
    NoSeries,
    #[error("{n_games} boards from number {first_number} run past the largest board number")]
    NumberOverflow { first_number: u32, n_games: u64 },
}

/// Who imports, and the language of comments a file does not name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportOptions {
    /// The owner of the boards created.
    pub owner: UserId,
    /// The locale of the comments of games without a valid `TrainingLocale` tag; without one
    /// such games are refused by the gate when they hold comments.
    pub comment_locale: Option<Locale>,
}

/// What an import will do, game by game, before anything is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportPlan {
    /// One entry per game of the file, in file order.
    pub games: Vec<PlannedGame>,
    /// Problems found outside any game, such as text before the first one.
    pub file_diagnostics: Vec<Diagnostic>,
}

/// One game of the file and what becomes of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedGame {
    /// The index of the game in the file, from 0.
    pub index: usize,
    /// The Board tag, when readable.
    pub board_number: Option<u32>,
    /// Where the game starts in the text.
    pub pos: Pos,
    /// The reader's and the checker's diagnostics located in this game, warnings included, but
    /// for those the rejection already gives.
    pub diagnostics: Vec<Diagnostic>,
    pub outcome: PlannedOutcome,
}

/// Whether a game becomes a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlannedOutcome {
    Create(Box<PlannedBoard>),
    Rejected(ImportRejection),
}

/// A board to be created: the draft to store and how the gate sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedBoard {
    /// The draft read from the game; its id and code are placeholders until applied.
    pub draft: BoardDraft,
    /// The locale its plain comments are read in.
    pub comment_locale: Option<Locale>,
    /// The board as the gate makes it (placeholder id and code), for showing before importing.
    pub preview: Board,
    pub report: GateReport,
}

/// Why a game will not become a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportRejection {
    /// The PBN text is wrong: errors located in the file.
    Pbn(Vec<Diagnostic>),
    /// The game reads but breaks a rule of boards.
    Gate(Vec<GateRejection>),
    /// The LIN text of a board (a BBO file or handviewer link) is wrong.
    Lin(LinError),
}

/// What [`apply_import`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AppliedImport {
    /// The boards stored, with the index of their game in the file.
    pub created: Vec<(usize, Board)>,
    /// The planned boards that could not be stored, with the index of their game.
    pub failed: Vec<(usize, ApplyError)>,
}

/// Why a planned board was not stored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ApplyError {
    #[error("the board was refused: {}", join_rejections(.0))]
    Rejected(Vec<GateRejection>),
    #[error("no unused deal code after {attempts} draws")]
    NoFreeCode { attempts: u32 },
}

impl ImportPlan {
    /// The number of games that will become boards.
    #[must_use]
    pub fn n_created(&self) -> usize {
        self.games.iter().filter(|game| matches!(game.outcome, PlannedOutcome::Create(_))).count()
    }

    /// The number of games refused.
    #[must_use]
    pub fn n_rejected(&self) -> usize {
        self.games.len() - self.n_created()
    }
}

/// The boards as one PBN file, numbered, repeated and turned as the module says. Write it with
/// its `Display`.
///
/// # Errors
/// A first number of 0, no series, or numbers beyond `u32::MAX`.
pub fn export_pbn(boards: &[Board], options: &ExportOptions) -> Result<PbnFile, ExportError> {
    if options.first_number == 0 {
        return Err(ExportError::ZeroFirstNumber);
    }
    if options.series == 0 {
        return Err(ExportError::NoSeries);
    }
    let n_boards = boards.len() as u64;
    let n_games = n_boards * u64::from(options.series);
    let first = u64::from(options.first_number);
    if 0 < n_games && u64::from(u32::MAX) < first + n_games - 1 {
        return Err(ExportError::NumberOverflow { first_number: options.first_number, n_games });
    }
    let mut games = Vec::new();
    for series in 0..u64::from(options.series) {
        for (idx, board) in boards.iter().enumerate() {
            let number = first + series * n_boards + idx as u64;
            let number = u32::try_from(number)
                .map_err(|_| ExportError::NumberOverflow { first_number: options.first_number, n_games })?;
            games.push(export_game(board, number, options));
        }
    }
    Ok(PbnFile { header: Vec::new(), games })
}

/// Reads PBN text and plans its import: see [`ImportPlan`]. `now` stamps the previews.
#[must_use]
pub fn plan_import(text: &str, options: &ImportOptions, now: Timestamp) -> ImportPlan {
    ImportPlanner::from_pbn(pbn::parse(text), options, now).finish()
}

/// [`plan_import`] for the raw bytes of a file: UTF-8, or else Windows-1252.
#[must_use]
pub fn plan_import_bytes(bytes: &[u8], options: &ImportOptions, now: Timestamp) -> ImportPlan {
    ImportPlanner::from_pbn(pbn::parse_bytes(bytes), options, now).finish()
}

/// Reads LIN text (a file saved from Bridge Base Online) and plans its import as
/// [`plan_import`] does: one game per board of the file, an alert's explanation becoming the
/// comment of its call, the play and the claim kept. Positions are the line and column where
/// each board starts.
#[must_use]
pub fn plan_import_lin(text: &str, options: &ImportOptions, now: Timestamp) -> ImportPlan {
    ImportPlanner::from_lin(text, lin::parse(text), options, now).finish()
}

/// Plans the import of a file whatever its format: a BBO handviewer link (a URL with a `lin=`
/// or hand parameters), LIN text, or else PBN; the text is UTF-8, or else Windows-1252.
#[must_use]
pub fn plan_import_file(bytes: &[u8], options: &ImportOptions, now: Timestamp) -> ImportPlan {
    ImportPlanner::new(bytes, options, now).finish()
}

/// An import planned a few games at a time, so that a page can show its progress and stay
/// responsive with thousands of games: the file is read at once (the cheap part), each game
/// goes through the gate on [`ImportPlanner::plan_next`]. The plan is the same as
/// [`plan_import_file`]'s.
#[derive(Clone, Debug)]
pub struct ImportPlanner {
    options: ImportOptions,
    now: Timestamp,
    /// The games read and not planned yet, in file order.
    pending: std::vec::IntoIter<PendingGame>,
    total: usize,
    plan: ImportPlan,
}

/// A game read from the file, waiting for the gate.
#[derive(Clone, Debug)]
enum PendingGame {
    Pbn {
        game: Box<PbnGame>,
        diagnostics: Vec<Diagnostic>,
        errors: Vec<Diagnostic>,
    },
    Lin {
        board: Box<LinGame>,
        pos: Pos,
    },
    /// Refused before the gate, its plan already made.
    Planned(Box<PlannedGame>),
}

impl ImportPlanner {
    /// Reads a file whatever its format, as [`plan_import_file`] says.
    #[must_use]
    pub fn new(bytes: &[u8], options: &ImportOptions, now: Timestamp) -> ImportPlanner {
        let (text, _) = pbn::decode(bytes);
        let trimmed = text.trim();
        if is_url(trimmed) {
            return ImportPlanner::from_lin(trimmed, vec![lin::parse_handviewer_url(trimmed)], options, now);
        }
        if looks_like_lin(trimmed) {
            return ImportPlanner::from_lin(&text, lin::parse(&text), options, now);
        }
        ImportPlanner::from_pbn(pbn::parse_bytes(bytes), options, now)
    }

    fn with_games(
        pending: Vec<PendingGame>,
        file_diagnostics: Vec<Diagnostic>,
        options: &ImportOptions,
        now: Timestamp,
    ) -> ImportPlanner {
        ImportPlanner {
            options: options.clone(),
            now,
            total: pending.len(),
            pending: pending.into_iter(),
            plan: ImportPlan { games: Vec::new(), file_diagnostics },
        }
    }

    fn from_pbn(parsed: ParsedFile, options: &ImportOptions, now: Timestamp) -> ImportPlanner {
        let (games, file_diagnostics) = split_diagnostics(parsed);
        let pending = games
            .into_iter()
            .map(|(game, diagnostics, errors)| PendingGame::Pbn { game: Box::new(game), diagnostics, errors })
            .collect();
        ImportPlanner::with_games(pending, file_diagnostics, options, now)
    }

    fn from_lin(
        text: &str,
        boards: Vec<Result<LinGame, LinError>>,
        options: &ImportOptions,
        now: Timestamp,
    ) -> ImportPlanner {
        let pending = boards
            .into_iter()
            .enumerate()
            .map(|(index, read)| match read {
                Ok(board) => PendingGame::Lin { pos: pos_at(text, board.offset), board: Box::new(board) },
                Err(error) => PendingGame::Planned(Box::new(PlannedGame {
                    index,
                    board_number: None,
                    pos: pos_at(text, error.offset),
                    diagnostics: Vec::new(),
                    outcome: PlannedOutcome::Rejected(ImportRejection::Lin(error)),
                })),
            })
            .collect();
        ImportPlanner::with_games(pending, Vec::new(), options, now)
    }

    /// The number of games in the file.
    #[must_use]
    pub const fn total(&self) -> usize {
        self.total
    }

    /// The number of games planned so far.
    #[must_use]
    pub fn planned(&self) -> usize {
        self.plan.games.len()
    }

    /// Plans up to `count` more games; true once every game is planned.
    pub fn plan_next(&mut self, count: usize) -> bool {
        for pending in self.pending.by_ref().take(count) {
            let index = self.plan.games.len();
            let planned = match pending {
                PendingGame::Pbn { game, diagnostics, errors } => {
                    plan_game(index, &game, diagnostics, errors, &self.options, self.now)
                }
                PendingGame::Lin { board, pos } => {
                    let mut planned =
                        plan_game(index, &board.to_pbn(), Vec::new(), Vec::new(), &self.options, self.now);
                    planned.pos = pos;
                    planned.board_number = planned.board_number.or(board.board);
                    planned
                }
                PendingGame::Planned(planned) => *planned,
            };
            self.plan.games.push(planned);
        }
        self.pending.len() == 0
    }

    /// The whole plan, planning what is left.
    #[must_use]
    pub fn finish(mut self) -> ImportPlan {
        self.plan_next(usize::MAX);
        self.plan
    }
}

/// A web address, as a handviewer link is.
fn is_url(text: &str) -> bool {
    let lower = text.get(..8).unwrap_or(text).to_ascii_lowercase();
    !text.contains(char::is_whitespace) && (lower.starts_with("http://") || lower.starts_with("https://"))
}

/// LIN text starts with a two-letter tag and a bar, such as `pn|` or `md|`; PBN never does.
fn looks_like_lin(text: &str) -> bool {
    let mut chars = text.chars();
    let head: Vec<char> = chars.by_ref().take(2).collect();
    head.len() == 2 && head.iter().all(char::is_ascii_alphabetic) && chars.find(|c| !c.is_whitespace()) == Some('|')
}

/// The line and column (from 1, in characters) of a byte offset of `text`.
fn pos_at(text: &str, offset: usize) -> Pos {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |last| last.chars().count()) + 1;
    Pos { line: u32::try_from(line).unwrap_or(u32::MAX), column: u32::try_from(column).unwrap_or(u32::MAX) }
}

/// Stores the boards `plan` creates, each through the gate again with a new deal code drawn from
/// `random` (unused by the repository's boards, and also its id) and created `now`. Games the plan
/// refuses are left out; remove entries from `plan.games` to leave out others.
pub fn apply_import(
    plan: &ImportPlan,
    boards: &mut impl BoardRepository,
    random: &mut impl RandomSource,
    now: Timestamp,
) -> AppliedImport {
    /// Enough draws for any repository that is not nearly full of codes, few enough to end soon
    /// with a broken random source.
    const ATTEMPTS: u32 = 16;
    let mut taken: BTreeSet<String> =
        bridge::order::set(boards.all().into_iter().flat_map(|board| [board.id.0, board.code]));
    let mut res = AppliedImport::default();
    for game in &plan.games {
        let PlannedOutcome::Create(planned) = &game.outcome else { continue };
        let Some(code) = (0..ATTEMPTS).map(|_| generate_deal_code(random)).find(|code| !taken.contains(code)) else {
            res.failed.push((game.index, ApplyError::NoFreeCode { attempts: ATTEMPTS }));
            continue;
        };
        let mut draft = planned.draft.clone();
        draft.id = BoardId(code.clone());
        draft.code = code.clone();
        match gate(draft, None, now, planned.comment_locale.as_ref()) {
            Ok(gated) => {
                taken.insert(code);
                boards.put(gated.board.clone());
                res.created.push((game.index, gated.board));
            }
            Err(rejections) => res.failed.push((game.index, ApplyError::Rejected(rejections))),
        }
    }
    res
}

const TAG_NAME: &str = "TrainingName";
const TAG_LEVEL: &str = "TrainingLevel";
const TAG_SYSTEM: &str = "TrainingSystem";
const TAG_AUCTION_THEMES: &str = "TrainingAuctionThemes";
const TAG_PLAY_THEMES: &str = "TrainingPlayThemes";
const TAG_USER_THEMES: &str = "TrainingUserThemes";
const TAG_INSPIRATIONS: &str = "TrainingInspirations";
const TAG_PLAYER: &str = "TrainingPlayer";
const TAG_LOCALE: &str = "TrainingLocale";
const TAG_CODE: &str = "TrainingCode";
/// The teaching mode: `show_trump`, or `show_trump_and_goal 9` with its goal.
const TAG_MODE: &str = "TrainingMode";

/// A valid deal code standing in for the one [`apply_import`] draws.
const PLACEHOLDER_CODE: &str = "22222222";

fn export_game(board: &Board, number: u32, options: &ExportOptions) -> PbnGame {
    let board_game = board.game();
    let steps = board_game.dealer().steps_to(board_dealer(number));
    let mut game: Game = board_game.game().clone().rotate(steps);
    if options.vulnerability == ExportVulnerability::ByNumber {
        game.vulnerability = board_vulnerability(number);
    }
    let text = |field: &Localized| comment_text(&field.clone().rotate_seats(steps), &options.locale);
    let generated = PbnGame::from_game(&game);
    let metadata = &board.metadata;

    let mut items: Vec<Item> = Vec::new();
    push_tag(&mut items, "Event", &options.event);
    push_tag(&mut items, "Board", &number.to_string());
    for name in ["Dealer", "Vulnerable", "Deal"] {
        items.extend(generated.tag(name).cloned().map(Item::Tag));
    }
    if metadata.scoring != Scoring::Unset {
        push_tag(&mut items, "Scoring", metadata.scoring.as_str());
    }
    // Written here rather than taken from `from_game`, which names a declarer only after a complete auction.
    push_tag(&mut items, "Declarer", &board_game.declarer().rotate(steps).to_string());
    for name in ["Contract", "Result"] {
        items.extend(generated.tag(name).cloned().map(Item::Tag));
    }
    push_tag(&mut items, TAG_NAME, &metadata.name);
    if let Some(level) = metadata.level.get() {
        push_tag(&mut items, TAG_LEVEL, &level.to_string());
    }
    if !metadata.auction_system.is_empty() {
        push_tag(&mut items, TAG_SYSTEM, &metadata.auction_system);
    }
    let lists = [
        (TAG_AUCTION_THEMES, &metadata.auction_themes),
        (TAG_PLAY_THEMES, &metadata.play_themes),
        (TAG_USER_THEMES, &metadata.user_themes),
        (TAG_INSPIRATIONS, &metadata.inspirations),
    ];
    for (name, list) in lists {
        if !list.is_empty() {
            push_tag(&mut items, name, &join_list(list));
        }
    }
    match metadata.teaching_mode {
        TeachingMode::Full => {}
        TeachingMode::ShowTrumpAndGoal { tricks } => {
            push_tag(&mut items, TAG_MODE, &format!("{} {tricks}", metadata.teaching_mode.as_str()));
        }
        mode => push_tag(&mut items, TAG_MODE, mode.as_str()),
    }
    push_tag(&mut items, TAG_PLAYER, &board_game.player().rotate(steps).to_string());
    push_tag(&mut items, TAG_LOCALE, options.locale.as_str());
    push_tag(&mut items, TAG_CODE, board.code());
    if let Some(review) = text(board_game.review()) {
        items.push(Item::Commentary(brace(review)));
    }

    if let Some(mut auction) = generated.tag("Auction").cloned() {
        let comments: Vec<Option<String>> = board_game.call_comments().iter().map(text).collect();
        if let Section::Tokens(tokens) = &mut auction.section {
            let mut calls = comments.into_iter();
            *tokens = interleave(std::mem::take(tokens), |_| calls.next().flatten());
        }
        items.push(Item::Tag(auction));
    }
    if let Some(mut play) = generated.tag("Play").cloned() {
        let comments: BTreeMap<Card, String> = board_game
            .play()
            .iter()
            .zip(board_game.card_comments())
            .filter_map(|(card, comment)| Some((*card, text(comment)?)))
            .collect();
        if let Section::Tokens(tokens) = &mut play.section {
            *tokens = interleave(std::mem::take(tokens), |word| {
                word.parse::<Card>().ok().and_then(|card| comments.get(&card).cloned())
            });
        }
        items.push(Item::Tag(play));
    }
    PbnGame { items }
}

/// The value of a list tag: the items separated by `;`, a `;` or `\` inside an item escaped by `\`.
fn join_list(list: &[String]) -> String {
    let escaped: Vec<String> = list.iter().map(|item| item.replace('\\', "\\\\").replace(';', "\\;")).collect();
    escaped.join(";")
}

/// The items of a list tag's value written by [`join_list`], each trimmed; a `\` ending the value
/// escapes nothing and goes.
/// The mode of a `TrainingMode` tag: its name, then the goal of
/// `show_trump_and_goal`. An unknown name reads as none (the board plays in
/// full); a goal out of range is left to the gate to refuse.
fn parse_mode_tag(value: &str) -> Option<TeachingMode> {
    let mut words = value.split_whitespace();
    let name = words.next()?;
    let tricks = words.next().and_then(|tricks| tricks.parse().ok()).unwrap_or(0);
    TeachingMode::from_name(name, tricks)
}

fn split_list(value: &str) -> Vec<String> {
    let mut res = Vec::new();
    let mut item = String::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => item.extend(chars.next()),
            ';' => res.push(std::mem::take(&mut item).trim().to_owned()),
            c => item.push(c),
        }
    }
    res.push(item.trim().to_owned());
    res
}

/// The section's words, each followed by the comment `comment` gives it.
fn interleave(tokens: Vec<Token>, mut comment: impl FnMut(&str) -> Option<String>) -> Vec<Token> {
    let mut res = Vec::with_capacity(tokens.len());
    for token in tokens {
        let text = match &token.kind {
            TokenKind::Word(word) => comment(word),
            _ => None,
        };
        res.push(token);
        if let Some(text) = text {
            res.push(Token { kind: TokenKind::Commentary(brace(text)), pos: Pos::default() });
        }
    }
    res
}

/// The comment to write in `locale`, as the module says; `None` when there is none.
fn comment_text(field: &Localized, locale: &Locale) -> Option<String> {
    let text = field.for_reader(locale)?;
    Some(text.to_plain(locale).replace('{', "(").replace('}', ")"))
}

fn brace(text: String) -> Commentary {
    Commentary { text, style: CommentStyle::Brace, pos: Pos::default() }
}

fn push_tag(items: &mut Vec<Item>, name: &str, value: &str) {
    // A line break would end the tag line.
    let value = value.replace(['\n', '\r'], " ");
    let pos = Pos::default();
    items.push(Item::Tag(Tag {
        name: name.to_owned(),
        value,
        section: Section::Rows(Vec::new()),
        pos,
        value_pos: pos,
    }));
}

/// Each game of a parsed file with its diagnostics (warnings included) and the reader's errors,
/// which refuse it; and the diagnostics found outside any game.
type GameDiagnostics = (PbnGame, Vec<Diagnostic>, Vec<Diagnostic>);

fn split_diagnostics(parsed: ParsedFile) -> (Vec<GameDiagnostics>, Vec<Diagnostic>) {
    let ParsedFile { file, diagnostics } = parsed;
    let starts: Vec<u32> = file.games.iter().map(|game| game.pos().line).collect();
    let mut by_game: Vec<(Vec<Diagnostic>, Vec<Diagnostic>)> = vec![(Vec::new(), Vec::new()); file.games.len()];
    let mut file_diagnostics = Vec::new();
    let read = diagnostics.into_iter().map(|diagnostic| (diagnostic, true));
    let checked = pbn::check(&file).into_iter().map(|diagnostic| (diagnostic, false));
    for (diagnostic, from_reader) in read.chain(checked) {
        // The reader locates most of its diagnostics by line only: the game is the last one
        // starting at or before that line.
        let game = diagnostic.game.or_else(|| starts.iter().rposition(|start| *start <= diagnostic.pos.line));
        let Some((all, errors)) = game.and_then(|idx| by_game.get_mut(idx)) else {
            file_diagnostics.push(diagnostic);
            continue;
        };
        let diagnostic = Diagnostic { game, ..diagnostic };
        if from_reader && diagnostic.severity == Severity::Error {
            errors.push(diagnostic.clone());
        }
        all.push(diagnostic);
    }
    let games =
        file.games.into_iter().zip(by_game).map(|(game, (diagnostics, errors))| (game, diagnostics, errors)).collect();
    (games, file_diagnostics)
}

/// What becomes of one game. The reader's errors refuse it (its text is doubtful); the checker's
/// only inform, as the gate corrects (a declarer) or refuses (an impossible play) on its own rules.
fn plan_game(
    index: usize,
    game: &PbnGame,
    mut diagnostics: Vec<Diagnostic>,
    reader_errors: Vec<Diagnostic>,
    options: &ImportOptions,
    now: Timestamp,
) -> PlannedGame {
    let board_number = game.board_number().and_then(Result::ok);
    let pos = game.pos();
    let read = read_draft(game, options, &mut diagnostics);
    for diagnostic in &mut diagnostics {
        diagnostic.game.get_or_insert(index);
    }
    bridge::order::sort_by_key(&mut diagnostics, |diagnostic| diagnostic.pos);
    let outcome = match read {
        Err(err) => {
            let err =
                Diagnostic { pos: err.pos(), severity: Severity::Error, game: Some(index), message: err.to_string() };
            let mut errors = reader_errors;
            if !errors.contains(&err) {
                errors.push(err);
            }
            bridge::order::sort_by_key(&mut errors, |diagnostic| diagnostic.pos);
            diagnostics.retain(|diagnostic| !errors.contains(diagnostic));
            PlannedOutcome::Rejected(ImportRejection::Pbn(errors))
        }
        Ok(_) if !reader_errors.is_empty() => {
            diagnostics.retain(|diagnostic| !reader_errors.contains(diagnostic));
            PlannedOutcome::Rejected(ImportRejection::Pbn(reader_errors))
        }
        Ok((mut draft, comment_locale)) => {
            draft.code = PLACEHOLDER_CODE.to_owned();
            draft.id = BoardId(format!("import-{}", index + 1));
            match gate(draft.clone(), None, now, comment_locale.as_ref()) {
                Ok(gated) => PlannedOutcome::Create(Box::new(PlannedBoard {
                    draft,
                    comment_locale,
                    preview: gated.board,
                    report: gated.report,
                })),
                Err(rejections) => PlannedOutcome::Rejected(ImportRejection::Gate(rejections)),
            }
        }
    };
    PlannedGame { index, board_number, pos, diagnostics, outcome }
}

/// The draft a game describes, with the locale of its comments; warnings about our own tags go
/// to `diagnostics`.
fn read_draft(
    game: &PbnGame,
    options: &ImportOptions,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<(BoardDraft, Option<Locale>), pbn::PbnError> {
    let played = game.to_game()?;
    let auction = game.auction().transpose()?;
    let play = game.play().transpose()?;
    let mut warn = |tag: &Tag, message: String| {
        diagnostics.push(Diagnostic { pos: tag.value_pos, severity: Severity::Warning, game: None, message });
    };

    let comment_locale = match game.tag(TAG_LOCALE) {
        Some(tag) => match tag.value.parse::<Locale>() {
            Ok(locale) => Some(locale),
            Err(err) => {
                warn(tag, err.to_string());
                options.comment_locale.clone()
            }
        },
        None => options.comment_locale.clone(),
    };
    // The Declarer tag as given, so the gate reports when the auction corrects it.
    let declarer = game.declarer().and_then(Result::ok).or_else(|| played.auction.declarer());
    let actual_declarer = played.auction.declarer().or(declarer);
    let player = match game.tag(TAG_PLAYER) {
        Some(tag) => match tag.value.trim().parse::<Seat>() {
            Ok(seat) => Some(seat),
            Err(err) => {
                warn(tag, err.to_string());
                actual_declarer
            }
        },
        // A game from elsewhere is played from the declarer's seat.
        None => actual_declarer,
    };

    let call_notes: BTreeMap<u32, String> = bridge::order::map(
        auction.iter().flat_map(|auction| &auction.notes).map(|note| (note.number, note.text.clone())),
    );
    let calls = played
        .auction
        .calls()
        .iter()
        .enumerate()
        .map(|(idx, call)| {
            let annotations = auction.as_ref().and_then(|auction| auction.calls.get(idx));
            let text = annotations.map(|annotated| annotation_text(&annotated.annotations, &call_notes));
            DraftCall { seat: None, call: *call, comment: plain(text.unwrap_or_default()) }
        })
        .collect();
    let card_texts = play.as_ref().map(card_texts).unwrap_or_default();
    let play = played
        .play
        .iter()
        .map(|card| DraftCard { card: *card, comment: plain(card_texts.get(card).cloned().unwrap_or_default()) })
        .collect();
    let mut review: Vec<String> = game
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Commentary(commentary) => Some(commentary.text.trim().to_owned()),
            _ => None,
        })
        .collect();
    if let Some(auction) = &auction {
        review.push(annotation_text(&auction.leading, &call_notes));
    }
    review.retain(|text| !text.is_empty());

    let text_tag = |name: &str| game.value(name).map(|value| value.trim().to_owned());
    let list_tag = |name: &str| -> Vec<String> { game.value(name).map_or_else(Vec::new, split_list) };
    // Boards from elsewhere are named after their event and number.
    let name = text_tag(TAG_NAME).unwrap_or_else(|| {
        let event = game.value("Event").map(str::trim).filter(|event| !matches!(*event, "" | "?"));
        let number = game.board_number().and_then(Result::ok).map(|number| number.to_string());
        event.into_iter().map(str::to_owned).chain(number).collect::<Vec<String>>().join(" ")
    });
    let metadata = Metadata {
        name,
        level: text_tag(TAG_LEVEL).map_or(Level::Unset, |level| Level::parse_lenient(&level)),
        scoring: game.value("Scoring").map_or(Scoring::Unset, Scoring::parse_lenient),
        auction_system: text_tag(TAG_SYSTEM).unwrap_or_default(),
        auction_themes: list_tag(TAG_AUCTION_THEMES),
        play_themes: list_tag(TAG_PLAY_THEMES),
        user_themes: list_tag(TAG_USER_THEMES),
        inspirations: list_tag(TAG_INSPIRATIONS),
        sharing: crate::Sharing::Private,
        teaching_mode: text_tag(TAG_MODE).and_then(|mode| parse_mode_tag(&mode)).unwrap_or_default(),
    };
    let draft = BoardDraft {
        id: BoardId::default(),
        code: String::new(),
        owner: Ownership::User { user_id: options.owner.clone() },
        metadata,
        created: None,
        deleted: None,
        first_published: None,
        dealer: played.dealer(),
        vulnerability: played.vulnerability,
        hands: played.deal.hands().map(|hand| hand.iter().collect()),
        declarer,
        player,
        calls,
        play,
        review: plain(review.join("\n\n")),
    };
    Ok((draft, comment_locale))
}

/// The comments of the played cards, by card: each card appears once in a play.
fn card_texts(play: &PbnPlay) -> BTreeMap<Card, String> {
    let notes = bridge::order::map(play.notes.iter().map(|Note { number, text }| (*number, text.clone())));
    bridge::order::map(
        play.rows
            .iter()
            .flatten()
            .flatten()
            .map(|played| (played.card, annotation_text(&played.annotations, &notes)))
            .filter(|(_, text)| !text.is_empty()),
    )
}

/// The commentary and the texts of the notes referred to, one paragraph each; glyphs and
/// suffixes are not comments.
fn annotation_text(annotations: &[Annotation], notes: &BTreeMap<u32, String>) -> String {
    let texts: Vec<&str> = annotations
        .iter()
        .filter_map(|annotation| match annotation {
            Annotation::Commentary(text) => Some(text.trim()),
            Annotation::Note(number) => notes.get(number).map(|text| text.trim()),
            Annotation::Nag(_) | Annotation::Suffix(_) | Annotation::Irregularity(_) => None,
        })
        .filter(|text| !text.is_empty())
        .collect();
    texts.join("\n\n")
}

fn plain(text: String) -> DraftComment {
    match text.trim().is_empty() {
        true => DraftComment::None,
        false => DraftComment::Plain(text),
    }
}
