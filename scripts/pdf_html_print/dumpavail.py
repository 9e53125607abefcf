"""The records of `apt-cache dumpavail` output, each as a dict of its fields (shared by
build_excl.py and pool.py)."""
import re


def records(path):
    for rec in open(path, encoding='utf-8', errors='replace').read().split('\n\n'):
        d = {}
        for line in rec.split('\n'):
            m = re.match(r'^([A-Za-z0-9-]+): ?(.*)', line)
            if m:
                d[m.group(1)] = m.group(2)
        yield d
