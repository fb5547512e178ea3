import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { ChakraProvider } from '@chakra-ui/react'
import axe from 'axe-core'
import { appSystem } from '../../../../src/client/app/system'
import { DataTable } from '../../../../src/client/components/ui/data-table'

describe('a table while its rows load', () => {
  it('names its spinner as a status, which axe finds valid ARIA', async () => {
    const { container } = render(
      <ChakraProvider value={appSystem()}>
        <DataTable label="Счётчики" columns={[{ key: 'name', header: 'Наименование' }]} rows={[]} rowKey={() => 1} loading />
      </ChakraProvider>,
    )
    expect(await screen.findByRole('status', { name: 'Загрузка' })).toBeInTheDocument()
    // The fit test's axe once caught the spinner mid-load: a bare span may not carry aria-label.
    const { violations } = await axe.run(container, { runOnly: ['aria-prohibited-attr', 'aria-allowed-attr', 'aria-allowed-role'] })
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([])
  })
})

// UX probe: every empty list showed «0–0 из 0» and «1 / 1» with its arrows under «ничего не найдено».
describe('a paged table', () => {
  const table = (rows: { id: number; name: string }[], total: number) => (
    <ChakraProvider value={appSystem()}>
      <DataTable label="Счётчики" columns={[{ key: 'name', header: 'Наименование' }]} rows={rows} rowKey={(r) => r.id} total={total} onPageChange={() => {}} />
    </ChakraProvider>
  )

  it('shows no pager when nothing is found, and its pages when something is', () => {
    const { rerender } = render(table([], 0))
    expect(screen.queryByRole('button', { name: 'Следующая страница' })).toBeNull()
    rerender(table([{ id: 1, name: 'ТП-7' }], 1))
    expect(screen.getByRole('button', { name: 'Следующая страница' })).toBeDisabled()
    expect(screen.getByText('1–1 из 1')).toBeInTheDocument()
  })
})
