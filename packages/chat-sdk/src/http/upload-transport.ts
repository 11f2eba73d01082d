import { NetworkError } from '../errors';

/** One multipart request handed to an upload transport. */
export interface UploadRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: FormData;
  /** Whole percent 0..100 of the body sent so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** What a transport read back; any HTTP status resolves, only a network failure rejects. */
export interface UploadResponse {
  status: number;
  body: string;
  contentType: string | null;
}

/**
 * Sends multipart bodies. The default uses XMLHttpRequest, the only browser API that reports upload
 * progress; tests and other runtimes inject their own. Cookies must be sent (credentials 'include').
 */
export type UploadTransport = (request: UploadRequest) => Promise<UploadResponse>;

type XhrConstructor = new () => XMLHttpRequest;

/** An XMLHttpRequest transport; `withCredentials` matches fetch's credentials 'include'. */
export function createXhrUploadTransport(Xhr: XhrConstructor): UploadTransport {
  return (request) =>
    new Promise<UploadResponse>((resolve, reject) => {
      const xhr = new Xhr();
      xhr.open(request.method, request.url);
      xhr.withCredentials = true;
      for (const [name, value] of Object.entries(request.headers)) {
        xhr.setRequestHeader(name, value);
      }
      const { onProgress, signal } = request;
      if (onProgress) {
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) {
            onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
          }
        };
      }
      const onAbort = () => xhr.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      xhr.onload = () => {
        done();
        resolve({
          status: xhr.status,
          body: xhr.responseText,
          contentType: xhr.getResponseHeader('Content-Type'),
        });
      };
      xhr.onerror = () => {
        done();
        reject(new NetworkError(new Error(`Upload to ${request.url} failed`)));
      };
      xhr.onabort = () => {
        done();
        reject(signal?.reason ?? new Error('Upload aborted'));
      };
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      xhr.send(request.body);
    });
}

/** The default transport, chosen at call time: XMLHttpRequest when present, else none. */
export function defaultUploadTransport(): UploadTransport | undefined {
  const Xhr = (globalThis as { XMLHttpRequest?: XhrConstructor }).XMLHttpRequest;
  return typeof Xhr === 'function' ? createXhrUploadTransport(Xhr) : undefined;
}
