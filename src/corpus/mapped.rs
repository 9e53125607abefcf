//! Memory-mapped corpus files, and the files of an index read by `--previous`, that another
//! process may cut short during a run (a sync writing into the lake while the nightly index
//! reads it; last night's index removed or rewritten). Reading a mapped page past a file's new end
//! raises `SIGBUS`, which would end the run without a word. Every live mapping is registered
//! here; a `SIGBUS` handler that finds the faulting address inside one maps zero pages over the
//! rest of it and marks it cut, so the read goes on over zeros and the document is reported as
//! changed while it was read. A fault anywhere else keeps the default action.
//!
//! Written by hand because the crates that map files (memmap2) leave this hazard to the
//! caller, and the handler must only touch atomics and make one system call.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Once;

/// Mappings live at once: one per worker thread at most, with room to spare. A mapping that
/// finds every slot taken is not kept (the file is read instead).
const SLOTS: usize = 256;

struct Slot {
    /// First byte of the mapping (0: the slot is free).
    start: AtomicUsize,
    /// One past its last byte (0 while being claimed or released).
    end: AtomicUsize,
    /// Odd while `start` and `end` change: the handler reads the pair only between two equal
    /// even values, so it never takes the start of one mapping with the end of the next.
    generation: AtomicUsize,
    cut: AtomicBool,
}

#[allow(clippy::declare_interior_mutable_const)]
const FREE: Slot = Slot {
    start: AtomicUsize::new(0),
    end: AtomicUsize::new(0),
    generation: AtomicUsize::new(0),
    cut: AtomicBool::new(false),
};
static SLOT: [Slot; SLOTS] = [FREE; SLOTS];
static PAGE: AtomicUsize = AtomicUsize::new(4096);
static INSTALL: Once = Once::new();
static INSTALLED: AtomicBool = AtomicBool::new(false);
/// The `SIGBUS` disposition before ours, restored for a fault that is not ours.
static mut PREVIOUS: Option<libc::sigaction> = None;

/// A read-only mapping of a corpus file, registered for the `SIGBUS` handler while it lives.
pub struct Mapped {
    map: memmap2::Mmap,
    file: std::fs::File,
    slot: usize,
}

impl Mapped {
    /// Registers `map` of `file`; gives it back when the handler cannot be installed or no
    /// slot is free.
    pub fn new(
        map: memmap2::Mmap,
        file: std::fs::File,
    ) -> Result<Mapped, (memmap2::Mmap, std::fs::File)> {
        INSTALL.call_once(install);
        let start = map.as_ptr() as usize;
        if !INSTALLED.load(Ordering::Acquire) || start == 0 || map.is_empty() {
            return Err((map, file));
        }
        for (i, s) in SLOT.iter().enumerate() {
            if s.start
                .compare_exchange(0, start, Ordering::AcqRel, Ordering::Relaxed)
                .is_ok()
            {
                s.generation.fetch_add(1, Ordering::AcqRel);
                s.cut.store(false, Ordering::Release);
                s.end.store(start + map.len(), Ordering::Release);
                s.generation.fetch_add(1, Ordering::AcqRel);
                return Ok(Mapped { map, file, slot: i });
            }
        }
        Err((map, file))
    }

    /// The file was cut short while mapped: the bytes past its new end read as zeros (a cut
    /// inside the last page raises no fault, so the file's length is asked too).
    pub fn cut(&self) -> bool {
        SLOT[self.slot].cut.load(Ordering::Acquire)
            || self
                .file
                .metadata()
                .map_or(true, |m| m.len() < self.map.len() as u64)
    }
}

impl std::ops::Deref for Mapped {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.map
    }
}

impl AsRef<[u8]> for Mapped {
    fn as_ref(&self) -> &[u8] {
        &self.map
    }
}

impl Drop for Mapped {
    fn drop(&mut self) {
        // Released before the map is (the field drops after this): no fault can come from a
        // mapping that is gone.
        let s = &SLOT[self.slot];
        s.generation.fetch_add(1, Ordering::AcqRel);
        s.end.store(0, Ordering::Release);
        s.start.store(0, Ordering::Release);
        s.generation.fetch_add(1, Ordering::AcqRel);
    }
}

fn install() {
    // SAFETY: sysconf and sigaction are called with valid arguments; the handler only reads
    // atomics and calls mmap and sigaction, which are system calls.
    unsafe {
        let page = libc::sysconf(libc::_SC_PAGESIZE);
        if page > 0 {
            PAGE.store(page as usize, Ordering::Relaxed);
        }
        let mut sa: libc::sigaction = std::mem::zeroed();
        sa.sa_sigaction = on_sigbus as *const () as usize;
        sa.sa_flags = libc::SA_SIGINFO;
        libc::sigemptyset(&mut sa.sa_mask);
        let mut old: libc::sigaction = std::mem::zeroed();
        if libc::sigaction(libc::SIGBUS, &sa, &mut old) == 0 {
            // Written once, before any mapping is registered (so before the handler can
            // use it), under the `Once`.
            PREVIOUS = Some(old);
            INSTALLED.store(true, Ordering::Release);
        }
    }
}

extern "C" fn on_sigbus(_sig: libc::c_int, info: *mut libc::siginfo_t, _ctx: *mut libc::c_void) {
    // SAFETY: the kernel passes a valid siginfo for SA_SIGINFO handlers.
    let (code, addr) = unsafe { ((*info).si_code, (*info).si_addr() as usize) };
    let page = PAGE.load(Ordering::Relaxed);
    // A fault (si_code > 0) has an address; a signal sent by a process has none.
    for s in SLOT.iter().filter(|_| code > 0) {
        let g = s.generation.load(Ordering::Acquire);
        let start = s.start.load(Ordering::Acquire);
        let end = s.end.load(Ordering::Acquire);
        if g % 2 == 1 || s.generation.load(Ordering::Acquire) != g {
            continue;
        }
        if start != 0 && start <= addr && addr < end {
            let from = addr & !(page - 1);
            // SAFETY: the range lies inside a live read-only mapping of ours; zero pages
            // replace the pages past the file's end, which the map's drop unmaps as before.
            let p = unsafe {
                libc::mmap(
                    from as *mut libc::c_void,
                    end - from,
                    libc::PROT_READ,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED,
                    -1,
                    0,
                )
            };
            if p != libc::MAP_FAILED {
                s.cut.store(true, Ordering::Release);
                return;
            }
        }
    }
    // Not a corpus file: the disposition before ours (the default: the process ends), which
    // acts when the fault comes again on return; a signal sent by a process is left alone.
    if code <= 0 {
        return;
    }
    // SAFETY: setting a signal's disposition is async-signal-safe; `PREVIOUS` was written
    // before any mapping was registered and is only read here.
    unsafe {
        match *std::ptr::addr_of!(PREVIOUS) {
            Some(old) => {
                libc::sigaction(libc::SIGBUS, &old, std::ptr::null_mut());
            }
            None => {
                libc::signal(libc::SIGBUS, libc::SIG_DFL);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A file cut short while mapped reads as zeros past its new end and says it was cut;
    /// one left alone reads as written.
    #[test]
    fn a_file_cut_while_mapped_reads_zeros_and_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("doc.txt");
        let mut f = std::fs::File::create(&p).unwrap();
        let body = vec![b'x'; 1 << 20];
        f.write_all(&body).unwrap();
        f.sync_all().unwrap();
        let file = std::fs::File::open(&p).unwrap();
        // SAFETY: the test owns the file; cutting it short is what is tested.
        let map = unsafe { memmap2::Mmap::map(&file).unwrap() };
        let m = Mapped::new(map, file).unwrap_or_else(|_| panic!("not registered"));
        assert_eq!(m[..16], [b'x'; 16]);
        assert!(!m.cut());
        std::fs::OpenOptions::new()
            .write(true)
            .open(&p)
            .unwrap()
            .set_len(4096)
            .unwrap();
        let tail: u64 = m[8192..].iter().map(|&b| u64::from(b)).sum();
        assert_eq!(tail, 0);
        assert!(m.cut());
        assert_eq!(m[..16], [b'x'; 16]);
        drop(m);
        let file = std::fs::File::open(&p).unwrap();
        // SAFETY: as above.
        let map = unsafe { memmap2::Mmap::map(&file).unwrap() };
        let m = Mapped::new(map, file).unwrap_or_else(|_| panic!("not registered"));
        assert!(!m.cut() && m.len() == 4096);
        // Cut inside its last page: no fault, zeros; the length tells.
        std::fs::OpenOptions::new()
            .write(true)
            .open(&p)
            .unwrap()
            .set_len(4000)
            .unwrap();
        assert_eq!(m[4000..].iter().map(|&b| u64::from(b)).sum::<u64>(), 0);
        assert!(m.cut());
    }
}
