/**
 * SARIF 2.1.0 for lint findings (tool lint and skill lint), so code-scanning UIs show them. A finding
 * in a file gets a physical location (with a line when known); a finding about a live server's tool
 * gets a logical location `server/tool`. The JSON path inside the target is kept in `properties`.
 */
import { createHash } from 'node:crypto';
import { isAbsolute, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Location, Log, ReportingDescriptor, Result } from 'sarif';
import type { Finding, LintReport, Severity } from '../src/lint/framework.ts';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

export interface SarifOptions {
  toolVersion: string;
  /** Folder file URIs are made relative to (default: the working folder). */
  baseDir?: string;
  informationUri?: string;
}

const LEVEL: Record<Exclude<Severity, 'off'>, Result.level> = { error: 'error', warn: 'warning', info: 'note' };

function artifactUri(file: string, baseDir: string): string {
  const rel = isAbsolute(file) ? relative(baseDir, file) : file;
  if (rel.startsWith('..') || isAbsolute(rel)) return pathToFileURL(file).href;
  return rel.split(sep).map(encodeURIComponent).join('/');
}

function location(finding: Finding, baseDir: string): Location {
  const loc: Location = {};
  if (finding.file) {
    loc.physicalLocation = { artifactLocation: { uri: artifactUri(finding.file, baseDir) } };
    if (finding.line !== undefined) loc.physicalLocation.region = { startLine: finding.line };
  }
  const name = finding.target ?? finding.server ?? '(set)';
  const qualified = [finding.server, finding.target].filter(Boolean).join('/') || name;
  loc.logicalLocations = [{ name, fullyQualifiedName: qualified, kind: finding.target ? 'function' : 'module' }];
  return loc;
}

/** A stable identity for a finding across runs, so code scanning can track it. */
function fingerprint(f: Finding): string {
  return createHash('sha256').update([f.ruleId, f.server ?? '', f.file ?? '', f.target ?? '', f.path].join('\u0000')).digest('hex').slice(0, 32);
}

export function renderSarif(report: LintReport, options: SarifOptions): Log {
  const baseDir = options.baseDir ?? process.cwd();
  const rules: ReportingDescriptor[] = report.rules.map((rule) => ({
    id: rule.id,
    shortDescription: { text: rule.description },
    defaultConfiguration: { enabled: rule.severity !== 'off', level: rule.severity === 'off' ? 'none' : LEVEL[rule.severity] },
    properties: { kind: rule.kind, defaultSeverity: rule.defaultSeverity, ...(rule.spec ? { spec: rule.spec } : {}) },
  }));
  const index = new Map(report.rules.map((r, i) => [r.id, i]));
  const results: Result[] = report.findings.map((f) => ({
    ruleId: f.ruleId,
    ...(index.has(f.ruleId) ? { ruleIndex: index.get(f.ruleId) } : {}),
    level: LEVEL[f.severity],
    message: { text: f.message },
    locations: [location(f, baseDir)],
    partialFingerprints: { 'toolvetFinding/v1': fingerprint(f) },
    properties: { jsonPath: f.path, ...(f.server ? { server: f.server } : {}), ...(f.target ? { target: f.target } : {}) },
  }));
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'toolvet', version: options.toolVersion, semanticVersion: options.toolVersion, ...(options.informationUri ? { informationUri: options.informationUri } : {}), rules } },
        results,
        properties: { profile: report.profile },
      },
    ],
  };
}
