import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { CaptchaConfig } from 'shared-kernel/contracts';
import { initI18n, setLanguage } from 'shared-kernel/i18n';
import { getSession, resetApiConfig } from 'shared-kernel/runtime';
import { BuyerRegisterPage } from '../register/RegisterPage';
import ResetPasswordPage from '../reset/ResetPasswordPage';
import { fakeApi, json } from '../test-utils';
import { captchaLoaderTesting, ONLOAD_CALLBACK, scriptUrl, type HCaptchaApi, type ReCaptchaApi, type WidgetParams } from './loader';
import { resetCaptchaConfig } from './useCaptcha';

const HCAPTCHA: CaptchaConfig = { provider: 'hcaptcha', siteKey: 'site-h', version: null };
const RECAPTCHA_V3: CaptchaConfig = { provider: 'recaptcha', siteKey: 'site-r3', version: 'v3' };

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/auth/register/buyer" element={<BuyerRegisterPage />} />
        <Route path="/auth/resetpwd" element={<ResetPasswordPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The scripts the loader asked for (test hook instead of a real <script>). */
let injected: string[] = [];

/** A fake hCaptcha: renders a 'tick' button that gives a new token each time; counts resets. */
function installFakeHcaptcha() {
  const fake = { renders: 0, resets: 0, params: null as WidgetParams | null };
  const api: HCaptchaApi = {
    render(el, params) {
      fake.renders += 1;
      fake.params = params;
      const tick = document.createElement('button');
      tick.type = 'button';
      tick.textContent = 'Je ne suis pas un robot';
      tick.onclick = () => params.callback(`token-${fake.renders}-${fake.resets}`);
      el.appendChild(tick);
      return `w${fake.renders}`;
    },
    reset() {
      fake.resets += 1;
    },
  };
  captchaLoaderTesting.setInjector((src) => {
    injected.push(src);
    // what the real script does: define the API, then call the onload callback named in the URL
    setTimeout(() => {
      window.hcaptcha = api;
      const cb = new URL(src).searchParams.get('onload')!;
      (window as unknown as Record<string, () => void>)[cb]();
    }, 0);
    return () => undefined;
  });
  return fake;
}

function installFakeRecaptchaV3(execute: ReCaptchaApi['execute']) {
  const calls: Array<{ siteKey: string; action: string }> = [];
  const api: ReCaptchaApi = {
    render: () => {
      throw new Error('v3 has no checkbox');
    },
    reset: () => undefined,
    ready: (cb) => cb(),
    execute: (siteKey, opts) => {
      calls.push({ siteKey, action: opts.action });
      return execute(siteKey, opts);
    },
  };
  captchaLoaderTesting.setInjector((src) => {
    injected.push(src);
    setTimeout(() => {
      window.grecaptcha = api;
      (window as unknown as Record<string, () => void>)[ONLOAD_CALLBACK]();
    }, 0);
    return () => undefined;
  });
  return calls;
}

beforeAll(() => {
  initI18n({ lng: 'fr' });
});
beforeEach(() => {
  injected = [];
});
afterEach(async () => {
  resetApiConfig();
  resetCaptchaConfig();
  captchaLoaderTesting.reset();
  getSession().logout();
  await setLanguage('fr');
});

describe('without captcha configuration', () => {
  test('the reset form shows no widget, loads no script and sends no token', async () => {
    const bodies: unknown[] = [];
    fakeApi(async (_u, init) => {
      bodies.push(JSON.parse(String(init.body)));
      return json(200, { success: true, message: 'envoyé' });
    });
    renderAt('/auth/resetpwd');
    type('E-mail', 'a@b.fr');
    const submit = screen.getByRole('button', { name: 'Envoyer le lien' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findByText('envoyé')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'a@b.fr' }]);
    expect(injected).toEqual([]);
    expect(document.querySelector('script[data-wz-captcha]')).toBeNull();
  });
});

describe('§8 captcha errors', () => {
  test('failed to load the script (script error): the error shows where the widget is and submit stays disabled; retry loads again', async () => {
    fakeApi(async () => json(200, {}), HCAPTCHA);
    let attempts = 0;
    captchaLoaderTesting.setInjector((src, onError) => {
      attempts += 1;
      injected.push(src);
      setTimeout(onError, 0);
      return () => undefined;
    });
    renderAt('/auth/resetpwd');
    type('E-mail', 'a@b.fr');
    const group = await screen.findByRole('group', { name: 'Vérification anti-robot' });
    expect(await screen.findByText("Le captcha n'a pas pu être chargé. Vérifiez votre connexion puis réessayez.")).toBeInTheDocument();
    expect(group).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('button', { name: 'Envoyer le lien' })).toBeDisabled();
    expect(injected[0]).toBe(`https://js.hcaptcha.com/1/api.js?render=explicit&onload=${ONLOAD_CALLBACK}&recaptchacompat=off&hl=fr`);

    // the network is back: 'Réessayer' injects the script again and the widget shows
    const fake = installFakeHcaptcha();
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('button', { name: 'Je ne suis pas un robot' })).toBeInTheDocument();
    expect(attempts).toBe(1);
    expect(fake.renders).toBe(1);
    expect(screen.queryByText("Le captcha n'a pas pu être chargé. Vérifiez votre connexion puis réessayez.")).toBeNull();
  });

  test('failed to load the script: the real <script> tag fires error', async () => {
    fakeApi(async () => json(200, {}), HCAPTCHA);
    renderAt('/auth/resetpwd');
    await waitFor(() => expect(document.querySelector('script[data-wz-captcha]')).not.toBeNull());
    const script = document.querySelector<HTMLScriptElement>('script[data-wz-captcha]')!;
    expect(script.src).toContain('https://js.hcaptcha.com/1/api.js?render=explicit');
    act(() => {
      script.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText("Le captcha n'a pas pu être chargé. Vérifiez votre connexion puis réessayez.")).toBeInTheDocument();
    expect(document.querySelector('script[data-wz-captcha]')).toBeNull(); // removed, so a retry injects a fresh one
  });

  test('failed to load the script: no answer in time', async () => {
    fakeApi(async () => json(200, {}), RECAPTCHA_V3);
    captchaLoaderTesting.setTimeoutMs(500);
    captchaLoaderTesting.setInjector((src) => {
      injected.push(src);
      return () => undefined;
    }); // never calls back
    renderAt('/auth/resetpwd');
    expect(await screen.findByText('Chargement du captcha…')).toBeInTheDocument();
    expect(await screen.findByText("Le captcha n'a pas pu être chargé. Vérifiez votre connexion puis réessayez.")).toBeInTheDocument();
    expect(injected).toEqual([`https://www.google.com/recaptcha/api.js?render=site-r3&onload=${ONLOAD_CALLBACK}&hl=fr`]);
  });

  test('reCAPTCHA without version: the no-version error, no script, submit disabled', async () => {
    fakeApi(async () => json(200, {}), { provider: 'recaptcha', siteKey: 'k', version: null });
    renderAt('/auth/resetpwd');
    type('E-mail', 'a@b.fr');
    expect(
      await screen.findByText(
        "Le captcha ne peut pas s'afficher : aucune version n'est fournie. Le formulaire ne peut pas être envoyé pour le moment.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer le lien' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    expect(injected).toEqual([]);
    expect(document.querySelector('script[data-wz-captcha]')).toBeNull();
  });

  test('a provider without site key: the no-key error', async () => {
    fakeApi(async () => json(200, {}), { provider: 'hcaptcha', siteKey: null, version: null });
    renderAt('/auth/resetpwd');
    expect(
      await screen.findByText(
        "Le captcha ne peut pas s'afficher : aucune clé n'est fournie. Le formulaire ne peut pas être envoyé pour le moment.",
      ),
    ).toBeInTheDocument();
    expect(document.querySelector('script[data-wz-captcha]')).toBeNull();
  });

  test('failed to execute: the provider throws while rendering', async () => {
    fakeApi(async () => json(200, {}), HCAPTCHA);
    captchaLoaderTesting.setInjector((src) => {
      setTimeout(() => {
        window.hcaptcha = {
          render: () => {
            throw new Error('invalid sitekey');
          },
          reset: () => undefined,
        };
        (window as unknown as Record<string, () => void>)[new URL(src).searchParams.get('onload')!]();
      }, 0);
      return () => undefined;
    });
    renderAt('/auth/resetpwd');
    expect(await screen.findByText("Le captcha n'a pas pu s'exécuter. Réessayez.")).toBeInTheDocument();
  });

  test('failed to execute: reCAPTCHA v3 gives no token, nothing is sent', async () => {
    const calls = fakeApi(async () => json(200, { success: true, message: 'envoyé' }), RECAPTCHA_V3);
    installFakeRecaptchaV3(async () => {
      throw new Error('boom');
    });
    renderAt('/auth/resetpwd');
    type('E-mail', 'a@b.fr');
    const submit = screen.getByRole('button', { name: 'Envoyer le lien' });
    await waitFor(() => expect(submit).toBeEnabled()); // v3 is invisible: nothing to tick
    expect(screen.getByText('Ce formulaire est protégé par reCAPTCHA.')).toBeInTheDocument();
    fireEvent.click(submit);
    expect(await screen.findByText("Le captcha n'a pas pu s'exécuter. Réessayez.")).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(submit).toBeDisabled();
  });
});

describe('with a provider', () => {
  test('reCAPTCHA v3 runs at submit and its token is sent as captchaToken', async () => {
    const bodies: unknown[] = [];
    fakeApi(async (_u, init) => {
      bodies.push(JSON.parse(String(init.body)));
      return json(200, { success: true, message: 'envoyé' });
    }, RECAPTCHA_V3);
    const executed = installFakeRecaptchaV3(async () => 'v3-token');
    renderAt('/auth/resetpwd');
    type('E-mail', 'a@b.fr');
    const submit = screen.getByRole('button', { name: 'Envoyer le lien' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findByText('envoyé')).toBeInTheDocument();
    expect(executed).toEqual([{ siteKey: 'site-r3', action: 'reset_password' }]);
    expect(bodies).toEqual([{ email: 'a@b.fr', captchaToken: 'v3-token' }]);
  });

  test('register: submit waits for the ticked box, sends the token, and a server error resets the widget', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    let answer = json(400, { success: false, message: 'Veuillez valider le captcha', field: 'captchaToken' });
    fakeApi(async (_u, init) => {
      bodies.push(JSON.parse(String(init.body)));
      return answer;
    }, HCAPTCHA);
    const fake = installFakeHcaptcha();
    renderAt('/auth/register/buyer');
    type('Prénom', 'Claire');
    type('Nom', 'Dupont');
    type('E-mail', 'claire@example.test');
    type('Mot de passe', 'Secret12');
    type('Confirmation du mot de passe', 'Secret12');
    fireEvent.click(screen.getByText('Je certifie avoir plus de 18 ans'));
    fireEvent.click(screen.getByText("J'accepte les conditions générales d'utilisation"));
    const submit = screen.getByRole('button', { name: 'Créer mon compte' });
    const tick = await screen.findByRole('button', { name: 'Je ne suis pas un robot' });
    expect(fake.params?.sitekey).toBe('site-h');
    expect(submit).toBeDisabled(); // every input is filled: only the captcha is missing
    fireEvent.click(tick);
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0].captchaToken).toBe('token-1-0');
    // the used token is dropped: the widget is reset and the button waits for a new one
    await waitFor(() => expect(fake.resets).toBe(1));
    await waitFor(() => expect(submit).toBeDisabled());

    answer = json(201, { success: true, message: 'Votre compte a été créé. Un mail de validation vous a été envoyé.' });
    fireEvent.click(tick);
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findAllByText('Votre compte a été créé. Un mail de validation vous a été envoyé.')).not.toHaveLength(0);
    expect(bodies[1].captchaToken).toBe('token-1-1');
    expect(injected).toHaveLength(1);
  });

  test('an expired token disables submit again', async () => {
    fakeApi(async () => json(200, {}), HCAPTCHA);
    const fake = installFakeHcaptcha();
    renderAt('/auth/resetpwd');
    type('E-mail', 'a@b.fr');
    fireEvent.click(await screen.findByRole('button', { name: 'Je ne suis pas un robot' }));
    const submit = screen.getByRole('button', { name: 'Envoyer le lien' });
    await waitFor(() => expect(submit).toBeEnabled());
    act(() => fake.params!['expired-callback']());
    await waitFor(() => expect(submit).toBeDisabled());
  });
});

describe('in English (?lang=en)', () => {
  test('the register page and the captcha error speak English', async () => {
    await setLanguage('en');
    fakeApi(async () => json(200, {}), HCAPTCHA);
    captchaLoaderTesting.setInjector((src, onError) => {
      injected.push(src);
      setTimeout(onError, 0);
      return () => undefined;
    });
    renderAt('/auth/register/buyer');
    expect(screen.getByRole('heading', { name: 'Buyer sign-up' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
    expect(screen.getByText('I certify that I am over 18')).toBeInTheDocument();
    expect(screen.getByText('Private individual')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create my account' })).toBeDisabled();
    expect(await screen.findByText('The captcha could not be loaded. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Anti-robot check' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(injected[0]).toContain('hl=en');
    // §5 validator messages stay French
    type('Email', 'nope');
    fireEvent.blur(screen.getByLabelText('Email'));
    expect(await screen.findByText('Le mail est incorrect')).toBeInTheDocument();
  });
});

test('scriptUrl: explicit render for the widgets, the site key for reCAPTCHA v3', () => {
  expect(scriptUrl({ provider: 'recaptcha', siteKey: 'k 2', version: 'v2' }, 'en')).toBe(
    `https://www.google.com/recaptcha/api.js?render=explicit&onload=${ONLOAD_CALLBACK}&hl=en`,
  );
  expect(scriptUrl({ provider: 'recaptcha', siteKey: 'k 2', version: 'v3' }, 'fr')).toBe(
    `https://www.google.com/recaptcha/api.js?render=k%202&onload=${ONLOAD_CALLBACK}&hl=fr`,
  );
});
