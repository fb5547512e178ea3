import type { ReactNode } from 'react'
import { Alert, Button } from '@chakra-ui/react'
import { Plus } from 'lucide-react'
import { T } from '../../../shared/texts'
import { PageHeader } from './page-header'
import { SearchInput } from './search-input'

type Props = {
  title: string
  /** The search box, for lists the server searches (`useListScreen`'s `header` gives both). */
  search?: string
  onSearch?: (text: string) => void
  searchPlaceholder?: string
  searchLabel?: string
  /** The list shown is the device's copy (the server is out of reach): said under the title. */
  offline?: boolean
  /** The add button, for those allowed to add. */
  onAdd?: () => void
  extra?: ReactNode
}

/** The head of a list screen: its title, the debounced search, the add button, and the offline banner. */
export function ListHeader(props: Props) {
  return (
    <>
      <PageHeader
        title={props.title}
        actions={
          <>
            {props.onSearch && (
              <SearchInput value={props.search ?? ''} onChange={props.onSearch} placeholder={props.searchPlaceholder} label={props.searchLabel} />
            )}
            {props.extra}
            {props.onAdd && (
              <Button colorPalette="blue" onClick={props.onAdd}>
                <Plus size={16} aria-hidden /> Добавить
              </Button>
            )}
          </>
        }
      />
      {props.offline && <OfflineBanner />}
    </>
  )
}

/** Data shown from the device's copy because the server is out of reach (`T.offlineCopy` unless told otherwise). */
export function OfflineBanner({ text = T.offlineCopy }: { text?: string }) {
  return (
    <Alert.Root status="warning" mb="3">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  )
}
