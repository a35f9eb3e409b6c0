/** What `toolvet doctor` reports: one entry per check, each with what to do next when it is not ok. */
export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip';

export interface DoctorCheck {
  /** Stable id, e.g. `endpoint`, `model`, `tool-calling`, `server:refman`, `skills`, `refman`. */
  id: string;
  status: CheckStatus;
  /** One line: what was found. */
  summary: string;
  /** Extra lines, e.g. a server's last stderr lines. */
  details?: string[];
  /** What to do next; set on warn and fail. */
  next?: string;
}

export interface DoctorReport {
  checks: DoctorCheck[];
  /** True when no check failed (warnings allowed). */
  healthy: boolean;
}
