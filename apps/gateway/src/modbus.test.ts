/**
 * The Modbus link after a failed request: close() is final at once, even with a device that never closes
 * its side (no FIN back, as some embedded Modbus servers do), so the next poll reconnects and discovers
 * again instead of reading a dead socket the link still called open.
 */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ModbusLink } from './modbus';

const servers: net.Server[] = [];
const sockets: net.Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

/** A TCP server that accepts and then ignores everything, our FIN included (half-open kept). */
async function deafServer(): Promise<number> {
  const s = net.createServer({ allowHalfOpen: true }, (sock) => {
    sockets.push(sock);
    sock.on('error', () => undefined);
  });
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  return (s.address() as net.AddressInfo).port;
}

describe('ModbusLink', () => {
  it('is closed, and opens again, after close() with a device that never closes its side', async () => {
    const port = await deafServer();
    const link = new ModbusLink(`tcp://127.0.0.1:${port}`, 500);
    await link.open();
    expect(link.isOpen).toBe(true);
    await expect(link.read(1, 40000, 2)).rejects.toThrow();
    const closed = await Promise.race([
      link.close().then(() => 'closed'),
      new Promise((r) => setTimeout(() => r('still waiting'), 10_000)),
    ]);
    expect(closed).toBe('closed');
    expect(link.isOpen).toBe(false);
    await link.open();
    expect(link.isOpen).toBe(true);
    await link.close();
  }, 30_000);
});
