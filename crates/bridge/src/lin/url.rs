//! Bridge Base Online handviewer links: the `lin=` parameter, or the hands,
//! dealer, vulnerability, board, auction and play as separate parameters.

use crate::lin::{parse, LinError, LinErrorKind, LinGame};

/// Reads the board of a handviewer link such as
/// `https://www.bridgebase.com/tools/handviewer.html?lin=md|3SAK...|`. The
/// query may be percent-encoded or not, with `+` for a space; the `lin`
/// parameter may sit among others. Without it, the link's `s`, `w`, `n`, `e`
/// (hands such as `sakqhjt9d876c5432`), `d` (dealer `n`, `e`, `s`, `w`), `v`
/// (`-`, `n`, `e`, `b`), `b` (board number), `a` (calls such as
/// `1c!(strong)p1hp`, an explanation in brackets) and `p` (cards such as
/// `sas2`) parameters are read as the LIN tags they stand for. The first
/// board of the LIN is read; offsets in errors count bytes of the LIN text.
///
/// # Errors
/// [`LinErrorKind::NoBoard`] when the link holds no board, else the first
/// problem of the board.
pub fn parse_handviewer_url(url: &str) -> Result<LinGame, LinError> {
    let url = url.trim();
    let query = url.split_once('?').map_or(url, |(_, query)| query);
    let params: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    let param = |name: &str| {
        params.iter().find(|(key, _)| key.trim().eq_ignore_ascii_case(name)).map(|(_, value)| value.as_str())
    };
    let no_board = || LinError { offset: 0, tag_index: 0, tag: "lin".to_owned(), kind: LinErrorKind::NoBoard };
    let lin = match param("lin") {
        Some(lin) => lin.to_owned(),
        None => lin_of_params(param).ok_or_else(no_board)?,
    };
    parse(&lin).into_iter().next().unwrap_or_else(|| Err(no_board()))
}

/// The LIN text the separate parameters stand for; `None` without hands
/// or an auction.
fn lin_of_params<'a>(param: impl Fn(&str) -> Option<&'a str>) -> Option<String> {
    let hands = ["s", "w", "n", "e"].map(|seat| param(seat).unwrap_or_default().trim());
    let auction = param("a").unwrap_or_default();
    if hands.iter().all(|hand| hand.is_empty()) && auction.trim().is_empty() {
        return None;
    }
    let dealer = match param("d").map(|dealer| dealer.trim().to_ascii_lowercase()).as_deref() {
        Some("s" | "south") => "1",
        Some("w" | "west") => "2",
        Some("n" | "north") => "3",
        Some("e" | "east") => "4",
        _ => "",
    };
    let mut res = format!("md|{dealer}{}|", hands.map(clean).join(","));
    if let Some(board) = param("b") {
        res.push_str(&format!("ah|Board {}|", clean(board.trim())));
    }
    if let Some(vulnerability) = param("v") {
        let sv = match vulnerability.trim().to_ascii_lowercase().as_str() {
            "-" | "o" | "0" | "none" => "o".to_owned(),
            "n" | "ns" => "n".to_owned(),
            "e" | "ew" => "e".to_owned(),
            "b" | "all" | "both" => "b".to_owned(),
            other => clean(other),
        };
        res.push_str(&format!("sv|{sv}|"));
    }
    push_calls(&mut res, auction);
    push_cards(&mut res, param("p").unwrap_or_default());
    Some(res)
}

/// `1c!(strong)p1hp`: bids, `p`, `d` (or `x`), `r`, a `!` alert and an
/// explanation in brackets after a call. Anything else becomes a call the
/// reader refuses.
fn push_calls(lin: &mut String, auction: &str) {
    let mut chars = auction.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '1'..='7' => {
                let strain = chars.next().unwrap_or_default();
                if strain.eq_ignore_ascii_case(&'n') {
                    chars.next_if(|c| c.eq_ignore_ascii_case(&'t'));
                }
                lin.push_str(&format!("mb|{c}{}|", clean(&strain.to_string())));
            }
            '!' => {
                if lin.ends_with('|') && lin.rfind("mb|").is_some_and(|at| !lin[at + 3..].contains("an|")) {
                    lin.pop();
                    lin.push_str("!|");
                }
            }
            '(' => {
                let mut text = String::new();
                for c in chars.by_ref() {
                    if c == ')' {
                        break;
                    }
                    text.push(c);
                }
                lin.push_str(&format!("an|{}|", clean(&text)));
            }
            c if c.is_whitespace() || c == '-' || c == ',' => {}
            'x' | 'X' => lin.push_str("mb|d|"),
            other => lin.push_str(&format!("mb|{}|", clean(&other.to_string()))),
        }
    }
}

/// `sas2s3s4`: a suit letter then a rank (or `10`) per card.
fn push_cards(lin: &mut String, play: &str) {
    let mut chars = play.chars().filter(|c| !c.is_whitespace() && *c != ',' && *c != '-').peekable();
    while let Some(suit) = chars.next() {
        let mut card = suit.to_string();
        if let Some(rank) = chars.next() {
            card.push(rank);
            if rank == '1' {
                chars.next_if_eq(&'0').inspect(|zero| card.push(*zero));
            }
        }
        lin.push_str(&format!("pc|{}|", clean(&card)));
    }
}

/// A parameter's text with the `|` LIN cannot hold turned into `/`.
fn clean(text: &str) -> String {
    text.replace('|', "/")
}
