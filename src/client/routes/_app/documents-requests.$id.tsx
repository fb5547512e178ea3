import { useEffect } from 'react'
import { Alert, Box, Button, Card, Heading, HStack, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { ArrowLeft, Download, Send } from 'lucide-react'
import * as v from 'valibot'
import { DOC_STATUS_DECLINED } from '../../../shared/constants'
import { idValue } from '../../../shared/schemas/common'
import { T } from '../../../shared/texts'
import { PageHeader } from '../../components/ui/page-header'
import { notify } from '../../components/ui/notify'
import { useConfirmedWrite } from '../../components/ui/use-confirmed-write'
import { downloadFile, errorMessage } from '../../lib/api-client'
import { formatDate, formatDateTime, fullName } from '../../lib/format'
import { meQueryOptions, useCan } from '../../lib/auth'
import {
  attachmentsQueryOptions,
  closeFilesQueryOptions,
  requestQueryOptions,
  statusesQueryOptions,
  useMarkViewed,
  useRequestsRefresh,
  useSendToExternal,
  useUpdateRequest,
} from '../../features/requests/api/requests'
import { AttachmentList } from '../../features/requests/components/attachment-list'
import { CustomerInfo, InfoList, UserInfo } from '../../features/requests/components/request-info'
import { RequestStatusMenu } from '../../features/requests/components/request-status-menu'
import { DateField } from '../../components/ui/date-field'

export const Route = createFileRoute('/_app/documents-requests/$id')({
  params: { parse: ({ id }) => ({ id: v.parse(idValue(), id) }), stringify: ({ id }) => ({ id: String(id) }) },
  loader: ({ context: { queryClient }, params: { id } }) =>
    Promise.all([
      queryClient.ensureQueryData(requestQueryOptions(id)),
      queryClient.ensureQueryData(attachmentsQueryOptions(id)),
      queryClient.ensureQueryData(closeFilesQueryOptions(id)),
      queryClient.ensureQueryData(statusesQueryOptions()),
    ]),
  component: RequestPage,
})

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title} size="sm">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  )
}

function RequestPage() {
  const { id } = Route.useParams()
  const navigate = Route.useNavigate()
  const can = useCan()
  const canChange = can('requests.change')
  const { data: request } = useSuspenseQuery(requestQueryOptions(id))
  const { data: attachments } = useSuspenseQuery(attachmentsQueryOptions(id))
  const { data: closeFiles } = useSuspenseQuery(closeFilesQueryOptions(id))
  const { data: statuses } = useSuspenseQuery(statusesQueryOptions())
  const me = useQuery(meQueryOptions()).data

  // Everything this screen changes shows in the lists and in the side-menu badges.
  const refresh = useRequestsRefresh()
  const markViewed = useMarkViewed()
  const update = useUpdateRequest(id)
  const send = useSendToExternal()

  // Opening the application marks it viewed: its new files stop counting in the badge.
  useEffect(() => {
    void markViewed.mutateAsync(id).catch(notify.error)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened application
  }, [id])

  const patch = (body: Parameters<typeof update.mutateAsync>[0]) => void update.mutateAsync(body).catch(notify.error)
  // The applicant's documents leave the company: asked first, and a failure says the spec's words and the server's reason.
  const sendToExternal = useConfirmedWrite(
    {
      mutateAsync: (requestId: number) =>
        send.mutateAsync(requestId).catch((error: unknown) => {
          throw new Error(T.externalSendFailedBecause(errorMessage(error)))
        }),
    },
    {
      ask: () => ({
        message: request.external_send_date ? T.confirmExternalResend(formatDateTime(request.external_send_date)) : T.confirmExternalSend,
        confirmLabel: T.send,
      }),
      done: () => T.externalSent,
    },
  )
  const download = (fileName: string) => void downloadFile(`/api/download/${fileName}`).catch(notify.error)

  return (
    <>
      <PageHeader
        title={`Заявка № ${request.request_number}`}
        actions={
          <>
            <RequestStatusMenu
              request={request}
              statuses={statuses}
              disabled={!canChange}
              onChanged={refresh}
              onAccepted={() => void navigate({ to: '/documents-requests', search: { archived: request.archived } })}
            />
            {canChange && (
              <Button variant="outline" loading={send.isPending} onClick={() => void sendToExternal(id)}>
                <Send size={16} aria-hidden /> {T.externalSendLabel}
              </Button>
            )}
            <Button asChild variant="ghost">
              <Link to="/documents-requests" search={{ archived: request.archived }}>
                <ArrowLeft size={16} aria-hidden /> К списку
              </Link>
            </Button>
          </>
        }
      />
      <Stack gap="4">
        {request.status.id === DOC_STATUS_DECLINED && request.decline_reason && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Причина отклонения</Alert.Title>
              <Alert.Description whiteSpace="pre-wrap">{request.decline_reason}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          <Section title="Заявка">
            <Stack gap="3">
              <InfoList
                label="Заявка"
                items={[
                  ['Тип заявки', request.type.name],
                  ['Дата подачи', formatDate(request.created_at)],
                  [
                    'Ответственный',
                    <HStack key="assignee" gap="2" wrap="wrap">
                      <Text>{fullName(request.assigned_user) || 'Не назначен'}</Text>
                      {canChange && me && request.assigned_user_id !== me.user_id && (
                        <ChakraLink as="button" color="blue.fg" minH="6" onClick={() => patch({ assigned_user_id: me.user_id })}>
                          Назначить на себя
                        </ChakraLink>
                      )}
                    </HStack>,
                  ],
                  ['Отправлена в сбыт', request.external_send_date ? formatDateTime(request.external_send_date) : 'Нет'],
                ]}
              />
              <Box maxW="xs">
                <DateField
                  label="Срок рассмотрения"
                  disabled={!canChange}
                  value={request.expired_date}
                  onChange={(value) => {
                    if (value && value !== request.expired_date) patch({ expired_date: value })
                  }}
                />
              </Box>
            </Stack>
          </Section>
          <Section title="Заявитель">
            <UserInfo user={request.user} />
          </Section>
          <Section title="Абонент">
            <CustomerInfo customer={request.customer} />
          </Section>
        </SimpleGrid>
        <Section title="Закрывающие документы">
          {closeFiles.length === 0 ? (
            <Text color="fg.muted">{T.empty}</Text>
          ) : (
            <HStack gap="2" wrap="wrap">
              {closeFiles.map((f) => (
                <Button key={f.doc_close_id} size="sm" variant="outline" onClick={() => download(f.doc_close_file.file_name)}>
                  <Download size={14} aria-hidden /> {f.doc_close_file.real_file_name}
                </Button>
              ))}
            </HStack>
          )}
        </Section>
        <Section title="Приложенные файлы">
          <AttachmentList requestId={id} attachments={attachments} canChange={canChange} onChanged={refresh} />
        </Section>
      </Stack>
    </>
  )
}
