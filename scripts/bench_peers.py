#!/usr/bin/env python3
"""bench_peers.py - throughput of docsweep and of the Python chunkers users would otherwise
pick, on the same corpus, in the same run. Run it through scripts/bench_peers.sh, which builds
docsweep, exports the cl100k_base vocabulary and sets up the peers' venv.

What is measured
  docsweep  `docsweep bench CORPUS --threads 1|2 --json` (a whole `index` run into a temporary
            folder: read, extract, structure, tokenize, chunk and write Parquet), after one
            untimed warm-up run so that every tool reads the corpus from the page cache; the
            median of 3 runs at each thread count is reported (a run takes only seconds).
  peers     one process per peer (the venv's interpreter, in a network namespace without
            network when `unshare` can make one, and with Python sockets blocked), timing read +
            UTF-8 decode + chunking of every file; nothing is written (which favours the peers).
            Each peer is first warmed up on a few files, then timed on every 50th file; if that
            projects the whole corpus beyond --budget seconds (default 600), the timed pass runs
            on every k-th file instead (k chosen to fit the budget) and the output says so. MB/s
            is bytes processed / seconds; chunk counts are those of the files processed.

Which files (the same list for every peer)
  The files docsweep reads as Markdown or plain text, classified as docsweep does
  (Format::detect): .md .markdown .mdown .mkdown .mkd .mkdn .mdwn .mdx .rmd .qmd .livemd
  .ronn go to each peer's Markdown path, .txt .text .rst .adoc .asciidoc and names without an
  extension to its plain-text path (docsweep reads those written in Markdown as Markdown).
  Documentation names with another extension (README.Debian) and gzipped files, which
  docsweep reads too, are left out as other extensions are (the benchmark corpus has neither).
  Symbolic links, other extensions (HTML, PDF, ...) and files docsweep would mark failed
  (a NUL byte, or more than 5% invalid UTF-8) are left out for all peers alike and counted.
  Text is decoded as UTF-8 with invalid bytes replaced, as docsweep does; MB = sum of the
  sizes of the processed files (1 MB = 10^6 bytes, as docsweep reports).

Settings (docsweep's defaults: 512-token chunks, 64 tokens of overlap, cl100k_base)
  langchain  MarkdownHeaderTextSplitter(#, ##, ###: LangChain's documented example) then
             RecursiveCharacterTextSplitter.from_tiktoken_encoder("cl100k_base", 512, 64) on
             each header section; plain text goes straight to the second splitter.
  chonkie    RecursiveChunker(tokenizer=<tiktoken cl100k Encoding>, chunk_size=512), default
             rules (the Markdown recipe is downloaded from a hub, so it is not used); chonkie
             has no overlap option in this chunker.
  semantic   semantic-text-splitter MarkdownSplitter / TextSplitter
             .from_tiktoken_model("gpt-3.5-turbo", 512, overlap=64) (cl100k, built in).
  llamaindex MarkdownNodeParser then SentenceSplitter(512, 64, tokenizer=cl100k encode) over
             Documents; plain text goes straight to SentenceSplitter.
  Special-token text such as <|endoftext|> is encoded as ordinary text everywhere, as docsweep
  does (tiktoken would otherwise raise on it).

tiktoken runs offline: bench_peers.sh writes the vocabulary docsweep embeds in tiktoken's
format (examples/export_tiktoken.rs); this script checks its sha256 against the hash the
installed tiktoken expects, stores it in tiktoken's cache under the name tiktoken looks for
(sha1 of the blob URL) in TIKTOKEN_CACHE_DIR, and checks a few known token counts and that
tiktoken counts docsweep's own chunks (from `docsweep inspect`) exactly as docsweep does.
"""

import argparse
import hashlib
import inspect
import json
import math
import os
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time

MARKDOWN_EXTS = {"md", "markdown", "mdown", "mkdown", "mkd", "mkdn", "mdwn", "mdx", "rmd", "qmd",
                 "livemd", "ronn"}
TEXT_EXTS = {"txt", "text", "rst", "adoc", "asciidoc", "org"}
MAX_INVALID_UTF8 = 0.05  # docsweep's markdown.max_invalid_utf8_ratio
CHUNK_TOKENS, OVERLAP_TOKENS = 512, 64
SAMPLE_EVERY = 50  # calibration and token-statistics sample: every 50th file
WARMUP_FILES = 8
DOCSWEEP_RUNS = 3

# peer -> its pip distribution, and whether it tokenizes through Python's tiktoken
DIST_NAMES = {"langchain": "langchain-text-splitters", "chonkie": "chonkie",
              "semantic": "semantic-text-splitter", "llamaindex": "llama-index-core"}
NEEDS_TIKTOKEN = {"langchain", "chonkie", "llamaindex"}  # semantic embeds tiktoken-rs data
# Texts with token counts published by OpenAI for cl100k_base.
KNOWN_COUNTS = [("hello world", [15339, 1917]), ("tiktoken is great!", 6)]


# ---------------------------------------------------------------- the file list

def corpus_files(root):
    """(abs path, is_markdown, bytes) of the files every peer processes, in docsweep's order
    (byte order of the relative path), and a count of the files left out, by reason."""
    entries, left_out = [], {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in (".git", ".hg", ".svn")]
        for name in filenames:
            path = os.path.join(dirpath, name)
            entries.append((os.fsencode(os.path.relpath(path, root)), path, name))
    files = []
    for _, path, name in sorted(entries):
        stem, dot, ext = name.rpartition(".")
        ext = ext.lower()
        if not dot:
            is_md = False  # README, NEWS: plain text
        elif stem and ext in MARKDOWN_EXTS:
            is_md = True
        elif stem and ext in TEXT_EXTS:
            is_md = False
        else:
            left_out["not Markdown or text"] = left_out.get("not Markdown or text", 0) + 1
            continue
        if os.path.islink(path) or not os.path.isfile(path):
            left_out["not a regular file"] = left_out.get("not a regular file", 0) + 1
            continue
        with open(path, "rb") as f:
            data = f.read()
        invalid = len(data) - len(data.decode("utf-8", "ignore").encode("utf-8"))
        if b"\0" in data or invalid > MAX_INVALID_UTF8 * max(len(data), 1):
            left_out["binary or not UTF-8"] = left_out.get("binary or not UTF-8", 0) + 1
            continue
        files.append((path, is_md, len(data)))
    return files, left_out


# ---------------------------------------------------------------- worker side (peer venv)

def block_network():
    """Any attempt of a peer to download something fails instead of silently working."""
    def refuse(*_a, **_k):
        raise OSError("network access is disabled during the benchmark")
    real_connect = socket.socket.connect

    def connect(self, address):
        if self.family in (socket.AF_INET, socket.AF_INET6):
            refuse()
        return real_connect(self, address)
    socket.socket.connect = connect
    socket.socket.connect_ex = lambda self, address: connect(self, address) or 0
    socket.create_connection = refuse
    socket.getaddrinfo = refuse
    os.environ.update(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")


def plain_cl100k():
    """cl100k_base without special tokens: `<|endoftext|>` in a document is ordinary text."""
    import tiktoken
    base = tiktoken.get_encoding("cl100k_base")
    return tiktoken.Encoding(name="cl100k_base_plain", pat_str=base._pat_str,
                             mergeable_ranks=base._mergeable_ranks, special_tokens={})


def make_chunker(peer):
    """A function text, is_markdown -> list of chunk texts, built with the peer's own API."""
    if peer == "langchain":
        from langchain_text_splitters import (MarkdownHeaderTextSplitter,
                                              RecursiveCharacterTextSplitter)
        headers = MarkdownHeaderTextSplitter(
            headers_to_split_on=[("#", "h1"), ("##", "h2"), ("###", "h3")])
        splitter = RecursiveCharacterTextSplitter.from_tiktoken_encoder(
            encoding_name="cl100k_base", chunk_size=CHUNK_TOKENS, chunk_overlap=OVERLAP_TOKENS,
            disallowed_special=())

        def chunk(text, is_md):
            if is_md:
                return [d.page_content for d in splitter.split_documents(headers.split_text(text))]
            return splitter.split_text(text)
        return chunk
    if peer == "chonkie":
        from chonkie import RecursiveChunker
        chunker = RecursiveChunker(tokenizer=plain_cl100k(), chunk_size=CHUNK_TOKENS)
        return lambda text, is_md: [c.text for c in chunker.chunk(text)]
    if peer == "semantic":
        from semantic_text_splitter import MarkdownSplitter, TextSplitter
        md, txt = (cls.from_tiktoken_model("gpt-3.5-turbo", CHUNK_TOKENS, overlap=OVERLAP_TOKENS)
                   for cls in (MarkdownSplitter, TextSplitter))
        return lambda text, is_md: (md if is_md else txt).chunks(text)
    if peer == "llamaindex":
        from llama_index.core import Document
        from llama_index.core.node_parser import MarkdownNodeParser, SentenceSplitter
        enc = plain_cl100k()
        sections = MarkdownNodeParser()
        splitter = SentenceSplitter(chunk_size=CHUNK_TOKENS, chunk_overlap=OVERLAP_TOKENS,
                                    tokenizer=enc.encode)

        def chunk(text, is_md):
            nodes = [Document(text=text)]
            if is_md:
                nodes = sections.get_nodes_from_documents(nodes)
            return [n.get_content() for n in splitter.get_nodes_from_documents(nodes)]
        return chunk
    raise ValueError(f"unknown peer {peer}")


def timed_pass(chunk, files):
    """Chunks `files`; returns (seconds, cpu seconds, bytes, chunks, errors, chunk texts)."""
    texts, nbytes, nchunks, errors = [], 0, 0, []
    cpu0, t0 = time.process_time(), time.perf_counter()
    for path, is_md, _ in files:
        with open(path, "rb") as f:
            data = f.read()
        try:
            out = chunk(data.decode("utf-8", "replace"), is_md)
        except Exception as e:  # a peer failing on one file is reported, not fatal
            errors.append(f"{os.path.basename(path)}: {type(e).__name__}: {e}"[:200])
            continue
        nbytes += len(data)
        nchunks += len(out)
        texts.append(out)
    return time.perf_counter() - t0, time.process_time() - cpu0, nbytes, nchunks, errors, texts


def token_stats(chunk_lists):
    """Mean and max cl100k tokens per chunk, counted by tiktoken (None without tiktoken)."""
    try:
        enc = plain_cl100k()
    except Exception:
        return None
    counts = [len(enc.encode(c)) for cs in chunk_lists for c in cs]
    return {"mean": sum(counts) / max(len(counts), 1), "max": max(counts, default=0),
            "over_limit": sum(n > CHUNK_TOKENS for n in counts), "chunks": len(counts)}


def worker(args):
    """Runs one peer over the file list and prints one JSON object."""
    block_network()
    files = [tuple(f) for f in json.load(open(args.files))]
    res = {"peer": args.worker}
    try:
        from importlib.metadata import version
        res["version"] = version(DIST_NAMES[args.worker])
        chunk = make_chunker(args.worker)
        warm = files[:: max(1, len(files) // WARMUP_FILES)][:WARMUP_FILES]
        timed_pass(chunk, warm)
    except Exception as e:
        res["status"] = f"could not run: {type(e).__name__}: {e}"[:300]
        print(json.dumps(res))
        return
    sample = files[::SAMPLE_EVERY]
    secs, _, nbytes, _, _, texts = timed_pass(chunk, sample)
    res["tokens"] = token_stats(texts)
    total = sum(f[2] for f in files)
    projected = secs * total / max(nbytes, 1)
    every = max(1, math.ceil(projected / args.budget))
    res["projected_seconds"] = projected
    res["every"] = every
    secs, cpu, nbytes, nchunks, errors, _ = timed_pass(chunk, files[::every])
    res.update(status="ok", files=len(files[::every]) - len(errors), bytes=nbytes,
               seconds=secs, cpu_seconds=cpu, chunks=nchunks, errors=errors,
               peak_rss_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    print(json.dumps(res))


def versions():
    """Installed versions of the peers and of tiktoken, as JSON."""
    from importlib.metadata import PackageNotFoundError, version
    out = {}
    for name in [*DIST_NAMES.values(), "tiktoken"]:
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            pass
    print(json.dumps(out))


def prepare_tiktoken(args):
    """Places the exported vocabulary in tiktoken's cache and checks tiktoken against it and
    against docsweep's own token counts. Prints one JSON object."""
    block_network()
    res = {"ok": False}
    try:
        import tiktoken
        import tiktoken_ext.openai_public as op
        from importlib.metadata import version
        res["version"] = version("tiktoken")
    except Exception as e:
        res["reason"] = f"tiktoken not importable: {e}"
        print(json.dumps(res))
        return
    src = inspect.getsource(op.cl100k_base)
    url = re.search(r'"(https?://[^"]+cl100k_base\.tiktoken)"', src).group(1)
    expected = re.search(r'expected_hash="([0-9a-f]{64})"', src).group(1)
    with open(args.vocab, "rb") as f:
        data = f.read()
    actual = hashlib.sha256(data).hexdigest()
    res.update(url=url, expected_sha256=expected, sha256=actual)
    if actual != expected:
        res["reason"] = (f"exported vocabulary sha256 {actual} differs from the {expected} "
                         f"tiktoken expects; tiktoken would try to download it")
        print(json.dumps(res))
        return
    os.makedirs(args.cache_dir, exist_ok=True)
    dest = os.path.join(args.cache_dir, hashlib.sha1(url.encode()).hexdigest())
    tmp = dest + ".tmp"
    shutil.copyfile(args.vocab, tmp)
    os.replace(tmp, dest)
    os.environ["TIKTOKEN_CACHE_DIR"] = args.cache_dir
    enc = tiktoken.get_encoding("cl100k_base")
    for text, want in KNOWN_COUNTS:
        got = enc.encode(text)
        if (got if isinstance(want, list) else len(got)) != want:
            res["reason"] = f"tiktoken encodes {text!r} as {got}, expected {want}"
            print(json.dumps(res))
            return
    # docsweep's chunks of the sample files: tiktoken must count each exactly as docsweep did.
    same = total = 0
    for doc in json.load(open(args.docsweep_chunks)):
        for c in doc:
            total += 1
            same += len(enc.encode(c["text"], disallowed_special=())) == c["tokens"]
    res.update(ok=same == total, cache_file=dest, chunks_checked=total, chunks_agreeing=same)
    if same != total:
        res["reason"] = f"tiktoken and docsweep disagree on {total - same} of {total} chunks"
    print(json.dumps(res))


# ---------------------------------------------------------------- orchestrator (system python)

def run_json(cmd, timeout=None, env=None):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[:3])}... exited {p.returncode}: "
                           + (p.stderr.strip().splitlines() or ["(no message)"])[-1])
    return json.loads(p.stdout)


def log(msg):
    print(f"bench_peers: {msg}", file=sys.stderr, flush=True)


def main(args):
    corpus = os.path.abspath(os.path.expanduser(args.corpus))
    files, left_out = corpus_files(corpus)
    total = sum(f[2] for f in files)
    left = ", ".join(f"{n} {why}" for why, n in left_out.items())
    log(f"{len(files)} files, {total / 1e6:.1f} MB to chunk"
        + (f"; left out: {left}" if left else ""))
    work = tempfile.mkdtemp(prefix="bench-peers-")
    try:
        report = measure(args, corpus, files, left_out, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report)


def measure(args, corpus, files, left_out, work):
    listing = os.path.join(work, "files.json")
    with open(listing, "w") as f:
        json.dump(files, f)
    report = {"corpus": corpus, "files": len(files), "mb": sum(f[2] for f in files) / 1e6,
              "left_out": left_out, "budget_seconds": args.budget, "cores": os.cpu_count()}

    # docsweep: one warm-up run (fills the page cache), then the median (by MB/s) of
    # DOCSWEEP_RUNS runs at 1 and at 2 threads: a run takes seconds, so one run is noisy.
    log(f"docsweep: warm-up run, then {DOCSWEEP_RUNS} runs each at --threads 1 and 2")
    bench = [args.docsweep, "bench", corpus, "--json"]
    run_json(bench + ["--threads", "2"])
    report["docsweep"] = {}
    for t in (1, 2):
        runs = sorted((run_json(bench + ["--threads", str(t)]) for _ in range(DOCSWEEP_RUNS)),
                      key=lambda r: r["mb_per_s"])
        median = runs[len(runs) // 2]
        for key in ("stages", "formats"):
            median.pop(key, None)
        median["all_mb_per_s"] = [r["mb_per_s"] for r in runs]
        report["docsweep"][t] = median
    # docsweep's chunks of the sample files, for the tiktoken cross-check and token statistics.
    sample_chunks = []
    for path, _, _ in files[::SAMPLE_EVERY]:
        try:
            rows = run_json([args.docsweep, "inspect", path, "--json"])["chunks"]
        except Exception as e:
            log(f"docsweep inspect {path}: {e}")
            continue
        sample_chunks.append([{"text": c["text"], "tokens": c["tokens"]} for c in rows])
    counts = [c["tokens"] for cs in sample_chunks for c in cs]
    report["docsweep_tokens"] = {"mean": sum(counts) / max(len(counts), 1),
                                 "max": max(counts, default=0),
                                 "over_limit": sum(n > CHUNK_TOKENS for n in counts),
                                 "chunks": len(counts)}
    chunks_file = os.path.join(work, "docsweep-chunks.json")
    with open(chunks_file, "w") as f:
        json.dump(sample_chunks, f)

    install_errors = {}
    if args.install_errors and os.path.exists(args.install_errors):
        for line in open(args.install_errors):
            pkg, _, why = line.rstrip("\n").partition("\t")
            install_errors[pkg] = why
    py = args.venv_python
    have_py = bool(py) and os.access(py, os.X_OK)
    # Peers run in a network namespace of their own where one can be made (no network at
    # all, whatever language a peer downloads in); Python-level sockets are blocked anyway.
    isolate = next((c for c in (["unshare", "-n"], ["unshare", "-rn"])
                    if shutil.which("unshare")
                    and subprocess.run(c + ["true"], capture_output=True).returncode == 0), [])
    report["network"] = " ".join(isolate) or "Python sockets blocked"
    venv_cmd = isolate + [py, os.path.abspath(__file__)]

    # tiktoken, offline, with the vocabulary docsweep embeds.
    env = dict(os.environ, TIKTOKEN_CACHE_DIR=args.cache_dir, RAYON_NUM_THREADS="1")
    tk = {"ok": False, "reason": "no peer venv"}
    if have_py and "tiktoken" in install_errors:
        tk["reason"] = f"tiktoken not installed: {install_errors['tiktoken']}"
    elif have_py:
        try:
            tk = run_json(venv_cmd + ["--prepare-tiktoken", "--vocab", args.vocab, "--cache-dir",
                                      args.cache_dir, "--docsweep-chunks", chunks_file], env=env)
        except Exception as e:
            tk["reason"] = str(e)
    report["tiktoken"] = tk
    try:
        report["versions"] = run_json(venv_cmd + ["--versions"]) if have_py else {}
    except Exception:
        report["versions"] = {}
    log("tiktoken: " + ("offline, vocabulary verified, agrees with docsweep on "
                        f"{tk.get('chunks_agreeing')}/{tk.get('chunks_checked')} chunks"
                        if tk["ok"] else tk.get("reason", "?")))

    report["peers"] = {}
    for peer, dist in DIST_NAMES.items():
        needs_tiktoken = peer in NEEDS_TIKTOKEN
        missing = [p for p in [dist] + ["tiktoken"] * needs_tiktoken if p in install_errors]
        if not have_py:
            res = {"status": f"could not run: {install_errors.get('venv', 'no Python venv')}"}
        elif missing:
            res = {"status": f"could not run: pip install {missing[0]} failed: "
                             f"{install_errors[missing[0]]}"}
        elif needs_tiktoken and not tk["ok"]:
            res = {"status": "could not run: tiktoken is not usable offline (see below)"}
        else:
            log(f"{peer}: warm-up, sample, timed pass")
            try:
                res = run_json(venv_cmd + ["--worker", peer, "--files", listing,
                                           "--budget", str(args.budget)],
                               timeout=3 * args.budget + 600, env=env)
            except subprocess.TimeoutExpired:
                res = {"status": "could not run: timed out"}
            except Exception as e:
                res = {"status": f"could not run: {e}"[:300]}
        res.setdefault("version", report["versions"].get(dist))
        report["peers"][peer] = res
        if res.get("status") == "ok":
            log(f"{peer}: {res['bytes'] / 1e6 / res['seconds']:.2f} MB/s")
        else:
            log(f"{peer}: {res['status']}")
    for res in report["peers"].values():
        if res.get("status") == "ok":
            res["mb_per_s"] = res["bytes"] / 1e6 / res["seconds"]
            for t, d in report["docsweep"].items():
                res[f"ratio_{t}t"] = d["mb_per_s"] / res["mb_per_s"]
    return report


def print_table(r):
    left = ", ".join(f"{n} {why}" for why, n in r["left_out"].items())
    print(f"corpus {r['corpus']}: {r['files']} files, {r['mb']:.1f} MB"
          + (f" (left out for the peers: {left})" if left else "") + f"; {r['cores']} cores")
    head = (f"{'tool':<22} {'status':<7} {'files':>6} {'MB':>6} {'seconds':>8} {'MB/s':>7} "
            f"{'chunks':>7} {'chunks/MB':>9} {'tok/chunk':>9} {'max tok':>7} "
            f"{'ds1t/peer':>9} {'ds2t/peer':>9}")
    print(head)
    print("-" * len(head))
    dt = r["docsweep_tokens"]
    for t, d in r["docsweep"].items():
        print(f"{'docsweep ' + str(t) + ' thread' + ('s' if t > 1 else ''):<22} {'ok':<7} "
              f"{d['documents']:>6} {d['mb']:>6.1f} {d['seconds']:>8.2f} {d['mb_per_s']:>7.2f} "
              f"{d['chunks']:>7} {d['chunks'] / d['mb']:>9.0f} {dt['mean']:>9.0f} "
              f"{dt['max']:>7} {'':>9} {'':>9}")
    notes = []
    for peer, p in r["peers"].items():
        name = f"{peer} {p.get('version') or ''}".strip()
        if p.get("status") != "ok":
            print(f"{name:<22} {p['status']}")
            continue
        tok = p.get("tokens") or {}
        mean, top = (f"{tok['mean']:.0f}", tok["max"]) if tok else ("-", "-")
        status = "ok" if p["every"] == 1 else f"ok 1/{p['every']}"
        print(f"{name:<22} {status:<7} {p['files']:>6} {p['bytes'] / 1e6:>6.1f} "
              f"{p['seconds']:>8.2f} {p['mb_per_s']:>7.2f} {p['chunks']:>7} "
              f"{p['chunks'] / (p['bytes'] / 1e6):>9.0f} {mean:>9} {top:>7} "
              f"{p['ratio_1t']:>8.1f}x {p['ratio_2t']:>8.1f}x")
        if p["every"] > 1:
            notes.append(f"{peer}: whole corpus projected at {p['projected_seconds']:.0f} s, so "
                         f"timed on every {p['every']}-th file ({p['files']} files); MB/s is "
                         f"bytes processed / seconds, chunks are those of the subset")
        if p["cpu_seconds"] > 1.15 * p["seconds"]:
            notes.append(f"{peer}: used {p['cpu_seconds'] / p['seconds']:.1f} cores on average "
                         f"(CPU {p['cpu_seconds']:.1f} s over {p['seconds']:.1f} s)")
        if p["errors"]:
            notes.append(f"{peer}: raised on {len(p['errors'])} files (left out of its MB), "
                         f"first: {p['errors'][0]}")
        if tok.get("over_limit"):
            notes.append(f"{peer}: {tok['over_limit']} of {tok['chunks']} sample chunks exceed "
                         f"{CHUNK_TOKENS} cl100k tokens (max {tok['max']})")
    print("\ntok/chunk, max tok: cl100k tokens per chunk (tiktoken) on the every-"
          f"{SAMPLE_EVERY}th-file sample ({dt['chunks']} docsweep chunks).")
    print(f"docsweep: median of {DOCSWEEP_RUNS} runs of a whole index run including Parquet "
          "output (MB/s of the runs: "
          + "; ".join(f"{t}t " + " ".join(f"{v:.1f}" for v in d["all_mb_per_s"])
                      for t, d in r["docsweep"].items())
          + f"); peers: read + decode + chunk only, one run, single process, no network "
          f"({r['network']}).")
    tk = r["tiktoken"]
    if tk["ok"]:
        print(f"tiktoken {tk['version']}: offline from docsweep's exported vocabulary (sha256 "
              f"{tk['sha256'][:12]}... as expected); counts docsweep's {tk['chunks_checked']} "
              f"sample chunks exactly as docsweep does.")
    else:
        print(f"tiktoken: not usable: {tk.get('reason')}")
    for n in notes:
        print(f"note: {n}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("corpus", nargs="?",
                    default=os.path.join(os.environ.get("DOCSWEEP_CACHE",
                                                        "~/.cache/docsweep"), "bench-corpus"))
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    ap.add_argument("--budget", type=float, default=600,
                    help="seconds a peer may take on the whole corpus before it is timed on a "
                         "deterministic subset instead (default 600)")
    ap.add_argument("--docsweep", help="docsweep binary")
    ap.add_argument("--venv-python", help="Python of the peers' venv")
    ap.add_argument("--vocab", help="cl100k_base.tiktoken exported by export_tiktoken")
    ap.add_argument("--cache-dir", help="TIKTOKEN_CACHE_DIR to place the vocabulary in")
    ap.add_argument("--install-errors", help="file of 'package<TAB>reason' lines from pip")
    # internal modes, run under the venv's Python
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--files", help=argparse.SUPPRESS)
    ap.add_argument("--prepare-tiktoken", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--versions", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--docsweep-chunks", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        worker(a)
    elif a.prepare_tiktoken:
        prepare_tiktoken(a)
    elif a.versions:
        versions()
    else:
        if not (a.docsweep and a.vocab and a.cache_dir):
            ap.error("run it through scripts/bench_peers.sh (needs --docsweep, --vocab, "
                     "--cache-dir)")
        main(a)
