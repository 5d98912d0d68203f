//! Calls and the auction: legal calls, the end of the auction, the contract and the declarer.

use bridge::{Auction, Call, Contract, Seat};
use expect_test::{expect, Expect};

/// Replays `calls` (space-separated) from `dealer` and describes the result:
/// the error, the final contract and declarer, or who calls next and what
/// they may call.
#[track_caller]
fn check(dealer: Seat, calls: &str, expect: Expect) {
    let actual = describe(dealer, calls);
    expect.assert_eq(&actual);
}

fn describe(dealer: Seat, calls: &str) -> String {
    let calls: Result<Vec<Call>, _> = calls.split_whitespace().map(str::parse::<Call>).collect();
    let calls = match calls {
        Ok(calls) => calls,
        Err(err) => return format!("error: {err}"),
    };
    let auction = match Auction::from_calls(dealer, calls) {
        Ok(auction) => auction,
        Err(err) => return format!("error: {err}"),
    };
    if auction.is_passed_out() {
        return "passed out".to_owned();
    }
    match (auction.contract(), auction.declarer()) {
        (Some(contract), Some(declarer)) => format!("{contract} by {declarer}"),
        _ => {
            let legal: Vec<String> = auction.legal_calls().iter().map(Call::to_string).collect();
            format!("{} to call: {}", auction.next_seat(), legal.join(" "))
        }
    }
}

#[test]
fn call_parse_and_print() {
    let check_call = |text: &str, expect: Expect| {
        let actual = match text.parse::<Call>() {
            Ok(call) => call.to_string(),
            Err(err) => format!("error: {err}"),
        };
        expect.assert_eq(&actual);
    };
    check_call("Pass", expect!["Pass"]);
    check_call("p", expect!["Pass"]);
    check_call("X", expect!["X"]);
    check_call("dbl", expect!["X"]);
    check_call("XX", expect!["XX"]);
    check_call("Rdbl", expect!["XX"]);
    check_call("1C", expect!["1C"]);
    check_call("3n", expect!["3NT"]);
    check_call("7NT", expect!["7NT"]);
    check_call("0C", expect![[r#"error: invalid call "0C": expected Pass, X, XX or a bid such as 1C, 3NT"#]]);
    check_call("8S", expect![[r#"error: invalid call "8S": expected Pass, X, XX or a bid such as 1C, 3NT"#]]);
    check_call("1", expect![[r#"error: invalid call "1": expected Pass, X, XX or a bid such as 1C, 3NT"#]]);
    check_call("1Z", expect![[r#"error: invalid call "1Z": expected Pass, X, XX or a bid such as 1C, 3NT"#]]);
    check_call("", expect![[r#"error: invalid call "": expected Pass, X, XX or a bid such as 1C, 3NT"#]]);
    // Regression: PBN's `AP` (all pass) was read as a single pass, leaving the auction open.
    check_call("AP", expect![[r#"error: invalid call "AP": expected Pass, X, XX or a bid such as 1C, 3NT"#]]);
    check_call("XXX", expect![[r#"error: invalid call "XXX": expected Pass, X, XX or a bid such as 1C, 3NT"#]]);
    check_call("１C", expect![[r#"error: invalid call "１C": expected Pass, X, XX or a bid such as 1C, 3NT"#]]);
}

#[test]
fn contract_parse_and_print() {
    let check_contract = |text: &str, expect: Expect| {
        let actual = match text.parse::<Contract>() {
            Ok(contract) => {
                format!("{contract} level {} {} target {}", contract.level(), contract.strain(), contract.target())
            }
            Err(err) => format!("error: {err}"),
        };
        expect.assert_eq(&actual);
    };
    check_contract("4S", expect!["4S level 4 S target 10"]);
    check_contract("3NTX", expect!["3NTX level 3 NT target 9"]);
    check_contract("3nxx", expect!["3NTXX level 3 NT target 9"]);
    check_contract("7C*", expect!["7CX level 7 C target 13"]);
    check_contract("1H**", expect!["1HXX level 1 H target 7"]);
    check_contract(
        "X",
        expect![[r#"error: invalid contract "X": expected a bid with an optional X or XX, such as 4S, 3NTX"#]],
    );
    check_contract(
        "Pass",
        expect![[r#"error: invalid contract "Pass": expected a bid with an optional X or XX, such as 4S, 3NTX"#]],
    );
    check_contract(
        "4SXXX",
        expect![[r#"error: invalid contract "4SXXX": expected a bid with an optional X or XX, such as 4S, 3NTX"#]],
    );
    check_contract(
        "",
        expect![[r#"error: invalid contract "": expected a bid with an optional X or XX, such as 4S, 3NTX"#]],
    );
}

#[test]
fn bids_are_ordered_by_level_then_strain() {
    let bids: Vec<String> = bridge::Bid::all().map(|bid| bid.to_string()).collect();
    assert_eq!(bids.len(), 35);
    assert_eq!(bids[..6].join(" "), "1C 1D 1H 1S 1NT 2C");
    assert_eq!(bids[34], "7NT");
    assert!(bridge::Bid::all().zip(bridge::Bid::all().skip(1)).all(|(low, high)| low < high));
    assert_eq!(bridge::Bid::new(0, bridge::Strain::Clubs), None);
    assert_eq!(bridge::Bid::new(8, bridge::Strain::Clubs), None);
}

#[test]
fn the_auction_ends() {
    use Seat::{East, North, South, West};
    check(North, "1NT Pass 3NT Pass Pass Pass", expect!["3NT by N"]);
    check(North, "Pass Pass Pass Pass", expect!["passed out"]);
    check(West, "Pass Pass Pass Pass", expect!["passed out"]);
    check(East, "1C Pass Pass Pass", expect!["1C by E"]);
    // Three passes before any bid do not end it: the fourth player may open.
    check(South, "Pass Pass Pass", expect!["E to call: Pass 1C 1D 1H 1S 1NT 2C 2D 2H 2S 2NT 3C 3D 3H 3S 3NT 4C 4D 4H 4S 4NT 5C 5D 5H 5S 5NT 6C 6D 6H 6S 6NT 7C 7D 7H 7S 7NT"]);
    check(North, "Pass Pass Pass 1S Pass Pass Pass", expect!["1S by W"]);
    check(North, "1S Pass Pass", expect!["W to call: Pass X 1NT 2C 2D 2H 2S 2NT 3C 3D 3H 3S 3NT 4C 4D 4H 4S 4NT 5C 5D 5H 5S 5NT 6C 6D 6H 6S 6NT 7C 7D 7H 7S 7NT"]);
    check(North, "1S Pass Pass Pass Pass", expect!["error: call 5 (Pass): the auction is over; no call may follow"]);
    check(North, "Pass Pass Pass Pass 1C", expect!["error: call 5 (1C): the auction is over; no call may follow"]);
}

#[test]
fn bids_must_outrank_the_last() {
    use Seat::North;
    check(North, "1H 1S 1NT 2C", expect!["N to call: Pass X 2D 2H 2S 2NT 3C 3D 3H 3S 3NT 4C 4D 4H 4S 4NT 5C 5D 5H 5S 5NT 6C 6D 6H 6S 6NT 7C 7D 7H 7S 7NT"]);
    check(North, "1H 1D", expect!["error: call 2 (1D): insufficient bid 1D: it must outrank 1H"]);
    check(North, "1H 1H", expect!["error: call 2 (1H): insufficient bid 1H: it must outrank 1H"]);
    check(North, "2C Pass 1NT", expect!["error: call 3 (1NT): insufficient bid 1NT: it must outrank 2C"]);
    check(North, "1NT X 1S", expect!["error: call 3 (1S): insufficient bid 1S: it must outrank 1NT"]);
    check(North, "7NT", expect!["E to call: Pass X"]);
    check(North, "7NT X XX", expect!["W to call: Pass"]);
    check(North, "7NT X XX Pass Pass Pass", expect!["7NTXX by N"]);
}

#[test]
fn doubles_and_redoubles() {
    use Seat::{East, North};
    // Double: only an opponent's undoubled bid.
    check(North, "X", expect!["error: call 1 (X): double is only allowed over an opponent's undoubled bid"]);
    check(North, "1C Pass X", expect!["error: call 3 (X): double is only allowed over an opponent's undoubled bid"]);
    check(North, "1C X X", expect!["error: call 3 (X): double is only allowed over an opponent's undoubled bid"]);
    check(North, "1C X XX X", expect!["error: call 4 (X): double is only allowed over an opponent's undoubled bid"]);
    check(North, "1C Pass Pass X", expect!["N to call: Pass XX 1D 1H 1S 1NT 2C 2D 2H 2S 2NT 3C 3D 3H 3S 3NT 4C 4D 4H 4S 4NT 5C 5D 5H 5S 5NT 6C 6D 6H 6S 6NT 7C 7D 7H 7S 7NT"]);
    check(North, "1C Pass Pass X Pass Pass Pass", expect!["1CX by N"]);
    // Redouble: only an opponent's double.
    check(North, "XX", expect!["error: call 1 (XX): redouble is only allowed over an opponent's double"]);
    check(North, "1C XX", expect!["error: call 2 (XX): redouble is only allowed over an opponent's double"]);
    // The doubled side may redouble as long as the double stands.
    check(North, "1C X Pass Pass XX", expect!["E to call: Pass 1D 1H 1S 1NT 2C 2D 2H 2S 2NT 3C 3D 3H 3S 3NT 4C 4D 4H 4S 4NT 5C 5D 5H 5S 5NT 6C 6D 6H 6S 6NT 7C 7D 7H 7S 7NT"]);
    check(North, "1C X Pass XX", expect!["error: call 4 (XX): redouble is only allowed over an opponent's double"]);
    check(North, "1C X XX XX", expect!["error: call 4 (XX): redouble is only allowed over an opponent's double"]);
    check(North, "1C X XX", expect!["W to call: Pass 1D 1H 1S 1NT 2C 2D 2H 2S 2NT 3C 3D 3H 3S 3NT 4C 4D 4H 4S 4NT 5C 5D 5H 5S 5NT 6C 6D 6H 6S 6NT 7C 7D 7H 7S 7NT"]);
    // A new bid clears the double.
    check(North, "1C X 1H", expect!["W to call: Pass X 1S 1NT 2C 2D 2H 2S 2NT 3C 3D 3H 3S 3NT 4C 4D 4H 4S 4NT 5C 5D 5H 5S 5NT 6C 6D 6H 6S 6NT 7C 7D 7H 7S 7NT"]);
    check(North, "1C X 1H Pass Pass Pass", expect!["1H by S"]);
    check(North, "1C X XX 1D Pass Pass X Pass Pass Pass", expect!["1DX by W"]);
    check(East, "1S X Pass Pass XX Pass Pass Pass", expect!["1SXX by E"]);
    check(North, "1NT X Pass Pass XX Pass Pass 2C Pass Pass Pass", expect!["2C by W"]);
}

#[test]
fn the_declarer_named_the_strain_first() {
    use Seat::{East, North, South, West};
    check(North, "1H Pass 2H Pass 4H Pass Pass Pass", expect!["4H by N"]);
    check(North, "1C Pass 1H Pass 2NT Pass 4H Pass Pass Pass", expect!["4H by S"]);
    check(North, "Pass 1S Pass 2C Pass 2S Pass 4S Pass Pass Pass", expect!["4S by E"]);
    check(North, "Pass 1H Pass Pass 2H Pass 4H Pass Pass Pass", expect!["4H by N"]);
    // West named hearts first, but the contract is North-South's.
    check(West, "1H 2H Pass 3H Pass 4H Pass Pass Pass", expect!["4H by N"]);
    check(South, "1S 2H 2S 3H 3S 4H X Pass Pass Pass", expect!["4HX by W"]);
    check(East, "1NT Pass 2C Pass 2D Pass 3NT Pass Pass Pass", expect!["3NT by E"]);
    check(East, "Pass 1NT Pass 3NT Pass Pass Pass", expect!["3NT by S"]);
}

#[test]
fn auction_queries() {
    let calls = ["1C", "X", "XX", "1D", "Pass"].map(|call| call.parse::<Call>().unwrap());
    let mut auction = Auction::from_calls(Seat::South, calls).unwrap();
    assert_eq!(auction.dealer(), Seat::South);
    assert_eq!(auction.calls().len(), 5);
    assert_eq!(auction.seat_of(3), Seat::East);
    assert_eq!(auction.next_seat(), Seat::West);
    assert_eq!(auction.last_bid_at().map(|(idx, bid)| (idx, bid.to_string())), Some((3, "1D".to_owned())));
    assert_eq!(auction.current_contract().map(|contract| contract.to_string()), Some("1D".to_owned()));
    assert_eq!(auction.current_declarer(), Some(Seat::East));
    assert_eq!(auction.contract(), None);
    assert_eq!(auction.declarer(), None);
    assert!(!auction.is_complete());
    assert_eq!(auction.undo(), Some(Call::Pass));
    assert_eq!(auction.undo().map(|call| call.to_string()), Some("1D".to_owned()));
    assert_eq!(auction.current_contract().map(|contract| contract.to_string()), Some("1CXX".to_owned()));
    // A refused call leaves the auction unchanged.
    let before = auction.clone();
    assert!(auction.call("1C".parse().unwrap()).is_err());
    assert_eq!(auction, before);
    assert_eq!(Auction::new(Seat::West).undo(), None);
}
