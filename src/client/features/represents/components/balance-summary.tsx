import { Alert, HStack, Stack, Text } from '@chakra-ui/react'
import type { BalanceSummary as Summary } from '../../../../shared/schemas/represents'
import { T } from '../../../../shared/texts'

const energy = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 3 })
const percent = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 })

function Figure({ label, value, unit }: { label: string; value: number | null; unit: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold">{value === null ? '—' : `${energy.format(value)} ${unit}`}</Text>
    </Stack>
  )
}

/**
 * The object's balance over the period at a glance: received, sent, the imbalance, and what is wrong with it. `marks`
 * is the tab it heads, whose way of marking a partial interval its note names.
 */
export function BalanceSummary({ summary, showImbalance, marks }: { summary: Summary; showImbalance: boolean; marks: keyof typeof T.balancePartialMarks }) {
  const share = summary.imbalance_percent === null ? '—' : percent.format(summary.imbalance_percent)
  const allowed = percent.format(summary.allowed_percent)
  const warning = summary.no_incoming ? T.noIncomingPoints : summary.no_outgoing ? T.noOutgoingPoints : null
  // No interval of the period measured whole (the server's `judged`): no totals, so nothing to call partial or healthy.
  const nothingMeasured = summary.incoming === null && summary.outgoing === null
  return (
    <Stack gap="2" role="region" aria-label={T.balancePeriod}>
      <HStack gap="6" wrap="wrap">
        <Figure label={T.balanceIn} value={summary.incoming} unit={summary.unit} />
        <Figure label={T.balanceOut} value={summary.outgoing} unit={summary.unit} />
        {showImbalance && <Figure label={T.balanceImbalance} value={summary.imbalance} unit={summary.unit} />}
        {showImbalance && (
          <Stack gap="0">
            <Text fontSize="sm" color="fg.muted">
              {T.balanceImbalance}, %
            </Text>
            <Text fontWeight="semibold" color={summary.imbalance_percent === null ? undefined : summary.exceeded ? 'red.fg' : 'green.fg'}>
              {summary.imbalance_percent === null ? share : `${share} %`}
            </Text>
          </Stack>
        )}
      </HStack>
      {warning && (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Title>{warning}</Alert.Title>
        </Alert.Root>
      )}
      {showImbalance && !warning && summary.imbalance_percent !== null && (
        <Alert.Root status={summary.exceeded ? 'error' : 'success'} size="sm">
          <Alert.Indicator />
          <Alert.Title>{summary.exceeded ? T.imbalanceExceeded(share, allowed) : T.imbalanceWithin(share, allowed)}</Alert.Title>
        </Alert.Root>
      )}
      {nothingMeasured ? (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Title>{T.balanceNothingMeasured}</Alert.Title>
        </Alert.Root>
      ) : (
        summary.partial && (
          <Text fontSize="sm" color="orange.fg">
            {T.balancePartial(T.balancePartialMarks[marks])}
          </Text>
        )
      )}
    </Stack>
  )
}
