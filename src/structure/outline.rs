//! The heading tree: section ids from heading levels.
//!
//! Depth is clamped so that a path never skips a level: a heading's parent is the nearest open
//! heading with a smaller written level, and its depth is one more than the parent's. `#` then
//! `###` gives `1 → 1.1`; a following `##` is a sibling of that `###` (`1.2`). Paths are unique
//! by construction (a counter per depth).

/// One heading of the tree, in reading order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutlineNode {
    pub section_id: String,
    pub parent_id: Option<String>,
    pub depth: u32,
}

/// Assigns paths to headings given their written levels, in reading order.
pub fn build(levels: &[u8]) -> Vec<OutlineNode> {
    let mut open: Vec<(u8, String)> = Vec::new(); // (written level, section id) per depth
    let mut counters: Vec<u32> = Vec::new();
    let mut out = Vec::with_capacity(levels.len());
    for &level in levels {
        while open.last().is_some_and(|(l, _)| *l >= level) {
            open.pop();
        }
        let depth = open.len() + 1;
        counters.truncate(depth);
        if counters.len() < depth {
            counters.push(0);
        }
        counters[depth - 1] += 1;
        let id = counters
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(".");
        out.push(OutlineNode {
            section_id: id.clone(),
            parent_id: open.last().map(|(_, p)| p.clone()),
            depth: depth as u32,
        });
        open.push((level, id));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(levels: &[u8]) -> Vec<String> {
        build(levels).into_iter().map(|n| n.section_id).collect()
    }

    #[test]
    fn depth_is_clamped() {
        assert_eq!(ids(&[1, 3]), ["1", "1.1"]);
        assert_eq!(ids(&[1, 3, 2]), ["1", "1.1", "1.2"]);
        assert_eq!(ids(&[1, 3, 4, 2, 3]), ["1", "1.1", "1.1.1", "1.2", "1.2.1"]);
        assert_eq!(ids(&[2, 2, 1, 2]), ["1", "2", "3", "3.1"]);
        assert_eq!(ids(&[3, 1]), ["1", "2"]);
        assert_eq!(ids(&[1, 6, 6, 5]), ["1", "1.1", "1.2", "1.3"]);
    }

    #[test]
    fn parents() {
        let n = build(&[1, 2, 3, 2]);
        assert_eq!(n[2].parent_id.as_deref(), Some("1.1"));
        assert_eq!(n[3].parent_id.as_deref(), Some("1"));
        assert_eq!(n[0].parent_id, None);
    }

    proptest::proptest! {
        #[test]
        fn paths_unique_and_never_skip(levels in proptest::collection::vec(1u8..=6, 0..60)) {
            let nodes = build(&levels);
            let mut seen = std::collections::HashSet::new();
            let mut prev_depth = 0;
            for n in &nodes {
                proptest::prop_assert!(seen.insert(n.section_id.clone()));
                proptest::prop_assert!(n.depth <= prev_depth + 1);
                proptest::prop_assert_eq!(n.section_id.split('.').count() as u32, n.depth);
                if let Some(p) = &n.parent_id {
                    proptest::prop_assert!(seen.contains(p));
                    let prefix = format!("{p}.");
                    proptest::prop_assert!(n.section_id.starts_with(&prefix));
                }
                prev_depth = n.depth;
            }
        }
    }
}
