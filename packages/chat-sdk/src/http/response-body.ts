/** Parses a response text: JSON when it is JSON, the raw text otherwise, null when empty. */
export function parseResponseBody(text: string, contentType: string | null): unknown {
  if (text === '') return null;
  const looksJson = contentType?.includes('json') || /^\s*[[{"]/.test(text);
  if (!looksJson) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
