/**
 * A WebSocket with no network: the test plays the server (`accept`, `send`, `drop`). Every
 * test gets it as the global WebSocket (test/setup.ts), so nothing tries to reach a server.
 */
export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;

  /** Every socket opened since the test began, oldest first. */
  static instances: FakeWebSocket[] = [];

  static latest() {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('No WebSocket was opened');
    return socket;
  }

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  /** The code the page closed with, if it closed the socket itself. */
  closedWithCode: number | undefined;

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeWebSocket.instances.push(this);
  }

  /** What the page sent, in order. */
  readonly sent: string[] = [];

  send(data: string) {
    this.sent.push(data);
  }

  close(code = 1000) {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.closedWithCode = code;
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatchEvent(new CloseEvent('close', { code }));
  }

  /** The server accepts the connection. */
  accept() {
    this.readyState = FakeWebSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  /** The server sends a message: JSON of `payload`, or a string as it is. */
  push(payload: unknown) {
    const data = typeof payload === 'string' ? payload : JSON.stringify(payload);
    this.dispatchEvent(new MessageEvent('message', { data }));
  }

  /** The connection ends from the server's side (1006: dropped without a close frame). */
  drop(code = 1006) {
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatchEvent(new Event('error'));
    this.dispatchEvent(new CloseEvent('close', { code }));
  }

  get isClosed() {
    return this.readyState === FakeWebSocket.CLOSED;
  }
}
