import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_TAB_HEADER } from '../../src/shared/live';
import { request } from './agent-client';

/** The load generator's HTTP client against node:http answering as `answer` does. */
describe('request', () => {
  let server: Server | undefined;
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  async function serve(
    answer: (request: IncomingMessage, body: string, response: ServerResponse) => void,
  ) {
    const connections = new Set<number>();
    server = createServer((incoming, response) => {
      connections.add(incoming.socket.remotePort ?? 0);
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (body += chunk));
      incoming.on('end', () => answer(incoming, body, response));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections };
  }

  it('sends the method, path, cookie, tab and JSON body, and reads a Content-Length answer', async () => {
    const { baseUrl } = await serve((incoming, body, response) => {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          method: incoming.method,
          url: incoming.url,
          cookie: incoming.headers.cookie,
          tab: incoming.headers[LIVE_TAB_HEADER],
          type: incoming.headers['content-type'],
          body: JSON.parse(body) as unknown,
          note: 'é ✓',
        }),
      );
    });
    const answer = await request(
      baseUrl,
      'PUT',
      '/api/agent/status',
      's=1',
      { status: 'break' },
      't1',
    );
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toEqual({
      method: 'PUT',
      url: '/api/agent/status',
      cookie: 's=1',
      tab: 't1',
      type: 'application/json',
      body: { status: 'break' },
      note: 'é ✓',
    });
    expect(answer.doneAt).toBeGreaterThanOrEqual(answer.sentAt);
  });

  it('reads a chunked answer that comes in pieces', async () => {
    const { baseUrl } = await serve((_incoming, _body, response) => {
      response.writeHead(200);
      response.write('{"a":');
      setTimeout(() => response.end('"ß"}'), 20);
    });
    const answer = await request(baseUrl, 'GET', '/', 'c');
    expect(answer).toMatchObject({ status: 200, body: '{"a":"ß"}' });
  });

  it('keeps one connection for requests one after another, and opens more for requests at once', async () => {
    const { baseUrl, connections } = await serve((_incoming, _body, response) => {
      response.writeHead(200, { 'content-length': '2' });
      setTimeout(() => response.end('ok'), 10);
    });
    for (let n = 0; n < 3; n++) await request(baseUrl, 'GET', '/', 'c');
    expect(connections.size).toBe(1);
    const answers = await Promise.all([1, 2, 3].map(() => request(baseUrl, 'GET', '/', 'c')));
    expect(answers.map((answer) => answer.body)).toEqual(['ok', 'ok', 'ok']);
    expect(connections.size).toBe(3);
  });

  it('does not reuse a connection the server closes after its answer', async () => {
    const { baseUrl, connections } = await serve((_incoming, _body, response) => {
      response.writeHead(200, { connection: 'close', 'content-length': '2' });
      response.end('ok');
    });
    for (let n = 0; n < 2; n++) expect((await request(baseUrl, 'GET', '/', 'c')).body).toBe('ok');
    expect(connections.size).toBe(2);
  });

  it('fails a request whose connection the server drops, and the next one opens another', async () => {
    let drop = true;
    const { baseUrl } = await serve((incoming, _body, response) => {
      if (drop) return incoming.socket.destroy();
      response.end('fine');
    });
    await expect(request(baseUrl, 'POST', '/x', 'c', {})).rejects.toThrow('closed the connection');
    drop = false;
    expect((await request(baseUrl, 'POST', '/x', 'c', {})).body).toBe('fine');
  });

  it('fails a request to a port nothing listens on', async () => {
    const { baseUrl } = await serve(() => undefined);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    await expect(request(baseUrl, 'GET', '/', 'c')).rejects.toThrow(/ECONNREFUSED/);
  });
});
