//! Which reserved or extension range a number or another range falls in,
//! for many numbers at once, in `n log n` rather than by comparing every
//! pair: a message of many fields and many reservations is checked as
//! quickly as it is read.

use crate::model::ReservedRange;

/// For each of `numbers`, the first of `ranges` that holds it.
pub(super) fn first_holding(
    ranges: &[ReservedRange],
    numbers: impl IntoIterator<Item = i64>,
) -> Vec<Option<&ReservedRange>> {
    let numbers = numbers.into_iter();
    if ranges.is_empty() {
        return numbers.map(|_| None).collect();
    }
    let bounds = bounds(ranges);
    let queries: Vec<(i64, i64)> = numbers.map(|number| (number, number)).collect();
    let firsts = first_overlapping(&bounds, &queries);
    firsts
        .into_iter()
        .map(|first| first.and_then(|index| ranges.get(index)))
        .collect()
}

/// The `(start, end)` of each of `ranges`.
pub(super) fn bounds<'a>(ranges: impl IntoIterator<Item = &'a ReservedRange>) -> Vec<(i64, i64)> {
    ranges
        .into_iter()
        .map(|range| (range.start, range.end))
        .collect()
}

/// For each `(low, high)` of `queries`, the index of the first of the
/// `(start, end)` of `ranges` with `start <= high` and `low <= end`: the
/// first range that shares a number with `low..=high` when both are well
/// formed, or that holds `number` for `(number, number)`. This is the
/// test written out pairwise, so ranges that end before they start get
/// the answers the pairwise test gives them.
pub(super) fn first_overlapping(
    ranges: &[(i64, i64)],
    queries: &[(i64, i64)],
) -> Vec<Option<usize>> {
    let mut answers = vec![None; queries.len()];
    if ranges.is_empty() {
        return answers;
    }
    // A sweep over the queries by `high`, adding the ranges by `start` as
    // `high` reaches them; of the ranges added, the first whose `end` is
    // at least `low` is the answer.
    let mut by_start: Vec<usize> = (0..ranges.len()).collect();
    by_start.sort_by_key(|&index| ranges[index].0);
    let mut by_high: Vec<usize> = (0..queries.len()).collect();
    by_high.sort_by_key(|&index| queries[index].1);
    let mut ends: Vec<i64> = ranges.iter().map(|&(_, end)| end).collect();
    ends.sort_unstable();
    ends.dedup();
    let mut firsts = SuffixMin::new(ends.len());
    let mut to_add = by_start.into_iter().peekable();
    for query in by_high {
        let (low, high) = queries[query];
        while let Some(index) = to_add.next_if(|&index| ranges[index].0 <= high) {
            let end = ranges[index].1;
            firsts.insert(ends.partition_point(|&other| other < end), index);
        }
        answers[query] = firsts.min_from(ends.partition_point(|&end| end < low));
    }
    answers
}

/// The smallest value inserted at each position or after it: a Fenwick
/// tree over the positions in reverse.
struct SuffixMin {
    /// 1-based; position `p` is node `len - p`.
    tree: Vec<usize>,
}

impl SuffixMin {
    fn new(len: usize) -> Self {
        SuffixMin {
            tree: vec![usize::MAX; len + 1],
        }
    }

    fn len(&self) -> usize {
        self.tree.len() - 1
    }

    /// Records `value` at `position`, which is below `len`.
    fn insert(&mut self, position: usize, value: usize) {
        let mut node = self.len() - position;
        while let Some(slot) = self.tree.get_mut(node) {
            *slot = (*slot).min(value);
            node += node & node.wrapping_neg();
        }
    }

    /// The smallest value recorded at `position` or after it.
    fn min_from(&self, position: usize) -> Option<usize> {
        let mut node = self.len().saturating_sub(position);
        let mut smallest = usize::MAX;
        while node > 0 {
            smallest = smallest.min(self.tree[node]);
            node -= node & node.wrapping_neg();
        }
        (smallest != usize::MAX).then_some(smallest)
    }
}

#[cfg(test)]
mod tests {
    use super::first_overlapping;

    /// The pairwise test that [`first_overlapping`] replaces.
    fn pairwise(ranges: &[(i64, i64)], queries: &[(i64, i64)]) -> Vec<Option<usize>> {
        queries
            .iter()
            .map(|&(low, high)| {
                ranges
                    .iter()
                    .position(|&(start, end)| start <= high && low <= end)
            })
            .collect()
    }

    #[test]
    fn finds_the_first_range_holding_a_number() {
        let ranges = [(10, 20), (5, 12), (15, 15), (30, 40), (1, 3)];
        let queries = [
            (11, 11),
            (4, 4),
            (15, 15),
            (5, 5),
            (2, 2),
            (41, 41),
            (25, 25),
        ];
        let expected = vec![Some(0), None, Some(0), Some(1), Some(4), None, None];
        assert_eq!(first_overlapping(&ranges, &queries), expected);
    }

    #[test]
    fn agrees_with_the_pairwise_test() {
        // A small deterministic generator: ranges and queries of every
        // shape, ranges that end before they start among them.
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |limit: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % limit) as i64
        };
        for _ in 0..200 {
            let count = next(12) as usize;
            let ranges: Vec<(i64, i64)> = (0..count).map(|_| (next(30), next(30))).collect();
            let queries: Vec<(i64, i64)> = (0..10).map(|_| (next(32) - 1, next(32) - 1)).collect();
            assert_eq!(
                first_overlapping(&ranges, &queries),
                pairwise(&ranges, &queries),
                "{ranges:?} {queries:?}"
            );
        }
    }
}
