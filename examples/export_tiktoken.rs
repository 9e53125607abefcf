//! Writes the cl100k_base vocabulary that docsweep tokenizes with (the `bpe_openai` tables
//! compiled into the binary) in tiktoken's `.tiktoken` file format: one line per token id, in
//! id order, `base64(token bytes) SPACE id NEWLINE`. scripts/bench_peers.sh places the file in
//! tiktoken's cache so that the Python peers tokenize offline with the very same vocabulary.
//!
//! Usage: cargo run --release --example export_tiktoken -- OUT_FILE   (`-` for stdout)

use std::io::{BufWriter, Write};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 (RFC 4648 alphabet) with `=` padding, appended to `out`.
fn base64(bytes: &[u8], out: &mut Vec<u8>) {
    for group in bytes.chunks(3) {
        let b = [
            group[0],
            *group.get(1).unwrap_or(&0),
            *group.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= group.len() {
                out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]);
            } else {
                out.push(b'=');
            }
        }
    }
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path] = args.as_slice() else {
        eprintln!("usage: export_tiktoken OUT_FILE   (- for stdout)");
        std::process::exit(2);
    };
    let bpe = &bpe_openai::cl100k_base().bpe;
    let mut text = Vec::with_capacity(bpe.num_tokens() * 16);
    for id in 0..bpe.num_tokens() {
        base64(bpe.token_bytes(id as u32), &mut text);
        text.push(b' ');
        text.extend_from_slice(id.to_string().as_bytes());
        text.push(b'\n');
    }
    if path == "-" {
        let mut out = BufWriter::new(std::io::stdout().lock());
        out.write_all(&text)?;
        out.flush()
    } else {
        std::fs::write(path, &text)
    }
}

#[cfg(test)]
mod tests {
    use super::base64;

    #[test]
    fn rfc4648_vectors() {
        for (input, want) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            let mut out = Vec::new();
            base64(input.as_bytes(), &mut out);
            assert_eq!(String::from_utf8(out).unwrap(), want, "base64({input:?})");
        }
    }
}
