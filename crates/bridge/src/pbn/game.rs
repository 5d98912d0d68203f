//! The meaning of a game's tags: typed accessors from PBN to bridge types,
//! and the conversions between a [`PbnGame`] and a [`Game`].

use crate::pbn::{Diagnostic, Item, PbnError, PbnGame, Pos, Section, Severity, Tag, Token, TokenKind, Word};
use crate::{
    board_dealer, board_vulnerability, winning_index, Auction, Call, Card, Contract, Deal, Game, Play, Seat, Strain,
    Vulnerability,
};

/// The Contract tag: a contract, or `Pass` for a passed-out deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PbnContract {
    PassedOut,
    Contract(Contract),
    /// A strain without a level, as end positions give it (`[Contract "H"]`).
    Strain(Strain),
}

/// A Note tag: `[Note "1:text"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub number: u32,
    pub text: String,
}

/// What a section says about the call or card before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Annotation {
    /// `=n=`
    Note(u32),
    /// `$n`
    Nag(u32),
    /// `!`, `?`, `!!`, ...
    Suffix(String),
    /// `{...}` or `;...`
    Commentary(String),
    /// `^` and a letter: an irregularity such as `^I` (insufficient bid) or `^R` (revoke).
    Irregularity(String),
}

/// A call with its annotations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnnotatedCall {
    pub call: Call,
    pub pos: Pos,
    pub annotations: Vec<Annotation>,
}

/// The Auction tag and section, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PbnAuction {
    /// The seat of the first call, after any `-` placeholders.
    pub first: Seat,
    /// The calls, checked for legality; `AP` is expanded into passes.
    pub auction: Auction,
    /// The calls as written, with annotations (passes added by `AP` have none).
    pub calls: Vec<AnnotatedCall>,
    /// Annotations before the first call.
    pub leading: Vec<Annotation>,
    /// The Note tags after the Auction tag.
    pub notes: Vec<Note>,
    /// The section ends with `*`.
    pub ended: bool,
}

/// A card of the Play section with its annotations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedCard {
    pub card: Card,
    pub pos: Pos,
    pub annotations: Vec<Annotation>,
}

/// The Play tag and section, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PbnPlay {
    /// The opening leader, the Play tag's value.
    pub leader: Seat,
    /// The tricks as PBN writes them: the card of each seat clockwise from
    /// the opening leader, whoever led the trick; `None` for `-`.
    pub rows: Vec<[Option<PlayedCard>; 4]>,
    /// The cards in the order they were played, up to the first unknown one.
    pub cards: Vec<Card>,
    /// Where each card of `cards` is written.
    pub positions: Vec<Pos>,
    /// The Note tags after the Play tag.
    pub notes: Vec<Note>,
    /// The section ends with `*`.
    pub ended: bool,
}

impl PbnGame {
    /// The first tag named `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags().find(|tag| tag.name == name)
    }

    /// The value of the first tag named `name`.
    #[must_use]
    pub fn value(&self, name: &str) -> Option<&str> {
        self.tag(name).map(|tag| tag.value.as_str())
    }

    /// The tags in order.
    pub fn tags(&self) -> impl Iterator<Item = &Tag> {
        self.items.iter().filter_map(|item| match item {
            Item::Tag(tag) => Some(tag),
            _ => None,
        })
    }

    /// Where the game starts: its first item.
    #[must_use]
    pub fn pos(&self) -> Pos {
        self.items.first().map_or_else(Pos::default, |item| match item {
            Item::Tag(tag) => tag.pos,
            Item::Commentary(commentary) => commentary.pos,
            Item::Directive { pos, .. } => *pos,
        })
    }

    /// The Board tag. `None` when absent or unknown (`""`, `"?"`).
    #[must_use]
    pub fn board_number(&self) -> Option<Result<u32, PbnError>> {
        let tag = self.known("Board")?;
        Some(tag.value.trim().parse().map_err(|_| value_error(tag, "expected a board number")))
    }

    /// The Dealer tag (also `North`, `nord`...).
    #[must_use]
    pub fn dealer(&self) -> Option<Result<Seat, PbnError>> {
        let tag = self.known("Dealer")?;
        Some(tag.value.trim().parse().map_err(|_| value_error(tag, "expected N, E, S or W")))
    }

    /// The Vulnerable tag.
    #[must_use]
    pub fn vulnerability(&self) -> Option<Result<Vulnerability, PbnError>> {
        let tag = self.tag("Vulnerable").filter(|tag| !matches!(tag.value.trim(), "" | "?"))?;
        Some(tag.value.parse().map_err(|_| value_error(tag, "expected None, NS, EW or All")))
    }

    /// The Deal tag.
    #[must_use]
    pub fn deal(&self) -> Option<Result<Deal, PbnError>> {
        let tag = self.known("Deal")?;
        let Pos { line, column } = tag.value_pos;
        Some(tag.value.parse().map_err(|source| PbnError::Deal { line, column, source }))
    }

    /// The Declarer tag; a leading `^` (an irregular declarer) is skipped.
    #[must_use]
    pub fn declarer(&self) -> Option<Result<Seat, PbnError>> {
        let tag = self.known("Declarer")?;
        let value = tag.value.trim().trim_start_matches('^');
        Some(value.parse().map_err(|_| value_error(tag, "expected N, E, S or W")))
    }

    /// The Contract tag.
    #[must_use]
    pub fn contract(&self) -> Option<Result<PbnContract, PbnError>> {
        let tag = self.known("Contract")?;
        let value = tag.value.trim();
        if value.eq_ignore_ascii_case("pass") {
            return Some(Ok(PbnContract::PassedOut));
        }
        if let Ok(strain) = value.parse::<Strain>() {
            return Some(Ok(PbnContract::Strain(strain)));
        }
        Some(value.parse().map(PbnContract::Contract).map_err(|_| value_error(tag, "expected a contract such as 4S")))
    }

    /// The Result tag: the tricks won by declarer. Also reads `NS 9 EW 4`,
    /// `EW 4` or `NS 9`, which need the Declarer tag (`None` without it). A
    /// leading `^` (an irregular result) is skipped.
    #[must_use]
    pub fn result(&self) -> Option<Result<u8, PbnError>> {
        let tag = self.known("Result")?;
        let value = tag.value.trim().trim_start_matches('^');
        let tricks = match value.parse::<u8>() {
            Ok(tricks) => tricks,
            Err(_) => match self.result_by_side(value) {
                Ok(tricks) => tricks?,
                Err(()) => return Some(Err(value_error(tag, "expected a number of tricks"))),
            },
        };
        if tricks <= 13 {
            Some(Ok(tricks))
        } else {
            Some(Err(value_error(tag, "more than 13 tricks")))
        }
    }

    /// The Note tags after the tag named `section` (Auction or Play), up to
    /// the next Auction or Play tag. Malformed notes are skipped.
    #[must_use]
    pub fn notes_after(&self, section: &str) -> Vec<Note> {
        let mut res = Vec::new();
        let mut inside = false;
        for tag in self.tags() {
            match tag.name.as_str() {
                "Note" if inside => res.extend(parse_note(&tag.value)),
                "Auction" | "Play" => inside = tag.name == section,
                _ => {}
            }
        }
        res
    }

    /// The Auction tag and section, with `AP`, `-` placeholders and annotations.
    #[must_use]
    pub fn auction(&self) -> Option<Result<PbnAuction, PbnError>> {
        let tag = self.known("Auction")?;
        Some(read_auction(self, tag, &mut Vec::new()))
    }

    /// The Play tag and section, in the order the cards were played. The
    /// trumps come from the Contract tag, or else from the auction.
    #[must_use]
    pub fn play(&self) -> Option<Result<PbnPlay, PbnError>> {
        let tag = self.known("Play")?;
        Some(read_play(self, tag, self.strain(), &mut Vec::new()))
    }

    /// The trump strain, from the Contract tag or else the auction.
    #[must_use]
    pub fn strain(&self) -> Option<Strain> {
        match self.contract() {
            Some(Ok(PbnContract::Contract(contract))) => Some(contract.strain()),
            Some(Ok(PbnContract::Strain(strain))) => Some(strain),
            _ => self.auction()?.ok()?.auction.contract().map(|contract| contract.strain()),
        }
    }

    /// The game as bridge types: the deal, the dealer (from the Dealer tag,
    /// the auction or the board number), the vulnerability (from the tag or
    /// the board number, else none), the auction and the cards played.
    ///
    /// # Errors
    /// A missing or invalid Deal, no way to know the dealer, or an invalid
    /// Dealer, Vulnerable, Auction or Play.
    pub fn to_game(&self) -> Result<Game, PbnError> {
        let deal = self.deal().ok_or_else(|| missing(self, "Deal"))??;
        let auction = self.auction().transpose()?;
        let board = self.board_number().and_then(Result::ok);
        let dealer = match (self.dealer().transpose()?, &auction) {
            (Some(dealer), _) => dealer,
            (None, Some(auction)) => auction.first,
            (None, None) => board.map(board_dealer).ok_or_else(|| missing(self, "Dealer"))?,
        };
        let vulnerability = match self.vulnerability().transpose()? {
            Some(vulnerability) => vulnerability,
            None => board.map_or(Vulnerability::None, board_vulnerability),
        };
        let auction = auction.map_or_else(|| Auction::new(dealer), |auction| auction.auction);
        let play = self.play().transpose()?.map(|play| play.cards).unwrap_or_default();
        Ok(Game { deal, vulnerability, auction, play })
    }

    /// A game holding the tags PBN gives `game`: Dealer, Vulnerable, Deal,
    /// Declarer, Contract and Result when known, then the Auction and Play
    /// sections in rows of four.
    #[must_use]
    pub fn from_game(game: &Game) -> PbnGame {
        let mut res = PbnGame::default();
        let dealer = game.dealer();
        res.push_tag("Dealer", dealer.to_string(), Vec::new());
        res.push_tag("Vulnerable", game.vulnerability.to_string(), Vec::new());
        res.push_tag("Deal", game.deal.to_pbn(dealer), Vec::new());
        let declarer = game.auction.declarer();
        if game.auction.is_complete() {
            res.push_tag("Declarer", declarer.map(|seat| seat.to_string()).unwrap_or_default(), Vec::new());
            let contract = game.auction.contract().map_or_else(|| "Pass".to_owned(), |contract| contract.to_string());
            res.push_tag("Contract", contract, Vec::new());
            let result = game.replay_play().and_then(Result::ok).filter(Play::is_over);
            let result = match (result, declarer) {
                (Some(play), Some(declarer)) => play.tricks_won(declarer.side()).to_string(),
                _ => String::new(),
            };
            res.push_tag("Result", result, Vec::new());
        }
        let calls = game.auction.calls().iter().map(|call| word(&call.to_string())).collect();
        res.push_tag("Auction", dealer.to_string(), calls);
        if let (Some(declarer), Some(contract)) = (declarer, game.auction.contract()) {
            if !game.play.is_empty() {
                let leader = declarer.next();
                let rows = play_rows(leader, contract.strain(), &game.play);
                let mut tokens = Vec::new();
                for row in rows {
                    tokens.extend(row.iter().map(|card| word(&card.map_or_else(|| "-".to_owned(), |c| c.to_string()))));
                }
                res.push_tag("Play", leader.to_string(), tokens);
            }
        }
        res
    }

    fn push_tag(&mut self, name: &str, value: String, tokens: Vec<Token>) {
        let section = match name {
            "Auction" | "Play" => Section::Tokens(tokens),
            _ => Section::Rows(Vec::new()),
        };
        let pos = Pos::default();
        self.items.push(Item::Tag(Tag { name: name.to_owned(), value, section, pos, value_pos: pos }));
    }

    /// The tag named `name` unless its value is unknown (`""`, `"?"`, `"-"`).
    fn known(&self, name: &str) -> Option<&Tag> {
        self.tag(name).filter(|tag| !matches!(tag.value.trim(), "" | "?" | "-"))
    }

    /// `NS 9 EW 4`, `NS 9` or `EW 4`: the tricks of the declarer's side,
    /// `None` when the declarer is unknown; `Err` when the value is not of this form.
    fn result_by_side(&self, value: &str) -> Result<Option<u8>, ()> {
        let words: Vec<&str> = value.split_whitespace().collect();
        if words.is_empty() || !words.len().is_multiple_of(2) || words.len() > 4 {
            return Err(());
        }
        let mut by_side = [None, None];
        for pair in words.chunks(2) {
            let (Some(side), Some(tricks)) = (pair.first(), pair.get(1)) else { return Err(()) };
            let tricks: u8 = tricks.parse().map_err(|_| ())?;
            match *side {
                "NS" => by_side[0] = Some(tricks),
                "EW" => by_side[1] = Some(tricks),
                _ => return Err(()),
            }
        }
        let Some(Ok(declarer)) = self.declarer() else { return Ok(None) };
        let (own, other) = match declarer.side() {
            crate::Side::NorthSouth => (by_side[0], by_side[1]),
            crate::Side::EastWest => (by_side[1], by_side[0]),
        };
        Ok(own.or_else(|| other.map(|tricks| 13u8.saturating_sub(tricks))))
    }
}

/// Reads the Auction section, reporting spelling warnings to `warnings`.
pub(crate) fn read_auction(game: &PbnGame, tag: &Tag, warnings: &mut Vec<Diagnostic>) -> Result<PbnAuction, PbnError> {
    let seat: Seat = tag.value.trim().parse().map_err(|_| value_error(tag, "expected N, E, S or W"))?;
    let tokens = section_tokens(tag);
    let mut res = PbnAuction {
        first: seat,
        auction: Auction::new(seat),
        calls: Vec::new(),
        leading: Vec::new(),
        notes: game.notes_after("Auction"),
        ended: false,
    };
    let irregular = tokens.iter().any(|token| matches!(&token.kind, TokenKind::Word(word) if word.starts_with('^')));
    let mut started = false;
    let mut all = false;
    for token in tokens {
        let Pos { line, column } = token.pos;
        let word = match &token.kind {
            TokenKind::Word(word) if word.starts_with('^') => {
                attach_to_call(&mut res, Annotation::Irregularity(word.as_str().to_owned()));
                continue;
            }
            TokenKind::Word(word) => word.as_str(),
            TokenKind::End => {
                res.ended = true;
                break;
            }
            other => {
                if let Some(annotation) = annotation(other) {
                    attach_to_call(&mut res, annotation);
                }
                continue;
            }
        };
        if word == "-" && !started {
            res.first = res.first.next();
            res.auction = Auction::new(res.first);
            continue;
        }
        if word == "+" {
            // The call to find, as in an ActionTable exercise: the auction stops here.
            break;
        }
        started = true;
        if word.eq_ignore_ascii_case("all") {
            all = true;
            continue;
        }
        let all_pass = std::mem::take(&mut all) && word.eq_ignore_ascii_case("pass");
        if all_pass || word.eq_ignore_ascii_case("AP") {
            if word != "AP" {
                warn(warnings, token.pos, "nonstandard spelling of AP".to_owned());
            }
            while !res.auction.is_complete() {
                res.auction.call(Call::Pass).map_err(|source| PbnError::IllegalCall {
                    line,
                    column,
                    call: Call::Pass,
                    source,
                })?;
            }
            continue;
        }
        let call: Call = word.parse().map_err(|_| PbnError::Call { line, column, token: word.to_owned() })?;
        if !is_standard_call(word) {
            warn(warnings, token.pos, format!("nonstandard call {word:?} read as {call}"));
        }
        match res.auction.call(call) {
            Ok(()) => res.calls.push(AnnotatedCall { call, pos: token.pos, annotations: Vec::new() }),
            Err(_) if irregular => {
                warn(
                    warnings,
                    token.pos,
                    "auction with irregularities: the calls from here are not checked".to_owned(),
                );
                break;
            }
            Err(source) => return Err(PbnError::IllegalCall { line, column, call, source }),
        }
    }
    Ok(res)
}

fn attach_to_call(auction: &mut PbnAuction, annotation: Annotation) {
    match auction.calls.last_mut() {
        Some(call) => call.annotations.push(annotation),
        None => auction.leading.push(annotation),
    }
}

/// Reads the Play section with `strain` as trumps, reporting spelling warnings to `warnings`.
pub(crate) fn read_play(
    game: &PbnGame,
    tag: &Tag,
    strain: Option<Strain>,
    warnings: &mut Vec<Diagnostic>,
) -> Result<PbnPlay, PbnError> {
    let leader: Seat = tag.value.trim().parse().map_err(|_| value_error(tag, "expected N, E, S or W"))?;
    let mut rows: Vec<[Option<PlayedCard>; 4]> = Vec::new();
    let mut n_slots = 0;
    let mut ended = false;
    let mut last: Option<(usize, usize)> = None;
    for token in section_tokens(tag) {
        let Pos { line, column } = token.pos;
        let (word, note) = match &token.kind {
            TokenKind::Word(word) if word.starts_with('^') => {
                ("", Some(Annotation::Irregularity(word.as_str().to_owned())))
            }
            TokenKind::Word(word) => (word.as_str(), None),
            TokenKind::End => {
                ended = true;
                break;
            }
            other => ("", annotation(other)),
        };
        if let Some(note) = note {
            if let Some((row, seat)) = last {
                if let Some(Some(card)) = rows.get_mut(row).and_then(|row| row.get_mut(seat)) {
                    card.annotations.push(note);
                }
            }
            continue;
        }
        let (row, seat) = (n_slots / 4, n_slots % 4);
        n_slots += 1;
        if row >= rows.len() {
            rows.push(Default::default());
        }
        last = None;
        if word == "-" || word == "+" {
            continue;
        }
        if word == "--" {
            warn(warnings, token.pos, "`--` read as `-`".to_owned());
            continue;
        }
        let card: Card = word.parse().map_err(|_| PbnError::Card { line, column, token: word.to_owned() })?;
        if word.len() != 2 || word.bytes().any(|byte| byte.is_ascii_lowercase()) {
            warn(warnings, token.pos, format!("nonstandard card {word:?} read as {card}"));
        }
        if let Some(slot) = rows.get_mut(row).and_then(|row| row.get_mut(seat)) {
            *slot = Some(PlayedCard { card, pos: token.pos, annotations: Vec::new() });
        }
        last = Some((row, seat));
    }
    let (cards, positions) = play_order(leader, strain, &rows, tag)?;
    Ok(PbnPlay { leader, rows, cards, positions, notes: game.notes_after("Play"), ended })
}

/// The cards of `rows` in play order, up to the first unknown card.
fn play_order(
    leader: Seat,
    strain: Option<Strain>,
    rows: &[[Option<PlayedCard>; 4]],
    tag: &Tag,
) -> Result<(Vec<Card>, Vec<Pos>), PbnError> {
    let mut cards = Vec::new();
    let mut positions = Vec::new();
    let mut trick_leader = leader;
    for (row_idx, row) in rows.iter().enumerate() {
        let mut trick = Vec::with_capacity(4);
        for step in 0..4 {
            let seat = trick_leader.rotate(step);
            match &row[leader.steps_to(seat)] {
                Some(played) => {
                    trick.push(played.card);
                    cards.push(played.card);
                    positions.push(played.pos);
                }
                None => return Ok((cards, positions)),
            }
        }
        if row_idx + 1 == rows.len() {
            break;
        }
        let Some(strain) = strain else {
            let Pos { line, column } = tag.pos;
            return Err(PbnError::NoTrump { line, column });
        };
        let winner = winning_index(&trick, strain).unwrap_or(0);
        trick_leader = trick_leader.rotate(winner);
    }
    Ok((cards, positions))
}

/// The rows PBN writes for `cards` played in order from `leader`: each
/// trick by seat clockwise from `leader`, `None` for cards not played.
#[must_use]
pub(crate) fn play_rows(leader: Seat, strain: Strain, cards: &[Card]) -> Vec<[Option<Card>; 4]> {
    let mut res = Vec::new();
    let mut trick_leader = leader;
    for trick in cards.chunks(4) {
        let mut row = [None; 4];
        for (step, card) in trick.iter().enumerate() {
            row[leader.steps_to(trick_leader.rotate(step))] = Some(*card);
        }
        res.push(row);
        if trick.len() == 4 {
            trick_leader = trick_leader.rotate(winning_index(trick, strain).unwrap_or(0));
        }
    }
    res
}

fn section_tokens(tag: &Tag) -> &[Token] {
    match &tag.section {
        Section::Tokens(tokens) => tokens,
        Section::Rows(_) => &[],
    }
}

fn annotation(kind: &TokenKind) -> Option<Annotation> {
    match kind {
        TokenKind::NoteRef(number) => Some(Annotation::Note(*number)),
        TokenKind::Nag(number) => Some(Annotation::Nag(*number)),
        TokenKind::Suffix(suffix) => Some(Annotation::Suffix(suffix.clone())),
        TokenKind::Commentary(commentary) => Some(Annotation::Commentary(commentary.text.clone())),
        TokenKind::Word(_) | TokenKind::End => None,
    }
}

/// `Pass`, `X`, `XX` and bids such as `1C`, `3NT`: the spellings PBN defines.
fn is_standard_call(word: &str) -> bool {
    match word {
        "Pass" | "X" | "XX" => true,
        _ => {
            let bytes = word.as_bytes();
            matches!(bytes.first(), Some(b'1'..=b'7'))
                && matches!(bytes.get(1..), Some(b"C" | b"D" | b"H" | b"S" | b"NT"))
        }
    }
}

/// `1:text` into a note; `None` when the number is missing.
pub(crate) fn parse_note(value: &str) -> Option<Note> {
    let (number, text) = value.split_once(':')?;
    Some(Note { number: number.trim().parse().ok()?, text: text.to_owned() })
}

pub(crate) fn word(text: &str) -> Token {
    Token { kind: TokenKind::Word(Word::from(text)), pos: Pos::default() }
}

fn value_error(tag: &Tag, reason: &str) -> PbnError {
    let Pos { line, column } = tag.value_pos;
    PbnError::TagValue { line, column, tag: tag.name.clone(), value: tag.value.clone(), reason: reason.to_owned() }
}

fn missing(game: &PbnGame, tag: &str) -> PbnError {
    let Pos { line, column } = game.pos();
    PbnError::MissingTag { line, column, tag: tag.to_owned() }
}

fn warn(warnings: &mut Vec<Diagnostic>, pos: Pos, message: String) {
    warnings.push(Diagnostic { pos, severity: Severity::Warning, game: None, message });
}
