#!/usr/bin/env python3
"""tilt_scan.py IMAGE DEGREES [COMMAND...]: turns the grey PGM image IMAGE (P5, 8 bits) by
DEGREES in place (positive: the lines fall to the right), as a scanner that took the page
askew would (two shears, rows then strips of four columns, white filling in), then runs
COMMAND (each {image} in it replaced by IMAGE) or else tesseract's TSV of it, and exits as it
does. As `pdf.ocr_command` it shows what docsweep makes of a tilted scan:

    ocr_command = ["python3", "scripts/tilt_scan.py", "{image}", "1.2"]

docsweep reads the page image back after the command (for the words' strokes), so the
turned image is the one measured, as a real scan's would be."""
import math, subprocess, sys

path, degrees = sys.argv[1], float(sys.argv[2])
with open(path, "rb") as f:
    data = f.read()
# The header: P5, width, height, 255, parted by white space, with `#` comments.
fields, at = [], 0
while len(fields) < 4 and at < len(data):
    if data[at:at + 1].isspace():
        at += 1
    elif data[at:at + 1] == b"#":
        while at < len(data) and data[at:at + 1] != b"\n":
            at += 1
    else:
        start = at
        while at < len(data) and not data[at:at + 1].isspace():
            at += 1
        fields.append(data[start:at])
at += 1
if len(fields) < 4 or fields[0] != b"P5" or fields[3] != b"255":
    sys.exit(f"{path}: not an 8-bit grey PGM (P5)")
w, h = int(fields[1]), int(fields[2])
px = data[at:at + w * h]
if len(px) != w * h:
    sys.exit(f"{path}: the image is cut short")
t = math.tan(math.radians(degrees))
white = b"\xff"
# Rows slide sideways by -y·t about the middle row.
rows = []
for y in range(h):
    s = round(-(y - h / 2) * t)
    row = px[y * w:(y + 1) * w]
    rows.append((white * s + row[:w - s]) if s >= 0 else (row[-s:] + white * -s))
# Strips of 4 columns slide down by x·t about the middle column.
out = [bytearray(white * w) for _ in range(h)]
for x0 in range(0, w, 4):
    x1 = min(w, x0 + 4)
    s = round((x0 + 2 - w / 2) * t)
    for y in range(max(0, s), min(h, h + s)):
        out[y][x0:x1] = rows[y - s][x0:x1]
with open(path, "wb") as f:
    f.write(b"P5\n%d %d\n255\n" % (w, h))
    for r in out:
        f.write(r)
command = [a.replace("{image}", path) for a in sys.argv[3:]] or ["tesseract", path, "stdout", "tsv"]
sys.exit(subprocess.run(command).returncode)
