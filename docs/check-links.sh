#!/usr/bin/env bash
# Checks that every relative Markdown link in the repository's READMEs and docs/ names a file or folder that
# exists (and, with #anchor, a heading of that file). From the repository root: bash docs/check-links.sh
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
slug() { # GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens
  tr '[:upper:]' '[:lower:]' | sed -E 's/[^[:alnum:] _-]//g; s/ /-/g'
}
while IFS= read -r file; do
  dir=$(dirname "$file")
  # [text](target): relative targets only (no scheme, no mailto, no bare #anchor within the page)
  grep -oE '\]\([^)[:space:]]+\)' "$file" | sed -E 's/^\]\((.*)\)$/\1/' | while IFS= read -r target; do
    case "$target" in http://* | https://* | mailto:* | \#*) continue ;; esac
    path=${target%%#*}
    anchor=""
    [[ "$target" == *"#"* ]] && anchor=${target#*#}
    if [[ ! -e "$dir/$path" ]]; then
      echo "$file: broken link $target"
      echo broken >>"${TMPDIR:-/tmp}/turnleaf-links.$$"
    elif [[ -n "$anchor" && -f "$dir/$path" ]]; then
      if ! grep -E '^#+ ' "$dir/$path" | sed -E 's/^#+ //' | slug | grep -qxF "$anchor"; then
        echo "$file: no heading for anchor $target"
        echo broken >>"${TMPDIR:-/tmp}/turnleaf-links.$$"
      fi
    fi
  done
done < <(git ls-files '*.md' | grep -v '^node_modules/'; git ls-files --others --exclude-standard '*.md')
if [[ -s "${TMPDIR:-/tmp}/turnleaf-links.$$" ]]; then status=1; fi
rm -f "${TMPDIR:-/tmp}/turnleaf-links.$$"
# docs/requirements.md names files in backticks: each must exist (a moved file leaves the row pointing nowhere).
while IFS= read -r path; do
  [[ -e "$path" ]] || { echo "docs/requirements.md: no such file $path"; status=1; }
done < <(grep -oE '`(services|web|tests|scripts|packages|proto|helm|deploy|docs)/[^`: ]+`' docs/requirements.md | tr -d '`' | sort -u)
[[ $status -eq 0 ]] && echo "links: all resolve"
exit $status
