/** The output boundary: one sanitiser per medium, known-secret redaction, safe file names. */
export { installOutputBoundary, rawWrite, toFile, toTerminal } from './boundary.ts';
export { decodeFileName, encodeFileName, MAX_FILE_NAME } from './file-name.ts';
export { defuseWorkflowCommands, OWN_LINE } from './github.ts';
export { markdownCell, markdownCode, markdownText } from './markdown.ts';
export { clearSecrets, redactSecrets, registerSecret, REDACTED } from './secrets.ts';
export { sanitizeLine, sanitizeTerminal } from './terminal.ts';
