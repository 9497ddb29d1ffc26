import { cpuTimesOf, sharesBetween, watchMachine, type CpuTimes } from '../../../scripts/machine-load';

/** Two readings of a 2-vCPU guest's `/proc/stat`, 30 s apart while it idled (the host took 54 ticks). */
const IDLE_BEFORE = 'cpu  46375 189 15594 204951 1451 0 1113 4972 0 0\ncpu0 23001 90 7700 102400 700 0 550 2500 0 0\n';
const IDLE_AFTER = 'cpu  46410 189 15650 210824 1451 0 1113 5026 0 0\ncpu0 23020 90 7730 105300 700 0 550 2530 0 0\n';

describe('the machine watched beside a benchmark', () => {
  test.each([
    ['a guest with a steal column', IDLE_BEFORE, { busy: 46375 + 189 + 15594 + 1113, idle: 204951 + 1451, steal: 4972 }],
    ['guest columns, already in user and nice, left out', 'cpu  10 20 30 40 50 60 70 80 900 900', { busy: 190, idle: 90, steal: 80 }],
    ['a kernel with no steal column', 'cpu  10 20 30 40 50 60 70', { busy: 190, idle: 90, steal: 0 }],
  ])('reads /proc/stat: %s', (_, stat, times) => {
    expect(cpuTimesOf(stat)).toEqual(times);
  });

  test.each([
    ['a per-CPU line first', 'cpu0 1 2 3 4 5 6 7 8'],
    ['too few columns', 'cpu  1 2 3 4 5 6'],
    ['a column that is not a count', 'cpu  1 2 3 x 5 6 7 8'],
    ['nothing', ''],
  ])('reads nothing from %s', (_, stat) => {
    expect(cpuTimesOf(stat)).toBeNull();
  });

  test("gives the host's share and the machine's own between two readings", () => {
    const shares = sharesBetween(cpuTimesOf(IDLE_BEFORE) as CpuTimes, cpuTimesOf(IDLE_AFTER) as CpuTimes);
    // 91 ticks busy, 5,873 idle and 54 stolen: 6,018 in all.
    expect(shares?.host?.toFixed(2)).toBe('0.90');
    expect(shares?.busy.toFixed(2)).toBe('1.51');
  });

  test("leaves the host's share unknown where no stolen time was ever counted, as under PVM", () => {
    // Two readings of a 2-vCPU PVM guest, 10 s apart, minutes after it started: 61 ticks busy, 1,935 idle.
    const before = cpuTimesOf('cpu  5295 0 4166 16097 655 0 226 0 0 0') as CpuTimes;
    const after = cpuTimesOf('cpu  5326 0 4193 18032 655 0 229 0 0 0') as CpuTimes;
    const shares = sharesBetween(before, after);
    expect(shares?.host).toBeNull();
    expect(shares?.busy.toFixed(2)).toBe('3.06');
  });

  test('gives no shares when the kernel counted no time between the readings', () => {
    const times = cpuTimesOf(IDLE_BEFORE) as CpuTimes;
    expect(sharesBetween(times, times)).toBeNull();
  });

  test('sums up a stretch: the load at its start and end, and the shares of the time between', () => {
    const loads = [
      [1.44, 1.66, 0.82],
      [0.39, 1.31, 0.86],
    ];
    const readings = ['cpu  100 0 50 800 0 0 0 50 0 0', 'cpu  250 0 100 1400 0 0 0 250 0 0'];
    const watch = watchMachine({ load: () => loads.shift() ?? [], cpu: () => cpuTimesOf(readings.shift() ?? '') });
    expect(watch.summary()).toBe("load 1.44 → 0.39; the host took 20.0% of the CPU time, the machine's own work 20.0%");
  });

  test("sums up a stretch on a machine that never counted stolen time: its own share, the host's not known", () => {
    const readings = ['cpu  100 0 50 800 0 0 0 0 0 0', 'cpu  250 0 100 1400 0 0 0 0 0 0'];
    const watch = watchMachine({ load: () => [2, 1, 0.5], cpu: () => cpuTimesOf(readings.shift() ?? '') });
    expect(watch.summary()).toBe(
      "load 2.00 → 2.00; the machine's own work took 25.0% of the CPU time; the host's share is not known here (no stolen time counted since the machine started)",
    );
  });

  test('says the shares are not known where the machine has no /proc/stat', () => {
    const watch = watchMachine({ load: () => [0.5, 0.4, 0.3], cpu: () => null });
    expect(watch.summary()).toBe("load 0.50 → 0.50; the host's share of the CPU time is not known here");
  });
});
