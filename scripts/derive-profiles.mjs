// Derives the simulator's compact driver profiles from the real data in ../shared/data (see each
// SOURCE.md) and writes them as JSON under apps/server/src/simulator/profiles/, with attribution.
// Plain Node ESM, no dependencies. Run from anywhere: `node scripts/derive-profiles.mjs`.
// The output is committed, so the platform runs without ../shared/data.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(repo, '..', 'shared', 'data');
const outDir = join(repo, 'apps', 'server', 'src', 'simulator', 'profiles');

/** @param {string} rel */
const read = (rel) => readFileSync(join(dataDir, rel), 'utf8');

/** @param {string} text @param {string} sep @returns {string[][]} */
const parseCsv = (text, sep) =>
  text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .map((l) => l.split(sep));

/** @param {string} name @param {unknown} value */
function write(name, value) {
  const path = join(outDir, name);
  writeFileSync(path, `${JSON.stringify(value)}\n`);
  console.log(`wrote ${path} (${(JSON.stringify(value).length / 1024).toFixed(1)} KB)`);
}

/** Day of year (1..366) of a UTC date. @param {Date} d */
const dayOfYear = (d) => Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;

// ---------------------------------------------------------------------------------------------------
// PV: 40 real days of the SMA 7 kW residential inverter, 5-minute AC power.
// The file's clock is UTC-like for a western-US site (SOURCE.md: centroid 17.6–18.7 h), so a solar day
// crosses the file's midnight. Days are cut at the night gap instead of at the clock's midnight; the
// simulator maps each day's power-weighted centroid (`noonMin`) onto the site's own solar noon and
// stretches the day to the site's day length, so the unverified absolute clock does not matter.
function derivePv() {
  const rows = parseCsv(read('pv-residential-sma7kw-taefc1044741/TAEFC1044741.csv'), ',').slice(1);
  /** @type {{t: number, kw: number}[]} */
  const samples = [];
  for (const r of rows) {
    const kw = Number(r[4]);
    if (!Number.isFinite(kw) || kw < -1) continue; // -1000000 is the missing-data sentinel
    samples.push({ t: Date.parse(`${r[2]?.replace(' ', 'T')}Z`), kw: Math.max(0, kw) });
  }
  samples.sort((a, b) => a.t - b.t);
  const peakKw = Math.max(...samples.map((s) => s.kw));

  /** @type {{t: number, kw: number}[][]} */
  const runs = [];
  let run = [];
  for (const s of samples) {
    const last = run[run.length - 1];
    if (last && s.t - last.t > 60 * 60_000) {
      runs.push(run);
      run = [];
    }
    run.push(s);
  }
  runs.push(run);

  const days = [];
  for (const r of runs) {
    if (r.length < 100) continue; // the partial first day and fragments
    const first = r[0];
    if (!first) continue;
    const n = Math.round(((r[r.length - 1]?.t ?? first.t) - first.t) / 300_000) + 1;
    const v = new Array(n).fill(0);
    for (const s of r) v[Math.round((s.t - first.t) / 300_000)] = s.kw;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi && v[lo] <= 0) lo++;
    while (hi > lo && v[hi] <= 0) hi--;
    const trimmed = v.slice(lo, hi + 1);
    const energy = trimmed.reduce((a, b) => a + b, 0);
    const centroid = trimmed.reduce((a, b, i) => a + b * i * 5, 0) / energy;
    const start = new Date(first.t + lo * 300_000);
    // The local (Pacific) date of the day: the file's clock minus 8 h at the centroid.
    const local = new Date(start.getTime() + centroid * 60_000 - 8 * 3_600_000);
    days.push({
      date: local.toISOString().slice(0, 10),
      doy: dayOfYear(local),
      start: start.toISOString().slice(11, 16),
      noonMin: Math.round(centroid),
      kwh: Math.round((energy / 12) * 10) / 10,
      v: trimmed.map((kw) => Math.round((kw / peakKw) * 1000)),
    });
  }

  // Five days per month, evenly spread over the month's complete days (mixed weather as recorded).
  const picked = [];
  for (let m = 1; m <= 12; m++) {
    const inMonth = days.filter((d) => Number(d.date.slice(5, 7)) === m && d.date.startsWith('2016'));
    if (inMonth.length === 0) continue;
    const k = Math.min(5, inMonth.length);
    for (let i = 0; i < k; i++) {
      const d = inMonth[Math.floor(((i + 0.5) * inMonth.length) / k)];
      if (d) picked.push(d);
    }
  }
  write('pv-days.json', {
    source: {
      repo: 'https://github.com/slacgismo/solar-data-tools',
      path: 'sdt_dask/examples/example_data/TAEFC1044741.csv',
      commit: 'e25e999c46ab7ce5b94d4d897a23ea242ab808da',
      licence: 'BSD-2-Clause (as committed in the repository; upstream SLAC PVDB rights not documented)',
      what: 'SMA Sunny Boy 7000TL-US residential inverter, measured AC power, 5 min, 2016',
    },
    derivation:
      'Solar days cut at the night gap; v = AC power in permille of the series maximum (peakKw); start = ' +
      'first non-zero sample on the recorded (UTC-like, unverified) clock; noonMin = power-weighted ' +
      'centroid in minutes after start; the simulator maps noonMin onto the site solar noon. ' +
      'assumedLatitude is the latitude used to undo the seasonal amplitude of the source site.',
    peakKw,
    stepMin: 5,
    assumedLatitude: 37,
    days: picked,
  });
}

// ---------------------------------------------------------------------------------------------------
// Household load: BDEW H25 and S25 (2025 SLPs), 96 quarter-hours x 12 months x 3 day types.
function deriveBdew() {
  /** @param {string} file */
  const table = (file) => {
    const rows = parseCsv(read(`bdew-standard-load-profiles/${file}`), ',');
    const types = rows[1]?.slice(1) ?? [];
    const body = rows.slice(2, 98);
    /** @type {Record<string, number[]>[]} */
    const out = [];
    for (let m = 0; m < 12; m++) {
      /** @type {Record<string, number[]>} */
      const byType = {};
      for (let k = 0; k < 3; k++) {
        const col = m * 3 + k;
        const type = types[col] ?? '?';
        // kWh per quarter-hour per 1 GWh/a → mean W per 1,000 kWh/a: × 4 (per hour) × 1e6 Wh / 1e6.
        byType[type] = body.map((r) => Math.round(Number(r[col + 1]) * 4 * 10) / 10);
      }
      out.push(byType);
    }
    return out;
  };
  write('load-bdew.json', {
    source: {
      repo: 'https://github.com/oemof/demandlib',
      path: 'src/demandlib/bdew/bdew_data/h25.csv, s25.csv',
      commit: '109c1c813c168f22af7b14eae13b987fb65364a1',
      licence:
        'MIT (demandlib); profiles published by BDEW (bdew.de standard load profiles), no open licence stated',
      what: 'BDEW 2025 standard load profiles: H25 household, S25 household with PV and battery (grid-point demand)',
    },
    derivation:
      'Mean power in W per 1,000 kWh/a for each quarter-hour (index 0 = 00:00-00:15), per month (index 0 = ' +
      'January) and day type (SA Saturday, FT Sunday/holiday, WT working day), before dynamisation. ' +
      'Multiply by annual kWh / 1000 and by the dynamisation polynomial (coefficients t^4..t^0, t = day of year).',
    dynamisation: [-3.92e-10, 3.2e-7, -7.02e-5, 2.1e-3, 1.24],
    h25: table('h25.csv'),
    s25: table('s25.csv'),
  });
}

// ---------------------------------------------------------------------------------------------------
// EV sessions: a few hundred measured residential sessions (plug-in local time, plug duration, kWh).
function deriveEv() {
  const rows = parseCsv(read('ev-charging-residential-norway/Dataset 1_EV charging reports.csv'), ';').slice(
    1,
  );
  const num = (/** @type {string | undefined} */ s) => Number((s ?? '').replace(',', '.'));
  const all = [];
  for (const r of rows) {
    const kwh = num(r[9]);
    const hours = num(r[10]);
    const m = /^(\d\d)\.(\d\d)\.(\d{4}) (\d\d):(\d\d)$/.exec(r[5] ?? '');
    if (!m || !Number.isFinite(kwh) || !Number.isFinite(hours)) continue;
    if (kwh < 1 || kwh > 80 || hours < 0.25 || hours > 48) continue;
    const weekday = new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]))).getUTCDay();
    all.push([Number(m[4]) * 60 + Number(m[5]), weekday, Math.round(hours * 60), Math.round(kwh * 1000)]);
  }
  const step = Math.max(1, Math.floor(all.length / 400));
  const sessions = all.filter((_, i) => i % step === 0).slice(0, 400);
  write('ev-sessions.json', {
    source: {
      repo: 'https://github.com/krzemmm/EV-charging-analysis',
      path: 'Dataset 1_EV charging reports.csv',
      commit: '30288cda0a5ee3f1a36d3924a480232f23e679ed',
      licence:
        'CC BY 4.0 (original dataset: Sørensen, Lindberg, Sartori, Andresen (2021), Residential electric ' +
        'vehicle charging datasets from apartment buildings, Data in Brief 36, 107105, doi:10.17632/jbks2rcwyj); ' +
        'the copying repository has no licence file',
      what: 'Residential EV charging sessions, apartment-building garages in Trondheim (Europe/Oslo), 2018-2020',
    },
    derivation:
      'Every k-th session with 1-80 kWh and 0.25-48 h plugged in. Columns: plug-in minute of the local ' +
      'day, weekday of the plug-in (0 = Sunday), plugged-in minutes, energy delivered in Wh.',
    columns: ['startMin', 'weekday', 'durationMin', 'wh'],
    sessions,
  });
}

mkdirSync(outDir, { recursive: true });
derivePv();
deriveBdew();
deriveEv();
// Committed files follow the repository's formatter (arrays of numbers filled to the line width).
const biome = join(repo, 'node_modules', '.bin', 'biome');
if (existsSync(biome)) spawnSync(biome, ['format', '--write', outDir], { stdio: 'ignore' });
