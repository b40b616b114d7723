/**
 * Restarts (issue 11): for each restart, 20,000 single-sample QoS 1 messages with up to 100 in flight,
 * the part restarted after a third of them (apps/server/src/ingest/restart-harness.ts). Prints messages
 * acknowledged, samples stored, lost, stored twice, and the time to recover (from the restart's start to
 * the first sample committed after it). The PostgreSQL + Mosquitto rows need their binaries installed
 * (throwaway instances are started and restarted here), the PostgreSQL + RabbitMQ rows (two ingest
 * processes dividing RabbitMQ's queue, issue 23) rabbitmq-server too.
 */
import { type RestartScenario, runRestartScenario } from '../apps/server/src/ingest/restart-harness';
import { engineInstalled } from '../apps/server/src/test/engines';
import type { Row } from './table';

/** One row per restart. */
export async function runRestartBench(): Promise<Row[]> {
  const scenarios: RestartScenario[] = [{ stack: 'embedded', restart: 'server' }];
  if (engineInstalled('postgresql') && engineInstalled('mosquitto')) {
    scenarios.push(
      { stack: 'external', restart: 'server' },
      { stack: 'external', restart: 'database' },
      { stack: 'external', restart: 'broker' },
    );
  } else console.log('PostgreSQL or Mosquitto not installed: only the PGlite + aedes restart runs.');
  if (engineInstalled('postgresql') && engineInstalled('rabbitmq')) {
    scenarios.push({ stack: 'rabbitmq', restart: 'server' }, { stack: 'rabbitmq', restart: 'broker' });
  }
  const rows: Row[] = [];
  for (const s of scenarios) {
    const r = await runRestartScenario({ ...s, messages: 20_000, inflight: 100 });
    rows.push({
      restart: r.label,
      acknowledged: r.acknowledged,
      stored: r.stored,
      lost: r.lost,
      duplicates: r.duplicates,
      'recover (s)': r.recoverMs / 1000,
    });
  }
  return rows;
}
