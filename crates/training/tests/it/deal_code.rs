//! Deal codes: the alphabet, generation from an injected random source, validity.

use proptest::prelude::*;
use training::{generate_deal_code, is_legacy_compatible_code, is_valid_deal_code, RandomSource, DEAL_CODE_ALPHABET};

/// A source replaying fixed draws, then repeating the last one.
struct Draws(Vec<u64>);

impl RandomSource for Draws {
    fn next_u64(&mut self) -> u64 {
        match self.0.len() {
            0 => 0,
            1 => self.0[0],
            _ => self.0.remove(0),
        }
    }
}

#[test]
fn alphabet_has_56_distinct_unambiguous_characters() {
    let mut chars: Vec<char> = DEAL_CODE_ALPHABET.chars().collect();
    assert_eq!(chars.len(), 56);
    chars.sort_unstable();
    chars.dedup();
    assert_eq!(chars.len(), 56);
    assert!(chars.iter().all(char::is_ascii_alphanumeric));
    for look_alike in ['0', 'O', 'o', '1', 'l', 'I'] {
        assert!(!chars.contains(&look_alike), "{look_alike} is a look-alike");
    }
}

#[test]
fn extreme_draws_map_to_the_ends_of_the_alphabet() {
    assert_eq!(generate_deal_code(&mut Draws(vec![0])), "22222222");
    assert_eq!(generate_deal_code(&mut Draws(vec![u64::MAX])), "zzzzzzzz");
    assert_eq!(generate_deal_code(&mut Draws(vec![u64::MAX / 2 + 1, 0])), "W2222222");
}

#[test]
fn validity() {
    for (code, valid, legacy) in [
        ("23456789", true, true),
        ("AbCdEfGh", true, true),
        ("zzzzzzzz", true, true),
        ("ABCDEFG0", false, true),
        ("lIlIoOoO", false, true),
        ("ABCDEFG", false, false),
        ("ABCDEFGHJ", false, false),
        ("ABCD-FGH", false, false),
        ("ABCDEFGé", false, false),
        ("", false, false),
    ] {
        assert_eq!(is_valid_deal_code(code), valid, "{code} valid");
        assert_eq!(is_legacy_compatible_code(code), legacy, "{code} legacy");
    }
}

proptest! {
    #[test]
    fn generated_codes_are_valid(draws in prop::collection::vec(any::<u64>(), 8)) {
        let code = generate_deal_code(&mut Draws(draws));
        prop_assert!(is_valid_deal_code(&code), "{}", code);
        prop_assert!(is_legacy_compatible_code(&code));
    }

    #[test]
    fn valid_codes_are_legacy_compatible(code in "[2-9A-HJ-NP-Za-km-np-z]{8}") {
        prop_assert!(is_valid_deal_code(&code));
        prop_assert!(is_legacy_compatible_code(&code));
    }
}
