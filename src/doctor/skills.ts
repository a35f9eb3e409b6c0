/** The skills folders exist, with how many skills each holds. */
import { discoverSkills } from '../skills/discover.ts';
import type { DoctorCheck } from './types.ts';

export function checkSkills(dirs: string[]): DoctorCheck[] {
  return dirs.map((dir): DoctorCheck => {
    const discovery = discoverSkills([{ dir, scope: 'project', explicit: false }]);
    if (!discovery.roots[0]?.exists) {
      return { id: `skills:${dir}`, status: 'fail', summary: `skills folder ${dir} does not exist`, next: 'create it, or pass the folder that holds your skill folders (each with SKILL.md)' };
    }
    const count = discovery.skills.length;
    const missing = discovery.missing.length;
    const names = discovery.skills.map((s) => s.name).slice(0, 8).join(', ');
    if (count === 0) {
      return { id: `skills:${dir}`, status: 'warn', summary: `skills folder ${dir} holds no skills${missing ? ` (${missing} folder(s) without SKILL.md)` : ''}`, next: 'each skill is a folder with a SKILL.md; a host finds them only at start-up, so restart it after adding one' };
    }
    return {
      id: `skills:${dir}`,
      status: missing ? 'warn' : 'ok',
      summary: `skills folder ${dir}: ${count} skill(s) (${names}${count > 8 ? ', ...' : ''})${missing ? `; ${missing} folder(s) without SKILL.md` : ''}`,
      ...(missing ? { next: 'add SKILL.md to those folders or move them out; run `toolvet skills lint` for details' } : {}),
    };
  });
}
