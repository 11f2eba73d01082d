import { describe, expect, it } from 'vitest';
import { readPageMetadata } from '../src/chat/linkPreviewMetadata.js';

describe('link preview metadata (htmlparser2)', () => {
  it('prefers Open Graph, then Twitter cards, then <title> and description', () => {
    expect(
      readPageMetadata(`<html><head><title>Plain</title>
        <meta name="twitter:title" content="Twitter title">
        <meta name="description" content="Plain description">
        <meta name="twitter:image" content="https://cdn.example.com/t.png"></head></html>`),
    ).toEqual({
      title: 'Twitter title',
      description: 'Plain description',
      image: 'https://cdn.example.com/t.png',
      siteName: null,
    });
    expect(readPageMetadata('<TITLE>Only &lt;a&gt; title</TITLE>').title).toBe('Only <a> title');
  });

  it('keeps the first value, flattens white space and control characters, and cuts long text', () => {
    const long = 'word '.repeat(200);
    const meta = readPageMetadata(
      `<meta property="og:title" content="First\u0007  \n title"><meta property="og:title" content="Second">
       <meta property="og:description" content="${long}">`,
    );
    expect(meta.title).toBe('First title');
    expect(meta.description?.length).toBeLessThanOrEqual(401);
    expect(meta.description?.endsWith('…')).toBe(true);
  });

  it('reads nothing from scripts or a page without metadata', () => {
    expect(
      readPageMetadata(
        '<script>document.title="x"; "<meta property=og:title content=no>"</script>',
      ),
    ).toEqual({ title: null, description: null, image: null, siteName: null });
  });
});
