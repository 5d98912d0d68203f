//! What the teacher has typed in the editor, kept as typed (so nothing is
//! lost while it does not make a board yet), and how it becomes a
//! [`BoardDraft`] for the write gate.

use bridge::{Auction, BySeat, Call, Card, Contract, Deal, Hand, Play, PlayReplayError, Seat, Vulnerability};
use serde::{Deserialize, Serialize};
use training::{
    minibridge_declarer, Board, BoardDraft, BoardId, DraftCall, DraftCard, DraftComment, Level, Locale, Localized,
    Ownership, RejectionReason, RichText, Sharing, TeachingMode,
};

/// The two languages a teacher writes in here.
pub const LANGUAGES: [&str; 2] = ["en", "fr"];

/// A comment in each of [`LANGUAGES`], as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Texts(pub [String; 2]);

impl Texts {
    /// The comment as localized rich text; blank languages left out.
    #[must_use]
    pub fn localized(&self) -> Localized {
        let mut res = Localized::new();
        for (tag, text) in LANGUAGES.iter().zip(&self.0) {
            if let (false, Ok(locale)) = (text.trim().is_empty(), tag.parse::<Locale>()) {
                res.insert(locale, RichText::parse(text));
            }
        }
        res
    }

    /// The texts of a stored comment, one per language, as the teacher
    /// would type them again.
    #[must_use]
    pub fn from_localized(localized: &Localized) -> Texts {
        Texts(LANGUAGES.map(|tag| {
            let Ok(locale) = tag.parse::<Locale>() else { return String::new() };
            localized.get(&locale).map(|text| text.to_plain(&locale)).unwrap_or_default()
        }))
    }

    /// The languages missing while another one holds text: the gaps to fill.
    #[must_use]
    pub fn gaps(&self) -> [bool; 2] {
        let any = self.has_text();
        [any && self.0[0].trim().is_empty(), any && self.0[1].trim().is_empty()]
    }

    /// Some language holds text.
    #[must_use]
    pub fn has_text(&self) -> bool {
        self.0.iter().any(|text| !text.trim().is_empty())
    }
}

/// Where a comment goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    Call(usize),
    Card(usize),
    Review,
}

/// What the teacher has typed so far. Fields added after the first version
/// default when an older stored draft is read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Draft {
    /// The board being edited; `None` for a new board.
    #[serde(default)]
    pub editing: Option<String>,
    pub deal_text: String,
    pub dealer: Seat,
    pub vulnerability: Vulnerability,
    pub calls: Vec<Call>,
    pub call_comments: Vec<Texts>,
    #[serde(default)]
    pub play: Vec<Card>,
    #[serde(default)]
    pub card_comments: Vec<Texts>,
    pub review: Texts,
    pub name: String,
    pub level: Option<u8>,
    #[serde(default)]
    pub auction_system: String,
    #[serde(default)]
    pub auction_themes: Vec<String>,
    #[serde(default)]
    pub play_themes: Vec<String>,
    /// The teacher's own themes, separated by commas.
    #[serde(default)]
    pub user_themes: String,
    #[serde(default)]
    pub sharing: Sharing,
    #[serde(default)]
    pub teaching_mode: TeachingMode,
}

impl Default for Draft {
    fn default() -> Draft {
        Draft {
            editing: None,
            deal_text: String::new(),
            dealer: Seat::North,
            vulnerability: Vulnerability::None,
            calls: Vec::new(),
            call_comments: Vec::new(),
            play: Vec::new(),
            card_comments: Vec::new(),
            review: Texts::default(),
            name: String::new(),
            level: None,
            auction_system: String::new(),
            auction_themes: Vec::new(),
            play_themes: Vec::new(),
            user_themes: String::new(),
            sharing: Sharing::Private,
            teaching_mode: TeachingMode::Full,
        }
    }
}

/// The play typed so far, checked against the deal and the contract.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayState {
    /// The play of the cards that fit, in the contract's strain from the opening leader.
    pub play: Play,
    /// The first card that no longer fits (after a change of deal or auction), if any.
    pub broken: Option<PlayReplayError>,
}

impl Draft {
    /// The draft of a stored board, to edit it.
    #[must_use]
    pub fn from_board(board: &Board) -> Draft {
        let game = board.game();
        let metadata = &board.metadata;
        let texts = |comments: &[Localized], len: usize| {
            let mut res: Vec<Texts> = comments.iter().map(Texts::from_localized).collect();
            res.resize(len, Texts::default());
            res
        };
        Draft {
            editing: Some(board.id.0.clone()),
            deal_text: game.deal().to_pbn(Seat::North),
            dealer: game.dealer(),
            vulnerability: game.vulnerability(),
            calls: game.auction().calls().to_vec(),
            call_comments: texts(game.call_comments(), game.auction().calls().len()),
            play: game.play().to_vec(),
            card_comments: texts(game.card_comments(), game.play().len()),
            review: Texts::from_localized(game.review()),
            name: metadata.name.clone(),
            level: metadata.level.get(),
            auction_system: metadata.auction_system.clone(),
            auction_themes: metadata.auction_themes.clone(),
            play_themes: metadata.play_themes.clone(),
            user_themes: metadata.user_themes.join(", "),
            sharing: metadata.sharing.clone(),
            teaching_mode: metadata.teaching_mode,
        }
    }

    /// The deal typed, with a missing fourth hand completed.
    ///
    /// # Errors
    /// Why the text is not a deal.
    pub fn deal(&self) -> Result<Deal, String> {
        let deal: Deal = pbn_ranks(&self.deal_text).parse().map_err(|error| format!("{error}"))?;
        Ok(deal.complete_fourth_hand())
    }

    /// The auction so far (the bid box only offers legal calls, so only a
    /// tampered stored draft fails).
    #[must_use]
    pub fn auction(&self) -> Option<Auction> {
        Auction::from_calls(self.dealer, self.calls.iter().copied()).ok()
    }

    /// The contract and its declarer, once the auction is over and not passed out.
    #[must_use]
    pub fn contract(&self) -> Option<(Contract, Seat)> {
        let auction = self.auction().filter(Auction::is_complete)?;
        Some((auction.contract()?, auction.declarer()?))
    }

    /// Chooses the teaching mode by its name; "show trump and goal" starts
    /// from the goal it had, else from the contract's target.
    pub fn set_teaching_mode(&mut self, name: &str) {
        let goal = match self.teaching_mode {
            TeachingMode::ShowTrumpAndGoal { tricks } => tricks,
            _ => self.contract().map_or(7, |(contract, _)| contract.target()),
        };
        if let Some(mode) = TeachingMode::from_name(name, goal) {
            self.teaching_mode = mode;
        }
    }

    /// The minibridge declarer of the deal typed, with each seat's points,
    /// once the deal is complete.
    #[must_use]
    pub fn minibridge(&self) -> Option<(Seat, BySeat<u32>)> {
        let deal = self.deal().ok().filter(Deal::is_complete)?;
        Some((minibridge_declarer(&deal, self.dealer), deal.hands().map(|hand| hand.hcp())))
    }

    /// The play so far, when the deal is complete and the auction names a contract.
    #[must_use]
    pub fn play_state(&self) -> Option<PlayState> {
        let deal = self.deal().ok().filter(Deal::is_complete)?;
        let (contract, declarer) = self.contract()?;
        let leader = declarer.rotate(1);
        let mut play = Play::new(deal, contract.strain(), leader);
        let mut broken = None;
        for (index, card) in self.play.iter().enumerate() {
            if let Err(error) = play.play(*card) {
                broken = Some(PlayReplayError { index, error });
                break;
            }
        }
        Some(PlayState { play, broken })
    }

    /// The cards of each seat as typed so far, even when the hands do not
    /// make a deal yet (while cards are being clicked in); `None` when the
    /// text cannot be read hand by hand.
    #[must_use]
    pub fn loose_hands(&self) -> Option<BySeat<Hand>> {
        let text = pbn_ranks(&self.deal_text);
        let text = text.trim();
        let mut hands = BySeat::<Hand>::default();
        if text.is_empty() {
            return Some(hands);
        }
        let (first, rest) = text.split_once(':')?;
        let first: Seat = first.trim().parse().ok()?;
        let tokens: Vec<&str> = rest.split_whitespace().collect();
        if tokens.len() > 4 {
            return None;
        }
        for (idx, token) in tokens.into_iter().enumerate() {
            if token != "-" {
                hands[first.rotate(idx)] = token.parse().ok()?;
            }
        }
        Some(hands)
    }

    /// Gives `card` to `seat`, taking it from whoever held it; takes it back
    /// when `seat` already holds it. A seat holds at most 13 cards, and text
    /// that cannot be read hand by hand is left alone.
    pub fn toggle_card(&mut self, seat: Seat, card: Card) {
        let Some(mut hands) = self.loose_hands() else { return };
        if hands[seat].contains(card) {
            hands[seat].remove(card);
        } else if hands[seat].len() < 13 {
            for hand in &mut hands.0 {
                hand.remove(card);
            }
            hands[seat].insert(card);
        }
        self.deal_text = write_hands(&hands);
    }

    /// Adds a call, with an empty comment.
    pub fn push_call(&mut self, call: Call) {
        self.calls.push(call);
        self.call_comments.resize(self.calls.len(), Texts::default());
    }

    /// Takes back the last call, and its comment.
    pub fn pop_call(&mut self) {
        self.calls.pop();
        self.call_comments.truncate(self.calls.len());
    }

    /// Adds a card to the play, with an empty comment.
    pub fn push_card(&mut self, card: Card) {
        self.play.push(card);
        self.card_comments.resize(self.play.len(), Texts::default());
    }

    /// Takes back the last card, and its comment.
    pub fn pop_card(&mut self) {
        self.play.pop();
        self.card_comments.truncate(self.play.len());
    }

    /// Drops the cards from `index` on (those that no longer fit), with their comments.
    pub fn truncate_play(&mut self, index: usize) {
        self.play.truncate(index);
        self.card_comments.truncate(index);
    }

    /// The comment of a slot, if the slot exists.
    pub fn texts_mut(&mut self, slot: Slot) -> Option<&mut Texts> {
        match slot {
            Slot::Call(idx) => self.call_comments.get_mut(idx),
            Slot::Card(idx) => self.card_comments.get_mut(idx),
            Slot::Review => Some(&mut self.review),
        }
    }

    /// Ticks or unticks a theme of the catalogue.
    pub fn toggle_theme(&mut self, play: bool, id: &str) {
        let themes = if play { &mut self.play_themes } else { &mut self.auction_themes };
        match themes.iter().position(|theme| theme == id) {
            Some(idx) => {
                themes.remove(idx);
            }
            None => themes.push(id.to_owned()),
        }
    }

    /// The board draft for the gate: `base` is the stored board when
    /// editing (what the editor does not show, such as inspirations or the
    /// groups shared with, is kept from it), `code` the deal code of a new board.
    ///
    /// # Errors
    /// Why the deal text is not a deal.
    pub fn to_board_draft(&self, base: Option<&Board>, code: &str, owner: Ownership) -> Result<BoardDraft, String> {
        let deal = self.deal()?;
        let declarer = self.contract().map(|(_, declarer)| declarer);
        let stored = base.map(Board::to_draft);
        // The learner plays the declarer's seat, unless the stored board chose
        // another seat for the same declarer.
        let player = match &stored {
            Some(stored) if stored.declarer == declarer => stored.player.or(declarer),
            _ => declarer,
        };
        let mut metadata = stored.as_ref().map(|stored| stored.metadata.clone()).unwrap_or_default();
        metadata.name = self.name.trim().to_owned();
        metadata.level = self.level.map_or(Level::Unset, Level::new);
        metadata.auction_system = self.auction_system.trim().to_owned();
        metadata.auction_themes = self.auction_themes.clone();
        metadata.play_themes = self.play_themes.clone();
        metadata.user_themes =
            self.user_themes.split(',').map(str::trim).filter(|theme| !theme.is_empty()).map(str::to_owned).collect();
        metadata.sharing = self.sharing.clone();
        metadata.teaching_mode = self.teaching_mode;
        let comment = |texts: Option<&Texts>| match texts {
            Some(texts) if texts.has_text() => DraftComment::Localized(texts.localized()),
            _ => DraftComment::None,
        };
        Ok(BoardDraft {
            id: stored.as_ref().map_or_else(|| BoardId(format!("b-{code}")), |stored| stored.id.clone()),
            code: stored.as_ref().map_or_else(|| code.to_owned(), |stored| stored.code.clone()),
            owner: stored.as_ref().map_or(owner, |stored| stored.owner.clone()),
            metadata,
            created: stored.as_ref().and_then(|stored| stored.created),
            deleted: stored.as_ref().and_then(|stored| stored.deleted),
            first_published: stored.as_ref().and_then(|stored| stored.first_published),
            dealer: self.dealer,
            vulnerability: self.vulnerability,
            hands: BySeat(Seat::ALL.map(|seat| deal.hand(seat).iter().collect())),
            declarer: None,
            player,
            calls: self
                .calls
                .iter()
                .enumerate()
                .map(|(idx, call)| DraftCall { seat: None, call: *call, comment: comment(self.call_comments.get(idx)) })
                .collect(),
            play: self
                .play
                .iter()
                .enumerate()
                .map(|(idx, card)| DraftCard { card: *card, comment: comment(self.card_comments.get(idx)) })
                .collect(),
            review: comment(Some(&self.review)),
        })
    }
}

/// The hands as a PBN deal string from North, `-` for a hand with no card;
/// empty when no card is given.
fn write_hands(hands: &BySeat<Hand>) -> String {
    if hands.0.iter().all(|hand| hand.is_empty()) {
        return String::new();
    }
    let written: Vec<String> =
        Seat::ALL.map(|seat| if hands[seat].is_empty() { "-".to_owned() } else { hands[seat].to_string() }).to_vec();
    format!("N:{}", written.join(" "))
}

/// The part of the editor a rejection of the gate belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    Deal,
    Auction,
    Play,
    Comments,
    Teaching,
    General,
}

impl Section {
    #[must_use]
    pub const fn of(reason: RejectionReason) -> Section {
        match reason {
            RejectionReason::MalformedHands | RejectionReason::ModeNeedsFullDeal => Section::Deal,
            RejectionReason::IllegalCall
            | RejectionReason::AuctionNotFromDealer
            | RejectionReason::CallOutOfTurn
            | RejectionReason::MissingDeclarer
            | RejectionReason::MissingPlayer
            | RejectionReason::ModeNeedsContract => Section::Auction,
            RejectionReason::ImpossiblePlay => Section::Play,
            RejectionReason::CommentLocaleRequired | RejectionReason::IncompleteTranslation => Section::Comments,
            RejectionReason::InvalidGoal => Section::Teaching,
            RejectionReason::InvalidCode | RejectionReason::CodeMismatch => Section::General,
        }
    }
}

/// A deal string as typed, with French honours and a ten written `10`
/// turned into PBN's letters: R, D and V (roi, dame, valet) are K, Q and
/// J, which PBN's ranks never spell otherwise. The first seat, before the
/// colon, is left as it is.
fn pbn_ranks(text: &str) -> String {
    let ranks = |hands: &str| hands.replace("10", "T").replace('R', "K").replace('D', "Q").replace('V', "J");
    match text.split_once(':') {
        Some((seat, hands)) => format!("{seat}:{}", ranks(hands)),
        None => ranks(text),
    }
}

#[cfg(test)]
mod tests;
