import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { marketAreaInput, type MarketArea } from '../../../../shared/schemas/reports'
import { T } from '../../../../shared/texts'
import { FormActions, TextField } from '../../../components/ui/fields'
import { LoadError } from '../../../components/ui/load-error'
import { notify } from '../../../components/ui/notify'
import { useForm } from '../../../components/ui/use-form'
import { marketAreaQueryOptions, useSaveMarketArea } from '../api/market-area'

function AreaFields({ representId, area, canChange }: { representId: number; area: MarketArea; canChange: boolean }) {
  const form = useForm(marketAreaInput, area)
  const saveArea = useSaveMarketArea(representId)
  const onSubmit = form.submit(async (parsed) => {
    const saved = await saveArea.mutateAsync(parsed)
    form.reset(saved)
    notify.success(T.saved)
  })
  return (
    <Box as="form" onSubmit={onSubmit}>
      <fieldset disabled={!canChange}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <TextField label={T.areaInn} inputMode="numeric" maxLength={12} {...form.field('area_inn')} />
          <TextField label={T.areaName} {...form.field('area_name')} />
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
