import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ReportTreePicker, type TreeSelection } from '../../../../src/client/features/reports/components/report-tree-picker'
import { T } from '../../../../src/shared/texts'
import { json } from '../../app-routes'
import { renderInApp } from '../../render-in-app'

// The pickers of forms 001.02 and 80020: the object's name did nothing when tapped (only its small chevron opened it),
// and at the limit of form 001.02 the other points greyed out with nothing saying why.

const point = (id: number) => ({
  represent_point_id: id,
  point_id: id,
  order_num: id,
  sign: 1,
  color: '',
  selected: false,
  name: `Точка ${id}`,
  point_number: String(100 + id),
  address: '',
  customer_name: '',
  customer_number: '',
  counter: null,
  counter_id: null,
  is_active: true,
  point_represents_number: 1,
  halfs: [],
})

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = input.split('?')[0]!
      if (path === '/api/represents/all/')
        return json({
          results: [
            { represent_id: 1, parent_id: null, name: 'ПС Северная' },
            { represent_id: 2, parent_id: 1, name: 'ТП-5' },
          ],
        })
      if (path === '/api/represents/1/points/') return json([1, 2, 3, 4].map(point))
      return json({ count: 0, results: [] })
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

const picked = (ids: number[]): TreeSelection => ({ objects: [], points: ids.map((id) => ({ point_id: id, name: `Точка ${id}` })) })

describe('the report point picker', () => {
  it('opens and closes an object when its name is tapped', async () => {
    renderInApp(<ReportTreePicker mode="points" value={picked([])} onChange={() => {}} />)
    const tree = await screen.findByRole('tree', { name: T.reportPickPoints })
    const node = within(tree).getByRole('treeitem', { name: /ПС Северная/ })
    await userEvent.click(within(node).getByText('ПС Северная'))
    await within(node).findByRole('checkbox', { name: /Точка 4/ })
    expect(node).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(within(node).getByText('ПС Северная'))
    await waitFor(() => expect(node).toHaveAttribute('aria-expanded', 'false'))
    // The keys still reach it through its one button.
    expect(within(node).getByRole('button', { name: 'Развернуть ПС Северная' })).toBeEnabled()
  })

  // Probe: the substation's own points came after its collapsed ТП-5, at the indent of ТП-5's points, read as ТП-5's.
  it("lists an object's own points before its sub-objects", async () => {
    renderInApp(<ReportTreePicker mode="points" value={picked([])} onChange={() => {}} />)
    const tree = await screen.findByRole('tree', { name: T.reportPickPoints })
    await userEvent.click(within(tree).getByRole('button', { name: 'Развернуть ПС Северная' }))
    const lastPoint = await within(tree).findByRole('checkbox', { name: /Точка 4/ })
    const subObject = within(tree).getByRole('button', { name: 'Развернуть ТП-5' })
    expect(lastPoint.compareDocumentPosition(subObject) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('says why no more points can be ticked once the limit is reached', async () => {
    function Picker() {
      const [value, setValue] = useState(picked([]))
      return <ReportTreePicker mode="points" value={value} onChange={setValue} maxPoints={3} />
    }
    renderInApp(<Picker />)
    const tree = await screen.findByRole('tree', { name: T.reportPickPoints })
    await userEvent.click(within(tree).getByRole('button', { name: 'Развернуть ПС Северная' }))
    for (const id of [1, 2]) await userEvent.click(await within(tree).findByRole('checkbox', { name: new RegExp(`Точка ${id}`) }))
    expect(within(tree).getByRole('checkbox', { name: /Точка 4/ })).toBeEnabled()
    expect(screen.queryByText(T.reportPointsLimitReached(3, 2))).toBeNull()

    await userEvent.click(within(tree).getByRole('checkbox', { name: /Точка 3/ }))
    expect(within(tree).getByRole('checkbox', { name: /Точка 4/ })).toBeDisabled()
    expect(screen.getByText(T.reportPointsLimitReached(3, 3))).toBeVisible()
  })
})
