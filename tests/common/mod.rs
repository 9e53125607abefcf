//! What the whole-run test files share.

use std::path::Path;

/// 400 Markdown files of 40 sections each (about 19 MB): a run over them is still
/// going when a test interrupts or kills it.
pub fn big_corpus(dir: &Path) {
    let para = "The nightly reindex walks the lake, finds every heading and cuts chunks that cite their evidence. ";
    for i in 0..400 {
        let mut s = String::new();
        for j in 0..40 {
            s.push_str(&format!("## Section {j}\n\n{}\n\n", para.repeat(12)));
        }
        std::fs::write(dir.join(format!("doc-{i:04}.md")), s).unwrap();
    }
}
