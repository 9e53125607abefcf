use mupdf::{Document, TextPageFlags};
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let doc = Document::from_bytes(&bytes, "application/pdf").unwrap();
    let n = doc.page_count().unwrap();
    let want: i32 = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(0);
    let t = std::time::Instant::now();
    let mut chars = 0;
    for p in 0..n {
        let page = doc.load_page(p).unwrap();
        let tp = page.to_text_page(TextPageFlags::empty()).unwrap();
        for b in tp.blocks() {
            for l in b.lines() {
                let mut s = String::new();
                let mut info = String::new();
                for (i, c) in l.chars().enumerate() {
                    chars += 1;
                    s.push(c.char().unwrap_or('?'));
                    if i == 0 && p == want {
                        let f = c.font().unwrap();
                        info = format!(
                            "size={:.1} flags={:?} bold={} mono={} font={} o=({:.0},{:.0})",
                            c.size(),
                            c.flags(),
                            f.is_bold(),
                            f.is_monospaced(),
                            f.name(),
                            c.origin().x,
                            c.origin().y
                        );
                    }
                }
                if p == want {
                    println!("{:?} {}  | {}", l.bounds(), s, info);
                }
            }
        }
    }
    eprintln!("{} pages {} chars in {:?}", n, chars, t.elapsed());
}
