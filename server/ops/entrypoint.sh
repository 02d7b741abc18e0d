#!/bin/sh
# Container entry (server/Dockerfile; also runnable from the repository): check the configuration, apply
# the database migrations, then become the server (exec: it is PID 1's child no more, so SIGTERM from the
# orchestrator reaches it directly and the graceful shutdown runs). Any failure stops here with its status:
# 2 for a bad configuration, 1 for a database that cannot be opened or migrated.
set -eu
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
if [ -f "$here/dist/main.mjs" ]; then
  # The image: bundled JavaScript beside this script.
  cli="node $here/dist/cli.mjs"
  server="node $here/dist/main.mjs"
else
  # The repository: TypeScript through tsx, from the repository root.
  root=$(CDPATH='' cd -- "$here/../.." && pwd)
  cd "$root"
  cli="node --import tsx server/cli.ts"
  server="node --import tsx server/main.ts"
fi
$cli check-config
$cli migrate
exec $server
