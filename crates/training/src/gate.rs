//! The write gate: every write of a board's game passes here, from a loose draft to a trusted [`Board`].

use std::fmt;

use bridge::{Auction, BySeat, Call, Card, Deal, Game, Hand, Play, Seat, Vulnerability};

use crate::board::{
    Board, BoardGame, BoardId, CommentSlot, Derived, LevelClass, Metadata, OpeningSide, Ownership, Timestamp,
    Timestamps,
};
use crate::{
    gaps, is_valid_deal_code, languages, minibridge_declarer, DoubleStatus, Locale, Localized, RichText, TeachingMode,
};

/// The version of the gate's rules, stamped on every board it lets through.
/// Version 2 adds the teaching modes' rules.
pub const GATE_VERSION: u32 = 2;

/// A board as typed by a teacher, imported or read back from storage; not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardDraft {
    pub id: BoardId,
    pub code: String,
    pub owner: Ownership,
    pub metadata: Metadata,
    /// When the board was created; `None` for a new board, which is created now.
    pub created: Option<Timestamp>,
    pub deleted: Option<Timestamp>,
    pub first_published: Option<Timestamp>,
    pub dealer: Seat,
    pub vulnerability: Vulnerability,
    pub hands: BySeat<Vec<Card>>,
    /// The declarer as given; a complete auction decides it anyway.
    pub declarer: Option<Seat>,
    /// The seat the learner plays.
    pub player: Option<Seat>,
    pub calls: Vec<DraftCall>,
    pub play: Vec<DraftCard>,
    pub review: DraftComment,
}

/// A call of a draft, with the seat that made it when the source says so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraftCall {
    pub seat: Option<Seat>,
    pub call: Call,
    pub comment: DraftComment,
}

/// A card of a draft's play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraftCard {
    pub card: Card,
    pub comment: DraftComment,
}

/// A comment as it arrives: absent, a plain string, rich text of an unsaid
/// language, or already localized.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum DraftComment {
    #[default]
    None,
    Plain(String),
    Rich(RichText),
    Localized(Localized),
}

/// A board that passed the gate, with what the gate changed on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GatedBoard {
    pub board: Board,
    pub report: GateReport,
}

/// The corrections the gate made; empty when the draft was already canonical.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GateReport {
    pub notes: Vec<GateNote>,
}

/// One correction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GateNote {
    /// The complete auction names another declarer than the draft (seats of the draft).
    DeclarerCorrected { given: Seat, actual: Seat },
    /// The whole game turned `steps` seats clockwise to seat declarer South.
    Rotated { steps: usize },
    /// A minibridge board has no auction and no play: the draft's were dropped.
    MinibridgeCleared { calls: usize, cards: usize },
    /// The learner of a minibridge board plays declarer (seats of the draft).
    PlayerCorrected { given: Seat, actual: Seat },
}

/// Why the gate refused a draft, with what to fix.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}: {detail}")]
pub struct GateRejection {
    pub reason: RejectionReason,
    pub detail: String,
}

/// The kinds of rejection, each with a stable code for the app's strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RejectionReason {
    InvalidCode,
    CodeMismatch,
    CommentLocaleRequired,
    MalformedHands,
    IllegalCall,
    AuctionNotFromDealer,
    CallOutOfTurn,
    MissingDeclarer,
    MissingPlayer,
    ImpossiblePlay,
    IncompleteTranslation,
    /// The teaching mode shows or practises the auction's contract, and there is none.
    ModeNeedsContract,
    /// Minibridge counts the points of four whole hands.
    ModeNeedsFullDeal,
    /// The goal of "show trump and goal" is not a number of tricks of the deal.
    InvalidGoal,
}

impl RejectionReason {
    /// The stable code: `invalid_code`, `code_mismatch`, ...
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            RejectionReason::InvalidCode => "invalid_code",
            RejectionReason::CodeMismatch => "code_mismatch",
            RejectionReason::CommentLocaleRequired => "comment_locale_required",
            RejectionReason::MalformedHands => "malformed_hands",
            RejectionReason::IllegalCall => "illegal_call",
            RejectionReason::AuctionNotFromDealer => "auction_not_from_dealer",
            RejectionReason::CallOutOfTurn => "call_out_of_turn",
            RejectionReason::MissingDeclarer => "missing_declarer",
            RejectionReason::MissingPlayer => "missing_player",
            RejectionReason::ImpossiblePlay => "impossible_play",
            RejectionReason::IncompleteTranslation => "incomplete_translation",
            RejectionReason::ModeNeedsContract => "mode_needs_contract",
            RejectionReason::ModeNeedsFullDeal => "mode_needs_full_deal",
            RejectionReason::InvalidGoal => "invalid_goal",
        }
    }
}

impl fmt::Display for RejectionReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl DraftComment {
    /// A stored or rewritten localized text going back through the gate: kept as it is, or no
    /// comment at all when it is blank.
    pub(crate) fn localized(text: Localized) -> DraftComment {
        match text.is_blank() {
            true => DraftComment::None,
            false => DraftComment::Localized(text),
        }
    }
}

/// The rejections on one line, separated by `; `: the message of the errors that carry them.
pub(crate) fn join_rejections(rejections: &[GateRejection]) -> String {
    rejections.iter().map(ToString::to_string).collect::<Vec<String>>().join("; ")
}

impl Board {
    /// The board as a draft, for an edit or a second pass through the gate:
    /// comments localized, seats as stored (declarer South).
    #[must_use]
    pub fn to_draft(&self) -> BoardDraft {
        let game = &self.game;
        let localized = |text: &Localized| DraftComment::localized(text.clone());
        let auction = game.auction();
        BoardDraft {
            id: self.id.clone(),
            code: self.code.clone(),
            owner: self.owner.clone(),
            metadata: self.metadata.clone(),
            created: Some(self.timestamps.created),
            deleted: self.timestamps.deleted,
            first_published: self.timestamps.first_published,
            dealer: auction.dealer(),
            vulnerability: game.vulnerability(),
            hands: game.deal().hands().map(|hand| hand.iter().collect()),
            declarer: Some(game.declarer()),
            player: Some(game.player()),
            calls: auction
                .calls()
                .iter()
                .zip(&game.call_comments)
                .enumerate()
                .map(|(idx, (call, comment))| DraftCall {
                    seat: Some(auction.seat_of(idx)),
                    call: *call,
                    comment: localized(comment),
                })
                .collect(),
            play: game
                .play()
                .iter()
                .zip(&game.card_comments)
                .map(|(card, comment)| DraftCard { card: *card, comment: localized(comment) })
                .collect(),
            review: localized(&game.review),
        }
    }
}

/// Checks a draft and turns it into a persistable board, in the order of
/// the product's rules:
///
/// 1. the code must be a valid deal code, unless it equals `stored_code`
///    (the board's code so far, grandfathered) byte for byte; a board's
///    code never changes, so any other code is a mismatch;
/// 2. the shape is canonicalised (name trimmed, theme lists sorted without
///    duplicates, blank comments dropped) and a complete auction decides the
///    declarer, reported when it corrects the given one; the teaching mode
///    adds its needs: minibridge drops any auction and play, and its
///    declarer (who is also the learner) is the stronger hand of the
///    stronger side; the modes that show or practise the contract need a
///    complete auction, and "show trump and goal" a goal within the deal;
/// 3. plain-text and rich but unlocalized comments need `comment_locale`;
/// 4. plain comments are parsed for suits and seats, and wrapped with rich
///    ones at that locale; localized ones are kept;
/// 5. the whole game, comments' seats included, turns so declarer sits South;
/// 6. hands, auction and play are validated, the play replayed card by card
///    (no repair; rejections name the seats as the draft does), and once the board holds two languages every comment
///    must be in all of them;
/// 7. derived fields are computed and the gate's version and `now` stamped;
///    `now` is also the update time, and the creation time of a new board.
///
/// # Errors
/// Every rejection found, not only the first.
pub fn gate(
    mut draft: BoardDraft,
    stored_code: Option<&str>,
    now: Timestamp,
    comment_locale: Option<&Locale>,
) -> Result<GatedBoard, Vec<GateRejection>> {
    let mut rejections: Vec<GateRejection> = Vec::new();
    let mut reject = |reason: RejectionReason, detail: String| rejections.push(GateRejection { reason, detail });
    let mut notes: Vec<GateNote> = Vec::new();

    // 1. The code.
    match stored_code {
        Some(stored) if stored == draft.code => {}
        Some(stored) => reject(
            RejectionReason::CodeMismatch,
            format!("the code {:?} differs from the stored code {stored:?}", draft.code),
        ),
        None if is_valid_deal_code(&draft.code) => {}
        None => reject(RejectionReason::InvalidCode, format!("{:?} is not a valid deal code", draft.code)),
    }

    // 2. Canonical shape, and the auction deciding the declarer.
    let metadata = canonical_metadata(draft.metadata);
    let mode = metadata.teaching_mode;
    if mode == TeachingMode::Minibridge && !(draft.calls.is_empty() && draft.play.is_empty()) {
        notes.push(GateNote::MinibridgeCleared { calls: draft.calls.len(), cards: draft.play.len() });
        draft.calls.clear();
        draft.play.clear();
    }
    let deal = check_hands(&draft.hands, &mut reject);
    let auction = check_auction(draft.dealer, &draft.calls, &mut reject);
    let declarer = match &auction {
        Some(auction) if auction.is_passed_out() => {
            reject(RejectionReason::MissingDeclarer, "the auction is passed out: nobody declares".to_owned());
            None
        }
        Some(auction) => match (auction.declarer(), draft.declarer) {
            (Some(actual), Some(given)) if actual != given => {
                notes.push(GateNote::DeclarerCorrected { given, actual });
                Some(actual)
            }
            (Some(actual), _) => Some(actual),
            (None, Some(given)) => Some(given),
            // Minibridge decides its declarer from the hands, below.
            (None, None) if mode == TeachingMode::Minibridge => None,
            (None, None) => {
                reject(
                    RejectionReason::MissingDeclarer,
                    "no declarer given and the auction is not complete".to_owned(),
                );
                None
            }
        },
        None => draft.declarer,
    };
    // 2b. What the teaching mode needs: minibridge decides its declarer and
    // learner, the modes built on the auction's contract need one.
    let (declarer, player) = match mode {
        TeachingMode::Minibridge => match &deal {
            Some(deal) if deal.is_complete() => {
                let actual = minibridge_declarer(deal, draft.dealer);
                if let Some(given) = draft.declarer.filter(|given| *given != actual) {
                    notes.push(GateNote::DeclarerCorrected { given, actual });
                }
                if let Some(given) = draft.player.filter(|given| *given != actual) {
                    notes.push(GateNote::PlayerCorrected { given, actual });
                }
                (Some(actual), Some(actual))
            }
            Some(_) => {
                reject(
                    RejectionReason::ModeNeedsFullDeal,
                    "minibridge needs four hands of 13 cards, not an end position".to_owned(),
                );
                (None, None)
            }
            None => (None, None),
        },
        _ => {
            if mode.needs_contract() && auction.as_ref().is_some_and(|auction| auction.contract().is_none()) {
                reject(
                    RejectionReason::ModeNeedsContract,
                    format!("the teaching mode {mode} needs a complete auction with a contract"),
                );
            }
            if let TeachingMode::ShowTrumpAndGoal { tricks } = mode {
                let n_tricks = draft.hands[Seat::North].len();
                if tricks == 0 || n_tricks < usize::from(tricks) {
                    reject(
                        RejectionReason::InvalidGoal,
                        format!("the goal of {tricks} tricks is not between 1 and the {n_tricks} tricks of the deal"),
                    );
                }
            }
            (declarer, draft.player)
        }
    };
    if player.is_none() && mode != TeachingMode::Minibridge {
        reject(RejectionReason::MissingPlayer, "the seat the learner plays is not given".to_owned());
    }

    // 3. and 4. Comments, converted at the comment locale.
    let call_comments: Vec<DraftComment> = draft.calls.into_iter().map(|call| call.comment).collect();
    let card_comments: Vec<DraftComment> = draft.play.iter().map(|card| card.comment.clone()).collect();
    let unlocalized: Vec<String> = std::iter::once((CommentSlot::Review, &draft.review))
        .chain(call_comments.iter().enumerate().map(|(idx, comment)| (CommentSlot::Call(idx), comment)))
        .chain(card_comments.iter().enumerate().map(|(idx, comment)| (CommentSlot::Card(idx), comment)))
        .filter(|(_, comment)| needs_locale(comment))
        .map(|(slot, _)| slot.to_string())
        .collect();
    let convert = |comment: DraftComment| convert_comment(comment, comment_locale);
    let review = convert(draft.review);
    let call_comments: Vec<Localized> = call_comments.into_iter().map(convert).collect();
    let card_comments: Vec<Localized> = card_comments.into_iter().map(convert).collect();
    if comment_locale.is_none() && !unlocalized.is_empty() {
        reject(
            RejectionReason::CommentLocaleRequired,
            format!("plain or unlocalized comments without a comment locale: {}", unlocalized.join(", ")),
        );
    }

    // 6 (translations). Once two languages are present every comment needs them all.
    let slots = std::iter::once((CommentSlot::Review, &review))
        .chain(call_comments.iter().enumerate().map(|(idx, text)| (CommentSlot::Call(idx), text)))
        .chain(card_comments.iter().enumerate().map(|(idx, text)| (CommentSlot::Card(idx), text)));
    let board_languages = languages(slots.clone().map(|(_, text)| text));
    if 2 <= board_languages.len() {
        for gap in gaps(slots) {
            let missing: Vec<&str> = gap.missing.iter().map(Locale::as_str).collect();
            reject(RejectionReason::IncompleteTranslation, format!("{} lacks {}", gap.slot, missing.join(", ")));
        }
    }

    let (Some(deal), Some(auction), Some(declarer), Some(player)) = (deal, auction, declarer, player) else {
        return Err(rejections);
    };

    // 5. Declarer South.
    let steps = declarer.steps_to(Seat::South);
    if steps != 0 {
        notes.push(GateNote::Rotated { steps });
    }
    let play: Vec<Card> = draft.play.iter().map(|card| card.card).collect();
    let game = Game { deal, vulnerability: draft.vulnerability, auction, play };
    // 6. The play, replayed. Rotation changes no card's legality, so the
    // replay runs before it and its errors name the seats as the draft does.
    check_play(&game, declarer, &mut reject);
    let game = game.rotate(steps);
    let rotate =
        |texts: Vec<Localized>| -> Vec<Localized> { texts.into_iter().map(|text| text.rotate_seats(steps)).collect() };
    let board_game = BoardGame {
        declarer: declarer.rotate(steps),
        player: player.rotate(steps),
        call_comments: rotate(call_comments),
        card_comments: rotate(card_comments),
        review: review.rotate_seats(steps),
        game,
    };

    if !rejections.is_empty() {
        return Err(rejections);
    }

    // 7. Derived fields and stamps.
    let derived = derive(&board_game, board_languages);
    let timestamps = Timestamps {
        created: draft.created.unwrap_or(now),
        updated: now,
        deleted: draft.deleted,
        first_published: draft.first_published,
    };
    let board = Board {
        id: draft.id,
        owner: draft.owner,
        metadata,
        timestamps,
        code: draft.code,
        game: board_game,
        derived,
        gate_version: GATE_VERSION,
        gated_at: now,
    };
    Ok(GatedBoard { board, report: GateReport { notes } })
}

fn canonical_metadata(metadata: Metadata) -> Metadata {
    let canonical_list = |mut list: Vec<String>| {
        list = list.into_iter().map(|item| item.trim().to_owned()).filter(|item| !item.is_empty()).collect();
        bridge::order::sort(&mut list);
        list.dedup();
        list
    };
    Metadata {
        name: metadata.name.trim().to_owned(),
        auction_system: metadata.auction_system.trim().to_owned(),
        auction_themes: canonical_list(metadata.auction_themes),
        play_themes: canonical_list(metadata.play_themes),
        user_themes: canonical_list(metadata.user_themes),
        inspirations: canonical_list(metadata.inspirations),
        sharing: match metadata.sharing {
            crate::Sharing::Groups(mut groups) => {
                bridge::order::sort(&mut groups);
                groups.dedup();
                crate::Sharing::Groups(groups)
            }
            other => other,
        },
        ..metadata
    }
}

/// Four hands of the same length, 1 to 13 cards, no card twice: a whole
/// deal or an end position. Reports every duplicate and the lengths.
fn check_hands(hands: &BySeat<Vec<Card>>, reject: &mut impl FnMut(RejectionReason, String)) -> Option<Deal> {
    let mut ok = true;
    let mut seen: BySeat<Hand> = BySeat::default();
    for (seat, cards) in hands.iter() {
        for card in cards {
            let holders: Vec<String> =
                seen.iter().filter(|(_, hand)| hand.contains(*card)).map(|(other, _)| other.to_string()).collect();
            if !holders.is_empty() {
                ok = false;
                reject(
                    RejectionReason::MalformedHands,
                    format!("{card} is dealt more than once ({} and {seat})", holders.join(", ")),
                );
            }
            seen[seat].insert(*card);
        }
    }
    let lengths: Vec<usize> = hands.0.iter().map(Vec::len).collect();
    let (shortest, longest) = (lengths.iter().min().copied().unwrap_or(0), lengths.iter().max().copied().unwrap_or(0));
    if shortest != longest || shortest == 0 || 13 < longest {
        ok = false;
        let lengths: Vec<String> = hands.iter().map(|(seat, cards)| format!("{seat} {}", cards.len())).collect();
        reject(
            RejectionReason::MalformedHands,
            format!("hands must hold 1 to 13 cards each, as many in every hand; they hold {}", lengths.join(", ")),
        );
    }
    if !ok {
        return None;
    }
    match Deal::from_hands(seen) {
        Ok(deal) => Some(deal),
        Err(err) => {
            reject(RejectionReason::MalformedHands, err.to_string());
            None
        }
    }
}

/// The auction from the dealer: every call legal and, where the draft names
/// its seat, made in turn.
fn check_auction(
    dealer: Seat,
    calls: &[DraftCall],
    reject: &mut impl FnMut(RejectionReason, String),
) -> Option<Auction> {
    let mut ok = true;
    for (idx, call) in calls.iter().enumerate() {
        let Some(seat) = call.seat else { continue };
        let expected = dealer.rotate(idx);
        if seat == expected {
            continue;
        }
        ok = false;
        match idx {
            0 => reject(
                RejectionReason::AuctionNotFromDealer,
                format!("the auction starts with {seat} but {dealer} deals"),
            ),
            _ => reject(
                RejectionReason::CallOutOfTurn,
                format!("call {} ({}) is made by {seat} but it is {expected}'s turn", idx + 1, call.call),
            ),
        }
    }
    match Auction::from_calls(dealer, calls.iter().map(|call| call.call)) {
        Ok(auction) if ok => Some(auction),
        Ok(_) => None,
        Err(err) => {
            reject(RejectionReason::IllegalCall, err.to_string());
            None
        }
    }
}

/// The play replayed from the opening lead; a play needs a final contract.
fn check_play(game: &Game, declarer: Seat, reject: &mut impl FnMut(RejectionReason, String)) {
    if game.play.is_empty() {
        return;
    }
    let Some(contract) = game.auction.contract() else {
        reject(RejectionReason::ImpossiblePlay, "cards are played but the auction is not complete".to_owned());
        return;
    };
    let leader = declarer.next();
    if let Err(err) = Play::replay(game.deal, contract.strain(), leader, game.play.iter().copied()) {
        reject(RejectionReason::ImpossiblePlay, err.to_string());
    }
}

fn needs_locale(comment: &DraftComment) -> bool {
    match comment {
        DraftComment::Plain(text) => !text.trim().is_empty(),
        DraftComment::Rich(text) => !text.is_blank(),
        DraftComment::None | DraftComment::Localized(_) => false,
    }
}

/// The comment localized at `locale`, blank texts dropped. Without a locale
/// the text is dropped too: the gate has already rejected the draft.
fn convert_comment(comment: DraftComment, locale: Option<&Locale>) -> Localized {
    let res = match (comment, locale) {
        (DraftComment::Localized(localized), _) => localized,
        (DraftComment::Plain(text), Some(locale)) => Localized::single(locale.clone(), RichText::parse(&text)),
        (DraftComment::Rich(text), Some(locale)) => Localized::single(locale.clone(), text),
        (DraftComment::None | DraftComment::Plain(_) | DraftComment::Rich(_), _) => Localized::new(),
    };
    res.without_blanks()
}

fn derive(board_game: &BoardGame, languages: std::collections::BTreeSet<Locale>) -> Derived {
    let auction = board_game.auction();
    let contract = auction.contract();
    let opener = auction.calls().iter().position(|call| matches!(call, Call::Bid(_))).map(|idx| auction.seat_of(idx));
    let flat: Vec<String> = auction.calls().iter().map(Call::to_string).collect();
    Derived {
        contract,
        strain: contract.map(|contract| contract.strain()),
        level_class: contract.map(LevelClass::of),
        opener,
        opening_side: opener.map(|seat| match seat.side() == board_game.declarer.side() {
            true => OpeningSide::Declarer,
            false => OpeningSide::Defence,
        }),
        double_status: contract.map_or(DoubleStatus::Unset, |contract| contract.penalty.into()),
        flat_auction: flat.join(" "),
        n_calls: auction.calls().len(),
        n_cards_played: board_game.play().len(),
        hand_len: board_game.deal().hand_len(),
        languages,
    }
}
