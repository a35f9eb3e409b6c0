/**
 * Tasks at run time, in both eras. The 2026-07-28 tasks extension is `callAsModernTask` below.
 * MCP 2025-11-25 tasks: a tool whose `execution.taskSupport` is "required" must be
 * called with `params.task`; the server answers with a task handle, and the client polls `tasks/get`
 * (as often as the task's `pollInterval` says) until the task ends, then reads the tool's result with
 * `tasks/result`. The whole task gets the call's timeout: past it, the task is cancelled with
 * `tasks/cancel` and the call fails with E_SERVER_TIMEOUT. The result is then scored like a direct one.
 */
import { ToolvetError } from '../errors.ts';

/** What a task-augmented call needs of the SDK client: one raw request method. */
export interface TaskClient {
  request(request: { method: string; params?: Record<string, unknown> }, schema: PassThrough, options?: { timeout?: number }): Promise<unknown>;
}

/** A Standard Schema that accepts anything: the task methods are not in the SDK's 2025 method table. */
export type PassThrough = { '~standard': { version: 1; vendor: string; validate: (value: unknown) => { value: unknown } } };
/** Takes the result as the server sent it (the SDK's own result schemas would reject or strip what probe checks). */
export const ANY: PassThrough = { '~standard': { version: 1, vendor: 'toolvet', validate: (value) => ({ value }) } };

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
/** Poll at least this often apart, whatever the server asks (a pollInterval of 0 would spin). */
const MIN_POLL_MS = 50;
const DEFAULT_POLL_MS = 1000;

export interface TaskTrace {
  taskId: string;
  /** `tasks/get` calls made. */
  polls: number;
  status: string;
}

interface TaskInfo {
  taskId?: unknown;
  status?: unknown;
  pollInterval?: unknown;
  statusMessage?: unknown;
}

/** Calls `tool` as a task and follows it to its result within `timeoutMs`; the trace says how. */
export async function callAsTask(client: TaskClient, server: string, tool: string, args: Record<string, unknown>, timeoutMs: number, sleep: (ms: number) => Promise<void> = delay): Promise<{ result: unknown; task?: TaskTrace }> {
  const deadline = Date.now() + timeoutMs;
  const left = (): number => deadline - Date.now();
  const created = (await client.request({ method: 'tools/call', params: { name: tool, arguments: args, task: { ttl: timeoutMs } } }, ANY, { timeout: timeoutMs })) as { task?: TaskInfo };
  // A server may answer a task-augmented call directly; that is the result.
  if (!created.task || typeof created.task.taskId !== 'string') return { result: created };
  const taskId = created.task.taskId;
  let info: TaskInfo = created.task;
  let polls = 0;
  while (!TERMINAL.has(String(info.status))) {
    const wait = Math.max(MIN_POLL_MS, typeof info.pollInterval === 'number' && Number.isFinite(info.pollInterval) ? info.pollInterval : DEFAULT_POLL_MS);
    if (left() <= wait) {
      await client.request({ method: 'tasks/cancel', params: { taskId } }, ANY, { timeout: Math.min(5000, timeoutMs) }).catch(() => undefined);
      throw new ToolvetError('E_SERVER_TIMEOUT', `task ${taskId} of tool "${tool}" on server "${server}" did not finish within ${timeoutMs} ms (last status ${String(info.status)}${typeof info.statusMessage === 'string' ? `: ${info.statusMessage.slice(0, 120)}` : ''}); it was cancelled with tasks/cancel`, {
        server,
        tool,
        hint: 'raise --call-timeout if the task needs longer; the whole task, polling included, must end within it',
      });
    }
    await sleep(wait);
    info = (await client.request({ method: 'tasks/get', params: { taskId } }, ANY, { timeout: left() })) as TaskInfo;
    polls++;
  }
  const trace = { taskId, polls, status: String(info.status) };
  if (info.status === 'cancelled') {
    throw new ToolvetError('E_SERVER_PROTOCOL', `task ${taskId} of tool "${tool}" on server "${server}" was cancelled by the server`, { server, tool, hint: 'see the server log for why it cancelled the task' });
  }
  // completed or failed: tasks/result returns what tools/call would have (a failed tool's result has isError).
  const result = await client.request({ method: 'tasks/result', params: { taskId } }, ANY, { timeout: Math.max(1, left()) });
  return { result, task: trace };
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The identifier of the 2026-07-28 tasks extension. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** A 2026-07-28 server that declares the tasks extension: a call may come back as a task handle, so it goes out declaring the extension. */
export function offersModernTasks(era: string | undefined, capabilities: { extensions?: unknown }): boolean {
  const extensions = capabilities.extensions as Record<string, unknown> | undefined;
  return era === 'modern' && extensions?.[TASKS_EXTENSION] !== undefined;
}

/** One request on the wire (wire-request.ts): the task handle reaches us whole. */
export type WireSend = (method: string, params: Record<string, unknown>, timeoutMs: number) => Promise<Record<string, unknown>>;

/**
 * Tasks at run time (the 2026-07-28 tasks extension): `tools/call` goes out declaring the extension;
 * a server that makes a task of it answers `resultType: "task"` with the task's id and status, and
 * `tasks/get` (sent through the SDK's generic request) is polled as `pollIntervalMs` says until the task
 * is completed (its `result` is the tool's result), failed (its `error`) or cancelled. Past the call's
 * timeout the task is cancelled with `tasks/cancel`. A direct answer is the result; an
 * `input_required` answer comes back as `{inputRequired: true}` for the SDK's own input flow.
 */
export async function callAsModernTask(wire: WireSend, client: TaskClient, server: string, tool: string, args: Record<string, unknown>, timeoutMs: number, sleep: (ms: number) => Promise<void> = delay): Promise<{ result: unknown; task?: TaskTrace } | { inputRequired: true }> {
  const deadline = Date.now() + timeoutMs;
  const left = (): number => deadline - Date.now();
  const created = await wire('tools/call', { name: tool, arguments: args }, timeoutMs);
  if (created.resultType === 'input_required') return { inputRequired: true };
  if (created.resultType !== 'task' || typeof created.taskId !== 'string') return { result: created };
  const taskId = created.taskId;
  let info: Record<string, unknown> = created;
  let polls = 0;
  const stop = async (why: string): Promise<never> => {
    await client.request({ method: 'tasks/cancel', params: { taskId } }, ANY, { timeout: Math.min(5000, timeoutMs) }).catch(() => undefined);
    throw new ToolvetError('E_SERVER_TIMEOUT', `task ${taskId} of tool "${tool}" on server "${server}" ${why}; it was cancelled with tasks/cancel`, {
      server,
      tool,
      hint: 'raise --call-timeout if the task needs longer; the whole task, polling included, must end within it',
    });
  };
  while (!TERMINAL.has(String(info.status))) {
    if (info.status === 'input_required') await stop('asks for input in the middle of the task (tasks/update), which Toolvet does not answer');
    const hinted = info.pollIntervalMs;
    const wait = Math.max(MIN_POLL_MS, typeof hinted === 'number' && Number.isFinite(hinted) ? hinted : DEFAULT_POLL_MS);
    if (left() <= wait) await stop(`did not finish within ${timeoutMs} ms (last status ${String(info.status)}${typeof info.statusMessage === 'string' ? `: ${info.statusMessage.slice(0, 120)}` : ''})`);
    await sleep(wait);
    const why = `did not finish within ${timeoutMs} ms (last status ${String(info.status)}${typeof info.statusMessage === 'string' ? `: ${info.statusMessage.slice(0, 120)}` : ''})`;
    // A poll still unanswered at the deadline is the task's deadline too: cancel it all the same.
    info = (await client.request({ method: 'tasks/get', params: { taskId } }, ANY, { timeout: Math.max(1, left()) }).catch((error: unknown) => (left() <= 0 ? stop(why) : Promise.reject(error)))) as Record<string, unknown>;
    polls++;
  }
  const trace = { taskId, polls, status: String(info.status) };
  if (info.status === 'cancelled') throw new ToolvetError('E_SERVER_PROTOCOL', `task ${taskId} of tool "${tool}" on server "${server}" was cancelled by the server`, { server, tool, hint: 'see the server log for why it cancelled the task' });
  if (info.status === 'failed') {
    const error = (info.error ?? {}) as { code?: unknown; message?: unknown };
    throw new ToolvetError('E_CALL_FAILED', `task ${taskId} of tool "${tool}" on server "${server}" failed: ${String(error.message ?? 'no error given')}${typeof error.code === 'number' ? ` (JSON-RPC ${error.code})` : ''}`, { server, tool, hint: 'the task ended with a JSON-RPC error; see the server log' });
  }
  return { result: info.result ?? {}, task: trace };
}

/** Whether a call to this tool must go as a task: taskSupport "required" on a 2025-era connection whose server declares task-augmented tools/call. */
export function mustCallAsTask(tool: { execution?: unknown } | undefined, era: string | undefined, capabilities: { tasks?: unknown }): boolean {
  const execution = tool?.execution as { taskSupport?: unknown } | undefined;
  const tasks = capabilities.tasks as { requests?: { tools?: { call?: unknown } } } | undefined;
  return execution?.taskSupport === 'required' && era === 'legacy' && tasks?.requests?.tools?.call !== undefined;
}
