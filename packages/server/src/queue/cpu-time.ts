/**
 * The CPU time a conversion uses (issue 29, N13): its worker thread's, read from
 * /proc/<pid>/task/<tid>/stat, and that of the processes the thread started (tesseract, one per
 * OCR page), read from the thread's `children` while they run. A limit on it, unlike one on the
 * wall clock, does not fail a scan because the machine is busy with other work. Linux only:
 * elsewhere threadId() is null and the pool keeps its wall-clock limit.
 */
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ, 100 on every Linux build in use). */
const TICKS_PER_SECOND = 100;

/** The calling thread's kernel id, or null without /proc. */
export function threadId(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/stat', 'utf8').split(' ', 1)[0]) || null;
  } catch {
    return null;
  }
}

/** User + system milliseconds of a task (thread or process) from its stat line, or null when it is gone. */
function statMs(path: string): number | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: fields are counted after it.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : null;
}

/**
 * A running count of one thread's CPU time from now on, with its child processes': each child's
 * last reading is kept, so one that has ended still counts (up to one polling interval short).
 */
export class CpuMeter {
  readonly #tid: number;
  readonly #start: number;
  readonly #children = new Map<number, number>();

  private constructor(tid: number, start: number) {
    this.#tid = tid;
    this.#start = start;
  }

  /** A meter for thread `tid` of this process, or null when its time cannot be read. */
  static start(tid: number | null | undefined): CpuMeter | null {
    if (!tid) return null;
    const start = statMs(`/proc/${process.pid}/task/${tid}/stat`);
    return start === null ? null : new CpuMeter(tid, start);
  }

  /** Milliseconds of CPU used since start() by the thread and the processes it started. */
  read(): number {
    const base = `/proc/${process.pid}/task/${this.#tid}`;
    const own = (statMs(`${base}/stat`) ?? this.#start) - this.#start;
    let children = '';
    try {
      children = readFileSync(`${base}/children`, 'utf8');
    } catch {
      // no children file (an older kernel): the thread's own time only
    }
    for (const pid of children.split(' ').filter(Boolean).map(Number)) {
      const ms = statMs(`/proc/${pid}/stat`);
      if (ms !== null) this.#children.set(pid, ms);
    }
    let total = own;
    for (const ms of this.#children.values()) total += ms;
    return total;
  }
}
