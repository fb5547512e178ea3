import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { marketAreaInput, type MarketArea } from '../../../../shared/schemas/reports'
import { T } from '../../../../shared/texts'
import { FormActions, TextField } from '../../../components/ui/fields'
import { LoadError } from '../../../components/ui/load-error'
import { notify } from '../../../components/ui/notify'
import { useForm } from '../../../components/ui/use-form'
import { marketAreaQueryOptions, saveMarketArea } from '../api/market-area'

function AreaFields({ representId, area, canChange }: { representId: number; area: MarketArea; canChange: boolean }) {
  const queryClient = useQueryClient()
  const form = useForm(marketAreaInput, area)
  const { values, errors, set } = form
  const onSubmit = form.submit(async (parsed) => {
    const saved = await saveMarketArea(representId, parsed)
    queryClient.setQueryData(marketAreaQueryOptions(representId).queryKey, saved)
    form.reset(saved)
    notify.success(T.saved)
  })
  return (
    <Box as="form" onSubmit={onSubmit}>
      <fieldset disabled={!canChange}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <TextField
            label={T.areaInn}
            inputMode="numeric"
            maxLength={12}
            value={values.area_inn}
            error={errors.area_inn}
            onChange={(v) => set('area_inn', v)}
          />
          <TextField label={T.areaName} value={values.area_name} error={errors.area_name} onChange={(v) => set('area_name', v)} />
        </SimpleGrid>
        {canChange && (
          <Box mt="3">
            <FormActions dirty={form.dirty} submitting={form.submitting} onCancel={() => form.reset()} />
          </Box>
        )}
      </fieldset>
    </Box>
  )
}

/** The object's metering area for 80020: the owner's INN and name, empty for the account's own area. */
export function MarketAreaForm({ representId, canChange }: { representId: number; canChange: boolean }) {
  const area = useQuery(marketAreaQueryOptions(representId))
  return (
    <Stack gap="2" maxW="3xl" aria-label={T.areaTitle} role="group">
      <Heading as="h3" size="sm">
        {T.areaTitle}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {T.areaHelp}
      </Text>
      {area.isError ? (
        <LoadError error={area.error} onRetry={() => void area.refetch()} />
      ) : (
        area.data && <AreaFields representId={representId} area={area.data} canChange={canChange} />
      )}
    </Stack>
  )
}
