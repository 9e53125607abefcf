#!/bin/sh
# handcheck.sh PDF: for each gold heading, the first -layout line on its page that contains the
# last words of the title (for reading by eye)
pdf=$1
grep -v '^#' "$pdf.gold.tsv" | while IFS="$(printf '\t')" read -r d p t; do
  key=$(echo "$t" | sed 's/^[0-9A-Z.]* //' | cut -c1-18)
  if [ -n "$p" ]; then
    line=$(pdftotext -layout -f "$p" -l "$p" "$pdf" - | grep -F -m1 -- "$key" | sed 's/  */ /g' | cut -c1-70)
  else line='(no page)'; fi
  printf '%s|%s|%-45.45s || %s\n' "$d" "$p" "$t" "$line"
done
