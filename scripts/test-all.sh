#!/usr/bin/env bash
# `pnpm test`: build, then every suite in turn, stopping at the first failure. Prints each step's wall
# time at the end (also after a failure), so a suite that grows slow shows up in every CI log.
set -uo pipefail
cd "$(dirname "$0")/.."

steps=(
  "build|pnpm build"
  "sdk tests|pnpm --filter @parley/chat-sdk run test"
  "ui tests (stories, pictures)|pnpm --filter @parley/ui run test"
  "app tests|pnpm --filter @parley/app run test"
  "server tests|pnpm --filter @parley/server run test"
  "storybook build|pnpm build-storybook"
  "end-to-end|pnpm --filter @parley/app run test:e2e"
  "partner embed|pnpm run test:partner-embed"
)

summary=()
status=0
started_all=$SECONDS
for step in "${steps[@]}"; do
  name="${step%%|*}"
  command="${step#*|}"
  started=$SECONDS
  if ! eval "$command"; then status=1; fi
  elapsed=$((SECONDS - started))
  summary+=("$(printf '%-30s %4d:%02d %s' "$name" $((elapsed / 60)) $((elapsed % 60)) "$([ $status -eq 0 ] && echo ok || echo FAILED)")")
  [ $status -eq 0 ] || break
done
total=$((SECONDS - started_all))

echo
echo "Suite times (wall):"
printf '  %s\n' "${summary[@]}"
printf '  %-30s %4d:%02d\n' "total" $((total / 60)) $((total % 60))
exit $status
