import type { ReactNode } from 'react'
import { Button } from '@chakra-ui/react'
import { Plus } from 'lucide-react'
import { PageHeader } from './page-header'
import { SearchInput } from './search-input'

/** The head of a list screen: its title, the debounced search and the add button for those allowed to add. */
export function ListHeader(props: { title: string; search: string; onSearch: (text: string) => void; onAdd?: () => void; searchPlaceholder?: string; extra?: ReactNode }) {
  return (
    <PageHeader
      title={props.title}
      actions={
        <>
          <SearchInput value={props.search} onChange={props.onSearch} placeholder={props.searchPlaceholder} />
          {props.extra}
          {props.onAdd && (
            <Button colorPalette="blue" onClick={props.onAdd}>
              <Plus size={16} aria-hidden /> Добавить
            </Button>
          )}
        </>
      }
    />
  )
}
