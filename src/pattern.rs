//! The regular expressions of bulk rewrite rules, run by the browser's own `RegExp` rather than
//! the `regex` crate, which with its Unicode tables would weigh about a tenth of the app's
//! download. The syntax is the one the rules document (`training::RewriteRule`): a leading `(?i)`
//! makes the pattern insensitive to case, `(?P<name>...)` names a group as `(?<name>...)` does,
//! and the replacement is expanded by `training::expand_replacement`, as natively.

use std::ops::Range;

use js_sys::{Array, JsString, Reflect, RegExp};
use training::{expand_replacement, RulePattern};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    /// A `RegExp`, built by a constructor that reports an invalid pattern rather than throwing
    /// through the wasm.
    #[wasm_bindgen(js_name = RegExp)]
    type CheckedRegExp;

    /// `new RegExp(pattern, flags)`.
    #[wasm_bindgen(catch, constructor, js_class = "RegExp")]
    fn new(pattern: &str, flags: &str) -> Result<CheckedRegExp, JsValue>;
}

struct BrowserPattern {
    regexp: RegExp,
}

/// Compiles a rule's regular expression with the browser's `RegExp` (Unicode mode).
///
/// # Errors
/// The browser's message for an invalid pattern.
pub fn compile(pattern: &str) -> Result<Box<dyn RulePattern>, String> {
    let (source, flags) = match pattern.strip_prefix("(?i)") {
        Some(rest) => (rest, "giu"),
        None => (pattern, "gu"),
    };
    let source = source.replace("(?P<", "(?<");
    match CheckedRegExp::new(&source, flags) {
        Ok(regexp) => Ok(Box::new(BrowserPattern { regexp: regexp.unchecked_into() })),
        Err(error) => Err(error
            .dyn_ref::<js_sys::Error>()
            .map_or_else(|| "invalid regular expression".to_owned(), |error| String::from(error.message()))),
    }
}

impl RulePattern for BrowserPattern {
    fn matches(&self, line: &str, replace: &str) -> Vec<(Range<usize>, String)> {
        // JavaScript counts UTF-16 units: the byte offset of each unit boundary.
        let mut bytes_at: Vec<usize> = Vec::with_capacity(line.len() + 1);
        for (at, c) in line.char_indices() {
            bytes_at.extend(std::iter::repeat_n(at, c.len_utf16()));
        }
        bytes_at.push(line.len());
        let unit_count = bytes_at.len() - 1;
        let mut res = Vec::new();
        self.regexp.set_last_index(0);
        while let Some(found) = self.regexp.exec(line) {
            let start = Reflect::get(&found, &"index".into()).ok().and_then(|index| index.as_f64()).unwrap_or(0.0);
            let whole = found.get(0).as_string().unwrap_or_default();
            #[expect(clippy::cast_possible_truncation, clippy::cast_sign_loss, reason = "an index into the line")]
            let start = (start as usize).min(unit_count);
            let end = (start + whole.encode_utf16().count()).min(unit_count);
            if whole.is_empty() {
                // Step over the empty match, by a whole character in Unicode mode.
                let next =
                    bytes_at[start..].iter().position(|at| *at > bytes_at[start]).map_or(unit_count + 1, |n| start + n);
                if next > unit_count {
                    break;
                }
                self.regexp.set_last_index(u32::try_from(next).unwrap_or(u32::MAX));
                continue;
            }
            let with = expand_with(&found, replace);
            res.push((bytes_at[start]..bytes_at[end], with));
        }
        res
    }
}

/// `replace` expanded with the groups of the match `found`.
fn expand_with(found: &Array<JsString>, replace: &str) -> String {
    let groups = Reflect::get(found, &"groups".into()).ok().filter(|groups| groups.is_object());
    expand_replacement(replace, |name| match name.parse::<u32>() {
        Ok(index) if index < found.length() => found.get(index).as_string(),
        Ok(_) => None,
        Err(_) => Reflect::get(groups.as_ref()?, &name.into()).ok()?.as_string(),
    })
}
