import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AttachmentList } from '../../../../src/client/features/requests/components/attachment-list'
import Toaster from '../../../../src/client/components/ui/toaster'
import { T } from '../../../../src/shared/texts'
import { attachment as file, json } from '../../app-routes'
import { renderInApp } from '../../render-in-app'

// A file's status menu put «Принят» (no confirmation) right beside «Отклонен»; a decline's reason then sat in the
// closed panel, and nothing said the decline was saved.

const attachment = file()

let fetch: ReturnType<typeof vi.fn>
beforeEach(() => {
  fetch = vi.fn(async (_input: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as { doc_request_attach_status?: number }) : {}
    return json({ ...attachment, doc_request_attach_status: body.doc_request_attach_status ?? attachment.doc_request_attach_status })
  })
  vi.stubGlobal('fetch', fetch)
})
afterEach(() => vi.unstubAllGlobals())

const show = (onChanged = vi.fn(async () => {})) =>
  renderInApp(
    <>
      <AttachmentList requestId={1} attachments={[attachment]} canChange onChanged={onChanged} />
      <Toaster />
    </>,
  )

/** Chooses a menu item by the keys (jsdom's pointer does not always reach Zag's menu): down to it, then Enter. */
const choose = async (name: string) => {
  const menu = await openMenu()
  await waitFor(() => expect(menu).toHaveFocus())
  for (let i = 0; i < 5 && menu.querySelector('[data-highlighted]')?.textContent !== name; i++) await userEvent.keyboard('{ArrowDown}')
  expect(menu.querySelector('[data-highlighted]')).toHaveTextContent(name)
  await userEvent.keyboard('{Enter}')
}

const openMenu = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Статус файла zayavlenie.pdf: На рассмотрении' }))
  return screen.findByRole('menu')
}

describe('the status of an attached file', () => {
  it('keeps «Принят» and «Отклонен» apart in its menu', async () => {
    show()
    const names = within(await openMenu())
      .getAllByRole('menuitem')
      .map((item) => item.textContent)
    expect(names).toHaveLength(3)
    expect(Math.abs(names.indexOf('Принят') - names.indexOf('Отклонен'))).toBeGreaterThan(1)
  })

  it('confirms an accepted file', async () => {
    show()
    await choose('Принят')
    await screen.findByText(T.attachmentStatusSet('zayavlenie.pdf', 'Принят'))
  })

  it('after a decline with its reason, says so and opens the file to show the reason', async () => {
    show()
    await choose('Отклонен')
    // Where the focus lands is for a real browser (tests/e2e/applications.test.ts): jsdom lays nothing out, so the
    // dialog's focus trap sees no field it could focus and races the menu handing the focus back to its trigger.
    const dialog = await screen.findByRole('dialog', { name: T.attachmentDeclineReason })
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Причина отказа' }), 'Скан нечитаем')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }))
    await screen.findByText(T.attachmentDeclined('zayavlenie.pdf'))
    await waitFor(() => expect(screen.getByRole('button', { name: /^Заявление/ })).toHaveAttribute('aria-expanded', 'true'))
    const patch = fetch.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')!
    expect(JSON.parse(String((patch[1] as RequestInit).body))).toEqual({ doc_request_attach_status: 2, doc_attachment_comment: 'Скан нечитаем' })
  })
})
