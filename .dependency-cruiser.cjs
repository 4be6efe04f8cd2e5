// Import cycles, type-only imports included. ESLint's import-x/no-cycle skips `import type` (it has no
// option to count them), so this check runs in `npm run lint` beside ESLint.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A module may not reach itself through its imports, type-only imports included: move the shared part to where both can import it.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|web/dist|data|coverage)/' },
    // Count `import type` and type-only specifiers as dependencies: a cycle through types is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
