/**
 * The AMQP ingest link against a broker whose handshake never ends: it starts over with a new
 * connection instead of waiting on that attempt for ever (ingest-amqp.ts, STUCK_AFTER_MS).
 */
import { createServer, type Socket } from 'node:net';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openAmqpIngestLink } from './ingest-amqp';

const sockets = new Set<Socket>();
const connections: number[] = [];
// Answers the protocol header with a frame header announcing 4,000 bytes, then one byte every 100 ms:
// the socket is never idle (no timeout) and the frame never complete (no error).
const broker = createServer((socket) => {
  sockets.add(socket);
  connections.push(performance.now());
  socket.on('error', () => {});
  socket.once('data', () => {
    socket.write(Buffer.from([1, 0, 0, 0, 0, 0x0f, 0xa0]));
    const drip = setInterval(() => socket.write(Buffer.from([0])), 100);
    socket.on('close', () => clearInterval(drip));
  });
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => broker.close(r));
});

describe('AMQP ingest link and a handshake that never ends', () => {
  it('gives the attempt up after stuckAfterMs, says so, and connects again', async () => {
    await new Promise<void>((r) => broker.listen(0, '127.0.0.1', r));
    const { port } = broker.address() as { port: number };
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const link = openAmqpIngestLink({
      url: `amqp://guest:guest@127.0.0.1:${port}`,
      log,
      onMessage: () => undefined,
      queue: 'stuck-test',
      stuckAfterMs: 600,
    });
    try {
      await expect.poll(() => connections.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
      // Timed at the broker's accepts, which lag each attempt's start by what a loaded host delays them
      // (537 ms once in a full suite against PostgreSQL): well above an at-once retry, below 600.
      expect(connections[1]! - connections[0]!).toBeGreaterThanOrEqual(400);
      const stuck = lines.map((l) => JSON.parse(l) as { msg: string }).filter((l) => l.msg.includes('stuck'));
      // The step the broker left unanswered, for whoever reads the warning: here the handshake.
      expect(stuck[0]).toMatchObject({
        msg: 'ingest AMQP connection attempt stuck, starting over',
        stage: 'connecting',
      });
    } finally {
      await link.close();
    }
  });
});
