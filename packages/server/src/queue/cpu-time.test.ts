/** Issue 29, N13: the CPU time of a thread and of the processes it starts (tesseract, one per OCR page). */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CpuMeter, threadId } from './cpu-time';

const linux = process.platform === 'linux';

describe.skipIf(!linux)('CpuMeter', () => {
  it("counts the thread's own CPU time, not time spent waiting", async () => {
    const meter = CpuMeter.start(threadId()) as CpuMeter;
    expect(meter).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 600));
    const idle = meter.read();
    let x = 0;
    const until = process.cpuUsage().user + 400_000;
    while (process.cpuUsage().user < until) x++;
    expect(x).toBeGreaterThan(0);
    // 600 ms asleep count (almost) nothing; 400 ms of work count as about that.
    expect(idle).toBeLessThan(300);
    expect(meter.read() - idle).toBeGreaterThanOrEqual(300);
  });

  it('counts the CPU time of a process the thread started, also once it has ended', async () => {
    const meter = CpuMeter.start(threadId()) as CpuMeter;
    // A fixed amount of work (not of time): about half a second of CPU on this machine's cores.
    const child = spawn(
      process.execPath,
      ['-e', 'let x = 0; for (let i = 0; i < 6e8; i++) x += i % 7; console.log(x)'],
      {
        stdio: 'ignore',
      },
    );
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const poll = setInterval(() => meter.read(), 50);
    await exited;
    clearInterval(poll);
    expect(meter.read()).toBeGreaterThanOrEqual(200);
  });

  it('is null for a thread that does not exist', () => {
    expect(CpuMeter.start(2 ** 30)).toBeNull();
    expect(CpuMeter.start(null)).toBeNull();
  });
});
