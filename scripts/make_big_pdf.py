#!/usr/bin/env python3
"""Write an N-page PDF for docsweep's PDF tests (standard library only).

Each page carries a heading line "Section K" (Helvetica 18 pt) and two body
lines (Helvetica 11 pt); K is the 1-based page number. The output is
deterministic: the same arguments always give the same bytes.

Usage:
    scripts/make_big_pdf.py --pages 10000 -o /tmp/big.pdf
    scripts/make_big_pdf.py --pages 50 --outline -o small.pdf

--outline adds one bookmark per page ("Section K"), --no-compress leaves the
content streams uncompressed. 10,000 pages take well under a second and about
4 MB (compressed).
"""
import argparse
import sys
import zlib


def pdf_string(text):
    """A PDF literal string for ASCII text."""
    return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def page_content(k, n):
    lines = [
        "BT /F1 18 Tf 72 720 Td %s Tj ET" % pdf_string("Section %d" % k),
        "BT /F1 11 Tf 72 690 Td 14 TL",
        "%s Tj" % pdf_string("This is page %d of %d of a generated document." % (k, n)),
        "%s '" % pdf_string("Every page holds one heading and two short lines of text."),
        "ET",
        "BT /F1 9 Tf 290 40 Td %s Tj ET" % pdf_string("%d" % k),
    ]
    return ("\n".join(lines) + "\n").encode("ascii")


def build(n, outline=False, compress=True):
    # Object numbers: 1 catalog, 2 pages, 3 font, 4 info, then per page
    # (page, content), then (if outline) the outlines root and one item per page.
    first_page = 5
    page_obj = lambda k: first_page + 2 * (k - 1)          # k is 1-based
    content_obj = lambda k: first_page + 2 * (k - 1) + 1
    outlines_root = first_page + 2 * n
    outline_item = lambda k: outlines_root + k
    total = outlines_root + n if outline else outlines_root - 1

    objects = {}
    cat = "<< /Type /Catalog /Pages 2 0 R"
    if outline:
        cat += " /Outlines %d 0 R /PageMode /UseOutlines" % outlines_root
    objects[1] = (cat + " >>").encode("ascii")
    kids = " ".join("%d 0 R" % page_obj(k) for k in range(1, n + 1))
    objects[2] = ("<< /Type /Pages /Count %d /Kids [%s] >>" % (n, kids)).encode("ascii")
    objects[3] = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
    objects[4] = ("<< /Title %s /Producer %s >>" % (
        pdf_string("Generated document with %d pages" % n),
        pdf_string("docsweep scripts/make_big_pdf.py"))).encode("ascii")
    for k in range(1, n + 1):
        objects[page_obj(k)] = (
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            "/Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % content_obj(k)
        ).encode("ascii")
        data = page_content(k, n)
        if compress:
            data = zlib.compress(data, 9)
            head = "<< /Length %d /Filter /FlateDecode >>" % len(data)
        else:
            head = "<< /Length %d >>" % len(data)
        objects[content_obj(k)] = head.encode("ascii") + b"\nstream\n" + data + b"\nendstream"
    if outline:
        objects[outlines_root] = ("<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count %d >>" % (
            outline_item(1), outline_item(n), n)).encode("ascii")
        for k in range(1, n + 1):
            item = "<< /Title %s /Parent %d 0 R /Dest [%d 0 R /XYZ 0 792 null]" % (
                pdf_string("Section %d" % k), outlines_root, page_obj(k))
            if k > 1:
                item += " /Prev %d 0 R" % outline_item(k - 1)
            if k < n:
                item += " /Next %d 0 R" % outline_item(k + 1)
            objects[outline_item(k)] = (item + " >>").encode("ascii")

    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for num in range(1, total + 1):
        offsets[num] = len(out)
        out += b"%d 0 obj\n" % num + objects[num] + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n" % (total + 1)
    out += b"0000000000 65535 f \n"
    for num in range(1, total + 1):
        out += b"%010d 00000 n \n" % offsets[num]
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info 4 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (total + 1, xref)
    return bytes(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=10000, help="number of pages (default 10000)")
    ap.add_argument("-o", "--output", required=True, help="output file ('-' for stdout)")
    ap.add_argument("--outline", action="store_true", help="add one bookmark per page")
    ap.add_argument("--no-compress", action="store_true", help="do not compress content streams")
    args = ap.parse_args(argv)
    if args.pages < 1:
        ap.error("--pages must be at least 1")
    data = build(args.pages, outline=args.outline, compress=not args.no_compress)
    if args.output == "-":
        sys.stdout.buffer.write(data)
    else:
        with open(args.output, "wb") as f:
            f.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
