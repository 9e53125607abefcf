//! An interrupt stops the OCR commands that start after it, not only those running when it
//! came (a Ctrl-C that lands while a run is still reading text finds no command to kill).
//! A test binary of its own: after the interrupt, no OCR command starts in this process.
#![cfg(feature = "pdf")]

use docsweep::analyze::analyze_bytes;
use docsweep::config::Config;
use std::path::Path;

#[test]
fn no_ocr_command_starts_after_an_interrupt() {
    let scan = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pdf/bad/scanned-no-text.pdf");
    let bytes = std::fs::read(&scan).unwrap();
    let mut cfg = Config::default();
    cfg.pdf.ocr_command = ["sh", "-c", "sleep 60; echo late {image}"]
        .map(String::from)
        .to_vec();
    cfg.pdf.ocr_dpi = 100;
    cfg.pdf.max_seconds = 0.0;
    cfg.check().unwrap();
    docsweep::extract::pdf::stop_ocr_commands();
    let started = std::time::Instant::now();
    let a = analyze_bytes("scan.pdf", &bytes, &cfg);
    let took = started.elapsed().as_secs_f64();
    assert!(
        took < 30.0,
        "the OCR command ran {took:.0} s after the interrupt"
    );
    if let Ok(a) = a {
        assert!(!a.canonical.contains("late"), "{}", a.canonical);
    }
}
