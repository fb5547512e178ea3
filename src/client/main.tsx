import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { Providers } from './app/providers'
import { router } from './app/router'
import { restoreQueryCache } from './app/query-client'

await restoreQueryCache()
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
)
// The service worker registers once the page has loaded, off the first paint's path.
window.addEventListener('load', () => void import('./app/service-worker').then((m) => m.registerServiceWorker()))
