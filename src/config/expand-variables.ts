/**
 * `${VAR}`, `${env:VAR}` (VS Code) and `${VAR:-default}` (Claude Code) in host configuration values,
 * from the environment. A variable that is not set, without a default, is an input error naming it,
 * the file and the field, since a header such as `Bearer ${TOKEN}` sent as `Bearer ` fails later and
 * further from the cause. VS Code's `${input:id}` is prompted by VS Code itself; nobody can answer a
 * prompt in CI, so it is refused with the fix.
 */
import { ToolvetError } from '../errors.ts';

export interface VariableSite {
  file: string;
  /** JSON path of the field, e.g. `$.mcpServers.web.headers.Authorization`. */
  field: string;
  server: string;
}

const VARIABLE = /\$\{([^}]*)\}/g;

/** Expands every variable of `value`; `onValue` receives each substituted value (they are usually secrets). */
export function expandVariables(value: string, site: VariableSite, onValue: (value: string) => void = () => undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (!value.includes('${')) return value;
  return value.replace(VARIABLE, (whole, body: string) => {
    if (body.startsWith('input:')) {
      throw new ToolvetError('E_ENV_MISSING', `host config ${site.file}: ${site.field} asks VS Code for input "${body.slice(6)}", which Toolvet cannot prompt for`, {
        file: site.file,
        path: site.field,
        server: site.server,
        hint: `use an environment variable instead: \${env:NAME}, and set NAME before running Toolvet`,
      });
    }
    const [rawName, fallback] = splitDefault(body.startsWith('env:') ? body.slice(4) : body);
    const name = rawName.trim();
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      throw new ToolvetError('E_FILE_INVALID', `host config ${site.file}: ${site.field} has ${whole}, which is not a variable name`, {
        file: site.file,
        path: site.field,
        server: site.server,
        hint: 'write ${NAME} or ${env:NAME} with NAME made of letters, digits and _',
      });
    }
    const found = env[name];
    if (found === undefined || found === '') {
      if (fallback !== undefined) return fallback;
      throw new ToolvetError('E_ENV_MISSING', `host config ${site.file}: ${site.field} uses \${${body}}, but ${name} is not set in the environment`, {
        file: site.file,
        path: site.field,
        server: site.server,
        hint: `export ${name}=... before running Toolvet (in CI: add it to the job's secrets and env)`,
      });
    }
    onValue(found);
    return found;
  });
}

function splitDefault(body: string): [string, string | undefined] {
  const at = body.indexOf(':-');
  return at < 0 ? [body, undefined] : [body.slice(0, at), body.slice(at + 2)];
}
