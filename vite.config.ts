import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { APP_NAME, APP_SHORT_NAME, THEME_COLOR, BACKGROUND_COLOR } from './src/shared/app-info.ts'

const serverTestEnv = { TZ: 'Europe/Moscow' }

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders travel with their screens: the first page (the login) does not carry every screen's data code.
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['pendingComponent', 'errorComponent', 'notFoundComponent']] },
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/routeTree.gen.ts',
      quoteStyle: 'single',
      semicolons: false,
    }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // The kill switch is deployed in place of sw.js when needed, never precached.
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'], globIgnores: ['sw-kill-switch.js'] },
      manifest: {
        name: APP_NAME,
        short_name: APP_SHORT_NAME,
        lang: 'ru',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Chakra's entry builds its unused default system when loaded (`defaultSystem = createSystem(defaultConfig)`
      // in preset.js, kept because we import `defaultConfig` from the same module), on the main thread for nothing.
      // Marked pure, the unused call is dropped; the console builds its own system (app/system.ts, docs/hardening.md).
      treeshake: { manualPureFunctions: ['createSystem'] },
      output: {
        // Chakra (with Ark, Zag and emotion) and the icons in one chunk each rather than one per component and
        // icon, so that a screen's chunk does not list dozens of files to preload (docs/hardening.md).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'chakra', test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@pandacss)[\\/]/, priority: 20 },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  test: {
    // CI also writes a JSON report, from which .ci/run prints its closing line.
    reporters: process.env.VITEST_JSON ? ['default', 'json'] : ['default'],
    outputFile: process.env.VITEST_JSON ? { json: process.env.VITEST_JSON } : undefined,
    // Two files at once: Vitest's default on two cores is one, and the browser tests spend much of their time waiting.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          environment: 'node',
          include: ['tests/shared/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          // Each file starts its own app on its own database, and the server's module state is caches and the health
          // map that each check round replaces: sharing a worker's loaded modules saves importing the server per file.
          isolate: false,
          include: ['tests/server/**/*.test.ts'],
          env: serverTestEnv,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/client/setup.ts'],
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  'react',
                  'react-dom',
                  'react-dom/client',
                  '@chakra-ui/react',
                  '@emotion/react',
                  '@tanstack/react-router',
                  '@tanstack/react-query',
                  'victory',
                  'lucide-react',
                  'dexie',
                  'dayjs',
                  'valibot',
                  '@testing-library/react',
                  '@testing-library/user-event',
                ],
              },
            },
          },
          globals: true,
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          // As the server's: each file starts its own server, database and browser.
          isolate: false,
          include: ['tests/e2e/**/*.test.ts'],
          env: serverTestEnv,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
