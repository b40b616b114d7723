/**
 * The gateway process: polls every Modbus address each `pollSeconds`, buffers the samples on disk,
 * announces the devices found and sends the buffer while the platform is reachable, each device's only
 * once the platform confirmed it (held on disk until then: docs/gateway.md "Buffering").
 */
import { type BufferedRecord, SampleBuffer } from './buffer';
import type { GatewayConfig } from './config';
import { HeldRecords } from './held';
import { gatewayTopics, PlatformLink } from './platform-link';
import { AddressPoller, type FoundDevice } from './poller';
import { createSender } from './sender';
import { supportedParams } from './write-plan';
import { handleCommand } from './writes';

/**
 * While a device found is not confirmed, its confirmation is asked for again this often (a broker's ACL
 * reloaded since, e.g. Mosquitto's file a minute later) and the devices announced again every
 * REANNOUNCE_EVERY such rounds (a site full before may have room now).
 */
const CONFIRM_RETRY_MS = 5_000;
const REANNOUNCE_EVERY = 12;
/** After announcing, the first send waits this long at most for the confirmations of the devices found. */
const CONFIRM_WAIT_MS = 2_000;

/** A running gateway. */
export interface Gateway {
  /** The devices found so far, every address together. */
  devices(): FoundDevice[];
  /** Records dropped because the buffer was full. */
  dropped(): number;
  /** Records on disk not yet acknowledged (those held for an unconfirmed device included). */
  buffered(): number;
  /** The devices the platform confirmed (device-protocol.md §11): only their records are sent. */
  confirmed(): Set<string>;
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
  const held = new HeldRecords(config.bufferDir, config.maxBuffered);
  const confirmed = new Set<string>();
  const found = () => new Set(all().map((d) => d.identity.serialNumber));
  const unconfirmed = () => [...found()].filter((sn) => !confirmed.has(sn));
  const sender = createSender(buffer, held, link, { present: found, confirmed: () => confirmed });
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
      await link.subscribeConfirmations(unconfirmed());
      announced = key;
      await confirmations(CONFIRM_WAIT_MS);
      return true;
    } catch {
      return false;
    }
  }

  /** Resolves once every device found is confirmed, or after `ms`. */
  function confirmations(ms: number): Promise<void> {
    if (unconfirmed().length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        if (unconfirmed().length > 0 && Date.now() < until) return;
        clearTimeout(timer);
        link.off('confirmed', done);
        resolve();
      };
      const until = Date.now() + ms;
      const timer = setTimeout(() => {
        link.off('confirmed', done);
        resolve();
      }, ms);
      link.on('confirmed', done);
    });
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
  link.on('confirmed', (sn: string) => {
    if (confirmed.has(sn)) return;
    confirmed.add(sn);
    log(`${sn} confirmed by the platform`);
    // Its command topic may have been refused before the broker allowed it.
    void link.subscribeCommands([sn]).catch(() => undefined);
    void flush();
  });
  let rounds = 0;
  const confirmTimer = setInterval(() => {
    const waiting = unconfirmed();
    if (waiting.length === 0 || !link.connected) return;
    rounds++;
    if (rounds % REANNOUNCE_EVERY === 0) void flush(true);
    else void link.subscribeConfirmations(waiting, true).catch(() => undefined);
  }, CONFIRM_RETRY_MS);
  const timer = setInterval(() => void pollNow(), config.pollSeconds * 1000);
  void pollNow();

  return {
    devices: all,
    dropped: () => buffer.dropped + held.dropped,
    buffered: () => buffer.size + held.size,
    confirmed: () => new Set(confirmed),
    pollNow,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      clearInterval(confirmTimer);
      await polling;
      buffer.close();
      held.close();
      await Promise.all(pollers.map((p) => p.close()));
      await link.close();
    },
  };
}
