//! Properties of the rules over random deals, auctions and plays.

use bridge::testing::{
    arb_auction, arb_card, arb_deal, arb_end_position, arb_game, arb_partial_auction, arb_partial_play, arb_play,
    arb_strain, arb_trick,
};
use bridge::{score, Auction, Bid, Call, Contract, Deal, Hand, Penalty, Seat, Side};
use proptest::prelude::*;

proptest! {
    #[test]
    fn rotating_four_times_is_the_identity(game in arb_game(), steps in 0..8usize) {
        prop_assert_eq!(game.clone().rotate(1).rotate(1).rotate(1).rotate(1), game.clone());
        prop_assert_eq!(game.clone().rotate(steps).rotate(4 - steps % 4), game.clone());
    }

    #[test]
    fn a_rotated_game_replays_the_same(game in arb_game(), steps in 0..4usize) {
        let rotated = game.clone().rotate(steps);
        let tricks = |game: &bridge::Game| game.replay_play().map(|play| {
            let play = play.expect("generated plays are legal");
            (play.tricks_won(Side::NorthSouth), play.tricks_won(Side::EastWest))
        });
        let (before, after) = (tricks(&game), tricks(&rotated));
        match (before, after) {
            (Some((ns, ew)), Some(rotated_tricks)) if steps % 2 == 1 => prop_assert_eq!(rotated_tricks, (ew, ns)),
            _ => prop_assert_eq!(before, after),
        }
        prop_assert_eq!(rotated.auction.declarer(), game.auction.declarer().map(|seat| seat.rotate(steps)));
        prop_assert_eq!(rotated.auction.contract(), game.auction.contract());
    }

    #[test]
    fn a_deal_string_round_trips(deal in arb_deal(), first in 0..4usize) {
        let first = Seat::from_index(first);
        prop_assert_eq!(deal.to_string().parse::<Deal>(), Ok(deal));
        prop_assert_eq!(deal.to_pbn(first).parse::<Deal>(), Ok(deal));
        prop_assert!(deal.is_complete());
        let all = deal.hands().0.iter().fold(Hand::EMPTY, |acc, hand| acc.union(*hand));
        prop_assert_eq!(all, Hand::FULL_DECK);
    }

    #[test]
    fn an_end_position_round_trips(deal in arb_end_position()) {
        prop_assert_eq!(deal.to_string().parse::<Deal>(), Ok(deal));
    }

    #[test]
    fn a_card_round_trips(card in arb_card()) {
        prop_assert_eq!(card.to_string().parse(), Ok(card));
    }

    #[test]
    fn a_random_auction_ends_with_a_declarer_of_the_last_bidder_side(auction in arb_auction()) {
        prop_assert!(auction.is_complete());
        prop_assert!(auction.legal_calls().is_empty());
        match auction.last_bid_at() {
            None => {
                prop_assert!(auction.is_passed_out());
                prop_assert_eq!(auction.calls(), &[Call::Pass; 4]);
                prop_assert_eq!(auction.contract(), None);
                prop_assert_eq!(auction.declarer(), None);
            }
            Some((idx, bid)) => {
                let declarer = auction.declarer().expect("a complete auction with a bid has a declarer");
                let contract = auction.contract().expect("a complete auction with a bid has a contract");
                prop_assert_eq!(declarer.side(), auction.seat_of(idx).side());
                prop_assert_eq!(contract.bid, bid);
                // The declarer is the first of the side to name the strain.
                let first_named = auction.calls().iter().enumerate().find(|(call_idx, call)| {
                    matches!(call, Call::Bid(named) if named.strain() == bid.strain())
                        && auction.seat_of(*call_idx).side() == declarer.side()
                });
                prop_assert_eq!(first_named.map(|(call_idx, _)| auction.seat_of(call_idx)), Some(declarer));
                prop_assert_eq!(&auction.calls()[auction.calls().len() - 3..], &[Call::Pass; 3]);
            }
        }
    }

    #[test]
    fn legal_calls_are_exactly_the_accepted_calls(auction in arb_partial_auction()) {
        let legal = auction.legal_calls();
        for call in all_calls() {
            let mut after = auction.clone();
            let accepted = after.call(call).is_ok();
            prop_assert_eq!(accepted, legal.contains(&call), "{}", call);
            prop_assert_eq!(auction.check(call).is_ok(), accepted);
            if accepted {
                prop_assert_eq!(after.calls().len(), auction.calls().len() + 1);
            } else {
                prop_assert_eq!(&after, &auction);
            }
        }
        prop_assert_eq!(legal.is_empty(), auction.is_complete());
        if !auction.is_complete() {
            prop_assert!(legal.contains(&Call::Pass));
        }
    }

    #[test]
    fn a_finished_play_has_thirteen_tricks(play in arb_play()) {
        prop_assert!(play.is_over());
        prop_assert_eq!(play.tricks().len(), 13);
        prop_assert_eq!(play.tricks_won(Side::NorthSouth) + play.tricks_won(Side::EastWest), 13);
        prop_assert_eq!(play.next_player(), None);
        prop_assert!(play.legal_cards().is_empty());
        prop_assert_eq!(play.cards().collect::<Hand>(), Hand::FULL_DECK);
        // Each trick is led by the winner of the one before.
        for pair in play.tricks().windows(2) {
            prop_assert_eq!(Some(pair[1].leader), pair[0].winner(play.trump()));
        }
        // Replaying the record gives the same play.
        let replayed = bridge::Play::replay(*play.deal(), play.trump(), play.tricks()[0].leader, play.cards());
        prop_assert_eq!(replayed, Ok(play.clone()));
    }

    #[test]
    fn a_partial_play_keeps_its_cards(play in arb_partial_play()) {
        let played: Vec<_> = play.cards().collect();
        let remaining = play.remaining().0.iter().fold(Hand::EMPTY, |acc, hand| acc.union(*hand));
        prop_assert_eq!(remaining.len() + played.len(), 52);
        prop_assert_eq!(remaining.union(played.iter().copied().collect()), Hand::FULL_DECK);
        prop_assert_eq!(play.tricks().len(), played.len() / 4);
        prop_assert_eq!(play.tricks_won(Side::NorthSouth) + play.tricks_won(Side::EastWest), play.tricks().len());
        // Every legal card is accepted, every other card refused.
        if let Some(seat) = play.next_player() {
            let legal = play.legal_cards();
            prop_assert!(!legal.is_empty());
            for card in Hand::FULL_DECK.iter() {
                let mut after = play.clone();
                prop_assert_eq!(after.play(card).is_ok(), legal.contains(card), "{} by {}", card, seat);
            }
        }
    }

    #[test]
    fn a_trick_winner_played_the_best_card(trick in arb_trick(), trump in arb_strain()) {
        let winner = trick.winner(trump).expect("a trick with a card has a winner");
        let (_, best) = trick.plays().find(|(seat, _)| *seat == winner).expect("the winner played to the trick");
        let led = trick.suit_led().expect("a trick with a card has a suit led");
        for (_, card) in trick.plays() {
            let beats = if card.suit == best.suit {
                card.rank > best.rank
            } else {
                Some(card.suit) == trump.trump() || (card.suit == led && Some(best.suit) != trump.trump())
            };
            prop_assert!(!beats, "{} beats the winner's {}", card, best);
        }
    }

    #[test]
    fn scores_are_monotonic(level in 1..=7u8, strain in arb_strain(), penalty in 0..3usize, vulnerable: bool) {
        let bid = Bid::new(level, strain).expect("levels 1 to 7 make bids");
        let penalty = [Penalty::Undoubled, Penalty::Doubled, Penalty::Redoubled][penalty];
        let contract = Contract { bid, penalty };
        for tricks in 0..13 {
            prop_assert!(score(contract, vulnerable, tricks) < score(contract, vulnerable, tricks + 1));
        }
        prop_assert!(score(contract, vulnerable, contract.target()) > 0);
        prop_assert!(score(contract, vulnerable, contract.target() - 1) < 0);
        prop_assert!(score(contract, true, 13).abs() >= score(contract, false, 13).abs());
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,40}") {
        let _ = text.parse::<Deal>();
        let _ = text.parse::<Hand>();
        let _ = text.parse::<Call>();
        let _ = text.parse::<Contract>();
        let _ = text.parse::<bridge::Card>();
        let _ = text.parse::<bridge::Strain>();
        let _ = text.parse::<Seat>();
        let _ = text.parse::<bridge::Vulnerability>();
    }

    #[test]
    fn deal_like_strings_never_panic(text in "[NESW]:[AKQJT98765432.\\- ]{0,80}") {
        if let Ok(deal) = text.parse::<Deal>() {
            prop_assert_eq!(deal.to_string().parse::<Deal>(), Ok(deal));
        }
    }

    #[test]
    fn replays_of_random_cards_stop_at_the_first_bad_one(
        deal in arb_deal(),
        trump in arb_strain(),
        leader in 0..4usize,
        cards in prop::collection::vec(arb_card(), 0..60),
    ) {
        let leader = Seat::from_index(leader);
        match bridge::Play::replay(deal, trump, leader, cards.iter().copied()) {
            Ok(play) => prop_assert_eq!(play.cards().collect::<Vec<_>>(), cards),
            Err(err) => {
                // Every card before the bad one was accepted; the bad one is refused.
                let mut play = bridge::Play::replay(deal, trump, leader, cards[..err.index].iter().copied())
                    .expect("the cards before the error are legal");
                prop_assert_eq!(play.play(cards[err.index]), Err(err.error));
            }
        }
    }

    #[test]
    fn replays_of_random_calls_never_panic(dealer in 0..4usize, calls in prop::collection::vec(0..38usize, 0..30)) {
        let all = all_calls();
        let calls = calls.into_iter().map(|idx| all[idx]);
        if let Ok(auction) = Auction::from_calls(Seat::from_index(dealer), calls) {
            let _ = (auction.contract(), auction.declarer(), auction.legal_calls());
        }
    }
}

/// The 38 calls: pass, double, redouble and the 35 bids.
fn all_calls() -> Vec<Call> {
    [Call::Pass, Call::Double, Call::Redouble].into_iter().chain(Bid::all().map(Call::Bid)).collect()
}
