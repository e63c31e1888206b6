#!/usr/bin/env bash
# A real distributed render on this machine: two sshd "hosts" in network namespaces of their own, reached from a
# third namespace (the "controller") over veth pairs, with keys made for this run. GNU parallel renders the film's
# segments on both hosts over ssh, render-gif joins them, and the joined film's framemd5 must equal a single
# render of the whole film. Every address lives only inside namespaces this script creates (10.77.0.0/24);
# everything (sshd, namespaces, veths, keys) is removed on exit, also on failure or Ctrl-C.
#
#   sudo scripts/distributed/netns-test.sh      (RENDER_GIF=path/to/render-gif; FILM_FLAGS, SEGMENTS, OUT=mp4|gif;
#                                                WHOLE=film.mp4: a --segment 1/1 render of FILM_FLAGS made already)
#
# Exit 0: the joined film equals the whole; 1: it differs; 77: skipped (not root); other: setup failed.
# render-segments.sh prints how long the segments and the join took (docs/Distributed.md's figures).
set -euo pipefail

render_gif=$(command -v "${RENDER_GIF:-render-gif}" || true)
[ -n "$render_gif" ] || { echo "netns-test: render-gif not found (set RENDER_GIF)" >&2; exit 69; }
render_gif=$(readlink -f "$render_gif")
here=$(cd "$(dirname "$0")" && pwd)
segments=${SEGMENTS:-4}
read -r -a film <<<"${FILM_FLAGS:---scene minimal --animation spring --size 160x120 --fps 25 --hold 0.33 --keyint 5}"
ext=${OUT:-mp4}

if [ "$(id -u)" -ne 0 ]; then
    echo "netns-test: skipped: network namespaces and sshd need root" >&2
    exit 77
fi
for tool in ip parallel rsync ssh ssh-keygen /usr/sbin/sshd ffmpeg; do
    command -v "$tool" >/dev/null || { echo "netns-test: $tool is missing; run scripts/bootstrap.sh --test" >&2; exit 69; }
done

tag="s$$"                      # names unique to this run (interface names are at most 15 characters)
controller="spruce-$tag-c"
hosts=("spruce-$tag-1" "spruce-$tag-2")
addresses=(10.77.0.2 10.77.0.6) # controller side: 10.77.0.1 and 10.77.0.5 (two /30 links)
tmp=$(mktemp -d /tmp/spruce-netns.XXXXXX)
created=()

cleanup() {
    local status=$?
    for pidfile in "$tmp"/sshd-*.pid; do
        [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
    done
    for ns in "${created[@]}"; do ip netns del "$ns" 2>/dev/null || true; done  # deleting a namespace removes its veths
    rm -rf "$tmp"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

ip netns add "$controller"; created+=("$controller")
ip -n "$controller" link set lo up
ssh-keygen -q -t ed25519 -N '' -f "$tmp/id" -C spruce-test-user
cp "$tmp/id.pub" "$tmp/authorized_keys"
: >"$tmp/known_hosts"
mkdir -p /run/sshd
logins=()
for k in 0 1; do
    ns=${hosts[$k]} address=${addresses[$k]}
    ip netns add "$ns"; created+=("$ns")
    ip -n "$ns" link set lo up
    ip link add "v$tag-c$k" netns "$controller" type veth peer name "v$tag-h$k" netns "$ns"
    ip -n "$controller" addr add "10.77.0.$((4 * k + 1))/30" dev "v$tag-c$k"
    ip -n "$ns" addr add "$address/30" dev "v$tag-h$k"
    ip -n "$controller" link set "v$tag-c$k" up
    ip -n "$ns" link set "v$tag-h$k" up
    ssh-keygen -q -t ed25519 -N '' -f "$tmp/host-$k" -C "spruce-test-host-$k"
    echo "$address $(cut -d' ' -f1,2 "$tmp/host-$k.pub")" >>"$tmp/known_hosts"
    cat >"$tmp/sshd-$k.conf" <<CONF
ListenAddress $address
Port 22
HostKey $tmp/host-$k
PidFile $tmp/sshd-$k.pid
AuthorizedKeysFile $tmp/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
AcceptEnv none
CONF
    ip netns exec "$ns" /usr/sbin/sshd -f "$tmp/sshd-$k.conf" -E "$tmp/sshd-$k.log"
    logins+=("1/root@$address")
done
cat >"$tmp/ssh.conf" <<CONF
Host 10.77.0.*
    IdentityFile $tmp/id
    IdentitiesOnly yes
    UserKnownHostsFile $tmp/known_hosts
    StrictHostKeyChecking yes
    BatchMode yes
    ConnectTimeout 10
CONF
ssh_command="ssh -F $tmp/ssh.conf"

# Both hosts answer before the work starts (sshd daemonizes before it listens; a bounded wait).
for address in "${addresses[@]}"; do
    for attempt in $(seq 1 50); do
        ip netns exec "$controller" $ssh_command "root@$address" true 2>/dev/null && break
        [ "$attempt" -eq 50 ] && { echo "netns-test: sshd at $address does not answer" >&2; cat "$tmp"/sshd-*.log >&2; exit 70; }
        sleep 0.1
    done
done

cd "$tmp"
if [ -n "${WHOLE:-}" ]; then cp "$WHOLE" "whole.$ext"; else "$render_gif" "${film[@]}" --quiet --segment 1/1 --out "whole.$ext"; fi
hostlist=$(IFS=,; echo "${logins[*]}")
ip netns exec "$controller" env RENDER_GIF="$render_gif" HOME="$tmp" \
    "$here/render-segments.sh" -n "$segments" -o "$tmp/joined.$ext" -S "$hostlist" -s "$ssh_command" -- "${film[@]}" \
    2> >(tee "$tmp/timing.txt" >&2)
wait
# Both hosts did work: each sshd logged an accepted login for the test key.
for k in 0 1; do
    grep -q "Accepted publickey" "$tmp/sshd-$k.log" || { echo "netns-test: host ${addresses[$k]} rendered nothing" >&2; exit 1; }
done
ffmpeg -v error -i "whole.$ext" -f framemd5 - | grep -v '^#' >whole.md5
ffmpeg -v error -i "joined.$ext" -f framemd5 - | grep -v '^#' >joined.md5
if cmp -s whole.md5 joined.md5; then
    echo "netns-test: $segments segments rendered on ${#hosts[@]} ssh hosts joined into the whole film ($(wc -l <whole.md5) frames, framemd5 equal)"
else
    echo "netns-test: the joined film differs from the whole film" >&2
    diff whole.md5 joined.md5 | head -5 >&2
    exit 1
fi
