//! Rich text: parsing plain strings, the plain-text view, blankness and seat rotation.

use expect_test::{expect, Expect};
use proptest::prelude::*;
use training::{Block, Inline, Locale, RichText};

/// Parses `text` and shows the blocks, one per line, with their inlines.
#[track_caller]
fn check(text: &str, expect: Expect) {
    let rich = RichText::parse(text);
    let actual: Vec<String> = rich.blocks.iter().map(describe_block).collect();
    expect.assert_eq(&actual.join("\n"));
}

pub(crate) fn describe_block(block: &Block) -> String {
    match block {
        Block::Paragraph { content } => format!("para {}", describe_inlines(content)),
        Block::List { ordered, items } => {
            let items: Vec<String> = items.iter().map(|item| describe_inlines(item)).collect();
            format!("{} [{}]", if *ordered { "ol" } else { "ul" }, items.join(" | "))
        }
    }
}

fn describe_inlines(inlines: &[Inline]) -> String {
    inlines
        .iter()
        .map(|inline| match inline {
            Inline::Text(text) => format!("{text:?}"),
            Inline::Emphasis(inner) => format!("em({})", describe_inlines(inner)),
            Inline::Suit(suit) => format!("suit:{suit}"),
            Inline::Seat(seat) => format!("seat:{seat}"),
            Inline::LineBreak => "br".to_owned(),
        })
        .collect::<Vec<String>>()
        .join(" ")
}

fn locale(tag: &str) -> Locale {
    tag.parse().expect("test locales are well formed")
}

#[test]
fn parse_plain_strings() {
    check("", expect![""]);
    check("   \n\n  ", expect![""]);
    check("Lead the ♠K.", expect![[r#"para "Lead the " suit:S "K.""#]]);
    check("4!S by South, !h lead", expect![[r#"para "4" suit:S " by " seat:S ", " suit:H " lead""#]]);
    check("!Stop, !Sa!", expect![[r#"para "!Stop, !Sa!""#]]);
    check("♤♡♢♧", expect!["para suit:S suit:H suit:D suit:C"]);
    check("Nord entame, Est-ce bon ? Ouest.", expect![[r#"para seat:N " entame, Est-ce bon ? " seat:W ".""#]]);
    check("Northern east NORTH xSouth South's", expect![[r#"para "Northern east NORTH xSouth South's""#]]);
    check("West\nEast", expect!["para seat:W br seat:E"]);
    check(
        "one\n\n  two  \nthree",
        expect![[r#"
        para "one"
        para "two" br "three""#]],
    );
    check("- ♠A\n* second\n• third", expect![[r#"ul [suit:S "A" | "second" | "third"]"#]]);
    check("1. one\n2) two", expect![[r#"ol ["one" | "two"]"#]]);
    check("1. one\n- two", expect![[r#"para "1. one" br "- two""#]]);
}

#[test]
fn plain_view() {
    let rich = RichText::parse("North leads !S\n\n- East\n- West wins");
    expect![[r#"
        North leads ♠

        - East
        - West wins"#]]
    .assert_eq(&rich.to_plain(&locale("en")));
    expect![[r#"
        Nord leads ♠

        - Est
        - Ouest wins"#]]
    .assert_eq(&rich.to_plain(&locale("fr-CA")));
    let emphasis = RichText {
        blocks: vec![Block::List {
            ordered: true,
            items: vec![vec![Inline::Emphasis(vec![Inline::Text("a".into()), Inline::Suit(bridge::Suit::Clubs)])]],
        }],
    };
    expect!["1. a♣"].assert_eq(&emphasis.to_plain(&locale("en")));
}

#[test]
fn blank_text() {
    assert!(RichText::parse(" \n ").is_blank());
    assert!(RichText::text("  ").is_blank());
    assert!(!RichText::parse("♠").is_blank());
    assert!(!RichText::parse("x").is_blank());
}

#[test]
fn seats_rotate() {
    let rich = RichText::parse("North and West").rotate_seats(1);
    expect!["East and North"].assert_eq(&rich.to_plain(&locale("en")));
}

/// Strings made of the pieces the parser treats specially.
fn arb_plain() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("North".to_owned()),
        Just("Est-ce".to_owned()),
        Just("Sud".to_owned()),
        Just("!S".to_owned()),
        Just("!h".to_owned()),
        Just("♦".to_owned()),
        Just("♧".to_owned()),
        Just("- ".to_owned()),
        Just("* ".to_owned()),
        Just("1. ".to_owned()),
        Just("2) ".to_owned()),
        Just(" ".to_owned()),
        Just("\n".to_owned()),
        Just("\n\n".to_owned()),
        "[a-zA-Z0-9.,!']{1,3}",
    ];
    prop::collection::vec(piece, 0..24).prop_map(|pieces| pieces.concat())
}

proptest! {
    #[test]
    fn parsing_the_plain_view_gives_the_text_back(text in arb_plain(), french in any::<bool>()) {
        let rich = RichText::parse(&text);
        let locale = locale(if french { "fr" } else { "en" });
        prop_assert_eq!(RichText::parse(&rich.to_plain(&locale)), rich);
    }

    #[test]
    fn parsing_never_panics(text in any::<String>()) {
        let rich = RichText::parse(&text);
        let _ = rich.to_plain(&locale("und"));
    }

    #[test]
    fn rotating_seats_four_times_is_the_identity(text in arb_plain()) {
        let rich = RichText::parse(&text);
        prop_assert_eq!(rich.clone().rotate_seats(1).rotate_seats(3), rich);
    }
}
