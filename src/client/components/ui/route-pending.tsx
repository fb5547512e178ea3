import './route-pending.css'
import { T } from '../../../shared/texts'

/** Shown while a screen loads; plain HTML so that it works before Chakra has loaded. */
export function RoutePending() {
  return (
    <div className="route-pending" role="status" aria-live="polite">
      <span className="route-pending__spinner" aria-hidden />
      <span className="route-pending__label">{T.loadingDots}</span>
    </div>
  )
}
