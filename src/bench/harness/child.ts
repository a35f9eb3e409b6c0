/** Runs a harness child (`node --import tsx FILE ARGS...`) and parses the JSON line it prints. */
import { execFile, spawn } from 'node:child_process';

export function runChild<T>(file: string, args: string[], nodeArgs: string[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...nodeArgs, '--import', 'tsx', file, ...args], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${file} ${args.join(' ')} failed: ${stderr || error.message}`));
      const line = stdout.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as T);
      } catch {
        reject(new Error(`${file} printed no JSON: ${stdout}${stderr}`));
      }
    });
  });
}

/** Starts a long-running child that prints one line (its URL) and keeps serving until killed. */
export async function startServiceChild(file: string): Promise<{ line: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}) before printing its URL`)));
  });
  return { line, stop: () => void child.kill() };
}
