import { existsSync } from 'node:fs';
import { isOnPath } from '../../src/translation/translatorFromEnv.js';

/**
 * The one guard for tests that need a real engine or database. Outside CI a missing one skips the
 * suite (`describe.skipIf(!available)`); in CI (`CI` set, as `.ci/run` does) it fails the test file
 * at once, because CI installs every engine and a missing one is a broken setup, not a reason to
 * skip. Each guard is a function, so a file only fails for what it needs.
 */
export function engineAvailable(name: string, available: boolean, howToProvide: string): boolean {
  if (!available && runningInCi()) {
    throw new Error(`CI is set but ${name} is not available: ${howToProvide}`);
  }
  return available;
}

export function runningInCi(): boolean {
  const ci = process.env.CI;
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
}

/** Linux's /proc (process start ticks, boot id), which the lock's dead-holder checks read. */
export function linuxProcAvailable(): boolean {
  return engineAvailable('Linux /proc', process.platform === 'linux', 'run these tests on Linux.');
}

/** Apertium and apertium-apy as Debian installs them. */
export function apertiumAvailable(): boolean {
  return engineAvailable(
    'Apertium',
    isOnPath('apertium') && existsSync('/usr/bin/apertium-apy'),
    'install apertium, apertium-apy and the language pairs (.ci/run does).',
  );
}

/** A PostgreSQL server for multi-instance tests; its admin URL, or null outside CI without one. */
export function testDatabaseUrl(): string | null {
  const url = process.env.PARLEY_TEST_DATABASE_URL || null;
  engineAvailable(
    'PostgreSQL',
    url !== null,
    'set PARLEY_TEST_DATABASE_URL=postgres://user@host:port/postgres (.ci/run starts one).',
  );
  return url;
}

/**
 * How long a suite may take to start apertium-apy and warm its pipelines: seconds on an idle
 * machine, much longer on a loaded CI runner. A set-up budget, not a timing assertion.
 */
export const APERTIUM_START_MS = 90_000;

/** Debian ffmpeg: decodes and encodes voice notes; tests make their audio and video with it. */
export function ffmpegAvailable(): boolean {
  return engineAvailable(
    'ffmpeg',
    isOnPath('ffmpeg'),
    'install ffmpeg (bash scripts/install-engines.sh product).',
  );
}

/** Debian PocketSphinx with its US English model, plus flite to speak the test phrases. */
export function pocketsphinxAvailable(): boolean {
  return engineAvailable(
    'PocketSphinx and flite',
    isOnPath('pocketsphinx_continuous') &&
      existsSync('/usr/share/pocketsphinx/model/en-us/en-us') &&
      isOnPath('flite') &&
      isOnPath('ffmpeg'),
    'install pocketsphinx, pocketsphinx-en-us, flite and ffmpeg (scripts/install-engines.sh).',
  );
}

/** Debian espeak-ng (synthesis for most picker languages) with ffmpeg to encode it. */
export function espeakAvailable(): boolean {
  return engineAvailable(
    'espeak-ng',
    isOnPath('espeak-ng') && isOnPath('ffmpeg'),
    'install espeak-ng and ffmpeg (scripts/install-engines.sh).',
  );
}

/** The Hunspell program with Debian's Italian, Portuguese and Dutch dictionaries (corrections). */
export function hunspellAvailable(): boolean {
  return engineAvailable(
    'Hunspell',
    isOnPath('hunspell') &&
      ['it_IT', 'pt_PT', 'nl_NL'].every((name) => existsSync(`/usr/share/hunspell/${name}.dic`)),
    'install hunspell and its dictionaries (bash scripts/install-engines.sh product).',
  );
}
