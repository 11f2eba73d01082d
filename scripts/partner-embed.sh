#!/usr/bin/env bash
# Proves a partner can embed Parley: packs @parley/chat-sdk and @parley/ui exactly as they would be
# published (`pnpm pack`: workspace: ranges rewritten, only `files` included), installs those
# tarballs into examples/partner-embed — outside the workspace, no linking — builds the example and
# runs its Chromium test against the built server. Needs `pnpm build` first (root `pnpm test` does it).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
example="$root/examples/partner-embed"
packs="$example/.packs"

rm -rf "$packs" "$example/node_modules" "$example/dist"
mkdir -p "$packs"
for pkg in chat-sdk ui; do
  (cd "$root/packages/$pkg" && pnpm pack --pack-destination "$packs" >/dev/null)
  mv "$packs"/parley-"$pkg"-*.tgz "$packs/parley-$pkg.tgz"
done

cd "$example"
# Tarball hashes change with every pack, so the example keeps no lockfile.
pnpm install --ignore-workspace --no-frozen-lockfile --prefer-offline --config.confirmModulesPurge=false
pnpm exec tsc -p tsconfig.json
pnpm run build
pnpm run test
