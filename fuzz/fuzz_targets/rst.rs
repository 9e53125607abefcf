#![no_main]
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    docsweep_fuzz::run("f.rst", data);
});
