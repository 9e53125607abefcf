#!/usr/bin/env python3
"""Render one HTML page to PDF with WeasyPrint, offline.

usage: VENV/bin/python render.py PAGE.html OUT.pdf
base_url is the page's own folder (so its CSS and images load); the URL fetcher allows only
file: and data: URLs (data: is inline content, not a fetch), so nothing is read from the
network: web fonts or CDN stylesheets are skipped, the same way on every machine.
"""
import os, sys
from weasyprint import HTML, URLFetcher

page, out = sys.argv[1], sys.argv[2]
fetcher = URLFetcher(allowed_protocols={'file', 'data'})
base = 'file://' + os.path.dirname(os.path.abspath(page)) + '/'
HTML(filename=page, base_url=base, url_fetcher=fetcher).write_pdf(out)
