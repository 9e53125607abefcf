#!/usr/bin/env python3
"""Write the hand-made bad PDF inputs of tests/data/pdf/bad/ (standard library only).

Subcommands (each writes OUT deterministically):
    zero-pages OUT               valid PDF whose /Pages has /Count 0 and empty /Kids
    many-text-objects OUT [--count 50000]
                                 one page with COUNT `BT /F1 1 Tf x y Td (a) Tj ET`
                                 operators, Helvetica, zlib-compressed content
    broken-xref IN OUT           IN must have a classic xref table (e.g. rewritten with
                                 `qpdf --object-streams=disable`); every in-use entry's
                                 offset is overwritten with a wrong one, objects are kept
    truncate IN OUT              the first half of IN's bytes
    scanned PGM OUT [--dpi 100]  one page whose only content is the 8-bit grey image PGM
                                 (binary P5, e.g. from `pdftoppm -gray`), no text layer
    not-a-pdf OUT                a plain-text file
"""
import argparse
import re
import sys
import zlib


def write_pdf(objects, root=1, info=None, version=b"1.4"):
    """objects: list of bytes, object i+1 is objects[i]. Returns the whole file."""
    out = bytearray(b"%PDF-" + version + b"\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    trailer = b"<< /Size %d /Root %d 0 R" % (len(objects) + 1, root)
    if info:
        trailer += b" /Info %d 0 R" % info
    out += b"trailer\n" + trailer + b" >>\nstartxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


def stream(data, extra=b""):
    comp = zlib.compress(data, 9)
    return b"<< /Length %d /Filter /FlateDecode%s >>\nstream\n" % (len(comp), extra) + comp + b"\nendstream"


def zero_pages():
    return write_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Count 0 /Kids [] >>",
        b"<< /Producer (docsweep scripts/make_bad_pdfs.py) /Title (Zero pages) >>",
    ], info=3)


def many_text_objects(count):
    # A grid of 250 columns; x from 10 to 608, y from 780 downwards.
    cols = 250
    ops = []
    for i in range(count):
        x = 10 + (i % cols) * 2.4
        y = 780 - (i // cols) * 3.8
        ops.append(b"BT /F1 1 Tf %.1f %.1f Td (a) Tj ET" % (x, y))
    content = b"\n".join(ops) + b"\n"
    return write_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Count 1 /Kids [3 0 R] >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        b"/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        stream(content),
        b"<< /Producer (docsweep scripts/make_bad_pdfs.py) /Title (%d text objects) >>" % count,
    ], info=6)


def broken_xref(data):
    m = None
    for m in re.finditer(rb"(?m)^xref\r?\n", data):
        pass  # the last classic xref section
    if m is None:
        raise SystemExit("broken-xref: input has no classic xref table")
    pos = m.end()
    out = bytearray(data)
    k = 0
    entry = re.compile(rb"(\d{10}) (\d{5}) ([nf])(?: \r| \n|\r\n)")
    sub = re.compile(rb"(\d+) (\d+)\r?\n")
    while True:
        h = sub.match(data, pos)
        if not h:
            break
        pos = h.end()
        for _ in range(int(h.group(2))):
            e = entry.match(data, pos)
            if not e:
                raise SystemExit("broken-xref: malformed xref entry at %d" % pos)
            if e.group(3) == b"n":
                # a wrong but plausible offset: points into the middle of the file
                k += 1
                bad = (len(data) * 7 // 13 + k * 97) % len(data)
                out[pos:pos + 10] = b"%010d" % bad
            pos = e.end()
    if k == 0:
        raise SystemExit("broken-xref: no in-use entries rewritten")
    return bytes(out)


def scanned(pgm, dpi):
    m = re.match(rb"P5\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+(\d+)\s", pgm)
    if not m:
        raise SystemExit("scanned: input is not a binary PGM (P5)")
    w, h, maxval = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if maxval != 255:
        raise SystemExit("scanned: only 8-bit PGM is supported")
    pixels = pgm[m.end():m.end() + w * h]
    pw, ph = w * 72.0 / dpi, h * 72.0 / dpi
    content = b"q %.2f 0 0 %.2f 0 0 cm /Im1 Do Q\n" % (pw, ph)
    return write_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Count 1 /Kids [3 0 R] >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] "
        b"/Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>" % (pw, ph),
        stream(pixels, b" /Type /XObject /Subtype /Image /Width %d /Height %d "
                       b"/ColorSpace /DeviceGray /BitsPerComponent 8" % (w, h)),
        stream(content),
        b"<< /Producer (docsweep scripts/make_bad_pdfs.py) /Title (Scanned page without text) >>",
    ], info=6)


NOT_A_PDF = b"""This is a plain text file whose name ends in .pdf.
It has no %PDF- header, no objects and no xref table.
docsweep should report it as not a PDF instead of crashing.
"""


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sp = ap.add_subparsers(dest="cmd", required=True)
    p = sp.add_parser("zero-pages"); p.add_argument("out")
    p = sp.add_parser("many-text-objects"); p.add_argument("out")
    p.add_argument("--count", type=int, default=50000)
    p = sp.add_parser("broken-xref"); p.add_argument("inp"); p.add_argument("out")
    p = sp.add_parser("truncate"); p.add_argument("inp"); p.add_argument("out")
    p = sp.add_parser("scanned"); p.add_argument("inp"); p.add_argument("out")
    p.add_argument("--dpi", type=float, default=100)
    p = sp.add_parser("not-a-pdf"); p.add_argument("out")
    a = ap.parse_args(argv)
    if a.cmd == "zero-pages":
        data = zero_pages()
    elif a.cmd == "many-text-objects":
        data = many_text_objects(a.count)
    elif a.cmd == "broken-xref":
        data = broken_xref(open(a.inp, "rb").read())
    elif a.cmd == "truncate":
        src = open(a.inp, "rb").read()
        data = src[: len(src) // 2]
    elif a.cmd == "scanned":
        data = scanned(open(a.inp, "rb").read(), a.dpi)
    else:
        data = NOT_A_PDF
    with open(a.out, "wb") as f:
        f.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
