import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { SelectField } from '../../../../src/client/components/ui/fields'
import { renderInApp } from '../../render-in-app'

// A point seen without the right to change it shows its subscriber in a select its form's fieldset disables: the
// select wrote a long name on one line, cut at its edge, and a disabled select cannot be opened to read the rest.
// jsdom lays nothing out: the test checks that the disabled select's chosen name is drawn in a box that wraps.

const NAME = 'Общество с ограниченной ответственностью «Уральская энергосбытовая компания», Екатеринбург'
const options = [
  { value: 3, label: NAME },
  { value: 4, label: 'ИП Соколов' },
]

const chosenText = () => document.querySelector<HTMLElement>('[data-chosen]')

describe('a select field', () => {
  it('shows a disabled select’s chosen name whole, wrapped in its box, when its fieldset disables it', () => {
    renderInApp(
      <fieldset disabled>
        <SelectField label="Абонент" value={3} options={options} onChange={() => {}} />
      </fieldset>,
    )
    const select = screen.getByRole('combobox', { name: 'Абонент' })
    expect(select).toBeDisabled()
    expect(select).toHaveDisplayValue(NAME)
    expect(chosenText()).toHaveAttribute('data-chosen', NAME)
    expect(chosenText()).toBeVisible()
    expect(chosenText()).toHaveAttribute('aria-hidden', 'true')
    // Drawn by CSS from the attribute: a query by text meets the name once, in the select's option.
    expect(screen.getAllByText(NAME)).toHaveLength(1)
    expect(getComputedStyle(chosenText()!).whiteSpace).not.toBe('nowrap')
    expect(getComputedStyle(select).color).toMatch(/transparent/)
  })

  it('shows it so when the field itself is disabled, and leaves an enabled select as it is', () => {
    const { unmount } = renderInApp(<SelectField label="Абонент" value={4} options={options} onChange={() => {}} disabled />)
    expect(chosenText()).toHaveAttribute('data-chosen', 'ИП Соколов')
    expect(chosenText()).toBeVisible()
    unmount()
    renderInApp(<SelectField label="Абонент" value={4} options={options} onChange={() => {}} />)
    expect(screen.getByRole('combobox', { name: 'Абонент' })).toHaveDisplayValue('ИП Соколов')
    expect(chosenText()).not.toBeVisible()
  })

  // Field probe: with nothing to choose from, the select wrote the reason as its own text and again under itself.
  it('says once why there is nothing to choose, under the field, as its description', () => {
    const why = 'Нет связи с сервером: список абонентов появится, когда связь вернётся'
    renderInApp(<SelectField label="Абонент" value={null} options={[]} onChange={() => {}} emptyText={why} />)
    expect(screen.getAllByText(why)).toHaveLength(1)
    expect(screen.getByRole('combobox', { name: 'Абонент' })).toHaveAccessibleDescription(why)
  })
})
