/** Verbs a tool name may start with (spec 10.4: names signal query, mutation or action). Curated, lowercase. */
export const TOOL_VERBS: ReadonlySet<string> = new Set([
  // queries
  'get', 'list', 'search', 'find', 'read', 'fetch', 'query', 'lookup', 'look', 'show', 'describe', 'count', 'check', 'inspect',
  'view', 'browse', 'retrieve', 'load', 'open', 'scan', 'explain', 'summarize', 'summarise', 'compare', 'diff', 'validate',
  'verify', 'test', 'ask', 'resolve', 'preview', 'peek', 'watch', 'poll', 'monitor', 'download', 'export', 'calculate', 'compute',
  'estimate', 'analyze', 'analyse', 'evaluate', 'detect', 'parse', 'extract', 'convert', 'translate', 'format', 'render', 'echo',
  'print', 'ping', 'match', 'sample', 'trace', 'audit', 'select', 'filter', 'sort', 'rank', 'recommend', 'suggest', 'generate',
  'predict', 'classify', 'transcribe', 'lint', 'measure', 'locate', 'identify', 'tell',
  // mutations
  'create', 'add', 'insert', 'new', 'make', 'build', 'write', 'save', 'store', 'put', 'post', 'set', 'update', 'edit', 'modify',
  'change', 'patch', 'replace', 'rename', 'move', 'copy', 'clone', 'delete', 'remove', 'drop', 'clear', 'purge', 'archive',
  'restore', 'tag', 'untag', 'label', 'attach', 'detach', 'link', 'unlink', 'assign', 'unassign', 'append', 'prepend', 'merge',
  'split', 'import', 'upload', 'upsert', 'register', 'unregister', 'enable', 'disable', 'toggle', 'mark', 'pin', 'unpin',
  'star', 'unstar', 'lock', 'unlock', 'approve', 'reject', 'close', 'reopen', 'resize', 'compress', 'decompress', 'gzip',
  'zip', 'unzip', 'encode', 'decode', 'encrypt', 'decrypt', 'sign', 'publish', 'unpublish', 'commit', 'push', 'pull', 'apply',
  'revert', 'undo', 'redo', 'reset', 'init', 'initialize', 'configure', 'install', 'uninstall', 'upgrade', 'sync', 'refresh',
  'reload', 'fill', 'type', 'click', 'press', 'scroll', 'hover', 'drag', 'navigate', 'go', 'take', 'capture', 'screenshot',
  'record', 'log', 'note', 'comment', 'reply', 'mention',
  // actions
  'send', 'email', 'notify', 'call', 'invoke', 'execute', 'exec', 'run', 'start', 'stop', 'restart', 'pause', 'resume',
  'cancel', 'abort', 'kill', 'schedule', 'trigger', 'deploy', 'launch', 'submit', 'request', 'simulate', 'play', 'share',
  'invite', 'book', 'order', 'buy', 'pay', 'transfer', 'subscribe', 'unsubscribe', 'login', 'logout', 'authenticate',
  'authorize', 'connect', 'disconnect', 'wait', 'sleep', 'retry', 'plan', 'think', 'remember', 'forget', 'recall',
]);
