#!/usr/bin/env bash
# The one list of Debian packages Parley drives, and their installer.
#
#   bash scripts/install-engines.sh [--strict] [product] [test]
#
# Groups: `product` (default) — what the running product uses: Apertium, its HTTP server and every
# bookworm language pair that connects to a language of the picker, the media engines, and Hunspell
# with its dictionaries for spelling corrections; `test` — what only the test
# suites add: Chromium, fonts for screenshots (DejaVu, and Noto Color Emoji so emoji are glyphs), PostgreSQL for the multi-instance tests, coturn for
# the relayed-call test, nginx (nginx-light) as the TLS balancer of the scale tests (packages/server/
# test/scale/) and of docs/deploying.md.
# As root it installs what is missing (`apt-get update` once, then one install). Otherwise, or on a
# machine without apt-get, it says what is missing and how to get it, and exits 0 so the caller
# still starts (the server then says plainly which languages it cannot translate). `--strict`
# (CI) makes anything left missing an error. PARLEY_SKIP_ENGINES=1 skips the whole step.
set -uo pipefail

# Apertium pairs, one package per pair (each translates both ways unless its modes say otherwise).
# Left out on purpose: fra-frp and pol-szl (they join French and Polish only to Arpitan and
# Silesian, which no picker offers) and oci-fra (Occitan adds no route that fr-es, fra-cat and
# oc-ca/oc-es do not give).
apertium_pairs=(
  afr-nld arg-cat bel-rus br-fr cat-ita cat-srd dan-nor en-gl eng-cat eng-spa eo-ca eo-en eo-es
  eo-fr es-gl es-pt es-ro eu-en eu-es fr-es fra-cat hbs-eng hbs-mkd hbs-slv ind-zlm isl-eng
  isl-swe mkd-bul mkd-eng nno-nob oc-ca oc-es por-cat pt-gl rus-ukr spa-arg spa-ast spa-cat
  spa-ita srd-ita swe-dan swe-nor urd-hin
)
# Media and voice (issue 12): ffmpeg decodes/encodes every browser audio format, PocketSphinx with
# its US English model transcribes offline, espeak-ng speaks most picker languages, flite English.
media_packages=(ffmpeg pocketsphinx pocketsphinx-en-us espeak-ng flite)
# Spelling corrections (issue 26): nspell (npm) checks en/es/fr/de; the Hunspell program checks the
# picker's other languages with these Debian dictionaries (packages/server/src/corrections/
# hunspellCorrector.ts maps each language to its files; a missing one is a language that does not
# correct). pt-pt rather than pt-br: the picker has one Portuguese, and 2.6 MB fewer.
hunspell_dictionaries=(
  af bg ca cs da el he hr hu id it lt lv nl no pl pt-pt ro ru sk sl sv tr uk vi
)
product_packages=(apertium apertium-apy "${apertium_pairs[@]/#/apertium-}" "${media_packages[@]}"
  hunspell "${hunspell_dictionaries[@]/#/hunspell-}")
test_packages=(chromium fonts-dejavu-core fonts-noto-color-emoji postgresql coturn nginx-light)

strict=false
groups=()
for argument in "$@"; do
  case "$argument" in
    --strict) strict=true ;;
    product | test) groups+=("$argument") ;;
    --list)
      printf '%s\n' "${product_packages[@]}" "${test_packages[@]}"
      exit 0
      ;;
    *)
      echo "install-engines: unknown argument '$argument' (groups: product, test; --strict, --list)" >&2
      exit 2
      ;;
  esac
done
[ "${#groups[@]}" -gt 0 ] || groups=(product)
if [ "${PARLEY_SKIP_ENGINES:-}" = 1 ]; then
  echo "install-engines: skipped (PARLEY_SKIP_ENGINES=1)"
  exit 0
fi

wanted=()
for group in "${groups[@]}"; do
  case "$group" in
    product) wanted+=("${product_packages[@]}") ;;
    test) wanted+=("${test_packages[@]}") ;;
  esac
done

missing_packages() {
  # One dpkg-query for the whole list (one per package takes seconds on a busy machine).
  local installed
  installed="$(dpkg-query -W -f='${Package} ${Status}\n' "${wanted[@]}" 2>/dev/null |
    awk '$NF == "installed" && $(NF - 1) == "ok" { print $1 }')"
  local package
  for package in "${wanted[@]}"; do
    grep -qxF "$package" <<<"$installed" || echo "$package"
  done
}

give_up() {
  # $1: why not everything is installed; the missing packages follow.
  local reason="$1"
  shift
  echo "install-engines: $reason; missing: $*" >&2
  echo "install-engines: without them Parley still runs, and says which languages it cannot translate or correct." >&2
  if $strict; then exit 1; fi
  exit 0
}

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  give_up "not a Debian/Ubuntu machine (no apt-get), so engines cannot be installed from here" \
    "${wanted[@]}"
fi

mapfile -t missing < <(missing_packages)
if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-engines: all ${#wanted[@]} packages of ${groups[*]} installed"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  give_up "not root, so nothing installed (run: sudo bash scripts/install-engines.sh ${groups[*]})" \
    "${missing[@]}"
fi

echo "install-engines: installing ${#missing[@]} packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt_options=(-o DPkg::Lock::Timeout=300 -y --no-install-recommends)
apt-get -o DPkg::Lock::Timeout=300 update -qq || echo "install-engines: apt-get update failed; trying the install anyway" >&2
if ! apt-get "${apt_options[@]}" install "${missing[@]}"; then
  # One package this release lacks must not cost the others: retry one by one.
  for package in "${missing[@]}"; do
    apt-get "${apt_options[@]}" install "$package" >/dev/null 2>&1 ||
      echo "install-engines: could not install $package" >&2
  done
fi

mapfile -t still_missing < <(missing_packages)
if [ "${#still_missing[@]}" -gt 0 ]; then
  give_up "apt-get could not install everything" "${still_missing[@]}"
fi
echo "install-engines: all ${#wanted[@]} packages of ${groups[*]} installed"
