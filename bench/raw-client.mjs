import net from 'node:net';

/**
 * The aggregator's client in `bench:casino`: kept-alive sockets that write each call as one
 * HTTP/1.1 request and read its answer by its Content-Length. Hub88 calls from its own machines;
 * here its client shares the two cores with the server and PostgreSQL, and `http.request` spent
 * a quarter to a third of a core on the pairs alone. One socket per call in flight.
 */
export function rawClient(origin) {
  const { hostname, port } = new URL(origin);
  const idle = [];
  const open = () =>
    new Promise((resolve, reject) => {
      const conn = { socket: null, buffer: Buffer.alloc(0), waiting: null };
      conn.socket = net.connect({ host: hostname, port: Number(port) }, () => resolve(conn));
      conn.socket.setNoDelay(true);
      conn.socket.on('data', (chunk) => {
        conn.buffer = conn.buffer.length ? Buffer.concat([conn.buffer, chunk]) : chunk;
        read(conn);
      });
      const fail = (error) => {
        conn.waiting?.reject(error);
        conn.waiting = null;
        reject(error);
      };
      conn.socket.on('error', fail);
      conn.socket.on('close', () => {
        // A socket the server closed while idle (its keep-alive timeout between phases) is dropped.
        const at = idle.indexOf(conn);
        if (at >= 0) idle.splice(at, 1);
        fail(new Error('the server closed the connection'));
      });
    });
  /** One whole answer in the buffer: handed to its caller, the socket back in the pool. */
  function read(conn) {
    const end = conn.buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = conn.buffer.subarray(0, end).toString('latin1');
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1]);
    const waiting = conn.waiting;
    if (!Number.isFinite(length)) {
      conn.waiting = null;
      waiting?.reject(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
      return;
    }
    if (conn.buffer.length < end + 4 + length) return;
    const body = conn.buffer.subarray(end + 4, end + 4 + length).toString();
    conn.buffer = conn.buffer.subarray(end + 4 + length);
    conn.waiting = null;
    idle.push(conn);
    waiting?.resolve({ status: Number(head.slice(9, 12)), body: body ? JSON.parse(body) : null });
  }
  return {
    /** POSTs `bytes` (JSON) to `path` with `headers`; resolves to the status and parsed body. */
    async post(path, headers, bytes) {
      const conn = idle.pop() ?? (await open());
      const extra = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      const request =
        `POST ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(bytes)}\r\n${extra}\r\n${bytes}`;
      return new Promise((resolve, reject) => {
        conn.waiting = { resolve, reject };
        conn.socket.write(request);
      });
    },
    close() {
      for (const conn of idle.splice(0)) conn.socket.destroy();
    },
  };
}
