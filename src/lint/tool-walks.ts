/**
 * The walks of one lint run, kept (Spectral's `given`): about twenty tool rules read each tool's
 * schemas, properties and text through the kit's walkers (tool-rule-kit.ts), and each walked every
 * tool again, 2,000 tools through 50 rules. While `withToolWalks` runs, each walk is made once per
 * schema or tool and handed to every rule that asks. Kept for that run only, so a tool changed between
 * runs is walked again; rules read the lists and never change them (they are typed readonly).
 */
let current: Map<string, WeakMap<object, unknown>> | undefined;

/** Runs `lint` with the walks remembered, and forgets them after (nested runs keep their own). */
export function withToolWalks<T>(lint: () => T): T {
  const outer = current;
  current = new Map();
  try {
    return lint();
  } finally {
    current = outer;
  }
}

/**
 * The walk `kind` of `key` from this run, or `walk(key)`, remembered when a run is on. `kind` names the
 * walk and its arguments besides `key` (`properties plain`), so two walks never share an entry.
 */
export function remembered<K extends object, V>(kind: string, key: K, walk: (key: K) => V): V {
  if (!current) return walk(key);
  let walks = current.get(kind) as WeakMap<K, V> | undefined;
  if (!walks) current.set(kind, (walks = new WeakMap()));
  let value = walks.get(key);
  if (value === undefined) {
    value = walk(key);
    walks.set(key, value);
  }
  return value;
}
