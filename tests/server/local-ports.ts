// Ports for the servers that the adapter tests start on 127.0.0.1. They come from the range this
// project's adapter tests own (4300-4399), so that test runs beside each other on one machine do not
// take one another's ports; a port in use is skipped, never waited for.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const PORT_RANGE = { from: 4300, to: 4399 } as const;

const HOST = '127.0.0.1';

/** The range's ports, from a random one onwards, so that two files starting at once rarely collide. */
export function candidatePorts(): number[] {
  const size = PORT_RANGE.to - PORT_RANGE.from + 1;
  const start = Math.floor(Math.random() * size);
  return Array.from({ length: size }, (_, i) => PORT_RANGE.from + ((start + i) % size));
}

function listenOn(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (err.code === 'EADDRINUSE' || err.code === 'EACCES') resolve(false);
      else reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(true);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, HOST);
  });
}

/** Listens on the first free port of the range; answers that port. */
export async function listenInRange(server: Server): Promise<number> {
  for (const port of candidatePorts()) {
    if (await listenOn(server, port)) return (server.address() as AddressInfo).port;
  }
  throw new Error(`No free port in ${PORT_RANGE.from}-${PORT_RANGE.to}`);
}

/** A port of the range that nothing listened on a moment ago (for "connection refused" tests). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listenInRange(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface LocalServer {
  origin: string;
  /** Closes the server and every connection it still holds (a request left hanging included). */
  close(): Promise<void>;
}

/** A node:http server on a port of the range, answering with `handler`. */
export async function startLocalServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LocalServer> {
  const server = createServer(handler);
  const port = await listenInRange(server);
  return {
    origin: `http://${HOST}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
