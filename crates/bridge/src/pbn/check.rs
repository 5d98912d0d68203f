//! The checker: every problem of every game, from a malformed tag to an
//! impossible card, each located in the text.

use crate::pbn::game::{parse_note, read_auction, read_play};
use crate::pbn::{Annotation, Diagnostic, PbnContract, PbnError, PbnFile, PbnGame, Pos, Severity, Tag};
use crate::{Play, Seat};

/// Checks every game of `file` against the rules of bridge and of PBN: tag
/// values, the deal, the legality of the auction and the play, the agreement
/// of Declarer, Contract and Result with them, and note references. Meanings
/// that are clear but nonstandard (`P` for Pass, `cq` for CQ) are warnings.
#[must_use]
pub fn check(file: &PbnFile) -> Vec<Diagnostic> {
    let mut res = Vec::new();
    for (idx, game) in file.games.iter().enumerate() {
        let start = res.len();
        check_game(game, &mut res);
        for diagnostic in &mut res[start..] {
            diagnostic.game = Some(idx);
        }
    }
    res
}

fn check_game(game: &PbnGame, out: &mut Vec<Diagnostic>) {
    let board = game.board_number();
    report(out, board);
    let dealer = ok(out, game.dealer());
    if let (Some(_), Some(tag)) = (dealer, game.tag("Dealer")) {
        if !matches!(tag.value.trim(), "N" | "E" | "S" | "W") {
            warn(out, tag.value_pos, format!("nonstandard Dealer {:?}", tag.value));
        }
    }
    if let (Some(Ok(_)), Some(tag)) = (game.vulnerability(), game.tag("Vulnerable")) {
        if !matches!(tag.value.trim(), "None" | "NS" | "EW" | "All" | "Love" | "-") {
            warn(out, tag.value_pos, format!("nonstandard Vulnerable {:?}", tag.value));
        }
    } else {
        report(out, game.vulnerability());
    }
    let deal = ok(out, game.deal());
    if let (Some(deal), Some(tag)) = (deal, game.tag("Deal")) {
        match deal.hand_len() {
            0 => error(out, tag.value_pos, "the deal holds no card".to_owned()),
            13 => {}
            len => warn(out, tag.value_pos, format!("the deal is an end position of {len} cards per hand")),
        }
    }
    if let Some(tag) = game.tag("Date") {
        check_date(out, tag);
    }
    let declarer = ok(out, game.declarer());
    let contract = ok(out, game.contract());
    let result = ok(out, game.result());
    for tag in game.tags().filter(|tag| tag.name == "Note") {
        if parse_note(&tag.value).is_none() {
            error(out, tag.value_pos, format!("invalid Note {:?}: expected a number, a colon and text", tag.value));
        }
    }

    let mut final_declarer = declarer;
    let mut strain = match contract {
        Some(PbnContract::Contract(contract)) => Some(contract.strain()),
        Some(PbnContract::Strain(strain)) => Some(strain),
        _ => None,
    };
    if let Some(tag) = game.tag("Auction").filter(|tag| !matches!(tag.value.trim(), "" | "?" | "-")) {
        let mut warnings = Vec::new();
        let auction = read_auction(game, tag, &mut warnings);
        out.append(&mut warnings);
        match auction {
            Err(err) => push_error(out, &err),
            Ok(auction) => {
                if let Some(dealer) = dealer {
                    if auction.first != dealer && !auction.calls.is_empty() {
                        let Pos { line, column } = tag.value_pos;
                        push_error(out, &PbnError::AuctionSeat { line, column, found: auction.first, dealer });
                    }
                }
                let notes: Vec<u32> = auction.notes.iter().map(|note| note.number).collect();
                for call in &auction.calls {
                    check_note_refs(out, &call.annotations, &notes, call.pos);
                }
                if auction.auction.is_complete() {
                    let found = auction.auction.contract();
                    strain = strain.or(found.map(|contract| contract.strain()));
                    final_declarer = final_declarer.or(auction.auction.declarer());
                    check_against_auction(out, game, contract, declarer, &auction.auction);
                }
            }
        }
    }
    if let Some(tag) = game.tag("Play").filter(|tag| !matches!(tag.value.trim(), "" | "?" | "-")) {
        check_play(out, game, tag, strain, final_declarer, deal, result);
    }
}

fn check_play(
    out: &mut Vec<Diagnostic>,
    game: &PbnGame,
    tag: &Tag,
    strain: Option<crate::Strain>,
    declarer: Option<Seat>,
    deal: Option<crate::Deal>,
    result: Option<u8>,
) {
    let mut warnings = Vec::new();
    let play = read_play(game, tag, strain, &mut warnings);
    out.append(&mut warnings);
    let play = match play {
        Ok(play) => play,
        Err(err) => return push_error(out, &err),
    };
    if let Some(declarer) = declarer {
        if play.leader != declarer.next() {
            let message =
                format!("the opening leader is {}, not {} on declarer {declarer}'s left", play.leader, declarer.next());
            error(out, tag.value_pos, message);
        }
    }
    let notes: Vec<u32> = play.notes.iter().map(|note| note.number).collect();
    for card in play.rows.iter().flatten().flatten() {
        check_note_refs(out, &card.annotations, &notes, card.pos);
    }
    let (Some(deal), Some(strain)) = (deal, strain) else { return };
    if !deal.is_complete() {
        return;
    }
    let irregular = play
        .rows
        .iter()
        .flatten()
        .flatten()
        .any(|card| card.annotations.iter().any(|annotation| matches!(annotation, Annotation::Irregularity(_))));
    match Play::replay(deal, strain, play.leader, play.cards.iter().copied()) {
        Err(err) if irregular => {
            let pos = play.positions.get(err.index).copied().unwrap_or(tag.pos);
            warn(out, pos, format!("play with irregularities: {} (not checked further)", err.error));
        }
        Err(err) => {
            let Pos { line, column } = play.positions.get(err.index).copied().unwrap_or(tag.pos);
            push_error(out, &PbnError::IllegalPlay { line, column, source: err.error });
        }
        Ok(replayed) => {
            if let (true, Some(result), Some(declarer)) = (replayed.is_over(), result, declarer) {
                let won = replayed.tricks_won(declarer.side());
                if usize::from(result) != won {
                    let pos = game.tag("Result").map_or(tag.pos, |tag| tag.value_pos);
                    error(out, pos, format!("Result {result} but the play gives declarer {won} tricks"));
                }
            }
        }
    }
}

/// The Contract and Declarer tags must say what the complete auction says.
fn check_against_auction(
    out: &mut Vec<Diagnostic>,
    game: &PbnGame,
    contract: Option<PbnContract>,
    declarer: Option<Seat>,
    auction: &crate::Auction,
) {
    let found = match auction.contract() {
        Some(contract) => PbnContract::Contract(contract),
        None => PbnContract::PassedOut,
    };
    if let (Some(contract), Some(tag)) = (contract, game.tag("Contract")) {
        if contract != found
            && !matches!(contract, PbnContract::Strain(strain) if Some(strain) == auction.contract().map(|c| c.strain()))
        {
            let found = match found {
                PbnContract::Contract(contract) => contract.to_string(),
                PbnContract::PassedOut | PbnContract::Strain(_) => "Pass".to_owned(),
            };
            error(
                out,
                tag.value_pos,
                format!("Contract {:?} contradicts the auction, which ends in {found}", tag.value),
            );
        }
    }
    if let (Some(declarer), Some(tag)) = (declarer, game.tag("Declarer")) {
        if Some(declarer) != auction.declarer() && !tag.value.trim().starts_with('^') {
            let found = auction.declarer().map_or_else(|| "no declarer".to_owned(), |seat| seat.to_string());
            error(out, tag.value_pos, format!("Declarer {declarer} contradicts the auction, which gives {found}"));
        }
    }
}

fn check_note_refs(out: &mut Vec<Diagnostic>, annotations: &[Annotation], notes: &[u32], pos: Pos) {
    for annotation in annotations {
        if let Annotation::Note(number) = annotation {
            if !notes.contains(number) {
                warn(out, pos, format!("no Note {number} for the reference ={number}="));
            }
        }
    }
}

/// `yyyy.mm.dd` with `?` for unknown digits; other dates are warnings.
fn check_date(out: &mut Vec<Diagnostic>, tag: &Tag) {
    let value = tag.value.trim();
    if value.is_empty() || value == "?" || value == "#" {
        return;
    }
    let bytes = value.as_bytes();
    let digit = |idx: usize| bytes.get(idx).is_some_and(|byte| byte.is_ascii_digit() || *byte == b'?');
    let standard = bytes.len() == 10
        && (0..4).all(digit)
        && bytes.get(4) == Some(&b'.')
        && (5..7).all(digit)
        && bytes.get(7) == Some(&b'.')
        && (8..10).all(digit);
    if !standard {
        warn(out, tag.value_pos, format!("nonstandard Date {value:?}: expected yyyy.mm.dd"));
    }
}

/// The value, or `None` after reporting its error.
fn ok<T>(out: &mut Vec<Diagnostic>, value: Option<Result<T, PbnError>>) -> Option<T> {
    match value? {
        Ok(value) => Some(value),
        Err(err) => {
            push_error(out, &err);
            None
        }
    }
}

fn report<T>(out: &mut Vec<Diagnostic>, value: Option<Result<T, PbnError>>) {
    ok(out, value);
}

fn push_error(out: &mut Vec<Diagnostic>, err: &PbnError) {
    error(out, err.pos(), err.to_string());
}

fn error(out: &mut Vec<Diagnostic>, pos: Pos, message: String) {
    out.push(Diagnostic { pos, severity: Severity::Error, game: None, message });
}

fn warn(out: &mut Vec<Diagnostic>, pos: Pos, message: String) {
    out.push(Diagnostic { pos, severity: Severity::Warning, game: None, message });
}
