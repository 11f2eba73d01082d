#!/usr/bin/env bash
# `pnpm release`: versions the published packages from the pending changesets (CHANGELOG.md entries
# by @changesets/changelog-git, with the commit of each changeset) and packs them into release/ —
# exactly the tarballs `npm publish` would upload. It never publishes: a maintainer (or a
# release job holding the npm token) runs `npm publish release/<tarball>` after review.
set -euo pipefail
cd "$(dirname "$0")/.."

if ls .changeset/*.md 2>/dev/null | grep -qv README.md; then
  pnpm exec changeset version
else
  echo "release: no pending changesets; packing the current versions."
fi
pnpm --filter @parley/chat-sdk --filter @parley/ui run build
rm -rf release
mkdir -p release
for pkg in chat-sdk ui; do
  (cd "packages/$pkg" && pnpm pack --pack-destination ../../release >/dev/null)
done
echo "release: packed (not published):"
ls -1 release
