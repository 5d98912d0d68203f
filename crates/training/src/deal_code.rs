//! Deal codes: the short names a board is shared and searched by.

use crate::RandomSource;

/// The 56 characters of a deal code: the digits `2`-`9`, the upper-case
/// letters without `I` and `O`, the lower-case letters without `l` and `o`.
/// Left out are the glyphs read as one another: `0 O o`, `1 l I`.
pub const DEAL_CODE_ALPHABET: &str = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz";

/// The number of characters of a deal code.
pub const DEAL_CODE_LEN: usize = 8;

/// A new deal code: 8 characters drawn uniformly (up to a bias below 2^-58)
/// from [`DEAL_CODE_ALPHABET`], one random draw each.
pub fn generate_deal_code(random: &mut impl RandomSource) -> String {
    let alphabet = DEAL_CODE_ALPHABET.as_bytes();
    (0..DEAL_CODE_LEN)
        .map(|_| {
            // Multiply-shift maps the draw onto 0..56 without a loop that a
            // degenerate source could make endless.
            let idx = (u128::from(random.next_u64()) * alphabet.len() as u128) >> 64;
            char::from(alphabet[idx as usize])
        })
        .collect()
}

/// Exactly 8 characters of [`DEAL_CODE_ALPHABET`].
#[must_use]
pub fn is_valid_deal_code(code: &str) -> bool {
    code.len() == DEAL_CODE_LEN && code.bytes().all(|byte| DEAL_CODE_ALPHABET.as_bytes().contains(&byte))
}

/// Exactly 8 ASCII letters or digits: the shape of the codes older versions
/// generated, look-alike glyphs included. Such a code is kept when it is the
/// code already stored for a board.
#[must_use]
pub fn is_legacy_compatible_code(code: &str) -> bool {
    code.len() == DEAL_CODE_LEN && code.bytes().all(|byte| byte.is_ascii_alphanumeric())
}
