import 'fake-indexeddb/auto'
import '@testing-library/jest-dom/vitest'

// jsdom has no ResizeObserver; the positioning of Chakra's popovers and calendars asks for one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}
