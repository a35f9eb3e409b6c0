/** The harness benchmarks by id, with their full and `--quick` sizes. Each runs in its own process (run-benchmark.ts). */
import { benchP1 } from './p1-selection.ts';
import { benchP2 } from './p2-call.ts';
import { benchP3 } from './p3-start.ts';
import { benchP4 } from './p4-mock.ts';
import { benchP5 } from './p5-memory.ts';
import { benchP6 } from './p6-many-tools.ts';
import { benchP7 } from './p7-start-up.ts';
import { benchP8 } from './p8-ab.ts';
import type { Figure } from './workload.ts';

export type Benchmark = (quick: boolean) => Promise<Figure[]>;

export const BENCHMARKS: Record<string, Benchmark> = {
  P1: (quick) => benchP1({ rounds: quick ? 1 : 5 }),
  P2: (quick) => benchP2({ rounds: quick ? 4 : 12 }),
  P3: (quick) => benchP3({ rounds: quick ? 2 : 6 }),
  P4: (quick) => benchP4({ rounds: quick ? 1 : 5 }),
  // P5's large side is 50,000 cases through the CLI (issue 18); --quick measures 10,000 to stay short.
  P5: (quick) => benchP5(quick ? { rounds: 1, large: 10_000 } : { rounds: 2 }),
  P6: (quick) => benchP6({ rounds: quick ? 1 : 3 }),
  P7: (quick) => benchP7({ rounds: quick ? 3 : 10 }),
  P8: (quick) => benchP8({ seeds: quick ? 10 : 100 }),
};
