// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/** Import direction of DESIGN.md section 2: shared <- server, shared <- client <- sw. */
/**
 * @param {...[string[], string]} groups
 * @returns {['error', { patterns: { group: string[]; message: string }[] }]}
 */
const forbid = (...groups) => ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }]
const SERVER = ['**/server/**', '@/server/**']
const CLIENT = ['**/client/**', '@/client/**']
const REACT = ['react', 'react-dom', 'react/*', '@tanstack/*', '@chakra-ui/*']
const NODE = ['node:*', 'fastify', 'fastify/*', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*']

/** Russian text inside what the calls matching `call` say to a user: it belongs in src/shared/texts.ts. */
const RUSSIAN = '/[А-яЁё]/'
/** @param {string} call */
const messageIn = (call) =>
  [`${call} Literal[value=${RUSSIAN}]`, `${call} TemplateElement[value.raw=${RUSSIAN}]`].map((selector) => ({
    selector,
    message: 'a message a user reads is written once, in src/shared/texts.ts (T)',
  }))

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/client/routeTree.gen.ts', 'data', 'coverage', 'dev-dist', 'tmp', 'tests/.artifacts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Prettier's width (.prettierrc.json); it does not break strings and comments, this keeps them inside too.
      'max-len': ['error', { code: 160, ignoreUrls: true }],
    },
  },
  {
    // Errors, banners and the collector's task-log notes (docs/architecture.md «Texts»).
    files: ['src/**', 'sw/**'],
    ignores: ['src/shared/texts.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...messageIn('NewExpression[callee.name=/Error$/]'),
        ...messageIn('CallExpression[callee.type="Super"]'),
        ...messageIn('CallExpression[callee.name=/^(badRequest|fieldError|note|confirm|useConfirmedWrite)$/]'),
        ...messageIn('CallExpression[callee.object.name="notify"]'),
        // A schema's check (v.regex(…, message)) says what a form and the API answer.
        ...messageIn('CallExpression[callee.object.name="v"]'),
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': forbid(
        [SERVER, 'src/shared must not import the server'],
        [CLIENT, 'src/shared must not import the client'],
        [REACT, 'src/shared stays free of React'],
        [NODE, 'src/shared stays free of Node and database code'],
      ),
    },
  },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': forbid([CLIENT, 'the server never imports the client'], [REACT, 'no React on the server']) },
  },
  {
    // Routes validate, authorise and call repositories and commands (docs/architecture.md «Layers and words»).
    files: ['src/server/routes/**'],
    rules: {
      'no-restricted-imports': forbid(
        [CLIENT, 'the server never imports the client'],
        [REACT, 'no React on the server'],
        [['**/db/schema', '**/db/schema/*', 'drizzle-orm', 'drizzle-orm/*'], 'routes call repositories and commands, which hold the queries'],
      ),
    },
  },
  {
    files: ['src/client/**'],
    rules: { 'no-restricted-imports': forbid([SERVER, 'the client never imports the server'], [NODE, 'no Node or database code in the client']) },
  },
  {
    // A feature uses another only through its api/ (query options, calls) or its index; never its screens' parts.
    // Shared pieces live in lib/ and components/ (docs/architecture.md «Layers and words»).
    files: ['src/client/features/*/*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: SERVER, message: 'the client never imports the server' },
            { group: NODE, message: 'no Node or database code in the client' },
            { regex: '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/(?!api/|index$)', message: 'a feature reaches another feature only through its api/ or index' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/offline/**'],
    rules: {
      'no-restricted-imports': forbid(
        [SERVER, 'the client never imports the server'],
        [REACT, 'offline/ has no React: the service worker imports it'],
        [['**/features/**', '**/components/**', '**/routes/**', '**/app/**'], 'offline/ depends only on shared code'],
      ),
    },
  },
  {
    files: ['sw/**'],
    rules: {
      'no-restricted-imports': forbid(
        [SERVER, 'the service worker never imports the server'],
        [REACT, 'no React in the service worker'],
        [
          ['**/client/features/**', '**/client/components/**', '**/client/routes/**', '**/client/app/**', '**/client/lib/**'],
          'sw imports only src/shared and src/client/offline',
        ],
      ),
    },
  },
)
