import { useId, useState, type FormEvent } from 'react';
import type { Request } from '../../../shared/contract';
import { authUrlProblem } from '../../../shared/auth-url';
import { ErrorMessage } from '../ui/ErrorMessage';
import { FieldProblems } from '../ui/FieldProblems';
import { setActiveProfile } from './activeProfile';
import { useSignIn } from './queries';
import './sign-in.css';

type SecretKind = 'password' | 'apiKey';

const AUTH_URL_EXAMPLE = 'http://127.0.0.1:15000/v2.0';

/**
 * The quick sign-in: connect once without saving a connection. The secret
 * lives only in this component's state and is cleared on success.
 */
export function SignInForm() {
  const ids = useId();
  const [authUrl, setAuthUrl] = useState('');
  const [userName, setUserName] = useState('');
  const [secretKind, setSecretKind] = useState<SecretKind>('password');
  const [secret, setSecret] = useState('');
  const [tenant, setTenant] = useState('');
  const signIn = useSignIn();
  const pending = signIn.isPending;
  const secretLabel = secretKind === 'password' ? 'Password' : 'API key';
  // Problems found before sending, shown once the person tries to sign in; editing a field clears what is stale.
  const [checked, setChecked] = useState(false);
  const problems = [authUrlProblem(authUrl), userName.trim() ? undefined : 'Enter a user name.'].filter(
    (p): p is string => p !== undefined,
  );
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      if (signIn.isError) signIn.reset();
    };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setChecked(true);
    if (problems.length > 0) return;
    const request: Request<'signIn'> = {
      authUrl: authUrl.trim(),
      userName: userName.trim(),
      secret: { kind: secretKind, value: secret },
      ...(tenant.trim() ? { tenantName: tenant.trim() } : {}),
    };
    // Not a saved profile: the region is remembered the quick sign-in's way (cleared before the browser shows).
    setActiveProfile(null);
    signIn.mutate(request, {
      onSuccess: () => {
        setSecret('');
        signIn.reset();
      },
    });
  }

  return (
    <form aria-label="Sign in" className="signin-form" onSubmit={submit} noValidate>
      <div className="signin-heading">
        <h1>Sign in</h1>
        <p className="muted">Connect once, without saving a connection, through the account's identity service.</p>
      </div>
      <fieldset disabled={pending} className="signin-fields">
        <label htmlFor={`${ids}-url`}>Auth URL</label>
        <input
          id={`${ids}-url`}
          type="url"
          required
          autoFocus
          spellCheck={false}
          autoComplete="off"
          placeholder={AUTH_URL_EXAMPLE}
          value={authUrl}
          onChange={(e) => edited(setAuthUrl)(e.target.value)}
        />

        <label htmlFor={`${ids}-user`}>User name</label>
        <input
          id={`${ids}-user`}
          required
          spellCheck={false}
          autoComplete="username"
          value={userName}
          onChange={(e) => edited(setUserName)(e.target.value)}
        />

        <label htmlFor={`${ids}-kind`}>Secret type</label>
        <select
          id={`${ids}-kind`}
          value={secretKind}
          onChange={(e) => edited(setSecretKind)(e.target.value === 'apiKey' ? 'apiKey' : 'password')}
        >
          <option value="password">Password</option>
          <option value="apiKey">API key</option>
        </select>

        <label htmlFor={`${ids}-secret`}>{secretLabel}</label>
        <input
          id={`${ids}-secret`}
          type="password"
          required
          autoComplete="off"
          value={secret}
          onChange={(e) => edited(setSecret)(e.target.value)}
        />

        <label htmlFor={`${ids}-tenant`}>Tenant</label>
        <input
          id={`${ids}-tenant`}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${ids}-tenant-hint`}
          value={tenant}
          onChange={(e) => edited(setTenant)(e.target.value)}
        />
        <p id={`${ids}-tenant-hint`} className="field-hint muted">
          Project (tenant) name; leave empty if your account needs none.
        </p>
      </fieldset>

      {checked && problems.length > 0 && (
        <div role="alert" className="signin-problems">
          <FieldProblems problems={problems.map((message) => ({ message }))} />
        </div>
      )}
      {signIn.isError && <ErrorMessage error={signIn.error} className="signin-error" />}

      <div className="signin-actions">
        <button type="submit" className="primary" disabled={pending}>
          {pending ? 'Signing in…' : 'Sign in'}
        </button>
      </div>
    </form>
  );
}
