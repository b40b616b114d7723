/**
 * The gateway process: polls every Modbus address each `pollSeconds`, buffers the samples on disk,
 * announces the devices found and sends the buffer while the platform is reachable (docs/gateway.md).
 */
import { type BufferedRecord, SampleBuffer } from './buffer';
import type { GatewayConfig } from './config';
import { gatewayTopics, PlatformLink } from './platform-link';
import { AddressPoller, type FoundDevice } from './poller';
import { createSender } from './sender';
import { supportedParams } from './write-plan';
import { handleCommand } from './writes';

/** A running gateway. */
export interface Gateway {
  /** The devices found so far, every address together. */
  devices(): FoundDevice[];
  /** Records dropped because the buffer was full. */
  dropped(): number;
  /** Records on disk not yet acknowledged. */
  buffered(): number;
  /** One poll now (the timer also polls). */
  pollNow(): Promise<void>;
  stop(): Promise<void>;
}

/** Observers of a running gateway (tests and the benchmark). */
export interface GatewayHooks {
  /** The records of each poll, after they are on disk. */
  onRecords?(records: BufferedRecord[]): void;
}

/** Starts the gateway of `config`; `log` receives one line per notable event. */
export function startGateway(
  config: GatewayConfig,
  log: (msg: string) => void = () => undefined,
  hooks: GatewayHooks = {},
): Gateway {
  const buffer = new SampleBuffer(config.bufferDir, config.maxBuffered);
  const link = new PlatformLink(config.mqtt, config.serialNumber, config.secret);
  const sender = createSender(buffer, link, () => new Set(all().map((d) => d.identity.serialNumber)));
  const pollers = config.modbus.map(
    (url) => new AddressPoller(url, config.unitIds, (err) => log(`${url}: ${String(err)}`)),
  );
  const all = () => pollers.flatMap((p) => p.devices);
  let announced = '';
  let stopped = false;

  /** Announces the devices (before their data, so the platform knows them) and takes their commands. */
  async function announce(force: boolean): Promise<boolean> {
    const list = all().map((d) => ({
      sn: d.identity.serialNumber,
      name: d.identity.name.slice(0, 64),
      type: d.identity.type,
      params: supportedParams(d),
    }));
    const key = JSON.stringify(list);
    if (!force && key === announced) return true;
    if (!link.connected) return false;
    try {
      await link.publish(gatewayTopics.devices(config.serialNumber), JSON.stringify({ devices: list }));
      await link.subscribeCommands(list.map((d) => d.sn));
      announced = key;
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Announces, then sends the buffer. Waits for every address's discovery: the buffer may hold samples of
   * a previous run, and the platform refuses data for devices not announced (the broker closes the link).
   */
  async function flush(force = false): Promise<void> {
    if (!pollers.every((p) => p.discovered)) return;
    if (link.connected && (await announce(force))) await sender.drain();
  }

  let polling: Promise<void> | undefined;
  async function pollOnce(): Promise<void> {
    const ts = Date.now();
    for (const p of pollers) {
      const records = await p.poll(ts);
      buffer.append(records);
      hooks.onRecords?.(records);
    }
    void flush();
  }
  const pollNow = () => {
    polling ??= pollOnce().finally(() => {
      polling = undefined;
    });
    return polling;
  };

  link.on('up', () => {
    log('platform connected');
    void flush(true);
  });
  link.on('command', (sn: string, payload: Buffer) => {
    void handleCommand(all(), sn, payload, link, log);
  });
  const timer = setInterval(() => void pollNow(), config.pollSeconds * 1000);
  void pollNow();

  return {
    devices: all,
    dropped: () => buffer.dropped,
    buffered: () => buffer.size,
    pollNow,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await polling;
      buffer.close();
      await Promise.all(pollers.map((p) => p.close()));
      await link.close();
    },
  };
}
