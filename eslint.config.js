// ESLint with typescript-eslint's recommended rules: `npm run lint`, also run by .ci/run.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.ci/', '.bench/', '.doc-tests/', '.stryker-tmp/', 'reports/', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // tsc's noUnusedLocals/noUnusedParameters report these, with the same meaning.
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
  {
    // Tests read parsed JSON of arbitrary shape; `any` stays inside the test file.
    files: ['**/*.test.ts', 'src/**/testing/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
