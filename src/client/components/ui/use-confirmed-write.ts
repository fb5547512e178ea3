import { T } from '../../../shared/texts'
import { useConfirm, type ConfirmOptions } from './use-confirm'
import { notify } from './notify'

/** What a screen hands over: a mutation hook's result (`lib/writes`), or anything that writes a row the same way. */
type Write<Row> = { mutateAsync: (row: Row) => Promise<unknown> }

/**
 * A write of a row that a person confirms first: the question (none when `ask` gives null), the write, whose hook
 * refreshes what it changed, and the success banner if there is one; a failure says the server's message in red, or,
 * when the server was not reached, that nothing was done and what to do. Resolves to whether the row was written.
 */
export function useConfirmedWrite<Row>(write: Write<Row>, options: { ask: (row: Row) => ConfirmOptions | null; done?: (row: Row) => string }) {
  const confirm = useConfirm()
  return async (row: Row): Promise<boolean> => {
    const question = options.ask(row)
    if (question && !(await confirm(question))) return false
    try {
      await write.mutateAsync(row)
      if (options.done) notify.success(options.done(row))
      return true
    } catch (error) {
      notify.error(error, T.notDoneOffline)
      return false
    }
  }
}

/**
 * A delete after the spec's question (or the one given) under a title that names the record, `what` (`T.deleteWhat`) and
 * its name (`T.confirmDeleteTitle`:
 * «эту строку» alone does not say which, and a tablet's list has cards, not rows), then «Запись удалена».
 */
export const useConfirmedDelete = <Row>(write: Write<Row>, what: string, nameOf: (row: Row) => string, message: string = T.confirmDeleteRow) =>
  useConfirmedWrite(write, { ask: (row) => ({ title: T.confirmDeleteTitle(what, nameOf(row)), message, confirmLabel: T.delete }), done: () => T.deleted })
