import { useState } from 'react'
import { Alert, Box, Button, Card, Center, Heading, Stack, Text } from '@chakra-ui/react'
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { loginInput } from '../../shared/schemas/auth'
import { APP_NAME } from '../../shared/app-info'
import { T } from '../../shared/texts'
import { ApiError } from '../lib/api-client'
import { session } from '../lib/session'
import { signIn } from '../features/auth/api/auth'
import { TextField } from '../components/ui/fields'
import { useForm } from '../components/ui/use-form'

export const Route = createFileRoute('/login')({
  validateSearch: v.object({ redirect: v.fallback(v.optional(v.pipe(v.string(), v.startsWith('/'))), undefined) }),
  beforeLoad: ({ search }) => {
    if (session.isLoggedIn()) throw redirect({ to: search.redirect ?? '/' })
  },
  component: LoginPage,
})

function LoginPage() {
  const { redirect: target } = Route.useSearch()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const form = useForm(loginInput, { username: '', password: '' })
  const [failure, setFailure] = useState<string | null>(null)

  const onSubmit = form.submit(async (input) => {
    setFailure(null)
    try {
      await signIn(input)
    } catch (error) {
      setFailure(error instanceof ApiError && error.status === 400 ? T.loginFailed : error instanceof Error ? error.message : T.loginFailed)
      return
    }
    await queryClient.invalidateQueries({ queryKey: ['auth'] })
    await navigate({ to: target ?? '/' })
  })

  return (
    <Center minH="100vh" p="4" bg="bg.subtle">
      <Card.Root width="full" maxW="sm">
        <Card.Body>
          <form onSubmit={onSubmit} noValidate>
          <Stack gap="4">
            <Box>
              <Heading as="h1" size="lg">
                Вход в систему
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                {APP_NAME}
              </Text>
            </Box>
            <TextField label="Логин" value={form.values.username} onChange={(v) => form.set('username', v)} error={form.errors.username} autoComplete="username" required autoFocus />
            <TextField label="Пароль" type="password" value={form.values.password} onChange={(v) => form.set('password', v)} error={form.errors.password} autoComplete="current-password" required />
            {failure && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{failure}</Alert.Title>
              </Alert.Root>
            )}
            <Button type="submit" colorPalette="blue" loading={form.submitting}>
              Войти
            </Button>
          </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Center>
  )
}
