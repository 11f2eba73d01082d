import type { EgressGuard, EgressResponse } from '../../http/egressGuard.js';
import type { Synthesizer, Transcriber } from './engines.js';
import { MAX_SPOKEN_CHARS } from './localEngines.js';

export interface OpenAiSpeechOptions {
  /** Base URL, e.g. `https://api.openai.com` or a self-hosted server; `/v1/audio/...` is appended. */
  baseUrl: string;
  /**
   * The engines' egress guard (http/engineEgress.ts): a service on a private or loopback address
   * (a self-hosted whisper server) is reached only when ENGINE_PRIVATE_HOSTS names its host.
   */
  egress: EgressGuard;
  apiKey?: string;
  model: string;
  /** Languages this service is configured to serve. */
  languages: string[];
  timeoutMs?: number;
  /** Synthesis: the voice name (default `alloy`). */
  voice?: string;
}

/** A transcription answer is a short JSON text. */
const MAX_TRANSCRIPT_BYTES = 1024 * 1024;
/** WAV of MAX_SPOKEN_CHARS read aloud: minutes of 24 kHz 16-bit mono, well under this. */
const MAX_SPEECH_BYTES = 64 * 1024 * 1024;

/**
 * One POST through the guard. A refused address (EgressRefused) rejects like a service that is
 * down, which voice already answers: transcript_status / synth_status `failed`, never a crash.
 */
function post(
  options: OpenAiSpeechOptions,
  path: string,
  body: { bytes: Uint8Array; type: string },
  maxResponseBytes: number,
): Promise<EgressResponse> {
  return options.egress.request(endpoint(options.baseUrl, path), {
    method: 'POST',
    headers: { ...headers(options.apiKey), 'Content-Type': body.type },
    body: body.bytes,
    timeoutMs: options.timeoutMs ?? 60_000,
    maxResponseBytes,
    // Self-hosted whisper servers usually speak plain HTTP; the address checks still apply.
    allowHttp: true,
  });
}

const ok = (response: EgressResponse) => response.status >= 200 && response.status <= 299;

function endpoint(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '')}${path}`;
}

function headers(apiKey: string | undefined): Record<string, string> {
  return apiKey ? { Authorization: `Bearer ${apiKey}` } : {};
}

/** OpenAI-compatible `POST /v1/audio/transcriptions` (hosted APIs, self-hosted Whisper servers). */
export class OpenAiTranscriber implements Transcriber {
  readonly engine = 'openai';
  constructor(private readonly options: OpenAiSpeechOptions) {}
  languages(): string[] {
    return [...this.options.languages];
  }
  async transcribe(wav: Uint8Array, language: string): Promise<string> {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'speech.wav');
    form.set('model', this.options.model);
    form.set('language', language);
    form.set('response_format', 'json');
    // The form as fetch would send it: multipart bytes and their boundary.
    const encoded = new Request('http://form.invalid', { method: 'POST', body: form });
    const response = await post(
      this.options,
      '/v1/audio/transcriptions',
      {
        bytes: new Uint8Array(await encoded.arrayBuffer()),
        type: encoded.headers.get('content-type') ?? 'multipart/form-data',
      },
      MAX_TRANSCRIPT_BYTES,
    );
    if (!ok(response)) throw new Error(`transcription service answered ${response.status}`);
    const body = JSON.parse(response.body.toString('utf8')) as { text?: unknown } | null;
    if (typeof body?.text !== 'string') throw new Error('transcription service sent no text');
    return body.text.trim();
  }
}

/** OpenAI-compatible `POST /v1/audio/speech`, asked for WAV. */
export class OpenAiSynthesizer implements Synthesizer {
  readonly engine = 'openai';
  constructor(private readonly options: OpenAiSpeechOptions) {}
  languages(): string[] {
    return [...this.options.languages];
  }
  async synthesize(text: string): Promise<Uint8Array> {
    const request = JSON.stringify({
      model: this.options.model,
      input: text.slice(0, MAX_SPOKEN_CHARS),
      voice: this.options.voice ?? 'alloy',
      response_format: 'wav',
    });
    const response = await post(
      this.options,
      '/v1/audio/speech',
      { bytes: Buffer.from(request), type: 'application/json' },
      MAX_SPEECH_BYTES,
    );
    if (!ok(response)) throw new Error(`speech service answered ${response.status}`);
    const bytes = new Uint8Array(response.body);
    if (bytes.length === 0) throw new Error('speech service sent no audio');
    return bytes;
  }
}
