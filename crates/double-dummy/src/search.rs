//! The search: boolean null-window alpha-beta ("can North-South take at least
//! `target` more tricks?") over card plays, with equivalent cards played as
//! one move, move ordering, a quick-tricks cut-off and the transposition
//! table at trick boundaries. The MTD(f)-style driver lives in `solver`.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use crate::tt::{Bounds, Hint, Key, Local, Table, TransTable, NO_MOVE};

/// Runs a counting statement only with the `profiling` feature: without
/// it the counters of the hot paths compile to nothing.
macro_rules! stat {
    ($($body:tt)*) => {{
        #[cfg(feature = "profiling")]
        {
            $($body)*
        }
    }};
}

/// The 13 rank bits (2..=14) of one suit's 16-bit holding.
const SUIT_BITS: u64 = 0x7FFC;
/// The rank bits of every suit.
const ALL_RANKS: u64 = SUIT_BITS * 0x0001_0001_0001_0001;
/// Where the key's first plane holds the trump suit; every pattern matches on it.
const TRUMP_FIELD: u64 = 0x7 << 60;
/// Positions with this many tricks left or fewer stay out of the table.
const SHALLOW: i32 = 1;
/// How much a lead's history (log scale) counts against its other merits.
const HISTORY_WEIGHT: i32 = 2;
/// How much a lead counts when it is the last one that cut off with as many
/// tricks left after another lead failed (a killer move; see
/// `trick_start`), and when the table stored it for this
/// position: both come early, the killer first. On the first five
/// bench deals, the killer first saved 15% of the nodes of a table, and
/// before the stored lead 2% more; killers inside a trick, where the
/// heuristics already pick the cutting card first 95 to 99% of the time,
/// multiplied the nodes by five. Since leads into a void go late
/// (`VOID_PENALTY`), half the bonuses they had did better (2% fewer nodes
/// on 120 bench tables): a killer or stored lead into a void now waits
/// behind the best other leads.
const KILLER_BONUS: i32 = 250;
/// See `KILLER_BONUS`.
const STORED_BONUS: i32 = 150;

/// The bonus of a lead's cut-off hint (see [`Search::lead_hint`]): below
/// the probed leads, above the killer (250 took about as many nodes).
const LEAD_HINT_BONUS: i32 = 400;

/// The bonuses of the following hands' cut-off hints (see
/// [`Search::follow_hint`]): among the scores of their cards (each from 15
/// to 100 took within 2% as many nodes).
const SECOND_HINT_BONUS: i32 = 30;
const THIRD_HINT_BONUS: i32 = 40;
const FOURTH_HINT_BONUS: i32 = 20;

/// The kinds of cut-off hints' contexts, above their other facts, so that
/// two of different kinds never match.
const LEAD_CONTEXT: u64 = 1 << 20;
const FOLLOW_CONTEXT: u64 = 2 << 20;
const DISCARD_CONTEXT: u64 = 3 << 20;

/// From how many tricks left (the current trick included) the moves are
/// probed (`promote_probed`), and how much a move counts whose probe
/// decides for its side: first of all. Every hand probed from 10 tricks
/// (since the killers of 2 December, late): 4.1% fewer nodes on the first
/// 60 bench tables and the opening leads but 1.02 of the time on 15
/// tables; the leads alone 2.0% and 1.025, the other hands alone 2.1% and
/// 1.055. Leads probed from 7 tricks: 11% fewer nodes, 15% more time.
const PROBE_FROM: i32 = 11;
/// See `PROBE_FROM`.
const PROBED_BONUS: i32 = 1000;
/// How much a lead counts against it per opponent void in its suit (and
/// once more when an opponent can ruff it).
const VOID_PENALTY: i32 = 100;
/// How much a lead counts against it per card the opponents hold in its
/// suit: the fewer cards they can play to it, the fewer answers a proof
/// must refute (DDS weighs its leads so too). On the bench sets below,
/// with the next three terms: 5.7% fewer nodes on 60 tables (deals 0 to
/// 59) and 7.2% on 40 others (60 to 99), 10% fewer for `analyse` at the
/// 100 opening leads of solve-board.jsonl, 9% for `best_cards` there.
const OPPONENT_CARD_PENALTY: i32 = 5;
/// The score of cashing a suit's top card when the next card of the suit
/// belongs to an opponent holding two cards of it or more, which cashing
/// promotes (instead of 100).
const PROMOTING_TOP_SCORE: i32 = 50;
/// How much a lead counts against it when the right-hand opponent, who
/// plays last to it, holds one of the suit's two top cards and another
/// card.
const RHO_TOP_PENALTY: i32 = 10;
/// How much a lead of a suit's card other than its top counts when the
/// leader's side holds the suit's second and third cards under an
/// opponent's top card (toward partner's king-queen under the ace): it
/// sets up a trick (1.2% fewer nodes on 60 bench tables, 2.6% on 40
/// others, 2.3% for `best_cards` at the opening leads).
const SETTING_UP_BONUS: i32 = 25;
/// How much more a lead of a suit's card other than its top counts when,
/// beside the second and third cards (see `SETTING_UP_BONUS`), the
/// leader's side holds the fourth, under the right-hand opponent's top
/// card: the suit sets up two tricks (on 60 bench tables and the opening
/// leads 0.6% fewer nodes, 1.4% on 40 other tables, 2.1% for
/// `best_cards`; under either opponent's top, 0.5%, 1.0% and 1.5%, but
/// 1.4% more mid-play).
const SETTING_UP_TWO_BONUS: i32 = 30;
/// How much a lead counts when it is the second card of its suit, under
/// an opponent's top card, with the next card of the suit in the same
/// hand (the king from king-queen under the ace): it forces the top card
/// out.
const FORCING_BONUS: i32 = 15;
/// What the lead of a suit's top card counts, instead of 100, when
/// partner holds the second card with no more cards of the suit than the
/// leader: the honour from the short side goes first, so a low card to
/// partner's comes before the top, whose cashing would leave partner's card
/// stranded or crash it (found by walking a deal where pons-dds took a
/// fiftieth of our trick starts under one lead). On the bench sets: 3.9%
/// fewer nodes on 20 tables, 3.4% on 40 more, 1.7% on 40 held out, 2.9%
/// for `analyse` at the opening leads, 3.7% mid-play, 3.9% for
/// `best_cards`; partner's singleton only, 1.3% in all; any partner's
/// length, 0.5%; 20 or -20 instead of 0, a little less.
const LONG_SIDE_TOP_SCORE: i32 = 0;
/// Notrump, in the place of a trump suit index.
pub(crate) const NOTRUMP: usize = 4;

/// The number of cards of a suit's holding (bits 2..=14), read from a
/// table: the portable build has no popcount instruction, and this is
/// cheaper than counting bits in software on the hottest paths.
fn len(holding: u64) -> u32 {
    u32::from(POP13[((holding >> 2) & 0x1FFF) as usize])
}

/// The number of cards of a whole hand.
fn hand_len(hand: u64) -> u32 {
    len(hand & SUIT_BITS) + len((hand >> 16) & SUIT_BITS) + len((hand >> 32) & SUIT_BITS) + len(hand >> 48)
}

/// The bits set in each 13-bit number.
static POP13: [u8; 1 << 13] = {
    let mut res = [0u8; 1 << 13];
    let mut idx = 1;
    while idx < res.len() {
        res[idx] = res[idx >> 1] + (idx & 1) as u8;
        idx += 1;
    }
    res
};

/// The cards of a trick so far, as bit indices (16 * suit + rank).
pub(crate) type TrickCards = [u8; 4];

/// What one hand cashes from the top ([`Search::top_winners`]): the
/// tricks of each suit, and the cards they rely on in every suit at once
/// (the suits' cards never share a bit).
#[derive(Clone, Copy, Default)]
struct Winners {
    tricks: [i32; 4],
    cards: u64,
    /// The cards of partner's finesses (the suit's top three cards, in
    /// each suit where partner takes one more trick when the leader leads
    /// it: its third card against the second).
    finesse_cards: u64,
}

/// The state of one search: the hands as bit sets (bit 16 * suit + rank),
/// the trump suit, and the shared table.
pub(crate) struct Search<'a> {
    pub hands: [u64; 4],
    pub trump: usize,
    /// The transposition table, which other threads' searches may share.
    pub table: &'a Table,
    /// This search's own part of the table: its age, history and hints.
    pub local: &'a mut Local,
    pub nodes: u64,
    /// Every hand's suit lengths, a nibble each from North's first suit
    /// down to West's last (the layout of the key's shape), kept as cards
    /// are played.
    lengths: u64,
    /// The cards left in the four hands: the tricks left follow from it
    /// and the cards of the current trick.
    cards: i32,
    /// The cards left in the four hands, kept as cards are played: working
    /// them out from the hands read the hands just written by the last
    /// play, a load that stalled on the store's forwarding.
    in_hands: u64,
    packer: Packer,
    /// Per tricks left, the lead that last cut off at a trick start after
    /// another lead failed there, since the trick start above last cleared
    /// it (`NO_MOVE` if none): tried first when the leader holds it.
    killers: [u8; 14],
    /// Per tricks left, the cards left and the key's planes of the last key
    /// made there, where `pext` is slow (`Search::planes`).
    planes_at: [Cell<(u64, u64, u64)>; 15],
    /// Set by another thread when this search's answer is no longer
    /// wanted (see `Search::stop_when`).
    stop: Option<&'a AtomicBool>,
    /// Whether the search saw `stop` set: its answers since are worthless,
    /// and it stores nothing more.
    stopped: bool,
    /// In the unit tests, a search also gives up after that many nodes.
    #[cfg(test)]
    stop_after: u64,
    /// Where the trick starts went (with the `profiling` feature).
    #[cfg(feature = "profiling")]
    pub stats: crate::Stats,
}

impl<'a> Search<'a> {
    pub(crate) fn new(hands: [u64; 4], trump: usize, tt: &'a mut TransTable) -> Search<'a> {
        Search::shared(hands, trump, &tt.table, &mut tt.local)
    }

    /// A search on `table`, which other threads' searches may share, with
    /// this thread's own `local` part.
    pub(crate) fn shared(hands: [u64; 4], trump: usize, table: &'a Table, local: &'a mut Local) -> Search<'a> {
        let mut lengths = 0;
        for hand in hands {
            for suit in 0..4 {
                lengths = lengths << 4 | u64::from(len((hand >> (16 * suit)) & SUIT_BITS));
            }
        }
        Search {
            hands,
            trump,
            table,
            local,
            nodes: 0,
            lengths,
            cards: hands.iter().map(|&hand| hand_len(hand) as i32).sum(),
            in_hands: hands[0] | hands[1] | hands[2] | hands[3],
            packer: Packer::new(),
            killers: [NO_MOVE; 14],
            planes_at: Default::default(),
            stop: None,
            stopped: false,
            #[cfg(test)]
            stop_after: u64::MAX,
            #[cfg(feature = "profiling")]
            stats: crate::Stats::default(),
        }
    }

    /// Makes the searches that follow give up, storing nothing more, once
    /// `stop` is set (`None`: never); clears `stopped`. For searches on
    /// threads (`Solver::analyse_on`).
    #[cfg(any(test, not(target_arch = "wasm32"), target_feature = "atomics"))]
    pub(crate) fn stop_when(&mut self, stop: Option<&'a AtomicBool>) {
        self.stop = stop;
        self.stopped = false;
    }

    /// Whether the last search gave up (see `stop_when`): its answer is
    /// worthless.
    #[cfg(any(test, not(target_arch = "wasm32"), target_feature = "atomics"))]
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }

    /// Whether to give up now: once `stop` is set, ever after.
    #[inline]
    fn should_stop(&mut self) -> bool {
        if let Some(stop) = self.stop {
            self.stopped |= stop.load(Ordering::Acquire);
        }
        #[cfg(test)]
        {
            self.stopped |= self.nodes >= self.stop_after;
        }
        self.stopped
    }

    /// The cards of `suit` that `seat` holds (bits 2..=14).
    #[inline]
    fn holding(&self, seat: usize, suit: usize) -> u64 {
        (self.hands[seat] >> (16 * suit)) & SUIT_BITS
    }

    /// Where the length of `player`'s suit of `card` sits in `lengths`.
    fn length_shift(player: usize, card: u8) -> u32 {
        4 * (15 - (4 * player as u32 + u32::from(card >> 4)))
    }

    /// Takes `card` from `player`'s hand.
    fn take(&mut self, player: usize, card: u8) {
        self.hands[player] ^= 1u64 << card;
        self.in_hands ^= 1u64 << card;
        self.lengths -= 1 << Self::length_shift(player, card);
        self.cards -= 1;
    }

    /// Gives `card` back to `player`.
    fn give_back(&mut self, player: usize, card: u8) {
        self.hands[player] ^= 1u64 << card;
        self.in_hands ^= 1u64 << card;
        self.lengths += 1 << Self::length_shift(player, card);
        self.cards += 1;
    }

    /// The tricks left, the current one included, when `count` cards of
    /// it are down: every hand holds that many cards but those that played
    /// to it, one fewer (counting them would take four table reads).
    fn tricks_left(&self, count: usize) -> i32 {
        // At most 52 cards, and count is below 4.
        (self.cards + count as i32) / 4
    }

    /// The exact number of tricks North-South take from this position (the
    /// current trick included), found by a series of null-window searches
    /// starting from `guess`.
    pub(crate) fn ns_tricks(&mut self, leader: usize, trick: TrickCards, count: usize, guess: i32) -> i32 {
        self.ns_tricks_within(leader, trick, count, guess, (0, i32::MAX))
    }

    /// [`Search::ns_tricks`] knowing that North-South's tricks lie within
    /// `bounds` (both included): no test outside them.
    pub(crate) fn ns_tricks_within(
        &mut self,
        leader: usize,
        trick: TrickCards,
        count: usize,
        guess: i32,
        bounds: (i32, i32),
    ) -> i32 {
        let n = self.tricks_left(count);
        let mut lo = bounds.0.max(0);
        let mut hi = bounds.1.min(n);
        let mut next = guess;
        while lo < hi && !self.stopped {
            let target = next.clamp(lo + 1, hi);
            stat!(self.stats.iterations += 1;);
            if self.search(leader, trick, count, target).0 {
                lo = target;
                next = target + 1;
            } else {
                hi = target - 1;
                next = target - 1;
            }
        }
        lo
    }

    /// North-South's tricks from this position (the current trick included)
    /// when the player to play plays `card`, known to lie within `bounds`
    /// (both included).
    pub(crate) fn ns_tricks_after(
        &mut self,
        leader: usize,
        trick: TrickCards,
        count: usize,
        card: u8,
        guess: i32,
        bounds: (i32, i32),
    ) -> i32 {
        let player = (leader + count) & 3;
        self.take(player, card);
        let trick = with_card(trick, count, card);
        let res = if count == 3 {
            let winner = (leader + self.winning_index(&trick, 4)) & 3;
            let won = i32::from(winner & 1 == 0);
            let bounds = (bounds.0.saturating_sub(won), bounds.1.saturating_sub(won));
            won + self.ns_tricks_within(winner, [0; 4], 0, guess - won, bounds)
        } else {
            self.ns_tricks_within(leader, trick, count + 1, guess, bounds)
        };
        self.give_back(player, card);
        res
    }

    /// Whether North-South take at least `target` of the remaining tricks
    /// (the current trick included) when the player to play plays `card`:
    /// one null-window test below the position.
    pub(crate) fn test_after(&mut self, leader: usize, trick: TrickCards, count: usize, card: u8, target: i32) -> bool {
        self.nodes += 1;
        self.play_and_search(leader, trick, count, card, target).0
    }

    /// The legal moves of the player to play, one card (the top one) per
    /// group of equivalent cards, in the order the search tries them: the
    /// lead stored for this position first, then by score.
    pub(crate) fn ordered_moves(&self, leader: usize, trick: TrickCards, count: usize) -> Vec<u8> {
        let mut moves = [0u8; 13];
        let mut scores = [0i32; 13];
        let n_moves = self.moves(leader, &trick, count, &mut moves, &mut scores);
        if count == 0 && n_moves > 1 {
            let key = self.key(leader);
            let best = self.table.probe(&key, 0).map_or(NO_MOVE, |bounds| bounds.best);
            if let Some(card) =
                Some(best).filter(|best| *best != NO_MOVE).and_then(|best| self.relative_to_card(leader, best))
            {
                let group = self.group_of(leader, card);
                if let Some(pos) = moves[..n_moves].iter().position(|m| group >> m & 1 != 0) {
                    scores[pos] = i32::MAX;
                }
            }
        }
        (0..n_moves).map(|_| next_best(&moves[..n_moves], &mut scores[..n_moves])).collect()
    }

    /// Whether North-South take at least `target` of the remaining tricks
    /// (the current trick included) when `count` cards of the current trick,
    /// led by `leader`, are already down; with the cards whose ranks the
    /// answer depends on (cards below them are interchangeable).
    pub(crate) fn search(&mut self, leader: usize, trick: TrickCards, count: usize, target: i32) -> (bool, u64) {
        self.nodes += 1;
        if count == 0 {
            return self.trick_start(leader, target);
        }
        let n = self.tricks_left(count);
        if target <= 0 {
            return (true, 0);
        }
        if target > n {
            return (false, 0);
        }
        if count == 3 {
            return self.last_hand(leader, trick, target);
        }
        let player = (leader + count) & 3;
        let ns = player & 1 == 0;
        if count == 1 {
            // The second hand's side surely wins this trick and needs no
            // more, or then cashes from the top the rest it needs: 2.5 to 3%
            // fewer nodes per table than this trick alone.
            let need = if ns { target } else { n + 1 - target };
            let cut = self.second_hand_wins(leader, trick[0]);
            let cut = if need == 1 { cut } else { cut.and_then(|rel| self.then_cashes(leader, trick[0], rel, need)) };
            if let Some(rel) = cut {
                return (ns, rel);
            }
        }
        let mut moves = [0u8; 13];
        let mut scores = [0i32; 13];
        let n_moves = self.moves(leader, &trick, count, &mut moves, &mut scores);
        let so_far = self.led_and_winner(&trick, count);
        let hint = self.follow_hint(leader, so_far, count, target, &moves[..n_moves], &mut scores[..n_moves]);
        if n >= PROBE_FROM && n_moves > 1 {
            self.promote_probed(leader, trick, count, target, &moves[..n_moves], &mut scores[..n_moves]);
        }
        match self.first_success(&moves[..n_moves], &mut scores[..n_moves], ns, (count, n), |search, card| {
            search.play_and_search(leader, trick, count, card, target)
        }) {
            Ok((card, rel, after_failure)) => {
                self.remember(hint, card, after_failure);
                (ns, rel)
            }
            Err(relevant) => {
                let mut present = self.in_hands;
                for card in &trick[..count] {
                    present |= 1u64 << card;
                }
                (!ns, self.whole_groups(relevant, self.hands[player], present, &moves[..n_moves]))
            }
        }
    }

    /// Tries `moves`, the best scored first, each by `play` (its result and
    /// the cards that result depends on), until one's result is `ns`: then
    /// that move, the cards its result depends on and whether a move failed
    /// before it, else (every move failed) the union of the cards theirs
    /// depend on. A move below every card its suit's failed moves depended
    /// on is skipped (see `note_failed`). `place` is the place in the trick
    /// and the tricks left, for the `profiling` counts.
    #[inline(always)]
    fn first_success(
        &mut self,
        moves: &[u8],
        scores: &mut [i32],
        ns: bool,
        place: (usize, i32),
        mut play: impl FnMut(&mut Self, u8) -> (bool, u64),
    ) -> Result<(u8, u64, bool), u64> {
        // Read by the `profiling` counts only.
        let _ = place;
        let mut relevant = 0;
        let mut skip_below = [0u8; 4];
        let mut failed = false;
        #[cfg(feature = "profiling")]
        let mut tried = 0;
        for _ in 0..moves.len() {
            let card = next_best(moves, scores);
            if skip_below[usize::from(card >> 4)] > card & 15 {
                continue;
            }
            stat!(tried += 1;);
            let (res, rel) = play(self, card);
            if res == ns {
                stat!(self.stats.count_moves(place.0, place.1, true, tried););
                return Ok((card, rel, failed));
            }
            relevant |= rel;
            failed = true;
            note_failed(card, rel, &mut skip_below);
        }
        stat!(self.stats.count_moves(place.0, place.1, false, tried););
        Err(relevant)
    }

    /// [`Search::search`] for the fourth hand, nearly half of all nodes: the
    /// moves `moves` gives, in the same order (`last_score`), with the
    /// trick's winner and what it depends on worked out once for the three
    /// cards down rather than again for every card tried (4.4% fewer
    /// instructions per node, counted by cachegrind). It makes its moves
    /// itself, as `moves` does for the other hands: going through `moves`
    /// took 3.4% more instructions.
    fn last_hand(&mut self, leader: usize, trick: TrickCards, target: i32) -> (bool, u64) {
        let player = (leader + 3) & 3;
        let n = self.tricks_left(3);
        let ns = player & 1 == 0;
        let win_idx = self.winning_index(&trick, 3);
        let winner = trick[win_idx];
        let partner_wins = win_idx == 1;
        // The suits of the three cards down, and whether the winner beat
        // another card of its suit by rank.
        let suits = trick[..3].iter().fold(0u8, |acc, card| acc | 1 << (card >> 4));
        let winner_by_rank =
            trick[..3].iter().enumerate().any(|(idx, card)| idx != win_idx && card >> 4 == winner >> 4);
        let led = trick[0] >> 4;
        let hand = self.hands[player];
        let led_cards = (SUIT_BITS << (16 * led)) & hand;
        let legal = if led_cards == 0 { hand } else { led_cards };
        let present = self.in_hands | 1u64 << trick[0] | 1u64 << trick[1] | 1u64 << trick[2];
        let others = present & !hand;
        let mut moves = [0u8; 13];
        let mut scores = [0i32; 13];
        let n_moves = group_tops(legal, others, &mut moves);
        for (score, &card) in scores.iter_mut().zip(&moves[..n_moves]) {
            *score = self.last_score(card, winner, partner_wins, led, player);
        }
        let hint = self.follow_hint(leader, (led, winner), 3, target, &moves[..n_moves], &mut scores[..n_moves]);
        if n >= PROBE_FROM && n_moves > 1 {
            self.promote_probed(leader, trick, 3, target, &moves[..n_moves], &mut scores[..n_moves]);
        }
        let tried = self.first_success(&moves[..n_moves], &mut scores[..n_moves], ns, (3, n), |search, card| {
            let (win_idx, trick_rel) = if search.beats(card, winner) {
                (3, if suits >> (card >> 4) & 1 != 0 { 1u64 << card } else { 0 })
            } else {
                (win_idx, if winner_by_rank || card >> 4 == winner >> 4 { 1u64 << winner } else { 0 })
            };
            search.take(player, card);
            let res = search.after_trick(leader, &with_card(trick, 3, card), win_idx, target, trick_rel);
            search.give_back(player, card);
            res
        });
        match tried {
            Ok((card, rel, after_failure)) => {
                self.remember(hint, card, after_failure);
                (ns, rel)
            }
            Err(relevant) => (!ns, self.whole_groups(relevant, hand, present, &moves[..n_moves])),
        }
    }

    /// Plays `card` for the player to play, searches on, and takes it back.
    fn play_and_search(
        &mut self,
        leader: usize,
        trick: TrickCards,
        count: usize,
        card: u8,
        target: i32,
    ) -> (bool, u64) {
        let player = (leader + count) & 3;
        self.take(player, card);
        let trick = with_card(trick, count, card);
        let res = if count == 3 {
            let win_idx = self.winning_index(&trick, 4);
            self.after_trick(leader, &trick, win_idx, target, self.trick_relevance(&trick, win_idx))
        } else {
            self.search(leader, trick, count + 1, target)
        };
        self.give_back(player, card);
        res
    }

    /// The next trick start after the complete `trick` led by `leader`
    /// (its cards taken from the hands), won by its card at `win_idx`, with
    /// North-South's `target` before the trick; `trick_rel` is the winning
    /// card when its rank decided the trick, else nothing. When that card
    /// beat only its partner's cards of its suit (no opponent played the
    /// suit), the side wins the trick whatever their ranks, which decide
    /// only which of the two leads next: when partner leading comes to the
    /// same, the proof holds either way and names neither rank (on the
    /// first 20 bench tables 3.7% fewer nodes, 6.3% on deals 20 to 59,
    /// 3.4% on deals 60 to 99, 1.3% at the opening leads, 2.8% mid-play,
    /// 1.8% for the best cards; the partner's search comes to the same 92%
    /// of the time).
    fn after_trick(
        &mut self,
        leader: usize,
        trick: &TrickCards,
        win_idx: usize,
        target: i32,
        trick_rel: u64,
    ) -> (bool, u64) {
        let seat = (leader + win_idx) & 3;
        let target = target - i32::from(seat & 1 == 0);
        let (res, rel) = self.trick_start(seat, target);
        if trick_rel != 0 && beats_partner_only(trick, win_idx) {
            let (other, other_rel) = self.trick_start(seat ^ 2, target);
            if other == res {
                return (res, rel | other_rel);
            }
        }
        (res, rel | trick_rel)
    }

    /// The cut-off hint (see [`crate::tt::Hints`]) of the player following
    /// to the trick after `count` cards (1 to 3; `led` the suit led and
    /// `winner` the card winning them), when it has a choice: its
    /// card, if one of `moves`, gets a bonus in `scores`. With the leads'
    /// hints: on 60 bench tables and the opening leads 20% fewer nodes,
    /// 20% on deals 60 to 99, 17% mid-play, 22% for the best cards, than
    /// without hints. The context of a card of the suit led: the suit's
    /// cards left in the hands (the trick's excluded: up to 2% fewer nodes
    /// than with them), the next hand's cards of the suit (1.1% fewer on
    /// the first 60 tables and the opening leads and on deals 60 to 99;
    /// the player's own too, or every later hand's: about as many), the
    /// winning card so far, the leader and the place in the trick
    /// (North-South's target too: 1 to 5% more nodes). Of a
    /// discard or a ruff: the hand, the winning card, the leader, the
    /// place, and in a trump contract the target (these hints: 2 to 3.6%
    /// fewer nodes on each set).
    fn follow_hint(
        &self,
        leader: usize,
        (led, winner): (u8, u8),
        count: usize,
        target: i32,
        moves: &[u8],
        scores: &mut [i32],
    ) -> Option<Hint> {
        if moves.len() <= 1 {
            return None;
        }
        let player = (leader + count) & 3;
        // The winning card, the place and the leader in 10 bits.
        let place = u64::from(winner) | (count as u64) << 6 | (leader as u64) << 8;
        let led_cards = (self.in_hands >> (16 * led)) & SUIT_BITS;
        let hint = if self.hands[player] >> (16 * led) & SUIT_BITS != 0 {
            let next_cards = self.holding((player + 1) & 3, usize::from(led));
            self.local.hints.get(led_cards | next_cards << 32, place | u64::from(led) << 10 | FOLLOW_CONTEXT)
        } else {
            let target = if self.trump < NOTRUMP { target as u64 } else { 0 };
            self.local.hints.get(self.hands[player], place | target << 12 | DISCARD_CONTEXT)
        };
        let bonus = match count {
            1 => SECOND_HINT_BONUS,
            2 => THIRD_HINT_BONUS,
            _ => FOURTH_HINT_BONUS,
        };
        Some(hint.promote(moves, scores, bonus))
    }

    /// The cut-off hint of a lead (see [`crate::tt::Hints`]), when the
    /// leader has a choice: its card, if one of `moves`, gets
    /// [`LEAD_HINT_BONUS`]. The context: the leader's hand, which of
    /// partner's suits are odd in length, and in a trump contract
    /// North-South's target (without it, 4 to 27% more nodes; the hand
    /// relative to the cards left, 7 to 9% more). These hints: 8 to 10%
    /// fewer nodes on each set than the following hands' hints alone.
    fn lead_hint(&self, leader: usize, target: i32, moves: &[u8], scores: &mut [i32]) -> Option<Hint> {
        if moves.len() <= 1 {
            return None;
        }
        let parity = (0..4).fold(0, |acc, suit| acc | u64::from(len(self.holding(leader ^ 2, suit)) & 1) << suit);
        let target = if self.trump < NOTRUMP { target as u64 } else { 0 };
        let hint = self.local.hints.get(self.hands[leader], parity | target << 4 | LEAD_CONTEXT);
        Some(hint.promote(moves, scores, LEAD_HINT_BONUS))
    }

    /// Keeps `card`, which cut off, as the hint of its context when a card
    /// failed there before it: a cut by the first card tried leaves the
    /// hint as it was, as for the killer (for the following hands, keeping
    /// every cut took 3 to 9% more nodes).
    fn remember(&mut self, hint: Option<Hint>, card: u8, after_failure: bool) {
        if let Some(hint) = hint.filter(|hint| after_failure && hint.card() != Some(card)) {
            self.local.hints.set(hint, card);
        }
    }

    /// The winning card of a complete trick when it won by rank over another
    /// card of its suit, else nothing: the only rank the trick depends on.
    fn trick_relevance(&self, trick: &TrickCards, win_idx: usize) -> u64 {
        let win = trick[win_idx];
        let by_rank = trick.iter().enumerate().any(|(idx, card)| idx != win_idx && card >> 4 == win >> 4);
        if by_rank {
            1u64 << win
        } else {
            0
        }
    }

    /// A node at a trick boundary: cut-offs, the table, then the leads.
    fn trick_start(&mut self, leader: usize, target: i32) -> (bool, u64) {
        let n = self.tricks_left(0);
        stat!(self.stats.entries[n as usize] += 1;);
        if target <= 0 || target > n {
            stat!(self.stats.trivial[n as usize] += 1;);
            return (target <= 0, 0);
        }
        if n == 1 {
            stat!(self.stats.trivial[1] += 1;);
            let trick = [0, 1, 2, 3].map(|step| self.hands[(leader + step) & 3].trailing_zeros() as u8);
            let win_idx = self.winning_index(&trick, 4);
            let winner = (leader + win_idx) & 3;
            return (winner & 1 == 0, self.trick_relevance(&trick, win_idx));
        }
        // The cut-offs, those depending on the fewest cards first: the
        // pattern a cut-off names travels up into every stored ancestor,
        // so when two would cut, the narrower one makes the table's
        // patterns match more often (the sure trumps before the quick
        // tricks: 1.7% fewer nodes per table; the table's probe before
        // both: 8% more).
        if self.trump < NOTRUMP {
            // A side's longer trump holding wins a trick with each of its
            // trumps but those an opponent's trump spoils, one each
            // (macroxue's solver's length tricks): a bound for both sides
            // that names no card, the lengths being in every key (on 60
            // bench tables and the opening leads 5% fewer nodes, 5.2% on
            // deals 60 to 99, 5.6% mid-play, 2.8% for the best cards).
            let (ns_long, ew_long) = self.trump_length_tricks();
            if ns_long >= target || n - ew_long < target {
                stat!(self.stats.sure[n as usize] += 1;);
                return (ns_long >= target, 0);
            }
            // The top trumps win whenever they are played: bounds for both sides.
            let (ns_sure, ew_sure, trump_rel) = self.sure_trump_tricks();
            if ns_sure >= target || n - ew_sure < target {
                stat!(self.stats.sure[n as usize] += 1;);
                return (ns_sure >= target, trump_rel);
            }
        }
        let ns = leader & 1 == 0;
        let need = if ns { target } else { n + 1 - target };
        let (quick, quick_rel) = self.quick_tricks(leader, need);
        if (ns && quick >= target) || (!ns && n - quick < target) {
            stat!(self.stats.quick[n as usize] += 1;);
            return (ns, quick_rel);
        }
        if need == 1 {
            // A ruff by partner is the one trick the side needs (on 60
            // bench tables and the opening leads 1.1% fewer nodes, 0.8%
            // mid-play).
            if let Some(rel) = self.partner_ruffs(leader) {
                stat!(self.stats.quick[n as usize] += 1;);
                return (ns, rel);
            }
        }
        if target == n || target == 1 {
            // A side needs every trick (North-South at `n`, East-West at 1;
            // `n` is above 1 here): DDS's later-tricks bounds, whichever
            // side is on lead (DDS counts only the side not on lead; that
            // side too: on 60 bench tables and the opening leads 1.8% fewer
            // nodes, 2.0% on 40 other tables, 1.9% mid-play, 1.2% for the
            // best cards). A seat of that side, North or East.
            let seat = usize::from(target == 1);
            if let Some(rel) = self.all_tricks_out_of_reach(seat, n).or_else(|| self.trump_trick_lost(seat, leader)) {
                stat!(self.stats.later[n as usize] += 1;);
                // That side falls short.
                return (seat == 1, rel);
            }
        }
        let present = self.in_hands;
        if self.should_stop() {
            return (false, 0);
        }
        let key = self.key(leader);
        let mut best = NO_MOVE;
        // `target` is in 1..=n here, so it fits in a u8.
        let target_u8 = target as u8;
        let stored = if n <= SHALLOW { None } else { self.table.probe(&key, target_u8) };
        if let Some(bounds) = stored {
            if let Some(res) = bounds.decides(target_u8) {
                stat!(self.stats.tt[n as usize] += 1;);
                return (res, self.mask_to_cards(bounds.mask, present));
            }
            best = bounds.best;
        }
        let trick = [0u8; 4];
        let mut moves = [0u8; 13];
        let mut scores = [0i32; 13];
        let n_moves = self.moves(leader, &trick, 0, &mut moves, &mut scores);
        if best != NO_MOVE {
            if let Some(card) = self.relative_to_card(leader, best) {
                // The stored lead, or the move standing for its group, goes
                // next after the killer.
                let group = self.group_of(leader, card);
                if let Some(pos) = moves[..n_moves].iter().position(|m| group >> m & 1 != 0) {
                    scores[pos] += STORED_BONUS;
                }
            }
        }
        let hint = self.lead_hint(leader, target, &moves[..n_moves], &mut scores[..n_moves]);
        if n >= PROBE_FROM && n_moves > 1 {
            self.promote_probed(leader, trick, 0, target, &moves[..n_moves], &mut scores[..n_moves]);
        }
        stat!(self.stats.searched[n as usize] += 1;);
        // The killer of the next trick starts comes from this node's own
        // subtree (a sibling of the position it is tried in), not from a
        // cut-off left there by an earlier, unrelated position: 3.2% fewer
        // nodes on the first 60 bench tables and the opening leads, 4.1%
        // on deals 60 to 99, 1.6% mid-play, 0.6% for the best cards.
        // (Clearing it also at each mid-trick root of `analyse`: 0.9% more
        // nodes at the opening leads. A killer per leader, cleared the
        // same way: 0.9% more on the first set; never cleared, 10% more.)
        self.killers[n as usize - 1] = NO_MOVE;
        let mut res = !ns;
        let mut cut = NO_MOVE;
        let mut relevant = 0;
        let mut skip_below = [0u8; 4];
        #[cfg(feature = "profiling")]
        let mut tried = 0;
        // Whether a lead has failed here already.
        let mut failed = false;
        for _ in 0..n_moves {
            let card = next_best(&moves[..n_moves], &mut scores[..n_moves]);
            if skip_below[usize::from(card >> 4)] > card & 15 {
                continue;
            }
            stat!(tried += 1;);
            let (child, rel) = self.play_and_search(leader, trick, 0, card, target);
            if self.stopped {
                // Nothing from a search given up is stored.
                return (false, 0);
            }
            if child == ns {
                // The first move is never skipped.
                stat!(if tried == 1 {
                    self.stats.cut_first[n as usize] += 1
                } else {
                    self.stats.cut_later[n as usize] += 1
                });
                stat!(self.stats.count_moves(0, n, true, tried););
                // Only a cut-off the order did not foresee (after a lead
                // that failed) makes the killer; one by the first lead
                // tried leaves the killer as it was: 2.7% fewer nodes on
                // the first 60 bench tables and the opening leads, 2.4% on
                // deals 60 to 99, 0.8% mid-play, 2.1% for the best cards
                // (the reverse, only first leads: 13% more).
                if failed {
                    self.killers[n as usize] = card;
                }
                self.remember(hint, card, failed);
                res = ns;
                cut = self.card_to_relative(card);
                let weight = (n * n) as u32;
                let slot = &mut self.local.history[leader][usize::from(card)];
                *slot = slot.saturating_add(weight);
                relevant = rel;
                break;
            }
            relevant |= rel;
            failed = true;
            note_failed(card, rel, &mut skip_below);
        }
        if res != ns {
            stat!(self.stats.count_moves(0, n, false, tried););
            relevant = self.whole_groups(relevant, self.hands[leader], present, &moves[..n_moves]);
        }
        // Positions this short are cheaper to search again than to crowd
        // the table with.
        if n > SHALLOW {
            let tricks = n as u8;
            let mask = self.relevance_mask(relevant, present);
            let (lower, upper) = if res { (target_u8, tricks) } else { (0, target_u8 - 1) };
            let named = self.named_tops(&key, mask);
            self.local.store(self.table, &key, tricks, Bounds { lower, upper, best: cut, mask }, named);
        }
        (res, relevant)
    }

    /// Moves first the cards of the player to play whose likely trick ends
    /// where the table decides for the player's side: the card is followed
    /// by each next hand's first card in the search's order
    /// (`greedy_line`), and the table probed at the next trick start. The
    /// lines' buckets are all asked for before the first probe, so the
    /// probes wait on memory once. The idea is that of macroxue's solver
    /// (its probed leads at the first tricks). For the leads: on 60 bench
    /// tables and the opening leads 3.5% fewer nodes, 3.4% on 40 other
    /// tables, 2.1% for the best cards; then for the other hands too: 5.5%,
    /// 8.6% and 3.3% fewer again.
    fn promote_probed(
        &mut self,
        leader: usize,
        trick: TrickCards,
        count: usize,
        target: i32,
        moves: &[u8],
        scores: &mut [i32],
    ) {
        let ns = (leader + count) & 1 == 0;
        let mut lines = [Err(false); 13];
        for (line, &card) in lines.iter_mut().zip(moves) {
            *line = self.greedy_line(leader, trick, count, card, target);
        }
        for (score, line) in scores.iter_mut().zip(&lines[..moves.len()]) {
            let ns_reaches = match *line {
                Err(reaches) => Some(reaches),
                Ok((key, target)) => self.table.probe(&key, target).and_then(|bounds| bounds.decides(target)),
            };
            if ns_reaches == Some(ns) {
                *score += PROBED_BONUS;
            }
        }
    }

    /// The trick start after `card`, played as the trick's card number
    /// `first` (the cards before it down), and each next hand's first card
    /// in the search's order, where the table holds what this search found
    /// along the same order: the key there (its buckets asked for) and
    /// North-South's target, or whether they surely reach it.
    fn greedy_line(
        &mut self,
        leader: usize,
        trick: TrickCards,
        first: usize,
        card: u8,
        target: i32,
    ) -> Result<(Key, u8), bool> {
        let mut trick = with_card(trick, first, card);
        self.take((leader + first) & 3, card);
        for count in first + 1..4 {
            let mut moves = [0u8; 13];
            let mut scores = [0i32; 13];
            let n_moves = self.moves(leader, &trick, count, &mut moves, &mut scores);
            // With the hints, as the search orders them (on 60 bench tables
            // and the opening leads 0.6% fewer nodes, 1.6% on deals 60 to 99,
            // 1.1% for the best cards, mid-play 0.2% more).
            let so_far = self.led_and_winner(&trick, count);
            self.follow_hint(leader, so_far, count, target, &moves[..n_moves], &mut scores[..n_moves]);
            let best = next_best(&moves[..n_moves], &mut scores[..n_moves]);
            self.take((leader + count) & 3, best);
            trick[count] = best;
        }
        let winner = (leader + self.winning_index(&trick, 4)) & 3;
        let target = target - i32::from(winner & 1 == 0);
        let res = if target <= 0 {
            Err(true)
        } else if target > self.tricks_left(0) {
            Err(false)
        } else {
            let key = self.key(winner);
            self.table.prefetch(&key);
            // `target` is in 1..=12 here.
            Ok((key, target as u8))
        };
        for count in (first..4).rev() {
            self.give_back((leader + count) & 3, trick[count]);
        }
        res
    }

    /// Whether the side of the second hand surely wins the trick `lead`
    /// started, with the card it relies on: the higher of its two holdings
    /// of the suit led beats the lead and every card the third hand holds
    /// there, and the third hand cannot ruff. The second hand plays it if it
    /// holds it, else any card (a ruff of its own wins too), and the fourth
    /// hand, last, plays it. DDS's `QuickTricksSecondHand`, its first case:
    /// it saves the rest of the trick when that trick is all the side needs.
    fn second_hand_wins(&self, leader: usize, lead: u8) -> Option<u64> {
        let suit = usize::from(lead >> 4);
        let shift = 16 * suit;
        let second = (self.hands[(leader + 1) & 3] >> shift) & SUIT_BITS;
        let third = (self.hands[(leader + 2) & 3] >> shift) & SUIT_BITS;
        let fourth = (self.hands[(leader + 3) & 3] >> shift) & SUIT_BITS;
        let ours = second | fourth;
        let third_ruffs = self.trump < NOTRUMP
            && suit != self.trump
            && (self.hands[(leader + 2) & 3] >> (16 * self.trump)) & SUIT_BITS != 0;
        if ours == 0 || (third == 0 && third_ruffs) {
            return None;
        }
        let top = 63 - ours.leading_zeros();
        if top <= u32::from(lead & 15) || (third != 0 && top <= 63 - third.leading_zeros()) {
            return None;
        }
        Some(1u64 << (shift as u32 + top))
    }

    /// Once the side of the second hand wins the trick `lead` started with
    /// its card `rel` (see `second_hand_wins`), whether the hand holding that
    /// card then cashes `need - 1` more tricks from the top: its next card
    /// of the suit when it is the next highest, the top card of each other
    /// suit it heads, every card of a suit nobody else holds, each only when
    /// no opponent can ruff it. With the cards that relies on (the lengths
    /// and who holds trumps are in every key).
    fn then_cashes(&self, leader: usize, lead: u8, rel: u64, need: i32) -> Option<u64> {
        let winner = (leader + 1..leader + 4).map(|seat| seat & 3).find(|&seat| self.hands[seat] & rel != 0)?;
        let hand = self.hands[winner];
        let others = (self.in_hands | 1u64 << lead) & !hand;
        let led = usize::from(lead >> 4);
        // Whether no opponent of the winner can ruff the first round of
        // `suit` it leads: each follows suit then (one card of the suit led
        // goes to this trick) or has no trump.
        let safe = |suit: usize| {
            if self.trump == NOTRUMP || suit == self.trump {
                return true;
            }
            [(winner + 1) & 3, (winner + 3) & 3].into_iter().all(|seat| {
                let cards = len((self.hands[seat] >> (16 * suit)) & SUIT_BITS);
                cards > u32::from(suit == led) || (self.hands[seat] >> (16 * self.trump)) & SUIT_BITS == 0
            })
        };
        let mut tricks = 1;
        let mut cards = rel;
        for suit in 0..4 {
            let shift = 16 * suit;
            let own = (hand >> shift) & SUIT_BITS & !(rel >> shift);
            if own == 0 {
                continue;
            }
            let rest = (others >> shift) & SUIT_BITS;
            let top = 1u64 << (63 - own.leading_zeros());
            if rest == 0 && suit != led {
                if safe(suit) {
                    tricks += len(own) as i32;
                }
            } else if top > rest && safe(suit) {
                tricks += 1;
                cards |= top << shift;
            }
            if tricks >= need {
                return Some(cards);
            }
        }
        None
    }

    /// Whether the leader's partner surely ruffs a lead, with the card it
    /// relies on: a suit the leader holds and partner has none of, partner
    /// holding a trump, and each opponent following suit, or without a
    /// trump, or with only trumps below partner's top one (which then
    /// overruffs). DDS's `QuickTricks` counts this trick too.
    fn partner_ruffs(&self, leader: usize) -> Option<u64> {
        if self.trump == NOTRUMP {
            return None;
        }
        let partner = self.holding(leader ^ 2, self.trump);
        if partner == 0 {
            return None;
        }
        let (lho, rho) = ((leader + 1) & 3, (leader + 3) & 3);
        let mut best = None;
        for suit in (0..4).filter(|&suit| suit != self.trump) {
            if self.holding(leader, suit) == 0 || self.holding(leader ^ 2, suit) != 0 {
                continue;
            }
            // The trumps of the opponents who cannot follow suit.
            let over = [lho, rho]
                .into_iter()
                .filter(|&seat| self.holding(seat, suit) == 0)
                .fold(0, |acc, seat| acc | self.holding(seat, self.trump));
            if over == 0 {
                return Some(0);
            }
            if partner.leading_zeros() < over.leading_zeros() {
                best = Some(1u64 << (16 * self.trump as u32 + 63 - partner.leading_zeros()));
            }
        }
        best
    }

    /// The index of the card winning the first `count` cards of `trick`
    /// (1 to 4; 4 for a complete trick).
    fn winning_index(&self, trick: &TrickCards, count: usize) -> usize {
        let mut best = 0;
        for idx in 1..count {
            if self.beats(trick[idx], trick[best]) {
                best = idx;
            }
        }
        best
    }

    /// The suit led and the card winning the first `count` cards of `trick`.
    fn led_and_winner(&self, trick: &TrickCards, count: usize) -> (u8, u8) {
        (trick[0] >> 4, trick[self.winning_index(trick, count)])
    }

    /// Whether `card` beats `winner`, the card winning the trick so far.
    fn beats(&self, card: u8, winner: u8) -> bool {
        let suit = usize::from(card >> 4);
        if suit == usize::from(winner >> 4) {
            card > winner
        } else {
            suit == self.trump
        }
    }

    /// The tricks the leader can cash at once from the top of their own
    /// hand, then from partner's (a lower bound for the leader's side), and
    /// the cards counted on: when they reach `need`, only those of the
    /// fewest suits that do, so a stored pattern depends on fewer cards.
    fn quick_tricks(&self, leader: usize, need: i32) -> (i32, u64) {
        let hand = self.hands[leader];
        let partner = self.hands[leader ^ 2];
        let lho = self.hands[(leader + 1) & 3];
        let rho = self.hands[(leader + 3) & 3];
        let trump_bits = if self.trump < NOTRUMP { SUIT_BITS << (16 * self.trump) } else { 0 };
        // The leader's top trumps, when they outnumber each opponent's
        // trumps, draw them first: the side suits then cash unruffed.
        let drawn_by = self.trumps_drawn_by(leader);
        let lho_ruffs = lho & trump_bits != 0 && drawn_by == 0;
        let rho_ruffs = rho & trump_bits != 0 && drawn_by == 0;
        let [own, mate] = self.top_winners(leader, lho_ruffs, rho_ruffs);
        let res: i32 = own.tricks.iter().sum();
        // Then a low card to partner's winners in a suit the leader holds
        // a card of, and partner cashes its winners there (one more when
        // that lead is a finesse), or in every suit, when partner can keep
        // those suits while the leader cashes: its cards outside them cover
        // the leader's tricks.
        let mut best_extra = 0;
        let mut extra_rel = 0;
        // Not needed when the leader's own tricks are enough.
        if res < need {
            let all_tricks: i32 = mate.tricks.iter().sum();
            let all_suits =
                (0..4).filter(|&suit| mate.tricks[suit] > 0).fold(0, |acc, suit| acc | SUIT_BITS << (16 * suit));
            let covers = |suits: u64| hand_len(partner & !suits) as i32 >= res;
            for (suit, &tricks) in mate.tricks.iter().enumerate() {
                // The leader needs a card of the suit to reach partner.
                if tricks == 0 || (hand >> (16 * suit)) & SUIT_BITS == 0 {
                    continue;
                }
                let suit_bits = SUIT_BITS << (16 * suit);
                let finesse_cards = mate.finesse_cards & suit_bits;
                let finesse = i32::from(finesse_cards != 0);
                if all_tricks + finesse > best_extra && covers(all_suits) {
                    (best_extra, extra_rel) = (all_tricks + finesse, mate.cards | finesse_cards);
                } else if tricks + finesse > best_extra && covers(suit_bits) {
                    (best_extra, extra_rel) = (tricks + finesse, (mate.cards & suit_bits) | finesse_cards);
                }
            }
        }
        let total = res + best_extra;
        if total < need {
            return (total, drawn_by | own.cards | extra_rel);
        }
        // The tricks of each suit counted (the partner's last) with their
        // cards: only those of the fewest suits that reach `need`.
        let mut counted = [(0i32, 0u64); 5];
        for (suit, item) in counted[..4].iter_mut().enumerate() {
            *item = (own.tricks[suit], own.cards & SUIT_BITS << (16 * suit));
        }
        counted[4] = (best_extra, extra_rel);
        counted.sort_unstable_by_key(|item| -item.0);
        let mut sum = 0;
        let mut relevant = drawn_by;
        for (tricks, cards) in counted {
            sum += tricks;
            relevant |= cards;
            if sum >= need {
                break;
            }
        }
        (total, relevant)
    }

    /// The tricks the leader (first) and partner (second) cash in each suit
    /// once on lead: the run of the one holding the suit's top card above
    /// every other card of the suit, counted in full when it outlasts the
    /// other holdings, and no more than an opponent of the leader who may
    /// ruff holds; with the run's cards that meet another card of the suit
    /// (with nobody else holding it, the lengths say it all: the others win
    /// on the lengths), or two tricks for the leader when the side's top
    /// two cards are split and the leader can cross to partner and back.
    /// Nothing for a suit the side cannot win from the top.
    fn top_winners(&self, leader: usize, lho_ruffs: bool, rho_ruffs: bool) -> [Winners; 2] {
        let lho = self.hands[(leader + 1) & 3];
        let rho = self.hands[(leader + 3) & 3];
        let side = [self.hands[leader], self.hands[leader ^ 2]];
        let all_cards = self.in_hands;
        let mut res = [Winners::default(); 2];
        for suit in 0..4 {
            let shift = 16 * suit;
            let all = (all_cards >> shift) & SUIT_BITS;
            if all == 0 {
                continue;
            }
            // Only the holder of the suit's top card has a run.
            let top = 1u64 << (63 - all.leading_zeros());
            let first = (side[0] >> shift) & SUIT_BITS;
            let second = (side[1] >> shift) & SUIT_BITS;
            let (holder, own, mate) = if first & top != 0 {
                (0, first, second)
            } else if second & top != 0 {
                (1, second, first)
            } else {
                continue;
            };
            let rest = all & !own;
            let run_cards = if rest == 0 { own } else { own & !((1u64 << (64 - rest.leading_zeros())) - 1) };
            let run = len(run_cards);
            let lho_len = len((lho >> shift) & SUIT_BITS);
            let rho_len = len((rho >> shift) & SUIT_BITS);
            let met = len(mate).max(lho_len).max(rho_len);
            let mut winners = if run >= met { len(own) } else { run };
            let mut counted = top_n(run_cards, met);
            // The suit's top two cards split between the leader and
            // partner, both with a card to spare: a low card to partner's,
            // and back to the leader's (as A-x opposite K-x, either way
            // round), two tricks for the leader, who is on lead again (on
            // 60 bench tables and the opening leads 1.4% fewer nodes, 2.7%
            // mid-play, 1.1% on 40 other tables).
            let mut holder = holder;
            if run == 1 && len(own) >= 2 && len(mate) >= 2 && mate & top_n(all, 2) != 0 {
                winners = 2;
                counted = top_n(all, 2);
                holder = 0;
            }
            if self.trump < NOTRUMP && suit != self.trump {
                if lho_ruffs {
                    winners = winners.min(lho_len);
                }
                if rho_ruffs {
                    winners = winners.min(rho_len);
                }
            }
            if winners > 0 {
                res[holder].tricks[suit] = winners as i32;
                res[holder].cards |= counted << shift;
            }
            // Partner holds the top and third cards, the leader's left-hand
            // opponent the second: a low card from the leader, and partner
            // wins two tricks however that opponent plays (a finesse, as
            // DDS's quick tricks count it: on 60 bench tables and the
            // opening leads 0.7% fewer nodes, 0.3% on 40 other tables,
            // 0.5% for the best cards).
            if holder == 1 && winners == 1 && run == 1 && mate != 0 {
                let top_three = top_n(all, 3);
                let second = top_n(all, 2) & !top;
                let third = top_three & !top_n(all, 2);
                let side_suit = self.trump < NOTRUMP && suit != self.trump;
                let ruffed = side_suit && ((lho_ruffs && lho_len < 2) || (rho_ruffs && rho_len < 2));
                if (lho >> shift) & second != 0 && own & third != 0 && !ruffed {
                    res[1].finesse_cards |= top_three << shift;
                }
            }
        }
        res
    }

    /// The leader's run of top trumps (above every other trump) when it is
    /// at least as long as each opponent's trumps, else nothing: cashed
    /// first, it leaves the opponents without a trump to ruff the leader's
    /// side-suit winners, which `quick_tricks` then counts in full. The run
    /// is what this relies on (the lengths are in every key).
    fn trumps_drawn_by(&self, leader: usize) -> u64 {
        if self.trump == NOTRUMP {
            return 0;
        }
        let shift = 16 * self.trump;
        let trumps = |seat: usize| self.holding(seat, self.trump);
        let own = trumps(leader);
        let lho = trumps((leader + 1) & 3);
        let rho = trumps((leader + 3) & 3);
        if own == 0 || lho | rho == 0 {
            return 0;
        }
        let rest = lho | rho | trumps(leader ^ 2);
        let run = own & !((1u64 << (64 - rest.leading_zeros())) - 1);
        if len(run) >= len(lho).max(len(rho)) {
            // The trumps that draw the opponents' are all it relies on.
            top_n(run, len(lho).max(len(rho))) << shift
        } else {
            0
        }
    }

    /// Whether the side of `seat`, needing every remaining trick, surely
    /// loses one in notrump (or once the trumps are gone), with the cards
    /// that proves it on: the top cards of the suits the other side heads.
    ///
    /// The bound of DDS's `LaterTricks`: the side takes at most, in each
    /// suit it heads, as many tricks as its longer holding there (each
    /// trick it wins is won in the suit led, and shortens that holding);
    /// a suit the other side heads gives it nothing while the top card is
    /// kept, for its holder wins the trick when the suit is led, and losing
    /// it to a squeeze needs entries and threats that the lengths already
    /// count. So a count below the tricks left means a trick lost, whichever
    /// side is on lead. Not proven here: the property tests against
    /// pons-dds and the vectors check it. A matching position keeps the
    /// other side's top cards that the count relies on and the lengths, so
    /// its count is no larger.
    fn all_tricks_out_of_reach(&self, seat: usize, n: i32) -> Option<u64> {
        if self.trump < NOTRUMP && self.in_hands >> (16 * self.trump) & SUIT_BITS != 0 {
            return None;
        }
        let hand = self.hands[seat];
        let partner = self.hands[seat ^ 2];
        let side = hand | partner;
        let present = self.in_hands;
        // Each suit's longer holding of the side, and the top card
        // of those the other side heads (0 for the others).
        let mut total = 0;
        let mut theirs = [(0i32, 0u64); 4];
        for (suit, item) in theirs.iter_mut().enumerate() {
            let shift = 16 * suit;
            let all = (present >> shift) & SUIT_BITS;
            if all == 0 {
                continue;
            }
            let longer = len((hand >> shift) & SUIT_BITS).max(len((partner >> shift) & SUIT_BITS)) as i32;
            total += longer;
            let top = 63 - all.leading_zeros();
            if (side >> shift) >> top & 1 == 0 {
                *item = (longer, 1u64 << (shift + top as usize));
            }
        }
        // Keep only the other side's top cards of the suits that must stay
        // theirs for the count to fall short, the longest first.
        theirs.sort_unstable_by_key(|item| -item.0);
        let mut relevant = 0;
        for (longer, card) in theirs {
            if total < n {
                break;
            }
            if card == 0 || longer == 0 {
                return None;
            }
            total -= longer;
            relevant |= card;
        }
        (total < n).then_some(relevant)
    }

    /// Whether the side of `seat`, needing every remaining trick, surely
    /// loses one in trumps though it holds the top trump (DDS's
    /// `LaterTricks` for trumps), with the top trumps this depends on;
    /// `leader` leads the trick. That side leads every later trick, so the
    /// other side leads only now, if at all. When the second trump sits
    /// behind the top one (its holder plays after it in every trick it does
    /// not lead) with a lower one beside it, its holder plays low under the
    /// top trump and the second trump over anything else, so it takes a
    /// trick. When it sits before the top one and the third trump is on its
    /// side too, the top trump captures at most one of them: the holder of
    /// the second keeps a lower trump to play when the top one may follow.
    /// Neither holds when the holder of the second trump leads now with
    /// nothing but two trumps: it must lead one of them, the low one falls
    /// to a trump above it played after it, and the second trump is alone
    /// (found by the 100 tables of dd-tables.txt).
    fn trump_trick_lost(&self, seat: usize, leader: usize) -> Option<u64> {
        if self.trump == NOTRUMP {
            return None;
        }
        let shift = 16 * self.trump;
        let trumps = |hand: usize| self.holding(hand, self.trump);
        let holder = |bit: u32| (0..4).find(|&hand| trumps(hand) >> bit & 1 != 0).unwrap_or(seat);
        let ours = |hand: usize| hand & 1 == seat & 1;
        let all = trumps(0) | trumps(1) | trumps(2) | trumps(3);
        if all == 0 {
            return None;
        }
        let top = 63 - all.leading_zeros();
        let rest = all & !(1u64 << top);
        if !ours(holder(top)) || rest == 0 {
            return None;
        }
        let second = 63 - rest.leading_zeros();
        let second_holder = holder(second);
        if ours(second_holder) || len(trumps(second_holder)) < 2 {
            return None;
        }
        if second_holder == leader && len(trumps(leader)) < 3 && self.hands[leader] & !(SUIT_BITS << shift) == 0 {
            return None;
        }
        let cards = (1u64 << top) | (1u64 << second);
        if holder(top) == (second_holder + 3) & 3 {
            return Some(cards << shift);
        }
        let rest = rest & !(1u64 << second);
        if rest == 0 {
            return None;
        }
        let third = 63 - rest.leading_zeros();
        if ours(holder(third)) {
            return None;
        }
        Some((cards | 1u64 << third) << shift)
    }

    /// The tricks each side's trumps surely win by their lengths alone
    /// (North-South's, then East-West's; at most one is above 0): each
    /// trump of the side's longer holding is played in a trick of its own,
    /// which the side wins unless an opponent plays a trump in it, and each
    /// opponent's trump is in one trick only.
    fn trump_length_tricks(&self) -> (i32, i32) {
        let trumps = |seat: usize| len(self.holding(seat, self.trump)) as i32;
        let (north, east, south, west) = (trumps(0), trumps(1), trumps(2), trumps(3));
        (north.max(south) - east - west, east.max(west) - north - south)
    }

    /// The tricks each side's top trumps surely win: the run of the highest
    /// trumps one side holds wins at least as many tricks as one of its hands
    /// holds cards of it, and two when its top two are split between the
    /// partners and one of them has a trump to spare. With the run as the
    /// cards counted on.
    fn sure_trump_tricks(&self) -> (i32, i32, u64) {
        let shift = 16 * self.trump;
        let ns = ((self.hands[0] | self.hands[2]) >> shift) & SUIT_BITS;
        let ew = ((self.hands[1] | self.hands[3]) >> shift) & SUIT_BITS;
        let (side, other) = match (ns.leading_zeros(), ew.leading_zeros()) {
            (64, 64) => return (0, 0, 0),
            (ns_lz, ew_lz) if ns_lz < ew_lz => (ns, ew),
            _ => (ew, ns),
        };
        let run = if other == 0 { side } else { side & !((1u64 << (64 - other.leading_zeros())) - 1) };
        let (first, second) = if side == ns { (0, 2) } else { (1, 3) };
        let count = |seat: usize| len(((self.hands[seat] >> shift) & SUIT_BITS) & run) as i32;
        if count(first) == 1 && count(second) == 1 {
            // The top two trumps split between partners, one of them with a
            // trump to spare: they never fall on the same trick, so each
            // wins one (DDS's `LaterTricks` counts it so). On 60 bench
            // tables and the opening leads 0.5% fewer nodes, 0.8% on 40
            // other tables, 0.7% mid-play.
            let length = |seat: usize| len((self.hands[seat] >> shift) & SUIT_BITS);
            if length(first) > 1 || length(second) > 1 {
                let (ns_sure, ew_sure) = if side == ns { (2, 0) } else { (0, 2) };
                return (ns_sure, ew_sure, run << shift);
            }
        }
        let sure = count(first).max(count(second));
        // With no trump on the other side, the lengths say it all; else the
        // run down to the lowest of the longer hand's share of it.
        let best = if count(first) >= count(second) { first } else { second };
        let share = ((self.hands[best] >> shift) & SUIT_BITS) & run;
        let rel = if other == 0 || share == 0 { 0 } else { (run & !((share & share.wrapping_neg()) - 1)) << shift };
        if side == ns {
            (sure, 0, rel)
        } else {
            (0, sure, rel)
        }
    }

    /// The relevant cards of a node where every move failed, widened so that
    /// no group of equivalent cards (one tried move standing for the player's
    /// cards down to the next card of another hand or of the trick) straddles
    /// the lowest relevant card of its suit: when that card is at or below
    /// the group's top, the group's lowest card becomes relevant too.
    ///
    /// Without it the pattern claims cards below the relevant ones are
    /// interchangeable, yet in a matching position the player may hold a low
    /// card where this one held a card of the group, and that low card is a
    /// move this node never tried (say a duck where the group could only win).
    fn whole_groups(&self, relevant: u64, hand: u64, present: u64, moves: &[u8]) -> u64 {
        let others = present & !hand;
        let mut res = relevant;
        for &card in moves {
            let top = u32::from(card);
            let suit_floor = top & !15;
            let suit = SUIT_BITS << suit_floor;
            if relevant & suit & ((2u64 << top) - 1) == 0 {
                // Every relevant card of the suit lies above the group.
                continue;
            }
            let below_others = others & suit & ((1u64 << top) - 1);
            let floor = if below_others == 0 { suit_floor } else { 64 - below_others.leading_zeros() };
            let group = hand & ((2u64 << top) - 1) & !((1u64 << floor) - 1);
            res |= group & group.wrapping_neg();
        }
        res
    }

    /// The relevant cards closed upwards (every card above a relevant one of
    /// its suit), in the packed order of the table, with the trump bits.
    fn relevance_mask(&self, relevant: u64, present: u64) -> u64 {
        if self.packer.has_pext() {
            let mut closed = 0;
            for suit in 0..4 {
                let rel = (relevant >> (16 * suit)) & SUIT_BITS;
                if rel != 0 {
                    let lowest = rel & rel.wrapping_neg();
                    closed |= ((present >> (16 * suit)) & SUIT_BITS & !(lowest - 1)) << (16 * suit);
                }
            }
            return self.packer.pext(closed, present) | TRUMP_FIELD;
        }
        // Without `pext`, from the counts: a suit's `n` cards take `n`
        // places from `below` up, and the `k` cards from its lowest
        // relevant one up are the top `k` of them.
        let mut mask = TRUMP_FIELD;
        let mut below = 0;
        for suit in 0..4 {
            let cards = (present >> (16 * suit)) & SUIT_BITS;
            let n = len(cards);
            let rel = (relevant >> (16 * suit)) & SUIT_BITS;
            if rel != 0 {
                let lowest = rel & rel.wrapping_neg();
                let k = len(cards & !(lowest - 1));
                mask |= ((1u64 << k) - 1) << (below + n - k);
            }
            below += n;
        }
        mask
    }

    /// The cards of the current position that a stored pattern's mask names:
    /// in each suit, as many cards from the top as the mask holds.
    fn mask_to_cards(&self, mask: u64, present: u64) -> u64 {
        self.packer.named_cards(mask, present)
    }

    /// The legal moves of the player to play, one card per group of
    /// equivalent cards, with their scores (unsorted: see `next_best`).
    fn moves(
        &self,
        leader: usize,
        trick: &TrickCards,
        count: usize,
        out: &mut [u8; 13],
        scores: &mut [i32; 13],
    ) -> usize {
        let player = (leader + count) & 3;
        let hand = self.hands[player];
        let mut legal = hand;
        if count > 0 {
            let led = (SUIT_BITS << (16 * (trick[0] >> 4))) & hand;
            if led != 0 {
                legal = led;
            }
        }
        let mut present = self.in_hands;
        for card in &trick[..count] {
            present |= 1u64 << card;
        }
        let n = group_tops(legal, present & !hand, out);
        if n == 1 {
            // Nothing to order.
            return n;
        }
        if count > 0 {
            self.follow_scores(leader, trick, count, player, &out[..n], &mut scores[..n]);
        } else {
            self.lead_scores(player, present, &out[..n], &mut scores[..n]);
            // The leader holds as many cards as tricks are left.
            let killer = self.killers[self.tricks_left(0) as usize];
            if killer != NO_MOVE && hand >> killer & 1 != 0 {
                // The killer, or the move standing for its group, goes first.
                let group = self.group_of(leader, killer);
                if let Some(pos) = out[..n].iter().position(|m| group >> m & 1 != 0) {
                    scores[pos] += KILLER_BONUS;
                }
            }
        }
        n
    }

    /// The scores of the leads `cards` of `player` (higher is tried first),
    /// from what each suit offers, worked out once per suit held rather
    /// than once per card.
    fn lead_scores(&self, player: usize, present: u64, cards: &[u8], scores: &mut [i32]) {
        // Which seats hold a trump.
        let trumps = self.hands.map(|hand| self.trump < NOTRUMP && (hand >> (16 * self.trump)) & SUIT_BITS != 0);
        // Per suit: the top card's rank, the score of leading it, that of
        // any other card of the suit (before its rank and history), and
        // one card's rank with what it counts more or less (see
        // `lead_suit_scores`), a rank of 0 if none.
        let mut suit_scores = [(0u32, 0i32, 0i32, (0u32, 0i32)); 4];
        let mut done = 0u8;
        for (score, &card) in scores.iter_mut().zip(cards) {
            let suit = usize::from(card >> 4);
            if done >> suit & 1 == 0 {
                done |= 1 << suit;
                suit_scores[suit] = self.lead_suit_scores(player, suit, present, trumps);
            }
            let (top_card, top_score, other_score, (special, bonus)) = suit_scores[suit];
            let rank = i32::from(card & 15);
            let history = HISTORY_WEIGHT * (32 - self.local.history[player][usize::from(card)].leading_zeros() as i32);
            let bonus = if u32::from(card & 15) == special { bonus } else { 0 };
            *score = -rank + history + bonus + if u32::from(card & 15) == top_card { top_score } else { other_score };
        }
    }

    /// For `player`'s leads of `suit`: the suit's top card, the score of
    /// leading it and that of leading any other card of the suit, before
    /// the card's own rank and history (see `lead_scores`), and one card
    /// that counts more or less than the others with how much: the card
    /// that forces the top card out (see `FORCING_BONUS`), or the third
    /// card when partner holds the second (no `SETTING_UP_BONUS`); a rank
    /// of 0 when no card does. `trumps` says which seats hold a trump.
    fn lead_suit_scores(
        &self,
        player: usize,
        suit: usize,
        present: u64,
        trumps: [bool; 4],
    ) -> (u32, i32, i32, (u32, i32)) {
        let lho = (player + 1) & 3;
        let rho = (player + 3) & 3;
        let partner = player ^ 2;
        let shift = 16 * suit;
        let holding = |seat: usize| (self.hands[seat] >> shift) & SUIT_BITS;
        let top_of_suit = (present >> shift) & SUIT_BITS;
        let side_suit = self.trump < NOTRUMP && suit != self.trump;
        let opp_ruffs = side_suit && ((holding(lho) == 0 && trumps[lho]) || (holding(rho) == 0 && trumps[rho]));
        let partner_ruffs = side_suit && holding(partner) == 0 && trumps[partner];
        let top_card = 63 - top_of_suit.leading_zeros();
        // The suit's second and third cards (as bits of its holding; 0 if none).
        let (top_two, top_three) = (top_n(top_of_suit, 2), top_n(top_of_suit, 3));
        let second = top_two & !(1u64 << top_card);
        let third = top_three & !top_two;
        let opponents = holding(lho) | holding(rho);
        // Cashing the top card would promote the opponents' next card, and
        // its holder has a card to spare to the top card.
        let promotes = [lho, rho].into_iter().any(|seat| holding(seat) & second != 0 && len(holding(seat)) > 1);
        // Partner's best card of the suit beats every card the opponents
        // hold there (not only the suit's top card: 0.7% fewer nodes on 80
        // bench tables).
        let partner_top = holding(partner).leading_zeros() < opponents.leading_zeros();
        let top_score = if opp_ruffs {
            -40
        } else if promotes {
            PROMOTING_TOP_SCORE
        } else if holding(partner) & second != 0 && len(holding(partner)) <= len(holding(player)) {
            LONG_SIDE_TOP_SCORE
        } else {
            100
        };
        let other_score = if partner_top && !opp_ruffs {
            // 80, not 60, since the top card counts 0 under partner's
            // second card (`LONG_SIDE_TOP_SCORE`): 0.6% fewer nodes on 60
            // bench tables and the opening leads, 1.9% on 40 others, 1.7%
            // mid-play (40 and 100 did worse).
            80
        } else if partner_ruffs && !opp_ruffs {
            // Only a little: giving partner a ruff first took 1.5% more
            // nodes than after partner's top cards (120 bench tables).
            20
        } else if opp_ruffs {
            -40
        } else {
            // Through the top card toward partner's best one, not into it:
            // the left-hand opponent holds the top, and partner's best card
            // beats every other card of the opponents (not only when it is
            // the suit's second card: 1.8% fewer nodes on 80 bench tables),
            // ahead of a low lead to partner's top card (70, not 30: 0.6%
            // fewer nodes on 60 bench tables, 1.2% on 40 others).
            let others = (holding(lho) & !(1u64 << top_card)) | holding(rho);
            if holding(lho) >> top_card & 1 != 0 && holding(partner).leading_zeros() < others.leading_zeros() {
                70
            } else {
                0
            }
        };
        // A lead an opponent cannot follow lets them answer with any
        // discard or ruff, and the proof of a cut-off must refute each
        // of them: such leads go after the others, a ruff after a
        // discard (on 20 bench tables, 16% fewer nodes).
        let voids = i32::from(holding(lho) == 0) + i32::from(holding(rho) == 0);
        let mut common = -VOID_PENALTY * (voids + i32::from(opp_ruffs)) - OPPONENT_CARD_PENALTY * len(opponents) as i32;
        if holding(rho) & (1u64 << top_card | second) != 0 && len(holding(rho)) > 1 {
            common -= RHO_TOP_PENALTY;
        }
        if self.trump < NOTRUMP && suit == self.trump {
            // Drawing trumps with the longer trumps, even from the top, is
            // tried after the side suits' winners: on 12 tables it cut off
            // less often first (5% fewer nodes this way). By 60, not 100,
            // since the lead weights of 1 December: 1.0% fewer nodes on 60
            // bench tables and the opening leads, 0.7% on 40 others (0 and
            // 30 did better on the leads, worse on the tables).
            let ours = len(holding(player)) + len(holding(partner));
            let theirs = len(holding(lho)) + len(holding(rho));
            // Not when the opponents hold a single trump: drawing it ends
            // their ruffs (on 60 bench tables and the opening leads 0.47%
            // fewer nodes, 0.63% on 40 other tables, 0.45% for the best
            // cards, 0.3% more mid-play; found on deal 14, where the lead
            // of the last trump took a third of the nodes of the side
            // suit's winner tried before it).
            if theirs > 1 && ours > theirs {
                common -= 60;
            }
        }
        if self.trump == NOTRUMP {
            // Length is strength in notrump: the side's long suit sets up tricks.
            common += 4 * (len(holding(player)) + len(holding(partner))) as i32;
        }
        // The side holds the suit's second and third cards under an
        // opponent's top: leading it sets up a trick.
        let side = holding(player) | holding(partner);
        let sets_up = side >> top_card & 1 == 0 && side & second != 0 && side & third != 0;
        // With the fourth card too, under the right-hand opponent's top
        // (which plays after partner, so no finesse takes it), the suit
        // sets up two tricks once the top is forced out: more again.
        let fourth = top_n(top_of_suit, 4) & !top_three;
        let sets_up_two = sets_up && side & fourth != 0 && holding(rho) >> top_card & 1 != 0;
        let other_score = other_score
            + if sets_up { SETTING_UP_BONUS } else { 0 }
            + if sets_up_two { SETTING_UP_TWO_BONUS } else { 0 };
        // The leader holds both: the second card forces the top out. The
        // leader holds the third card only (the jack toward partner's
        // queen under the king): that card goes without the bonus, after
        // the low cards of the suit (on 60 bench tables and the opening
        // leads 1.5% fewer nodes, 0.5% on 40 other tables, 1.0% for the
        // best cards; with the bonus of a forcing card instead, 4% more).
        let special = if !sets_up {
            (0, 0)
        } else if holding(player) & (second | third) == second | third {
            (63 - second.leading_zeros(), FORCING_BONUS)
        } else if holding(player) & third != 0 {
            (63 - third.leading_zeros(), -SETTING_UP_BONUS)
        } else {
            (0, 0)
        };
        (top_card, top_score + common, other_score + common, special)
    }

    /// The scores of the cards `cards` of `player`, who follows to the
    /// trick (higher is tried first); what depends on the trick so far is
    /// worked out once, not per card.
    fn follow_scores(
        &self,
        leader: usize,
        trick: &TrickCards,
        count: usize,
        player: usize,
        cards: &[u8],
        scores: &mut [i32],
    ) {
        let winner_step = self.winning_index(trick, count);
        let winner = trick[winner_step];
        let partner_wins = (leader + winner_step) & 3 == player ^ 2;
        let hand = self.hands[player];
        if count == 3 {
            for (score, &card) in scores.iter_mut().zip(cards) {
                *score = self.last_score(card, winner, partner_wins, trick[0] >> 4, player);
            }
            return;
        }
        let led = usize::from(trick[0] >> 4);
        // Whether the next player could beat `card`.
        let next = self.hands[(player + 1) & 3];
        let next_led = (next >> (16 * led)) & SUIT_BITS;
        let next_trumps = if self.trump < NOTRUMP { (next >> (16 * self.trump)) & SUIT_BITS } else { 0 };
        let next_beats = |card: u8| -> bool {
            if next_led != 0 {
                usize::from(card >> 4) == led && next_led > (1u64 << (card & 15))
            } else if usize::from(card >> 4) == self.trump {
                next_trumps > (1u64 << (card & 15))
            } else {
                next_trumps != 0
            }
        };
        let winner_beaten_next = partner_wins && count == 2 && next_beats(winner);
        // The third hand's `card` of the suit led, above the winning card
        // of the same suit: the fourth hand's cards between the two, which
        // the card forces out and the winning card does not (none either
        // when the fourth hand holds none of the suit and ruffs either way).
        let fourth_between = |card: u8| -> Option<u64> {
            if usize::from(card >> 4) != led || winner >> 4 != card >> 4 {
                return None;
            }
            Some(next_led & ((1u64 << (card & 15)) - 1) & !((2u64 << (winner & 15)) - 1))
        };
        // Whether `card` forces nothing more of the fourth hand than the
        // winning card does.
        let forces_nothing = |card: u8| fourth_between(card) == Some(0);
        // The rank of the third hand's lowest card that forces out of the
        // fourth hand the same cards as `card`: none of the fourth hand's
        // cards, nor the winning card, lies between the two.
        let cheapest_forcing = |card: u8| -> Option<u8> {
            let blockers = fourth_between(card)? | 1u64 << (winner & 15);
            Some(run_bottom(card & 15, (hand >> (16 * led)) & SUIT_BITS, blockers))
        };
        // Second hand: whether partner, last to play, surely wins the
        // trick, holding a card of the suit led above the lead and above
        // every card the third hand holds there (which cannot ruff); whether
        // the third hand holds a card of the suit led above every card the
        // second and fourth hands hold there; and the second hand's cover
        // (see below), if any.
        let (partner_wins_later, third_tops, cover) = if count == 1 {
            let fourth_led = (self.hands[player ^ 2] >> (16 * led)) & SUIT_BITS;
            let third_ruffs = next_led == 0 && led != self.trump && next_trumps != 0;
            let lead = 1u64 << (trick[0] & 15);
            let bar = next_led | lead;
            let own = (hand >> (16 * led)) & SUIT_BITS;
            let ours = fourth_led | own;
            let third_tops = next_led.leading_zeros() < ours.leading_zeros();
            let partner_wins_later = !third_ruffs && fourth_led.leading_zeros() < bar.leading_zeros();
            let suit = (self.in_hands >> (16 * led)) & SUIT_BITS;
            let above = suit & !((lead << 1) - 1);
            let below = suit & (lead - 1);
            let lowest_above = above & above.wrapping_neg();
            // Whether the second hand's side holds the card just below the lead.
            let below_ours = below != 0 && ours >> (63 - below.leading_zeros()) & 1 != 0;
            let cover = if third_tops && own != 0 {
                // The cards the second hand covers with though the third
                // hand holds the top. With two cards left above the lead,
                // the lower one the second hand's: covering with it makes
                // the third hand spend the top on the trick, and the card
                // just below the lead, if the second hand's side holds it,
                // is then the highest left (as a king covers a queen led
                // toward the ace, with the jack behind); not when the top
                // is the third hand's only card of the suit, which falls
                // anyway.
                let sets_up = len(above) == 2 && len(next_led) > 1 && own & lowest_above != 0 && below_ours;
                if sets_up {
                    (16 * led as u32 + lowest_above.trailing_zeros()) as u8
                } else {
                    // Or it splits its top cards when they are equivalent
                    // and the third hand holds a card between them and the
                    // lead: a low card lets that card win the trick cheaply,
                    // as with Q-J-3 over A-K-10 (on 60 bench tables and the
                    // opening leads 0.9% fewer nodes, on 40 other tables
                    // 4.9%, 1.8% mid-play).
                    let top = 63 - own.leading_zeros();
                    let lower = (suit | lead) & !own & ((1u64 << top) - 1);
                    let group = own & !((1u64 << (64 - lower.leading_zeros())) - 1);
                    let bottom = group & group.wrapping_neg();
                    let splits = len(group) >= 2 && bottom > lead && next_led & (bottom - 1) & !((lead << 1) - 1) != 0;
                    if splits {
                        (16 * led as u32 + top) as u8
                    } else {
                        NO_MOVE
                    }
                }
            } else if partner_wins_later && own & lowest_above != 0 && below_ours && next_led & above != 0 {
                // When partner wins anyway, the second hand still covers
                // with the lowest card above the lead when the third hand
                // holds a higher one and the second hand's side the card
                // just below the lead: the trick then takes both sides'
                // honours, and that card is set up (a queen covers the jack
                // led toward the king, partner holding the ace and the
                // second hand the ten; on 60 bench tables and the opening
                // leads 0.34% fewer nodes, 0.54% on 40 other tables, 0.14%
                // mid-play, 0.7% for the best cards). The move standing for
                // it is the top of its group (see `group_of`: the lead
                // lies below).
                let group = self.group_of(player, (16 * led as u32 + lowest_above.trailing_zeros()) as u8);
                (63 - group.leading_zeros()) as u8
            } else {
                NO_MOVE
            };
            (partner_wins_later, third_tops, cover)
        } else {
            (false, false, NO_MOVE)
        };
        for (score, &card) in scores.iter_mut().zip(cards) {
            let rank = i32::from(card & 15);
            let beats = self.beats(card, winner);
            let discard = usize::from(card >> 4) != led && !beats;
            let low = if discard { self.discard_score(player, card) } else { -rank };
            // Ruffing the trick partner wins anyway goes after every
            // discard (1.4% fewer nodes on 80 bench tables).
            let ruffs_partner = partner_wins && beats && usize::from(card >> 4) != led && !winner_beaten_next;
            let low = if ruffs_partner { low - 30 } else { low };
            *score = match count {
                // Low when partner wins anyway (on 20 bench tables 9.4%
                // fewer nodes, 8.6% on deals 60 to 79), but for the cover
                // that sets up the card below the lead (see above).
                1 if partner_wins_later => low + if card == cover { 30 } else { 0 },
                // Low too when the third hand holds the suit's top: covering
                // only spends a card (3.1% fewer nodes on 80 bench tables,
                // though 1.8% more on the first 20). Covering a card the
                // third hand can ruff still comes first: forcing the ruff
                // pays (5 to 8% more nodes played low). So does the cover
                // that sets up the card below the lead (on 60 bench tables
                // and the opening leads 1.0% fewer nodes, on 40 other tables
                // 1.9%), and the split of equivalent top cards over a
                // finesse; both go first of all (0.4% and 0.6% fewer nodes
                // than among the other covers).
                1 if third_tops && usize::from(card >> 4) == led && card != cover => low,
                1 => {
                    // A card the third hand cannot beat wins the trick for the
                    // side (the fourth hand is partner), the cheapest first.
                    if beats && !next_beats(card) {
                        60 + low
                    } else if beats {
                        // Covering, though the third hand may beat it: its side
                        // must then spend a higher card (3.5% fewer nodes with
                        // the third hand's forcing card, on 60 bench tables).
                        (if card == cover { 30 } else { 10 }) + low
                    } else {
                        low
                    }
                }
                // The third hand (the fourth's cards are scored above).
                _ => {
                    if partner_wins && !winner_beaten_next {
                        low
                    } else if beats {
                        if next_beats(card) && len(next_led) == 1 {
                            // The fourth hand's only card of the suit beats it
                            // and falls anyway: low (on 60 bench tables and
                            // the opening leads 1.9% fewer nodes, on 40 other
                            // tables 2.0%, 0.9% mid-play).
                            low
                        } else if next_beats(card) && partner_wins && forces_nothing(card) {
                            // Partner's card already makes the fourth hand
                            // spend the same cards, the ten led toward the
                            // ace behind the third hand's king: low, keeping
                            // the king (DDS plays low there; a walk of the
                            // dearest opening leads found our king first,
                            // 8 times pons-dds's trick starts). On the 100
                            // opening leads 1.9% fewer nodes, mid-play 0.7%,
                            // the first 60 bench tables 0.8%, deals 60 to 99
                            // 2.1%, the best cards 1.8%.
                            low
                        } else if next_beats(card) {
                            // The highest, which costs the fourth hand most
                            // to beat; but of the cards that force the same
                            // cards out of it (it holds none between them),
                            // the cheapest: the jack before the king of K-J-6
                            // over the fourth hand's A-9-8, the queen
                            // elsewhere (on the 100 opening leads 0.1% fewer
                            // nodes, mid-play 1.5%, knowing the value 1.6%,
                            // deals 100 to 139 1.3%, the best cards mid-play
                            // 2.1%; at the opening leads 0.2% more; the
                            // scores doubled alone: mid-play the same).
                            match cheapest_forcing(card) {
                                Some(lowest) => 20 + 2 * i32::from(lowest) + i32::from(lowest == card & 15),
                                // A ruff: the highest.
                                None => 20 + rank,
                            }
                        } else {
                            100 + low
                        }
                    } else {
                        low
                    }
                }
            };
        }
    }

    /// The score of the fourth hand's `card` (higher is tried first) when
    /// `winner` wins the trick so far, played by partner or not, in a
    /// trick led in suit `led`, `player` the fourth hand. The cheapest
    /// card that wins the trick from the opponents first; else low, a
    /// discard from the longest suit first (each discard as low as its
    /// group's lowest card, see `discard_rank`), and ruffing partner's winner
    /// after every discard (1.4% fewer nodes on 80 bench tables).
    fn last_score(&self, card: u8, winner: u8, partner_wins: bool, led: u8, player: usize) -> i32 {
        let rank = i32::from(card & 15);
        let beats = self.beats(card, winner);
        let low = if card >> 4 != led && !beats { self.discard_score(player, card) } else { -rank };
        if !partner_wins && beats {
            100 + low
        } else if partner_wins && beats && card >> 4 != led {
            low - 30
        } else {
            low
        }
    }

    /// The rank a discard of `card` by `player` counts with: that of the
    /// lowest card of its group of equivalent cards, for which the move
    /// (the group's top) stands. With 7-5-4 of a suit whose 6 has gone,
    /// the five is as low a discard as the four. From the top's rank, a
    /// low group of a long suit came after a lone low card of a short one
    /// (a walk of the dearest opening lead, line 93 of solve-board.jsonl,
    /// found East's five of diamonds from K-J-7-5-4 tried after the four of
    /// spades, 3.6 times the trick starts); from the bottom's, 1.0% fewer
    /// nodes at the 100 opening leads, 1.4% mid-play, 1.6% on the first 60
    /// bench tables and 1.8% on deals 60 to 99.
    fn discard_rank(&self, player: usize, card: u8) -> i32 {
        let shift = 16 * u32::from(card >> 4);
        let own = (self.hands[player] >> shift) & SUIT_BITS;
        let others = (self.in_hands >> shift) & SUIT_BITS & !own;
        i32::from(run_bottom(card & 15, own, others))
    }

    /// The score of `player`'s discard of `card` (higher is tried first):
    /// low ([`Search::discard_rank`]) and from a long suit first.
    fn discard_score(&self, player: usize, card: u8) -> i32 {
        let suit = (self.hands[player] >> (16 * (card >> 4))) & SUIT_BITS;
        -2 * self.discard_rank(player, card) + len(suit) as i32
    }

    /// The key of the position at a trick boundary: every hand's suit
    /// lengths and the leader, and who holds each remaining card from the
    /// top of each suit, with the trump suit.
    pub(crate) fn key(&self, leader: usize) -> Key {
        let present = self.in_hands;
        // West's last suit is implied by the others: every hand holds the
        // same number of cards.
        let shape = (self.lengths >> 4) << 2 | leader as u64;
        let (plane0, plane1) = self.planes();
        let plane0 = plane0 | (self.trump as u64) << 60;
        let mut select = TRUMP_FIELD;
        let mut seconds = 0;
        let mut below = 0;
        for suit in 0..4 {
            let suit_len = len((present >> (16 * suit)) & SUIT_BITS);
            if suit_len > 0 {
                // The packed order runs from the lowest card of suit 0 up.
                select |= 1u64 << (below + suit_len - 1);
            }
            if suit_len > 1 {
                seconds |= 1u64 << (below + suit_len - 2);
            }
            below += suit_len;
        }
        let tops_at = (select & !TRUMP_FIELD) | seconds;
        // At most eight places: each plane's owners fit in a byte.
        let (owners0, owners1) = self.packer.pext2_few(plane0, plane1, tops_at);
        let tops = (owners0 | owners1 << 8) as u16;
        Key { shape, plane0, plane1, select, tops_at, tops }
    }

    /// The key's planes: bit 0 and bit 1 of the seat holding each card
    /// left, packed under the cards left (`pext`). Where `pext` is slow,
    /// from the planes of the last key made with one trick more left, when
    /// its cards hold these, by taking out the places of the cards played
    /// since (the owner of a card never changes, so any such key serves),
    /// else packed in full.
    fn planes(&self) -> (u64, u64) {
        let present = self.in_hands;
        let owner0 = self.hands[1] | self.hands[3];
        let owner1 = self.hands[2] | self.hands[3];
        if self.packer.has_pext() {
            return self.packer.pext2(owner0, owner1, present);
        }
        let n = (self.cards / 4) as usize;
        let (above, mut plane0, mut plane1) = self.planes_at[n + 1].get();
        let res = if above & present == present && (above ^ present).count_ones() == 4 {
            let mut gone = above ^ present;
            // The highest card first: the places below it stay as they are.
            while gone != 0 {
                let card = 63 - gone.leading_zeros();
                gone ^= 1u64 << card;
                let place = (above & ((1u64 << card) - 1)).count_ones();
                let below = (1u64 << place) - 1;
                plane0 = (plane0 & below) | (plane0 >> 1 & !below);
                plane1 = (plane1 & below) | (plane1 >> 1 & !below);
            }
            (plane0, plane1)
        } else {
            self.packer.pext2(owner0, owner1, present)
        };
        self.planes_at[n].set((present, res.0, res.1));
        res
    }

    /// Which of `key.tops_at` a pattern under `mask` names, the `i`th
    /// lowest place at bit `i` (the mask packed again under those places).
    fn named_tops(&self, key: &Key, mask: u64) -> u8 {
        // At most eight places (the top two cards of four suits).
        self.packer.pext_few(mask, key.tops_at) as u8
    }

    /// A card as its suit and its place from the top among the remaining cards
    /// of the suit, the form stored in the table.
    fn card_to_relative(&self, card: u8) -> u8 {
        let all = self.in_hands | 1u64 << card;
        let suit_floor = card & !15;
        let above = all & !((2u64 << card) - 1) & (SUIT_BITS << suit_floor);
        (suit_floor >> 4) << 4 | len(above >> suit_floor) as u8
    }

    /// The leader's card at a stored relative place, if the leader holds it.
    fn relative_to_card(&self, leader: usize, relative: u8) -> Option<u8> {
        let suit = relative >> 4;
        let place = u32::from(relative & 15);
        let all = self.in_hands;
        let mut bits = all & (SUIT_BITS << (16 * suit));
        for _ in 0..place {
            if bits == 0 {
                return None;
            }
            bits ^= 1u64 << (63 - bits.leading_zeros());
        }
        if bits == 0 {
            return None;
        }
        let card = (63 - bits.leading_zeros()) as u8;
        (self.hands[leader] >> card & 1 != 0).then_some(card)
    }

    /// The cards of `seat` equivalent to `card` among the cards left in
    /// the hands: the moves' groups at a trick boundary. Within a trick,
    /// the cards played to it count as gone here, so only the group's top
    /// is the moves' own when `card` lies above them.
    fn group_of(&self, seat: usize, card: u8) -> u64 {
        let hand = self.hands[seat];
        let others = self.in_hands & !hand;
        let suit = SUIT_BITS << (card & !15);
        let mut res = 1u64 << card;
        let mut up = card + 1;
        while suit >> up & 1 != 0 && others >> up & 1 == 0 {
            if hand >> up & 1 != 0 {
                res |= 1u64 << up;
            }
            up += 1;
        }
        let mut down = card;
        while down > 0 && suit >> (down - 1) & 1 != 0 && others >> (down - 1) & 1 == 0 {
            down -= 1;
            if hand >> down & 1 != 0 {
                res |= 1u64 << down;
            }
        }
        res
    }
}

/// Whether every card of a complete `trick` in the suit of its winning card
/// (at `win_idx`) but that card is its partner's: the side wins the trick
/// whatever the ranks of those cards, which decide only which of the two
/// leads next.
fn beats_partner_only(trick: &TrickCards, win_idx: usize) -> bool {
    let suit = trick[win_idx] >> 4;
    (0..4).all(|idx| idx == win_idx || idx == win_idx ^ 2 || trick[idx] >> 4 != suit)
}

/// `trick` with `card` as its card number `count` (0..4), worked out in a
/// register: writing the byte into the array, then reading the array
/// whole as the next call's argument, stalled on the store's forwarding.
#[inline]
fn with_card(trick: TrickCards, count: usize, card: u8) -> TrickCards {
    let shift = 8 * count;
    let word = u32::from_le_bytes(trick) & !(0xFF << shift) | u32::from(card) << shift;
    word.to_le_bytes()
}

/// The rank of the lowest card of `own` (a suit's ranks) in the run from
/// `rank` down that no card of `blockers` breaks: the bottom of the run of
/// equivalent cards that `rank` heads, `rank` itself if none is below it.
fn run_bottom(rank: u8, own: u64, blockers: u64) -> u8 {
    let below = (1u64 << rank) - 1;
    // The ranks up to the highest blocker below `rank`.
    let floor = u64::MAX.checked_shr((blockers & below).leading_zeros()).unwrap_or(0);
    let run = own & below & !floor;
    if run == 0 {
        rank
    } else {
        run.trailing_zeros() as u8
    }
}

/// The `count` highest cards of `bits` (all of them if fewer).
fn top_n(bits: u64, count: u32) -> u64 {
    let mut rest = bits;
    let mut res = 0;
    for _ in 0..count {
        if rest == 0 {
            break;
        }
        let top = 1u64 << (63 - rest.leading_zeros());
        res |= top;
        rest ^= top;
    }
    res
}

/// The top card of each group of equivalent cards of `legal` (the cards
/// below it that no card of `others` separates from it), from the highest,
/// into `out`; how many.
fn group_tops(legal: u64, others: u64, out: &mut [u8; 13]) -> usize {
    // The cards below a card of `legal` down to the next card of `others`,
    // all suits at once by a fill in steps of 1, 2, 4 and 8 through the
    // ranks free of `others` (the bits between the suits stop it): a card
    // of `legal` the fill reaches has another above it in its group.
    let mut open = !others & ALL_RANKS;
    let mut below = (legal >> 1) & open;
    below |= open & (below >> 1);
    open &= open >> 1;
    below |= open & (below >> 2);
    open &= open >> 2;
    below |= open & (below >> 4);
    open &= open >> 4;
    below |= open & (below >> 8);
    let mut tops = legal & !below;
    let mut n = 0;
    while tops != 0 {
        let top = 63 - tops.leading_zeros();
        tops ^= 1u64 << top;
        // Bit indices are below 64; a hand holds at most 13 cards.
        out[n] = top as u8;
        n += 1;
    }
    n
}

/// Records that the move `card` failed with the cards `rel` its result
/// depends on: a later move of its suit below the lowest of them, with
/// `card` below it too, is then skipped (`skip_below` is the rank under
/// which moves of each suit are skipped). The failed move's pattern does
/// not tell the two apart, so playing the other one instead leads to a
/// position matching the same pattern, with the same result (the dynamic
/// counterpart of equivalent cards; DDS's lowest winning rank).
#[inline]
fn note_failed(card: u8, rel: u64, skip_below: &mut [u8; 4]) {
    let suit = usize::from(card >> 4);
    let rel = (rel >> (16 * suit)) & SUIT_BITS;
    let floor = if rel == 0 { 16 } else { rel.trailing_zeros() as u8 };
    if card & 15 < floor {
        skip_below[suit] = skip_below[suit].max(floor);
    }
}

/// The move to try next: the best scored of those not tried yet (the
/// first of equal scores), whose score then drops below every other so it
/// is not tried again. Most nodes cut off at their first move, so sorting
/// them all up front would be wasted, and so would keeping the rest in
/// order by moving them (2.8% more instructions per table).
#[inline]
fn next_best(moves: &[u8], scores: &mut [i32]) -> u8 {
    let mut pos = 0;
    for other in 1..moves.len() {
        if scores[other] > scores[pos] {
            pos = other;
        }
    }
    scores[pos] = TRIED;
    moves[pos]
}

/// The score of a move already tried: below every real score.
const TRIED: i32 = i32::MIN;

/// Packs the bits of a number selected by a mask to the bottom (PEXT), as
/// the table's keys and masks need: with BMI2's instruction on x86-64
/// processors that have it (found at run time), else a byte at a time
/// through a 64 KiB table (wasm, and older processors). There a key's
/// planes mostly come from the last key's instead (`Search::planes`): in
/// the browser the key took 7.0% of the time in full, 4.4 to 4.9% so (the
/// share of `Search::key` in a profile of 8 bench tables in Node). Where
/// the mask is closed upwards in each suit, or holds few bits, the way
/// without BMI2 counts rather than packs (`Search::relevance_mask`,
/// `named_cards`, `Packer::pext_few`): over the 200 positions of
/// solve-board.jsonl in order in Node, those functions went from 9.6% of
/// the time to 6.1%, and the whole took 6% less time.
#[derive(Clone, Copy)]
struct Packer {
    table: &'static PextTable,
    /// Whether the processor has BMI2 (checked once per search).
    #[cfg(target_arch = "x86_64")]
    bmi2: bool,
}

impl Packer {
    fn new() -> Packer {
        Packer {
            table: pext_table(),
            #[cfg(target_arch = "x86_64")]
            bmi2: std::is_x86_feature_detected!("bmi2"),
        }
    }

    /// Whether `pext` is one instruction here.
    #[inline]
    fn has_pext(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        if self.bmi2 {
            return true;
        }
        false
    }

    /// The bits of `x` selected by `mask`, packed to the bottom.
    #[inline]
    fn pext(self, x: u64, mask: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if self.bmi2 {
            // SAFETY: the processor has BMI2 (`Packer::new`).
            return unsafe { bmi2::pext(x, mask) };
        }
        pext(self.table, x, mask)
    }

    /// `pext` of two numbers under one mask.
    #[inline]
    fn pext2(self, x: u64, y: u64, mask: u64) -> (u64, u64) {
        #[cfg(target_arch = "x86_64")]
        if self.bmi2 {
            // SAFETY: the processor has BMI2 (`Packer::new`).
            return unsafe { bmi2::pext2(x, y, mask) };
        }
        pext2(self.table, x, y, mask)
    }

    /// `pext` under a `mask` of at most eight bits: without BMI2, a bit
    /// at a time rather than a byte at a time through the table.
    #[inline]
    fn pext_few(self, x: u64, mask: u64) -> u64 {
        if self.has_pext() {
            return self.pext(x, mask);
        }
        pext2_few(x, 0, mask).0
    }

    /// `pext_few` of two numbers under one mask.
    #[inline]
    fn pext2_few(self, x: u64, y: u64, mask: u64) -> (u64, u64) {
        if self.has_pext() {
            return self.pext2(x, y, mask);
        }
        pext2_few(x, y, mask)
    }

    /// The cards of `present` that a pattern's `mask` (in the packed
    /// order, closed upwards in each suit) names: the reverse of packing.
    #[inline]
    fn named_cards(self, mask: u64, present: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if self.bmi2 {
            // The trump bits lie above the 52 cards: they are not deposited.
            // SAFETY: the processor has BMI2 (`Packer::new`).
            return unsafe { bmi2::pdep(mask, present) };
        }
        named_cards(mask, present)
    }
}

/// `Packer::named_cards` without BMI2: in each suit, the present cards from
/// the lowest one the mask names up (the mask is closed upwards), as many
/// top cards as the mask names there.
fn named_cards(mask: u64, present: u64) -> u64 {
    let mut res = 0;
    let mut offset = 0;
    for suit in 0..4 {
        let suit_cards = (present >> (16 * suit)) & SUIT_BITS;
        let suit_len = len(suit_cards);
        let named = (mask >> offset) & ((1u64 << suit_len) - 1);
        res |= suit_top(suit_cards, named.count_ones()) << (16 * suit);
        offset += suit_len;
    }
    res
}

/// The `count` highest cards of a suit's holding (bits 2..=14), all of
/// them if fewer, from two lookups in [`TOP_OF_BYTE`]: no loop, whose
/// exits the processor mispredicts.
fn suit_top(holding: u64, count: u32) -> u64 {
    // Ranks 7 to 14 (nine to ace) in one byte, 2 to 6 in another.
    let high = ((holding >> 7) & 0xFF) as usize;
    let low = ((holding >> 2) & 0x1F) as usize;
    let in_high = u32::from(POP13[high]);
    if count <= in_high {
        u64::from(TOP_OF_BYTE[high][count as usize]) << 7
    } else {
        // At most five more, all the low byte holds.
        let rest = (count - in_high).min(8) as usize;
        (high as u64) << 7 | u64::from(TOP_OF_BYTE[low][rest]) << 2
    }
}

/// The `k` highest bits of each byte, at `[byte][k]` (the whole byte when
/// it has fewer).
static TOP_OF_BYTE: [[u8; 9]; 256] = {
    let mut res = [[0u8; 9]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut k = 1;
        while k < 9 {
            // The previous row's bits and the next highest bit left.
            let taken = res[byte][k - 1];
            let left = byte as u8 & !taken;
            res[byte][k] = if left == 0 { taken } else { taken | 1 << (7 - left.leading_zeros()) };
            k += 1;
        }
        byte += 1;
    }
    res
};

/// `pext` of `x` and `y` under a `mask` of few bits, a bit at a time.
fn pext2_few(x: u64, y: u64, mask: u64) -> (u64, u64) {
    let (mut res_x, mut res_y) = (0, 0);
    let mut rest = mask;
    let mut place = 0;
    while rest != 0 {
        let bit = rest.trailing_zeros();
        res_x |= (x >> bit & 1) << place;
        res_y |= (y >> bit & 1) << place;
        place += 1;
        rest &= rest - 1;
    }
    (res_x, res_y)
}

#[cfg(target_arch = "x86_64")]
mod bmi2 {
    use std::arch::x86_64::{_pdep_u64, _pext_u64};

    /// BMI2's PEXT of `x` under `mask`.
    #[target_feature(enable = "bmi2")]
    pub(super) fn pext(x: u64, mask: u64) -> u64 {
        _pext_u64(x, mask)
    }

    /// BMI2's PEXT of `x` and of `y` under `mask`.
    #[target_feature(enable = "bmi2")]
    pub(super) fn pext2(x: u64, y: u64, mask: u64) -> (u64, u64) {
        (_pext_u64(x, mask), _pext_u64(y, mask))
    }

    /// BMI2's PDEP: the low bits of `x` deposited on the bits of `mask`.
    #[target_feature(enable = "bmi2")]
    pub(super) fn pdep(x: u64, mask: u64) -> u64 {
        _pdep_u64(x, mask)
    }
}

/// The bits of `x` selected by `mask`, packed to the bottom (the PEXT
/// instruction), a byte at a time through a 64 KiB table.
fn pext(table: &PextTable, x: u64, mask: u64) -> u64 {
    let mut res = 0u64;
    let mut shift = 0;
    for byte in 0..8 {
        let m = (mask >> (8 * byte)) & 0xFF;
        if m == 0 {
            continue;
        }
        let v = (x >> (8 * byte)) & 0xFF;
        // Both bytes are below 256, so the index is below 65536.
        res |= u64::from(table[(m << 8 | v) as usize]) << shift;
        shift += u32::from(POP13[m as usize]);
    }
    res
}

/// `pext` of two numbers under one mask, reading the mask once.
fn pext2(table: &PextTable, x: u64, y: u64, mask: u64) -> (u64, u64) {
    let mut res_x = 0u64;
    let mut res_y = 0u64;
    let mut shift = 0;
    for byte in 0..8 {
        let m = (mask >> (8 * byte)) & 0xFF;
        if m == 0 {
            continue;
        }
        // Both bytes are below 256, so the indices are below 65536.
        let row = (m << 8) as usize;
        res_x |= u64::from(table[row | ((x >> (8 * byte)) & 0xFF) as usize]) << shift;
        res_y |= u64::from(table[row | ((y >> (8 * byte)) & 0xFF) as usize]) << shift;
        shift += u32::from(POP13[m as usize]);
    }
    (res_x, res_y)
}

/// The table of `pext`: the byte `x` packed under the byte `mask` at index
/// `mask << 8 | x`. Its fixed length lets the compiler drop the bounds
/// checks of the lookups, whose indices are below it.
type PextTable = [u8; 1 << 16];

fn pext_table() -> &'static PextTable {
    static TABLE: OnceLock<Box<PextTable>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut res = Box::new([0u8; 1 << 16]);
        for mask in 0..256usize {
            for x in 0..256usize {
                let mut out = 0u8;
                let mut pos = 0;
                for bit in 0..8 {
                    if mask >> bit & 1 != 0 {
                        out |= ((x >> bit & 1) as u8) << pos;
                        pos += 1;
                    }
                }
                res[mask << 8 | x] = out;
            }
        }
        res
    })
}

/// BMI2 exists on x86-64 only.
#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// Packing and unpacking through the 64 KiB table give what BMI2's
    /// instructions give, on random card sets and closed masks: the search
    /// takes either, depending on the processor.
    #[test]
    fn the_table_packs_as_bmi2_does() {
        if !std::is_x86_feature_detected!("bmi2") {
            eprintln!("this processor has no BMI2: the table has nothing to be compared with");
            return;
        }
        let table = pext_table();
        let mut next = crate::xorshift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..20_000 {
            let present = next() & next() & ALL_RANKS;
            let (x, y) = (next(), next());
            // SAFETY: the processor has BMI2, checked above.
            let expected = unsafe { bmi2::pext2(x, y, present) };
            assert_eq!(pext2(table, x, y, present), expected);
            assert_eq!(pext(table, x, present), expected.0);
            // A mask closed upwards in each suit, as the table stores.
            let mut closed = 0;
            for suit in 0..4 {
                let cards = (present >> (16 * suit)) & SUIT_BITS;
                let keep = next() % 4;
                if cards != 0 && keep != 0 {
                    let lowest =
                        1u64 << (63 - cards.leading_zeros()).saturating_sub(u32::try_from(next() % 13).unwrap_or(0));
                    closed |= (cards & !(lowest - 1)) << (16 * suit);
                }
            }
            let mask = pext(table, closed, present) | TRUMP_FIELD;
            // SAFETY: the processor has BMI2, checked above.
            assert_eq!(unsafe { bmi2::pdep(mask, present) }, closed);
            assert_eq!(named_cards(mask, present), closed);
            // At most eight places, as a key's top two of each suit.
            let few = top_n(present, 8);
            // SAFETY: the processor has BMI2, checked above.
            assert_eq!(pext2_few(x, y, few), unsafe { bmi2::pext2(x, y, few) });
        }
    }

    /// A suit's top cards from the byte table are `top_n`'s, for every
    /// holding and count.
    #[test]
    fn a_suit_s_top_cards_from_the_table() {
        for holding in 0..1u64 << 13 {
            let holding = holding << 2;
            for count in 0..=14 {
                assert_eq!(suit_top(holding, count), top_n(holding, count), "{holding:b} {count}");
            }
        }
    }

    /// The relevance mask counted suit by suit, the way without BMI2, is
    /// the one packed by `pext`, on random positions and relevant cards.
    #[test]
    fn the_counted_relevance_mask_is_the_packed_one() {
        if !std::is_x86_feature_detected!("bmi2") {
            eprintln!("this processor has no BMI2: the counted mask has nothing to be compared with");
            return;
        }
        let mut tt = crate::tt::TransTable::new(1 << 20);
        let mut rng = bridge::testing::SplitMix64(0x9E37_79B9_7F4A_7C15);
        let mut next = crate::xorshift(0x2545_F491_4F6C_DD1D);
        for _ in 0..2_000 {
            let deal = rng.deal();
            let hands = bridge::Seat::ALL.map(|seat| deal.hand(seat).bits() & next());
            let mut search = Search::new(hands, NOTRUMP, &mut tt);
            let present = search.in_hands;
            // Relevant cards among those left, and some already gone.
            let relevant = next() & next() & ALL_RANKS;
            let packed = search.relevance_mask(relevant, present);
            search.packer.bmi2 = false;
            assert_eq!(search.relevance_mask(relevant, present), packed, "{present:x} {relevant:x}");
        }
    }
}

#[cfg(test)]
mod stop_tests {
    use super::*;
    use bridge::Hand;

    /// A whole deal, North first, whose searches take thousands of nodes.
    fn deal() -> [u64; 4] {
        ["K2.T742.62.A9754", "AQJT8.3.K74.KT63", "964.AQJ65.AQ3.QJ", "753.K98.JT985.82"]
            .map(|hand| hand.parse::<Hand>().expect("a hand").bits())
    }

    /// A search that gives up part-way stores nothing false: after it
    /// stopped at any of several points, every null-window test on its
    /// table (with a fresh history) answers as on an empty table. What it
    /// finished before it stopped stays.
    #[test]
    fn a_search_given_up_stores_nothing_false() {
        let hands = deal();
        let leader = 1;
        let fresh_answer = |target: i32| {
            let mut fresh = TransTable::new(1 << 20);
            fresh.next_age();
            let mut search = Search::new(hands, NOTRUMP, &mut fresh);
            let answer = search.search(leader, [0; 4], 0, target).0;
            (answer, search.nodes)
        };
        let answers: Vec<bool> = (1..=13).map(|target| fresh_answer(target).0).collect();
        let full = fresh_answer(7).1;
        assert!(full > 1000, "a search long enough to stop part-way: {full} nodes");
        for part in [full / 10, full / 4, full / 2, full * 3 / 4] {
            let mut tt = TransTable::new(1 << 20);
            tt.next_age();
            let mut stopped = Search::new(hands, NOTRUMP, &mut tt);
            stopped.stop_after = part;
            stopped.search(leader, [0; 4], 0, 7);
            assert!(stopped.stopped(), "the search gave up");
            assert!(stopped.nodes < full, "it gave up early: {} of {full} nodes", stopped.nodes);
            for target in 1..=13 {
                // A fresh history and hints, in the same age.
                let mut other = TransTable::new(1 << 20);
                other.next_age();
                let mut again = Search::shared(hands, NOTRUMP, &tt.table, &mut other.local);
                let answer = again.search(leader, [0; 4], 0, target).0;
                assert_eq!(answer, answers[target as usize - 1], "target {target} after a stop at {part} nodes");
            }
        }
    }

    /// A search whose flag is set gives up, and `stop_when` starts afresh.
    #[test]
    fn the_flag_stops_the_search_and_stop_when_clears_it() {
        let hands = deal();
        let mut tt = TransTable::new(1 << 20);
        tt.next_age();
        let mut search = Search::new(hands, NOTRUMP, &mut tt);
        let stop = AtomicBool::new(true);
        search.stop_when(Some(&stop));
        search.ns_tricks(1, [0; 4], 0, 6);
        assert!(search.stopped());
        assert!(search.nodes < 10, "it gave up at once: {} nodes", search.nodes);
        search.stop_when(None);
        let ns = search.ns_tricks(1, [0; 4], 0, 6);
        assert!(!search.stopped());
        let mut fresh = TransTable::new(1 << 20);
        fresh.next_age();
        assert_eq!(ns, Search::new(hands, NOTRUMP, &mut fresh).ns_tricks(1, [0; 4], 0, 6));
    }
}

#[cfg(test)]
mod cut_off_tests {
    use super::*;
    use bridge::{Hand, Seat, Suit};

    /// The four hands, North first, in PBN's spades.hearts.diamonds.clubs.
    fn hands(text: [&str; 4]) -> [u64; 4] {
        text.map(|hand| hand.parse::<Hand>().expect("a hand").bits())
    }

    fn card(text: &str) -> u64 {
        1u64 << text.parse::<bridge::Card>().expect("a card").bit_index()
    }

    /// A card as the search numbers it (its bit index).
    fn at(text: &str) -> u8 {
        card(text).trailing_zeros() as u8
    }

    /// East's bare ace and West's king: two sure tricks when West has a
    /// trump to spare, one when both are bare.
    #[test]
    fn split_top_trumps_win_twice_with_a_trump_to_spare() {
        let mut tt = TransTable::new(1 << 20);
        let spades = Suit::Spades.index();
        // West keeps the king off the ace's trick with the two.
        let spare = hands(["QJ.32.2.", "A.54.43.", "T9.76.5.", "K2.8.6.3"]);
        assert_eq!(Search::new(spare, spades, &mut tt).sure_trump_tricks(), (0, 2, card("SA") | card("SK")));
        // Both bare: a spade lead makes them fall together.
        let bare = hands(["QJ.32.2.", "A.54.43.", "T9.76.5.", "K.8.6.43"]);
        assert_eq!(Search::new(bare, spades, &mut tt).sure_trump_tricks(), (0, 1, card("SA")));
    }

    /// Partner's ten led toward the fourth hand's ace: the third hand's
    /// king forces nothing the ten does not, so the third hand plays low
    /// first; with the queen behind too, the king forces the ace and goes
    /// first.
    #[test]
    fn third_hand_low_when_partner_s_card_forces_as_much() {
        // West led the ten, North played the six (both out of the hands).
        let trick = ["DT", "D6"];
        let ace_only = ["J875.K98.Q.AJ74", "K94.AT4.KJ754.T2", "Q.J732.A982.K865", "AT632.Q65.3.Q93"];
        let order = third_hand_order(ace_only, trick);
        assert_eq!(order.first(), Some(&at("D5")), "{order:?}");
        let ace_queen = ["J875.K98.2.AJ74", "K94.AT4.KJ754.T2", "Q.J732.AQ98.K865", "AT632.Q65.3.Q93"];
        let order = third_hand_order(ace_queen, trick);
        assert_eq!(order.first(), Some(&at("DK")), "{order:?}");
    }

    /// The fourth hand's A-9-8 beats each card of the third hand's K-J-6;
    /// the king and the jack both force the ace out (the queen is the
    /// second hand's), so the jack goes first, then the king.
    #[test]
    fn third_hand_forces_with_the_cheapest_card_that_forces_as_much() {
        // West led the two, North played the four.
        let order = third_hand_order(["A..Q5.", "..KJ6.", "..A98.", "K..73."], ["D2", "D4"]);
        assert_eq!(order[..2], [at("DJ"), at("DK")], "{order:?}");
    }

    /// East's moves in notrump, in the search's order, after West led and
    /// North played the cards of `trick` (out of the `hands` already).
    fn third_hand_order(text: [&str; 4], trick: [&str; 2]) -> Vec<u8> {
        let mut tt = TransTable::new(1 << 20);
        Search::new(hands(text), NOTRUMP, &mut tt).ordered_moves(3, [at(trick[0]), at(trick[1]), 0, 0], 2)
    }

    /// A discard counts with the rank of its group's lowest card: with the
    /// six gone, East's 7-5-4 of diamonds is one group as low as its four;
    /// with the six still held, the seven is a group of its own.
    #[test]
    fn a_discard_counts_as_its_group_s_lowest_card() {
        let mut tt = TransTable::new(1 << 20);
        let rank = |text: &str| i32::from(at(text) & 15);
        let gone = hands(["A..32.", "4.2.754.", "K..K.", "3..Q."]);
        let search = Search::new(gone, NOTRUMP, &mut tt);
        for top in ["D7", "D5", "D4"] {
            assert_eq!(search.discard_rank(1, at(top)), rank("D4"), "{top}");
        }
        // A lone card: its own rank.
        assert_eq!(search.discard_rank(1, at("S4")), rank("S4"));
        let held = hands(["A..632.", "4.2.754.", "K..K.", "3..Q."]);
        let search = Search::new(held, NOTRUMP, &mut tt);
        assert_eq!(search.discard_rank(1, at("D7")), rank("D7"));
        assert_eq!(search.discard_rank(1, at("D5")), rank("D4"));
    }

    /// Where `pext` is slow, the key's planes come from the last key's with
    /// a trick more left: they are those packed in full, trick after trick,
    /// and after a key made on another line (a trick played, then taken
    /// back).
    #[test]
    fn planes_follow_the_cards_played() {
        let mut tt = TransTable::new(1 << 20);
        let mut rng = bridge::testing::SplitMix64(0x2545_F491_4F6C_DD1D);
        let table = pext_table();
        for _ in 0..300 {
            let deal = rng.deal();
            let mut search = Search::new(Seat::ALL.map(|seat| deal.hand(seat).bits()), NOTRUMP, &mut tt);
            // The way without BMI2, as on wasm.
            #[cfg(target_arch = "x86_64")]
            {
                search.packer.bmi2 = false;
            }
            // Any card of each hand: the planes follow no rule of play.
            let mut trick = |search: &Search<'_>| -> [u8; 4] {
                std::array::from_fn(|seat| {
                    let hand = search.hands[seat];
                    let skip = rng.below(hand.count_ones() as usize);
                    (0..skip).fold(hand, |bits, _| bits & (bits - 1)).trailing_zeros() as u8
                })
            };
            let check = |search: &Search<'_>| {
                let owner0 = search.hands[1] | search.hands[3];
                let owner1 = search.hands[2] | search.hands[3];
                assert_eq!(search.planes(), pext2(table, owner0, owner1, search.in_hands));
                // The key's top owners, gathered as the places are counted.
                let key = search.key(0);
                let (tops0, tops1) = pext2(table, key.plane0, key.plane1, key.tops_at);
                assert_eq!(key.tops, (tops0 | tops1 << 8) as u16);
            };
            check(&search);
            while search.in_hands != 0 {
                let other = trick(&search);
                for (seat, &card) in other.iter().enumerate() {
                    search.take(seat, card);
                }
                check(&search);
                for (seat, &card) in other.iter().enumerate() {
                    search.give_back(seat, card);
                }
                for (seat, card) in trick(&search).into_iter().enumerate() {
                    search.take(seat, card);
                }
                check(&search);
            }
        }
    }

    /// A trick's winner beat only partner's card of its suit (the
    /// opponents discarded): its rank decides only who leads next. Not so
    /// when an opponent followed low, or ruffed under it.
    #[test]
    fn a_trick_won_over_partner_only() {
        let bit = |text: &str| card(text).trailing_zeros() as u8;
        // North leads the four of spades, South overtakes with the five.
        let overtaken = [bit("S4"), bit("H2"), bit("S5"), bit("D3")];
        assert!(beats_partner_only(&overtaken, 2));
        let followed = [bit("S4"), bit("S2"), bit("S5"), bit("D3")];
        assert!(!beats_partner_only(&followed, 2));
        // East leads a heart and South ruffs with the five of spades, West
        // ruffing under it; or South ruffs with the four, and North, his
        // partner, overruffs.
        let underruffed = [bit("H4"), bit("S5"), bit("S3"), bit("H7")];
        assert!(!beats_partner_only(&underruffed, 1));
        let partners_only = [bit("H4"), bit("S4"), bit("H7"), bit("S5")];
        assert!(beats_partner_only(&partners_only, 3));
    }

    /// North's five low trumps against one each in East's and West's
    /// hands: three sure tricks, whoever holds the top trumps.
    #[test]
    fn long_trumps_win_all_but_the_opponents_trumps() {
        let mut tt = TransTable::new(1 << 20);
        let spades = Suit::Spades.index();
        let long = hands(["76543.32..", "A.AKQJ.2.3", ".T9.987.54", "K.76.AK.62"]);
        assert_eq!(Search::new(long, spades, &mut tt).trump_length_tricks(), (3, -4));
        // Hearts as trumps: North's two against East's four and West's two.
        let hearts = Suit::Hearts.index();
        assert_eq!(Search::new(long, hearts, &mut tt).trump_length_tricks(), (-4, 0));
    }

    /// North leads a heart that South, with spades as trumps, ruffs: a
    /// sure trick while each opponent follows or cannot overruff, with
    /// South's top trump as the card it relies on when an opponent ruffs
    /// under it, and none when an opponent overruffs.
    #[test]
    fn partner_ruffs_unless_an_opponent_overruffs() {
        let mut tt = TransTable::new(1 << 20);
        let spades = Suit::Spades.index();
        let follow = hands(["2.AK2.2.2", "3.QJ3.3.3", "K..K65.KQ", "4.T54.4.4"]);
        assert_eq!(Search::new(follow, spades, &mut tt).partner_ruffs(0), Some(0));
        let under = hands(["2.AK2.2.2", "3.QJ3.3.3", "K..K65.KQ", "4..T874.4"]);
        assert_eq!(Search::new(under, spades, &mut tt).partner_ruffs(0), Some(card("SK")));
        let over = hands(["2.AK2.2.2", "3.QJ3.3.3", "K..K65.KQ", "A..T874.4"]);
        assert_eq!(Search::new(over, spades, &mut tt).partner_ruffs(0), None);
        assert_eq!(Search::new(follow, NOTRUMP, &mut tt).partner_ruffs(0), None);
    }

    /// A stored pattern matches the positions that agree with it on the
    /// cards it names, whoever holds the others: its filter fixes the
    /// owners of the top cards it names, and only those.
    #[test]
    fn a_stored_pattern_leaves_the_cards_it_does_not_name_free() {
        let mut tt = TransTable::new(1 << 20);
        tt.next_age();
        let key_of = |tt: &mut TransTable, text: [&str; 4]| {
            let search = Search::new(hands(text), NOTRUMP, tt);
            let key = search.key(0);
            // The spade ace and king, and the cards above them.
            let mask = search.relevance_mask(card("SA") | card("SK"), search.in_hands);
            (key, mask, search.named_tops(&key, mask))
        };
        let (key, mask, named) = key_of(&mut tt, ["AK2.A2.2.2", "QJ3.K3.3.3", "T54.Q4.4.4", "986.J5.5.5"]);
        tt.local.store(&tt.table, &key, 7, Bounds { lower: 2, upper: 7, best: NO_MOVE, mask }, named);
        assert_eq!(tt.table.probe(&key, 2).map(|bounds| bounds.lower), Some(2));
        // The heart ace and king change hands: hearts are free.
        let (hearts_swapped, _, _) = key_of(&mut tt, ["AK2.K2.2.2", "QJ3.A3.3.3", "T54.Q4.4.4", "986.J5.5.5"]);
        assert_eq!(tt.table.probe(&hearts_swapped, 2).map(|bounds| bounds.lower), Some(2));
        // The spade king and queen change hands: the king is named.
        let (spades_swapped, _, _) = key_of(&mut tt, ["AQ2.A2.2.2", "KJ3.K3.3.3", "T54.Q4.4.4", "986.J5.5.5"]);
        assert!(tt.table.probe(&spades_swapped, 2).is_none());
    }

    /// The leader's ace and partner's king, both with a card to spare,
    /// make two tricks for the leader, either way round; partner's ace-queen
    /// over the king make one more when the leader leads the suit; with
    /// partner's king alone, one.
    #[test]
    fn the_leader_crosses_to_partner_and_back() {
        let mut tt = TransTable::new(1 << 20);
        let crossing = hands(["A2.2.2.2", "QJ.3.3.3", "K3.4.4.4", "T9.5.5.5"]);
        let [own, _] = Search::new(crossing, NOTRUMP, &mut tt).top_winners(0, false, false);
        assert_eq!(own.tricks[Suit::Spades.index()], 2);
        assert_eq!(own.cards & (SUIT_BITS << (16 * Suit::Spades.index())), card("SA") | card("SK"));
        let mirrored = hands(["K3.4.4.4", "QJ.3.3.3", "A2.2.2.2", "T9.5.5.5"]);
        let [own, mate] = Search::new(mirrored, NOTRUMP, &mut tt).top_winners(0, false, false);
        assert_eq!((own.tricks[Suit::Spades.index()], mate.tricks[Suit::Spades.index()]), (2, 0));
        let finesse = hands(["32.2.2.2", "KT.3.3.3", "AQ.4.4.4", "J9.5.5.5"]);
        let [own, mate] = Search::new(finesse, NOTRUMP, &mut tt).top_winners(0, false, false);
        let spades = SUIT_BITS << (16 * Suit::Spades.index());
        assert_eq!((own.tricks[Suit::Spades.index()], mate.tricks[Suit::Spades.index()]), (0, 1));
        assert_eq!(mate.finesse_cards & spades, card("SA") | card("SK") | card("SQ"));
        // With the king behind partner's ace-queen, no finesse.
        let behind = hands(["32.2.2.2", "J9.3.3.3", "AQ.4.4.4", "KT.5.5.5"]);
        let [_, mate] = Search::new(behind, NOTRUMP, &mut tt).top_winners(0, false, false);
        assert_eq!(mate.finesse_cards & spades, 0);
        let blocked = hands(["A2.2.2.2", "QJ.3.3.3", "K.64.4.4", "T9.5.5.5"]);
        let [own, _] = Search::new(blocked, NOTRUMP, &mut tt).top_winners(0, false, false);
        assert_eq!(own.tricks[Suit::Spades.index()], 1);
    }
}
