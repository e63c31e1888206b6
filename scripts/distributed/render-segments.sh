#!/usr/bin/env bash
# Renders one film as N segments with GNU parallel, on this machine or on ssh hosts, and joins them without
# re-encoding (render-gif join). The joined film has exactly the frames of `render-gif --segment 1/1 FLAGS`.
#
#   render-segments.sh -n 4 -o film.mp4 [-j 2] [-S 'host1,host2'] [-s 'ssh -F cfg'] -- --scene s.yaml --sort radial
#
#   -n N      segments (cut on keyframes; see render-gif --help, --segment)
#   -o FILE   the joined film, .mp4 or .gif
#   -j J      segments at once on this machine (default 2); ignored with -S
#   -S LOGINS GNU parallel --sshlogin list (e.g. '1/user@host1,1/user@host2'): each host renders segments in a
#             scratch folder and the parts come back by rsync (--return); hosts need render-gif ($RENDER_GIF)
#   -s SSH    the ssh command parallel and rsync use (default: ssh)
# Prints the seconds spent rendering segments and joining on stderr. Needs GNU parallel (and rsync with -S).
set -euo pipefail

segments=4 out="" jobs=2 logins="" ssh_command="ssh"
render_gif=${RENDER_GIF:-render-gif}
usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 64; }
while getopts "n:o:j:S:s:h" option; do
    case $option in
        n) segments=$OPTARG ;;
        o) out=$OPTARG ;;
        j) jobs=$OPTARG ;;
        S) logins=$OPTARG ;;
        s) ssh_command=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ -n "$out" ] || usage
[[ $segments =~ ^[0-9]+$ ]] && ((segments >= 1 && segments <= 10000)) || { echo "render-segments: -n must be 1…10000" >&2; exit 64; }
[[ $jobs =~ ^[0-9]+$ ]] && ((jobs >= 1 && jobs <= 256)) || { echo "render-segments: -j must be 1…256" >&2; exit 64; }
ext=${out##*.}
case $ext in mp4|gif) ;; *) echo "render-segments: only .mp4 and .gif films can be joined" >&2; exit 64 ;; esac
command -v parallel >/dev/null || { echo "render-segments: GNU parallel is not installed (scripts/bootstrap.sh --test)" >&2; exit 69; }

# Parts are made in a private folder beside the output and removed afterwards, whatever happens.
work=$(mktemp -d "$(dirname "$out")/.render-segments.XXXXXX")
trap 'rm -rf "$work"' EXIT
flags=$(printf '%q ' "$@")
command="$render_gif $flags --quiet --segment {}/$segments --out part-{}.$ext"
now() { date +%s.%N; }

start=$(now)
if [ -n "$logins" ]; then
    (cd "$work" && parallel --halt now,fail=1 --ssh "$ssh_command" --sshlogin "$logins" --workdir ... \
        --return "part-{}.$ext" --cleanup "$command" ::: $(seq 1 "$segments"))
else
    (cd "$work" && parallel --halt now,fail=1 -j "$jobs" "$command" ::: $(seq 1 "$segments"))
fi
rendered=$(now)
"$render_gif" join "$work"/part-*."$ext" --out "$out"
joined=$(now)
awk -v a="$start" -v b="$rendered" -v c="$joined" -v n="$segments" \
    'BEGIN { printf "render-segments: %d segments %.1f s, join %.2f s\n", n, b - a, c - b }' >&2
