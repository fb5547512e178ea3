import { useRef } from 'react'
import { Box, chakra, HStack, Popover, Stack, Text } from '@chakra-ui/react'
import { PopoverPanel } from '../../../components/ui/popover-panel'
import type { MonitoringTask } from '../../../../shared/schemas/collection'
import { T } from '../../../../shared/texts'
import { formatDateTime } from '../../../lib/format'
import { runOutcome } from './run-outcome'

type Poll = MonitoringTask['last_tasks'][number]

/** A poll in words: its time, its outcome and, unless it plainly succeeded, why. */
const pollText = (poll: Poll) => `${runOutcome(poll).text}${poll.success && !poll.partial ? '' : `: ${poll.text}`}`

/**
 * A task's last polls as a strip of coloured squares. The strip is one button (a finger's size on touch, reached by
 * Tab) that opens the polls as a list with their times and reasons: a hover title reaches neither a tablet nor a
 * screen reader, and a button per square would not fit a hundred polls into the cell.
 */
export function LastPolls({ task }: { task: MonitoringTask }) {
  const list = useRef<HTMLDivElement>(null)
  const polls = task.last_tasks
  if (polls.length === 0) return <>—</>
  const failed = polls.filter((poll) => !poll.success).length
  return (
    // The list takes the focus on opening, so that the arrow and page keys scroll it.
    <Popover.Root initialFocusEl={() => list.current}>
      <Popover.Trigger asChild>
        <chakra.button
          type="button"
          aria-label={T.lastPollsOpen(task.counter_task_id, failed, polls.length)}
          display="flex"
          flexWrap="wrap"
          alignItems="center"
          gap="1"
          p="1"
          maxW="full"
          borderRadius="l2"
          cursor="pointer"
          focusVisibleRing="outside"
          _hover={{ bg: 'bg.muted' }}
        >
          {polls.map((poll) => (
            <Box key={poll.task_log_id} as="span" display="block" boxSize="4" borderRadius="sm" bg={`${runOutcome(poll).color}.500`} aria-hidden />
          ))}
        </chakra.button>
      </Popover.Trigger>
      <PopoverPanel maxW="min(28rem, calc(100vw - 2rem))">
        <Popover.Body ref={list} tabIndex={0} maxH="60vh" overflowY="auto" focusVisibleRing="inside">
          <Popover.Title fontWeight="semibold" mb="2">
            {T.lastPollsTitle(task.counter_task_id)}
          </Popover.Title>
          <Stack as="ul" gap="2" listStyleType="none">
            {polls.map((poll) => (
              <HStack as="li" key={poll.task_log_id} align="flex-start" gap="2">
                <Box boxSize="3" mt="1.5" flexShrink="0" borderRadius="sm" bg={`${runOutcome(poll).color}.500`} aria-hidden />
                <Text fontSize="sm">
                  <Text as="span" fontWeight="medium" whiteSpace="nowrap">
                    {formatDateTime(poll.start_date)}
                  </Text>{' '}
                  — {pollText(poll)}
                </Text>
              </HStack>
            ))}
          </Stack>
        </Popover.Body>
      </PopoverPanel>
    </Popover.Root>
  )
}
