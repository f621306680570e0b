#!/usr/bin/env bash
# realrt: put the sources build.sh needs into DIR, from the git mirrors (bare) or from VENDOR.
#   ./prepare-sources.sh DIR
# Produces
#   DIR/mylayout-2.0.0/MyLayout/Lib    youngsoft/MyLinearLayout tag 2.0.0 (commit 2112205)
#   DIR/mylayout-1.9.10/MyLayout/Lib   youngsoft/MyLinearLayout tag 1.9.10
#   DIR/libobjc2                       gnustep/libobjc2 commit ecef7f1 (whole tree)
# Sources, first match wins:
#   VENDOR=/path  a directory that already holds mylayout-2.0.0/, mylayout-1.9.10/, libobjc2/
#                 in this layout (copied as is; no git needed). Default: ../../vendor beside this
#                 script, where it exists (shared/vendor when the script is shared/tools/realrt),
#                 or ../shared/vendor beside the Trellis repository (tools/realrt).
#   MYLAYOUT_GIT  a git directory of youngsoft/MyLinearLayout (bare is fine)
#   LIBOBJC2_GIT  a git directory of gnustep/libobjc2
# Existing DIR/<name> directories are replaced.
set -euo pipefail
DIR="${1:?usage: prepare-sources.sh DIR}"
HERE="$(cd "$(dirname "$0")" && pwd)"
# In the Trellis repository (tools/realrt) the sources are in ../shared/vendor beside it.
if [ -z "${VENDOR:-}" ] && [ -d "$HERE/../../vendor/mylayout-2.0.0" ]; then VENDOR="$HERE/../../vendor"; fi
if [ -z "${VENDOR:-}" ] && [ -d "$HERE/../../../shared/vendor/mylayout-2.0.0" ]; then VENDOR="$HERE/../../../shared/vendor"; fi
MYLAYOUT_GIT="${MYLAYOUT_GIT:-}"
LIBOBJC2_GIT="${LIBOBJC2_GIT:-}"
LIBOBJC2_REV="${LIBOBJC2_REV:-ecef7f1}"
mkdir -p "$DIR"
DIR="$(cd "$DIR" && pwd)"

from_vendor() { # name check-path
  local name="$1" check="$2"
  [ -n "${VENDOR:-}" ] || return 1
  [ -e "$VENDOR/$name/$check" ] || { echo "VENDOR=$VENDOR lacks $name/$check" >&2; exit 1; }
  rm -rf "${DIR:?}/$name"; cp -a "$VENDOR/$name" "$DIR/$name"
  echo "copied $VENDOR/$name -> $DIR/$name"
}
from_git() { # gitdir rev path name
  local g="$1" rev="$2" path="$3" name="$4"
  [ -n "$g" ] || { echo "no sources for $name: set VENDOR, or MYLAYOUT_GIT / LIBOBJC2_GIT" >&2; exit 1; }
  git --git-dir="$g" rev-parse --verify -q "$rev^{commit}" >/dev/null \
    || { echo "$g has no $rev" >&2; exit 1; }
  rm -rf "${DIR:?}/$name"; mkdir -p "$DIR/$name"
  if [ -n "$path" ]; then git --git-dir="$g" archive "$rev" "$path" | tar -x -C "$DIR/$name"
  else git --git-dir="$g" archive "$rev" | tar -x -C "$DIR/$name"; fi
  echo "extracted $rev ($(git --git-dir="$g" rev-parse --short "$rev^{commit}")) ${path:-.} -> $DIR/$name"
}

for tag in 2.0.0 1.9.10; do
  from_vendor "mylayout-$tag" MyLayout/Lib/MyGridLayout.m || from_git "$MYLAYOUT_GIT" "$tag" MyLayout/Lib "mylayout-$tag"
done
from_vendor libobjc2 CMakeLists.txt || from_git "$LIBOBJC2_GIT" "$LIBOBJC2_REV" "" libobjc2
