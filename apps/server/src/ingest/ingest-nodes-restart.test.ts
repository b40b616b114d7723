/**
 * Issue 23 §3: the restart suite of issue 11 with two ingest nodes dividing RabbitMQ's queue
 * (INGEST_AMQP_URL, docs/decisions/0023-rabbitmq-ingest-queue.md): a real publisher (MQTT 3.1.1, QoS 1,
 * persistent session) sends 20,000 single-sample messages, up to 100 in flight, to RabbitMQ's MQTT
 * plugin while two server processes on one PostgreSQL consume the queue; one node is SIGKILLed while
 * the other runs on, or RabbitMQ itself is SIGKILLed. Every acknowledged sample is stored exactly once
 * (restart-harness.ts), which starts its own PostgreSQL and RabbitMQ. CI
 * runs the node kill in its embedded pass and the RabbitMQ kill in its PostgreSQL pass (each ≈ 40 s).
 */
import { describe, it } from 'vitest';
import { expectNothingLostOrTwice } from './restart-expect';

const embeddedPass = !process.env.DATABASE_URL;
const runs = (pass: boolean) => !process.env.CI || pass;
const LIMIT = 300_000;

// One scenario per CI pass, never reported as skipped; a missing engine fails it, naming it.
describe('two ingest nodes on PostgreSQL + RabbitMQ', () => {
  if (runs(embeddedPass))
    it(
      'one node killed (SIGKILL) mid-stream while the other runs: 0 acknowledged lost, 0 stored twice',
      () => expectNothingLostOrTwice({ stack: 'rabbitmq', restart: 'server' }),
      LIMIT,
    );
  if (runs(!embeddedPass))
    it(
      'RabbitMQ killed (SIGKILL) and restarted mid-stream: 0 acknowledged lost, 0 stored twice',
      () => expectNothingLostOrTwice({ stack: 'rabbitmq', restart: 'broker' }),
      LIMIT,
    );
});
