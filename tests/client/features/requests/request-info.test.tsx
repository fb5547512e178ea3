import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { InfoList } from '../../../../src/client/features/requests/components/request-info'
import { renderInApp } from '../../render-in-app'

// The application card's «Ответственный» row holds the name and «Назначить на себя», two lines in a narrow column
// (the link 44 px high on touch); its label, centred on them, stood out of line with the other rows' labels. jsdom
// lays nothing out: the test checks that each row sets its label on its value's first baseline, which is the fix.

describe('the rows of an application card', () => {
  it('set each label on the first line of its value, however tall the value', () => {
    renderInApp(
      <InfoList
        label="Заявка"
        items={[
          ['Тип заявки', 'Технологическое присоединение'],
          [
            'Ответственный',
            <span key="assignee">
              <span>Иванова Анна</span> <button type="button">Назначить на себя</button>
            </span>,
          ],
        ]}
      />,
    )
    const rows = [...screen.getByLabelText('Заявка').children] as HTMLElement[]
    expect(rows.map((row) => row.textContent)).toEqual(['Тип заявкиТехнологическое присоединение', 'ОтветственныйИванова Анна Назначить на себя'])
    expect(rows.map((row) => getComputedStyle(row).alignItems)).toEqual(['baseline', 'baseline'])
  })
})
