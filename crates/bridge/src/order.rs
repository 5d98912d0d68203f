//! Sorting with one copy of the standard library's sort in a whole program.
//!
//! Each call of `slice::sort_by` (or `sort`, `sort_unstable_by_key`, ...)
//! with another element type or comparison compiles a copy of the whole
//! sort, about 6 KB of wasm each: twenty such calls took about 170 KB of the
//! app's wasm before optimisation. These functions sort a list of indices
//! instead, always with the same non-generic comparison (a `dyn` call into
//! the caller's), so that the program holds one copy of the sort, and then
//! put the items in that order, which takes a little code per item type.
//! The sort is stable (equal items keep their order) and as fast as the
//! lists sorted here need (thousands of items, not millions).

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

/// Sorts `items` by `compare`, stably.
pub fn sort_by<T>(items: &mut Vec<T>, compare: impl Fn(&T, &T) -> Ordering) {
    let order = sorted_indices(items.len(), &|a, b| compare(&items[a], &items[b]));
    let mut slots: Vec<Option<T>> = std::mem::take(items).into_iter().map(Some).collect();
    // Each index comes once: every slot is taken exactly once.
    items.extend(order.into_iter().filter_map(|idx| slots[idx].take()));
}

/// Sorts `items` by the key `key` gives each, stably.
pub fn sort_by_key<T, K: Ord>(items: &mut Vec<T>, key: impl Fn(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` in their own order, stably.
pub fn sort<T: Ord>(items: &mut Vec<T>) {
    sort_by(items, T::cmp);
}

/// The map of `items`, the last value of a key given twice kept: what
/// `collect` makes, without the sort that each `collect` into a map
/// compiles (it sorts the items first, with a comparison of its own per
/// iterator type); one insertion per item instead.
pub fn map<K: Ord, V>(items: impl IntoIterator<Item = (K, V)>) -> BTreeMap<K, V> {
    let mut res = BTreeMap::new();
    res.extend(items);
    res
}

/// The set of `items`: [`map`]'s way for a set.
pub fn set<T: Ord>(items: impl IntoIterator<Item = T>) -> BTreeSet<T> {
    let mut res = BTreeSet::new();
    res.extend(items);
    res
}

/// The indices `0..len` in the order `compare` puts their items in: the one
/// instance of the standard sort behind every function here.
fn sorted_indices(len: usize, compare: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| compare(a, b));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_stably_as_the_standard_sort_does() {
        let mut next = 0x2545_F491_4F6C_DD1Du64;
        for len in [0usize, 1, 2, 3, 7, 20, 100, 1000] {
            let items: Vec<(u8, usize)> = (0..len)
                .map(|idx| {
                    next ^= next << 13;
                    next ^= next >> 7;
                    next ^= next << 17;
                    // Few keys, so that many items compare equal.
                    ((next % 5) as u8, idx)
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|item| item.0);
            let mut sorted = items.clone();
            sort_by_key(&mut sorted, |item| item.0);
            assert_eq!(sorted, expected, "{len} items by key");
            let mut expected = items.clone();
            expected.sort_by(|a, b| b.cmp(a));
            let mut sorted = items.clone();
            sort_by(&mut sorted, |a, b| b.cmp(a));
            assert_eq!(sorted, expected, "{len} items, reversed");
            let mut expected = items.clone();
            expected.sort();
            let mut sorted = items;
            sort(&mut sorted);
            assert_eq!(sorted, expected, "{len} items in their order");
        }
    }

    #[test]
    fn maps_and_sets_are_what_collect_makes() {
        let pairs = [(3u8, "c"), (1, "a"), (3, "last c"), (2, "b"), (1, "last a")];
        assert_eq!(map(pairs), pairs.into_iter().collect::<BTreeMap<_, _>>(), "the last value of a key");
        assert_eq!(map(pairs).get(&3), Some(&"last c"));
        let items = [5u8, 1, 5, 3, 1, 0];
        assert_eq!(set(items), items.into_iter().collect::<BTreeSet<_>>());
        assert_eq!(set(items).into_iter().collect::<Vec<_>>(), [0, 1, 3, 5]);
        assert!(map(Vec::<(u8, u8)>::new()).is_empty() && set(Vec::<u8>::new()).is_empty());
    }

    #[test]
    fn moves_items_that_cannot_be_copied() {
        let mut names = vec!["ouest".to_owned(), "Nord".to_owned(), "est".to_owned(), "Sud".to_owned()];
        sort_by_key(&mut names, |name| name.to_lowercase());
        assert_eq!(names, ["est", "Nord", "ouest", "Sud"]);
    }
}
