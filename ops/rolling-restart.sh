#!/usr/bin/env bash
# Restarts TrackIt's server processes one at a time without losing a request (docs/deployment.md
# "Rolling restart"). nginx (open source) has no active health checks, so each process is taken out of
# nginx before it stops rather than found dead by a request:
#   1. mark it `down` in the upstream file and reload nginx: new workers no longer send it anything, and
#      the old workers finish the requests they hold, then exit;
#   2. once no old worker is left, restart the process (systemd: stop waits for its graceful exit);
#   3. wait until its /storm_api/health/ready answers 200 (database, storage, migrations);
#   4. put it back and reload nginx.
# A process that does not come back ready within TRACKIT_READY_TIMEOUT seconds stops the script, left
# out of nginx, with exit status 1: the others keep serving.
#
# Environment (defaults are production's, ops/systemd):
#   TRACKIT_UPSTREAM_FILE  the file of `server host:port …;` lines (/etc/nginx/trackit-upstream.conf)
#   TRACKIT_NGINX          the nginx command, given `-s reload` (nginx)
#   TRACKIT_NGINX_PID      nginx's pid file, naming the master whose workers a reload replaces (/run/nginx.pid)
#   TRACKIT_RESTART        command restarting one process, {port} replaced (systemctl restart trackit@{port})
#   TRACKIT_READY_TIMEOUT  seconds a restarted process has to be ready (120)
set -euo pipefail

upstream="${TRACKIT_UPSTREAM_FILE:-/etc/nginx/trackit-upstream.conf}"
nginx_cmd="${TRACKIT_NGINX:-nginx}"
nginx_pid_file="${TRACKIT_NGINX_PID:-/run/nginx.pid}"
default_restart='systemctl restart trackit@{port}'
restart_cmd="${TRACKIT_RESTART:-$default_restart}"
ready_timeout="${TRACKIT_READY_TIMEOUT:-120}"

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*"; }

reload_nginx() {
  # The workers of now: `-s reload` only signals the master and returns, and until the master has told
  # these to finish (and they have), they may still send the process requests on their kept-alive
  # connections. Waiting for these very processes to be gone, not for a worker titled "shutting down"
  # (there is none yet in the moment after the signal), is what makes the restart lose nothing.
  local before pid left
  before=$(pgrep -P "$(cat "$nginx_pid_file")" || true)
  # shellcheck disable=SC2086 # the command is words on purpose (e.g. "nginx -p … -c …")
  $nginx_cmd -s reload
  for _ in $(seq 1 600); do
    left=0
    for pid in $before; do
      if kill -0 "$pid" 2>/dev/null; then left=1; fi
    done
    [ "$left" = 0 ] && return 0
    sleep 0.1
  done
  log "old nginx workers still running after 60 s; going on"
}

set_down() { # address, yes|no
  local address=$1 down=$2
  if [ "$down" = yes ]; then
    sed -i -E "s/^(server ${address//./\\.})( [^;]*)?;$/\1\2 down;/; s/ down down;$/ down;/" "$upstream"
  else
    sed -i -E "s/^(server ${address//./\\.}[^;]*) down;$/\1;/" "$upstream"
  fi
}

mapfile -t addresses < <(awk '$1 == "server" { print $2 }' "$upstream")
if [ "${#addresses[@]}" -lt 2 ]; then
  echo "rolling-restart: ${upstream} lists ${#addresses[@]} process(es); a rolling restart needs at least two" >&2
  exit 1
fi

for address in "${addresses[@]}"; do
  port="${address##*:}"
  log "taking ${address} out of nginx"
  set_down "$address" yes
  reload_nginx
  log "restarting ${address}"
  placeholder='{port}'
  bash -c "${restart_cmd//"$placeholder"/$port}"
  deadline=$((SECONDS + ready_timeout))
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://${address}/storm_api/health/ready" || true)" = 200 ]; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      log "${address} not ready after ${ready_timeout} s: left out of nginx; stopping here"
      exit 1
    fi
    sleep 0.2
  done
  log "${address} ready; back in nginx"
  set_down "$address" no
  reload_nginx
done
log "all ${#addresses[@]} processes restarted"
