import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AttachmentComments } from '../../../../src/client/features/requests/components/attachment-comments'
import { T } from '../../../../src/shared/texts'
import { attachment as file } from '../../app-routes'
import { renderInApp } from '../../render-in-app'

// A comment goes with Ctrl+Enter (Enter alone is a new line), which nothing said.

const attachment = file({ doc_request_attach_status: 1 })

describe('the comments of an attachment', () => {
  it('name their field by its file, say beside it that Ctrl+Enter sends, and send with it', async () => {
    const onSend = vi.fn(async () => {})
    renderInApp(<AttachmentComments attachment={attachment} canComment onSend={onSend} />)
    const field = screen.getByRole('textbox', { name: `Новый комментарий к файлу ${attachment.real_file_name}` })
    expect(field).toHaveAccessibleDescription(T.commentSendHint)
    expect(screen.getByText(T.commentSendHint)).toBeVisible()
    await userEvent.type(field, 'Скан нечитаем{Enter}второй лист')
    expect(onSend).not.toHaveBeenCalled()
    await userEvent.keyboard('{Control>}{Enter}{/Control}')
    expect(onSend).toHaveBeenCalledWith('Скан нечитаем\nвторой лист')
  })
})
