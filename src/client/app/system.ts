import { createSystem, defaultConfig, defineConfig, type SystemContext } from '@chakra-ui/react'

/** Chakra theme: system fonts (nothing to download offline) and touch-friendly sizes. */
const config = defineConfig({
  theme: {
    // Text and solid badges at WCAG AA contrast on white (axe checks every screen).
    semanticTokens: {
      colors: {
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } } },
        orange: { solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.700}' } } },
        green: { solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } } },
        // Inputs and grey buttons show focus in this colour: Chakra's gray.400 is 2.6:1 on white, under the 3:1 of WCAG 1.4.11.
        gray: { focusRing: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.400}' } } },
      },
    },
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
    // On touch screens every control is at least 44 px each way (WCAG 2.5.5), whatever its recipe's size. The base
    // layer comes before the recipes' one, so only `!important` wins over their heights and widths.
    ':is(button, [role=button], [role=tab], [role=treeitem], select, header a)': {
      '@media (pointer: coarse)': { minWidth: '44px !important', minHeight: '44px !important' },
    },
    // A menu's items likewise in height: a file's status, the header's menus.
    ':is([role=menuitem], [role=menuitemradio], [role=menuitemcheckbox])': {
      '@media (pointer: coarse)': { minHeight: '44px !important' },
    },
    // Text fields, and a checkbox's or a switch's whole label (its box alone is 16-20 px), likewise in height.
    ':is(input:not([type=checkbox], [type=radio], [type=hidden]), textarea)': {
      '@media (pointer: coarse)': { minHeight: '44px !important' },
    },
    ':is([data-scope=checkbox], [data-scope=switch])[data-part=root]': {
      '@media (pointer: coarse)': { minWidth: '44px !important', minHeight: '44px !important' },
    },
    // Links that stand alone (the header's, the menus', breadcrumbs, a list's name beside its icon) likewise.
    ':is(header a, nav a, a.chakra-button, .chakra-stack > a)': {
      '@media (pointer: coarse)': { display: 'inline-flex', alignItems: 'center', minWidth: '44px !important', minHeight: '44px !important' },
    },
  },
})

let system: SystemContext | undefined

/**
 * The console's Chakra system, built on first use. Building it (the theme's tokens and their CSS variables) is a
 * long task for the main thread, so `ChakraRoot` starts it in a task of its own.
 */
export function appSystem(): SystemContext {
  return (system ??= createSystem(defaultConfig, config))
}
