"""Query a docsweep index with DuckDB: the chunks a retriever would embed, each with the section
title and anchor sentence it cites. Usage: python scripts/query_demo.py INDEX"""
import sys

import duckdb

index = sys.argv[1] if len(sys.argv) > 1 else "out/sample-index"
con = duckdb.connect()
for t in ("documents", "blocks", "sections", "chunks"):
    con.execute(f"CREATE VIEW {t} AS SELECT * FROM read_parquet('{index}/{t}/*.parquet')")

print(con.sql("SELECT status, format, count(*) AS files, sum(bytes) AS bytes "
              "FROM documents GROUP BY ALL ORDER BY files DESC"))
print(con.sql("SELECT type, count(*) AS blocks FROM blocks GROUP BY type ORDER BY blocks DESC"))
print(con.sql("""
    SELECT d.path, c.chunk_id, c.tokens, c.context, s.anchor_text
    FROM chunks c
    JOIN documents d USING (doc_id)
    JOIN sections s USING (doc_id, section_id)
    WHERE c.tokens > 200
    ORDER BY d.path, c.seq
    LIMIT 8
"""))
