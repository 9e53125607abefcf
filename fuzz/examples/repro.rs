//! repro <rel_path like f.md> <file> [reps...]: runs analysis (with invariant checks) on the
//! file, or on the file concatenated with itself `rep` times, and prints wall time.
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = &args[1];
    let data = std::fs::read(&args[2]).unwrap();
    let reps: Vec<usize> = if args.len() > 3 {
        args[3..].iter().map(|s| s.parse().unwrap()).collect()
    } else {
        vec![1]
    };
    for k in reps {
        let d: Vec<u8> = data.repeat(k);
        let t = Instant::now();
        let res = std::panic::catch_unwind(|| docsweep_fuzz::analyze(name, &d));
        let el = t.elapsed();
        match res {
            Err(_) => println!("x{k}\t{} bytes\t{:.3}s\tPANIC", d.len(), el.as_secs_f64()),
            Ok(r) => {
                let chk = docsweep_fuzz::check(&r, &d);
                if std::env::var_os("DUMP").is_some() {
                    println!("canonical={:?}", r.canonical);
                    for (row, b) in r.blocks.iter().zip(&r.extracted) {
                        println!(
                            "block {} {:?} {}..{} src {:?}..{:?} sec={} text={:?} heading={:?}",
                            row.seq,
                            b.kind,
                            b.off_begin,
                            b.off_end,
                            b.src_begin,
                            b.src_end,
                            row.section,
                            &r.canonical[b.off_begin..b.off_end],
                            b.heading.as_ref().map(|h| (h.level, h.source))
                        );
                    }
                    for s in &r.sections {
                        println!(
                            "section {} span={:?} anchor={:?} depth={}",
                            s.section.section_id, s.section.span, s.section.anchor, s.section.depth
                        );
                    }
                    for c in &r.chunks {
                        println!(
                            "chunk {} {}..{} blocks {}..={} src {:?} tokens {}",
                            c.chunk_id,
                            c.chunk.off_begin,
                            c.chunk.off_end,
                            c.chunk.first_block,
                            c.chunk.last_block,
                            c.src,
                            c.chunk.tokens
                        );
                    }
                }
                println!("x{k}\t{} bytes\t{:.3}s\tstatus={} blocks={} sections={} chunks={} reason={:?}\tcheck={:?}",
                    d.len(), el.as_secs_f64(), r.document.status, r.blocks.len(), r.sections.len(), r.chunks.len(),
                    r.document.reason.as_deref().map(|s| &s[..s.len().min(100)]), chk);
            }
        }
    }
}
