/** The transport and the flusher live in the console's one sync module; the screens' calls go there. */
export { flushNow } from '../../../app/sync'
