import { useState, type FormEvent } from 'react'
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { loginInput } from '../../shared/schemas/auth'
import { APP_NAME } from '../../shared/app-info'
import { T } from '../../shared/texts'
import { ApiError, errorMessage, isOffline } from '../lib/api-client'
import { session } from '../lib/session'
import { signIn } from '../lib/auth'
import './login.css'

export const Route = createFileRoute('/login')({
  validateSearch: v.object({
    redirect: v.fallback(v.optional(v.pipe(v.string(), v.startsWith('/'))), undefined),
    /** Sent here because the token is no longer good (ran out, or the server refused it). */
    expired: v.fallback(v.optional(v.boolean()), undefined),
    /** Sent here because the account signed in is a subscriber's. */
    notStaff: v.fallback(v.optional(v.boolean()), undefined),
  }),
  beforeLoad: ({ search }) => {
    if (session.isLoggedIn()) throw redirect({ to: search.redirect ?? '/' })
  },
  component: LoginPage,
})

type Field = 'username' | 'password'

/**
 * Sign-in, in plain HTML and CSS: the first page a tablet in a substation loads carries no UI library,
 * and it works the same without one (labels, required checks, the error line of the spec).
 */
function LoginPage() {
  const { redirect: target, expired, notStaff } = Route.useSearch()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [values, setValues] = useState({ username: '', password: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    // The last attempt's answer is not this one's: «Неверный логин или пароль» stood under emptied fields.
    setFailure(null)
    const parsed = v.safeParse(loginInput, values)
    if (!parsed.success) {
      const flat = v.flatten<typeof loginInput>(parsed.issues).nested ?? {}
      setErrors({ username: flat.username?.[0], password: flat.password?.[0] })
      return
    }
    setErrors({})
    setBusy(true)
    try {
      await signIn(parsed.output)
      await queryClient.invalidateQueries({ queryKey: ['auth'] })
      await navigate({ to: target ?? '/' })
    } catch (error) {
      // A refusal says why (a wrong password, an account switched off): the server's words, else the spec's. Out of the
      // server's reach, the engineer in a substation is told when signing in will work and that nothing waiting is lost.
      setFailure(
        error instanceof ApiError && error.status === 400
          ? (error.fields.non_field_errors?.[0] ?? T.loginFailed)
          : isOffline(error)
            ? T.signInNeedsServer
            : errorMessage(error),
      )
    } finally {
      setBusy(false)
    }
  }

  const field = (name: Field, label: string, type: string, autoComplete: string) => (
    <div className="login__field">
      <label htmlFor={`login-${name}`}>
        {label}
        <span aria-hidden className="login__required">
          *
        </span>
      </label>
      <input
        id={`login-${name}`}
        type={type}
        autoComplete={autoComplete}
        required
        autoFocus={name === 'username'}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `login-${name}-error` : undefined}
        value={values[name]}
        onChange={(e) => setValues((current) => ({ ...current, [name]: e.target.value }))}
      />
      {errors[name] && (
        <p id={`login-${name}-error`} className="login__field-error">
          {errors[name]}
        </p>
      )}
    </div>
  )

  return (
    <main className="login">
      <form className="login__card" onSubmit={onSubmit} noValidate>
        <h1>Вход в систему</h1>
        <p className="login__subtitle">{APP_NAME}</p>
        {field('username', 'Логин', 'text', 'username')}
        {field('password', 'Пароль', 'password', 'current-password')}
        {(expired || notStaff) && !failure && (
          <p className="login__failure" role="alert">
            {notStaff ? T.consoleForStaff : T.signInExpired}
          </p>
        )}
        {failure && (
          <p className="login__failure" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" disabled={busy} aria-busy={busy}>
          Войти
        </button>
      </form>
    </main>
  )
}
