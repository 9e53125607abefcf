//! The few MuPDF calls the PDF extractor needs, through `mupdf-sys`, with one MuPDF context of
//! its own per thread.
//!
//! Why not the `mupdf` crate: it clones every thread's context from one base context, and
//! cloned contexts share MuPDF's locks, so every allocation MuPDF makes on any thread takes the
//! same process-wide mutex; two threads were no faster than one. A context made here is only
//! ever used by the thread that made it (it lives in a thread-local) and shares one lock with
//! the others, `FZ_LOCK_FREETYPE`, which guards the one piece of state MuPDF keeps for the
//! whole process (the JPEG 2000 decoder's context); its other locks are no-ops. The crate also
//! panics on a font name that is not UTF-8; here names are read lossily.
//!
//! MuPDF reports errors by `longjmp`: every call that can throw goes through `mupdf-sys`'s
//! `mupdf_*` wrappers, which catch it and hand back an error. The calls made directly
//! (`fz_font_*`, `fz_drop_*`, walking the structured-text lists) do not throw; the two
//! allocations made directly (`fz_new_buffer_from_shared_data`, registering the document
//! handlers) throw only when memory runs out.

use mupdf_sys as sys;
use std::cell::Cell;
use std::collections::HashSet;
use std::ffi::{c_char, c_void, CStr};
use std::marker::PhantomData;
use std::ptr::{self, NonNull};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::time::Instant;

/// Resource cache (fonts, decoded streams) of each thread's context. MuPDF's default is 256 MiB
/// for a whole process; text extraction needs fonts only, and there is one cache per thread.
const STORE_BYTES: usize = 64 << 20;

/// The MuPDF release `mupdf-sys` =0.8.0 bundles; a context is refused for any other.
const FZ_VERSION: &CStr = c"1.27.2";

struct Ctx(NonNull<sys::fz_context>, Box<Budget>);

impl Drop for Ctx {
    fn drop(&mut self) {
        // SAFETY: the context was made by `fz_new_context_imp` on this thread and every
        // object made with it is dropped before the thread ends (they borrow it). The budget
        // it allocates through is dropped after it (fields drop after this).
        unsafe { sys::fz_drop_context(self.0.as_ptr()) }
    }
}

thread_local! {
    static CTX: Option<Ctx> = new_ctx();
}

/// What one thread's MuPDF allocations may add up to. MuPDF holds a page's whole structured
/// text in memory: a page of millions of text operators in a file of a few hundred KiB would
/// take gigabytes. Past the limit an allocation fails (after MuPDF has emptied its cache),
/// MuPDF throws, and the page is reported instead.
///
/// Atomics, not cells: MuPDF's JPEG 2000 decoder allocates through one process-wide context
/// that whichever thread decodes last has set, so another thread may count here.
struct Budget {
    used: AtomicUsize,
    limit: AtomicUsize,
    /// The limit holds only while a page is run (through a wrapper that catches MuPDF's
    /// exceptions): the calls made directly must not see an allocation fail.
    armed: AtomicBool,
    /// An allocation was refused since the limit was last set to hold.
    refused: AtomicBool,
    /// The watchdog stopped the page being run: every allocation is refused until the next
    /// run. MuPDF reads the run's cookie only between a page's operators, and a Type3 font's
    /// glyph procedure, run again for every glyph one operator shows, kept a 32 KB file's
    /// page inside one operator for an hour.
    expired: AtomicBool,
}

impl Budget {
    fn grant(&self, old: usize, new: usize) -> bool {
        if !self.armed.load(Ordering::Relaxed) {
            return true;
        }
        let used = self.used.load(Ordering::Relaxed);
        let ok = !self.expired.load(Ordering::Relaxed)
            && (used - old.min(used)).saturating_add(new) <= self.limit.load(Ordering::Relaxed);
        if !ok {
            self.refused.store(true, Ordering::Relaxed);
        }
        ok
    }

    fn add(&self, n: usize) {
        let _ = self
            .used
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |u| {
                Some(u.saturating_add(n))
            });
    }

    fn sub(&self, n: usize) {
        let _ = self
            .used
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |u| {
                Some(u.saturating_sub(n))
            });
    }
}

// SAFETY (all three): `user` is the thread's `Budget`, which outlives its context; the
// context is used by this thread alone. Sizes are counted as the C allocator gives them.
unsafe extern "C" fn budget_malloc(user: *mut c_void, size: usize) -> *mut c_void {
    let b = &*(user as *const Budget);
    if !b.grant(0, size) {
        return ptr::null_mut();
    }
    let p = libc::malloc(size);
    if !p.is_null() {
        b.add(libc::malloc_usable_size(p));
    }
    p
}

unsafe extern "C" fn budget_realloc(
    user: *mut c_void,
    old: *mut c_void,
    size: usize,
) -> *mut c_void {
    let b = &*(user as *const Budget);
    let had = if old.is_null() {
        0
    } else {
        libc::malloc_usable_size(old)
    };
    if !b.grant(had, size) {
        return ptr::null_mut();
    }
    let p = libc::realloc(old, size);
    if !p.is_null() {
        b.sub(had);
        b.add(libc::malloc_usable_size(p));
    }
    p
}

unsafe extern "C" fn budget_free(user: *mut c_void, p: *mut c_void) {
    if p.is_null() {
        return;
    }
    let b = &*(user as *const Budget);
    b.sub(libc::malloc_usable_size(p));
    libc::free(p);
}

/// One process-wide lock for MuPDF's `FZ_LOCK_FREETYPE`, which also guards the JPEG 2000
/// decoder's process-wide context (`fz_opj_secret`: two threads decoding JPX images at once with
/// lockless contexts would swap each other's allocator mid-decode). The other locks guard
/// what a context shares with its clones, and these contexts have none: they stay no-ops.
static mut FREETYPE: libc::pthread_mutex_t = libc::PTHREAD_MUTEX_INITIALIZER;

unsafe extern "C" fn mupdf_lock(_user: *mut c_void, lock: libc::c_int) {
    if lock == sys::FZ_LOCK_FREETYPE as libc::c_int {
        libc::pthread_mutex_lock(std::ptr::addr_of_mut!(FREETYPE));
    }
}

unsafe extern "C" fn mupdf_unlock(_user: *mut c_void, lock: libc::c_int) {
    if lock == sys::FZ_LOCK_FREETYPE as libc::c_int {
        libc::pthread_mutex_unlock(std::ptr::addr_of_mut!(FREETYPE));
    }
}

fn new_ctx() -> Option<Ctx> {
    let budget = Box::new(Budget {
        used: AtomicUsize::new(0),
        limit: AtomicUsize::new(usize::MAX),
        armed: AtomicBool::new(false),
        refused: AtomicBool::new(false),
        expired: AtomicBool::new(false),
    });
    let alloc = sys::fz_alloc_context {
        user: &*budget as *const Budget as *mut c_void,
        malloc: Some(budget_malloc),
        realloc: Some(budget_realloc),
        free: Some(budget_free),
    };
    let locks = sys::fz_locks_context {
        user: ptr::null_mut(),
        lock: Some(mupdf_lock),
        unlock: Some(mupdf_unlock),
    };
    // SAFETY: a context used by one thread, with the one lock contexts share; MuPDF copies
    // `alloc` and `locks`, and `alloc`'s `user` (the budget) lives as long as the context.
    let ctx = unsafe { sys::fz_new_context_imp(&alloc, &locks, STORE_BYTES, FZ_VERSION.as_ptr()) };
    let ctx = NonNull::new(ctx)?;
    // SAFETY: a fresh context; these only set fields, and registering the handlers throws
    // only when memory runs out.
    unsafe {
        sys::fz_set_warning_callback(ctx.as_ptr(), None, ptr::null_mut());
        sys::fz_set_error_callback(ctx.as_ptr(), None, ptr::null_mut());
        sys::fz_register_document_handlers(ctx.as_ptr());
    }
    Some(Ctx(ctx, budget))
}

/// Sets how much memory this thread's MuPDF allocations may add up to (see [`Budget`]).
pub fn set_memory_limit(bytes: usize) {
    CTX.with(|c| {
        if let Some(c) = c {
            c.1.limit.store(bytes, Ordering::Relaxed);
        }
    });
}

/// Holds this thread's MuPDF allocations to the memory limit (`on`) or not; returns whether
/// an allocation was refused since the limit was last set to hold, when `on` is false.
fn hold_to_limit(on: bool) -> bool {
    CTX.with(|c| {
        c.as_ref().is_some_and(|c| {
            c.1.expired.store(false, Ordering::Relaxed);
            c.1.armed.store(on, Ordering::Relaxed);
            c.1.refused.swap(false, Ordering::Relaxed) && !on
        })
    })
}

/// Pages run with a deadline: MuPDF reads its cookie's `abort` between operators, and the
/// watchdog thread sets it once the deadline has passed, so that one page (forms drawing one
/// another a billion times) cannot hold a document past `pdf.max_seconds`.
static WATCHED: std::sync::Mutex<Vec<(usize, Instant, usize)>> = std::sync::Mutex::new(Vec::new());
static WATCHDOG: std::sync::Once = std::sync::Once::new();

fn watchdog() {
    loop {
        std::thread::sleep(std::time::Duration::from_millis(20));
        let now = Instant::now();
        let watched = WATCHED.lock().unwrap_or_else(|e| e.into_inner());
        for &(cookie, deadline, budget) in watched.iter() {
            if now >= deadline {
                // SAFETY: a cookie stays registered only while it is alive (its run
                // unregisters it under this lock); `abort` is its first field, an `int`
                // that MuPDF reads between operators. The budget is its thread's, which
                // lives while the thread does, and the thread is in that run.
                unsafe { AtomicI32::from_ptr(cookie as *mut i32) }.store(1, Ordering::Relaxed);
                if budget != 0 {
                    unsafe { &*(budget as *const Budget) }
                        .expired
                        .store(true, Ordering::Relaxed);
                }
            }
        }
    }
}

/// The key a cookie is registered under in [`WATCHED`].
fn cookie_key(c: &sys::fz_cookie) -> usize {
    c as *const sys::fz_cookie as usize
}

/// A run's cookie while it is registered with the watchdog. Dropping it, also when the run
/// unwinds, takes the cookie off the watchdog's list before its memory is freed (the watchdog
/// would write to it) and stops holding the thread's allocations to the limit.
struct Watch {
    cookie: Option<Box<sys::fz_cookie>>,
    held: bool,
}

impl Watch {
    /// Holds this thread's allocations to the memory limit until [`Watch::unhold`].
    fn hold(&mut self) {
        hold_to_limit(true);
        self.held = true;
    }

    /// Stops holding; whether an allocation was refused meanwhile.
    fn unhold(&mut self) -> bool {
        self.held = false;
        hold_to_limit(false)
    }

    /// Takes the cookie off the watchdog's list and hands it back.
    fn release(&mut self) -> Option<Box<sys::fz_cookie>> {
        let c = self.cookie.take()?;
        WATCHED
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|w| w.0 != cookie_key(&c));
        Some(c)
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        if self.held {
            self.unhold();
        }
        self.release();
    }
}

/// Runs `f` with this thread's context.
fn with_ctx<T>(f: impl FnOnce(*mut sys::fz_context) -> Result<T, String>) -> Result<T, String> {
    CTX.with(|c| match c {
        Some(c) => f(c.0.as_ptr()),
        None => Err(format!(
            "MuPDF {} could not start (out of memory?)",
            FZ_VERSION.to_string_lossy()
        )),
    })
}

/// The message of a MuPDF error, which is freed.
fn take_error(err: *mut sys::mupdf_error_t) -> String {
    // SAFETY: `err` came from a `mupdf_*` wrapper: a live error with a C string message.
    unsafe {
        let msg = if (*err).message.is_null() {
            "unknown MuPDF error".to_string()
        } else {
            CStr::from_ptr((*err).message)
                .to_string_lossy()
                .into_owned()
        };
        sys::mupdf_drop_error(err);
        msg
    }
}

/// Calls a `mupdf_*` wrapper with an error slot; its error becomes `Err(message)`.
macro_rules! call {
    ($f:ident($($arg:expr),*)) => {{
        let mut err: *mut sys::mupdf_error_t = ptr::null_mut();
        // SAFETY: the wrapper catches MuPDF's exceptions and reports them in `err`.
        let r = unsafe { sys::$f($($arg,)* &mut err) };
        if err.is_null() { Ok(r) } else { Err(take_error(err)) }
    }};
}

type FillPath = unsafe extern "C" fn(
    *mut sys::fz_context,
    *mut sys::fz_device,
    *const sys::fz_path,
    std::ffi::c_int,
    sys::fz_matrix,
    *mut sys::fz_colorspace,
    *const f32,
    f32,
    sys::fz_color_params,
);
type StrokePath = unsafe extern "C" fn(
    *mut sys::fz_context,
    *mut sys::fz_device,
    *const sys::fz_path,
    *const sys::fz_stroke_state,
    sys::fz_matrix,
    *mut sys::fz_colorspace,
    *const f32,
    f32,
    sys::fz_color_params,
);

/// The text device's own path callbacks (one pair for every text device).
static TEXT_FILL: std::sync::OnceLock<FillPath> = std::sync::OnceLock::new();
static TEXT_STROKE: std::sync::OnceLock<StrokePath> = std::sync::OnceLock::new();

/// Routes the text device's drawings through [`fill_ended`] and [`stroke_ended`].
///
/// MuPDF's text device (`add_vectors_from_path` in `stext-device.c`) decides whether a path
/// left anything over to record before it looks at the path's last subpath, so a drawing whose
/// last subpath is open and no rectangle (a chart's curve, a slanted line drawn on its own) is
/// never recorded and never makes a figure. Ending such a path with a `moveto` makes the device
/// look at that subpath in time; closed paths and rectangles are handed on as they are.
///
/// # Safety
/// `dev` is a live text device made by `mupdf_new_stext_device`.
unsafe fn end_open_paths(dev: *mut sys::fz_device) {
    // SAFETY: per the contract, `dev` is a live device.
    unsafe {
        if let Some(f) = (*dev).fill_path {
            TEXT_FILL.get_or_init(|| f);
            (*dev).fill_path = Some(fill_ended);
        }
        if let Some(f) = (*dev).stroke_path {
            TEXT_STROKE.get_or_init(|| f);
            (*dev).stroke_path = Some(stroke_ended);
        }
    }
}

/// The last subpath of a path, as [`ended_path`] walks it.
#[derive(Default)]
struct LastSubpath {
    /// Drawn since its `moveto`, with no `closepath` or rectangle after.
    open: bool,
    /// Its segments, a curve counting two.
    segments: u32,
    /// Its one segment runs along an axis (a rule: the device records that as a rectangle).
    rule: bool,
    at: (f32, f32),
}

/// A copy of `path` ending in a `moveto`, when its last subpath is open (a line or curve drawn
/// since the last `moveto`, no `closepath` or rectangle after it) and not a rule along an
/// axis; null otherwise, or when MuPDF could not make the copy. The caller drops it.
///
/// # Safety
/// `path` is a live path of `ctx`.
unsafe fn ended_path(ctx: *mut sys::fz_context, path: *const sys::fz_path) -> *mut sys::fz_path {
    /// # Safety
    /// `arg` is the `LastSubpath` that `ended_path` walks with.
    unsafe fn last<'a>(arg: *mut c_void) -> &'a mut LastSubpath {
        // SAFETY: per the contract.
        unsafe { &mut *(arg as *mut LastSubpath) }
    }
    unsafe extern "C" fn start(_: *mut sys::fz_context, arg: *mut c_void, x: f32, y: f32) {
        // SAFETY: the walker's argument is `ended_path`'s `LastSubpath`.
        *unsafe { last(arg) } = LastSubpath {
            at: (x, y),
            ..LastSubpath::default()
        };
    }
    unsafe extern "C" fn line(_: *mut sys::fz_context, arg: *mut c_void, x: f32, y: f32) {
        // SAFETY: as in `start`.
        let l = unsafe { last(arg) };
        l.segments += 1;
        l.rule = l.segments == 1 && (x == l.at.0 || y == l.at.1);
        l.open = true;
        l.at = (x, y);
    }
    #[allow(clippy::too_many_arguments)]
    unsafe extern "C" fn curve(
        _: *mut sys::fz_context,
        arg: *mut c_void,
        _: f32,
        _: f32,
        _: f32,
        _: f32,
        x: f32,
        y: f32,
    ) {
        // SAFETY: as in `start`.
        let l = unsafe { last(arg) };
        l.segments += 2;
        l.rule = false;
        l.open = true;
        l.at = (x, y);
    }
    unsafe extern "C" fn close(_: *mut sys::fz_context, arg: *mut c_void) {
        // SAFETY: as in `start`.
        unsafe { last(arg) }.open = false;
    }
    unsafe extern "C" fn rect(
        _: *mut sys::fz_context,
        arg: *mut c_void,
        _: f32,
        _: f32,
        _: f32,
        _: f32,
    ) {
        // SAFETY: as in `start`.
        unsafe { last(arg) }.open = false;
    }
    const WALKER: sys::fz_path_walker = sys::fz_path_walker {
        moveto: Some(start),
        lineto: Some(line),
        curveto: Some(curve),
        closepath: Some(close),
        quadto: None,
        curvetov: None,
        curvetoy: None,
        rectto: Some(rect),
    };
    let mut walked = LastSubpath::default();
    // SAFETY: the walker's callbacks only update `walked` and throw nothing, so neither does
    // the walk; the copy and the `moveto` go through the wrappers that catch MuPDF's
    // exceptions.
    unsafe {
        sys::fz_walk_path(
            ctx,
            path,
            &WALKER,
            &mut walked as *mut LastSubpath as *mut c_void,
        );
        if !walked.open || walked.rule {
            return ptr::null_mut();
        }
        let mut err: *mut sys::mupdf_error_t = ptr::null_mut();
        let copy = sys::mupdf_clone_path(ctx, path as *mut sys::fz_path, &mut err);
        if !err.is_null() || copy.is_null() {
            if !err.is_null() {
                sys::mupdf_drop_error(err);
            }
            return ptr::null_mut();
        }
        let at = sys::fz_currentpoint(ctx, copy);
        sys::mupdf_moveto(ctx, copy, at.x, at.y, &mut err);
        if !err.is_null() {
            sys::mupdf_drop_error(err);
            sys::fz_drop_path(ctx, copy);
            return ptr::null_mut();
        }
        copy
    }
}

/// The text device's `fill_path`, given [`ended_path`]'s copy where there is one.
#[allow(clippy::too_many_arguments)]
unsafe extern "C" fn fill_ended(
    ctx: *mut sys::fz_context,
    dev: *mut sys::fz_device,
    path: *const sys::fz_path,
    even_odd: std::ffi::c_int,
    ctm: sys::fz_matrix,
    cs: *mut sys::fz_colorspace,
    color: *const f32,
    alpha: f32,
    cp: sys::fz_color_params,
) {
    // SAFETY: MuPDF calls this with live arguments, as it would the text device's own
    // callback, which is set before this one is (`end_open_paths`); the closure holds only
    // those arguments, nothing with a destructor.
    unsafe {
        if let Some(&own) = TEXT_FILL.get() {
            with_ended(ctx, path, |p| {
                own(ctx, dev, p, even_odd, ctm, cs, color, alpha, cp)
            });
        }
    }
}

/// Calls `draw` with [`ended_path`]'s copy of `path` where there is one, else with `path`,
/// and drops the copy after.
///
/// # Safety
/// `path` is a live path of `ctx`; `draw` holds nothing with a destructor (an exception
/// thrown inside it passes through this frame, and the copy is then not dropped).
unsafe fn with_ended(
    ctx: *mut sys::fz_context,
    path: *const sys::fz_path,
    draw: impl FnOnce(*const sys::fz_path),
) {
    // SAFETY: per the contract; the copy is ours to drop.
    unsafe {
        let copy = ended_path(ctx, path);
        draw(if copy.is_null() { path } else { copy });
        if !copy.is_null() {
            sys::fz_drop_path(ctx, copy);
        }
    }
}

/// The text device's `stroke_path`, given [`ended_path`]'s copy where there is one.
#[allow(clippy::too_many_arguments)]
unsafe extern "C" fn stroke_ended(
    ctx: *mut sys::fz_context,
    dev: *mut sys::fz_device,
    path: *const sys::fz_path,
    stroke: *const sys::fz_stroke_state,
    ctm: sys::fz_matrix,
    cs: *mut sys::fz_colorspace,
    color: *const f32,
    alpha: f32,
    cp: sys::fz_color_params,
) {
    // SAFETY: as in `fill_ended`.
    unsafe {
        if let Some(&own) = TEXT_STROKE.get() {
            with_ended(ctx, path, |p| {
                own(ctx, dev, p, stroke, ctm, cs, color, alpha, cp)
            });
        }
    }
}

/// How deep docsweep lets a PDF's page tree and the forms and patterns of a page's resources
/// nest, where MuPDF walks them by recursion on a worker's stack; real files nest a few levels.
const MAX_NESTING: usize = 32;

/// How deep outline entries may nest (real outlines: six levels or so).
const OUTLINE_MAX_NESTING: usize = 64;

/// A PDF name as MuPDF passes one (`PDF_NAME`): its number cast to a pointer.
fn pdf_name(n: u32) -> *mut sys::pdf_obj {
    n as usize as *mut sys::pdf_obj
}

/// What [`Doc::mend_page_tree`] did.
pub enum PageTree {
    /// Nothing: the tree finds its pages (or is no tree docsweep can walk).
    AsIs,
    /// Its pages are now the root's only level; `damaged` when the root counted fewer or a
    /// node was its own ancestor (not when the tree was only deep).
    Mended { pages: i32, damaged: bool },
}

/// An open PDF. It reads `bytes` in place, so it borrows them.
pub struct Doc<'a> {
    ctx: *mut sys::fz_context,
    doc: *mut sys::fz_document,
    buf: *mut sys::fz_buffer,
    /// Runs of pages stop here (see [`Doc::set_deadline`]).
    deadline: Cell<Option<Instant>>,
    _bytes: PhantomData<&'a [u8]>,
}

impl Drop for Doc<'_> {
    fn drop(&mut self) {
        // SAFETY: both were made with `ctx` on this thread (a `Doc` is not `Send`).
        unsafe {
            if !self.doc.is_null() {
                sys::fz_drop_document(self.ctx, self.doc);
            }
            sys::fz_drop_buffer(self.ctx, self.buf);
        }
    }
}

impl<'a> Doc<'a> {
    pub fn open(bytes: &'a [u8]) -> Result<Doc<'a>, String> {
        with_ctx(|ctx| {
            // SAFETY: the buffer shares `bytes`, which the returned `Doc` borrows; this
            // allocation throws only when memory runs out.
            let buf =
                unsafe { sys::fz_new_buffer_from_shared_data(ctx, bytes.as_ptr(), bytes.len()) };
            let mut d = Doc {
                ctx,
                doc: ptr::null_mut(),
                buf,
                deadline: Cell::new(None),
                _bytes: PhantomData,
            };
            d.doc = call!(mupdf_open_document_from_bytes(
                ctx,
                buf,
                c"application/pdf".as_ptr()
            ))?;
            if d.doc.is_null() {
                return Err("MuPDF opened no document".into());
            }
            Ok(d)
        })
    }

    pub fn needs_password(&self) -> Result<bool, String> {
        call!(mupdf_needs_password(self.ctx, self.doc))
    }

    pub fn authenticate(&self, password: &CStr) -> Result<bool, String> {
        call!(mupdf_authenticate_password(
            self.ctx,
            self.doc,
            password.as_ptr()
        ))
    }

    /// A page still being run at `deadline` is stopped there: [`Doc::text_page`] fails with
    /// [`STOPPED`].
    pub fn set_deadline(&self, deadline: Option<Instant>) {
        self.deadline.set(deadline);
    }

    /// When pages run on this document are stopped (see [`Doc::set_deadline`]).
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline.get()
    }

    /// MuPDF rebuilt the file's cross-reference table: the file is damaged (cut short, its
    /// offsets wrong), and what it reads may be less than the document.
    pub fn repaired(&self) -> bool {
        let pdf = self.pdf();
        // SAFETY: reads a field of a live document of `ctx` and throws nothing.
        !pdf.is_null() && unsafe { sys::pdf_was_repaired(self.ctx, pdf) } != 0
    }

    pub fn page_count(&self) -> Result<i32, String> {
        call!(mupdf_document_page_count(self.ctx, self.doc))
    }

    fn pdf(&self) -> *mut sys::pdf_document {
        // SAFETY: reads a field of a live document of `ctx` and throws nothing.
        unsafe { sys::pdf_document_from_fz_document(self.ctx, self.doc) }
    }

    /// An object a `mupdf_pdf_*` lookup returned, as a borrowed pointer: the wrappers take a
    /// reference on what they return, which is given back here at once (its container still
    /// holds one), or every lookup would leak, counted against the thread's memory limit.
    /// Null when the lookup failed.
    fn borrowed(&self, got: Result<*mut sys::pdf_obj, String>) -> *mut sys::pdf_obj {
        let obj = got.unwrap_or(ptr::null_mut());
        // SAFETY: drops the reference the wrapper took; null is allowed.
        unsafe { sys::pdf_drop_obj(self.ctx, obj) };
        obj
    }

    /// `obj[key]`, null when absent (or when `obj` is no dictionary or does not resolve).
    fn get(&self, obj: *mut sys::pdf_obj, key: u32) -> *mut sys::pdf_obj {
        self.borrowed(call!(mupdf_pdf_dict_get(self.ctx, obj, pdf_name(key))))
    }

    /// `obj[key]` looked up through the page tree's parents as well.
    fn inherited(&self, obj: *mut sys::pdf_obj, key: u32) -> *mut sys::pdf_obj {
        self.borrowed(call!(mupdf_pdf_dict_get_inheritable(
            self.ctx,
            obj,
            pdf_name(key)
        )))
    }

    /// Item `i` of array `obj` (null past its end).
    fn item(&self, obj: *mut sys::pdf_obj, i: i32) -> *mut sys::pdf_obj {
        self.borrowed(call!(mupdf_pdf_array_get(self.ctx, obj, i)))
    }

    /// The number of items of array `obj` (0 for anything else).
    fn len(&self, obj: *mut sys::pdf_obj) -> i32 {
        call!(mupdf_pdf_array_len(self.ctx, obj)).unwrap_or(0)
    }

    /// Whether `obj` is the name `name`.
    fn is_name(&self, obj: *mut sys::pdf_obj, name: &CStr) -> bool {
        call!(mupdf_pdf_to_name(self.ctx, obj))
            .is_ok_and(|n| !n.is_null() && unsafe { CStr::from_ptr(n) } == name)
    }

    /// The object number of `obj` (0 for a direct object).
    fn num(&self, obj: *mut sys::pdf_obj) -> i32 {
        // SAFETY: throws nothing; reads the object without resolving it.
        unsafe { sys::pdf_to_num(self.ctx, obj) }
    }

    /// Whether `obj` is an array of four finite numbers with a width and a height.
    fn is_box(&self, obj: *mut sys::pdf_obj) -> bool {
        if !call!(mupdf_pdf_is_array(self.ctx, obj)).unwrap_or(false) || self.len(obj) != 4 {
            return false;
        }
        let v: Vec<f32> = (0..4)
            .map(|i| self.item(obj, i))
            .filter(|&o| call!(mupdf_pdf_is_number(self.ctx, o)).unwrap_or(false))
            .filter_map(|o| call!(mupdf_pdf_to_float(self.ctx, o)).ok())
            .filter(|x| x.is_finite())
            .collect();
        v.len() == 4 && v[0] != v[2] && v[1] != v[3]
    }

    /// Sees that the page tree finds every page and nests no deeper than [`MAX_NESTING`]:
    /// MuPDF trusts the root's `/Count` (which a flipped byte turns from `4` into `0`) and
    /// builds its page map by recursion (20,000 nested nodes overflowed a worker's stack and
    /// aborted the run). The tree is walked (by MuPDF's rule: a node by its `/Type`, or without
    /// one by `/Kids` and no `/MediaBox`; a kid that is no dictionary is no page; a node seen
    /// twice ends that branch); when it holds another number of pages than `counted`, or
    /// nests too deep, its pages become the root's only `/Kids` in the open document (in
    /// memory). So they do when the root is among its own descendants (MuPDF then finds no
    /// page at all). Each page's crop box is set right on the way (see `mend_crop_box`).
    pub fn mend_page_tree(&self, counted: Option<i32>) -> PageTree {
        let pdf = self.pdf();
        if pdf.is_null() {
            return PageTree::AsIs;
        }
        let trailer = self.borrowed(call!(mupdf_pdf_trailer(self.ctx, pdf)));
        let root = self.get(
            self.get(trailer, sys::PDF_ENUM_NAME_Root),
            sys::PDF_ENUM_NAME_Pages,
        );
        if root.is_null() {
            return PageTree::AsIs;
        }
        // SAFETY: throws nothing; the number of objects bounds the walk.
        let limit = unsafe { sys::pdf_xref_len(self.ctx, pdf) }.max(0) as usize;
        let is_node = |o| {
            let ty = self.get(o, sys::PDF_ENUM_NAME_Type);
            if ty.is_null() {
                !self.get(o, sys::PDF_ENUM_NAME_Kids).is_null()
                    && self.get(o, sys::PDF_ENUM_NAME_MediaBox).is_null()
            } else {
                self.is_name(ty, c"Pages")
            }
        };
        let (mut pages, mut deepest, mut seen) = (Vec::new(), 0, HashSet::new());
        let mut cycle = false;
        let mut stack = vec![(root, 0usize)];
        let root_num = self.num(root);
        while let Some((o, depth)) = stack.pop() {
            if !is_node(o) {
                if call!(mupdf_pdf_is_dict(self.ctx, o)).unwrap_or(false) {
                    // A page's crop box is set right once, here.
                    self.mend_crop_box(o);
                    pages.push(o);
                }
                continue;
            }
            let num = self.num(o);
            if num > 0 && !seen.insert(num) {
                // The root among its own descendants: MuPDF finds no page at all. (A node
                // shared by two parents is no cycle, and its pages count twice, as MuPDF's.)
                cycle |= num == root_num;
                continue;
            }
            if seen.len() + pages.len() > limit {
                continue;
            }
            deepest = deepest.max(depth);
            let kids = self.get(o, sys::PDF_ENUM_NAME_Kids);
            for i in (0..self.len(kids)).rev() {
                let kid = self.item(kids, i);
                if !kid.is_null() {
                    stack.push((kid, depth + 1));
                }
            }
        }
        // MuPDF refuses a count as large as the number of objects: a page the tree lists
        // over and over is read that many times at most.
        pages.truncate(limit.saturating_sub(1));
        let found = i32::try_from(pages.len()).unwrap_or(i32::MAX);
        let miscounted = counted.is_none_or(|c| found != c);
        let deep = deepest > MAX_NESTING;
        if (found == 0 && !deep) || !(miscounted || cycle || deep) {
            return PageTree::AsIs;
        }
        // One level: a new `/Kids` holding every page, and its count.
        let Ok(kids) = call!(mupdf_pdf_new_array(self.ctx, pdf, found)) else {
            return PageTree::AsIs;
        };
        let pushed = pages
            .iter()
            .all(|&p| call!(mupdf_pdf_array_push(self.ctx, kids, p)).is_ok());
        let put = pushed
            && call!(mupdf_pdf_dict_put(
                self.ctx,
                root,
                pdf_name(sys::PDF_ENUM_NAME_Kids),
                kids
            ))
            .is_ok();
        // SAFETY: the root holds its own reference (or none was taken).
        unsafe { sys::pdf_drop_obj(self.ctx, kids) };
        if !put {
            return PageTree::AsIs;
        }
        if let Ok(count) = call!(mupdf_pdf_new_int(self.ctx, found)) {
            let _ = call!(mupdf_pdf_dict_put(
                self.ctx,
                root,
                pdf_name(sys::PDF_ENUM_NAME_Count),
                count
            ));
            // SAFETY: as above.
            unsafe { sys::pdf_drop_obj(self.ctx, count) };
        }
        PageTree::Mended {
            pages: found,
            damaged: miscounted || cycle,
        }
    }

    /// Cuts the resources of page `index` where form XObjects and patterns nest deeper than
    /// [`MAX_NESTING`], in the open document (in memory): loading a page, MuPDF checks by
    /// recursion whether anything under its resources blends or overprints (16,000 nested
    /// forms overflowed a worker's stack and aborted the run), and a page whose forms nest 70
    /// deep ran out of MuPDF's exception stack and was lost whole. The walk follows MuPDF's
    /// order (patterns, then XObjects, each in the dictionary's order, depth first), so MuPDF's
    /// own walk, remembering what it has seen, goes no deeper.
    fn prune_resources(&self, index: i32) {
        let pdf = self.pdf();
        if pdf.is_null() {
            return;
        }
        let page = self.borrowed(call!(mupdf_pdf_lookup_page_obj(self.ctx, pdf, index)));
        if page.is_null() {
            return;
        }
        // Form XObjects and patterns walked already on this page (MuPDF remembers what it
        // walked across pages, so a walk of its own per page goes as deep as MuPDF's or deeper).
        let mut walked = HashSet::new();
        let mut stack = vec![(self.inherited(page, sys::PDF_ENUM_NAME_Resources), 0usize)];
        while let Some((rdb, depth)) = stack.pop() {
            if rdb.is_null() {
                continue;
            }
            let mut kids = Vec::new();
            for key in [sys::PDF_ENUM_NAME_Pattern, sys::PDF_ENUM_NAME_XObject] {
                let dict = self.get(rdb, key);
                if dict.is_null() {
                    continue;
                }
                if depth >= MAX_NESTING {
                    let _ = call!(mupdf_pdf_dict_delete(self.ctx, rdb, pdf_name(key)));
                    continue;
                }
                let n = call!(mupdf_pdf_dict_len(self.ctx, dict)).unwrap_or(0);
                for i in 0..n {
                    let v = self.borrowed(call!(mupdf_pdf_dict_get_val(self.ctx, dict, i)));
                    let num = self.num(v);
                    if v.is_null() || (num > 0 && !walked.insert(num)) || walked.len() > 1 << 20 {
                        continue;
                    }
                    kids.push(self.get(v, sys::PDF_ENUM_NAME_Resources));
                }
            }
            stack.extend(kids.into_iter().rev().map(|r| (r, depth + 1)));
        }
    }

    /// A page's `/CropBox` that is no box (`[]`, `[0 0 0 0]`, three numbers, words) is
    /// dropped from the page in the open document (in memory), so that the page shows its
    /// `/MediaBox`: MuPDF bounds such a page by a Letter page but clips its contents to the
    /// box as written, and every character was cut away (the file read as needing OCR).
    fn mend_crop_box(&self, page: *mut sys::pdf_obj) {
        let crop = self.inherited(page, sys::PDF_ENUM_NAME_CropBox);
        if crop.is_null() || self.is_box(crop) {
            return;
        }
        // The page's `/MediaBox` takes its place (overriding an inherited one) when it is a
        // box; otherwise the page's own goes.
        let key = pdf_name(sys::PDF_ENUM_NAME_CropBox);
        let media = self.inherited(page, sys::PDF_ENUM_NAME_MediaBox);
        if self.is_box(media) {
            let _ = call!(mupdf_pdf_dict_put(self.ctx, page, key, media));
        } else {
            let _ = call!(mupdf_pdf_dict_delete(self.ctx, page, key));
        }
    }

    /// Cuts the outline where its entries nest deeper than [`OUTLINE_MAX_NESTING`], in the
    /// open document (in memory): MuPDF reads the outline by recursion (16,000 nested
    /// entries overflowed a worker's stack and aborted the run).
    fn prune_outline(&self) {
        let trailer = self.borrowed(call!(mupdf_pdf_trailer(self.ctx, self.pdf())));
        let top = self.get(
            self.get(trailer, sys::PDF_ENUM_NAME_Root),
            sys::PDF_ENUM_NAME_Outlines,
        );
        let mut seen = HashSet::new();
        let mut stack = vec![(self.get(top, sys::PDF_ENUM_NAME_First), 1usize)];
        while let Some((mut o, depth)) = stack.pop() {
            // An entry and its siblings (`/Next`), each with its children (`/First`).
            while !o.is_null() {
                let num = self.num(o);
                if (num > 0 && !seen.insert(num)) || seen.len() > 1 << 20 {
                    break;
                }
                if depth >= OUTLINE_MAX_NESTING {
                    let _ = call!(mupdf_pdf_dict_delete(
                        self.ctx,
                        o,
                        pdf_name(sys::PDF_ENUM_NAME_First)
                    ));
                } else {
                    stack.push((self.get(o, sys::PDF_ENUM_NAME_First), depth + 1));
                }
                o = self.get(o, sys::PDF_ENUM_NAME_Next);
            }
        }
    }

    /// Page `index`: its bounds, its structured text, and the boxes of its images and
    /// drawings (see [`TextPage::graphics`]). Drawings are collected lazily (at the end of the
    /// text run they appear in), so that rules and marks drawn inside a line do not cut it.
    /// Images are kept as references, never decoded; shadings are left out (MuPDF's text
    /// device would paint each one into a page-sized image to keep it: a page drawing the same
    /// shading a thousand times would hold gigabytes).
    pub fn text_page(&self, index: i32) -> Result<TextPage<'_>, String> {
        self.prune_resources(index);
        let page = call!(mupdf_load_page(self.ctx, self.doc, index))?;
        if page.is_null() {
            return Err("MuPDF loaded no page".into());
        }
        let result = (|| {
            let identity = sys::fz_matrix {
                a: 1.0,
                b: 0.0,
                c: 0.0,
                d: 1.0,
                e: 0.0,
                f: 0.0,
            };
            let r0 = call!(mupdf_bound_page(self.ctx, page))?;
            let mut r = r0;
            let mut ctm = identity;
            let mut tp = self.stext(page, r, Run::Contents, ctm)?;
            // A page whose text runs down or up as it shows (a portrait page given /Rotate 90,
            // a scan turned sideways) is read turned upright: its lines run left to right.
            if let Some(degrees) = tp.upright_turn() {
                // SAFETY: plain arithmetic on values.
                unsafe {
                    let turn = sys::fz_rotate(degrees);
                    let turned = sys::fz_transform_rect(r, turn);
                    ctm = sys::fz_concat(turn, sys::fz_translate(-turned.x0, -turned.y0));
                    r = sys::fz_transform_rect(r, ctm);
                }
                // The first reading is dropped first (a page near the memory limit would
                // not fit twice), and read again as it was when the turned run fails.
                drop(tp);
                tp = match self.stext(page, r, Run::Contents, ctm) {
                    Ok(t) => t,
                    Err(_) => {
                        (r, ctm) = (r0, identity);
                        self.stext(page, r, Run::Contents, ctm)?
                    }
                };
            }
            // Annotations show drawings too (a figure set as a file attachment's appearance,
            // a stamp): their images and drawings join the page's, their text does not (a
            // comment is not the page's text). An annotation MuPDF cannot run adds nothing;
            // a page without annotations (most) is not run a second time.
            // SAFETY: both read the page's fields and throw nothing; `page` is live.
            let annotated = unsafe {
                !sys::pdf_first_annot(self.ctx, sys::pdf_page_from_fz_page(self.ctx, page))
                    .is_null()
            };
            if annotated {
                if let Ok(annots) = self.stext(page, r, Run::Annotations, ctm) {
                    tp.annots = annots.graphics();
                }
            }
            // Links: where the page's words are a link, an underline under them marks the
            // link, not a title. Links MuPDF cannot load are none.
            if let Ok(first) = call!(mupdf_load_links(self.ctx, page)) {
                let mut link = first;
                while !link.is_null() {
                    // SAFETY: `link` is a live node of the list MuPDF returned; its fields are
                    // plain values and the next pointer.
                    let (rect, next) = unsafe { ((*link).rect, (*link).next) };
                    // SAFETY: plain arithmetic on values.
                    let b = unsafe { sys::fz_transform_rect(rect, ctm) };
                    tp.links.push([b.x0, b.y0, b.x1, b.y1]);
                    link = next;
                }
                if !first.is_null() {
                    // SAFETY: dropping the head drops the whole list; `first` came from
                    // `ctx` and is dropped once.
                    unsafe { sys::fz_drop_link(self.ctx, first) };
                }
            }
            Ok(tp)
        })();
        // SAFETY: the text page holds what it needs; the page was made with `ctx`.
        unsafe { sys::fz_drop_page(self.ctx, page) };
        result
    }

    /// The structured text of the page's contents or of its annotations' appearances.
    fn stext(
        &self,
        page: *mut sys::fz_page,
        r: sys::fz_rect,
        what: Run,
        ctm: sys::fz_matrix,
    ) -> Result<TextPage<'_>, String> {
        // Glyphs wholly outside the clip (a map's labels past its figure's frame, code run off
        // the page's edge) are not printed, and are left out as a reader never sees them.
        let flags = (sys::FZ_STEXT_PRESERVE_IMAGES
            | sys::FZ_STEXT_COLLECT_VECTORS
            | sys::FZ_STEXT_LAZY_VECTORS
            | sys::FZ_STEXT_CLIP) as i32;
        // SAFETY: an allocation of `ctx`; it throws only when memory runs out.
        let st = unsafe { sys::fz_new_stext_page(self.ctx, r) };
        let tp = TextPage {
            ctx: self.ctx,
            page: st,
            bounds: [r.x0, r.y0, r.x1, r.y1],
            annots: Vec::new(),
            links: Vec::new(),
            _doc: PhantomData,
        };
        let dev = call!(mupdf_new_stext_device(self.ctx, st, flags))?;
        if dev.is_null() {
            return Err("MuPDF made no text device".into());
        }
        // SAFETY: `dev` is the text device just made, an `fz_device` first; a device
        // without a shading callback is skipped by `fz_fill_shade`, and the path callbacks put
        // in hand each path on to the text device's own.
        unsafe {
            (*dev).fill_shade = None;
            end_open_paths(dev);
        }
        let ran = self.watched(|cookie| match what {
            Run::Contents => call!(mupdf_run_page_contents(self.ctx, page, dev, ctm, cookie)),
            Run::Annotations => call!(mupdf_run_page_annots(self.ctx, page, dev, ctm, cookie)),
        });
        // SAFETY: `dev` was made with `ctx`; closing it finishes the text page (lazy
        // drawings, line boxes) and throws only when memory runs out; nothing holds it
        // after the drop.
        unsafe {
            if ran.is_ok() {
                sys::fz_close_device(self.ctx, dev);
            }
            sys::fz_drop_device(self.ctx, dev);
        }
        ran.map(|()| tp)
    }

    /// Runs a page through `run` (given the cookie to pass MuPDF) with this thread's
    /// allocations held to the memory limit and, with a deadline, a cookie the watchdog
    /// aborts at it: fails with [`STOPPED`] when the deadline stopped the run, with
    /// [`TOO_BIG`] when an allocation was refused.
    fn watched(
        &self,
        run: impl FnOnce(*mut sys::fz_cookie) -> Result<(), String>,
    ) -> Result<(), String> {
        let mut watch = Watch {
            cookie: self.deadline.get().map(|d| {
                WATCHDOG.call_once(|| {
                    let _ = std::thread::Builder::new()
                        .name("docsweep-pdf-watchdog".into())
                        .spawn(watchdog);
                });
                // SAFETY: a cookie is plain integers; zero is its initial state.
                let c = Box::new(unsafe { std::mem::zeroed::<sys::fz_cookie>() });
                let budget =
                    CTX.with(|x| x.as_ref().map_or(0, |x| &*x.1 as *const Budget as usize));
                WATCHED
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((cookie_key(&c), d, budget));
                c
            }),
            held: false,
        };
        let cookie_ptr = watch
            .cookie
            .as_deref_mut()
            .map_or(ptr::null_mut(), |c| c as *mut sys::fz_cookie);
        watch.hold();
        let ran = run(cookie_ptr);
        let refused = watch.unhold();
        let stopped = watch.release().is_some_and(|c| c.abort != 0);
        if stopped {
            Err(STOPPED.to_string())
        } else if refused {
            Err(TOO_BIG.to_string())
        } else {
            ran
        }
    }

    /// Page `index` rendered in 8-bit grey at `dpi`, or lower where that would make more than
    /// `max_pixels` pixels (a poster-sized page): width, height, rows of pixels, and the
    /// resolution used.
    pub fn render_gray(
        &self,
        index: i32,
        dpi: f32,
        max_pixels: f32,
    ) -> Result<(usize, usize, Vec<u8>, f32), String> {
        self.prune_resources(index);
        let page = call!(mupdf_load_page(self.ctx, self.doc, index))?;
        if page.is_null() {
            return Err("MuPDF loaded no page".into());
        }
        let result = (|| {
            let r = call!(mupdf_bound_page(self.ctx, page))?;
            let points = ((r.x1 - r.x0) * (r.y1 - r.y0)).max(1.0);
            // Below one dot per inch where the page is that large (a side of millions of
            // points, or a large `/UserUnit`): a floor of 1 let a 736-byte file render 2.5
            // billion pixels.
            let dpi = dpi.min((max_pixels / points).sqrt() * 72.0);
            if !(dpi.is_finite() && dpi > 0.0) {
                return Err("page too large to render for OCR".into());
            }
            // SAFETY: plain values; the grey colorspace is owned by the context.
            let (ctm, gray, bbox) = unsafe {
                let ctm = sys::fz_scale(dpi / 72.0, dpi / 72.0);
                (
                    ctm,
                    sys::fz_device_gray(self.ctx),
                    sys::fz_round_rect(sys::fz_transform_rect(r, ctm)),
                )
            };
            // What `fz_new_pixmap_from_page_contents` does, but run under the document's
            // deadline and the memory limit: a page of Type3 glyphs that draw one another is
            // as slow to render as to read.
            let (w, h) = (bbox.x1 - bbox.x0, bbox.y1 - bbox.y0);
            let pix = call!(mupdf_new_pixmap(
                self.ctx, gray, bbox.x0, bbox.y0, w, h, false
            ))?;
            if pix.is_null() {
                return Err("MuPDF rendered no page image".into());
            }
            let drawn = call!(mupdf_clear_pixmap_with_value(self.ctx, pix, 0xff)).and_then(|()| {
                // SAFETY: a constant of the library.
                let clip = unsafe { sys::fz_infinite_irect };
                let dev = call!(mupdf_new_draw_device(self.ctx, pix, clip))?;
                if dev.is_null() {
                    return Err("MuPDF made no drawing device".to_string());
                }
                let ran = self.watched(|cookie| {
                    call!(mupdf_run_page_contents(self.ctx, page, dev, ctm, cookie))
                });
                // SAFETY: `dev` was made with `ctx` and draws into `pix`, which outlives it;
                // closing it (ending groups left open) throws only when memory runs out.
                unsafe {
                    if ran.is_ok() {
                        sys::fz_close_device(self.ctx, dev);
                    }
                    sys::fz_drop_device(self.ctx, dev);
                }
                ran
            });
            if let Err(e) = drawn {
                // SAFETY: `pix` was made with `ctx` and nothing holds it now.
                unsafe { sys::fz_drop_pixmap(self.ctx, pix) };
                return Err(e);
            }
            // SAFETY: `pix` is a live pixmap of `ctx`; its samples hold `stride` bytes per row
            // for `h` rows, one component per pixel (grey, no alpha).
            let out = unsafe {
                let w = sys::fz_pixmap_width(self.ctx, pix).max(0) as usize;
                let h = sys::fz_pixmap_height(self.ctx, pix).max(0) as usize;
                let n = sys::fz_pixmap_components(self.ctx, pix).max(0) as usize;
                let stride = sys::fz_pixmap_stride(self.ctx, pix).max(0) as usize;
                let samples = sys::fz_pixmap_samples(self.ctx, pix);
                let mut px = Vec::with_capacity(w * h);
                if n == 1 && !samples.is_null() {
                    for y in 0..h {
                        let row = std::slice::from_raw_parts(samples.add(y * stride), w);
                        px.extend_from_slice(row);
                    }
                }
                sys::fz_drop_pixmap(self.ctx, pix);
                if px.len() != w * h {
                    return Err("MuPDF rendered a page image that is not grey".into());
                }
                (w, h, px, dpi)
            };
            Ok(out)
        })();
        // SAFETY: the page was made with `ctx` and nothing holds it now.
        unsafe { sys::fz_drop_page(self.ctx, page) };
        result
    }

    /// The outline as (title, depth from 1, 1-based page) in document order; empty when
    /// there is none or MuPDF cannot read it.
    pub fn outline(&self) -> Vec<(String, u32, Option<u32>)> {
        if !self.pdf().is_null() {
            self.prune_outline();
        }
        let Ok(root) = call!(mupdf_load_outline(self.ctx, self.doc)) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        // SAFETY: a tree of live outline nodes until `fz_drop_outline` below.
        unsafe fn walk(
            o: *mut sys::fz_outline,
            depth: u32,
            out: &mut Vec<(String, u32, Option<u32>)>,
        ) {
            let mut o = o;
            while !o.is_null() {
                let n = &*o;
                let title = if n.title.is_null() {
                    String::new()
                } else {
                    CStr::from_ptr(n.title).to_string_lossy().trim().to_string()
                };
                // A PDF is one chapter: the location's page is the page index.
                let page =
                    (n.page.chapter == 0 && n.page.page >= 0).then(|| n.page.page as u32 + 1);
                out.push((title, depth, page));
                walk(n.down, depth + 1, out);
                o = n.next;
            }
        }
        // SAFETY: see `walk`; the outline was made with `ctx`.
        unsafe {
            walk(root, 1, &mut out);
            if !root.is_null() {
                sys::fz_drop_outline(self.ctx, root);
            }
        }
        out
    }
}

/// A drawing that cannot be seen against the page: transparent, or filled in white (a
/// cover-up box, a form field's or a frame's background). `argb` is MuPDF's packed colour.
fn paper(argb: u32, flags: u32) -> bool {
    let [a, r, g, b] = argb.to_be_bytes();
    let stroked = flags & sys::FZ_STEXT_VECTOR_IS_STROKED != 0;
    a < 0x20 || (!stroked && r >= 0xF5 && g >= 0xF5 && b >= 0xF5)
}

/// What a page draws besides its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Graphic {
    Image,
    /// A drawing that is a rectangle (a frame, a shaded box, a table's rule).
    Rectangle,
    /// Any other drawing (lines, curves, shapes).
    Path,
}

/// Why [`Doc::text_page`] failed when the page was still being run at the deadline.
pub const STOPPED: &str = "stopped at the time limit (pdf.max_seconds)";
/// Why it failed when the page needed more memory than the limit.
pub const TOO_BIG: &str = "needs more memory than the limit (pdf.max_memory_mb)";

/// A page's structured text: blocks of lines of characters.
pub struct TextPage<'d> {
    ctx: *mut sys::fz_context,
    page: *mut sys::fz_stext_page,
    /// `[x0, y0, x1, y1]` of the page.
    pub bounds: [f32; 4],
    /// The images and drawings of the page's annotations.
    annots: Vec<([f32; 4], Graphic)>,
    /// The boxes of the page's links, `[x0, y0, x1, y1]` as the text's.
    pub links: Vec<[f32; 4]>,
    _doc: PhantomData<&'d ()>,
}

/// What of a page a text device is run over.
#[derive(Clone, Copy)]
enum Run {
    Contents,
    Annotations,
}

impl Drop for TextPage<'_> {
    fn drop(&mut self) {
        // SAFETY: made with `ctx` on this thread.
        unsafe { sys::fz_drop_stext_page(self.ctx, self.page) }
    }
}

/// One character as MuPDF placed it.
pub struct Char<'p> {
    c: &'p sys::fz_stext_char,
}

impl Char<'_> {
    pub fn char(&self) -> Option<char> {
        u32::try_from(self.c.c).ok().and_then(char::from_u32)
    }
    /// The corners of its box: upper left, upper right, lower left, lower right.
    pub fn quad(&self) -> [(f32, f32); 4] {
        let q = &self.c.quad;
        [
            (q.ul.x, q.ul.y),
            (q.ur.x, q.ur.y),
            (q.ll.x, q.ll.y),
            (q.lr.x, q.lr.y),
        ]
    }
    pub fn origin(&self) -> (f32, f32) {
        (self.c.origin.x, self.c.origin.y)
    }
    /// Its fill colour, as `0xAARRGGBB`.
    pub fn argb(&self) -> u32 {
        self.c.argb
    }
    pub fn size(&self) -> f32 {
        self.c.size
    }
    /// MuPDF's own bold flag (real or synthetic bold).
    pub fn bold_flag(&self) -> bool {
        u32::from(self.c.flags) & sys::FZ_STEXT_BOLD != 0
    }
    /// The font, as an identity for caching.
    pub fn font_id(&self) -> usize {
        self.c.font as usize
    }
}

/// What MuPDF knows of a font: its name (lossy), and its bold, italic and monospaced flags.
pub struct FontInfo {
    pub name: String,
    pub bold: bool,
    pub italic: bool,
    pub mono: bool,
}

impl TextPage<'_> {
    /// The turn (degrees, for `fz_rotate`) that sets the page's text upright, when most of it
    /// (twice the characters of its left-to-right lines, and 20 or more) runs down the page
    /// (-90) or up it (90) in lines written horizontally: a page rotated by its `/Rotate`
    /// against its text, or a sideways scan. Vertical writing (CJK, `wmode` 1) is upright.
    pub fn upright_turn(&self) -> Option<f32> {
        let (mut across, mut down, mut up) = (0usize, 0usize, 0usize);
        self.each_line(|line| {
            let mut n = 0;
            let mut c = line.first_char;
            while !c.is_null() {
                n += 1;
                // SAFETY: a live character of the line's list.
                c = unsafe { (*c).next };
            }
            let d = line.dir;
            if line.wmode == 0 {
                if d.x.abs() >= d.y.abs() {
                    across += n;
                } else if d.y > 0.0 {
                    down += n;
                } else {
                    up += n;
                }
            }
        });
        let (most, degrees) = if down >= up {
            (down, -90.0)
        } else {
            (up, 90.0)
        };
        (most >= 20 && most > 2 * across).then_some(degrees)
    }

    /// Calls `f` with every text line, in MuPDF's order.
    fn each_line<'p>(&'p self, mut f: impl FnMut(&'p sys::fz_stext_line)) {
        // SAFETY: the lists are live until the text page is dropped, which `self` borrows.
        unsafe {
            let mut b = (*self.page).first_block;
            while !b.is_null() {
                let block = &*b;
                if block.type_ == sys::FZ_STEXT_BLOCK_TEXT as i32 {
                    let mut l = block.u.t.first_line;
                    while !l.is_null() {
                        f(&*l);
                        l = (*l).next;
                    }
                }
                b = block.next;
            }
        }
    }

    /// Every text line: its characters, in MuPDF's order.
    pub fn lines(&self) -> Vec<Vec<Char<'_>>> {
        let mut out = Vec::new();
        self.each_line(|line| {
            let mut chars = Vec::new();
            let mut c = line.first_char;
            while !c.is_null() {
                // SAFETY: a live character of the line's list, borrowed with the page.
                unsafe {
                    chars.push(Char { c: &*c });
                    c = (*c).next;
                }
            }
            out.push(chars);
        });
        out
    }

    /// The boxes of the page's images and drawings (`[x0, y0, x1, y1]` in page space), each
    /// with its kind, those of its annotations' appearances first; drawings that cannot be
    /// seen (see [`paper`]) left out. Images are not decoded.
    pub fn graphics(&self) -> Vec<([f32; 4], Graphic)> {
        let mut out = self.annots.clone();
        // SAFETY: the lists are live until the text page is dropped, which `self` borrows;
        // `u.v` is the member a vector block holds.
        unsafe {
            let mut b = (*self.page).first_block;
            while !b.is_null() {
                let block = &*b;
                let kind = if block.type_ == sys::FZ_STEXT_BLOCK_IMAGE as i32 {
                    Some(Graphic::Image)
                } else if block.type_ == sys::FZ_STEXT_BLOCK_VECTOR as i32
                    && !paper(block.u.v.argb, block.u.v.flags)
                {
                    Some(
                        if block.u.v.flags & sys::FZ_STEXT_VECTOR_IS_RECTANGLE != 0 {
                            Graphic::Rectangle
                        } else {
                            Graphic::Path
                        },
                    )
                } else {
                    None
                };
                if let Some(kind) = kind {
                    let r = block.bbox;
                    out.push(([r.x0, r.y0, r.x1, r.y1], kind));
                }
                b = block.next;
            }
        }
        out
    }

    /// The font of a character (None when MuPDF gave none).
    pub fn font(&self, ch: &Char<'_>) -> Option<FontInfo> {
        let f = ch.c.font;
        if f.is_null() {
            return None;
        }
        // SAFETY: a live font of this page; these only read its fields.
        unsafe {
            let name = sys::fz_font_name(self.ctx, f);
            let name = if name.is_null() {
                String::new()
            } else {
                CStr::from_ptr(name as *const c_char)
                    .to_string_lossy()
                    .into_owned()
            };
            Some(FontInfo {
                name,
                bold: sys::fz_font_is_bold(self.ctx, f) != 0,
                italic: sys::fz_font_is_italic(self.ctx, f) != 0,
                mono: sys::fz_font_is_monospaced(self.ctx, f) != 0,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A page run that unwinds takes its cookie off the watchdog's list (the watchdog would
    /// write into the freed cookie at the deadline) and lets go of the memory limit.
    #[test]
    fn a_run_that_unwinds_leaves_nothing_watched() {
        let pdf = b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n\
            2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n\
            3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>>endobj\n\
            trailer<</Root 1 0 R>>\n%%EOF\n";
        let doc = Doc::open(pdf).unwrap();
        doc.set_deadline(Some(Instant::now() + std::time::Duration::from_secs(3600)));
        let key = Cell::new(0usize);
        let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            doc.watched(|cookie| {
                key.set(cookie as usize);
                panic!("a run that unwinds")
            })
        }));
        assert!(unwound.is_err());
        assert_ne!(key.get(), 0, "the run had a cookie");
        let watched = WATCHED.lock().unwrap_or_else(|e| e.into_inner());
        assert!(!watched.iter().any(|w| w.0 == key.get()));
        drop(watched);
        let armed = CTX.with(|c| c.as_ref().map(|c| c.1.armed.load(Ordering::Relaxed)));
        assert_eq!(armed, Some(false));
    }

    /// Drawings that cannot be seen against the page: transparent ones, and white fills; a
    /// white stroke (a rule on a dark band) and any colour are drawings.
    #[test]
    fn paper_is_what_cannot_be_seen() {
        let stroked = sys::FZ_STEXT_VECTOR_IS_STROKED;
        assert!(paper(0x00FF_0000, 0));
        assert!(paper(0xFFFF_FFFF, 0));
        assert!(paper(0xFFF8_F8F8, sys::FZ_STEXT_VECTOR_IS_RECTANGLE));
        assert!(!paper(0xFFFF_FFFF, stroked));
        assert!(!paper(0xFF00_0000, 0));
        assert!(!paper(0xFFE0_E0E0, 0));
        assert!(!paper(0x80FF_0000, stroked));
    }
}
