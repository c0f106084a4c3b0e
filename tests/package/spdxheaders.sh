#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Every tracked file that can carry a comment says its licence in its first lines, the licence
# of its part of the tree (README "Licences"): lockcore/ Apache-2.0, the docs and READMEs
# CC-BY-4.0, the AppStream metadata CC0-1.0, everything else GPL-3.0-or-later. The files that
# cannot carry one (images, JSON, translations, fuzz corpus, the packages' debian files) get
# theirs from .reuse/dep5, which reuse lint (package_reuse) checks. Skipped (77) outside a git
# checkout.
#   spdxheaders.sh SOURCE_DIR
set -euo pipefail
root=$1
git -C "$root" rev-parse --git-dir >/dev/null 2>&1 || { echo "SKIP: $root is not a git checkout"; exit 77; }
expected() {
    case $1 in
    lockcore/*) echo Apache-2.0 ;;
    *.md) echo CC-BY-4.0 ;;
    *.metainfo.xml) echo CC0-1.0 ;;
    *) echo GPL-3.0-or-later ;;
    esac
}
bad=0
while IFS= read -r -d '' file; do
    case $file in
    *.png | *.json | *.ts | tests/fuzz/corpus/* | resources/debian/* | LICENSES/* | .reuse/*) continue ;;
    esac
    [[ -f $root/$file && ! -L $root/$file ]] || continue
    want=$(expected "$file")
    if ! head -n 5 "$root/$file" | grep -q "SPDX-License-Identifier: $want\b"; then
        echo "$file: no \"SPDX-License-Identifier: $want\" in its first lines"
        bad=1
    fi
done < <(git -C "$root" ls-files -z)
[[ $bad -eq 0 ]] && echo "every file says its licence"
exit "$bad"
