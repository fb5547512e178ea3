import { useEffect, useRef, useState } from 'react'
import { Input, InputGroup } from '@chakra-ui/react'
import { Search } from 'lucide-react'
import { SEARCH_DEBOUNCE_MS } from '../../../shared/constants'

/** A search box that reports its text 500 ms after the last keystroke (shared list conventions). */
export function SearchInput({
  value,
  onChange,
  placeholder = 'Поиск',
  label = 'Поиск',
}: {
  value: string
  onChange: (value: string) => void
  placeholder?: string
  label?: string
}) {
  const [text, setText] = useState(value)
  const latest = useRef(onChange)
  latest.current = onChange
  useEffect(() => setText(value), [value])
  useEffect(() => {
    if (text === value) return
    const timer = setTimeout(() => latest.current(text), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, value])
  return (
    <InputGroup startElement={<Search size={16} aria-hidden />} maxW={{ base: 'full', md: 'sm' }}>
      <Input type="search" aria-label={label} placeholder={placeholder} value={text} onChange={(e) => setText(e.target.value)} />
    </InputGroup>
  )
}
