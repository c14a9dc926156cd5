// CPU-seconds accounting for benchmarks on a shared machine: wall figures move with whatever else
// runs, CPU seconds per file do not. Reads /proc (Linux); elsewhere there is nothing to report.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
export const procAvailable = existsSync('/proc/self/stat');

/** utime + stime in seconds of a process (all its threads, ended ones included) or one thread. */
function statSeconds(path) {
  try {
    const text = readFileSync(path, 'utf8');
    // The command name (2nd field) may hold spaces: fields are counted after its closing paren.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null;
  }
}

/**
 * CPU seconds of this process's children that it has waited for, and of their waited-for
 * children (a CLI conversion and its OCR processes): the difference around a spawnSync is that
 * run's work. Null where /proc is not there.
 */
export function waitedChildrenCpu() {
  try {
    const text = readFileSync('/proc/self/stat', 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / TICKS;
  } catch {
    return null;
  }
}

/** A process's CPU seconds: its total, its main thread, and each other thread alive now. */
function processCpu(pid) {
  const total = statSeconds(`/proc/${pid}/stat`);
  if (total === null) return null;
  const threads = {};
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const s = statSeconds(`/proc/${pid}/task/${tid}/stat`);
      if (s !== null) threads[tid] = s;
    }
  } catch {}
  return { total, main: threads[pid] ?? 0, threads };
}

/** Busy and total CPU seconds of the whole machine (all cores), from /proc/stat. */
function machineCpu() {
  try {
    const v = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already inside user).
    const all = v.reduce((a, b) => a + b, 0);
    return { busy: (all - v[3] - v[4]) / TICKS, all: all / TICKS };
  } catch {
    return null;
  }
}

/**
 * Samples named processes (and the whole machine) every `everyMs` from when they are added, so a
 * window can be chosen afterwards, e.g. from a time found in the logs. `report(from)` gives per
 * label the CPU seconds from `from` (epoch ms) to the last sample: in all, the main thread, and
 * the busiest other thread (in a conversion worker: its conversion thread). A process first seen
 * after `from` counts from zero (a database backend opened during the run).
 */
export class CpuTimeline {
  #series = new Map();
  #machine = [];
  #timer;

  constructor(everyMs = 100) {
    this.#timer = setInterval(() => this.sample(), everyMs);
    this.#timer.unref();
    this.sample();
  }

  add(label, pid) {
    if (this.#series.has(pid)) return;
    this.#series.set(pid, { label, samples: [] });
    this.#sampleOne(pid);
  }

  #sampleOne(pid) {
    const cpu = processCpu(pid);
    if (cpu) this.#series.get(pid)?.samples.push({ t: Date.now(), cpu });
  }

  sample() {
    for (const pid of this.#series.keys()) this.#sampleOne(pid);
    const m = machineCpu();
    if (m) this.#machine.push({ t: Date.now(), ...m });
  }

  report(from) {
    clearInterval(this.#timer);
    this.sample();
    const at = (samples) => samples.findLast((s) => s.t <= from);
    const byLabel = new Map();
    for (const [pid, { label, samples }] of this.#series) {
      const last = samples.at(-1);
      if (!last) continue;
      const a = at(samples)?.cpu ?? { total: 0, main: 0, threads: {} };
      const b = last.cpu;
      const r = byLabel.get(label) ?? { total: 0, main: 0, busiest: 0 };
      r.total += b.total - a.total;
      r.main += b.main - a.main;
      let busiest = 0;
      for (const [tid, s] of Object.entries(b.threads))
        if (tid !== String(pid)) busiest = Math.max(busiest, s - (a.threads[tid] ?? 0));
      r.busiest += busiest;
      byLabel.set(label, r);
    }
    const m0 = at(this.#machine) ?? this.#machine[0];
    const m1 = this.#machine.at(-1);
    const machine = m0 && m1 ? { busy: m1.busy - m0.busy, all: m1.all - m0.all, wall: (m1.t - m0.t) / 1000 } : null;
    return { byLabel, machine };
  }
}
