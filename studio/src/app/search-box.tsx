import { Button, Group, TextInput } from '@mantine/core'
import type { FormEvent } from 'react'

/**
 * A list's word search: a `search` landmark holding a labelled search field and its submit button.
 * `onSearch` gets the trimmed words ('' for none) when the form is sent; the field shows `value`
 * and takes it again when it changes elsewhere (the address, a reset).
 */
export function SearchBox(props: {
  label: string
  submitLabel: string
  value: string
  onSearch: (words: string) => void
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    props.onSearch(String(new FormData(event.currentTarget).get('search') ?? '').trim())
  }
  return (
    <search>
      <form onSubmit={submit}>
        <Group align="flex-end" gap="xs">
          <TextInput
            key={props.value}
            name="search"
            type="search"
            label={props.label}
            defaultValue={props.value}
          />
          <Button type="submit" variant="default">
            {props.submitLabel}
          </Button>
        </Group>
      </form>
    </search>
  )
}
