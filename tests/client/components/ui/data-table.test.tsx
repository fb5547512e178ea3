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
