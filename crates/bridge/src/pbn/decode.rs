//! Turning the bytes of a PBN file into text: UTF-8 (with or without a
//! byte-order mark), else Windows-1252, the superset of Latin-1 old files use.

use std::borrow::Cow;

/// The text of `bytes`, and whether it was not UTF-8 and was read as
/// Windows-1252 instead. A UTF-8 byte-order mark is dropped.
#[must_use]
pub fn decode(bytes: &[u8]) -> (Cow<'_, str>, bool) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => (Cow::Borrowed(text), false),
        Err(_) => (Cow::Owned(bytes.iter().map(|&byte| windows_1252(byte)).collect()), true),
    }
}

/// The character of a Windows-1252 byte; the five bytes it leaves undefined
/// map to the C1 controls, as in Latin-1.
fn windows_1252(byte: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž', '\u{8F}', '\u{90}', '‘',
        '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}', 'ž', 'Ÿ',
    ];
    match byte {
        0x80..=0x9F => HIGH[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}
