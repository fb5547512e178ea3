// What other areas use of data collection: the meters list opens the info dialog and refreshes a meter.
export { MeterInfoDialog } from './components/meter-info-dialog'
export { useRefreshMeter } from './api/use-refresh-meter'
