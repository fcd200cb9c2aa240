import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { describe, it } from 'node:test';
import { freePort, startServerProcess } from './server-process.ts';

describe('the test servers: a display server process per test file', () => {
  it('starts on another port when the one found free is taken before the server listens on it', async () => {
    // Another test file's process took the port between the probe that found it free and the server's listen.
    const taken: Server = createServer();
    const takenPort = await new Promise<number>((resolve) =>
      taken.listen(0, '127.0.0.1', () => resolve((taken.address() as { port: number }).port)),
    );
    const offered: number[] = [];
    const ports = [takenPort];
    const server = await startServerProcess({
      portSource: async () => {
        const port = ports.shift() ?? (await freePort());
        offered.push(port);
        return port;
      },
    });
    try {
      assert.equal(offered[0], takenPort);
      assert.notEqual(server.port, takenPort);
      const answer = await fetch(`${server.url}/poptin.js`);
      assert.equal(answer.status, 200);
    } finally {
      await server.dispose();
      taken.close();
    }
  });
});
