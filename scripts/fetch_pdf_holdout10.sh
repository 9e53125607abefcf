#!/usr/bin/env bash
# Fetch the tenth and eleventh hold-out sets of real PDFs for docsweep's heading detector: 30
# files whose Producer and Creator do not name TeX, from thirty Debian 12 packages that neither
# tests/data/pdf/, datasets/, scripts/make_pdf_fixtures.sh, scripts/lib_debian_pdfs.sh,
# scripts/text_holdout/ (docs*.tsv, fetch.sh, README.md) nor the first seven hold-out sets
# (scripts/fetch_pdf_holdout.sh .. fetch_pdf_holdout7.sh, including the packages they list as
# left out or looked at) draw on: altos, ansible, cl-uffi, docbook5-xml, fonts-sil-andika,
# fonts-sil-charis, gentle, liblimesuite-doc, libpod-2-docbook-perl, libxmp-dev,
# libzemberek-java-doc, lightyears, lure-of-the-temptress, macsyfinder, nagios-nrpe-server,
# nickle, openhpi-plugin-ilo2-ribcl, openhpi-plugin-oa-soap, openhpi-plugin-snmp-bc,
# opensm-doc, r-cran-hypergeo, r-cran-metafor, r-cran-spam, r-cran-statcheck, ruby-prawn-table,
# simh, snek, unihedron-device-manager, xmlstarlet, xorg-docs.
# The files alternate, in alphabetical order of package, between two sets:
#   set 10 (DEST10, default /var/tmp/docsweep-pdf-holdout10), the DEV set: 15 files, 385 pages;
#   set 11 (DEST11, default /var/tmp/docsweep-pdf-holdout11), the TEST set: 15 files, 314
#   pages. Set 11 is meant to be checked only mechanically (scores, counts), never file by file.
# No file is byte-identical (SHA-256) to a PDF of the earlier sets, of tests/data/pdf/, or to
# another of these sets.
#
# The files were picked mechanically, never by reading their text. A PDF qualifies if its
# Producer and Creator (pdfinfo) do not indicate TeX (no match, case-insensitive, for "tex" not
# followed by "t" -- pdfTeX, pdfeTeX, XeTeX, LuaTeX, MiKTeX, VTeX, "LaTeX with hyperref",
# "TeX" -- nor "dvips", "dvipdfm" or "context"; so iText or TextEdit would pass), it has an
# outline of at least 5 entries (lines of `mutool show FILE outline`), 3 to 80 pages, at most
# 5,000,000 bytes, and a text layer (`pdftotext` output of at least 200 characters per page on
# average). Unlike the earlier sets, members named *.pdf.gz (gunzipped; stored without .gz)
# and *.PDF were considered too; symlinks were not. One file per package: its first
# qualifying PDF in byte order of its path that these caps allow: at most 3 files per
# producer family (the Producer string up to its first digit, trailing " -(," and ", version"
# dropped, so "LibreOffice 6.4" counts as LibreOffice, "Apache FOP Version 2.7" as Apache FOP,
# an empty Producer as one family) and at most 3 Ghostscript files in all. Packages over
# 200 MB were skipped (esys-particle, 264 MB).
#
# Candidates: the packages of bookworm main (with bookworm-updates) that ship a .pdf
# (`apt-file search -x '\.pdf$'`: 820) minus every package named in the files above (brace
# lists such as r-cran-{a,b} and python-{a,b}-doc expanded; 448): 372, plus
# unihedron-device-manager (only a .PDF); and, as a second pool, the packages shipping a
# .pdf.gz (`apt-file search -x '\.pdf\.gz$'`: 600) not named above and not in the first pool:
# 583. They were taken in this order, until 30 files:
#   1. the first pool without r-*, alphabetically from libdbd-pgsql (the first after
#      libdbd-mysql, where set 7 stopped) to the end, then from the start (ansible, cvs,
#      gentle and the language variants debian-edu-doc-LANG, debian-edu-doc-legacy-LANG,
#      debian-reference-LANG, developers-reference-LANG, expeyes-doc-fr, freedombox-doc-es,
#      instead-doc-ru, linuxcnc-doc-LANG, maint-guide-LANG, texworks-help-fr), then
#      unihedron-device-manager: 6 files;
#   2. all r-cran-* and r-bioc-* packages of the first pool (210; mostly pdfTeX vignettes): 4
#      files (three GPL Ghostscript files whose Creator is "David M. Jones", probably JSS-style
#      articles distilled from TeX output, and a PowerPoint slide file);
#   3. the second pool without r-* (14 packages not looked at), of each language family only
#      debian-faq, eyes17-manuals-en, installation-guide-amd64 and ubuntu-packaging-guide-pdf,
#      alphabetically from libdbd-mysql on, then from the start, up to fonts-sil-charis: 20
#      files.
# Qualifying but left out by the caps: aprx, fonts-sil-abyssinica, logol, openlp, tiatracker,
# w1retap-doc, winff-doc (LibreOffice); aspic, sdop, xfpt, xsdcxx (GPL Ghostscript);
# db5.3-doc (Apache FOP). Not available: netperf (in the Contents lists, no candidate
# version). Looked at and without a qualifying PDF (739: 578 with TeX-made PDFs, 87 with only
# PDFs of other page counts, 55 with only short or no outlines, 19 with a mix of those,
# symlinks or a file over 5 MB):
# abcl, abyss, ada-reference-manual-2005, ada-reference-manual-2012, ada-reference-manual-2020,
# advi, andi, angband, aplus-fsf-doc, arduino, asn1c-doc, atlc, augeas-doc, auto-07p,
# autoconf-doc, autogen-doc, avr-libc, avrdude-doc, axiom-doc, backup-manager-doc, bacula-doc,
# bagel, beagle-doc, bedops-doc, belenios-tool, belvu, bird-doc, bird2-doc, blixem, blkreplay,
# bzip2-doc, caja-actions-common, cardpeek-data, cdftools, chezscheme-doc, cl-{alexandria,asdf,
# cffi,containers,sql}, claws-mail-doc, cli-common, clips-doc, clisp-doc, cmucl-docs,
# cohomcalg-common, coinor-libsymphony-doc, coinor-libvol-doc, crawl-common, crystal-facet-uml,
# ctsim-doc, cvs, cwebx, cxxtest, dbconfig-common, dblatex-doc, ddd-doc,
# debian-edu-doc-legacy-{fr,ja,nb-no,nl,pl,pt-br,pt-pt,sv,uk,zh-cn}, debian-edu-doc-{de,en,es,
# fr,it,ja,nb-no,nl,pt-br,pt-pt,zh-cn}, debian-faq, debian-handbook, debian-policy,
# debian-refcard, debian-reference-{es,fr,id,it,ja,pt,pt-br,zh-cn,zh-tw}, debomatic, dejagnu,
# developers-reference-{fr,it,ja,ru}, device-tree-compiler, dia-common, dibbler-doc, dicelab,
# dlt-viewer, docbook-xsl-doc-pdf, dotter, dpic, drawxtl, drbd-doc, dvdisaster-doc, dynare-doc,
# e2guardian, ebumeter-doc, ecasound-doc, eclipse-titan, elastix-doc, elk-lapw, elpa-{ess,
# gnuplot-mode,transient-doc}, epix, euslisp-doc, examl, expeyes-doc-fr, eyes17-manuals-en,
# f2j, flex-doc, flite, fltk1.1-doc, fltk1.3-doc, fontconfig, fonts-sil-{akatab,alkalami,
# andika-compact,andikanewbasic,annapurna,awami-nastaliq}, fonts-{arphic-ukai,arphic-uming,
# cwtex-docs,dotgothic16,hosny-amiri,inconsolata,klee,le-murmure,manchufont,millimetre,rampart,
# reggae,rocknroll,senamirmir-washra}, freedombox-doc-es, instead-doc-ru, libdbd-pgsql,
# libdbd-sqlite3, libdbi-doc, libdbuskit-dev, libdc1394-doc, libdds-dev, libdigidoc-doc,
# libdmalloc-dev, libdsk4-dev, libdwarf-dev, libembree-doc, libevas-loaders, libevent-perl,
# libfccp-dev, libflint-arb-doc, libflint-doc, libfontconfig-doc, libforms-doc, libftgl-dev,
# libfuse-dev, libg2-dev, libgcrypt20-doc, libgfshare-dev, libgit2-fixtures, libgl2ps-doc,
# libglpk-java, libgnatcoll-db-doc, libgnatcoll-doc, libgraphblas-doc, libgraphite2-doc,
# libgtg-dev, libgtkada-doc, libhsqldb-java-doc, libhyphen-dev, libifd-cyberjack6,
# libigraph-doc, libijs-doc, libint-dev, libisospec++-doc, libjide-oss-java-doc,
# libjiu-java-doc, libjs-dygraphs, libjs-pdf, libkim-api-doc, liblapack-doc, liblcms2-dev,
# liblip2, liblog4ada-doc, libmlv3-dev, libmpfr-doc, libnorm-doc, libosp-dev, libosp5,
# libpgtcl-dev, libpodofo-utils, libpomp2-doc, libpostscriptbarcode, libppl-doc,
# libppx-visitors-ocaml-doc, libptscotch-dev, libqhull-doc, libraw1394-doc, librcc-doc,
# libreoffice-common, librlog-dev, librocm-smi-dev, librostlab-doc, librust-{content-inspector,
# sequoia-openpgp,sha1collisiondetection}-dev, libsaclib-dev, libscotch-dev, libsilo-dev,
# libsimavr-examples, libsimbody-dev, libsimtkmolmodel-dev, libstarlink-ast-doc,
# libstarlink-pal-doc, libswe-doc, libsynthesis-dev, libtemplates-parser-doc, libtheora-doc,
# libtlsh-dev, libtomcrypt-dev, libtommath-doc, libtrompeloeil-cpp-dev, libtspi-dev,
# libudunits2-dev, libur-perl, libvigraimpex-doc, libvkd3d-doc, libxcomp3, libxmlada-doc,
# libxpa-dev, libxsmm-dev, lifelines-doc, liggghts-doc, linuxcnc-doc-{en,es,fr,zh-cn},
# linuxcnc-uspace, linuxdoc-tools, lirc-doc, lisaac-doc, litl-doc, logdata-anomaly-miner,
# lua-cqueues-dev, lua-luaossl-dev, lyx-common, m17n-docs, macaulay2-common, maint-guide-{de,
# es,fr,it,ja,ru,vi,zh-cn,zh-tw}, malaga-doc, malt, mandelbulber2, mandelbulber2-data, maq,
# mathomatic, maxima-doc, maxima-sage-share, maxima-share, mcabber, mcu8051ide, melting,
# menhir-doc, metaphlan, metastudent, microhope, minimap2, minlog, mit-scheme-doc, mixxx-data,
# mk-configure, mma, mmseqs2, monero-tests, mpich-doc, mrgingham, msc-generator-doc, mumudvb,
# muse, music-doc, muttprint-manual, mwrap, ne-doc, nescc, nettle-dev, nfstrace-doc,
# ngspice-doc, nip2, notary, notedeln, ns2-doc, numdiff, nyacc, nyquist, oaklisp-doc,
# octave-{arduino,biosig,communications-common,octclip,octproj,optics,quaternion,queueing,
# secs1d,vrml,zeromq}, odb, omniorb-doc, openafs-doc, openhpi-plugin-ov-rest, openms-doc,
# openni-doc, openocd, opense-basic, opensp, optipng, orpie, packaging-tutorial, paexec, pampi,
# paperwork-gtk, parallel, pbuilder, pcb-common, pd-{cyclone,iemlib,pmpd}, pecomato, pescetti,
# petsc3.18-doc, pfstools, pftools, php-tcpdf, phylonium, phyml, phyx, pianobooster, pmw-doc,
# polymake-common, preview-latex-style, previsat, printer-driver-foo2zjs-common, probabel,
# procserv, prover9-doc, pssh, pstoedit, publican, purifyeps, pycode-browser, pycorrfit,
# pygopherd, pymca-data, pymol, pyscanfcs, python-{ase,astroplan,astropy,astroquery,babel,
# biopython,bumps,cycler,dask,escript,flask-dance,fluids,imexam,lark,nibabel,nitime,
# periodictable,pint,py7zr,pyregion,qutip,ruffus,sfepy,simpy,sklearn,statsmodels,sympy}-doc,
# python3-{intelhex,libtrace,nmea2,pyutilib,traitsui}, qdbm-doc, qgis3-survex-import,
# qprint-doc, qtpdf5-examples, quilt, r-bioc-{genefilter,geneplotter,genomeinfodb,
# genomicalignments,genomicfiles,genomicranges,ggbio,goseq,graph,grohmm,hilbertvis,iranges,
# limma,lpsymphony,makecdfenv,mergeomics,metagenomeseq,monocle,multiassayexperiment,
# nanostringqcpro,netsam,noiseq,organismdbi,pcamethods,purecn,pwmenrich,qusage,qvalue,rbgl,
# rgsepd,rhdf5,rots,rsamtools,rsubread,rtracklayer,s4vectors,savr,shortread,snpstats,stringdb,
# sva,titancna,variantannotation}, r-cran-{etm,evd,expint,factominer,fastcluster,filehash,
# fitdistrplus,forecast,formula,g.data,gbm,gbutils,gdata,geepack,genabel,genetics,genoplotr,
# geometry,geosphere,ggbeeswarm,ggridges,glmmtmb,gmm,gnm,googledrive,gower,gparotation,gplots,
# gregmisc,gridbase,gridsvg,gsl,gstat,gsubfn,gtable,gwidgets,haplo.stats,hexbin,hsaur3,huge,
# hwriter,interp,intervals,ipred,irace,irlba,iso,jsonlite,kedd,kernlab,knitr,kohonen,ks,kutils,
# laeken,lasso2,lavasearch2,lbfgsb3c,learnbayes,libcoin,logcondens,luminescence,magic,
# maldiquant,maldiquantforeign,maptools,markovchain,maxlik,maxstat,metamix,metap,mi,mitools,
# mixtools,mlmrev,mnp,msm,mutoss,nanotime,network,nmf,numderiv,openxlsx,optimparallel,optimx,
# ordinal,pan,partitions,pcapp,phylobase,plot3d,plotly,plotmo,pls,popepi,powerlaw,proto,proxy,
# pscbs,psych,psychotools,psychotree,psychtools,qtl,r.devices,r.oo,r.rsp,r2html,rcmdr,
# rcppannoy,rcpparmadillo,rcppdist,rcppeigen,rcppgsl,rcppmlpack,rdpack,registry,rgdal,rgenoud,
# rjson,rmpfr,robumeta,rockchalk,rodbc,rpart,rprotobuf,rrcov,rsolnp,rstanarm,runit,sampling,
# samr,scatterplot3d,semtools,seqinr,seriation,seroincidence,setrng,sets,shape,shazam,
# simplermarkdown,skimr,sn,snowfall,spacetime,sparsem,spatstat,squarem,stringdist,surveillance,
# survey,survmisc,susier,systemfit,tgp,th.data,thematic,tigger,tikzdevice,timeseries,tinytest,
# tm,tmvtnorm,tsp,ucminf,uroot,vegan,venndiagram,vipor,xtable}, r6rs-nanopass-dev,
# racket-common, ragel, rambo-k, ratpoints, raxml, rdkit-doc, rna-star, rocketcea,
# roundcube-core, rsplib-doc, rtklib-doc, rubber, ruby-prawn-doc, samhain, sasview-doc,
# sbcl-doc, sc3-plugins-language, scheme48-doc, scolasync, scons-doc, sdcc-doc, sdpb-doc,
# secilc-doc, seqan-raptor-doc, seqsero, sgml-base-doc, sha1cdsum, shared-mime-info, sioyek,
# siscone-doc-pdf, sketch-doc, slang-pvm, slepc3.18-doc, slime, smbldap-tools, snakemake-doc,
# snap-aligner, songwrite, speechd-el, speex-doc, splash, stealth-doc, stex, stopt-doc,
# storebackup, stow, sumaclust, sumatra, surf-display, survex, swupdate-doc, systraq,
# t-code-common, t-coffee-examples, tablix2-doc, tcl-combat, tcm-doc, tcode, teckit, tex-gyre,
# texinfo, texworks-help-fr, theme-d-doc, tig, tigr-glimmer, tix, tix-dev, tokyocabinet-doc,
# topal, topparser, toulbar2-doc, travis, treeview, tucnak, tuna, ubuntu-packaging-guide-pdf,
# ucblogo, udunits-bin, ufoai, ufoai-misc, uhd-doc, unifont-bin, userv, valentina, valgrind,
# vdk2-tutorial, velvet, verilator, visp-images-data, vite, vmg, vsearch, vym,
# w3c-markup-validator, wannier90-data, warmux-data, weka-doc, whizzytex, wiki2beamer,
# wise-doc, wyrd, xemacs21-basesupport, xindy-rules, xmds2-doc, xotcl-doc, yade, yodl-doc,
# yorick-doc, zlib1g-dev, zoneminder
# Not looked at: the second pool from fonts-sil-charis-compact to libcrcutil-doc (133
# packages), its r-* packages and other language variants (debian-faq-LANG,
# eyes17-manuals-{es,fr,ml}, installation-guide-ARCH, ubuntu-packaging-guide-pdf-LANG).
# Producers: LibreOffice 3.3, 4.2 and 6.4; OpenOffice.org 1.9.79, 1.9.93 and 2.0; OpenOffice
# 4.1.2; Acrobat Distiller 6.0 (Windows, Creator FrameMaker 6.0), 6.0.1 (Windows, PDFMaker 6.0
# for Word) and 8.0.0 (Windows, PScript5.dll); Microsoft Word with an empty Producer; Microsoft
# PowerPoint for Microsoft 365; GPL Ghostscript 9.06 and 9.10 (the R vignettes above); Apache
# FOP 0.95, 2.5 and 2.7 and FOP 0.20.5 (DocBook); RenderX XEP 4.9 and 4.18 (two); ReportLab;
# cairo 1.8.10 and 1.16.0 (two); Prawn; Asciidoctor PDF (Prawn), whose Producer is the
# author's name ("Keith Packard", "Keith Packard, Michael Ward", "Robert Burgess, Keith
# Packard"), so three families by the rule above. Seen mechanically (outline titles compared
# with `pdftotext` output; the text was not read): macsyfinder-AllFigs.pdf (set 11) has a flat
# outline of 5 figure file names (*.pdf) not on the pages; r-cran-statcheck's
# overview_functions.pdf (set 11) has a flat "Slide 1".."Slide 8" outline; the outline of
# lure-of-the-temptress Manual_it.pdf (set 10) has carriage returns inside titles, and 28 of
# its 44 titles are not found as such in the text; the fonts-sil-* files are character-set
# charts. Judging by file names only, Manual_it.pdf is in Italian. Column layout was not
# recorded.
#
# The packages are downloaded with `apt-get download` (about 112 MB in all: run `apt-get
# update` first on a fresh machine) and unpacked with dpkg-deb; nothing is installed. Only the
# listed files are kept, under the names in the first column, with a MANIFEST.tsv in each set
# (name, package, version, path in package, pages, producer, creator, outline entries,
# sha256). Pages, producer and creator need pdfinfo (poppler-utils), outline entries mutool
# (mupdf-tools); without them those columns stay empty. Takes about a minute with an empty
# cache.
#
# Usage: scripts/fetch_pdf_holdout10.sh [DEST10] [DEST11]
#        (defaults /var/tmp/docsweep-pdf-holdout10 and /var/tmp/docsweep-pdf-holdout11)
# DEB_CACHE=DIR keeps the downloaded .deb files in DIR for reuse
# (default /var/tmp/docsweep-debs, shared with other fetch scripts).
set -euo pipefail
dest10=${1:-/var/tmp/docsweep-pdf-holdout10}
dest11=${2:-/var/tmp/docsweep-pdf-holdout11}

# Package versions the sets were chosen from (Debian 12 "bookworm"); if a version is no longer
# available, the cached or current one is used and a warning is printed. Some are amd64
# packages (altos, gentle, libxmp-dev, macsyfinder, nagios-nrpe-server, nickle,
# openhpi-plugin-*, r-cran-spam, simh, unihedron-device-manager, xmlstarlet); the PDFs do
# not depend on the architecture.
declare -A version=(
  [altos]=1.9.16-2
  [ansible]=7.7.0+dfsg-3+deb12u1
  [cl-uffi]=2.1.2-1.1
  [docbook5-xml]=5.0-3
  [fonts-sil-andika]=6.101-2
  [fonts-sil-charis]=6.101-1
  [gentle]=1.9+cvs20100605+dfsg1-10+b2
  [liblimesuite-doc]=22.09.1+dfsg-1
  [libpod-2-docbook-perl]=0.03-4
  [libxmp-dev]=4.5.0-2
  [libzemberek-java-doc]=2.1.1-8.4
  [lightyears]=1.5.0-2
  [lure-of-the-temptress]=1.1+ds3-1
  [macsyfinder]=2.0-2+b1
  [nagios-nrpe-server]=4.1.0-1+b1
  [nickle]=2.91
  [openhpi-plugin-ilo2-ribcl]=3.8.0-2.1+b1
  [openhpi-plugin-oa-soap]=3.8.0-2.1+b1
  [openhpi-plugin-snmp-bc]=3.8.0-2.1+b1
  [opensm-doc]=3.3.23-2
  [r-cran-hypergeo]=1.2-13-4
  [r-cran-metafor]=3.8-1-1
  [r-cran-spam]=2.9-1-1
  [r-cran-statcheck]=1.4.0-1
  [ruby-prawn-table]=0.2.2-1.1
  [simh]=3.8.1-6.1
  [snek]=1.9-1
  [unihedron-device-manager]=1.0.0.322-4
  [xmlstarlet]=1.6.1-3
  [xorg-docs]=1:1.7.1-1.2
)

# name <TAB> package <TAB> path inside the package <TAB> set (10 = DEV, 11 = TEST)
list='
altos-altos.pdf	altos	usr/share/doc/altos/altos.pdf.gz	10
ansible-CL2020-EMEAR-DEVWKS-1542-Intersight-Ansible-Lab-Guid.pdf	ansible	usr/lib/python3/dist-packages/ansible_collections/cisco/intersight/misc/CL2020 EMEAR DEVWKS-1542 Intersight Ansible Lab Guide.pdf	11
cl-uffi-uffi.pdf	cl-uffi	usr/share/doc/cl-uffi/uffi.pdf.gz	10
docbook5-xml-howto.pdf	docbook5-xml	usr/share/doc/docbook5-xml/docs/howto.pdf.gz	11
fonts-sil-andika-charset.pdf	fonts-sil-andika	usr/share/doc/fonts-sil-andika/documentation/pdf/charset.pdf.gz	10
fonts-sil-charis-charset.pdf	fonts-sil-charis	usr/share/doc/fonts-sil-charis/documentation/pdf/charset.pdf.gz	11
gentle-GENtle_manual.pdf	gentle	usr/share/doc/gentle/GENtle_manual.pdf	10
liblimesuite-doc-lms7_api_quick_start_guide.pdf	liblimesuite-doc	usr/share/doc/liblimesuite-dev/lms7_api_quick_start_guide.pdf.gz	11
libpod-2-docbook-perl-Pod-2-DocBook.pdf	libpod-2-docbook-perl	usr/share/doc/libpod-2-docbook-perl/Pod-2-DocBook.pdf.gz	10
libxmp-dev-libxmp.pdf	libxmp-dev	usr/share/doc/libxmp-dev/libxmp.pdf.gz	11
libzemberek-java-doc-zemberek.pdf	libzemberek-java-doc	usr/share/doc/libzemberek-java-doc/zemberek.pdf.gz	10
lightyears-manual.pdf	lightyears	usr/share/doc/lightyears/manual.pdf	11
lure-of-the-temptress-Manual_it.pdf	lure-of-the-temptress	usr/share/doc/lure-of-the-temptress/Manual_it.pdf	10
macsyfinder-AllFigs.pdf	macsyfinder	usr/share/doc/macsyfinder/html/_static/AllFigs.pdf.gz	11
nagios-nrpe-server-NRPE.pdf	nagios-nrpe-server	usr/share/doc/nagios-nrpe-server/NRPE.pdf.gz	10
nickle-nickle-tutorial.pdf	nickle	usr/share/doc/nickle/nickle-tutorial.pdf.gz	11
openhpi-plugin-ilo2-ribcl-OpenHPI_ProLiant_DevGuide.pdf	openhpi-plugin-ilo2-ribcl	usr/share/doc/openhpi-plugin-ilo2-ribcl/OpenHPI_ProLiant_DevGuide.pdf.gz	10
openhpi-plugin-oa-soap-OpenHPI_Blade_DevGuide.pdf	openhpi-plugin-oa-soap	usr/share/doc/openhpi-plugin-oa-soap/OpenHPI_Blade_DevGuide.pdf.gz	11
openhpi-plugin-snmp-bc-bc2hpi.pdf	openhpi-plugin-snmp-bc	usr/share/doc/openhpi-plugin-snmp-bc/bc2hpi.pdf.gz	10
opensm-doc-OpenSM_RN.pdf	opensm-doc	usr/share/doc/opensm/doc/OpenSM_RN.pdf.gz	11
r-cran-hypergeo-hypergeometric.pdf	r-cran-hypergeo	usr/lib/R/site-library/hypergeo/doc/hypergeometric.pdf	10
r-cran-metafor-metafor.pdf	r-cran-metafor	usr/lib/R/site-library/metafor/doc/metafor.pdf	11
r-cran-spam-jss15.pdf	r-cran-spam	usr/lib/R/site-library/spam/doc/jss15.pdf	10
r-cran-statcheck-overview_functions.pdf	r-cran-statcheck	usr/lib/R/site-library/statcheck/help/figures/overview_functions.pdf	11
ruby-prawn-table-manual.pdf	ruby-prawn-table	usr/share/doc/ruby-prawn-table/manual.pdf.gz	10
simh-advmonsys.pdf	simh	usr/share/doc/simh/advmonsys.pdf	11
snek-lesson-2-line-bug.pdf	snek	usr/share/doc/snek/lessons/lesson-2-line-bug.pdf.gz	10
unihedron-device-manager-47_SKYGLOW_DEFINITIONS.pdf	unihedron-device-manager	usr/share/udm/47_SKYGLOW_DEFINITIONS.PDF	11
xmlstarlet-xmlstarlet-ug.pdf	xmlstarlet	usr/share/doc/xmlstarlet/xmlstarlet-ug.pdf.gz	10
xorg-docs-License.pdf	xorg-docs	usr/share/doc/xorg-docs/License.pdf.gz	11
'

# Fetches the listed files into DEST10 (set 10) and DEST11 (set 11), each with a MANIFEST.tsv
# (name, package, version, path in package, pages, producer, creator, outline entries, sha256),
# through scripts/lib_debian_pdfs.sh (members ending in .gz are stored gunzipped; the sha256 is
# that of the stored file).
# shellcheck source=scripts/lib_debian_pdfs.sh
source "$(dirname "$0")/lib_debian_pdfs.sh"
all=$list
list=$(printf '%s\n' "$all" | awk -F'\t' -v OFS='\t' 'NF == 4 && $4 == 10 {print $1, $2, $3}')
fetch_debian_pdfs "hold-out set 10 (DEV)" "$dest10" creator
list=$(printf '%s\n' "$all" | awk -F'\t' -v OFS='\t' 'NF == 4 && $4 == 11 {print $1, $2, $3}')
fetch_debian_pdfs "hold-out set 11 (TEST)" "$dest11" creator
