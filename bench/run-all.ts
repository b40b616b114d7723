/**
 * `npm run bench`: every benchmark in one run, printed as tables side by side. PostgreSQL cases run when
 * DATABASE_URL is set. Each case is bounded in time; all traffic stays on loopback.
 */
import { runAlarmBench } from './alarms';
import { ingestFiguresOf, runCapacityBench } from './capacity';
import { printCommandBench, runCommandBench } from './commands';
import { printDeviceFloodBench, runDeviceFloodBench } from './device-flood';
import { runEnergyBench } from './energy';
import { runGatewayBench } from './gateway';
import { runHistoryRenderBench } from './history-render';
import { runIngestBench, runIngestLatencyBench } from './ingest';
import { runIngestNodesBench } from './ingest-nodes';
import { listRealSpread, runListRealBench } from './list-real';
import { printOcppChargersBench, runOcppChargersBench } from './ocpp-chargers';
import { pushAlarmStages, runPushAlarmBench, runPushReportBench } from './push';
import { runReportBench } from './reports';
import { runRestartBench } from './restarts';
import { runRssBench } from './rss';
import { withServeFlags } from './serve-flags';
import { printSolarChargingBench, runSolarChargingBench } from './solar-charging';
import { printTable } from './table';
import { runWebAssetsBench } from './web-assets';

withServeFlags('bench');
const started = Date.now();
console.log(`Benchmarks on ${process.version}, ${new Date().toISOString()}`);
printTable('Ingest: points stored per second', await runIngestBench());
printTable('Ingest: publish → queryable (issue 12 §4)', await runIngestLatencyBench());
printTable('list/real under simulated 5-second pollers', await runListRealBench());
const listRealIngest = await runListRealBench(10_000);
printTable('list/real while ingest runs at 10,000 points/s (issue 12 §4)', listRealIngest);
printTable('list/real while ingest runs: spread over the runs (issue 36 §1)', listRealSpread(listRealIngest));
printTable('Web app: compressed JavaScript per page (Chromium, cold cache)', await runWebAssetsBench());
printTable('Reports: all-sites yearly report and Excel file (issue 8)', await runReportBench());
printTable('Station history: answer to drawn chart (issue 8)', await runHistoryRenderBench());
printTable('Restarts mid-stream: 20,000 QoS 1 messages, 100 in flight', await runRestartBench());
const ingestNodes = await runIngestNodesBench();
printTable('Ingest nodes on RabbitMQ: one and two processes draining one queue (issue 23 §6)', ingestNodes);
const capacity = await runCapacityBench(ingestFiguresOf(ingestNodes));
printTable('Capacity: writer and disk per sample (issue 23 §6)', capacity.storage);
printTable('Capacity: devices at one sample per 5 s, from the figures above (issue 23 §6)', capacity.model);
printTable('Alarms: calls and evaluation (issue 9)', await runAlarmBench());
printTable('Energy (issue 12): lines and statistics p95', await runEnergyBench());
printTable('Push: alarm raised → mail at SMTP (issue 20 §11)', await runPushAlarmBench());
printTable('Push: where an alarm mail’s time went', pushAlarmStages());
printTable('Push: daily reports due at the same minute → all mails at SMTP', await runPushReportBench());
printCommandBench(await runCommandBench());
printTable('Server memory with the demo fleet (issue 12 §4)', await runRssBench());
printOcppChargersBench(await runOcppChargersBench());
printDeviceFloodBench(await runDeviceFloodBench());
printSolarChargingBench(await runSolarChargingBench());
const gateway = await runGatewayBench();
printTable('SunSpec gateway: one gateway polling 100 devices (issue 32)', gateway.polling);
printTable("SunSpec gateway: replay of a day's buffer of 100 devices (issue 32)", gateway.replay);
console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
process.exit(0);
