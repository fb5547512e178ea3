import { Table } from '@chakra-ui/react'

/** The header row of a small read-only table; the columns named in `end` hold numbers and stand at the right. */
export function TableHead({ columns, end = [] }: { columns: string[]; end?: string[] }) {
  return (
    <Table.Header>
      <Table.Row>
        {columns.map((column) => (
          <Table.ColumnHeader key={column} textAlign={end.includes(column) ? 'end' : undefined}>
            {column}
          </Table.ColumnHeader>
        ))}
      </Table.Row>
    </Table.Header>
  )
}
