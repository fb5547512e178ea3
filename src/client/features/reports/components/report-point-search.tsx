import { useState } from 'react'
import { Box, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { T } from '../../../../shared/texts'
import { SearchInput } from '../../../components/ui/search-input'
import { QueryState } from '../../../components/ui/query-state'
import { reportPointSearchQueryOptions } from '../api/reports'
import { PointLeaf, type PickerProps } from './report-point-leaf'

/** Finds points by name or identifier, so that a point in no object can be reported on too. */
export function ReportPointSearch(props: PickerProps) {
  const [search, setSearch] = useState('')
  const hits = useQuery(reportPointSearchQueryOptions(search))
  return (
    <Stack gap="2">
      <SearchInput value={search} onChange={setSearch} label={T.reportPointSearch} placeholder={T.reportPointSearchPlaceholder} />
      {search.trim() !== '' && (
        <QueryState query={hits} pendingText={T.reportPointSearching}>
          {(points) =>
            points.length === 0 ? (
              <Text color="fg.muted">{T.reportPointsNotFoundBySearch}</Text>
            ) : (
              <Box as="ul" aria-label={T.reportPointHits} listStyleType="none">
                {points.map((point) => (
                  <PointLeaf key={point.point_id} {...props} point={point} indent="0" inTree={false} />
                ))}
              </Box>
            )
          }
        </QueryState>
      )}
    </Stack>
  )
}
