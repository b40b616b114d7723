/**
 * Issue 31 item 3: socket hygiene on every listener, through the real listeners and raw sockets. The HTTP
 * port (API and OCPP upgrades) and the embedded MQTT port close a socket that sends nothing, headers that
 * never end and a silent (half-open) link, and refuse sockets past the cap per address; a charger's new
 * connection replaces its old one. Limits lowered: first request 3 s, idle 1 s, 5 sockets per address.
 */
import { connect, type Socket } from 'node:net';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedBroker, startEmbeddedBroker } from '../ingest/broker';
import { createTestDevice } from '../ingest/test-ingest';
import { type OcppBench, startOcppBench } from '../modules/ocpp/test-ocpp';

let b: OcppBench;
let broker: EmbeddedBroker;
let httpPort = 0;
beforeAll(async () => {
  b = await startOcppBench({
    env: { SOCKET_FIRST_MS: '3000', SOCKET_IDLE_MS: '1000', SOCKETS_PER_ADDRESS: '5' },
  });
  httpPort = Number(new URL(b.url).port);
  broker = await startEmbeddedBroker({
    db: b.t.db,
    config: { ...b.t.config, MQTT_PORT: 0, HOST: '127.0.0.1' },
    log: pino({ level: 'silent' }),
  });
});
afterAll(async () => {
  await broker?.stop();
  await b?.close();
});

/** A raw socket to `port`, resolved once connected; `closed` settles when the server closes it. */
async function open(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  socket.on('error', () => undefined);
  await new Promise<void>((r, reject) => {
    socket.once('connect', () => r());
    socket.once('close', () => reject(new Error('closed before connecting')));
  });
  return { socket, closed };
}

const isOpen = (s: Socket) => !s.destroyed && s.readyState === 'open';

describe('socket hygiene', () => {
  for (const listener of ['HTTP', 'MQTT'] as const) {
    it(`${listener}: refuses the 6th socket of one address, and closes the 5 that send nothing`, async () => {
      const port = listener === 'HTTP' ? httpPort : broker.port;
      const five = await Promise.all(Array.from({ length: 5 }, () => open(port)));
      const sixth = await open(port).catch(() => null);
      if (sixth) await sixth.closed;
      expect(five.every((s) => isOpen(s.socket))).toBe(true);
      await Promise.all(five.map((s) => s.closed));
    });
  }

  it('HTTP: closes an upgrade whose headers never end, however steadily they trickle', async () => {
    const { socket, closed } = await open(httpPort);
    socket.write('GET /ocpp/CP-SLOW HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n');
    let n = 0;
    const trickle = setInterval(() => socket.writable && socket.write(`X-${n++}: y\r\n`), 200);
    await closed;
    clearInterval(trickle);
    expect(n).toBeGreaterThan(0);
  });

  it('MQTT: closes a connected client that goes silent (keepalive off, half-open)', async () => {
    const d = await createTestDevice(b.t.db, 'inverter');
    const c = await mqtt.connectAsync(
      broker.url,
      { username: d.sn, password: d.secret, clientId: d.sn, reconnectPeriod: 0, keepalive: 0 },
      false,
    );
    await new Promise<void>((r) => c.stream.once('close', () => r()));
    expect(c.connected).toBe(false);
  });

  it('OCPP: a charger that connects again replaces its old connection', async () => {
    const { key } = await b.addCharger('CP-TWICE-1');
    const first = await b.connect('CP-TWICE-1', key);
    const firstClosed = new Promise<{ code: number }>((r) => first.once('close', r));
    const second = await b.connect('CP-TWICE-1', key);
    expect((await firstClosed).code).toBe(4000);
    expect(await second.call('Heartbeat', {})).toHaveProperty('currentTime');
  });
});
