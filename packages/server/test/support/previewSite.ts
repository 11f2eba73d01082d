import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A stand-in website on 127.0.0.1 for link preview tests (the internet is never reached): a page
 * with Open Graph tags and an image, a redirect, a page that never ends, one that never answers,
 * a JSON document and a redirect to a private address. It counts every request per path.
 */
export class PreviewSite {
  readonly hits = new Map<string, number>();
  /** Cookie headers any request carried (the guard sends none, even after a Set-Cookie). */
  readonly cookiesSeen: string[] = [];
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<PreviewSite> {
    const png = await sharp({
      create: { width: 64, height: 32, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    let site: PreviewSite | undefined;
    const server = createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      site?.hits.set(path, (site.hits.get(path) ?? 0) + 1);
      if (request.headers.cookie) site?.cookiesSeen.push(request.headers.cookie);
      const html = () => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      if (path.startsWith('/page')) {
        html();
        response.end(
          `<!doctype html><html><head><title>Fallback title</title>
          <meta property="og:title" content="Parley &amp; friends">
          <meta property="og:description" content="Chat across   languages.">
          <meta property="og:site_name" content="Parley Blog">
          <meta property="og:image" content="/image.png">
          </head><body><script>document.cookie='x=1'</script>Hello</body></html>`,
        );
      } else if (path === '/late-page') {
        // A card slower than the message's wait (late cards), which also tries to set a cookie.
        setTimeout(() => {
          response.writeHead(200, {
            'content-type': 'text/html; charset=utf-8',
            'set-cookie': 'session=secret; Path=/',
          });
          response.end(
            `<html><head><meta property="og:title" content="Late news">
            <meta property="og:image" content="/image.png"></head></html>`,
          );
        }, 1_000);
      } else if (path === '/image.png') {
        response.writeHead(200, { 'content-type': 'image/png' }).end(png);
      } else if (path === '/moved') {
        response.writeHead(301, { location: '/page-moved' }).end();
      } else if (path === '/endless') {
        // A head worth reading, then a body that never stops: only the start is read.
        html();
        response.write('<html><head><title>Endless page</title></head><body>');
        const chunk = 'x'.repeat(16 * 1024);
        const timer = setInterval(() => response.write(chunk), 5);
        response.on('close', () => clearInterval(timer));
      } else if (path === '/slow') {
        // Headers, then nothing: the time limit ends it.
        html();
        response.write('<html><head>');
      } else if (path === '/data.json') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"no"}');
      } else if (path === '/to-private') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    site = new PreviewSite(server, `http://127.0.0.1:${port}`);
    return site;
  }

  hitsOf(path: string): number {
    return this.hits.get(path) ?? 0;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
