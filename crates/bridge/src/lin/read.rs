//! Reading LIN text: the pairs, the boards they form, and each board as bridge types.

use crate::lin::{LinCall, LinError, LinErrorKind, LinGame, LinTag};
use crate::{
    board_dealer, board_vulnerability, Auction, BySeat, Call, Card, Deal, Game, Hand, Play, Rank, Seat, Suit,
    Vulnerability,
};

/// Reads LIN text into one result per board. A board starts at a `qx` tag,
/// or at an `md`, `sv` or `ah` tag when the board so far already has one or
/// has calls or cards; a `pn` tag after a deal starts the next board too.
/// Tags other than `pn md sv ah qx mb an pc mc nt` are skipped. A tag name
/// that is not two letters makes its board an error, or is an error of its
/// own before the first board.
#[must_use]
pub fn parse(text: &str) -> Vec<Result<LinGame, LinError>> {
    let tags = tags(text);
    let mut res = Vec::new();
    let mut players: Option<&LinTag> = None;
    let mut board: Option<BoardTags<'_>> = None;
    for tag in &tags {
        if !is_tag_name(&tag.name) {
            match &mut board {
                Some(board) => board.tags.push(tag),
                None => res.push(Err(error(tag, LinErrorKind::TagName(tag.name.clone())))),
            }
            continue;
        }
        let name = tag.name.as_str();
        let starts_board = match name {
            "qx" => true,
            "pn" => board.as_ref().is_some_and(|board| board.has("md")),
            "md" | "sv" | "ah" => board.as_ref().is_some_and(|board| board.has(name) || board.has_play()),
            _ => false,
        };
        if starts_board {
            res.extend(board.take().map(read_board));
        }
        match name {
            "pn" => {
                players = Some(tag);
                if let Some(board) = &mut board {
                    board.players = Some(tag);
                }
            }
            "qx" | "md" | "sv" | "ah" | "mb" | "an" | "pc" | "mc" => {
                board.get_or_insert_with(|| BoardTags { tags: Vec::new(), players }).tags.push(tag);
            }
            "nt" => {
                if let Some(board) = &mut board {
                    board.tags.push(tag);
                }
            }
            _ => {}
        }
    }
    res.extend(board.map(read_board));
    res
}

/// Splits LIN text into its `tag|value|` pairs. White space around a name
/// is dropped; a missing final `|` ends the last value at the end of the
/// text, and text after the last `|` is a name with an empty value.
#[must_use]
pub fn tags(text: &str) -> Vec<LinTag> {
    let mut res = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        let Some(bar) = rest.find('|') else {
            if !rest.trim().is_empty() {
                push_tag(&mut res, rest, "", at);
            }
            break;
        };
        let after = &rest[bar + 1..];
        let (value, consumed) = match after.find('|') {
            Some(end) => (&after[..end], end + 1),
            None => (after, after.len()),
        };
        push_tag(&mut res, &rest[..bar], value, at);
        at += bar + 1 + consumed;
    }
    res
}

/// The tags of one board, with the `pn` tag in effect.
struct BoardTags<'a> {
    tags: Vec<&'a LinTag>,
    players: Option<&'a LinTag>,
}

impl BoardTags<'_> {
    fn has(&self, name: &str) -> bool {
        self.tags.iter().any(|tag| tag.name == name)
    }

    /// The auction or the play has begun.
    fn has_play(&self) -> bool {
        self.tags.iter().any(|tag| matches!(tag.name.as_str(), "mb" | "pc" | "mc"))
    }
}

/// What a board's tags said so far.
#[derive(Default)]
struct Board {
    id: Option<String>,
    heading_number: Option<u32>,
    id_number: Option<u32>,
    deal: Option<(Deal, Option<Seat>)>,
    vulnerability: Option<Vulnerability>,
    auction: Option<Auction>,
    calls: Vec<LinCall>,
    play: Option<Play>,
    claim: Option<u8>,
    notes: Vec<String>,
}

impl Board {
    fn number(&self) -> Option<u32> {
        self.heading_number.or(self.id_number)
    }

    /// The `md` digit, else the dealer of the board number.
    fn dealer(&self) -> Option<Seat> {
        self.deal.and_then(|(_, dealer)| dealer).or_else(|| self.number().map(board_dealer))
    }
}

fn read_board(board_tags: BoardTags<'_>) -> Result<LinGame, LinError> {
    let Some(first) = board_tags.tags.first().copied() else { unreachable!("a board is made with its first tag") };
    let mut board = Board::default();
    let mut md_tag = None;
    for tag in &board_tags.tags {
        read_tag(&mut board, tag).map_err(|kind| error(tag, kind))?;
        if tag.name == "md" {
            md_tag = Some(*tag);
        }
    }
    let Some(md_tag) = md_tag else { return Err(error(first, LinErrorKind::MissingDeal)) };
    let Some(dealer) = board.dealer() else { return Err(error(md_tag, LinErrorKind::NoDealer)) };
    let Some((deal, _)) = board.deal else { unreachable!("an md tag was read into a deal") };
    let number = board.number();
    let vulnerability = board.vulnerability.or_else(|| number.map(board_vulnerability)).unwrap_or_default();
    let auction = board.auction.unwrap_or_else(|| Auction::new(dealer));
    let play = board.play.map(|play| play.cards().collect()).unwrap_or_default();
    Ok(LinGame {
        board: number,
        players: players(board_tags.players, board.id.as_deref()),
        id: board.id,
        game: Game { deal, vulnerability, auction, play },
        calls: board.calls,
        claim: board.claim,
        notes: board.notes,
        offset: first.offset,
    })
}

fn read_tag(board: &mut Board, tag: &LinTag) -> Result<(), LinErrorKind> {
    let value = tag.value.trim();
    match tag.name.as_str() {
        "qx" => {
            board.id = Some(value.to_owned()).filter(|id| !id.is_empty());
            board.id_number = first_number(value);
        }
        "ah" => {
            let lower = value.to_ascii_lowercase();
            let after_board = lower.find("board").map_or(value, |at| &value[at..]);
            board.heading_number = first_number(after_board);
        }
        "md" => board.deal = Some(read_deal(value)?),
        "sv" => board.vulnerability = read_vulnerability(value)?,
        "mb" => read_call(board, value)?,
        "an" => {
            let text = tag.value.trim();
            match board.calls.last_mut() {
                Some(call) if !text.is_empty() => match &mut call.explanation {
                    Some(explanation) => {
                        explanation.push(' ');
                        explanation.push_str(text);
                    }
                    None => call.explanation = Some(text.to_owned()),
                },
                Some(_) => {}
                None => board.notes.push(text.to_owned()),
            }
        }
        "pc" => read_card(board, value)?,
        "mc" => read_claim(board, value)?,
        "nt" => board.notes.push(tag.value.trim().to_owned()),
        name if !is_tag_name(name) => return Err(LinErrorKind::TagName(name.to_owned())),
        _ => {}
    }
    Ok(())
}

/// `3SAKQ2HKQ3DA54CK32,S...,S...,`: the dealer digit, then the hands of
/// South, West, North and East; a missing or empty hand is unknown, and a
/// single unknown hand gets the remaining cards.
fn read_deal(value: &str) -> Result<(Deal, Option<Seat>), LinErrorKind> {
    let (dealer, hands_text) = match value.chars().next() {
        Some(digit) if digit.is_ascii_digit() => {
            let dealer = match digit {
                '1' => Seat::South,
                '2' => Seat::West,
                '3' => Seat::North,
                '4' => Seat::East,
                other => return Err(LinErrorKind::Dealer(other)),
            };
            (Some(dealer), &value[1..])
        }
        _ => (None, value),
    };
    let parts: Vec<&str> = hands_text.split(',').collect();
    if parts.iter().skip(4).any(|part| !part.trim().is_empty()) {
        return Err(LinErrorKind::HandCount(parts.len()));
    }
    let mut hands = BySeat([Hand::EMPTY; 4]);
    for (idx, text) in parts.iter().take(4).enumerate() {
        let seat = Seat::South.rotate(idx);
        let hand = read_hand(seat, text)?;
        if !hand.is_empty() && hand.len() != 13 {
            return Err(LinErrorKind::HandSize { seat, len: hand.len() });
        }
        hands[seat] = hand;
    }
    let deal = Deal::from_hands(hands).map_err(LinErrorKind::Deal)?;
    Ok((deal.complete_fourth_hand(), dealer))
}

/// `SAKQ2HKQ3DA54CK32`: suit letters each followed by ranks, in any case
/// and order; `10` for the ten.
fn read_hand(seat: Seat, text: &str) -> Result<Hand, LinErrorKind> {
    let err = |reason| LinErrorKind::Hand { seat, text: text.trim().to_owned(), reason };
    let mut res = Hand::EMPTY;
    let mut suit = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        if let Some(next_suit) = Suit::from_char(c) {
            suit = Some(next_suit);
            continue;
        }
        let rank = match c {
            '1' if chars.next_if_eq(&'0').is_some() => Rank::Ten,
            _ => Rank::from_char(c).ok_or_else(|| err("expected suit letters S, H, D, C and ranks"))?,
        };
        let suit = suit.ok_or_else(|| err("a rank before any suit letter"))?;
        if !res.insert(Card::new(suit, rank)) {
            return Err(err("a card written twice"));
        }
    }
    Ok(res)
}

/// `o`, `0` or `-` for none, `n`, `e` or `b`; empty for unknown.
fn read_vulnerability(value: &str) -> Result<Option<Vulnerability>, LinErrorKind> {
    match value.to_ascii_lowercase().as_str() {
        "" => Ok(None),
        "o" | "0" | "-" => Ok(Some(Vulnerability::None)),
        "n" => Ok(Some(Vulnerability::NorthSouth)),
        "e" => Ok(Some(Vulnerability::EastWest)),
        "b" => Ok(Some(Vulnerability::Both)),
        _ => Err(LinErrorKind::Vulnerability(value.to_owned())),
    }
}

/// `p`, `d`, `r`, `1c`..`7n`, alerted with a final `!`.
fn read_call(board: &mut Board, value: &str) -> Result<(), LinErrorKind> {
    if board.deal.is_none() {
        return Err(LinErrorKind::CallBeforeDeal);
    }
    let dealer = board.dealer().ok_or(LinErrorKind::NoDealer)?;
    let spelling = value.trim_end_matches('!').trim();
    let alerted = value.ends_with('!');
    let call: Call = spelling.parse().map_err(|_| LinErrorKind::Call(value.to_owned()))?;
    let auction = board.auction.get_or_insert_with(|| Auction::new(dealer));
    auction.call(call).map_err(|source| LinErrorKind::IllegalCall { call, source })?;
    board.calls.push(LinCall { call, alerted, explanation: None });
    Ok(())
}

fn read_card(board: &mut Board, value: &str) -> Result<(), LinErrorKind> {
    let card: Card = value.parse().map_err(|_| LinErrorKind::Card(value.to_owned()))?;
    if board.play.is_none() {
        board.play = Some(start_play(board).ok_or(LinErrorKind::NoContract)?);
    }
    let Some(play) = &mut board.play else { unreachable!("the play was just started") };
    play.play(card).map_err(LinErrorKind::IllegalPlay)
}

fn start_play(board: &Board) -> Option<Play> {
    let (deal, _) = board.deal?;
    let auction = board.auction.as_ref().filter(|auction| auction.is_complete())?;
    let contract = auction.contract()?;
    let declarer = auction.declarer()?;
    Some(Play::new(deal, contract.strain(), declarer.next()))
}

/// The tricks declarer claims in all: no fewer than won, no more than won
/// and still to play.
fn read_claim(board: &mut Board, value: &str) -> Result<(), LinErrorKind> {
    let claimed: u8 =
        value.parse().ok().filter(|tricks| *tricks <= 13).ok_or_else(|| LinErrorKind::Claim(value.to_owned()))?;
    let declarer = board.auction.as_ref().and_then(Auction::declarer);
    if let (Some(play), Some(declarer)) = (&board.play, declarer) {
        let won = play.tricks_won(declarer.side());
        let left = 13 - play.tricks().len().min(13);
        if usize::from(claimed) < won || usize::from(claimed) > won + left {
            return Err(LinErrorKind::ImpossibleClaim { claimed, won, left });
        }
    }
    board.claim = Some(claimed);
    Ok(())
}

/// The names of `pn` by seat: four names from South clockwise, or eight
/// (open room, then closed room) in vugraph files, where a `c` board id
/// picks the closed room.
fn players(tag: Option<&LinTag>, id: Option<&str>) -> BySeat<String> {
    let mut res = BySeat::<String>::default();
    let Some(tag) = tag else { return res };
    let names: Vec<&str> = tag.value.split(',').map(str::trim).collect();
    let closed = names.len() >= 8 && id.is_some_and(|id| id.starts_with(['c', 'C']));
    let first = if closed { 4 } else { 0 };
    for (idx, name) in names.iter().skip(first).take(4).enumerate() {
        res[Seat::South.rotate(idx)] = (*name).to_owned();
    }
    res
}

/// The first run of digits, as a number.
fn first_number(text: &str) -> Option<u32> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let digits = &text[start..];
    let end = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
    digits[..end].parse().ok()
}

fn is_tag_name(name: &str) -> bool {
    name.len() == 2 && name.bytes().all(|byte| byte.is_ascii_lowercase())
}

fn push_tag(tags: &mut Vec<LinTag>, raw_name: &str, value: &str, at: usize) {
    // A byte order mark may open a file.
    let blank = |c: char| c.is_whitespace() || c == '\u{feff}';
    let lead = raw_name.len() - raw_name.trim_start_matches(blank).len();
    let name = raw_name.trim_matches(blank).to_ascii_lowercase();
    tags.push(LinTag { name, value: value.to_owned(), offset: at + lead, index: tags.len() });
}

fn error(tag: &LinTag, kind: LinErrorKind) -> LinError {
    LinError { offset: tag.offset, tag_index: tag.index, tag: tag.name.clone(), kind }
}
