import type { Synthesizer, Transcriber } from './engines.js';
import { MAX_SPOKEN_CHARS } from './localEngines.js';

export interface OpenAiSpeechOptions {
  /** Base URL, e.g. `https://api.openai.com` or a self-hosted server; `/v1/audio/...` is appended. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Languages this service is configured to serve. */
  languages: string[];
  timeoutMs?: number;
  /** Synthesis: the voice name (default `alloy`). */
  voice?: string;
}

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
    const response = await fetch(endpoint(this.options.baseUrl, '/v1/audio/transcriptions'), {
      method: 'POST',
      headers: headers(this.options.apiKey),
      body: form,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000),
    });
    if (!response.ok) throw new Error(`transcription service answered ${response.status}`);
    const body = (await response.json()) as { text?: unknown };
    if (typeof body.text !== 'string') throw new Error('transcription service sent no text');
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
    const response = await fetch(endpoint(this.options.baseUrl, '/v1/audio/speech'), {
      method: 'POST',
      headers: { ...headers(this.options.apiKey), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: this.options.model,
        input: text.slice(0, MAX_SPOKEN_CHARS),
        voice: this.options.voice ?? 'alloy',
        response_format: 'wav',
      }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000),
    });
    if (!response.ok) throw new Error(`speech service answered ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length === 0) throw new Error('speech service sent no audio');
    return bytes;
  }
}
