#!/usr/bin/env bash
# A bare clone of this checkout as it is now, with one version tag, for a package that depends on it by git URL
# (scripts/example-package.sh): the checkout's commits, plus, when the working tree differs from HEAD (changed,
# added or deleted files that git does not ignore), a commit of the working tree on top of HEAD, made in the clone
# only. The tag names that commit; the clone has no other tag, so `from: "X.Y.Z"` resolves to it.
#   scripts/tagged-clone.sh BARE TAG     prints the tagged commit
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bare="$1" tag="$2"
git clone --quiet --bare --no-tags "$root" "$bare"
head="$(git -C "$root" rev-parse HEAD)"
git -C "$bare" fetch --quiet --no-tags "$root" HEAD  # HEAD may be a detached commit no branch holds
# The working tree read through the clone's own index: nothing is written in the checkout's .git.
index="$(mktemp "${TMPDIR:-/tmp}/spruce-clone-index.XXXXXX")"
trap 'rm -f "$index"' EXIT
export GIT_DIR="$bare" GIT_WORK_TREE="$root" GIT_INDEX_FILE="$index"
git read-tree "$head"
git add --all
tree="$(git write-tree)"
commit="$head"
if [ "$tree" != "$(git rev-parse "$head^{tree}")" ]; then
  commit="$(GIT_AUTHOR_NAME=example-package GIT_AUTHOR_EMAIL=example-package@localhost GIT_COMMITTER_NAME=example-package \
    GIT_COMMITTER_EMAIL=example-package@localhost git commit-tree "$tree" -p "$head" -m "the working tree of $root")"
fi
git tag "$tag" "$commit"
echo "$commit"
