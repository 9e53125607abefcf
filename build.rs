//! Names this build of docsweep by what it is made from, for the manifest's `tool_version`
//! (`0.1.0+<16 hex>`): `--previous` reuses rows only from an index of the same build, and
//! `diff` and sharded runs trust unchanged documents only under it. A change to the analysis
//! that leaves the crate's version number alone would otherwise carry yesterday's rows into
//! today's index. The name is FNV-1a-64 over the files that make the program (every file
//! under `src/`, `Cargo.toml`, `Cargo.lock`, this file, by path and content, in path order)
//! and the cargo features enabled. No timestamp and no absolute path enter it, so a clean
//! clone of the same commit names the same build.
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap());
    let mut list = Vec::new();
    files(&root.join("src"), &mut list);
    for f in ["Cargo.toml", "Cargo.lock", "build.rs"] {
        list.push(root.join(f));
    }
    let mut rel: Vec<(String, PathBuf)> = list
        .into_iter()
        .map(|p| {
            let r = p
                .strip_prefix(&root)
                .unwrap_or(&p)
                .to_string_lossy()
                .replace('\\', "/");
            (r, p)
        })
        .collect();
    rel.sort();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        // A separator, so that moving bytes between fields changes the name.
        h ^= 0xff;
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    for (r, p) in &rel {
        eat(r.as_bytes());
        eat(&std::fs::read(p).unwrap_or_default());
    }
    let mut features: Vec<String> = std::env::vars()
        .filter_map(|(k, _)| k.strip_prefix("CARGO_FEATURE_").map(str::to_lowercase))
        .collect();
    features.sort();
    eat(features.join(",").as_bytes());
    println!("cargo:rustc-env=DOCSWEEP_BUILD={h:016x}");
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=Cargo.toml");
    println!("cargo:rerun-if-changed=Cargo.lock");
    println!("cargo:rerun-if-changed=build.rs");
}
