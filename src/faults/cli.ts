/** The CLI runner the fault tests use lives with the CLI: src/cli/testing.ts. */
export * from '../cli/testing.ts';
