import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react'

/** Chakra theme: system fonts (nothing to download offline) and touch-friendly sizes. */
export const system = createSystem(
  defaultConfig,
  defineConfig({
    theme: {
      tokens: {
        fonts: {
          heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
          body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        },
      },
    },
    globalCss: {
      'html, body': { height: '100%' },
      body: { bg: 'bg.subtle' },
    },
  }),
)
