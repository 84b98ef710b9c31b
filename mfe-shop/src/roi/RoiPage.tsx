// /roi-simulator: public. The producer enters bottles per channel, orders, hours and tools' cost; the
// results follow live from `roiOf` (./roi.ts) with its assumptions shown and editable; a bar chart compares the
// monthly cost before and after; « Recevoir ces résultats par e-mail » posts them to /v1/roi/send.
// Lean like the shop pages: plain HTML and CSS, no antd.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'shared-kernel/router';
import { useLanguage } from 'shared-kernel/i18n';
import { ApiError } from 'shared-kernel/runtime';
import { BarChart } from './BarChart';
import { DEFAULT_ASSUMPTIONS, EMPTY_INPUTS, roiOf, type RoiAssumptions, type RoiInputs, type RoiResults } from './roi';
import { sendRoiResults } from './roi.api';
import { useTexts } from './texts';

type Texts = ReturnType<typeof useTexts>;
type Unit = 'bottles' | 'orders' | 'hoursUnit' | 'perMonth' | 'percent' | 'minutes' | 'euroPerHour' | 'euro';
interface Field<K extends string> {
  key: K;
  unit: Unit;
  max: number;
}

const BOTTLE_FIELDS: Field<keyof RoiInputs>[] = [
  { key: 'bottlesCellar', unit: 'bottles', max: 10_000_000 },
  { key: 'bottlesFairs', unit: 'bottles', max: 10_000_000 },
  { key: 'bottlesOnline', unit: 'bottles', max: 10_000_000 },
  { key: 'bottlesTrade', unit: 'bottles', max: 10_000_000 },
];
const ACTIVITY_FIELDS: Field<keyof RoiInputs>[] = [
  { key: 'ordersPerMonth', unit: 'orders', max: 1_000_000 },
  { key: 'invoicingHoursPerWeek', unit: 'hoursUnit', max: 168 },
  { key: 'stockHoursPerWeek', unit: 'hoursUnit', max: 168 },
  { key: 'toolsMonthlyCost', unit: 'perMonth', max: 1_000_000 },
];
const ASSUMPTION_FIELDS: Field<keyof RoiAssumptions>[] = [
  { key: 'invoicingTimeSavedPct', unit: 'percent', max: 100 },
  { key: 'stockTimeSavedPct', unit: 'percent', max: 100 },
  { key: 'minutesSavedPerOrder', unit: 'minutes', max: 600 },
  { key: 'hourlyCost', unit: 'euroPerHour', max: 10_000 },
  { key: 'subscriptionMonthly', unit: 'perMonth', max: 100_000 },
  { key: 'setupCost', unit: 'euro', max: 1_000_000 },
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** A typed figure: blank is 0, a decimal comma is accepted, spaces between thousands too. */
export function parseFigure(raw: string): number {
  const s = raw.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (s === '') return 0;
  return /^-?\d*\.?\d+$|^-?\d+\.$/.test(s) ? Number(s) : Number.NaN;
}

function fieldError(t: Texts, label: string, raw: string, max: number, lang: string): string | null {
  const n = parseFigure(raw);
  if (Number.isNaN(n)) return t.notNumber(label);
  if (n < 0) return t.negative(label);
  if (n > max) return t.tooBig(label, new Intl.NumberFormat(lang).format(max));
  return null;
}

const toRaw = <K extends string>(values: Record<K, number>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])) as Record<K, string>;
const blank = <K extends string>(values: Record<K, number>) =>
  Object.fromEntries(Object.keys(values).map((k) => [k, ''])) as Record<K, string>;

export const ROI_CSS = `
.wzr{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f1f1f;max-width:1100px;margin:0 auto;padding:16px 12px 40px;box-sizing:border-box;line-height:1.5}
.wzr *{box-sizing:border-box}
.wzr h1{font-size:1.6rem;margin:0 0 4px}
.wzr h2{font-size:1.2rem;margin:0 0 8px}
.wzr a{color:#6d1a36}
.wzr-layout{display:grid;gap:16px;grid-template-columns:1fr}
@media (min-width:960px){.wzr-layout{grid-template-columns:minmax(0,1.1fr) minmax(0,1fr)}.wzr-side{position:sticky;top:12px;align-self:start}}
.wzr fieldset{border:1px solid #e6e6e6;border-radius:10px;padding:12px;margin:0 0 12px}
.wzr legend{font-weight:700;padding:0 4px}
.wzr-grid{display:grid;gap:10px;grid-template-columns:repeat(auto-fill,minmax(220px,1fr))}
.wzr-field label{display:block;font-weight:600;font-size:.95rem;margin-bottom:2px}
.wzr-input{display:flex;align-items:center;border:1px solid #bbb;border-radius:8px;background:#fff}
.wzr-input:focus-within{outline:3px solid #1677ff;outline-offset:1px}
.wzr-input input{flex:1;min-width:0;min-height:44px;border:0;border-radius:8px;padding:8px 10px;font-size:1rem;background:transparent}
.wzr-input input:focus{outline:none}
.wzr-input span{padding:0 10px;color:#595959;font-size:.9rem;white-space:nowrap}
.wzr-field[data-invalid=true] .wzr-input{border-color:#d4380d}
.wzr-error{color:#d4380d;font-size:.85rem;margin:2px 0 0}
.wzr-note{color:#595959;font-size:.9rem;margin:4px 0}
.wzr-btn{min-height:44px;padding:8px 16px;border-radius:8px;border:1px solid #6d1a36;background:#fff;color:#6d1a36;font-size:1rem;cursor:pointer}
.wzr-btn.primary{background:#6d1a36;color:#fff}
.wzr-btn[disabled]{opacity:.5;cursor:not-allowed}
.wzr-btn:focus-visible{outline:3px solid #1677ff;outline-offset:2px}
.wzr-panel{border:1px solid #e6e6e6;border-radius:10px;padding:12px;margin-bottom:12px;background:#fff}
.wzr-results{display:grid;grid-template-columns:1fr auto;gap:6px 12px;margin:0}
.wzr-results dt{color:#434343}
.wzr-results dd{margin:0;font-weight:700;text-align:right;font-variant-numeric:tabular-nums}
.wzr-results .big{font-size:1.25rem;color:#6d1a36}
.wzr-results .neg{color:#d4380d}
.wzr-empty{padding:16px;text-align:center;color:#595959;border:1px dashed #ccc;border-radius:10px}
.wzr-chart{margin:12px 0 0}
.wzr-chart figcaption{font-weight:600;margin-bottom:4px}
.wzr-send .wzr-row{display:flex;gap:8px;flex-wrap:wrap}
.wzr-send .wzr-input{flex:1 1 220px}
.wzr-ok{color:#135200;background:#f6ffed;border:1px solid #b7eb8f;border-radius:8px;padding:8px 12px;margin:8px 0 0}
.wzr-ko{color:#a8071a;background:#fff1f0;border:1px solid #ffa39e;border-radius:8px;padding:8px 12px;margin:8px 0 0}
`;

function NumberField({
  id,
  label,
  unit,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  unit: string;
  value: string;
  error: string | null;
  onChange: (v: string) => void;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="wzr-field" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id}>{label}</label>
      <div className="wzr-input">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <span aria-hidden="true">{unit}</span>
      </div>
      {error && (
        <p id={errorId} className="wzr-error">
          {error}
        </p>
      )}
    </div>
  );
}

function SendByEmail({
  payload,
  lang,
}: {
  payload: { inputs: RoiInputs; assumptions: RoiAssumptions; results: RoiResults } | null;
  lang: 'fr' | 'en';
}) {
  const t = useTexts();
  const id = useId();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [state, setState] = useState<
    { status: 'idle' | 'sending' } | { status: 'sent'; to: string } | { status: 'error'; message: string }
  >({ status: 'idle' });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!payload || state.status === 'sending') return;
    const to = email.trim();
    if (!EMAIL.test(to)) {
      setEmailError(t.badEmail);
      return;
    }
    setEmailError(null);
    setState({ status: 'sending' });
    try {
      await sendRoiResults({ email: to, ...payload, lang });
      setState({ status: 'sent', to });
    } catch (err) {
      if (err instanceof ApiError && err.field === 'email') {
        setEmailError(err.message);
        setState({ status: 'idle' });
      } else {
        setState({ status: 'error', message: err instanceof ApiError && err.status < 500 ? err.message : t.sendError });
      }
    }
  };

  const errorId = `${id}-error`;
  return (
    <section className="wzr-panel wzr-send" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.sendTitle}</h2>
      <form noValidate onSubmit={submit}>
        <div className="wzr-field" data-invalid={emailError ? 'true' : undefined}>
          <label htmlFor={`${id}-email`}>{t.email}</label>
          <div className="wzr-row">
            <div className="wzr-input">
              <input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                inputMode="email"
                value={email}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? errorId : undefined}
                onChange={(e) => {
                  setEmail(e.target.value);
                  if (emailError) setEmailError(null);
                }}
              />
            </div>
            <button
              type="submit"
              className="wzr-btn primary"
              disabled={!payload || state.status === 'sending'}
              aria-busy={state.status === 'sending'}
            >
              {state.status === 'sending' ? t.sending : t.send}
            </button>
          </div>
          {emailError && (
            <p id={errorId} className="wzr-error">
              {emailError}
            </p>
          )}
        </div>
        {!payload && <p className="wzr-note">{t.sendDisabled}</p>}
      </form>
      <div aria-live="polite">{state.status === 'sent' && <p className="wzr-ok">{t.sent(state.to)}</p>}</div>
      {state.status === 'error' && (
        <p className="wzr-ko" role="alert">
          {state.message}
        </p>
      )}
    </section>
  );
}

function Results({ results, lang }: { results: RoiResults; lang: 'fr' | 'en' }) {
  const t = useTexts();
  const locale = lang === 'en' ? 'en-GB' : 'fr-FR';
  const num = (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n);
  const eur = (n: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 2 }).format(n);
  const payback =
    results.paybackMonths === null ? t.paybackNone : results.paybackMonths === 0 ? t.paybackNow : t.months(num(results.paybackMonths));
  const sign = (n: number) => (n < 0 ? 'big neg' : 'big');
  return (
    <>
      <dl className="wzr-results">
        <dt>{t.hoursSaved}</dt>
        <dd>{t.hours(num(results.hoursSavedPerMonth))}</dd>
        <dt>{t.moneySaved}</dt>
        <dd>{eur(results.moneySavedPerMonth)}</dd>
        <dt>{t.toolsSaved}</dt>
        <dd>{eur(results.toolsSavedPerMonth)}</dd>
        <dt>{t.subscription}</dt>
        <dd>− {eur(results.subscriptionPerMonth)}</dd>
        <dt>{t.netMonth}</dt>
        <dd className={sign(results.netGainPerMonth)}>{eur(results.netGainPerMonth)}</dd>
        <dt>{t.netYear}</dt>
        <dd className={sign(results.netGainPerYear)} aria-live="polite">
          {eur(results.netGainPerYear)}
        </dd>
        <dt>{t.payback}</dt>
        <dd>{payback}</dd>
        {results.costPerBottleBefore !== null && results.costPerBottleAfter !== null && (
          <>
            <dt>{t.perBottle}</dt>
            <dd>
              {eur(results.costPerBottleBefore)} → {eur(results.costPerBottleAfter)}
            </dd>
          </>
        )}
      </dl>
      <BarChart
        title={t.chartTitle}
        description={t.chartDesc(eur(results.costBeforePerMonth), eur(results.costAfterPerMonth))}
        bars={[
          { label: t.before, value: results.costBeforePerMonth, text: eur(results.costBeforePerMonth), color: '#8c8c8c' },
          { label: t.after, value: results.costAfterPerMonth, text: eur(results.costAfterPerMonth), color: '#6d1a36' },
        ]}
      />
    </>
  );
}

export default function RoiPage() {
  const t = useTexts();
  const lang = useLanguage() === 'en' ? 'en' : 'fr';
  const id = useId();
  const [inputs, setInputs] = useState<Record<keyof RoiInputs, string>>(() => blank(EMPTY_INPUTS));
  const [assumptions, setAssumptions] = useState<Record<keyof RoiAssumptions, string>>(() => toRaw(DEFAULT_ASSUMPTIONS));

  const inputErrors = Object.fromEntries(
    [...BOTTLE_FIELDS, ...ACTIVITY_FIELDS].map((f) => [f.key, fieldError(t, t[f.key], inputs[f.key], f.max, lang)]),
  ) as Record<keyof RoiInputs, string | null>;
  const assumptionErrors = Object.fromEntries(
    ASSUMPTION_FIELDS.map((f) => [f.key, fieldError(t, t[f.key], assumptions[f.key], f.max, lang)]),
  ) as Record<keyof RoiAssumptions, string | null>;
  const invalid = [...Object.values(inputErrors), ...Object.values(assumptionErrors)].some(Boolean);

  const parsedInputs = Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, parseFigure(v as string)])) as unknown as RoiInputs;
  const parsedAssumptions = Object.fromEntries(
    Object.entries(assumptions).map(([k, v]) => [k, parseFigure(v as string)]),
  ) as unknown as RoiAssumptions;
  const empty =
    parsedInputs.ordersPerMonth === 0 &&
    parsedInputs.invoicingHoursPerWeek === 0 &&
    parsedInputs.stockHoursPerWeek === 0 &&
    parsedInputs.toolsMonthlyCost === 0 &&
    BOTTLE_FIELDS.every((f) => parsedInputs[f.key] === 0);
  const results = invalid || empty ? null : roiOf(parsedInputs, parsedAssumptions);

  const unit = (u: Unit) => t[u];
  const inputField = (f: Field<keyof RoiInputs>) => (
    <NumberField
      key={f.key}
      id={`${id}-${f.key}`}
      label={t[f.key]}
      unit={unit(f.unit)}
      value={inputs[f.key]}
      error={inputErrors[f.key]}
      onChange={(v) => setInputs((s) => ({ ...s, [f.key]: v }))}
    />
  );

  return (
    <main className="wzr">
      <style>{ROI_CSS}</style>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      <div className="wzr-layout">
        <form noValidate onSubmit={(e) => e.preventDefault()} aria-label={t.title}>
          <fieldset>
            <legend>{t.bottlesLegend}</legend>
            <div className="wzr-grid">{BOTTLE_FIELDS.map(inputField)}</div>
          </fieldset>
          <fieldset>
            <legend>{t.activityLegend}</legend>
            <div className="wzr-grid">{ACTIVITY_FIELDS.map(inputField)}</div>
          </fieldset>
          <fieldset>
            <legend>{t.assumptionsTitle}</legend>
            <p className="wzr-note">{t.assumptionsIntro}</p>
            <div className="wzr-grid">
              {ASSUMPTION_FIELDS.map((f) => (
                <NumberField
                  key={f.key}
                  id={`${id}-${f.key}`}
                  label={t[f.key]}
                  unit={unit(f.unit)}
                  value={assumptions[f.key]}
                  error={assumptionErrors[f.key]}
                  onChange={(v) => setAssumptions((s) => ({ ...s, [f.key]: v }))}
                />
              ))}
            </div>
            <p className="wzr-note">{t.replacedNote}</p>
            <button type="button" className="wzr-btn" onClick={() => setAssumptions(toRaw(DEFAULT_ASSUMPTIONS))}>
              {t.resetAssumptions}
            </button>
          </fieldset>
        </form>
        <div className="wzr-side">
          <section className="wzr-panel" aria-labelledby={`${id}-results`}>
            <h2 id={`${id}-results`}>{t.resultsTitle}</h2>
            <div>
              {invalid ? (
                <p className="wzr-empty" role="alert">
                  {t.invalid}
                </p>
              ) : results ? (
                <Results results={results} lang={lang} />
              ) : (
                <p className="wzr-empty">{t.empty}</p>
              )}
            </div>
          </section>
          <SendByEmail payload={results ? { inputs: parsedInputs, assumptions: parsedAssumptions, results } : null} lang={lang} />
          <p>
            <Link to="/help">{t.helpLink}</Link>
          </p>
        </div>
      </div>
    </main>
  );
}
