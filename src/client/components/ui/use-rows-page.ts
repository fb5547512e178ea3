import { useState } from 'react'
import { PAGE_SIZE_DEFAULT } from '../../../shared/constants'

/**
 * One page of a list read whole (reference books, mail accounts) and the `DataTable` props of its pager:
 * 25 rows by default, 25 or 50 offered, like the lists paged by the server.
 */
export function useRowsPage<Row>(rows: readonly Row[]) {
  const [page, setPage] = useState(1)
  const [perPage, setPerPage] = useState<number>(PAGE_SIZE_DEFAULT)
  // A delete may shorten the list under the page shown: the last page there is then shown.
  const current = Math.min(page, Math.max(1, Math.ceil(rows.length / perPage)))
  return {
    rows: rows.slice((current - 1) * perPage, current * perPage),
    paging: {
      total: rows.length,
      page: current,
      perPage,
      onPageChange: setPage,
      onPerPageChange: (size: number) => {
        setPerPage(size)
        setPage(1)
      },
    },
  }
}
