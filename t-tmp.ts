import { benchP7 } from './src/bench/harness/p7-ab.ts';
const t = performance.now();
const f = await benchP7({ seeds: 200 });
for (const x of f) console.log(x.what, x.value, x.met);
console.log(f[0].detail);
console.log(((performance.now() - t) / 1000).toFixed(1), 's');
