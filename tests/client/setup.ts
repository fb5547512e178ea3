import 'fake-indexeddb/auto'
import '@testing-library/jest-dom/vitest'
import { configure } from '@testing-library/react'

// jsdom has no ResizeObserver; the positioning of Chakra's popovers and calendars asks for one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

// findBy and waitFor give up after 1 s unless told: CI runs the client tests beside the e2e browsers on two cores,
// where a screen's next render can come later than that. What never shows still fails, only later.
configure({ asyncUtilTimeout: 5000 })
