// What other areas use of data collection: the meters list and a point's «Счётчики» tab open the info dialog,
// the list refreshes a meter.
export { MeterInfoDialog } from './components/meter-info-dialog'
export { useRefreshMeter } from './api/use-refresh-meter'
